// What a classic player may click now, read from the legal moves the server sends with every state
// (payload.legal_moves). The page copies no rule: it lights up exactly the moves of that list.

function key(source, colour) {
  return `${source}:${colour}`;
}

// The tile groups that start a legal move, as a Set of "source:colour" (source: index or "center").
export function groupChoices(moves) {
  const groups = new Set();
  for (const move of moves) if (move.source !== undefined) groups.add(key(move.source, move.color));
  return groups;
}

export function isGroupChoice(groups, source, colour) {
  return groups.has(key(source, colour));
}

// The destinations (0-4 or "floor") of the legal moves taking `colour` from `source`.
export function targetChoices(moves, selection) {
  if (!selection) return [];
  return moves
    .filter((move) => move.source !== undefined && String(move.source) === String(selection.source) && move.color === selection.colour)
    .map((move) => move.line);
}

// Gray wall tiling: {row, columns} of the pending line, from the legal {row, column} moves; or null.
export function columnChoices(moves) {
  const tiling = moves.filter((move) => move.row !== undefined && move.column !== undefined);
  if (!tiling.length) return null;
  return { row: tiling[0].row, columns: tiling.map((move) => move.column) };
}

// The legal move of a selection sent to `line`, or null.
export function takeMove(moves, selection, line) {
  if (!selection) return null;
  return (
    moves.find(
      (move) =>
        move.source !== undefined &&
        String(move.source) === String(selection.source) &&
        move.color === selection.colour &&
        String(move.line) === String(line),
    ) || null
  );
}

// How many tiles a group holds, as drawn (the factory's or the centre's tiles of that colour).
export function groupCount(state, source, colour) {
  const tiles = source === "center" ? state.center : state.factories[source] || [];
  return tiles.filter((tile) => tile === colour).length;
}
