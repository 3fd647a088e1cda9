// What an Azul Duel player may click now, read from the legal moves the server sends with every state
// (payload.legal_moves). The page never re-implements the Duel rules: it lights up exactly the moves in
// that list, grouped by the click that starts them, and the server stays the judge.

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

const PLATE_TYPES = ["opening_plate", "take_plate", "keep_plate"];

// The plate a plate move is about: {from: "display"|"revealed", index}.
function plateOf(move) {
  return move.type === "keep_plate" ? { from: "revealed", index: move.revealed } : { from: "display", index: move.display };
}

// First clicks: everything that starts a legal move, with the moves it leads to.
export function entryChoices(moves) {
  const choices = {
    display: new Set(), // display plates that may be taken (opening or drafting)
    revealed: new Set(), // revealed plates that may be kept
    returnable: new Set(), // revealed plates that may go under the stack next
    sun: new Set(), // "factory:colour"
    moon: new Set(), // colours
    chips: new Set(), // factories whose chip may be taken
    cells: new Set(), // "line:column" for place_tile
    buttons: [], // whole moves behind a single button: buy, pass, chips decisions
  };
  for (const move of moves) {
    if (PLATE_TYPES.includes(move.type)) {
      const plate = plateOf(move);
      choices[plate.from].add(plate.index);
    } else if (move.type === "return_plate") choices.returnable.add(move.revealed);
    else if (move.type === "sun") choices.sun.add(`${move.factory}:${move.color}`);
    else if (move.type === "moon") choices.moon.add(move.color);
    else if (move.type === "chip") choices.chips.add(move.factory);
    else if (move.type === "place_tile") choices.cells.add(`${move.line}:${move.column}`);
    else choices.buttons.push(move);
  }
  return choices;
}

// The moves that continue a selection (a plate, a sun group or a moon colour).
export function movesOf(moves, selection) {
  if (!selection) return [];
  if (selection.kind === "plate") {
    return moves.filter((move) => PLATE_TYPES.includes(move.type) && same(plateOf(move), { from: selection.from, index: selection.index }));
  }
  if (selection.kind === "sun") {
    return moves.filter((move) => move.type === "sun" && move.factory === selection.factory && move.color === selection.color);
  }
  if (selection.kind === "moon") return moves.filter((move) => move.type === "moon" && move.color === selection.color);
  return [];
}

// For a selected plate: {slot: [rotations]} it may go to.
export function slotChoices(moves, selection) {
  const slots = new Map();
  for (const move of movesOf(moves, selection)) {
    if (!slots.has(move.slot)) slots.set(move.slot, []);
    slots.get(move.slot).push(move.rotation);
  }
  return slots;
}

// For a selected sun group or moon colour: the lines (0-5 or "broken") it may go to.
export function lineChoices(moves, selection) {
  const lines = [];
  for (const move of movesOf(moves, selection)) if (!lines.includes(move.line)) lines.push(move.line);
  return lines;
}

// For a sun group sent to `line`: the legal moves, one per order of the tiles left on the moon.
export function orderChoices(moves, selection, line) {
  return movesOf(moves, selection).filter((move) => String(move.line) === String(line));
}

// The move of a plate selection placed in `slot` with `rotation`, or null if that is not legal.
export function plateMove(moves, selection, slot, rotation) {
  return movesOf(moves, selection).find((move) => move.slot === slot && move.rotation === rotation) || null;
}

export function cellMove(moves, line, column) {
  return moves.find((move) => move.type === "place_tile" && move.line === line && move.column === column) || null;
}
