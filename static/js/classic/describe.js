// The words of the classic move log: "took 3 yellow from factory 2 → line 3".

function sourceLabel(source) {
  return source === "center" ? "the centre" : `factory ${Number(source) + 1}`;
}

// `count`: the tiles the move took (the engine's `taken`), or null when unknown.
export function describeMove(move, count) {
  if (move.row !== undefined && move.column !== undefined && move.source === undefined) {
    return `placed row ${move.row + 1} in column ${move.column + 1}`;
  }
  const amount = count ? `${count} ` : "";
  const target = move.line === "floor" ? "the floor" : `line ${Number(move.line) + 1}`;
  return `took ${amount}${move.color} from ${sourceLabel(move.source)} → ${target}`;
}
