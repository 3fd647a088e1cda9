// Every page: registers the service worker (static/js/service-worker.js: the app shell and the
// offline page, Web Push), tells it the page's language (its offline page follows), and hands it
// the static files this page loaded, so that they are kept for the next visit and for offline.

if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("/service-worker.js", { scope: "/" }).catch(() => undefined);
  navigator.serviceWorker.ready.then((registration) => {
    const worker = registration.active;
    if (!worker) return;
    worker.postMessage({ type: "language", language: document.documentElement.lang });
    const urls = performance.getEntriesByType("resource")
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === window.location.origin && url.pathname.startsWith("/static/"))
      .map((url) => url.pathname);
    worker.postMessage({ type: "shell", urls: [...new Set(urls)] });
  });
}
