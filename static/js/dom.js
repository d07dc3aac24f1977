// A tiny DOM toolkit: `h` builds elements, `morph` patches the live DOM to match a fresh
// build (so focus, scroll, open animations and text selection survive a re-render), and
// events are delegated from the root via data-action attributes (no per-node listeners to
// lose when patching).

const BOOLEAN_PROPS = ["checked", "disabled", "selected", "hidden", "open"];

/** h("button.primary", {type: "button", data: {action: "x"}}, "Label", child, [more]) */
export function h(tag, attrs, ...children) {
  const [head, ...classes] = tag.split(".");
  const [name, id] = head.split("#");
  const el =
    name === "svg" || name === "path" || name === "circle" || name === "rect" || name === "g"
      ? document.createElementNS("http://www.w3.org/2000/svg", name)
      : document.createElement(name || "div");
  if (id) el.setAttribute("id", id);
  if (classes.length) el.setAttribute("class", classes.join(" "));
  if (attrs && (typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs))) {
    children.unshift(attrs);
    attrs = null;
  }
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") {
        const extra = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
        if (extra)
          el.setAttribute("class", [el.getAttribute("class"), extra].filter(Boolean).join(" "));
      } else if (key === "data") {
        for (const [k, v] of Object.entries(value)) {
          if (v !== null && v !== undefined && v !== false) el.setAttribute(`data-${k}`, String(v));
        }
      } else if (key === "style") {
        // Through the CSSOM: the server's Content-Security-Policy (style-src 'self') blocks
        // style *attributes* written as markup or with setAttribute, not el.style.
        if (typeof value === "object") {
          for (const [k, v] of Object.entries(value)) el.style.setProperty(k, String(v));
        } else {
          el.style.cssText = String(value);
        }
      } else if (value === true) {
        el.setAttribute(key, "");
      } else {
        el.setAttribute(key, String(value));
      }
    }
  }
  appendAll(el, children);
  return el;
}

function appendAll(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false || child === true) continue;
    if (Array.isArray(child)) appendAll(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

function keyOf(node) {
  return node.nodeType === 1 ? node.getAttribute("data-key") : null;
}

function sameKind(a, b) {
  return a.nodeType === b.nodeType && a.nodeName === b.nodeName && keyOf(a) === keyOf(b);
}

function syncAttributes(from, to) {
  // A control disabled while it has focus (the move it sent is on its way) would drop keyboard
  // and screen-reader users to <body>: it is marked aria-disabled instead, which keeps focus
  // and which `delegate` ignores, until a render enables it or focus leaves it.
  const holdFocus =
    from === document.activeElement && to.hasAttribute("disabled") && !from.disabled;
  if (holdFocus) {
    to.removeAttribute("disabled");
    to.setAttribute("aria-disabled", "true");
  }
  for (const attr of Array.from(from.attributes)) {
    if (!to.hasAttribute(attr.name)) {
      // A <details> the user opened stays open unless the render says otherwise.
      if (from.nodeName === "DETAILS" && attr.name === "open" && !to.hasAttribute("data-force"))
        continue;
      from.removeAttribute(attr.name);
    }
  }
  for (const attr of Array.from(to.attributes)) {
    if (from.getAttribute(attr.name) === attr.value) continue;
    // style via the CSSOM, as in h(): setAttribute("style") is blocked by the CSP.
    if (attr.name === "style") from.style.cssText = attr.value;
    else from.setAttribute(attr.name, attr.value);
  }
  if (from.nodeName === "INPUT" || from.nodeName === "TEXTAREA" || from.nodeName === "SELECT") {
    for (const prop of BOOLEAN_PROPS) {
      if (prop in from && from[prop] !== to.hasAttribute(prop)) from[prop] = to.hasAttribute(prop);
    }
    const wanted = to.nodeName === "SELECT" ? selectedValue(to) : (to.getAttribute("value") ?? "");
    if (from.type !== "checkbox" && from.type !== "radio" && from.value !== wanted) {
      // Never fight the user's caret: the store already holds what they typed.
      if (document.activeElement !== from || from.nodeName === "SELECT") from.value = wanted;
    }
  }
}

function selectedValue(select) {
  const chosen = select.querySelector("option[selected]") || select.querySelector("option");
  return chosen ? (chosen.getAttribute("value") ?? chosen.textContent) : "";
}

/** Patch `from` (live) so it matches `to` (fresh). Returns the node now in the document. */
export function morph(from, to) {
  if (!sameKind(from, to)) {
    from.replaceWith(to);
    return to;
  }
  if (from.nodeType === 3 || from.nodeType === 8) {
    if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
    return from;
  }
  syncAttributes(from, to);
  if (from.hasAttribute("data-morph-skip")) return from;
  morphChildren(from, to);
  if (from.nodeName === "SELECT") from.value = selectedValue(to);
  return from;
}

export function morphChildren(from, to) {
  const keyed = new Map();
  for (const child of Array.from(from.childNodes)) {
    const key = keyOf(child);
    if (key) keyed.set(key, child);
  }
  const wanted = Array.from(to.childNodes);
  let cursor = from.firstChild;
  for (const next of wanted) {
    const key = keyOf(next);
    let match = null;
    if (key && keyed.has(key)) {
      match = keyed.get(key);
      keyed.delete(key);
    } else if (!key && cursor && !keyOf(cursor) && sameKind(cursor, next)) {
      match = cursor;
    }
    if (match) {
      if (match !== cursor) from.insertBefore(match, cursor);
      else cursor = cursor.nextSibling;
      morph(match, next);
    } else {
      from.insertBefore(next, cursor);
    }
  }
  while (cursor) {
    const gone = cursor;
    cursor = cursor.nextSibling;
    gone.remove();
  }
  for (const stale of keyed.values()) if (stale.parentNode === from) stale.remove();
}

/** Replace `root`'s children with `children` by patching. */
export function patch(root, ...children) {
  const fresh = root.cloneNode(false);
  appendAll(fresh, children);
  morphChildren(root, fresh);
}

/** Delegate click / change / input / submit events to handlers named by data-action.
 *  `handlers` is a map, or a function from a name to a handler (the screen on show decides). */
export function delegate(root, handlers) {
  const lookup = typeof handlers === "function" ? handlers : (name) => handlers[name];
  const run = (event, el) => {
    const name = el.getAttribute("data-action");
    const handler = lookup(name);
    if (!handler) return;
    handler(el.dataset, el, event);
  };
  root.addEventListener("click", (event) => {
    const el = event.target.closest("[data-action]");
    if (!el || !root.contains(el) || el.nodeName === "FORM") return;
    if (el.nodeName === "INPUT" || el.nodeName === "SELECT" || el.nodeName === "TEXTAREA") return;
    if (el.disabled || el.getAttribute("aria-disabled") === "true") return;
    if (el.nodeName === "A" && el.getAttribute("href")?.startsWith("/")) event.preventDefault();
    run(event, el);
  });
  for (const type of ["change", "input"]) {
    root.addEventListener(type, (event) => {
      const el = event.target.closest(`[data-${type}]`);
      if (!el || !root.contains(el)) return;
      const handler = lookup(el.getAttribute(`data-${type}`));
      if (handler) handler(el.dataset, el, event);
    });
  }
  root.addEventListener("submit", (event) => {
    const form = event.target.closest("form[data-action]");
    if (!form) return;
    event.preventDefault();
    run(event, form);
  });
}
