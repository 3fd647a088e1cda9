// Sounds (static/sounds/, made by tools/sounds.py): a move, your turn, a round's end, low time.
// One setting, on or off (off by default): an account's is stored on the server (the
// notification settings' turn_sound, shown to pages as <body data-sound>), a visitor's in this
// browser's localStorage. The footer's button turns it over. Game pages tell this module each
// state they show (shared/connection.js dispatches "game-state"); it compares with the last one.

import { apiRequest } from "./api.js";
import { gettext } from "./i18n.js";

const KEY = "azulsite.sound";
const LOW_TIME_MS = 10_000;
const TEXT = { on: gettext("Sound: on"), off: gettext("Sound: off") };
const body = document.body;
const signedIn = body.dataset.signedIn === "true";
const cache = new Map();

export function soundOn() {
  if (signedIn) return body.dataset.sound === "true";
  try {
    return window.localStorage.getItem(KEY) === "on";
  } catch {
    return false;
  }
}

export function play(name) {
  if (!soundOn()) return;
  if (!cache.has(name)) cache.set(name, new Audio(`/static/sounds/${name}.wav`));
  const audio = cache.get(name);
  audio.currentTime = 0;
  body.dataset.sounds = `${body.dataset.sounds || ""} ${name}`.trim(); // what played: tests read it
  audio.play().catch(() => undefined); // no sound before the page's first click: autoplay rules
}

async function turn(button) {
  const on = !soundOn();
  if (signedIn) {
    try {
      await apiRequest("PATCH", "/notifications/settings", { turn_sound: on });
    } catch {
      return;
    }
    body.dataset.sound = String(on);
  } else {
    try {
      window.localStorage.setItem(KEY, on ? "on" : "off");
    } catch {
      return;
    }
  }
  show(button);
  if (on) play("your-turn");
}

function show(button) {
  const on = soundOn();
  button.setAttribute("aria-pressed", String(on));
  button.textContent = on ? TEXT.on : TEXT.off;
}

const toggle = document.querySelector("[data-sound-toggle]");
if (toggle) {
  show(toggle);
  toggle.addEventListener("click", () => turn(toggle));
  toggle.disabled = false; // rendered disabled: a click before this line would have been lost
}

// Game pages: what changed since the last state of the same game.
const seen = new Map(); // game id -> {moves, round, mine, status}
let lowTimeTimer = null;

document.addEventListener("game-state", (event) => {
  const { message, resync, quiet } = event.detail;
  if (quiet || !message.state) return;
  const now = {
    moves: message.state.move_count ?? 0,
    round: message.state.round ?? 0,
    mine: (message.legal_moves || []).length > 0,
    status: message.status,
  };
  const before = seen.get(message.id);
  seen.set(message.id, now);
  window.clearTimeout(lowTimeTimer);
  if (now.mine && message.clock && message.clock.deadline) {
    const left = Date.parse(message.clock.deadline) - Date.now();
    if (left > LOW_TIME_MS) lowTimeTimer = window.setTimeout(() => play("low-time"), left - LOW_TIME_MS);
  }
  if (!before || resync || now.moves <= before.moves) return;
  // (Your turn: the header's badge plays it, on every page: shared/your-turn-badge.js.)
  if (now.round > before.round || (now.status !== "playing" && before.status === "playing")) play("round-end");
  else play("move");
});
