// The controller of a running game page: holds what is shown (latest state, selection, a move waiting
// for Confirm, the log), turns clicks and keys into moves sent over the WebSocket, and patches the
// board in place on every state the server broadcasts (shared/patch.js). The ruleset's part (its
// board, handlers, words and motion) is chosen once, by the first state's ruleset: classic-table.js
// or duel-table.js. Everything it shows about points comes from the server: the engine's scoring
// events and previews (docs/api.md, the game payload).

import { api } from "../shared/api.js";
import { deadlinePassed, tickClocks } from "../shared/clock.js";
import { GameConnection } from "../shared/connection.js";
import { clear, h } from "../shared/dom.js";
import { arrowNavigation, focusKeyOf } from "../shared/focus.js";
import { patch } from "../shared/patch.js";
import { ClassicTable } from "./classic-table.js";
import { DuelTable } from "./duel-table.js";
import { restoreDecisionFocus } from "./decision-focus.js";
import { abortAfterAsking, resignAfterAsking, showTurnInTitle } from "./game-actions.js";
import { commitmentCheck, ratingChanges } from "./game-end.js";
import { announcement, describeEntry, entriesOf, normaliseLastMove, recordMove } from "./move-log.js";
import { isOver, playerOf, seatsByPlayer, winnersOf } from "./payload.js";
import { marksOf } from "./scoring-marks.js";
import { rewound, sendTakeback, settlePremove, takebackView } from "../shared/takeback.js";
import { gettext } from "../shared/i18n.js";

const TABLES = { classic: ClassicTable, duel: DuelTable };
const MOVE_ANSWER_TIMEOUT_MS = 8000;

export class GameView {
  constructor(root, { gameId, username, confirmMoves = false, onMessage = null }) {
    this.root = root;
    this.gameId = gameId;
    this.username = username || null;
    this.confirmMoves = confirmMoves;
    this.payload = null;
    this.seats = [];
    this.selection = null;
    this.proposal = null; // {move}: shown, waiting for Confirm (casual games, when the account asks)
    this.hint = null; // the move the hint suggests
    this.table = null; // the ruleset's part, chosen by the first state (classic-table.js, duel-table.js)
    this.pending = false;
    this.pendingTimer = null;
    this.errorText = "";
    this.lastMove = null;
    this.marks = null; // points of the last scoring, drawn on the boards until the next move
    this.expanded = new Set(); // opponents' boards shown full size
    this.log = [];
    this.presence = [];
    this.spectators = 0;
    this.connectionStatus = "connecting";
    this.commitmentCheck = "";
    this.ratingChanges = null;
    this.focusNext = false;
    this.connection = new GameConnection(gameId, {
      onMessage: (message) => onMessage?.(message, this.connection),
      onState: (message, { resync } = {}) => this.onState(message, resync),
      onError: (message) => this.onError(message),
      onPresence: (message) => this.onPresence(message),
      onStatus: (status) => {
        this.connectionStatus = status;
        this.render();
      },
    });
    // The ruleset's handlers join these once its table is chosen.
    this.handlers = {
      cancel: () => this.setSelection(null),
      resign: () => this.resign(),
      abort: () => this.abort(),
      hint: () => this.askHint(),
      confirm: () => this.confirm(),
      undo: () => this.undo(),
      askTakeback: () => sendTakeback(this),
      answerTakeback: (accept) => sendTakeback(this, accept),
      cancelPremove: () => this.show({ premove: null, premoveText: "" }),
      toggleBoard: (index) => {
        if (this.expanded.has(index)) this.expanded.delete(index);
        else this.expanded.add(index);
        this.render();
      },
    };
  }

