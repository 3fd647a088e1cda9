// The Azul Duel part of the game page (GameView keeps the connection, clocks, log and focus): its
// board and handlers, the log's words and the hint. A selection narrows payload.legal_moves until one
// move is left to send (duel/choices.js); the client copies no Duel rule.

import { renderDuelGame } from "../duel/board.js";
import { lineChoices, orderChoices, plateMove, slotChoices } from "../duel/choices.js";
import { describeDuelMove, describeDuelScoring } from "../duel/describe.js";
import { h } from "../shared/dom.js";
import { focusFirst } from "../shared/focus.js";
import { fmt, gettext } from "../shared/i18n.js";
import { renderLog } from "../shared/log.js";
import { takebackBanner, takebackButton } from "../shared/takeback.js";

// The last round's scoring stays on the boards (its marks) this long before the result is shown.
const FINAL_SCORING_MS = 2600;

export class DuelTable {
  constructor(game) {
    this.game = game;
    this.rotation = 0; // the rotation chosen for the selected plate
    this.finalScoring = null; // the timer while the last round's scoring is shown before the result
    this.handlers = {
      select: (selection) => this.select(selection),
      send: (move) => game.sendMove(move),
      rotate: (rotation) => {
        this.rotation = rotation;
        game.render();
      },
      placePlate: (slot) => this.placePlate(slot),
      pickLine: (line) => this.pickLine(line),
      skipScoring: () => this.endFinalScoring(),
    };
  }

  describe(entry) {
    return { text: describeDuelMove(entry.move, entry.taken), scoring: describeDuelScoring };
  }

  arriving() {
    return null;
  }

  // The move that ends the game, watched live: its scoring is marked on the boards first; the result
  // would give away what the marks are about to show.
  advanced({ consecutive, lastMove }) {
    if (!consecutive || !this.game.isOver() || !lastMove || !(lastMove.scoring || []).length) return;
    this.finalScoring = window.setTimeout(() => this.endFinalScoring(), FINAL_SCORING_MS);
  }

  endFinalScoring() {
    if (this.finalScoring === null) return;
    window.clearTimeout(this.finalScoring);
    this.finalScoring = null;
    this.game.render();
  }

  drawn() {}

  busy() {
    return false;
  }

  reset() {
    this.rotation = 0;
  }

  // Whose decision it is comes from the state's pending decision, not from current_player.
  view(base) {
    const game = this.game;
    const pending = base.state.pending;
    const myTurn = !base.over && base.me !== null && pending && pending.player === base.me && !game.pending && game.connection.isOpen;
    const moves = myTurn ? game.payload.legal_moves || [] : [];
    const finalScoring = this.finalScoring !== null;
    return { ...base, moves, previews: myTurn ? game.payload.previews || [] : [], rotation: this.rotation, canHint: moves.length > 0 && !game.payload.rated, finalScoring, showEnd: !finalScoring };
  }

  myMove(view) {
    return view.moves.length > 0;
  }

  draw(view) {
    return renderDuelGame(view, { log: this.sidePanel(view) });
  }

  // A cell of the own dome, else the market, before the decision bar's buttons.
  focusChoice(host) {
    return focusFirst(host, "[data-player] [data-choice]") || focusFirst(host, ".dmarket [data-choice]");
  }

  // The side panel: the move log and the hint/resign buttons (as on the classic board).
  sidePanel(view) {
    const actions = [];
    if (view.canHint) actions.push(h("button", { type: "button", class: "button", "data-hint": "", onclick: () => view.handlers.hint(), text: gettext("Hint") }));
    if (view.canAbort) actions.push(h("button", { type: "button", class: "button button--quiet", "data-abort": "", onclick: () => view.handlers.abort(), text: gettext("Abort") }));
    const takeback = takebackButton(view);
    if (takeback) actions.push(takeback);
    if (view.canResign) actions.push(h("button", { type: "button", class: "button button--danger", onclick: () => view.handlers.resign(), text: gettext("Resign") }));
    return h("div", { class: "game__side" }, [takebackBanner(view), renderLog(view), h("div", { class: "game__actions" }, actions)].filter(Boolean));
  }

  select(selection) {
    const game = this.game;
    const current = game.selection;
    if (current && JSON.stringify({ ...current, line: undefined }) === JSON.stringify(selection)) {
      game.setSelection(null);
      return;
    }
    if (selection.kind === "plate") {
      const rotations = [...slotChoices(game.payload.legal_moves || [], selection).values()].flat();
      if (!rotations.includes(this.rotation)) this.rotation = rotations.length ? Math.min(...rotations) : 0;
    }
    game.setSelection(selection);
  }

  placePlate(slot) {
    const game = this.game;
    const move = plateMove(game.payload.legal_moves || [], game.selection, slot, this.rotation);
    if (move) game.sendMove(move);
  }

  pickLine(line) {
    const game = this.game;
    const moves = game.payload.legal_moves || [];
    const selection = game.selection;
    if (!selection || !lineChoices(moves, selection).some((target) => String(target) === String(line))) return;
    const options = orderChoices(moves, selection, line);
    // A sun group from a small factory leaves tiles on its moon: ask for their order when it matters.
    if (options.length === 1) game.sendMove(options[0]);
    else if (options.length > 1) game.setSelection({ ...selection, line });
  }

  hint(move) {
    return fmt(gettext("Hint: %(describeDuelMove)s"), { describeDuelMove: describeDuelMove(move, { imperative: true }) });
  }
}
