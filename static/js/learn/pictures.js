// The rules pages' pictures, drawn by the boards' own components from positions the server built
// with the engine (learn/pictures.py). Nothing here knows a rule: each picture says what to draw and
// what to point at, and the numbers in the captions are the engine's, written by the server.

import { renderFactory as renderDuelFactory, renderPlates } from "../duel/board.js";
import { entryChoices } from "../duel/choices.js";
import { platePreview, renderBroken, renderDome, renderDuelLines, renderObjectives, chipElement, firstPlayerTile } from "../duel/components.js";
import { renderDuelLegend } from "../duel/legend.js";
import { renderMarket } from "../classic/market.js";
import { renderFloor, renderPatternLines, renderWall } from "../classic/player-board.js";
import { h } from "../shared/dom.js";
import { gettext } from "../shared/i18n.js";

const NO_CHOICES = entryChoices([]);

function signed(points) {
  return points >= 0 ? `+${points}` : `−${-points}`;
}

// ---- classic ----------------------------------------------------------------------------------

function classicBoard(state, player, { targets = null, lastLine = null, wall = {}, floor = {} } = {}) {
  const board = state.boards[player];
  return h("div", { class: "pboard rules-board" }, [
    h("div", { class: "pboard__body" }, [
      renderPatternLines(board, { targets, lastLine }),
      renderWall(board.wall, { variant: state.variant, ...wall }),
    ]),
    h("div", { class: "pboard__floorrow" }, [renderFloor(board.floor, floor)]),
  ]);
}

function marketAndBoard(state, player, marketOptions = {}, boardOptions = {}) {
  return h("div", { class: "rules-table" }, [renderMarket(state, marketOptions), classicBoard(state, player, boardOptions)]);
}

const CLASSIC = {
  setup: (data) => marketAndBoard(data.state, data.player),
  turn: (data, view) => {
    const { move } = data;
    if (view === "before") {
      return marketAndBoard(data.before, data.player, { selection: { source: move.source, colour: move.color } }, { targets: [move.line] });
    }
    return marketAndBoard(data.after, data.player, { lastSource: move.source }, { lastLine: move.line });
  },
  scoring: (data, view) => {
    if (view === "before") return classicBoard(data.before, data.player, { lastLine: null });
    const [row, column] = data.cell;
    return classicBoard(data.after, data.player, { wall: { last: { row, column }, marks: { [`${row}:${column}`]: signed(data.points) } } });
  },
  floor: (data) => renderFloor(data.before.boards[data.player].floor, { mark: signed(data.penalty) }),
  end: (data) => {
    const board = data.after.boards[data.player];
    return renderWall(board.wall, { last: { row: 0, column: 4 }, marks: { "0:4": signed(data.placement) } });
  },
  columns: (data, view) => {
    if (view === "before") return classicBoard(data.before, data.player);
    const row = data.legal_moves[0].row;
    const columns = { row, columns: data.legal_moves.map((move) => move.column), onPick: () => {} };
    return classicBoard(data.after, data.player, { wall: { columns } });
  },
};

// ---- Azul Duel ---------------------------------------------------------------------------------

function duelView(state, selection = null) {
  return { state, selection, moves: [], lastMove: null, handlers: {}, rotation: 0 };
}

function factories(state, indices, selection = null) {
  const view = duelView(state, selection);
  return h("section", { class: "dfactories" }, indices.map((index) => renderDuelFactory(view, NO_CHOICES, state.factories[index], index)));
}

function duelBoard(state, player, { targets = null, slots = null, preview = null, foot = true } = {}) {
  const board = state.boards[player];
  const parts = [
    h("div", { class: "dboard__body" }, [renderDuelLines(board, { targets }), renderDome(board, { slots, preview })]),
  ];
  if (foot) {
    parts.push(
      h("div", { class: "dboard__foot" }, [
        renderBroken(board.broken),
        h("div", { class: "dboard__chips" }, board.chips.map((name) => chipElement(name))),
        state.first_player_tile === player ? firstPlayerTile() : null,
      ]),
    );
  }
  return h("section", { class: "pboard dboard rules-board" }, parts);
}

const DUEL = {
  setup: (data) =>
    h("div", { class: "dmarket rules-duel-market" }, [
      factories(data.state, [0, 1, 2, 3, 4]),
      renderPlates(duelView(data.state), NO_CHOICES),
      renderObjectives(data.state.objectives),
    ]),
  opening: (data) => {
    const { before, move, player } = data;
    const plate = before.plate_display[move.display];
    const selection = { kind: "plate", from: "display", index: move.display };
    return h("div", { class: "rules-table" }, [
      h("div", { class: "dmarket" }, [renderPlates(duelView(before, selection), NO_CHOICES)]),
      duelBoard(before, player, { slots: new Set([move.slot]), preview: platePreview(plate, move.rotation), foot: false }),
    ]);
  },
  sun: (data, view) => {
    const { move, player } = data;
    if (view === "before") {
      return h("div", { class: "rules-table" }, [
        h("div", { class: "dmarket" }, [factories(data.before, [move.factory], { kind: "sun", factory: move.factory, color: move.color })]),
        duelBoard(data.before, player, { targets: [move.line], foot: false }),
      ]);
    }
    return h("div", { class: "rules-table" }, [h("div", { class: "dmarket" }, [factories(data.after, [move.factory])]), duelBoard(data.after, player, { foot: false })]);
  },
  moon: (data) => h("div", { class: "dmarket" }, [factories(data.before, [0, 1, 2, 3, 4], { kind: "moon", color: data.move.color })]),
  first_player: (data) =>
    h("div", { class: "rules-table" }, [h("div", { class: "dmarket" }, [factories(data.after, [4])]), duelBoard(data.after, data.player)]),
  chip: (data) => h("div", { class: "dmarket" }, [factories(data.before, [0, 1, 2, 3])]),
  legend: () => renderDuelLegend(),
};

const BY_RULESET = { classic: CLASSIC, gray: CLASSIC, duel: DUEL };

const WHEN = { before: gettext("Before"), after: gettext("After") };

// Draw every [data-picture] figure of `root` from `pictures` (the server's JSON).
export function drawPictures(root, ruleset, pictures) {
  const drawers = BY_RULESET[ruleset];
  for (const figure of root.querySelectorAll("[data-picture]")) {
    const draw = drawers[figure.dataset.picture];
    const data = pictures[figure.dataset.picture];
    const canvas = figure.querySelector("[data-canvas]");
    if (!draw || !canvas || (data === undefined && figure.dataset.picture !== "legend")) continue;
    canvas.replaceChildren(draw(data, figure.dataset.view || null));
    // A pair shows one position twice: each half says which moment it is.
    const when = figure.closest(".rules-pair") ? WHEN[figure.dataset.view] : null;
    if (when && !figure.querySelector("[data-picture-when]")) {
      figure.prepend(h("p", { class: "rules-picture__when", "data-picture-when": figure.dataset.view, text: when }));
    }
    // A picture is not a control: nothing in it can be clicked or focused.
    if (figure.dataset.picture !== "legend") canvas.inert = true;
    figure.dataset.drawn = "true";
  }
}
