// Draws an Azul Duel game (the engine's public JSON, docs/engine.md "Azul Duel") as HTML: the five
// factories with sun and moon, the plate display and stack, both domes, lines, broken tiles, chips and
// objectives. Pure rendering from a view object; clicks call the controller's handlers. What is lit
// comes from the server's legal moves (choices.js), never from a copy of the rules.

import { boardHead, boardLabel, isExpanded, seatBadges } from "../shared/board-head.js";
import { COLOURS, chipsInWords, colourName } from "../shared/colours.js";
import { h } from "../shared/dom.js";
import { seatName } from "../shared/names.js";
import { renderStatusBar } from "../shared/status.js";
import { tileElement } from "../shared/tiles.js";
import { renderProposal } from "../shared/proposal.js";
import { entryChoices, lineChoices, movesOf, orderChoices, slotChoices } from "./choices.js";
import { chipElement, firstPlayerTile, platePreview, plateElement, renderBroken, renderDome, renderDuelLines, renderObjectives } from "./components.js";
import { describeDuelMove, duelPreviewText } from "./describe.js";
import { renderDuelEndScreen } from "./end-screen.js";
import { renderDuelLegend } from "./legend.js"; // (legend.js draws sample factories with renderFactory)
import { gettext, fmt } from "../shared/i18n.js";

function previewOf(view, move) {
  const index = (view.moves || []).indexOf(move);
  return index >= 0 && view.previews ? view.previews[index] || null : null;
}

const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const LARGE = 4;

// ---- the factories ---------------------------------------------------------------------------------

function sunGroups(view, choices, factory, index) {
  const counts = COLOURS.map((colour) => ({ colour, count: factory.sun.filter((t) => t === colour).length })).filter((g) => g.count);
  const sun = h("div", { class: "dfactory__sun", "aria-label": gettext("Sun") });
  for (const { colour, count } of counts) {
    const legal = choices.sun.has(`${index}:${colour}`);
    const selected = view.selection && view.selection.kind === "sun" && view.selection.factory === index && view.selection.color === colour;
    for (let k = 0; k < count; k += 1) {
      const props = { "data-sun": `${index}:${colour}` };
      if (legal) {
        Object.assign(props, { "data-choice": "sun", type: "button", onclick: () => view.handlers.select({ kind: "sun", factory: index, color: colour }) });
      }
      sun.append(tileElement(colour, { tag: legal ? "button" : "span", extraClass: [legal && "is-pickable", selected && "is-selected"].filter(Boolean).join(" "), props }));
    }
  }
  if (!counts.length) sun.append(h("span", { class: "dfactory__empty", text: gettext("sun") }));
  return sun;
}

function moonTiles(view, choices, factory, index) {
  const small = index !== LARGE;
  const moon = h("div", { class: ["dfactory__moon", small ? "dfactory__moon--stack" : "dfactory__moon--loose"], "aria-label": small ? gettext("Moon stack, top first") : gettext("Moon") });
  if (!small && view.state.first_player_tile === "large_moon") moon.append(firstPlayerTile());
  factory.moon.forEach((colour, position) => {
    // Only a stack's top tile can be taken (D13); every loose tile of the large moon can.
    const reachable = !small || position === 0;
    const legal = reachable && choices.moon.has(colour);
    const selected = reachable && view.selection && view.selection.kind === "moon" && view.selection.color === colour;
    const props = { "data-moon": colour };
    if (legal) Object.assign(props, { "data-choice": "moon", type: "button", onclick: () => view.handlers.select({ kind: "moon", color: colour }) });
    moon.append(
      tileElement(colour, {
        tag: legal ? "button" : "span",
        extraClass: [small && position === 0 && "is-top", legal && "is-pickable", selected && "is-selected"].filter(Boolean).join(" "),
        props,
      }),
    );
  });
  if (small && factory.moon.length > 1) moon.prepend(h("span", { class: "dfactory__top", text: gettext("top") }));
  if (!factory.moon.length && !(index === LARGE && view.state.first_player_tile === "large_moon")) {
    moon.append(h("span", { class: "dfactory__empty", text: gettext("moon") }));
  }
  return moon;
}

