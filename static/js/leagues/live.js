// Keeps a league page current without a reload. The league feed (/ws/leagues/<id>/) says that
// something changed; the page then fetches itself again and swaps in the fresh copy of each
// region marked data-live-key. The server's template stays the one renderer, and regions hold
// no forms an organiser could be typing into. On every (re)connect the page re-reads too, so a
// change made while the socket was down is not missed.

import { Backoff } from "../shared/backoff.js";

const app = document.getElementById("league-live");
const PING_EVERY_MS = 25000;
const COALESCE_MS = 250; // one re-read for a burst of changes (a round closing opens the next)

const backoff = new Backoff();
let pending = null;
let reading = false;
let again = false;

function socketUrl(path) {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${window.location.host}${path}`;
}

async function reread() {
  if (reading) {
    again = true;
    return;
  }
  reading = true;
  try {
    const answer = await fetch(window.location.href, {
      credentials: "same-origin",
      headers: { Accept: "text/html" },
    });
    if (!answer.ok) return;
    const fresh = new DOMParser().parseFromString(await answer.text(), "text/html");
    for (const region of document.querySelectorAll("[data-live-key]")) {
      const key = region.dataset.liveKey;
      const next = fresh.querySelector(`[data-live-key="${CSS.escape(key)}"]`);
      if (next && next.innerHTML !== region.innerHTML) region.replaceChildren(...next.childNodes);
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
  pending = window.setTimeout(reread, COALESCE_MS);
}

function connect() {
  const socket = new WebSocket(socketUrl(`/ws/leagues/${app.dataset.leagueId}/`));
  let ping = null;
  socket.addEventListener("message", (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    if (message.type === "subscribed") {
      backoff.reset();
      app.dataset.live = "open";
      ping = window.setInterval(() => socket.send(JSON.stringify({ type: "ping" })), PING_EVERY_MS);
      soon(); // also covers a change between rendering the page and subscribing
    } else if (message.type === "league") {
      soon();
    }
  });
  socket.addEventListener("close", (event) => {
    window.clearInterval(ping);
    app.dataset.live = "closed";
    const delay = backoff.afterClose(event.code); // null: not a league this viewer may watch
    if (delay !== null) window.setTimeout(connect, delay);
  });
}

if (app) connect();
