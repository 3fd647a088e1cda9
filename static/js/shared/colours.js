// The five tile colours (R1, Duel D1) and the letters every tile carries, so that a board reads without
// colour vision. Shared by both rulesets: black is K, as in print; white is W on every board.

export const COLOURS = ["blue", "yellow", "red", "black", "white"];

// The letters are the page language's (French: B bleu, J jaune, R rouge, N noir, L blanc).
export const LETTERS = {
  blue: pgettext("tile letter for blue", "B"),
  yellow: pgettext("tile letter for yellow", "Y"),
  red: pgettext("tile letter for red", "R"),
  black: pgettext("tile letter for black", "K"),
  white: pgettext("tile letter for white", "W"),
};

import { fmt, npgettext, pgettext } from "./i18n.js";

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

// A number of tiles of one colour, the colour agreeing with the number: "3 yellow", « 3 jaunes ».
export function tilesOfColour(count, colour) {
  const forms = {
    blue: npgettext("tiles", "%(count)s blue", "%(count)s blue", count),
    yellow: npgettext("tiles", "%(count)s yellow", "%(count)s yellow", count),
    red: npgettext("tiles", "%(count)s red", "%(count)s red", count),
    black: npgettext("tiles", "%(count)s black", "%(count)s black", count),
    white: npgettext("tiles", "%(count)s white", "%(count)s white", count),
  };
  return fmt(forms[colour] || `%(count)s ${colour}`, { count });
}

// The colour's tiles, with no number (a hint that does not count them): "yellow", « les jaunes ».
export function tilesOfColourUncounted(colour) {
  const forms = {
    blue: pgettext("tiles, uncounted", "blue"),
    yellow: pgettext("tiles, uncounted", "yellow"),
    red: pgettext("tiles, uncounted", "red"),
    black: pgettext("tiles, uncounted", "black"),
    white: pgettext("tiles, uncounted", "white"),
  };
  return forms[colour] || colour;
}

// The legend of the letters, built from LETTERS: "B blue, Y yellow, R red, K black, W white".
export function letterLegend() {
  return COLOURS.map((colour) => `${LETTERS[colour]} ${colourWord(colour)}`).join(", ");
}

// The same word capitalised, for labels ("Blue").
export function colourName(colour) {
  const word = colourWord(colour);
  return word.charAt(0).toUpperCase() + word.slice(1);
}

// Azul Duel's bonus chips in words: a chip is one colour or two ("yellow+red"), said
// "yellow/red"; several are listed with commas. `word` is colourWord or colourName.
export function chipsInWords(chips, word = colourWord) {
  return chips.map((chip) => chip.split("+").map((colour) => word(colour)).join("/")).join(", ");
}
