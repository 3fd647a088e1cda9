// A puzzle on the game page's board (/puzzles/): the analysis board's view (board-view.js), so the board
// is drawn, lit and clicked as in a game; a move picked here is the answer, sent to
// POST /puzzles/{id}/attempt. The verdict and the judge's explanation in points come from the server
// in the page's language: this file only shows them. No rule is copied here.

import { apiRequest } from "../js/shared/api.js";
import { h } from "../js/shared/dom.js";
import { arrowNavigation } from "../js/shared/focus.js";
import { fmt, gettext } from "../js/shared/i18n.js";
import { patch } from "../js/shared/patch.js";
import { BoardView } from "../js/pages/board-view.js";

const THEME_NAMES = {
  avoid_floor: gettext("Avoid the floor"),
  take_marker: gettext("Take the first-player marker"),
  leave_marker: gettext("Leave the first-player marker"),
  complete_column: gettext("Complete a column (+7)"),
  complete_colour: gettext("Complete a colour (+10)"),
  deny: gettext("Deny a line"),
  last_round: gettext("The last round"),
  duel_chips: gettext("Duel: chips"),
  duel_plates: gettext("Duel: plates"),
};

// The solver plays the seat to move; the others are numbered in turn order after it.
function seatsOf(puzzle) {
  const seats = [];
  for (let i = 0; i < puzzle.players; i += 1) {
    const after = (i - puzzle.mover + puzzle.players) % puzzle.players;
    seats.push({ player_index: i, username: after === 0 ? gettext("You") : fmt(gettext("Opponent %(number)s"), { number: after }) });
  }
  return seats;
}

function boardOf(puzzle) {
  return { id: null, ruleset: puzzle.ruleset, seats: seatsOf(puzzle), nodes: [], start: puzzle.position.ply, mine: false };
}

export class PuzzleView extends BoardView {
  constructor(root, puzzle, { mode = "train", theme = "", loggedIn = false } = {}) {
    super(root, boardOf(puzzle), { loggedIn });
    this.mode = mode;
    this.theme = theme;
    this.streak = 0;
    this.load(puzzle);
  }

  load(puzzle) {
    this.puzzle = puzzle;
    this.verdict = null;
    this.failure = "";
    this.board = boardOf(puzzle);
    this.seats = this.board.seats;
    this.payload = { ...puzzle.position, path: [], movers: [], over: false, result: null };
    this.selection = null;
    this.lastMove = null;
    this.pending = false;
  }

  async start() {
    this.host = h("div", { class: "game-host" });
    this.panel = h("div", { class: "puzzle-panel-host" });
    this.live = h("div", { class: "visually-hidden", role: "status", "aria-live": "polite", "data-live": "" });
    this.root.replaceChildren(this.live, this.panel, this.host); // the task and verdict above the board
    this.host.addEventListener("keydown", arrowNavigation); // the game page's keys on the board
    this.root.addEventListener("keydown", (event) => {
      if (event.key === "n" && this.verdict && !event.target.closest("input, select, textarea")) this.next();
    });
    this.table.reset();
    this.render();
  }

  // The answer: one move, sent once; the board shows it as the last move, the panel the verdict.
  async sendMove(move) {
    if (this.verdict || this.pending) return;
    this.pending = true;
    this.selection = null;
    this.render();
    const body = { move };
    if (this.mode === "streak") body.streak = this.streak;
    try {
      this.verdict = await apiRequest("POST", `/puzzles/${this.puzzle.id}/attempt`, body);
      this.lastMove = { move, player: this.puzzle.mover, number: this.puzzle.position.ply + 1 };
      if (this.mode === "streak") this.streak = this.verdict.solved ? this.streak + 1 : this.streak;
      const header = document.querySelector("[data-testid=puzzle-rating]");
      if (header && this.verdict.rated) header.textContent = fmt(gettext("Your puzzle rating: %(rating)s"), { rating: this.verdict.rating });
      this.live.textContent = this.verdict.solved ? gettext("Right: the best move.") : gettext("Wrong: not the best move.");
    } catch (error) {
      this.failure = error.detail || gettext("The server refused that.");
    }
    this.pending = false;
    this.render();
    const next = this.panel.querySelector("[data-puzzle-next]");
    if (next) next.focus({ preventScroll: true });
    this.panel.scrollIntoView({ block: "nearest" });
  }