export function renderFactory(view, choices, factory, index) {
  const parts = [h("span", { class: "dfactory__label", text: index === LARGE ? gettext("Large") : String(index + 1) }), sunGroups(view, choices, factory, index), moonTiles(view, choices, factory, index)];
  if (factory.chip) {
    const legal = choices.chips.has(index);
    const props = legal ? { "data-choice": "chip", onclick: () => view.handlers.send({ type: "chip", factory: index }), class: "is-pickable" } : {};
    parts.push(h("div", { class: "dfactory__chip" }, chipElement(factory.chip.face_up ? factory.chip.colors : null, props)));
  }
  const lastFactory = view.lastMove && view.lastMove.move.factory;
  return h("div", { class: ["dfactory", index === LARGE && "dfactory--large", lastFactory === index && "is-last-source"], "data-factory": String(index) }, parts);
}

// ---- plates ----------------------------------------------------------------------------------------

// The selected plate, drawn as it would be placed, with a ↻ control on it that turns it to the next
// rotation the legal moves allow (they are the server's: slotChoices).
function rotatablePlate(view, plate, props) {
  const rotations = [...new Set([...slotChoices(view.moves, view.selection).values()].flat())].sort();
  const next = rotations[(rotations.indexOf(view.rotation) + 1) % rotations.length];
  const control = rotations.length > 1
    ? h("button", {
        type: "button",
        class: "dplate__rotate",
        "data-rotation": String(next),
        "aria-label": fmt(gettext("Turn the plate (rotation %(rotation)s of %(count)s)"), { rotation: rotations.indexOf(view.rotation) + 1, count: rotations.length }),
        title: gettext("Turn the plate"),
        onclick: () => view.handlers.rotate(next),
        text: "↻",
      })
    : null;
  return h("span", { class: "dplate-holder", "data-rotation-shown": String(view.rotation) }, [plateElement(plate, view.rotation, props), control]);
}

export function renderPlates(view, choices) {
  const { state } = view;
  const selection = view.selection && view.selection.kind === "plate" ? view.selection : null;
  const display = state.plate_display.map((plate, index) => {
    const legal = choices.display.has(index);
    const selected = selection && selection.from === "display" && selection.index === index;
    const props = { class: [legal && "is-pickable", selected && "is-selected"].filter(Boolean).join(" "), "data-display": String(index) };
    if (legal) Object.assign(props, { "data-choice": "plate", onclick: () => view.handlers.select({ kind: "plate", from: "display", index }) });
    return selected ? rotatablePlate(view, plate, props) : plateElement(plate, 0, props);
  });
  const revealed = state.revealed_plates.map((plate, index) => {
    const keep = choices.revealed.has(index);
    const back = choices.returnable.has(index);
    const selected = selection && selection.from === "revealed" && selection.index === index;
    const props = { class: [(keep || back) && "is-pickable", selected && "is-selected"].filter(Boolean).join(" "), "data-revealed": String(index) };
    if (keep) Object.assign(props, { "data-choice": "plate", onclick: () => view.handlers.select({ kind: "plate", from: "revealed", index }) });
    else if (back) Object.assign(props, { "data-choice": "return", onclick: () => view.handlers.send({ type: "return_plate", revealed: index }) });
    return selected ? rotatablePlate(view, plate, props) : plateElement(plate, 0, props);
  });
  const stack = h("div", { class: "dplates__stack", title: gettext("Face-down plates (1 point each)") }, [
    // A count in the public form; the full form (a finished game) lists the plates.
    h("span", { class: "dplates__count", text: String(Array.isArray(state.plate_stack) ? state.plate_stack.length : state.plate_stack) }),
    h("span", { class: "muted", text: gettext("in stack") }),
  ]);
  return h("section", { class: "dplates", "aria-label": gettext("Dome plates") }, [
    h("div", { class: "dplates__row" }, [h("span", { class: "dplates__title", text: gettext("Display") }), ...display, stack]),
    revealed.length ? h("div", { class: "dplates__row" }, [h("span", { class: "dplates__title", text: gettext("Revealed") }), ...revealed]) : null,
  ]);
}

