// The page's side of the service worker (static/sw.js, served at /sw.js): registering it once
// the page has loaded, so it takes nothing from a first visit's own requests; asking for a
// newer one when the server may have changed (a page of the app opened, the room's socket back
// after a drop, the tab shown again); and ending on the new client when one takes over. A
// browser without service workers (or that refuses one) runs the page as it is.

// This page's version of the client, as the server named it in the modules' URLs.
const VERSION = import.meta.url.match(/\/static\/v\/([^/]+)\//)?.[1] ?? null;

/** Register the worker, and reload the page when a worker of another version takes over:
 *  this page's client is then an old one. */
export function startWorker() {
  const workers = navigator.serviceWorker;
  if (!workers) return;
  workers.addEventListener("controllerchange", () => {
    // It takes over as it starts activating; its version is known once it has (sw.js).
    whenActivated(workers.controller)
      .then(onOtherVersion)
      .then((other) => {
        if (other) location.reload();
      });
  });
  const register = () => workers.register("/sw.js").catch(() => {});
  if (document.readyState === "complete") register();
  else addEventListener("load", register, { once: true });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") checkForUpgrade();
  });
}

function whenActivated(worker) {
  return new Promise((resolve) => {
    const check = () => {
      if (worker?.state !== "activating") resolve(); // activated, or gone (redundant)
    };
    worker?.addEventListener("statechange", check);
    check();
  });
}

/** Whether the worker in charge keeps another version than this page's: a worker keeps only
 *  its own version's copy, named "laundermat-<version>" (static/sw.js). A first visit's first
 *  worker, or a page already on the new version, finds its own. */
function onOtherVersion() {
  if (!VERSION || !globalThis.caches) return Promise.resolve(false);
  return caches
    .has(`laundermat-${VERSION}`)
    .then((kept) => !kept)
    .catch(() => false);
}

/** Ask the browser to fetch /sw.js again: a new client's worker installs and takes over. */
export function checkForUpgrade() {
  navigator.serviceWorker
    ?.getRegistration()
    .then((registration) => registration?.update())
    .catch(() => {});
}

/** The worker's registration once a worker is active, else null (no worker, or not yet). */
export function activeWorker() {
  const workers = navigator.serviceWorker;
  if (!workers?.controller) return Promise.resolve(null);
  return workers
    .getRegistration()
    .then((registration) => (registration?.active ? registration : null))
    .catch(() => null);
}
