// The five tile colours (R1, Duel D1) and the letters every tile carries, so that a board reads without
// colour vision. Shared by both rulesets: black is K, as in print; white is W on every board.

export const COLOURS = ["blue", "yellow", "red", "black", "white"];

export const LETTERS = { blue: "B", yellow: "Y", red: "R", black: "K", white: "W" };

export function colourName(colour) {
  return colour.charAt(0).toUpperCase() + colour.slice(1);
}