// ---- a player's board -------------------------------------------------------------------------------

function boardParts(view, board, index, mine, choices) {
  const selection = mine && view.selection && (view.selection.kind === "sun" || view.selection.kind === "moon") ? view.selection : null;
  // Once a line is chosen for a sun group, only the moon order is left to choose.
  const chosen = selection && selection.line !== undefined ? String(selection.line) : null;
  const targets = selection && chosen === null ? lineChoices(view.moves, selection) : null;
  const pending = view.state.pending;
  const pendingLine = pending && pending.player === index && (pending.decision === "chips" || pending.decision === "cell") ? pending.line : null;
  const previews = {};
  if (targets) {
    const candidates = movesOf(view.moves, selection);
    for (const target of targets) previews[target] = duelPreviewText(previewOf(view, candidates.find((move) => String(move.line) === String(target))));
  }
  const lines = renderDuelLines(board, { targets, chosen, pendingLine, onPick: (line) => view.handlers.pickLine(line), previews });

  const plateSelection = mine && view.selection && view.selection.kind === "plate" ? view.selection : null;
  const slotMap = plateSelection ? slotChoices(view.moves, plateSelection) : new Map();
  const slots = new Set([...slotMap].filter(([, rotations]) => rotations.includes(view.rotation)).map(([slot]) => slot));
  const plate = plateSelection ? (plateSelection.from === "display" ? view.state.plate_display : view.state.revealed_plates)[plateSelection.index] : null;
  const last = view.lastMove && view.lastMove.player === index ? view.lastMove.move : null;
  const dome = renderDome(board, {
    slots,
    onSlot: (slot) => view.handlers.placePlate(slot),
    preview: plate === null ? null : platePreview(plate, view.rotation),
    cells: mine ? choices.cells : null,
    onCell: (row, column) => view.handlers.send({ type: "place_tile", line: row, column }),
    lastSlot: last && last.slot !== undefined ? last.slot : null,
    lastCell: last && last.type === "place_tile" ? `${last.line}:${last.column}` : null,
    marks: ((view.marks && view.marks[index]) || {}).cells || {},
  });
  const broken = renderBroken(board.broken, {
    lit: targets !== null && targets.includes("broken"),
    chosen: chosen === "broken",
    onPick: (line) => view.handlers.pickLine(line),
    preview: previews.broken || null,
    mark: ((view.marks && view.marks[index]) || {}).floor || null,
  });
  return { lines, dome, broken };
}

function renderBoard(view, index, choices) {
  const { state } = view;
  const board = state.boards[index];
  const current = !view.over && state.current_player === index;
  const mine = view.me === index;
  const badges = seatBadges(view, index);
  if (board.passed) badges.push(h("span", { class: "badge", text: gettext("passed") }));
  const { lines, dome, broken } = boardParts(view, board, index, mine, choices);
  const expanded = isExpanded(view, index);
  const pending = state.pending || {};
  const choosingCell = mine && pending.decision === "cell" && pending.player === index && (view.moves || []).length > 0;
  const head = boardHead(view, index, badges);
  const plateNote = state.round <= 4 && !view.over ? fmt(gettext("plates %(plates_taken)s/2"), { plates_taken: board.plates_taken }) : "";
  return h("section", { class: ["pboard", "dboard", current && "pboard--current", mine ? "pboard--me" : "pboard--opponent", expanded && "is-expanded", choosingCell && "is-choosing-cell"], "data-player": String(index), "data-nav": "", "aria-label": boardLabel(view, index) }, [
    head,
    h("div", { class: "dboard__body" }, [lines, dome]),
    h("div", { class: "dboard__foot" }, [
      broken,
      h("div", { class: "dboard__chips", "aria-label": gettext("Bonus chips") }, board.chips.length ? board.chips.map((name) => chipElement(name)) : [h("span", { class: "muted", text: gettext("no chips") })]),
      state.first_player_tile === index ? firstPlayerTile() : null,
      plateNote ? h("span", { class: "muted dboard__plates", text: plateNote }) : null,
    ]),
  ]);
}

