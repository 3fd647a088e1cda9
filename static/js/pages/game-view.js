// The controller of a running game page: holds what is shown (latest state, selection, log), turns clicks
// into moves sent over the WebSocket, and redraws on every state the server broadcasts.

import { renderGame } from "../classic/board.js";
import { groupCount, takeMove } from "../classic/choices.js";
import { describeMove } from "../classic/describe.js";
import { renderDuelGame } from "../duel/board.js";
import { lineChoices, orderChoices, plateMove, slotChoices } from "../duel/choices.js";
import { describeDuelMove } from "../duel/describe.js";
import { api } from "../shared/api.js";
import { clockText } from "../shared/clock.js";
import { GameConnection } from "../shared/connection.js";
import { clear, h } from "../shared/dom.js";
import { sha256Hex } from "../shared/fairness.js";
import { renderLog } from "../shared/log.js";
import { seatName } from "../shared/names.js";

const MOVE_ANSWER_TIMEOUT_MS = 8000;

function seatsByPlayer(seats) {
  const byPlayer = [];
  for (const seat of seats || []) {
    if (seat.player_index !== null && seat.player_index !== undefined) byPlayer[seat.player_index] = seat;
  }
  return byPlayer;
}

// last_move may be the move itself or a move record ({number, player_index, move, ...}).
function normaliseLastMove(lastMove, previousState) {
  if (!lastMove) return null;
  const move = lastMove.move || lastMove;
  let player = lastMove.player_index ?? lastMove.player ?? lastMove.seat;
  if (player === undefined && previousState) player = previousState.current_player;
  return { move, player, number: lastMove.number };
}

export class GameView {
  constructor(root, { gameId, username }) {
    this.root = root;
    this.gameId = gameId;
    this.username = username || null;
    this.payload = null;
    this.seats = [];
    this.selection = null;
    this.rotation = 0; // Azul Duel: the rotation chosen for the selected plate
    this.pending = false;
    this.pendingTimer = null;
    this.errorText = "";
    this.lastMove = null;
    this.log = [];
    this.presence = [];
    this.spectators = 0;
    this.connectionStatus = "connecting";
    this.commitmentCheck = "";
    this.connection = new GameConnection(gameId, {
      onState: (message) => this.onState(message),
      onError: (message) => this.onError(message),
      onPresence: (message) => this.onPresence(message),
      onStatus: (status) => {
        this.connectionStatus = status;
        this.render();
      },
    });
    this.handlers = {
      pickGroup: (source, colour) => this.pickGroup(source, colour),
      pickTarget: (line) => this.pickTarget(line),
      pickColumn: (row, column) => this.pickColumn(row, column),
      cancel: () => this.setSelection(null),
      resign: () => this.resign(),
      hint: () => this.askHint(),
      // Azul Duel (the moves come from payload.legal_moves, see duel/choices.js)
      select: (selection) => this.selectDuel(selection),
      send: (move) => this.sendMove(move),
      rotate: (rotation) => {
        this.rotation = rotation;
        this.render();
      },
      placePlate: (slot) => this.placeDuelPlate(slot),
      pickLine: (line) => this.pickDuelLine(line),
    };
  }

