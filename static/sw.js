// The service worker: the client's files from this browser's own copy, a page that says it is
// offline when the server can't be reached, and the turn notifications (which Android's Chrome
// shows only from a worker) and a tap on them. The server serves this file at /sw.js with the
// line below written for the tree it serves (web/worker.py): its version and every file of the
// client, so that a new client is a new worker, which the browser installs beside the old one.
//
// Never a stale client: the files are kept by version (/static/v/<version>/...: one URL, one
// content), and the page itself always comes from the server while it answers. A new worker
// takes over at once; each page it takes from an older one reloads (static/js/worker.js), so
// it ends on the new client. Until then the old page's files still come from the old copy:
// a file of another version is never taken from the server, which would answer with its own.
// The API, the socket and anything else go to the server as if there were no worker.
const BUILD = { version: "dev", files: [] }; // web/worker.py
const CACHE = `laundermat-${BUILD.version}`;
const OFFLINE = "/offline";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([OFFLINE, ...BUILD.files]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  const old = (name) => name.startsWith("laundermat-") && name !== CACHE;
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter(old).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") event.respondWith(page(request));
  else if (url.pathname.startsWith("/static/v/")) event.respondWith(clientFile(request));
});

/** The page from the server, never from a cache; offline, the page that says so. */
function page(request) {
  return fetch(request).catch(() =>
    caches.match(OFFLINE).then((offline) => offline ?? Response.error()),
  );
}

/** A file under a version: this browser's copy, else the server's if it is that version's. */
async function clientFile(request) {
  const kept = await caches.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  // The server keeps a file a year only under its own version; under another it answers with
  // its own version's bytes (web/assets.py), which the page must not mix with its own.
  // Refused, and the newer worker fetched: taking over, it reloads the page.
  if (!response.ok || /\bimmutable\b/.test(response.headers.get("cache-control") ?? "")) {
    return response;
  }
  self.registration.update().catch(() => {});
  return new Response("This page's version of the client is gone: reloading.", {
    status: 410,
    headers: { "content-type": "text/plain" },
  });
}

// A turn notification, asked for by a room's page (static/js/alerts.js): shown here, with the
// asking tab's id beside the room's URL, so that a tap finds that tab. Its URL would not: a
// tab's Client.url is the page it loaded, and Chromium keeps it across history.pushState (a
// room created from the home page is "/" to the worker).
self.addEventListener("message", (event) => {
  const notice = event.data?.notice;
  if (!notice || !event.source) return;
  const data = { ...notice.options.data, tab: event.source.id };
  event.waitUntil(self.registration.showNotification(notice.title, { ...notice.options, data }));
});

// A tap on it: back to the tab it came from, else a tab on the room's page, else a new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data ?? {};
  const url = new URL(data.url ?? "/", self.location.origin).href;
  event.waitUntil(
    roomTab(data.tab, url).then((tab) => (tab ? tab.focus() : self.clients.openWindow(url))),
  );
});

async function roomTab(id, url) {
  const asking = id ? await self.clients.get(id) : undefined;
  if (asking?.type === "window") return asking;
  const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  return tabs.find((tab) => tab.url === url) ?? null;
}