  start() {
    clear(this.root);
    // The live region stays in place while the board under it is redrawn (screen readers need that).
    this.live = h("div", { class: "visually-hidden", role: "status", "aria-live": "polite", "data-live": "" });
    this.host = h("div", { class: "game-host" });
    this.root.append(this.live, this.host);
    this.host.addEventListener("keydown", arrowNavigation);
    this.connection.connect();
    this.loadLog();
    this.clockTimer = window.setInterval(() => this.tickClocks(), 250);
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape") this.escape();
    });
  }

  // ---- incoming ----

  onState(message, resync = false) {
    // After a reconnect the server's state is the truth: a move still marked pending was lost with
    // the old socket (had it been committed, this state would be past it), so it may be played again.
    if (resync && this.pending) {
      this.clearPending();
      this.render();
    }
    if (!this.table) {
      this.table = new (TABLES[message.ruleset] || ClassicTable)(this);
      Object.assign(this.handlers, this.table.handlers);
    }
    // The round's end is being shown: later states wait for it (Skip, or a pick, shows them at once).
    if (this.table.busy() && message.version !== this.payload.version) {
      this.queued = message;
      return;
    }
    const previous = this.payload;
    const advanced = !previous || message.version !== previous.version;
    const consecutive = Boolean(previous && previous.version === message.version - 1);
    const before = this.table.arriving({ advanced, consecutive });
    this.payload = message;
    this.seats = seatsByPlayer(message.seats);
    rewound(this, message, previous);
    if (advanced) {
      const wasMyTurn = previous ? this.isMyTurn(previous) : false;
      this.selection = null;
      this.proposal = null;
      this.hint = null;
      this.table.reset();
      this.errorText = "";
      this.hintText = "";
      this.clearPending();
      this.lastMove = normaliseLastMove(message.last_move, previous && previous.state);
      this.marks = this.lastMove && this.lastMove.scoring ? marksOf(this.lastMove.scoring) : null;
      const { entry, reload } = recordMove(this.log, this.lastMove, message.version);
      if (reload) this.loadLog();
      // Screen readers hear every move and what it scored.
      if (entry && previous) {
        const over = this.isOver();
        this.live.textContent = announcement(describeEntry(entry, this.seats, this.table), message, this.seats, { myTurn: this.isMyTurn(message), over });
      }
      this.table.advanced({ consecutive, lastMove: this.lastMove });
      // Also when it stays our turn (Duel's consecutive decisions, a gray-wall tiling): the choice
      // that had the focus was redrawn away while the move was pending.
      const lost = !this.host.contains(document.activeElement);
      if (this.isMyTurn(message) && (!wasMyTurn || !previous || lost)) this.focusNext = true;
      settlePremove(this, message);
    }
    if (this.isOver() && message.seed !== null && message.seed !== undefined && !this.commitmentCheck) {
      this.commitmentCheck = "…";
      commitmentCheck(message).then((text) => this.show({ commitmentCheck: text }));
    }
    if (this.isOver() && message.rated && this.ratingChanges === null && !this.ratingPolling) {
      this.ratingPolling = true;
      ratingChanges(this.gameId).then((changes) => changes !== null && this.show({ ratingChanges: changes }));
    }
    this.render();
    this.table.drawn(before, previous);
  }

  onError(message) {
    this.clearPending();
    this.errorText = message.detail || message.code || gettext("The server refused that.");
    // Our view is behind: fetch the current state rather than retrying blindly.
    if (message.code === "stale_version") this.connection.send({ type: "sync", version: this.connection.version });
    this.render();
  }

  onPresence(message) {
    this.presence = message.connected || [];
    this.spectators = message.spectators || 0;
    this.render();
  }

  // Log texts are written when drawn: the log may load before the first state names the ruleset.
  describedLog() {
    return this.table ? this.log.map((entry) => describeEntry(entry, this.seats, this.table)) : [];
  }

  async loadLog() {
    try {
      this.log = entriesOf(await api.moves(this.gameId));
      this.render();
    } catch {
      // The log is a convenience; the board itself is complete without it.
    }
  }

  show(changes) {
    Object.assign(this, changes);
    this.render();
  }

  myIndex() {
    return playerOf(this.payload, this.username);
  }

  isMyTurn(payload) {
    const me = this.myIndex();
    return me !== null && (payload.legal_moves || []).length > 0 && payload.state.current_player === me && payload.status === "playing";
  }

  isOver() {
    return isOver(this.payload);
  }

  // Confirm and undo apply to casual games of accounts that ask for it.
  confirming() {
    return this.confirmMoves && this.payload && !this.payload.rated;
  }

  view() {
    const { state } = this.payload;
    const me = this.myIndex();
    const over = this.isOver();
    const myTurn = !over && me !== null && state.current_player === me && !this.pending && this.connection.isOpen;
    return {
      gameId: this.gameId,
      state,
      seats: this.seats,
      me,
      over,
      version: this.payload.version,
      clock: this.payload.clock,
      result: this.payload.result,
      rounds: this.payload.rounds,
      rated: this.payload.rated,
      ratingChanges: this.ratingChanges,
      winners: winnersOf(this.payload),
      commitment: this.payload.commitment,
      seed: over ? this.payload.seed : null,
      salt: this.payload.salt,
      commitmentCheck: this.commitmentCheck,
      moves: myTurn ? this.payload.legal_moves || [] : [],
      previews: myTurn ? this.payload.previews || [] : [],
      canOffer: myTurn && state.phase === "offer",
      canTile: myTurn && state.phase === "tiling",
      canResign: !over && me !== null,
      // Someone has not moved yet: the game can be called off, unrated (docs/live-play.md).
      canAbort: !over && me !== null && Boolean(this.payload.abortable),
      canHint: myTurn && !this.payload.rated,
      takeback: takebackView(this.payload, me, over),
      premove: this.premove || null,
      premoveText: this.premoveText || "",
      hintText: this.hintText || "",
      hint: this.hint,
      selection: this.selection,
      proposal: this.proposal,
      pending: this.pending,
      lastMove: this.lastMove,
      marks: this.marks,
      sequence: null,
      expanded: this.expanded,
      log: this.describedLog(),
      presence: this.presence,
      spectators: this.spectators,
      connection: this.connectionStatus,
      errorText: this.errorText,
      handlers: this.handlers,
    };
  }

  // ---- outgoing ----

  setSelection(selection) {
    // A hint marks its own group: picking another one puts the hint away.
    const hinted = this.hint && selection && selection.source === this.hint.source && selection.colour === this.hint.color;
    if (this.hint && !hinted) {
      this.hint = null;
      this.hintText = "";
    }
    this.selection = selection;
    this.proposal = null;
    this.errorText = "";
    this.focusNext = true;
    this.render();
  }

  escape() {
    if (this.proposal) this.undo();
    else if (this.selection) this.setSelection(null);
  }

  // With confirmation on, a move is only shown; Confirm sends it, Escape or Change goes back.
  sendMove(move, { confirmed = false } = {}) {
    if (this.confirming() && !confirmed) {
      this.proposal = { move };
      this.focusNext = true;
      this.render();
      return;
    }
    if (!this.connection.sendMove(move)) {
      this.errorText = gettext("Not connected: reconnecting…");
      this.render();
      return;
    }
    this.selection = null;
    this.proposal = null;
    this.hint = null;
    this.errorText = "";
    this.pending = true;
    this.pendingTimer = window.setTimeout(() => {
      // No answer: ask where the game stands; a lost move is safe to play again once we know.
      this.pending = false;
      this.connection.send({ type: "sync", version: this.connection.version });
      this.render();
    }, MOVE_ANSWER_TIMEOUT_MS);
    this.render();
  }

  confirm() {
    if (this.proposal) this.sendMove(this.proposal.move, { confirmed: true });
  }

  undo() {
    this.proposal = null;
    this.focusNext = true;
    this.render();
  }

  // The board's view: the ruleset's part adds its own (whose decision it is, Duel's rotation, the
  // boards of a round's end being played).
  boardView() {
    return this.table.view(this.view());
  }

  // A suggestion from the server's bot (casual games): the ruleset shows it (selects, marks).
  async askHint() {
    const version = this.payload.version;
    try {
      const { move } = await api.hint(this.gameId);
      if (!this.payload || this.payload.version !== version) return;
      this.hint = move;
      this.hintText = this.table.hint(move);
      this.errorText = "";
      this.focusNext = true;
    } catch (error) {
      this.errorText = error.detail || gettext("No hint available.");
    }
    this.render();
  }

  resign() { resignAfterAsking(this.connection); }

  async abort() {
    const refused = await abortAfterAsking(this.gameId);
    if (refused) this.show({ errorText: refused });
  }

  clearPending() {
    this.pending = false;
    window.clearTimeout(this.pendingTimer);
  }

  // The server times a game out; a client whose running clock shows 0 asks for a sync, which makes the
  // server check the deadline now instead of at its next periodic pass.
  askAfterDeadline(view) {
    if (!deadlinePassed(view)) return;
    const now = Date.now();
    if (this.lastDeadlineSync && now - this.lastDeadlineSync < 5000) return;
    this.lastDeadlineSync = now;
    this.connection.send({ type: "sync", version: this.connection.version });
  }

  // The ruleset's table has finished playing a round's end: what waited is shown now.
  sequenceEnded({ render = true } = {}) {
    // The boards drawn during the sequence had no choices: the next decision gets the focus now.
    if (this.payload && this.isMyTurn(this.payload)) this.focusNext = true;
    const queued = this.queued;
    this.queued = null;
    if (queued) this.onState(queued);
    else if (render) this.render();
  }

  render() {
    if (!this.payload || !this.host) return;
    const active = document.activeElement;
    const inside = this.host.contains(active) || active === document.body || active === null;
    const focusKey = this.host.contains(active) ? focusKeyOf(active) : null;
    const oldLog = this.host.querySelector(".log__list");
    const stickToBottom = !oldLog || oldLog.scrollTop + oldLog.clientHeight >= oldLog.scrollHeight - 4;
    const previousScroll = oldLog ? oldLog.scrollTop : 0;
    const view = this.boardView();
    const myMove = this.table.myMove(view);
    showTurnInTitle(myMove);
    // In place: nodes that stay keep their identity, focus and animations (shared/patch.js).
    patch(this.host, this.table.draw(view));
    const log = this.host.querySelector(".log__list");
    if (log) log.scrollTop = stickToBottom ? log.scrollHeight : previousScroll;
    restoreDecisionFocus(this.host, { focusKey, inside, focusNext: this.focusNext, selected: Boolean(this.selection), table: this.table });
    this.focusNext = false;
  }

  tickClocks() {
    if (!this.payload) return;
    const view = this.view();
    this.askAfterDeadline(view);
    tickClocks(this.host, view);
  }
}
