// Draws a classic game (the engine's public JSON plus the seats) as HTML. Pure rendering: it builds
// elements from a view object and calls back the controller's handlers; it keeps no state of its own.
// What is lit is exactly the server's legal moves (choices.js), never a copy of the rules.

import { boardHead, boardLabel, isExpanded, seatBadges } from "../shared/board-head.js";
import { colourWord } from "../shared/colours.js";
import { h } from "../shared/dom.js";
import { renderLog } from "../shared/log.js";
import { seatName } from "../shared/names.js";
import { renderStatusBar } from "../shared/status.js";
import { renderProposal } from "../shared/proposal.js";
import { premoveBanner, takebackBanner, takebackButton } from "../shared/takeback.js";
import { columnChoices, groupChoices, targetChoices } from "./choices.js";
import { describeMove, previewSentence, previewText } from "./describe.js";
import { renderEndScreen } from "./end-screen.js";
import { renderMarket } from "./market.js";
import { renderFloor, renderPatternLines, renderWall } from "./player-board.js";
import { gettext, fmt } from "../shared/i18n.js";

const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);
// The engine's preview of the legal move matching `test`, or null.
function previewOf(view, test) {
  const moves = view.moves || [];
  const index = moves.findIndex(test);
  return index >= 0 && view.previews ? view.previews[index] || null : null;
}

function sameGroup(move, selection) {
  return move.source !== undefined && String(move.source) === String(selection.source) && move.color === selection.colour;
}

function lastMoveOn(view, index) {
  return view.lastMove && view.lastMove.player === index ? view.lastMove.move : null;
}

function renderPlayerBoard(view, index) {
  const { state, seats } = view;
  const board = state.boards[index];
  const seat = seats[index];
  const current = !view.over && state.current_player === index;
  const mine = view.me === index;
  const moves = mine ? view.moves || [] : [];
  const last = lastMoveOn(view, index);
  const marks = (view.marks && view.marks[index]) || {};

  const targets = mine && view.canOffer && view.selection ? targetChoices(moves, view.selection) : null;
  const lineTargets = targets ? targets.filter((target) => target !== "floor") : null;
  const tiling = mine && view.canTile ? columnChoices(moves) : null;
  const pendingRow = state.phase === "tiling" && current && tiling ? tiling.row : null;
  const previews = {};
  let floorPreview = null;
  if (targets) {
    for (const target of targets) {
      const preview = previewOf(view, (move) => sameGroup(move, view.selection) && String(move.line) === String(target));
      const shown = preview ? { text: previewText(preview), sentence: previewSentence(preview), preview } : null;
      if (target === "floor") floorPreview = shown;
      else previews[target] = shown;
    }
  }
  const columnPreviews = {};
  if (tiling) {
    for (const column of tiling.columns) {
      const preview = previewOf(view, (move) => move.row === tiling.row && move.column === column);
      columnPreviews[column] = preview ? { text: previewText(preview), sentence: previewSentence(preview), preview } : null;
    }
  }
  // A move waiting for Confirm: its line marked, its tiles ghosted where the engine's preview puts them.
  const proposed = mine && view.proposal ? view.proposal.move : null;
  const proposedPreview = proposed && proposed.source !== undefined ? previewOf(view, (move) => JSON.stringify(move) === JSON.stringify(proposed)) : null;
  const ghostLine = proposedPreview && proposed.line !== "floor" ? { line: proposed.line, color: proposed.color, count: proposedPreview.to_line } : null;
  const ghostFloor = proposedPreview ? { color: proposed.color, count: proposedPreview.to_floor, marker: proposedPreview.first_player } : null;
  // What a hint or a proposed move points at on this board.
  // (The replay's analysis points at the best move on the mover's board: hintFor.)
  const pointed = mine || view.hintFor === index ? view.proposal || view.hint : null;
  const pointedLine = pointed && pointed.line !== undefined ? String(pointed.line) : null;

  const badges = seatBadges(view, index);
  for (const note of marks.notes || []) badges.push(h("span", { class: "badge badge--bonus", "data-mark": "bonus", text: note }));
  const expanded = isExpanded(view, index);
  const head = boardHead(view, index, badges);

  return h(
    "section",
    {
      class: ["pboard", current && "pboard--current", mine ? "pboard--me" : "pboard--opponent", expanded && "is-expanded", seat && seat.left && "pboard--left"],
      "data-player": String(index),
      "data-nav": "",
      "aria-label": boardLabel(view, index),
    },
    [
      head,
      h("div", { class: "pboard__body" }, [
        renderPatternLines(board, {
          targets: lineTargets,
          onPick: (line) => view.handlers.pickTarget(line),
          pendingRow,
          lastLine: last && last.line !== undefined && last.line !== "floor" ? last.line : null,
          hintedLine: pointedLine !== null && pointedLine !== "floor" ? pointedLine : null,
          previews,
          ghost: ghostLine,
        }),
        renderWall(board.wall, {
          variant: state.variant,
          columns: tiling ? { ...tiling, previews: columnPreviews, onPick: (row, column) => view.handlers.pickColumn(row, column) } : null,
          last: last && last.row !== undefined ? last : null,
          marks: marks.cells || {},
        }),
      ]),
      h("div", { class: "pboard__floorrow" }, [
        renderFloor(board.floor, {
          lit: Boolean(targets && targets.includes("floor")),
          onPick: () => view.handlers.pickTarget("floor"),
          last: Boolean(last && last.line === "floor"),
          hinted: pointedLine === "floor",
          preview: floorPreview,
          mark: marks.floor || null,
          ghost: ghostFloor,
        }),
      ]),
    ],
  );
}

