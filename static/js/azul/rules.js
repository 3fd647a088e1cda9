// The client's copy of the few rules it needs to light up legal targets (R11, R13, R16, R23).
// The server stays the judge: these functions only decide what the page offers to click.

import { COLOURS, WALL_SIZE } from "./colours.js";

function countColour(tiles, colour) {
  return tiles.filter((tile) => tile === colour).length;
}

// R11: every (source, colour) a player may take, with how many tiles it holds.
export function tileGroups(state) {
  const groups = [];
  state.factories.forEach((factory, index) => {
    for (const colour of COLOURS) {
      const count = countColour(factory, colour);
      if (count > 0) groups.push({ source: index, colour, count });
    }
  });
  for (const colour of COLOURS) {
    const count = countColour(state.center, colour);
    if (count > 0) groups.push({ source: "center", colour, count });
  }
  return groups;
}

export function groupCount(state, source, colour) {
  const tiles = source === "center" ? state.center : state.factories[source] || [];
  return countColour(tiles, colour);
}

// R13a-c: a pattern line accepts a colour if it is empty or holds that colour, is not full,
// and its wall row does not hold that colour yet (same test on the standard and the gray wall).
export function lineAccepts(board, line, colour) {
  const pattern = board.lines[line];
  if (pattern.count >= line + 1) return false;
  if (pattern.color !== null && pattern.color !== colour) return false;
  return !board.wall[line].includes(colour);
}

// The targets for taking `colour`: the pattern lines that accept it, and the floor (R13d: always legal).
export function legalTargets(board, colour) {
  const targets = [];
  for (let line = 0; line < WALL_SIZE; line += 1) {
    if (lineAccepts(board, line, colour)) targets.push(line);
  }
  targets.push("floor");
  return targets;
}

// Gray wall tiling: the topmost complete pattern line still waiting for a column (the engine asks for
// it by row), or null. R16: lines with no legal column never wait, the engine moves them to the floor.
export function pendingTilingRow(board) {
  for (let row = 0; row < WALL_SIZE; row += 1) {
    const pattern = board.lines[row];
    if (pattern.color !== null && pattern.count === row + 1) return row;
  }
  return null;
}

// R16: a column is legal if its cell in that row is free and no cell of the column holds the colour.
export function legalColumns(board, row, colour) {
  const columns = [];
  for (let column = 0; column < WALL_SIZE; column += 1) {
    if (board.wall[row][column] !== null) continue;
    const taken = board.wall.some((wallRow) => wallRow[column] === colour);
    if (!taken) columns.push(column);
  }
  return columns;
}

// R23: the end bonuses a wall earns, itemised for the end screen.
export function endBonuses(wall) {
  const rows = wall.filter((row) => row.every((cell) => cell !== null)).length;
  let columns = 0;
  for (let column = 0; column < WALL_SIZE; column += 1) {
    if (wall.every((row) => row[column] !== null)) columns += 1;
  }
  let colours = 0;
  for (const colour of COLOURS) {
    if (wall.flat().filter((cell) => cell === colour).length === WALL_SIZE) colours += 1;
  }
  return {
    rows,
    columns,
    colours,
    total: rows * 2 + columns * 7 + colours * 10,
  };
}
