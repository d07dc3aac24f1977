// Linking a stylesheet once the page runs (a game's, when its screens load: games/index.js).

/** Link `href` after the sheets already in the page, once; the promise settles when the sheet
 *  is in (or failed: a screen without its sheet beats no screen), so nothing is drawn unstyled
 *  for want of waiting. */
export function linkStylesheet(href) {
  if (!href || document.querySelector(`link[href="${href}"]`)) return Promise.resolve();
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  const loaded = new Promise((resolve) => {
    link.onload = resolve;
    link.onerror = resolve;
  });
  document.head.append(link);
  return loaded;
}
