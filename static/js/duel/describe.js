// The words of the Azul Duel move log: "took blue from sun 2 → line 3".

import { KIND_SYMBOLS } from "../shared/tiles.js";

const LARGE = 4;

export function describeDuelMove(move) {
  const line = (value) => (value === "broken" ? "the broken tiles" : `line ${Number(value) + 1}`);
  switch (move.type) {
    case "opening_plate":
    case "take_plate":
      return `took display plate ${move.display + 1} → dome slot ${move.slot + 1}`;
    case "buy_plate":
      return "bought a plate from the stack (1 point)";
    case "keep_plate":
      return `kept revealed plate ${move.revealed + 1} → dome slot ${move.slot + 1}`;
    case "return_plate":
      return `put revealed plate ${move.revealed + 1} under the stack`;
    case "sun": {
      const order = move.moon_order && move.moon_order.length ? ` (moon: ${move.moon_order.map((c) => KIND_SYMBOLS[c]).join("")})` : "";
      const sun = move.factory === LARGE ? "the large sun" : `sun ${move.factory + 1}`;
      return `took ${move.color} from ${sun} → ${line(move.line)}${order}`;
    }
    case "moon":
      return `took ${move.color} from the moons → ${line(move.line)}`;
    case "chip":
      return `took the chip of factory ${move.factory + 1}`;
    case "pass":
      return "passed";
    case "pay_chips":
      return `paid ${move.chips.join(", ")} for line ${move.line + 1}`;
    case "skip_chips":
      return `kept the chips for later (line ${move.line + 1})`;
    case "place_tile":
      return `tiled line ${move.line + 1} in column ${move.column + 1}`;
    default:
      return move.type || "moved";
  }
}

