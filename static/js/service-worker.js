// The service worker of Web Push (served at /service-worker.js, scope "/"): shows the pushed
// notification and opens its game when clicked. The payload is JSON {title, body, url}.

self.addEventListener("push", (event) => {
  let data = { title: "azulsite", body: "", url: "/your-turn/" };
  try {
    data = { ...data, ...event.data.json() };
  } catch {
    // a push without a JSON payload: the defaults
  }
  event.waitUntil(self.registration.showNotification(data.title, { body: data.body, data: { url: data.url } }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/your-turn/";
  event.waitUntil(self.clients.openWindow(url));
});
