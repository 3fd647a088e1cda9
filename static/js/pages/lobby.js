// Entry point of the lobby: the open tables (live through /ws/lobby/, polled while it is down) and
// the form that opens a new table through the REST API.

import { api } from "../shared/api.js";
import { h } from "../shared/dom.js";
import { LobbyFeed, describeClock, seatLabel } from "../shared/lobby-feed.js";

const POLL_MS = 5000;
const root = document.getElementById("lobby-app");
const username = root.dataset.username || null;
const list = document.getElementById("open-tables");
const feedStatus = document.getElementById("lobby-status");
const form = document.getElementById("create-table");

function tableUrl(id) {
  return `/tables/${id}/`;
}

async function joinTable(table) {
  try {
    await api.join(table.id);
    window.location.assign(tableUrl(table.id));
  } catch (error) {
    showListError(error.detail || String(error));
  }
}

function showListError(text) {
  const alert = document.getElementById("lobby-error");
  alert.textContent = text;
  alert.hidden = !text;
}

function gameKind(table) {
  if (table.ruleset === "duel") return "Azul Duel";
  return table.variant === "gray" ? "gray wall" : "standard";
}

function creatorName(table) {
  return seatLabel(table.seats.find((seat) => seat.username === table.creator)) || table.creator;
}

function renderTables(tables) {
  if (!tables.length) {
    list.replaceChildren(h("li", { class: "muted", text: "No open tables right now. Open one!" }));
    return;
  }
  const rows = tables.map((table) => {
    const seated = table.seats.some((seat) => seat.username === username);
    const free = table.players - table.seats.length;
    const others = table.seats.filter((seat) => seat.username !== table.creator).map(seatLabel);
    const people = others.length ? ` · with ${others.join(", ")}` : "";
    const action =
      username && !seated && free > 0
        ? h("button", { type: "button", class: "button", "data-action": "join", onclick: () => joinTable(table), text: "Join" })
        : h("a", { class: "button button--quiet", href: tableUrl(table.id), text: seated ? "Back to table" : "View" });
    return h("li", { class: "table-row", "data-table": String(table.id), "data-creator": table.creator }, [
      h("div", { class: "table-row__who" }, [
        h("div", {}, [h("strong", { text: creatorName(table) }), h("span", { class: "muted", text: people })]),
        h("div", { class: "table-facts" }, [
          h("span", { class: "badge", text: `${table.seats.length}/${table.players} seated` }),
          h("span", { class: "badge", text: gameKind(table) }),
          h("span", { class: "badge", text: table.rated ? "rated" : "casual" }),
          h("span", { class: "badge", text: describeClock(table.clock) }),
        ]),
      ]),
      action,
    ]);
  });
  list.replaceChildren(...rows);
}

// ---- games in progress, to watch ----

const playingList = document.getElementById("playing-tables");
let playingRefresh = null;

async function refreshPlaying() {
  try {
    const data = await api.tables("playing");
    const tables = Array.isArray(data) ? data : data.results || [];
    if (!tables.length) {
      playingList.replaceChildren(h("li", { class: "muted", text: "No games are being played right now." }));
      return;
    }
    playingList.replaceChildren(
      ...tables.map((table) =>
        h("li", { class: "table-row", "data-playing-table": String(table.id) }, [
          h("div", { class: "table-row__who", text: table.seats.map(seatLabel).join(" vs ") }),
          h("span", { class: "badge", text: gameKind(table) }),
          h("a", { class: "button button--quiet", href: tableUrl(table.id), text: "Watch" }),
        ]),
      ),
    );
  } catch {
    // keep the last list
  }
}

function refreshPlayingSoon() {
  window.clearTimeout(playingRefresh);
  playingRefresh = window.setTimeout(refreshPlaying, 300);
}

refreshPlaying();
window.setInterval(refreshPlaying, 15000);

// ---- live list ----

let pollTimer = null;
const feed = new LobbyFeed({
  onTables: (tables) => renderTables(tables),
  onTable: (table) => {
    if (table.status !== "open") refreshPlayingSoon();
  },
  onStatus: (status) => {
    feedStatus.textContent = status === "open" ? "live" : "reconnecting…";
    feedStatus.classList.toggle("is-open", status === "open");
    if (status !== "open") startPolling();
  },
});

function startPolling() {
  if (pollTimer) return;
  pollTimer = window.setInterval(async () => {
    if (feed.isOpen) {
      window.clearInterval(pollTimer);
      pollTimer = null;
      return;
    }
    try {
      const data = await api.openTables();
      renderTables(Array.isArray(data) ? data : data.results || data.tables || []);
    } catch {
      // keep the last list
    }
  }, POLL_MS);
}

feed.connect();

// ---- create form ----

function updateForm() {
  if (!form) return;
  // Azul Duel is always two players and has no wall variant: those choices hide.
  const ruleset = form.elements.ruleset.value;
  for (const fieldset of form.querySelectorAll("[data-for-ruleset]")) fieldset.hidden = fieldset.dataset.forRuleset !== ruleset;
  if (ruleset === "duel") form.elements.players.value = "2";
  const players = Number(form.elements.players.value);
  for (const row of form.querySelectorAll("[data-bot-seat]")) {
    row.hidden = Number(row.dataset.botSeat) >= players;
  }
  const clock = form.elements.clock_kind.value;
  form.querySelector("[data-clock=realtime]").hidden = clock !== "realtime";
  form.querySelector("[data-clock=correspondence]").hidden = clock !== "correspondence";
}

function formOptions() {
  const fields = form.elements;
  const players = Number(fields.players.value);
  const kind = fields.clock_kind.value;
  const clock = { kind };
  if (kind === "realtime") {
    clock.base_seconds = Math.round(Number(fields.clock_minutes.value) * 60);
    clock.increment_seconds = Number(fields.clock_increment.value);
  } else if (kind === "correspondence") {
    clock.days_per_move = Number(fields.clock_days.value);
  }
  const bots = [];
  for (let seat = 1; seat < players; seat += 1) {
    const level = fields[`seat_${seat}`].value;
    if (level) bots.push({ seat, level });
  }
  const ruleset = fields.ruleset.value;
  if (ruleset === "duel") return { ruleset, players: 2, rated: fields.rated.checked, clock, bots };
  return { ruleset, players, variant: fields.variant.value, rated: fields.rated.checked, clock, bots };
}

if (form) {
  form.addEventListener("change", updateForm);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const error = document.getElementById("create-error");
    const submit = form.querySelector("[type=submit]");
    error.hidden = true;
    submit.disabled = true;
    try {
      const table = await api.createTable(formOptions());
      window.location.assign(tableUrl(table.id));
    } catch (failure) {
      error.textContent = failure.detail || String(failure);
      error.hidden = false;
      submit.disabled = false;
    }
  });
  updateForm();
}
