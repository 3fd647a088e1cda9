// The five tile colours (R1), their letters and the fixed board geometry, shared by every drawing module.

export const COLOURS = ["blue", "yellow", "red", "black", "white"];

// One letter per colour so the board reads without colour vision (black is K, as in print).
export const LETTERS = { blue: "B", yellow: "Y", red: "R", black: "K", white: "W" };

// R5: penalty of each floor space, left to right.
export const FLOOR_PENALTIES = [-1, -1, -2, -2, -2, -3, -3];

export const WALL_SIZE = 5;

// R6: the colour printed on the standard wall at (row, column).
export function standardWallColour(row, column) {
  return COLOURS[(((column - row) % 5) + 5) % 5];
}

export function colourName(colour) {
  return colour.charAt(0).toUpperCase() + colour.slice(1);
}
