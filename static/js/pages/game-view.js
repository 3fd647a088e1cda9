// (Over 400 lines: the one controller of the game page; the boards and panels it drives are modules of their own.)
// The controller of a running game page: holds what is shown (latest state, selection, a move waiting
// for Confirm, the log, the round-end scoring being played), turns clicks and keys into moves sent over
// the WebSocket, and redraws on every state the server broadcasts. Everything it shows about points
// comes from the server: the engine's scoring events and previews (docs/api.md, the game payload).
// Over 400 lines: one controller for both rulesets' tables, kept together so focus, log and clocks agree.

import { renderGame } from "../classic/board.js";
import { groupCount, takeMove } from "../classic/choices.js";
import { describeMove, describeScoring } from "../classic/describe.js";
import { renderDuelGame } from "../duel/board.js";
import { lineChoices, orderChoices, plateMove, slotChoices } from "../duel/choices.js";
import { describeDuelMove, describeDuelScoring } from "../duel/describe.js";
import { api } from "../shared/api.js";
import { clockText } from "../shared/clock.js";
import { GameConnection } from "../shared/connection.js";
import { clear, h } from "../shared/dom.js";
import { sha256Hex } from "../shared/fairness.js";
import { arrowNavigation, findByFocusKey, focusFirst, focusKeyOf } from "../shared/focus.js";
import { renderLog } from "../shared/log.js";
import { pop, reducedMotion, rectOf, travel } from "../shared/motion.js";
import { seatName } from "../shared/names.js";
import { marksOf, playScoringEvent } from "./scoring-marks.js";
import { factoryRects, playTakeMotion } from "./take-motion.js";
import { gettext, fmt } from "../shared/i18n.js";

const MOVE_ANSWER_TIMEOUT_MS = 8000;
// The round's end plays in at most this long (later states wait for it), each event 180-450 ms.
const SCORING_TOTAL_MS = 2600;
const RATING_POLL_MS = 2000;
const RATING_POLLS = 15;

// Where the next decision is, in order of preference, for focus after a change.
const DECISION = "[data-confirm], [data-player] [data-target], [data-pick], [data-choice]";

function seatsByPlayer(seats) {
  const byPlayer = [];
  for (const seat of seats || []) {
    if (seat.player_index !== null && seat.player_index !== undefined) byPlayer[seat.player_index] = seat;
  }
  return byPlayer;
}

