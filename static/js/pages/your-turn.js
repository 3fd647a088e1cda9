// The your-turn page: each game's mini-board (the home page's renderer) and its last move in the
// move log's words, from the page's JSON (notifications.selectors.your_turn_page).

import { describeMove } from "../classic/describe.js";
import { describeDuelMove } from "../duel/describe.js";
import { fmt, gettext } from "../shared/i18n.js";
import { renderMiniBoard } from "../shared/mini-board.js";

const node = document.getElementById("your-turn-games");
for (const row of node ? JSON.parse(node.textContent) : []) {
  const board = document.querySelector(`[data-mini-board="${row.game}"]`);
  if (board) renderMiniBoard(board, { seats: row.seats, state: row.state, current: row.state.current_player });
  const last = document.querySelector(`[data-last-move="${row.game}"]`);
  if (last && row.last_move) {
    const move = row.last_move.move;
    const words = row.ruleset === "duel" ? describeDuelMove(move) : describeMove(move, null);
    last.textContent = fmt(gettext("Last move: %(name)s %(move)s"), { name: row.last_move.display_name, move: words });
  }
}