  async next() {
    if (this.mode === "streak" && this.verdict && !this.verdict.solved) {
      window.location.reload(); // the streak ended: a new one starts from the first level
      return;
    }
    const query = new URLSearchParams();
    if (this.theme) query.set("theme", this.theme);
    if (this.mode === "streak") query.set("streak", String(this.streak));
    try {
      this.load(await apiRequest("GET", `/puzzles/next${query.size ? `?${query}` : ""}`));
      this.table = new this.table.constructor(this);
      this.handlers = { ...this.handlers, ...this.table.handlers };
      this.table.reset();
      this.live.textContent = gettext("A new puzzle.");
    } catch (error) {
      this.failure = error.detail || gettext("The server refused that.");
    }
    this.render();
  }

  // The game page's turn line reads "your turn"; here it says what to find.
  asBoard(tree) {
    for (const badge of tree.querySelectorAll(".badge--you")) badge.remove();
    const turn = tree.querySelector("[data-status]");
    if (turn) turn.textContent = this.verdict ? "" : gettext("Find the best move");
    return tree;
  }

  view() {
    const view = super.view();
    if (!this.verdict) return view;
    // Answered: nothing more to play; the move played is the last move, the solution is marked as
    // the replay's analysis marks the best move (classic boards: the group and the line).
    const shown = { ...view, moves: [], previews: [], canOffer: false, canTile: false };
    if (this.puzzle.ruleset === "classic") Object.assign(shown, { hint: this.verdict.solution, hintFor: this.puzzle.mover });
    return shown;
  }

  renderPanel() {
    if (!this.panel) return;
    patch(this.panel, h("div", {}, [this.panelTree()]));
  }

  panelTree() {
    const puzzle = this.puzzle;
    const parts = [
      h("p", { class: "puzzle-task", text: this.mode === "streak" ? fmt(gettext("Streak: %(count)s solved. Find the best move."), { count: this.streak }) : gettext("Your move: find the best one. Only one is clearly best."), "data-testid": "puzzle-task" }),
      h("p", { class: "muted", text: fmt(gettext("Puzzle %(id)s · rating %(rating)s"), { id: puzzle.id, rating: puzzle.rating }) }),
    ];
    if (this.verdict) {
      const v = this.verdict;
      parts.push(h("p", { class: ["puzzle-verdict", v.solved ? "puzzle-verdict--right" : "puzzle-verdict--wrong"], "data-testid": "puzzle-verdict", "data-solved": String(v.solved), text: v.solved ? gettext("Right! That is the best move.") : gettext("Not the best move.") }));
      parts.push(h("ul", { class: "puzzle-explanation", "data-testid": "puzzle-explanation" }, v.explanation.map((line) => h("li", { text: line }))));
      if (puzzle.themes.length) parts.push(h("ul", { class: "puzzle-themes", "aria-label": gettext("Themes") }, puzzle.themes.map((theme) => h("li", { text: THEME_NAMES[theme] || theme }))));
      if (v.rated) parts.push(h("p", { "data-testid": "puzzle-rating-change", text: fmt(gettext("Your puzzle rating: %(rating)s (%(change)s)"), { rating: v.rating, change: v.rating_change >= 0 ? `+${v.rating_change}` : `−${-v.rating_change}` }) }));
      const label = this.mode === "streak" && !v.solved ? gettext("New streak") : this.mode === "daily" ? gettext("More puzzles") : gettext("Next puzzle");
      parts.push(h("div", { class: "puzzle-actions" }, [
        this.mode === "daily"
          ? h("a", { class: "button", href: "/puzzles/", "data-puzzle-next": "", "data-testid": "puzzle-next", text: label })
          : h("button", { type: "button", class: "button", "data-puzzle-next": "", "data-testid": "puzzle-next", text: label, onclick: () => this.next() }),
        h("span", { class: "muted", text: this.mode === "daily" ? "" : gettext("(key N)") }),
      ]));
    } else if (this.pending) {
      parts.push(h("p", { class: "muted", text: gettext("Checking…") }));
    }
    if (this.failure) parts.push(h("p", { class: "puzzle-error", role: "alert", text: this.failure }));
    return h("section", { class: "puzzle-panel", "aria-label": gettext("Puzzle") }, parts);
  }
}
