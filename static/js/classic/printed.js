// What the classic player board has printed on it: the wall's size, the colour pattern of the standard
// wall (R6) and the penalty under each floor space (R5). Drawing data only; the engine keeps the rules.

import { COLOURS } from "../shared/colours.js";

export const WALL_SIZE = 5;

export const FLOOR_PENALTIES = [-1, -1, -2, -2, -2, -3, -3];

// R6: the colour printed on the standard wall at (row, column).
export function standardWallColour(row, column) {
  return COLOURS[(((column - row) % 5) + 5) % 5];
}
