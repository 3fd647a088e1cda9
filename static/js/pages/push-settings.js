// Notification settings: subscribe this browser to Web Push (service worker at the root, VAPID
// public key from the page) and send the subscription to /api/v1/notifications/push.

import { apiRequest } from "../shared/api.js";
import { gettext } from "../shared/i18n.js";

const TEXT = {
  on: gettext("This browser will be notified."),
  off: gettext("This browser will not be notified."),
  unsupported: gettext("This browser does not support notifications."),
  denied: gettext("Notifications are blocked for this site."),
};

function keyBytes(base64url) {
  const base64 = (base64url + "=".repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

const panel = document.querySelector("[data-push]");
if (panel) {
  const status = panel.querySelector("[data-push-status]");
  const supported = "serviceWorker" in navigator && "PushManager" in window;
  panel.querySelector('[data-testid="push-subscribe"]').addEventListener("click", async () => {
    if (!supported) return void (status.textContent = TEXT.unsupported);
    if ((await Notification.requestPermission()) !== "granted") return void (status.textContent = TEXT.denied);
    const registration = await navigator.serviceWorker.register("/service-worker.js", { scope: "/" });
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(panel.dataset.pushKey) });
    await apiRequest("POST", "/notifications/push", subscription.toJSON());
    status.textContent = TEXT.on;
  });
  panel.querySelector('[data-testid="push-unsubscribe"]').addEventListener("click", async () => {
    if (!supported) return void (status.textContent = TEXT.unsupported);
    const registration = await navigator.serviceWorker.getRegistration("/");
    const subscription = registration && (await registration.pushManager.getSubscription());
    if (subscription) {
      await apiRequest("DELETE", "/notifications/push", { endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    }
    status.textContent = TEXT.off;
  });
}
