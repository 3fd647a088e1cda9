// The legend of every Azul Duel symbol, drawn with the board's own components, so what it shows is
// exactly what the board shows. Always visible (under the Duel board and on the rules page), not
// only in hover titles.

import { h } from "../shared/dom.js";
import { tileElement } from "../shared/tiles.js";
import { renderFactory } from "./board.js";
import { entryChoices } from "./choices.js";
import { BROKEN_COSTS, OBJECTIVES, cellElement, chipElement, firstPlayerTile, plateElement } from "./components.js";
import { fmt, gettext } from "../shared/i18n.js";
import { letterLegend } from "../shared/colours.js";

const NO_CHOICES = entryChoices([]);

// One part (".dfactory__sun" or ".dfactory__moon") of a factory drawn by the board itself.
function factoryPart(factory, index, part) {
  const view = { state: { first_player_tile: index === 4 ? "large_moon" : null }, selection: null, lastMove: null, handlers: {} };
  return renderFactory(view, NO_CHOICES, factory, index).querySelector(part);
}

function item(key, picture, name, meaning) {
  return h("li", { class: "dlegend__item", "data-legend": key }, [
    h("span", { class: "dlegend__picture", "aria-hidden": "true" }, picture),
    h("span", { class: "dlegend__words" }, [h("strong", { text: name }), " ", h("span", { text: meaning })]),
  ]);
}

// objectives: the game's [{tablet, side}] (all eight when null, for the rules page).
export function renderDuelLegend({ objectives = null } = {}) {
  const shown = objectives || [1, 2, 3, 4].flatMap((tablet) => ["A", "B"].map((side) => ({ tablet, side })));
  const items = [
    item("sun", factoryPart({ sun: ["red", "red", "blue", "black"], moon: [], chip: null }, 0, ".dfactory__sun"), gettext("Sun"), gettext("(the yellow half of a factory): take every tile of one colour; the rest go to its moon.")),
    item("moon", factoryPart({ sun: [], moon: ["black", "blue"], chip: null }, 1, ".dfactory__moon"), gettext("Moon"), gettext("(the blue half): a small factory's moon is a stack, top first; a moon action takes the top tile of every moon showing your colour.")),
    item("large-moon", factoryPart({ sun: [], moon: ["yellow"], chip: null }, 4, ".dfactory__moon"), gettext("Large moon"), gettext("the large factory (5 tiles on its sun) has a loose moon, which holds the first-player tile until someone takes from it.")),
    item("first-player", firstPlayerTile(), gettext("First-player tile"), gettext("its holder starts the next round and loses 2 points at the round's end.")),
    item("chip-down", chipElement(null), gettext("Bonus chip, face down"), gettext("under each small moon; it turns face up when that factory is empty.")),
    item("chip", [chipElement("red"), chipElement("blue+yellow")], gettext("Bonus chips"), gettext("one colour or two (either colour). 2 chips of a line's colour, or any 3, pay for one missing tile.")),
    item("plate", plateElement(2, 0), gettext("Dome plate"), gettext("2×2 cells: three colours and one wild or special cell; placed in a slot of your dome, turned as you like.")),
    item("colour-cell", cellElement("red", null), gettext("Colour cell"), gettext("takes a tile of its colour only.")),
    item("wild", cellElement("wild", null), gettext("Wild cell"), gettext("takes a tile of any colour.")),
    item("special", cellElement("special", null), gettext("Special cell"), gettext("fills itself with a special tile once the plate's three other cells are filled, and scores its row number.")),
    item("tile", tileElement("white"), gettext("Tile"), fmt(gettext("its letter and pattern tell the colour: %(letters)s."), { letters: letterLegend() })),
    item("chip-paid", h("span", { class: "slot slot--chip", text: "◎" }), gettext("Paid with chips"), gettext("a space of a pattern line paid for with chips.")),
    item("broken", h("span", { class: "dlegend__costs", text: BROKEN_COSTS.join(" ") }), gettext("Broken tiles"), gettext("tiles that fit nowhere: the four spaces cost 1, 2, 3 and 4 points.")),
  ];
  const objectiveItems = shown.map(({ tablet, side }) =>
    h("li", { class: "dlegend__objective", "data-objective": `${tablet}${side}` }, [h("b", { text: `${tablet}${side}` }), ` ${OBJECTIVES[`${tablet}${side}`] || ""}`]),
  );
  return h("section", { class: "dlegend", "aria-label": gettext("Symbols"), "data-testid": "duel-legend" }, [
    h("h2", { class: "panel-title", text: gettext("Symbols") }),
    h("ul", { class: "dlegend__list" }, items),
    h("h3", { class: "panel-title", text: objectives ? gettext("Objectives of this game (scored after round 5)") : gettext("Objectives (3 per game, scored after round 5)") }),
    h("ul", { class: "dlegend__objectives" }, objectiveItems),
  ]);
}
