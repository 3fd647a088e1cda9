// The analysis board's controller (/boards/<id>/): a tree of lines from one position of a finished game
// or a pasted record. It stands in for the game page's GameView towards the ruleset's table
// (classic-table.js, duel-table.js), so the board is drawn, lit and clicked exactly as on the game page;
// a "move" here extends the line instead of going to a game. What is lit is the server's legal moves
// for the current node (POST /boards/{id}/position): no rule is copied here.

import { apiRequest } from "../shared/api.js";
import { clear, h } from "../shared/dom.js";
import { arrowNavigation, focusKeyOf } from "../shared/focus.js";
import { fmt, gettext } from "../shared/i18n.js";
import { patch } from "../shared/patch.js";
import { seatName } from "../shared/names.js";
import { ClassicTable } from "./classic-table.js";
import { DuelTable } from "./duel-table.js";
import { restoreDecisionFocus } from "./decision-focus.js";
import { key, renderBoardPanel } from "./board-panel.js";

const TABLES = { classic: ClassicTable, duel: DuelTable };

export class BoardView {
  constructor(root, board, { loggedIn = false, closed = false } = {}) {
    this.root = root;
    this.board = board;
    this.loggedIn = loggedIn;
    this.closed = closed; // the viewer plays a rated game: no evaluation (fair play)
    this.seats = board.seats;
    this.nodes = new Map(board.nodes.map((node) => [key(node.path), { path: node.path, comment: node.comment }]));
    this.path = [];
    this.payload = null;
    this.positions = new Map(); // path key -> position payload (a node is asked for once)
    this.evaluations = new Map();
    this.selection = null;
    this.proposal = null;
    this.hint = null;
    this.pending = false;
    this.lastMove = null;
    this.marks = null;
    this.expanded = new Set();
    this.errorText = "";
    this.saving = "";
    this.saveState = ""; // "saving", "saved" or "failed": the owner's last save
    this.connection = { isOpen: true, send() {}, version: 0 };
    this.table = new (TABLES[board.ruleset] || ClassicTable)(this);
    this.handlers = {
      cancel: () => this.setSelection(null),
      confirm: () => {},
      undo: () => {},
      toggleBoard: (index) => {
        if (this.expanded.has(index)) this.expanded.delete(index);
        else this.expanded.add(index);
        this.render();
      },
      ...this.table.handlers,
    };
  }

  async start() {
    clear(this.root);
    this.host = h("div", { class: "game-host" });
    this.panel = h("div", { class: "board-panel-host" });
    this.live = h("div", { class: "visually-hidden", role: "status", "aria-live": "polite", "data-live": "" });
    this.root.append(this.live, this.host, this.panel);
    this.host.addEventListener("keydown", arrowNavigation);
    const wanted = Number(new URLSearchParams(window.location.hash.slice(1)).get("node"));
    const start = Number.isInteger(wanted) && this.board.nodes[wanted] ? this.board.nodes[wanted].path : [];
    await this.goTo(start);
  }

  // ---- what the ruleset's table reads (as of GameView) ----

  name(player) {
    return seatName(this.seats[player], player);
  }

  mover(state) {
    if (this.payload.over) return null;
    return state.pending ? state.pending.player : state.current_player;
  }

  view() {
    const { state } = this.payload;
    const over = this.payload.over;
    const me = this.mover(state);
    const result = this.payload.result;
    const ranks = result && Array.isArray(result.ranks) ? result.ranks : [];
    return {
      gameId: null,
      state,
      seats: this.seats,
      me,
      over,
      version: this.payload.ply,
      clock: { kind: "none" },
      result,
      winners: result && Array.isArray(result.winners) ? result.winners : ranks.map((rank, i) => (rank === 1 ? i : null)).filter((i) => i !== null),
      rounds: null,
      rated: false,
      ratingChanges: null,
      commitment: null,
      seed: null,
      salt: null,
      commitmentCheck: "",
      moves: over ? [] : this.payload.legal_moves,
      previews: over ? [] : this.payload.previews,
      canOffer: !over && state.phase === "offer",
      canTile: !over && state.phase === "tiling",
      canResign: false,
      canAbort: false,
      canHint: false,
      takeback: null,
      premove: null,
      premoveText: "",
      hintText: "",
      hint: null,
      selection: this.selection,
      proposal: null,
      pending: this.pending,
      lastMove: this.lastMove,
      marks: null,
      sequence: null,
      expanded: this.expanded,
      log: this.lineLog(),
      presence: [],
      spectators: 0,
      connection: "replay",
      errorText: this.errorText,
      handlers: this.handlers,
    };
  }

  isOver() {
    return Boolean(this.payload && this.payload.over);
  }

  show(changes) {
    Object.assign(this, changes);
    this.render();
  }

  setSelection(selection) {
    this.selection = selection;
    this.errorText = "";
    this.render();
  }

