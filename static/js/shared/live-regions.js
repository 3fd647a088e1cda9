// A server-rendered page kept current without a reload (a league's, a tournament's): its feed
// socket says that something changed; the page then fetches itself again and patches each region
// marked data-live-key in place (shared/patch.js: rows keyed by data-key keep their identity, only
// what differs changes; a <details data-key> the reader opened stays open). The server's template
// stays the one renderer, and regions hold no forms someone could be typing into. On every
// (re)connect the page reads itself again, so a change made while the socket was down is not missed.

import { Backoff } from "./backoff.js";
import { socketUrl } from "./connection.js";
import { patchChildren } from "./patch.js";

const PING_EVERY_MS = 25000;

function openDetails(region) {
  return new Set([...region.querySelectorAll("details[open][data-key]")].map((d) => d.dataset.key));
}

// app: the element whose data-live ("open"/"closed") and data-updated-at tell the page's state;
// path: the feed's socket path; opens(message): the feed has taken the socket in; changes(message):
// something on the page changed; coalesceMs: one re-read for a burst of changes.
export function keepLive(app, { path, opens, changes, coalesceMs = 250 }) {
  const backoff = new Backoff();
  let pending = null;
  let reading = false;
  let again = false;

  async function reread() {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      const answer = await fetch(window.location.href, { credentials: "same-origin", headers: { Accept: "text/html" } });
      if (!answer.ok) return;
      const fresh = new DOMParser().parseFromString(await answer.text(), "text/html");
      for (const region of document.querySelectorAll("[data-live-key]")) {
        const next = fresh.querySelector(`[data-live-key="${CSS.escape(region.dataset.liveKey)}"]`);
        if (!next || next.innerHTML === region.innerHTML) continue;
        const opened = openDetails(region);
        patchChildren(region, [...next.childNodes]);
        for (const details of region.querySelectorAll("details[data-key]")) {
          if (opened.has(details.dataset.key)) details.open = true;
        }
      }
      app.dataset.updatedAt = String(Date.now());
    } catch {
      // Offline for a moment: the next change or reconnect reads again.
    } finally {
      reading = false;
      if (again) {
        again = false;
        reread();
      }
    }
  }

  function soon() {
    window.clearTimeout(pending);
    pending = window.setTimeout(reread, coalesceMs);
  }

  function connect() {
    const socket = new WebSocket(socketUrl(path));
    let ping = null;
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (ping === null && opens(message)) {
        backoff.reset();
        app.dataset.live = "open";
        ping = window.setInterval(() => socket.send(JSON.stringify({ type: "ping" })), PING_EVERY_MS);
        soon(); // also covers a change between rendering the page and subscribing
      } else if (changes(message)) {
        soon();
      }
    });
    socket.addEventListener("close", (event) => {
      window.clearInterval(ping);
      app.dataset.live = "closed";
      const delay = backoff.afterClose(event.code); // null: a page this viewer may not watch
      if (delay !== null) window.setTimeout(connect, delay);
    });
  }

  connect();
}
