// A small picture of a game from the server's public state (the lobby row's or the view's): each
// player's name, score and wall (Duel: the grid), the player to move marked, and the round. Drawn
// for the home page's games in progress and its featured game; read by screen readers as one
// sentence (the cells are decoration).

import { fmt, gettext } from "./i18n.js";

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function wallOf(board) {
  return board.wall || board.grid || [];
}

// seats: [{player_index, display_name}], state: the public state, current: the player to move.
export function renderMiniBoard(container, { seats, state, current }) {
  const boards = state.boards || [];
  const names = new Map(seats.map((seat) => [seat.player_index, seat.display_name]));
  const figure = el("div", "mini-board");
  const summary = boards.map((board, index) =>
    fmt(gettext("%(name)s: %(score)s points"), { name: names.get(index) || "?", score: board.score ?? 0 }));
  figure.setAttribute("role", "img");
  figure.setAttribute("aria-label", `${fmt(gettext("Round %(round)s"), { round: state.round ?? 1 })}. ${summary.join(", ")}`);
  boards.forEach((board, index) => {
    const player = el("div", `mini-board__player${index === current ? " mini-board__player--to-move" : ""}`);
    const head = el("div", "mini-board__head");
    head.append(el("span", "mini-board__name", names.get(index) || "?"), el("span", "mini-board__score", String(board.score ?? 0)));
    const wall = el("div", "mini-board__wall");
    const rows = wallOf(board);
    wall.style.setProperty("--cols", String(rows.length || 5));
    for (const row of rows) {
      for (const cell of row) {
        const colour = typeof cell === "string" ? cell : cell && cell.color;
        wall.append(el("span", colour ? `mini-board__cell mini-board__cell--${colour}` : "mini-board__cell"));
      }
    }
    player.append(head, wall);
    figure.append(player);
  });
  container.replaceChildren(figure);
}
