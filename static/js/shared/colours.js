// The five tile colours (R1, Duel D1) and the letters every tile carries, so that a board reads without
// colour vision. Shared by both rulesets: black is K, as in print; white is W on every board.

export const COLOURS = ["blue", "yellow", "red", "black", "white"];

export const LETTERS = { blue: "B", yellow: "Y", red: "R", black: "K", white: "W" };

import { pgettext } from "./i18n.js";

// The colour as a word of the page's language, for sentences ("took 3 blue").
const WORDS = {
  blue: pgettext("colour", "blue"),
  yellow: pgettext("colour", "yellow"),
  red: pgettext("colour", "red"),
  black: pgettext("colour", "black"),
  white: pgettext("colour", "white"),
};

export function colourWord(colour) {
  return WORDS[colour] || colour;
}

// The same word capitalised, for labels ("Blue").
export function colourName(colour) {
  const word = colourWord(colour);
  return word.charAt(0).toUpperCase() + word.slice(1);
}