  start() {
    this.connection.connect();
    this.loadLog();
    this.clockTimer = window.setInterval(() => this.tickClocks(), 250);
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.selection) this.setSelection(null);
    });
  }

  // ---- incoming ----

  onState(message) {
    const previous = this.payload;
    const advanced = !previous || message.version !== previous.version;
    this.payload = message;
    this.seats = seatsByPlayer(message.seats);
    if (advanced) {
      this.selection = null;
      this.rotation = 0;
      this.errorText = "";
      this.hintText = "";
      this.clearPending();
      this.lastMove = normaliseLastMove(message.last_move, previous && previous.state);
      this.recordLastMove(previous, message);
    }
    if (this.isOver() && message.seed !== null && message.seed !== undefined && !this.commitmentCheck) {
      this.checkCommitment(message);
    }
    this.render();
  }

  onError(message) {
    this.clearPending();
    this.errorText = message.detail || message.code || "The server refused that.";
    // Our view is behind: fetch the current state rather than retrying blindly.
    if (message.code === "stale_version") this.connection.send({ type: "sync", version: this.connection.version });
    this.render();
  }

  onPresence(message) {
    this.presence = message.connected || [];
    this.spectators = message.spectators || 0;
    this.render();
  }

  recordLastMove(previous, message) {
    if (!this.lastMove) return;
    const number = this.lastMove.number ?? message.version;
    const known = this.log.length ? this.log[this.log.length - 1].number : 0;
    if (number === known + 1) {
      const consecutive = previous && previous.version === message.version - 1;
      const move = this.lastMove.move;
      const count = consecutive && move.source !== undefined ? groupCount(previous.state, move.source, move.color) : null;
      this.log.push(this.logEntry(number, this.lastMove.player, move, count));
    } else if (number > known + 1) {
      this.loadLog();
    }
  }

  logEntry(number, player, move, count) {
    return { number, player: player ?? 0, move, count };
  }

  isDuel() {
    return Boolean(this.payload && this.payload.ruleset === "duel");
  }

  // Log texts are written when drawn: the log may load before the first state names the ruleset.
  describedLog() {
    const describe = this.isDuel() ? (entry) => describeDuelMove(entry.move) : (entry) => describeMove(entry.move, entry.count);
    return this.log.map((entry) => ({ ...entry, name: seatName(this.seats[entry.player], entry.player), text: describe(entry) }));
  }

  async loadLog() {
    try {
      const data = await api.moves(this.gameId);
      const records = Array.isArray(data) ? data : data.results || data.moves || [];
      const entries = records.map((record) =>
        this.logEntry(record.number, record.player_index ?? record.seat, record.move, record.count ?? null),
      );
      // Keep the counts we saw live; the stored log does not carry them.
      const live = new Map(this.log.map((entry) => [entry.number, entry]));
      this.log = entries.map((entry) => live.get(entry.number) || entry);
      this.render();
    } catch {
      // The log is a convenience; the board itself is complete without it.
    }
  }

  async checkCommitment(message) {
    this.commitmentCheck = "…";
    const digest = await sha256Hex(`${message.seed}:${message.salt}`);
    if (digest === null) this.commitmentCheck = "";
    else this.commitmentCheck = digest === message.commitment ? "✓ seed matches the commitment" : "✗ seed does not match the commitment";
    this.render();
  }

  // ---- derived ----

  myIndex() {
    if (!this.username || !this.payload) return null;
    const seat = (this.payload.seats || []).find((s) => s.username === this.username && !s.left);
    return seat && seat.player_index !== null && seat.player_index !== undefined ? seat.player_index : null;
  }

  isOver() {
    const status = this.payload && this.payload.status;
    return status === "finished" || status === "aborted" || (this.payload && this.payload.state.phase === "over");
  }

  winners() {
    const result = this.payload && this.payload.result;
    if (!result) return this.isOver() ? [] : null;
    if (Array.isArray(result.winners)) return result.winners;
    if (Array.isArray(result.ranks)) return result.ranks.map((rank, index) => (rank === 1 ? index : null)).filter((i) => i !== null);
    return [];
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
      winners: this.winners(),
      commitment: this.payload.commitment,
      seed: over ? this.payload.seed : null,
      salt: this.payload.salt,
      commitmentCheck: this.commitmentCheck,
      moves: myTurn ? this.payload.legal_moves || [] : [],
      canOffer: myTurn && state.phase === "offer",
      canTile: myTurn && state.phase === "tiling",
      canResign: !over && me !== null,
      canHint: myTurn && !this.payload.rated,
      hintText: this.hintText || "",
      selection: this.selection,
      pending: this.pending,
      lastMove: this.lastMove,
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
    this.selection = selection;
    this.errorText = "";
    this.render();
  }

  pickGroup(source, colour) {
    if (this.selection && String(this.selection.source) === String(source) && this.selection.colour === colour) {
      this.setSelection(null);
      return;
    }
    this.setSelection({ source, colour, count: groupCount(this.payload.state, source, colour) });
  }

  pickTarget(line) {
    if (!this.selection) return;
    const move = takeMove(this.payload.legal_moves || [], this.selection, line);
    if (move) this.sendMove(move);
  }

  pickColumn(row, column) {
    this.sendMove({ row, column });
  }

  sendMove(move) {
    if (!this.connection.sendMove(move)) {
      this.errorText = "Not connected: reconnecting…";
      this.render();
      return;
    }
    this.selection = null;
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

  // ---- Azul Duel: a selection narrows the legal moves until one is left to send ----

  duelView() {
    const base = this.view();
    const pending = base.state.pending;
    const myTurn = !base.over && base.me !== null && pending && pending.player === base.me && !this.pending && this.connection.isOpen;
    const moves = myTurn ? this.payload.legal_moves || [] : [];
    return { ...base, moves, rotation: this.rotation, canHint: moves.length > 0 && !this.payload.rated };
  }

  selectDuel(selection) {
    const current = this.selection;
    if (current && JSON.stringify({ ...current, line: undefined }) === JSON.stringify(selection)) {
      this.setSelection(null);
      return;
    }
    if (selection.kind === "plate") {
      const rotations = [...slotChoices(this.payload.legal_moves || [], selection).values()].flat();
      if (!rotations.includes(this.rotation)) this.rotation = rotations.length ? Math.min(...rotations) : 0;
    }
    this.setSelection(selection);
  }

  placeDuelPlate(slot) {
    const move = plateMove(this.payload.legal_moves || [], this.selection, slot, this.rotation);
    if (move) this.sendMove(move);
  }

  pickDuelLine(line) {
    const moves = this.payload.legal_moves || [];
    const selection = this.selection;
    if (!selection || !lineChoices(moves, selection).some((target) => String(target) === String(line))) return;
    const options = orderChoices(moves, selection, line);
    // A sun group from a small factory leaves tiles on its moon: ask for their order when it matters.
    if (options.length === 1) this.sendMove(options[0]);
    else if (options.length > 1) this.setSelection({ ...selection, line });
  }

  // A suggestion from the server's bot (casual games): select the suggested group, name the line.
  async askHint() {
    const version = this.payload.version;
    try {
      const { move } = await api.hint(this.gameId);
      if (!this.payload || this.payload.version !== version) return;
      if (this.isDuel()) {
        this.hintText = `Hint: ${describeDuelMove(move).replace(/^took/, "take")}`;
        this.errorText = "";
        this.render();
        return;
      }
      if (move.source !== undefined) {
        const count = groupCount(this.payload.state, move.source, move.color);
        this.selection = { source: move.source, colour: move.color, count };
      }
      this.hintText = `Hint: ${describeMove(move, null).replace(/^took/, "take").replace(/^placed/, "place")}`;
      this.errorText = "";
    } catch (error) {
      this.errorText = error.detail || "No hint available.";
    }
    this.render();
  }

  resign() {
    if (!window.confirm("Resign this game?")) return;
    this.connection.resign();
  }

  clearPending() {
    this.pending = false;
    window.clearTimeout(this.pendingTimer);
  }

  // The server times a game out; a client whose running clock shows 0 asks for a sync, which makes the
  // server check the deadline now instead of at its next periodic pass.
  askAfterDeadline(view) {
    const deadline = view.clock && view.clock.deadline ? Date.parse(view.clock.deadline) : null;
    if (view.over || deadline === null || Date.now() < deadline + 1000) return;
    const now = Date.now();
    if (this.lastDeadlineSync && now - this.lastDeadlineSync < 5000) return;
    this.lastDeadlineSync = now;
    this.connection.send({ type: "sync", version: this.connection.version });
  }

  // ---- drawing ----

  render() {
    if (!this.payload) return;
    const oldLog = this.root.querySelector(".log__list");
    const stickToBottom = !oldLog || oldLog.scrollTop + oldLog.clientHeight >= oldLog.scrollHeight - 4;
    const previousScroll = oldLog ? oldLog.scrollTop : 0;
    const view = this.isDuel() ? this.duelView() : this.view();
    const myMove = this.isDuel() ? view.moves.length > 0 : view.canOffer || view.canTile;
    // The tab's title tells a player in another tab that it is their move.
    if (this.baseTitle === undefined) this.baseTitle = document.title;
    document.title = myMove ? `● Your move · ${this.baseTitle}` : this.baseTitle;
    const tree = this.isDuel() ? renderDuelGame(view, { log: this.sidePanel(view) }) : renderGame(view);
    clear(this.root);
    this.root.append(tree);
    const log = this.root.querySelector(".log__list");
    if (log) log.scrollTop = stickToBottom ? log.scrollHeight : previousScroll;
  }

  // The Duel board's side panel: the move log and the hint/resign buttons (as on the classic board).
  sidePanel(view) {
    const actions = [];
    if (view.canHint) actions.push(h("button", { type: "button", class: "button", "data-hint": "", onclick: () => view.handlers.hint(), text: "Hint" }));
    if (view.canResign) actions.push(h("button", { type: "button", class: "button button--danger", onclick: () => view.handlers.resign(), text: "Resign" }));
    return h("div", { class: "game__side" }, [renderLog(view), h("div", { class: "game__actions" }, actions)]);
  }

  tickClocks() {
    if (!this.payload) return;
    const view = this.view();
    this.askAfterDeadline(view);
    for (const element of this.root.querySelectorAll("[data-clock-for]")) {
      const text = clockText(view, Number(element.dataset.clockFor));
      if (element.textContent !== text) element.textContent = text;
      const low = element.classList.contains("is-running") && view.clock && view.clock.kind === "realtime" && view.clock.deadline && Date.parse(view.clock.deadline) - Date.now() < 20000;
      element.classList.toggle("is-low", Boolean(low));
    }
  }
}
