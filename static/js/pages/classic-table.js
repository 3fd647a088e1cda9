// The classic ruleset's part of the game page (GameView keeps the connection, clocks, log and focus):
// its board and handlers, the log's words, the hint, the take in motion and the round's end played
// event by event on the boards as they were. Moves come from payload.legal_moves (classic/choices.js).

import { renderGame } from "../classic/board.js";
import { groupCount, takeMove } from "../classic/choices.js";
import { describeMove, describeScoring } from "../classic/describe.js";
import { fmt, gettext } from "../shared/i18n.js";
import { pop, reducedMotion, rectOf, travel } from "../shared/motion.js";
import { playScoringEvent } from "./scoring-marks.js";
import { premoveCandidates } from "../shared/takeback.js";
import { factoryRects, playTakeMotion } from "./take-motion.js";

// The round's end plays in at most this long (later states wait for it), each event 180-450 ms.
const SCORING_TOTAL_MS = 2600;

export class ClassicTable {
  constructor(game) {
    this.game = game;
    this.sequence = null; // the round-end scoring being played, event by event
    this.handlers = {
      pickGroup: (source, colour) => this.pickGroup(source, colour),
      pickTarget: (line) => this.pickTarget(line),
      pickColumn: (row, column) => game.sendMove({ row, column }),
      skipScoring: () => this.endSequence(),
    };
  }

  describe(entry) {
    return { text: describeMove(entry.move, entry.taken), scoring: describeScoring };
  }

  // A state is arriving: where the factories were drawn, to play the take from there afterwards.
  arriving({ consecutive, advanced }) {
    return advanced && consecutive ? factoryRects(this.game.host) : null;
  }

  // The new state is taken in (not drawn yet).
  advanced({ consecutive, lastMove }) {
    if (consecutive && lastMove && lastMove.beforeTiling) this.startSequence(lastMove);
  }

  // The new state is drawn: the take travels from where its tiles were.
  drawn(rects, previous) {
    if (!rects || !previous) return;
    const shown = this.sequence ? this.sequence.boards : this.game.payload.state.boards;
    playTakeMotion(this.game.host, rects, this.game.lastMove, previous.state, shown);
  }

  // While the round's end is shown, later states wait (Skip, or a pick, shows them at once).
  busy() {
    return Boolean(this.sequence);
  }

  reset() {}

  view(base) {
    if (!this.sequence) return this.premoving(base) ? { ...base, moves: premoveCandidates(base.state), previews: [], canOffer: true, premoving: true } : base;
    return { ...base, state: { ...base.state, boards: this.sequence.boards }, marks: this.sequence.marks, sequence: this.sequence };
  }

  myMove(view) {
    return (view.canOffer && !view.premoving) || view.canTile;
  }

  // Waiting for another player's take: a move may be picked ahead (a premove, takeback.js).
  premoving(base) {
    const { state } = base;
    // Live games only: a tutorial's scripted payload has no `takeback` (nor anyone to wait for).
    return !base.over && base.me !== null && "takeback" in this.game.payload && state.phase === "offer" && state.current_player !== base.me && !this.game.pending && this.game.connection.isOpen;
  }

  draw(view) {
    return renderGame(view);
  }

  focusChoice() {
    return false;
  }

  pickGroup(source, colour) {
    const game = this.game;
    this.endSequence({ render: false });
    const selection = game.selection;
    if (selection && String(selection.source) === String(source) && selection.colour === colour) {
      game.setSelection(null);
      return;
    }
    game.setSelection({ source, colour, count: groupCount(game.payload.state, source, colour) });
  }

  pickTarget(line) {
    const game = this.game;
    const premoving = this.premoving(game.view());
    const moves = premoving ? premoveCandidates(game.payload.state) : game.payload.legal_moves || [];
    const move = takeMove(moves, game.selection, line);
    if (move && premoving) game.show({ premove: { move, round: game.payload.state.round }, premoveText: "", selection: null });
    else if (move) game.sendMove(move);
  }

  // A suggestion from the server's bot: select the suggested group, mark its line.
  hint(move) {
    const game = this.game;
    if (move.source !== undefined) {
      game.selection = { source: move.source, colour: move.color, count: groupCount(game.payload.state, move.source, move.color) };
    }
    const target = move.line === undefined ? "" : move.line === "floor" ? gettext(" (the floor is marked)") : fmt(gettext(" (line %(line)s is marked)"), { line: Number(move.line) + 1 });
    return fmt(gettext("Hint: %(describeMove)s%(target)s"), { describeMove: describeMove(move, null, { imperative: true }), target });
  }

  // ---- the round's end: the engine's events played one by one on the boards as they were ----

  startSequence(lastMove) {
    const boards = JSON.parse(JSON.stringify(lastMove.beforeTiling.boards));
    this.sequence = { round: lastMove.beforeTiling.round, boards, events: lastMove.scoring, index: 0, marks: {} };
    const step = Math.max(180, Math.min(450, SCORING_TOTAL_MS / (lastMove.scoring.length + 1)));
    this.sequenceTimer = window.setInterval(() => this.stepSequence(), step);
  }

  stepSequence() {
    const { sequence, game } = this;
    if (!sequence) return;
    if (sequence.index >= sequence.events.length) {
      this.endSequence();
      return;
    }
    const event = sequence.events[sequence.index];
    const line = event.type === "wall" ? rectOf(game.host.querySelector(`[data-player="${event.player}"] [data-line="${event.row}"]`)) : null;
    playScoringEvent(sequence, event);
    sequence.index += 1;
    game.render();
    if (event.type === "wall") {
      const cell = game.host.querySelector(`[data-player="${event.player}"] .wall [data-row="${event.row}"][data-column="${event.column}"]`);
      travel(cell, line, { duration: 380 });
      pop(cell && cell.querySelector("[data-mark]"), { delay: reducedMotion() ? 0 : 300 });
    }
  }

  endSequence({ render = true } = {}) {
    if (!this.sequence) return;
    window.clearInterval(this.sequenceTimer);
    this.sequence = null;
    this.game.sequenceEnded({ render });
  }
}
