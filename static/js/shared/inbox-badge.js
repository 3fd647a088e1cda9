// The header's notifications count, live: /ws/me/ (opened by your-turn-badge.js, which passes
// every message on as a "me-feed" event) sends {"type": "inbox", "unread"} whenever the inbox
// changes.

const badge = document.querySelector("[data-inbox-badge]");
if (badge) {
  const count = badge.querySelector(".your-turn-badge__count");
  document.addEventListener("me-feed", (event) => {
    const message = event.detail;
    if (message.type !== "inbox" || !Number.isInteger(message.unread)) return;
    badge.dataset.count = String(message.unread);
    count.textContent = String(message.unread);
  });
}