// last_move is a move record ({number, player_index, move, taken, scoring, before_tiling}).
function normaliseLastMove(lastMove, previousState) {
  if (!lastMove) return null;
  const move = lastMove.move || lastMove;
  let player = lastMove.player_index ?? lastMove.player ?? lastMove.seat;
  if (player === undefined && previousState) player = previousState.current_player;
  return { move, player, number: lastMove.number, taken: lastMove.taken ?? null, scoring: lastMove.scoring || null, beforeTiling: lastMove.before_tiling || null };
}

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
    this.rotation = 0; // Azul Duel: the rotation chosen for the selected plate
    this.pending = false;
    this.pendingTimer = null;
    this.errorText = "";
    this.lastMove = null;
    this.marks = null; // points of the last scoring, drawn on the boards until the next move
    this.sequence = null; // the round-end scoring being played, event by event
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
    this.handlers = {
      pickGroup: (source, colour) => this.pickGroup(source, colour),
      pickTarget: (line) => this.pickTarget(line),
      pickColumn: (row, column) => this.sendMove({ row, column }),
      cancel: () => this.setSelection(null),
      resign: () => this.resign(),
      hint: () => this.askHint(),
      confirm: () => this.confirm(),
      undo: () => this.undo(),
      skipScoring: () => this.endSequence(),
      toggleBoard: (index) => {
        if (this.expanded.has(index)) this.expanded.delete(index);
        else this.expanded.add(index);
        this.render();
      },
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
    // The round's end is being shown: later states wait for it (Skip, or a pick, shows them at once).
    if (this.sequence && message.version !== this.payload.version) {
      this.queued = message;
      return;
    }
    const previous = this.payload;
    const advanced = !previous || message.version !== previous.version;
    const consecutive = Boolean(previous && previous.version === message.version - 1);
    const before = advanced && consecutive && !this.isDuel() ? factoryRects(this.host) : null;
    this.payload = message;
    this.seats = seatsByPlayer(message.seats);
    if (advanced) {
      const wasMyTurn = previous ? this.isMyTurn(previous) : false;
      this.selection = null;
      this.proposal = null;
      this.hint = null;
      this.rotation = 0;
      this.errorText = "";
      this.hintText = "";
      this.clearPending();
      this.lastMove = normaliseLastMove(message.last_move, previous && previous.state);
      this.marks = this.lastMove && this.lastMove.scoring ? marksOf(this.lastMove.scoring) : null;
      const entry = this.recordLastMove(message);
      if (entry && previous) this.announce(entry, message);
      if (consecutive && this.lastMove && this.lastMove.beforeTiling && !this.isDuel()) this.startSequence(this.lastMove);
      // Also when it stays our turn (Duel's consecutive decisions, a gray-wall tiling): the choice
      // that had the focus was redrawn away while the move was pending.
      const lost = !this.host.contains(document.activeElement);
      if (this.isMyTurn(message) && (!wasMyTurn || !previous || lost)) this.focusNext = true;
    }
    if (this.isOver() && message.seed !== null && message.seed !== undefined && !this.commitmentCheck) this.checkCommitment(message);
    if (this.isOver() && message.rated && this.ratingChanges === null && !this.ratingPolling) this.pollRatings();
    this.render();
    if (before && previous) {
      const shown = this.sequence ? this.sequence.boards : this.payload.state.boards;
      playTakeMotion(this.host, before, this.lastMove, previous.state, shown);
    }
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

  recordLastMove(message) {
    if (!this.lastMove) return null;
    const number = this.lastMove.number ?? message.version;
    const known = this.log.length ? this.log[this.log.length - 1].number : 0;
    if (number === known + 1) {
      const entry = this.logEntry(number, this.lastMove.player, this.lastMove.move, this.lastMove.taken, this.lastMove.scoring);
      this.log.push(entry);
      // A state sent on connect or sync does not say what its move took and scored: the log does.
      if (this.lastMove.scoring === null) this.loadLog();
      return entry;
    }
    if (number > known + 1) this.loadLog();
    return null;
  }

  logEntry(number, player, move, taken, scoring) {
    return { number, player: player ?? 0, move, taken: taken ?? null, scoring: scoring || [] };
  }

  isDuel() {
    return Boolean(this.payload && this.payload.ruleset === "duel");
  }

  describeEntry(entry) {
    const name = (player) => seatName(this.seats[player], player);
    const describe = this.isDuel() ? describeDuelMove : (move) => describeMove(move, entry.taken);
    const scoring = this.isDuel() ? describeDuelScoring : describeScoring;
    return {
      ...entry,
      name: name(entry.player),
      text: describe(entry.move, entry.taken),
      scoring: entry.scoring.map((event) => ({ name: name(event.player), text: scoring(event) })),
    };
  }

  // Log texts are written when drawn: the log may load before the first state names the ruleset.
  describedLog() {
    return this.log.map((entry) => this.describeEntry(entry));
  }

  async loadLog() {
    try {
      const records = await api.moves(this.gameId);
      this.log = (Array.isArray(records) ? records : []).map((record) =>
        this.logEntry(record.number, record.player_index, record.move, record.taken, record.scoring),
      );
      this.render();
    } catch {
      // The log is a convenience; the board itself is complete without it.
    }
  }

  // Screen readers hear every move and what it scored.
  announce(entry, message) {
    const described = this.describeEntry(entry);
    const parts = [`${described.name} ${described.text}.`];
    for (const line of described.scoring) parts.push(`${line.name}: ${line.text}.`);
    if (described.scoring.length) {
      parts.push(fmt(gettext("Scores: %(message)s."), { message: message.state.boards.map((board, index) => `${seatName(this.seats[index], index)} ${board.score}`).join(", ") }));
    }
    if (this.isMyTurn(message)) parts.push(gettext("Your turn."));
    if (this.isOver()) parts.push(gettext("The game is over."));
    this.live.textContent = parts.join(" ");
  }

  async checkCommitment(message) {
    this.commitmentCheck = "…";
    const digest = await sha256Hex(`${message.seed}:${message.salt}`);
    if (digest === null) this.commitmentCheck = "";
    else this.commitmentCheck = digest === message.commitment ? gettext("✓ seed matches the commitment") : gettext("✗ seed does not match the commitment");
    this.render();
  }

  // A rated game is rated by a background task just after it ends: ask until the changes are there.
  async pollRatings() {
    this.ratingPolling = true;
    for (let attempt = 0; attempt < RATING_POLLS && this.ratingChanges === null; attempt += 1) {
      try {
        const answer = await api.ratingChanges(this.gameId);
        if (answer.rated) {
          this.ratingChanges = answer.changes;
          this.render();
          return;
        }
      } catch {
        // Try again on the next round.
      }
      await new Promise((resolve) => window.setTimeout(resolve, RATING_POLL_MS));
    }
  }

  // ---- derived ----

  myIndex() {
    if (!this.username || !this.payload) return null;
    const seat = (this.payload.seats || []).find((s) => s.username === this.username && !s.left);
    return seat && seat.player_index !== null && seat.player_index !== undefined ? seat.player_index : null;
  }

  isMyTurn(payload) {
    const me = this.myIndex();
    return me !== null && (payload.legal_moves || []).length > 0 && payload.state.current_player === me && payload.status === "playing";
  }

  isOver() {
    const status = this.payload && this.payload.status;
    return status === "finished" || status === "aborted" || (this.payload && this.payload.state.phase === "over");
  }

  // Confirm and undo apply to casual games of accounts that ask for it.
  confirming() {
    return this.confirmMoves && this.payload && !this.payload.rated;
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
    const shown = this.sequence ? { ...state, boards: this.sequence.boards } : state;
    return {
      gameId: this.gameId,
      state: shown,
      seats: this.seats,
      me,
      over,
      version: this.payload.version,
      clock: this.payload.clock,
      result: this.payload.result,
      rounds: this.payload.rounds,
      rated: this.payload.rated,
      ratingChanges: this.ratingChanges,
      winners: this.winners(),
      commitment: this.payload.commitment,
      seed: over ? this.payload.seed : null,
      salt: this.payload.salt,
      commitmentCheck: this.commitmentCheck,
      moves: myTurn ? this.payload.legal_moves || [] : [],
      previews: myTurn ? this.payload.previews || [] : [],
      canOffer: myTurn && state.phase === "offer",
      canTile: myTurn && state.phase === "tiling",
      canResign: !over && me !== null,
      canHint: myTurn && !this.payload.rated,
      hintText: this.hintText || "",
      hint: this.hint,
      selection: this.selection,
      proposal: this.proposal,
      pending: this.pending,
      lastMove: this.lastMove,
      marks: this.sequence ? this.sequence.marks : this.marks,
      sequence: this.sequence,
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

  pickGroup(source, colour) {
    this.endSequence({ render: false });
    if (this.selection && String(this.selection.source) === String(source) && this.selection.colour === colour) {
      this.setSelection(null);
      return;
    }
    this.setSelection({ source, colour, count: groupCount(this.payload.state, source, colour) });
  }

  pickTarget(line) {
    const move = takeMove(this.payload.legal_moves || [], this.selection, line);
    if (move) this.sendMove(move);
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

  // ---- Azul Duel: a selection narrows the legal moves until one is left to send ----

  duelView() {
    const base = this.view();
    const pending = base.state.pending;
    const myTurn = !base.over && base.me !== null && pending && pending.player === base.me && !this.pending && this.connection.isOpen;
    const moves = myTurn ? this.payload.legal_moves || [] : [];
    return { ...base, moves, previews: myTurn ? this.payload.previews || [] : [], rotation: this.rotation, canHint: moves.length > 0 && !this.payload.rated };
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

  // A suggestion from the server's bot (casual games): select the suggested group, light its line.
  async askHint() {
    const version = this.payload.version;
    try {
      const { move } = await api.hint(this.gameId);
      if (!this.payload || this.payload.version !== version) return;
      this.hint = move;
      if (this.isDuel()) {
        this.hintText = fmt(gettext("Hint: %(describeDuelMove)s"), { describeDuelMove: describeDuelMove(move, { imperative: true }) });
      } else {
        if (move.source !== undefined) {
          this.selection = { source: move.source, colour: move.color, count: groupCount(this.payload.state, move.source, move.color) };
        }
        const target = move.line === undefined ? "" : move.line === "floor" ? gettext(" (the floor is marked)") : fmt(gettext(" (line %(line)s is marked)"), { line: Number(move.line) + 1 });
        this.hintText = fmt(gettext("Hint: %(describeMove)s%(target)s"), { describeMove: describeMove(move, null, { imperative: true }), target });
      }
      this.errorText = "";
      this.focusNext = true;
    } catch (error) {
      this.errorText = error.detail || gettext("No hint available.");
    }
    this.render();
  }

  resign() {
    if (!window.confirm(gettext("Resign this game?"))) return;
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

  // ---- the round's end: the engine's events played one by one on the boards as they were ----

  startSequence(lastMove) {
    const boards = JSON.parse(JSON.stringify(lastMove.beforeTiling.boards));
    this.sequence = { round: lastMove.beforeTiling.round, boards, events: lastMove.scoring, index: 0, marks: {} };
    const step = Math.max(180, Math.min(450, SCORING_TOTAL_MS / (lastMove.scoring.length + 1)));
    this.sequenceTimer = window.setInterval(() => this.stepSequence(), step);
  }

  stepSequence() {
    const sequence = this.sequence;
    if (!sequence) return;
    if (sequence.index >= sequence.events.length) {
      this.endSequence();
      return;
    }
    const event = sequence.events[sequence.index];
    const line = event.type === "wall" ? rectOf(this.host.querySelector(`[data-player="${event.player}"] [data-line="${event.row}"]`)) : null;
    playScoringEvent(sequence, event);
    sequence.index += 1;
    this.render();
    if (event.type === "wall") {
      const cell = this.host.querySelector(`[data-player="${event.player}"] .wall [data-row="${event.row}"][data-column="${event.column}"]`);
      travel(cell, line, { duration: 380 });
      pop(cell && cell.querySelector("[data-mark]"), { delay: reducedMotion() ? 0 : 300 });
    }
  }

  endSequence({ render = true } = {}) {
    if (!this.sequence) return;
    window.clearInterval(this.sequenceTimer);
    this.sequence = null;
    // The boards drawn during the sequence had no choices: the next decision gets the focus now.
    if (this.payload && this.isMyTurn(this.payload)) this.focusNext = true;
    const queued = this.queued;
    this.queued = null;
    if (queued) this.onState(queued);
    else if (render) this.render();
  }

  // ---- drawing ----

  render() {
    if (!this.payload || !this.host) return;
    const active = document.activeElement;
    const inside = this.host.contains(active) || active === document.body || active === null;
    const focusKey = this.host.contains(active) ? focusKeyOf(active) : null;
    const oldLog = this.host.querySelector(".log__list");
    const stickToBottom = !oldLog || oldLog.scrollTop + oldLog.clientHeight >= oldLog.scrollHeight - 4;
    const previousScroll = oldLog ? oldLog.scrollTop : 0;
    const view = this.isDuel() ? this.duelView() : this.view();
    const myMove = this.isDuel() ? view.moves.length > 0 : view.canOffer || view.canTile;
    // The tab's title tells a player in another tab that it is their move (a signed-in page's
    // your-turn badge owns the title instead: it counts every game waiting for them).
    if (!document.querySelector("[data-your-turn-badge]")) {
      if (this.baseTitle === undefined) this.baseTitle = document.title;
      document.title = myMove ? fmt(gettext("● Your move · %(baseTitle)s"), { baseTitle: this.baseTitle }) : this.baseTitle;
    }
    const tree = this.isDuel() ? renderDuelGame(view, { log: this.sidePanel(view) }) : renderGame(view);
    clear(this.host);
    this.host.append(tree);
    const log = this.host.querySelector(".log__list");
    if (log) log.scrollTop = stickToBottom ? log.scrollHeight : previousScroll;
    this.restoreFocus(inside, focusKey);
  }

  // Focus stays where the next decision is: the same element after a redraw, else the next choice.
  restoreFocus(inside, focusKey) {
    const again = findByFocusKey(this.host, focusKey);
    if (this.focusNext && inside) {
      this.focusNext = false;
      if (focusFirst(this.host, "[data-confirm]")) return;
      if (this.selection && focusFirst(this.host, "[data-player] [data-target], [data-player] [data-choice], [data-choice=order]")) return;
      // Azul Duel: a cell of the own dome, else the market, before the decision bar's buttons.
      if (this.isDuel() && (focusFirst(this.host, "[data-player] [data-choice]") || focusFirst(this.host, ".dmarket [data-choice]"))) return;
      if (focusFirst(this.host, DECISION)) return;
    }
    this.focusNext = false;
    if (again) again.focus({ preventScroll: true });
    else if (focusKey && inside) focusFirst(this.host, DECISION);
  }

  // The Duel board's side panel: the move log and the hint/resign buttons (as on the classic board).
  sidePanel(view) {
    const actions = [];
    if (view.canHint) actions.push(h("button", { type: "button", class: "button", "data-hint": "", onclick: () => view.handlers.hint(), text: gettext("Hint") }));
    if (view.canResign) actions.push(h("button", { type: "button", class: "button button--danger", onclick: () => view.handlers.resign(), text: gettext("Resign") }));
    return h("div", { class: "game__side" }, [renderLog(view), h("div", { class: "game__actions" }, actions)]);
  }

  tickClocks() {
    if (!this.payload) return;
    const view = this.view();
    this.askAfterDeadline(view);
    for (const element of this.host.querySelectorAll("[data-clock-for]")) {
      const text = clockText(view, Number(element.dataset.clockFor));
      if (element.textContent !== text) element.textContent = text;
      const low = element.classList.contains("is-running") && view.clock && view.clock.kind === "realtime" && view.clock.deadline && Date.parse(view.clock.deadline) - Date.now() < 20000;
      element.classList.toggle("is-low", Boolean(low));
    }
  }
}
