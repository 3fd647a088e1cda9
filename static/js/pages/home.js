// The home page: mini-boards of the games being played now (from the page's JSON), and the
// featured game, kept live by its socket (a spectator's view; a quiet connection: no sounds).

import { GameConnection } from "../shared/connection.js";
import { renderMiniBoard } from "../shared/mini-board.js";
import { fmt, gettext } from "../shared/i18n.js";

function readJson(id) {
  const node = document.getElementById(id);
  return node ? JSON.parse(node.textContent) : null;
}

const live = readJson("home-live-games") || [];
for (const row of live) {
  const slot = document.querySelector(`[data-mini-board="${row.game}"]`);
  if (slot) {
    const current = (row.seats.find((seat) => seat.to_move) || {}).player_index;
    renderMiniBoard(slot, { seats: row.seats, state: row.state, current });
  }
}

const featured = readJson("home-featured");
const stage = document.querySelector("[data-featured-board]");
if (featured && stage) {
  const round = document.querySelector("[data-featured-round]");
  const show = (view) => {
    renderMiniBoard(stage, { seats: view.seats, state: view.state, current: view.clock.current });
    stage.dataset.version = String(view.version);
    if (round) {
      round.textContent = view.status === "playing"
        ? fmt(gettext("Round %(round)s"), { round: view.state.round ?? 1 })
        : gettext("Game over");
    }
  };
  show(featured);
  new GameConnection(featured.id, { quiet: true, onState: (message) => show(message) }).connect();
}
