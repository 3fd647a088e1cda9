// The 18 dome plates of Azul Duel (docs/duel-rules.md D4) and their rotations, for drawing plates that are
// not on a dome yet (the display, revealed plates). Plates on a dome come drawn in the state's `layout`.

// Cells as [top-left, top-right, bottom-left, bottom-right]; B blue, T white (turquoise), Y yellow,
// R red, K black, W wild, S special.
const PLATE_TEXT = [
  "YKTS", "WBTK", "TRBW", "KYRW", "KSTR", "TYWK",
  "SKRB", "YBKS", "TRBS", "YRWB", "YSKR", "TKRW",
  "BKST", "RTYW", "TBWY", "STYB", "RWBK", "SYBR",
];

const KIND_OF_LETTER = { B: "blue", T: "white", Y: "yellow", R: "red", K: "black", W: "wild", S: "special" };

export const PLATES = PLATE_TEXT.map((text) => [...text].map((letter) => KIND_OF_LETTER[letter]));

// `rotation` clockwise quarter turns; one turn takes [TL, TR, BL, BR] to [BL, TL, BR, TR].
export function rotatedCells(plate, rotation) {
  let cells = PLATES[plate];
  for (let turn = 0; turn < rotation; turn += 1) cells = [cells[2], cells[0], cells[3], cells[1]];
  return cells;
}
