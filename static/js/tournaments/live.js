// Keeps a tournament's page current without a reload. The tournament feed
// (/ws/tournaments/<id>/) sends the state, standings and pairings after every change; the page
// then fetches itself again and patches each region marked data-live-key in place (shared/
// patch.js: rows keyed by data-key keep their identity, only what differs changes). The server's
// template stays the one renderer. On every (re)connect the feed sends the state again, so a
// change made while the socket was down is not missed. Forms marked data-confirm ask first.

import { Backoff } from "../shared/backoff.js";
import { socketUrl } from "../shared/connection.js";
import { patchChildren } from "../shared/patch.js";

const app = document.getElementById("tournament-live");
const PING_EVERY_MS = 25000;
const COALESCE_MS = 200; // one re-read for a burst of changes (a round ending pairs the next)

const backoff = new Backoff();
let pending = null;
let reading = false;
let again = false;

function openDetails(region) {
  return new Set([...region.querySelectorAll("details[open][data-key]")].map((d) => d.dataset.key));
}

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
      const opened = openDetails(region); // a past round the reader opened stays open
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
  pending = window.setTimeout(reread, COALESCE_MS);
}

function connect() {
  const code = app.dataset.code ? `?code=${encodeURIComponent(app.dataset.code)}` : "";
  const socket = new WebSocket(socketUrl(`/ws/tournaments/${app.dataset.tournamentId}/${code}`));
  let ping = null;
  let first = true;
  socket.addEventListener("message", (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    if (message.type !== "tournament") return; // "your game is ready": shared/tournament-game.js
    backoff.reset();
    if (first) {
      first = false;
      app.dataset.live = "open";
      ping = window.setInterval(() => socket.send(JSON.stringify({ type: "ping" })), PING_EVERY_MS);
    }
    soon();
  });
  socket.addEventListener("close", (event) => {
    window.clearInterval(ping);
    app.dataset.live = "closed";
    const delay = backoff.afterClose(event.code); // null: not a tournament this viewer may watch
    if (delay !== null) window.setTimeout(connect, delay);
  });
}

document.addEventListener("submit", (event) => {
  const question = event.target.dataset?.confirm;
  if (question && !window.confirm(question)) event.preventDefault();
});

if (app) connect();