// The confirm bar of a move waiting for Confirm.
function renderMoveProposal(view) {
  const { move } = view.proposal;
  const preview = previewOf(view, (m) => JSON.stringify(m) === JSON.stringify(move));
  const taken = preview && preview.taken !== undefined ? preview.taken : null;
  const sentence = previewSentence(preview);
  const asked = capitalised(describeMove(move, taken, { imperative: true }));
  const text = sentence ? fmt(gettext("%(move)s (%(preview)s)?"), { move: asked, preview: sentence }) : fmt(gettext("%(move)s?"), { move: asked });
  return renderProposal(text, { onConfirm: () => view.handlers.confirm(), onChange: () => view.handlers.undo() });
}

// ---- status ------------------------------------------------------------------------------------------

function renderStatus(view) {
  const { state } = view;
  let text;
  if (view.over) {
    text = gettext("Game over");
  } else {
    const name = seatName(view.seats[state.current_player], state.current_player);
    if (view.me === state.current_player) {
      const tiling = view.canTile ? columnChoices(view.moves || []) : null;
      if (state.phase === "tiling") {
        text = tiling ? fmt(gettext("Your turn: choose the column for %(color)s in row %(row)s"), { color: colourWord(state.boards[view.me].lines[tiling.row].color), row: tiling.row + 1 }) : gettext("Your turn: wall tiling");
      } else if (view.selection) text = fmt(gettext("Your turn: put %(count)s %(colour)s on a line or the floor"), { count: view.selection.count, colour: colourWord(view.selection.colour) });
      else text = gettext("Your turn: pick tiles from a factory or the centre");
    } else {
      text = fmt(state.phase === "tiling" ? gettext("%(name)s to move · wall tiling") : gettext("%(name)s to move"), { name });
    }
  }
  const turn = h("span", { class: ["status__turn", view.me !== null && view.me === state.current_player && !view.over && "is-mine"], "data-status": "", text });
  const actions = view.selection && view.canOffer ? [h("button", { type: "button", class: "button button--quiet", onclick: () => view.handlers.cancel(), text: gettext("Cancel") })] : [];
  return renderStatusBar(view, { round: fmt(gettext("Round %(round)s"), { round: state.round }), turn, actions });
}

// The whole game. `view` is built by the controller (pages/game-view.js) or the replay page.
export function renderGame(view) {
  const { state } = view;
  const moves = view.moves || [];
  const order = state.boards.map((_b, index) => index);
  if (view.me !== null) order.sort((a, b) => (a === view.me ? -1 : b === view.me ? 1 : a - b));
  const boards = h("div", { class: ["boards", `boards--${state.players}`] }, order.map((index) => renderPlayerBoard(view, index)));
  const children = [renderStatus(view)];
  if (view.hintText) children.push(h("div", { class: "notice", "data-hint-text": "", text: view.hintText }));
  if (view.proposal) children.push(renderMoveProposal(view));
  for (const banner of [takebackBanner(view), premoveBanner(view, (move) => describeMove(move, null, { imperative: true }))]) if (banner) children.push(banner);
  if (view.sequence) {
    children.push(
      h("div", { class: "notice notice--scoring", "data-scoring-sequence": "" }, [
        h("span", { text: fmt(gettext("Round %(round)s: wall tiling"), { round: view.sequence.round }) }),
        h("button", { type: "button", class: "button button--quiet", "data-skip": "", onclick: () => view.handlers.skipScoring(), text: gettext("Skip") }),
      ]),
    );
  }
  if (view.errorText) children.push(h("div", { class: "alert", role: "alert", "data-error": "", text: view.errorText }));
  // The last round's scoring plays first: the result would give away what it is about to show.
  if (view.over && !view.sequence) children.push(renderEndScreen(view));
  const lastSource = view.lastMove && view.lastMove.move.source !== undefined ? view.lastMove.move.source : null;
  const hint = view.hint && view.hint.source !== undefined ? { source: view.hint.source, colour: view.hint.color } : null;
  const market = renderMarket(state, {
    groups: view.canOffer ? groupChoices(moves) : null,
    selection: view.selection,
    hint,
    onPick: (source, colour) => view.handlers.pickGroup(source, colour),
    lastSource,
  });
  // Once the game is over the factories no longer matter: the boards take the whole width.
  children.push(h("div", { class: ["game__play", view.over && "game__play--over"] }, view.over ? [boards] : [market, boards]));
  const actions = [];
  if (view.canHint) actions.push(h("button", { type: "button", class: "button", "data-hint": "", onclick: () => view.handlers.hint(), text: gettext("Hint") }));
  if (view.canAbort) actions.push(h("button", { type: "button", class: "button button--quiet", "data-abort": "", onclick: () => view.handlers.abort(), text: gettext("Abort") }));
  const takeback = takebackButton(view);
  if (takeback) actions.push(takeback);
  if (view.canResign) actions.push(h("button", { type: "button", class: "button button--danger", onclick: () => view.handlers.resign(), text: gettext("Resign") }));
  children.push(h("div", { class: "game__side" }, [renderLog(view), h("div", { class: "game__actions" }, actions)]));
  return h(
    "div",
    {
      class: ["game", `game--${state.variant}`, view.pending && "is-pending"],
      "data-game": "",
      "data-version": String(view.version),
      "data-phase": state.phase,
      "data-round": String(state.round),
      "data-my-turn": (view.canOffer && !view.premoving) || view.canTile ? "true" : "false",
    },
    children,
  );
}