  sequenceEnded({ render = true } = {}) {
    if (render) this.render();
  }

  // A move picked on the board: the line goes on (a new node when it was not in the tree).
  sendMove(move) {
    const path = [...this.path, move];
    if (!this.nodes.has(key(path))) {
      this.nodes.set(key(path), { path, comment: "" });
      this.save();
    }
    this.goTo(path);
  }

  // ---- the tree ----

  async position(path) {
    const k = key(path);
    if (!this.positions.has(k)) this.positions.set(k, await apiRequest("POST", `/boards/${this.board.id}/position`, { path }));
    return this.positions.get(k);
  }

  async goTo(path) {
    this.pending = true;
    try {
      const payload = await this.position(path);
      this.path = path;
      this.payload = payload;
      this.selection = null;
      this.errorText = "";
      this.table.reset();
      this.lastMove = path.length ? { move: path[path.length - 1], player: payload.movers[path.length - 1], number: payload.ply } : null;
      this.live.textContent = fmt(gettext("Move %(ply)s"), { ply: payload.ply });
    } catch (error) {
      this.errorText = error.detail || gettext("The server refused that.");
    }
    this.pending = false;
    this.render();
  }

  // The line from the root to the current node, as the game page's move log.
  lineLog() {
    const entries = [];
    for (let i = 0; i < this.path.length; i += 1) {
      entries.push({ number: this.board.start + i + 1, name: this.name(this.payload.movers[i]), text: this.describe(this.path[i]), scoring: [] });
    }
    return entries;
  }

  describe(move) {
    return this.table.describe({ move, taken: null }).text;
  }

  children(path) {
    const depth = path.length + 1;
    const prefix = key(path).slice(0, -1);
    return [...this.nodes.values()].filter((node) => node.path.length === depth && (depth === 1 || key(node.path).startsWith(prefix + ",")));
  }

  // The owner's tree is saved after each change, one save after the other (each sends the tree as it
  // is then, so the last one holds every change); anyone else explores without saving.
  save() {
    if (!this.board.mine) return Promise.resolve();
    this.saving = gettext("Saving…");
    this.saveState = "saving";
    this.renderPanel();
    this.unsaved = (this.unsaved || 0) + 1;
    this.saves = (this.saves || Promise.resolve()).then(() => this.saveNow());
    return this.saves;
  }

  async saveNow() {
    try {
      const nodes = [...this.nodes.values()].map((node) => ({ path: node.path, comment: node.comment }));
      this.board = await apiRequest("PUT", `/boards/${this.board.id}`, { nodes });
      this.unsaved -= 1;
      // "Saved" once no later change waits for its own save.
      if (this.unsaved === 0) [this.saving, this.saveState] = [gettext("Saved"), "saved"];
    } catch (error) {
      this.unsaved -= 1;
      this.saving = error.detail || gettext("Not saved");
      this.saveState = "failed";
    }
    this.renderPanel();
  }

  setComment(text) {
    const node = this.nodes.get(key(this.path));
    if (!node) return;
    node.comment = text;
    this.save();
  }

  shareLink() {
    const index = this.board.nodes.findIndex((node) => key(node.path) === key(this.path));
    const url = new URL(this.board.url, window.location.origin);
    if (index > 0) url.hash = `node=${index}`;
    return url.toString();
  }

  async evaluate() {
    const k = key(this.path);
    this.evaluations.set(k, { waiting: true });
    this.renderPanel();
    try {
      this.evaluations.set(k, await apiRequest("POST", `/boards/${this.board.id}/evaluate`, { path: this.path }));
    } catch (error) {
      this.evaluations.set(k, { error: error.detail || gettext("The server refused that.") });
    }
    this.renderPanel();
  }

  // ---- drawing ----

  render() {
    if (!this.payload || !this.host) return;
    const active = document.activeElement;
    const inside = this.host.contains(active) || active === document.body || active === null;
    const focusKey = this.host.contains(active) ? focusKeyOf(active) : null;
    // No hint button here (Duel's table offers one in casual games): the judge is in the panel.
    patch(this.host, this.asBoard(this.table.draw({ ...this.table.view(this.view()), canHint: false })));
    restoreDecisionFocus(this.host, { focusKey, inside, focusNext: false, selected: Boolean(this.selection), table: this.table });
    this.renderPanel();
  }

  // The game page's drawing speaks to the player to move as "you": here every seat is played in turn.
  asBoard(tree) {
    for (const badge of tree.querySelectorAll(".badge--you")) badge.remove();
    const turn = tree.querySelector("[data-status]");
    const mover = this.mover(this.payload.state);
    if (turn && mover !== null) turn.textContent = fmt(gettext("%(name)s to move"), { name: this.name(mover) });
    return tree;
  }

  renderPanel() {
    if (!this.payload) return;
    patch(this.panel, h("div", {}, [renderBoardPanel(this)]));
  }
}
