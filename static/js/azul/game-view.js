// The controller of a running game page: holds what is shown (latest state, selection, log), turns clicks
// into moves sent over the WebSocket, and redraws on every state the server broadcasts.

import { api } from "./api.js";
import { clockText, describeMove, renderGame, seatName } from "./board.js";
import { GameConnection } from "./connection.js";
import { clear, h } from "./dom.js";
import { groupCount } from "./rules.js";

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

async function sha256Hex(text) {
  if (!window.crypto || !window.crypto.subtle) return null;
  const digest = await window.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

export class GameView {
  constructor(root, { gameId, username }) {
    this.root = root;
    this.gameId = gameId;
    this.username = username || null;
    this.payload = null;
    this.seats = [];
    this.selection = null;
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
    return { number, name: seatName(this.seats[player], player ?? 0), text: describeMove(move, count) };
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
      canOffer: myTurn && state.phase === "offer",
      canTile: myTurn && state.phase === "tiling",
      canResign: !over && me !== null,
      canHint: myTurn && !this.payload.rated,
      hintText: this.hintText || "",
      selection: this.selection,
      pending: this.pending,
      lastMove: this.lastMove,
      log: this.log,
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
    const { source, colour } = this.selection;
    this.sendMove({ source, color: colour, line });
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

  // A suggestion from the server's bot (casual games): select the suggested group, name the line.
  async askHint() {
    const version = this.payload.version;
    try {
      const { move } = await api.hint(this.gameId);
      if (!this.payload || this.payload.version !== version) return;
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
    if (this.payload.ruleset && this.payload.ruleset !== "classic") {
      // Only the classic board is drawn here; another ruleset's state has a different shape.
      this.root.replaceChildren(h("p", { class: "notice", text: `This page cannot draw ${this.payload.ruleset} games yet.` }));
      return;
    }
    const oldLog = this.root.querySelector(".log__list");
    const stickToBottom = !oldLog || oldLog.scrollTop + oldLog.clientHeight >= oldLog.scrollHeight - 4;
    const previousScroll = oldLog ? oldLog.scrollTop : 0;
    const view = this.view();
    // The tab's title tells a player in another tab that it is their move.
    if (this.baseTitle === undefined) this.baseTitle = document.title;
    document.title = view.canOffer || view.canTile ? `● Your move · ${this.baseTitle}` : this.baseTitle;
    const tree = renderGame(view);
    clear(this.root);
    this.root.append(tree);
    const log = this.root.querySelector(".log__list");
    if (log) log.scrollTop = stickToBottom ? log.scrollHeight : previousScroll;
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