// ---- the decision bar: what to do now, and the buttons that are whole moves ----------------------------

function pendingText(view) {
  const { state } = view;
  if (view.over) return gettext("Game over");
  const pending = state.pending || {};
  const name = seatName(view.seats[state.current_player], state.current_player);
  if (view.me !== state.current_player) return fmt(gettext("%(name)s to move"), { name });
  const selection = view.selection;
  if (selection && selection.kind === "plate") return gettext("Your turn: choose a rotation and a lit dome slot");
  if (selection && selection.kind === "sun" && selection.line !== undefined) return gettext("Your turn: choose the order of the moon stack (top first)");
  if (selection && (selection.kind === "sun" || selection.kind === "moon")) return fmt(gettext("Your turn: put %(color)s on a lit line or the broken tiles"), { color: selection.color });
  switch (pending.decision) {
    case "opening_plate":
      return gettext("Your turn: choose an opening plate from the display");
    case "action":
      return pending.plates_owed ? fmt(gettext("Your turn: take tiles, a chip, or a plate (%(plates_owed)s still to take)"), { plates_owed: pending.plates_owed }) : gettext("Your turn: take tiles from a sun or the moons, or a chip");
    case "keep_or_buy_plate":
      return gettext("Your turn: keep a revealed plate, or buy another");
    case "return_plate":
      return gettext("Your turn: choose the plate that goes under the stack next");
    case "chips":
      return fmt(gettext("Your turn: complete line %(line)s with chips?"), { line: pending.line + 1 });
    case "cell":
      return fmt(gettext("Your turn: choose the cell for line %(line)s"), { line: pending.line + 1 });
    default:
      return gettext("Your turn");
  }
}

function buttonLabel(move) {
  if (move.type === "buy_plate") return gettext("Buy a plate (1 point)");
  if (move.type === "pass") return gettext("Pass");
  if (move.type === "skip_chips") return gettext("Keep my chips");
  return move.type;
}

// D18's payments, one button each: the chips paid as pictures, then the chips kept after it (the
// engine's preview says which).
function renderPayments(view, payments) {
  const names = (chips) => chipsInWords(chips, colourName);
  return h(
    "div",
    { class: "dpay", role: "group", "aria-label": gettext("Pay with chips") },
    [h("span", { class: "dpay__legend", "aria-hidden": "true", text: gettext("chips paid → chips kept") })].concat(payments.map((move) => {
      const preview = previewOf(view, move);
      const kept = preview ? preview.chips_left : [];
      const label = kept.length ? fmt(gettext("Pay %(paid)s, keep %(kept)s"), { paid: names(move.chips), kept: names(kept) }) : fmt(gettext("Pay %(paid)s, keep no chips"), { paid: names(move.chips) });
      return h("button", { type: "button", class: "dpay__option", "data-choice": move.type, "aria-label": label, title: label, onclick: () => view.handlers.send(move) }, [
        h("span", { class: "dpay__paid" }, move.chips.map((chip) => chipElement(chip))),
        h("span", { class: "dpay__arrow", "aria-hidden": "true", text: "→" }),
        h("span", { class: "dpay__kept", "data-kept": kept.join(" ") }, kept.length ? kept.map((chip) => chipElement(chip, { class: "chip--small" })) : [h("span", { class: "muted", text: gettext("no chips") })]),
      ]);
    })),
  );
}

