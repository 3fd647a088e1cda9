// Entry point of the lobby: the open tables (live through /ws/lobby/, polled while it is down) and
// the form that opens a new table through the REST API.

import { api, apiRequest } from "../shared/api.js";
import { h } from "../shared/dom.js";
import { LobbyFeed, describeClock, seatLabel } from "../shared/lobby-feed.js";
import { gettext, fmt } from "../shared/i18n.js";
import { LobbyInvitations } from "../social/invitations.js";

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
  if (table.ruleset === "duel") return gettext("Azul Duel");
  return table.variant === "gray" ? gettext("gray wall") : gettext("standard");
}

function creatorName(table) {
  return seatLabel(table.seats.find((seat) => seat.username === table.creator)) || table.creator;
}

function renderTables(tables) {
  if (!tables.length) {
    list.replaceChildren(h("li", { class: "muted", text: gettext("No open tables right now. Open one!") }));
    return;
  }
  const rows = tables.map((table) => {
    const seated = table.seats.some((seat) => seat.username === username);
    const free = table.players - table.seats.length;
    const others = table.seats.filter((seat) => seat.username !== table.creator).map(seatLabel);
    const people = others.length ? fmt(gettext(" · with %(others)s"), { others: others.join(", ") }) : "";
    const action =
      username && !seated && free > 0
        ? h("button", { type: "button", class: "button", "data-action": "join", onclick: () => joinTable(table), text: gettext("Join") })
        : h("a", { class: "button button--quiet", href: tableUrl(table.id), text: seated ? gettext("Back to table") : gettext("View") });
    return h("li", { class: "table-row", "data-table": String(table.id), "data-creator": table.creator }, [
      h("div", { class: "table-row__who" }, [
        h("div", {}, [
          h("strong", { text: fmt(gettext("Table %(id)s"), { id: table.id }) }),
          h("span", { class: "muted", text: " · " }),
          h("span", { text: creatorName(table) }),
          h("span", { class: "muted", text: people }),
        ]),
        h("div", { class: "table-facts" }, [
          h("span", { class: "badge", text: fmt(gettext("%(seated)s/%(players)s seated"), { seated: table.seats.length, players: table.players }) }),
          h("span", { class: "badge", text: gameKind(table) }),
          h("span", { class: "badge", text: table.rated ? gettext("rated") : gettext("casual") }),
          h("span", { class: "badge", text: describeClock(table.clock) }),
        ]),
      ]),
      action,
    ]);
  });
  list.replaceChildren(...rows);
}

// ---- games in progress: your own (resume) and the others (watch) ----

const myGamesList = document.getElementById("my-games");
const playingList = document.getElementById("playing-tables");
let playingRefresh = null;

function roundText(game) {
  return game.round ? fmt(gettext("round %(round)s"), { round: game.round }) : gettext("starting");
}

// "Alice 14 · Bob 9": everyone's score in seat order, the player to move marked.
function scoreLine(game) {
  const parts = [];
  game.seats.forEach((seat, index) => {
    if (index) parts.push(h("span", { class: "muted", text: " · " }));
    const name = seatLabel(seat) + (seat.left && seat.replaced_by ? fmt(gettext(" (left: %(seatLabel)s)"), { seatLabel: seatLabel(seat.replaced_by) }) : "");
    parts.push(
      h("span", { class: ["lobby-seat", seat.to_move && "is-to-move", seat.me && "is-me"], "data-seat-user": seat.username }, [
        name,
        " ",
        h("strong", { class: "lobby-seat__score", text: seat.score ?? 0 }),
        seat.to_move ? h("span", { class: "visually-hidden", text: gettext(" (to move)") }) : null,
      ]),
    );
  });
  return parts;
}

function gameRow(game) {
  const action = game.mine
    ? h("a", { class: "button", href: tableUrl(game.table), "data-action": "resume", text: gettext("Resume") })
    : h("a", { class: "button button--quiet", href: tableUrl(game.table), "data-action": "watch", text: gettext("Watch") });
  return h("li", { class: "table-row", "data-playing-table": String(game.table), "data-game": String(game.game) }, [
    h("div", { class: "table-row__who" }, [
      h("div", { class: "lobby-game__title" }, [
        h("strong", { text: fmt(gettext("Table %(table)s"), { table: game.table }) }),
        h("span", { class: "muted", text: ` · ${roundText(game)}` }),
        game.my_turn ? h("span", { class: "badge badge--you", text: gettext("your turn") }) : null,
      ]),
      h("div", { class: "lobby-game__scores" }, scoreLine(game)),
      h("div", { class: "table-facts" }, [
        h("span", { class: "badge", text: gameKind(game) }),
        h("span", { class: "badge", text: game.rated ? gettext("rated") : gettext("casual") }),
        h("span", { class: "badge", text: describeClock(game.clock) }),
      ]),
    ]),
    action,
  ]);
}

