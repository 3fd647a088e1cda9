// azulsite's service worker (served at /service-worker.js, scope "/"): keeps the app shell (the
// static files pages load, the icons, an offline page per language) so that a page that cannot be
// reached shows a friendly offline page instead of the browser's error, and shows Web Push
// notifications (payload JSON {title, body, url}), opening their page when clicked.
//
// Pages are always fetched from the network (they are live); only when that fails does the worker
// answer, with the offline page in the language the visitor last used (pages post it: app-shell.js).
// Static files: hashed names (DEBUG off) never change, so the cached copy is served first; other
// names go to the network first and fall back to the cache.

const SHELL = "azulsite-shell-v2";
const LANGUAGES = ["en", "fr"];
const PRECACHE = [...LANGUAGES.map((code) => `/offline/${code}/`)];
const LANGUAGE_KEY = "/offline/language"; // a tiny cached response holding the last language
const HASHED = /\.[0-9a-f]{12}\.[a-z0-9]+$/;

// The offline pages, and the static files they name (their stylesheet and picture, hashed or not).
async function precache() {
  const cache = await caches.open(SHELL);
  await cache.addAll(PRECACHE);
  const named = new Set();
  for (const url of PRECACHE) {
    const html = await (await cache.match(url)).text();
    for (const match of html.matchAll(/(?:href|src)="(\/static\/[^"]+)"/g)) named.add(match[1]);
  }
  await cache.addAll([...named]);
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== SHELL).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "language" && LANGUAGES.includes(data.language)) {
    event.waitUntil(caches.open(SHELL).then((cache) => cache.put(LANGUAGE_KEY, new Response(data.language))));
  } else if (data.type === "shell" && Array.isArray(data.urls)) {
    // The static files of the page that posted them: kept for the offline page and the next visit.
    const urls = data.urls.filter((url) => typeof url === "string" && url.startsWith("/static/")).slice(0, 60);
    event.waitUntil(caches.open(SHELL).then(async (cache) => {
      for (const url of urls) if (!(await cache.match(url))) await cache.add(url).catch(() => undefined);
    }));
  }
});

async function offlinePage() {
  const cache = await caches.open(SHELL);
  const stored = await cache.match(LANGUAGE_KEY);
  const language = stored ? await stored.text() : "en";
  return (await cache.match(`/offline/${language}/`)) || (await cache.match("/offline/en/")) || Response.error();
}

async function staticFile(request) {
  const cache = await caches.open(SHELL);
  if (HASHED.test(new URL(request.url).pathname)) {
    const kept = await cache.match(request);
    if (kept) return kept;
  }
  try {
    const response = await fetch(request);
    if (response.status === 200) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => offlinePage()));
  } else if (url.pathname.startsWith("/static/") && !request.headers.has("range")) {
    // (Range requests, e.g. audio, go to the network: a partial answer cannot be cached.)
    event.respondWith(staticFile(request));
  }
});

self.addEventListener("push", (event) => {
  let data = { title: "azulsite", body: "", url: "/notifications/" };
  try {
    data = { ...data, ...event.data.json() };
  } catch {
    // a push without a JSON payload: the defaults
  }
  const icon = "/static/icons/icon-192.png";
  event.waitUntil(self.registration.showNotification(data.title, { body: data.body, icon, badge: icon, data: { url: data.url } }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/notifications/";
  event.waitUntil(self.clients.openWindow(url));
});