function renderDecision(view, choices) {
  const items = [h("span", { class: ["status__turn", view.me === view.state.current_player && !view.over && "is-mine"], "data-status": "", text: pendingText(view) })];
  const selection = view.selection;
  if (selection && selection.kind === "sun" && selection.line !== undefined) {
    for (const move of orderChoices(view.moves, selection, selection.line)) {
      items.push(
        h("button", { type: "button", class: "button dorder", "data-choice": "order", title: gettext("Moon stack, top first"), onclick: () => view.handlers.send(move) }, move.moon_order.map((colour) => tileElement(colour))),
      );
    }
  }
  if (!selection) {
    const payments = choices.buttons.filter((move) => move.type === "pay_chips");
    if (payments.length) items.push(renderPayments(view, payments));
    for (const move of choices.buttons) {
      if (move.type === "pay_chips") continue;
      items.push(h("button", { type: "button", class: "button", "data-choice": move.type, onclick: () => view.handlers.send(move), text: buttonLabel(move) }));
    }
  }
  if (selection) items.push(h("button", { type: "button", class: "button button--quiet", onclick: () => view.handlers.cancel(), text: gettext("Cancel") }));
  return h("div", { class: "ddecision", "data-nav": "" }, items);
}

// ---- status -------------------------------------------------------------------------------

function renderStatus(view) {
  return renderStatusBar(view, { round: view.state.phase === "opening" ? gettext("Opening") : fmt(gettext("Round %(round)s of 5"), { round: view.state.round }) });
}

// The whole Duel game; `view` comes from the controller (pages/game-view.js) or the replay page.
export function renderDuelGame(view, { log = null } = {}) {
  const { state } = view;
  const choices = entryChoices(view.moves || []);
  const order = state.boards.map((_b, index) => index);
  if (view.me !== null && view.me !== undefined) order.sort((a, b) => (a === view.me ? -1 : b === view.me ? 1 : a - b));
  const children = [renderStatus(view), renderDecision(view, choices)];
  if (view.proposal) {
    const preview = previewOf(view, view.proposal.move);
    const asked = capitalised(describeDuelMove(view.proposal.move, { imperative: true }));
    const text = preview ? fmt(gettext("%(move)s (%(preview)s)?"), { move: asked, preview: duelPreviewText(preview) }) : fmt(gettext("%(move)s?"), { move: asked });
    children.push(renderProposal(text, { onConfirm: () => view.handlers.confirm(), onChange: () => view.handlers.undo() }));
  }
  if (view.errorText) children.push(h("div", { class: "alert", role: "alert", "data-error": "", text: view.errorText }));
  if (view.hintText) children.push(h("div", { class: "notice", "data-hint-text": "", text: view.hintText }));
  if (view.finalScoring) {
    children.push(
      h("div", { class: "notice notice--scoring", "data-scoring-sequence": "" }, [
        h("span", { text: gettext("Last round: the final scoring") }),
        h("button", { type: "button", class: "button button--quiet", "data-skip": "", onclick: () => view.handlers.skipScoring(), text: gettext("Skip") }),
      ]),
    );
  }
  if (view.over && view.showEnd !== false) children.push(renderDuelEndScreen(view));
  const market = h("div", { class: "dmarket" }, [
    h("section", { class: "dfactories", "data-nav": "", "aria-label": gettext("Factories: sun and moon") }, state.factories.map((factory, index) => renderFactory(view, choices, factory, index))),
    renderPlates(view, choices),
    renderObjectives(state.objectives),
  ]);
  children.push(h("div", { class: "duel__play" }, [market, h("div", { class: "dboards" }, order.map((index) => renderBoard(view, index, choices)))]));
  if (log) children.push(log);
  children.push(renderDuelLegend({ objectives: state.objectives }));
  return h(
    "div",
    {
      class: ["game", "game--duel", view.pending && "is-pending"],
      "data-game": "",
      "data-ruleset": "duel",
      "data-version": String(view.version),
      "data-phase": state.phase,
      "data-round": String(state.round),
      "data-my-turn": view.moves && view.moves.length ? "true" : "false",
    },
    children,
  );
}