function renderGames(list, games, emptyText) {
  if (!list) return;
  if (!games.length) {
    list.replaceChildren(h("li", { class: "muted", text: emptyText }));
    return;
  }
  list.replaceChildren(...games.map(gameRow));
}

function renderLobbyGames(data) {
  renderGames(myGamesList, data.mine || [], gettext("You are not playing any game right now."));
  renderGames(playingList, data.watch || [], gettext("No games are being played right now."));
}

async function refreshPlaying() {
  try {
    renderLobbyGames(await apiRequest("GET", "/lobby/games"));
  } catch {
    // keep the last lists
  }
}

function refreshPlayingSoon() {
  window.clearTimeout(playingRefresh);
  playingRefresh = window.setTimeout(refreshPlaying, 300);
}

renderLobbyGames(JSON.parse(document.getElementById("lobby-games").textContent));
window.setInterval(refreshPlaying, 15000);

// ---- live list ----

let pollTimer = null;
const invitationsRoot = document.getElementById("lobby-invitations");
const invitations = invitationsRoot ? new LobbyInvitations(invitationsRoot) : null;
invitations?.start();
const feed = new LobbyFeed({
  onTables: (tables) => renderTables(tables),
  onInvitation: (invitation) => invitations?.add(invitation),
  onTable: (table) => {
    if (table.status !== "open") refreshPlayingSoon();
  },
  onStatus: (status) => {
    feedStatus.textContent = status === "open" ? gettext("live") : gettext("reconnecting…");
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
  clearFieldProblems();
}

// The clock's number fields, checked in the form's own words before anything is sent (the
// limits are the server's, written into min/max by the page).
const NUMBER_FIELDS = {
  realtime: ["clock_minutes", "clock_increment"],
  correspondence: ["clock_days"],
};
// The API's names for those fields, to put a refusal back on the field the person typed in.
const API_FIELDS = { base_seconds: "clock_minutes", increment_seconds: "clock_increment", days_per_move: "clock_days" };

function fieldLabel(input) {
  return input.closest("label").firstChild.textContent.trim();
}

function fieldProblem(input) {
  const { validity } = input;
  if (validity.valid) return null;
  const label = fieldLabel(input);
  if (validity.valueMissing || validity.badInput) return fmt(gettext("%(label)s: enter a whole number from %(min)s to %(max)s."), { label, min: input.min, max: input.max });
  return fmt(gettext("%(label)s must be a whole number from %(min)s to %(max)s."), { label, min: input.min, max: input.max });
}

function showFieldProblem(input, text) {
  const message = document.getElementById(`error-${input.name}`);
  message.textContent = text || "";
  message.hidden = !text;
  if (text) input.setAttribute("aria-invalid", "true");
  else input.removeAttribute("aria-invalid");
}

function clearFieldProblems() {
  for (const names of Object.values(NUMBER_FIELDS)) for (const name of names) showFieldProblem(form.elements[name], null);
}

// The first problem of the chosen clock's fields, shown on the field; true when all are fine.
function checkClockFields() {
  clearFieldProblems();
  const names = NUMBER_FIELDS[form.elements.clock_kind.value] || [];
  let first = null;
  for (const name of names) {
    const input = form.elements[name];
    const problem = fieldProblem(input);
    showFieldProblem(input, problem);
    if (problem && !first) first = input;
  }
  if (first) first.focus();
  return !first;
}

function showServerRefusal(failure, error) {
  const detail = failure.detail || String(failure);
  const apiField = Object.keys(API_FIELDS).find((name) => detail.includes(name));
  if (apiField) {
    const input = form.elements[API_FIELDS[apiField]];
    showFieldProblem(input, fmt(gettext("%(fieldLabel)s must be a whole number from %(min)s to %(max)s."), { fieldLabel: fieldLabel(input), min: input.min, max: input.max }));
    input.focus();
    return;
  }
  error.textContent = fmt(gettext("The table could not be opened: %(detail)s"), { detail });
  error.hidden = false;
}

function formOptions() {
  const fields = form.elements;
  const players = Number(fields.players.value);
  const kind = fields.clock_kind.value;
  const clock = { kind };
  if (kind === "realtime") {
    clock.base_seconds = Number(fields.clock_minutes.value) * 60;
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
    if (!checkClockFields()) return;
    submit.disabled = true;
    try {
      const table = await api.createTable(formOptions());
      window.location.assign(tableUrl(table.id));
    } catch (failure) {
      showServerRefusal(failure, error);
      submit.disabled = false;
    }
  });
  updateForm();
}
