// Draws an Azul Duel game (the engine's public JSON, docs/engine.md "Azul Duel") as HTML: the five
// factories with sun and moon, the plate display and stack, both domes, lines, broken tiles, chips and
// objectives. Pure rendering from a view object; clicks call the controller's handlers. What is lit
// comes from the server's legal moves (choices.js), never from a copy of the rules.

import { abortedHeading, clockText, seatName } from "../azul/board.js";
import { COLOURS, colourName } from "../azul/colours.js";
import { h } from "../azul/dom.js";
import { entryChoices, lineChoices, orderChoices, slotChoices } from "./choices.js";
import { rotatedCells } from "./plates.js";

// Azul Duel's own letters (spec/duel.md D4): white is T (turquoise), so W can mean a wild cell.
export const DUEL_LETTERS = { blue: "B", yellow: "Y", red: "R", black: "K", white: "T", wild: "W", special: "S" };
const BROKEN_COSTS = [-1, -2, -3, -4];
const LARGE = 4;
const OBJECTIVES = {
  "1A": "3 per complete row",
  "1B": "4 per row with 5 colours",
  "2A": "7 per complete column",
  "2B": "1 per tile on the edge",
  "3A": "10 per complete diagonal",
  "3B": "3 per top corner plate, 8 per bottom one",
  "4A": "2 per wild cell if all are filled",
  "4B": "−3 per empty special cell",
};

function kindName(kind) {
  return kind === "special" ? "Special" : kind === "wild" ? "Wild" : colourName(kind);
}

export function duelTile(kind, { tag = "span", extraClass = null, props = {} } = {}) {
  return h(
    tag,
    { class: ["tile", `tile--${kind}`, extraClass], title: kindName(kind), "aria-label": `${kindName(kind)} tile`, ...props },
    h("span", { class: "tile__letter", text: DUEL_LETTERS[kind], "aria-hidden": "true" }),
  );
}

function firstPlayerTile(extraClass = null) {
  return h(
    "span",
    { class: ["tile", "tile--marker", extraClass], title: "First-player tile (−2 at the round's end)", "aria-label": "First-player tile" },
    h("span", { class: "tile__letter", text: "1", "aria-hidden": "true" }),
  );
}

function chipElement(name, { class: extraClass, ...props } = {}) {
  const colours = name ? name.split("+") : [];
  return h(
    props.onclick ? "button" : "span",
    {
      title: name ? `Bonus chip: ${colours.map(colourName).join(" or ")}` : "Bonus chip (face down)",
      type: props.onclick ? "button" : undefined,
      ...props,
      class: ["chip", colours.length === 2 && "chip--two", !name && "chip--down", extraClass],
    },
    name ? colours.map((colour) => h("span", { class: `chip__half tile--${colour}`, text: DUEL_LETTERS[colour] })) : h("span", { text: "?" }),
  );
}

function activate(props, onPick) {
  return Object.assign(props, {
    role: "button",
    tabindex: "0",
    onclick: onPick,
    onkeydown: (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        onPick();
      }
    },
  });
}

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
      const order = move.moon_order && move.moon_order.length ? ` (moon: ${move.moon_order.map((c) => DUEL_LETTERS[c]).join("")})` : "";
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

// ---- the factories ---------------------------------------------------------------------------------

function sunGroups(view, choices, factory, index) {
  const counts = COLOURS.map((colour) => ({ colour, count: factory.sun.filter((t) => t === colour).length })).filter((g) => g.count);
  const sun = h("div", { class: "dfactory__sun", "aria-label": "Sun" });
  for (const { colour, count } of counts) {
    const legal = choices.sun.has(`${index}:${colour}`);
    const selected = view.selection && view.selection.kind === "sun" && view.selection.factory === index && view.selection.color === colour;
    for (let k = 0; k < count; k += 1) {
      const props = { "data-sun": `${index}:${colour}` };
      if (legal) {
        Object.assign(props, { "data-choice": "sun", type: "button", onclick: () => view.handlers.select({ kind: "sun", factory: index, color: colour }) });
      }
      sun.append(duelTile(colour, { tag: legal ? "button" : "span", extraClass: [legal && "is-pickable", selected && "is-selected"].filter(Boolean).join(" "), props }));
    }
  }
  if (!counts.length) sun.append(h("span", { class: "dfactory__empty", text: "sun" }));
  return sun;
}

function moonTiles(view, choices, factory, index) {
  const small = index !== LARGE;
  const moon = h("div", { class: ["dfactory__moon", small ? "dfactory__moon--stack" : "dfactory__moon--loose"], "aria-label": small ? "Moon stack, top first" : "Moon" });
  if (!small && view.state.first_player_tile === "large_moon") moon.append(firstPlayerTile());
  factory.moon.forEach((colour, position) => {
    // Only a stack's top tile can be taken (D13); every loose tile of the large moon can.
    const reachable = !small || position === 0;
    const legal = reachable && choices.moon.has(colour);
    const selected = reachable && view.selection && view.selection.kind === "moon" && view.selection.color === colour;
    const props = { "data-moon": colour };
    if (legal) Object.assign(props, { "data-choice": "moon", type: "button", onclick: () => view.handlers.select({ kind: "moon", color: colour }) });
    moon.append(
      duelTile(colour, {
        tag: legal ? "button" : "span",
        extraClass: [small && position === 0 && "is-top", legal && "is-pickable", selected && "is-selected"].filter(Boolean).join(" "),
        props,
      }),
    );
  });
  if (small && factory.moon.length > 1) moon.prepend(h("span", { class: "dfactory__top", text: "top" }));
  if (!factory.moon.length && !(index === LARGE && view.state.first_player_tile === "large_moon")) {
    moon.append(h("span", { class: "dfactory__empty", text: "moon" }));
  }
  return moon;
}

function renderFactory(view, choices, factory, index) {
  const parts = [h("span", { class: "dfactory__label", text: index === LARGE ? "Large" : String(index + 1) }), sunGroups(view, choices, factory, index), moonTiles(view, choices, factory, index)];
  if (factory.chip) {
    const legal = choices.chips.has(index);
    const props = legal ? { "data-choice": "chip", onclick: () => view.handlers.send({ type: "chip", factory: index }), class: "is-pickable" } : {};
    parts.push(h("div", { class: "dfactory__chip" }, chipElement(factory.chip.face_up ? factory.chip.colors : null, props)));
  }
  const lastFactory = view.lastMove && view.lastMove.move.factory;
  return h("div", { class: ["dfactory", index === LARGE && "dfactory--large", lastFactory === index && "is-last-source"], "data-factory": String(index) }, parts);
}

// ---- plates ----------------------------------------------------------------------------------------

function plateElement(plate, rotation, { class: extraClass, ...props } = {}) {
  const cells = rotatedCells(plate, rotation);
  return h(
    props.onclick ? "button" : "div",
    { title: `Plate ${plate}`, type: props.onclick ? "button" : undefined, ...props, class: ["dplate", extraClass] },
    cells.map((kind) => cellElement(kind, null)),
  );
}

function renderPlates(view, choices) {
  const { state } = view;
  const selection = view.selection && view.selection.kind === "plate" ? view.selection : null;
  const display = state.plate_display.map((plate, index) => {
    const legal = choices.display.has(index);
    const selected = selection && selection.from === "display" && selection.index === index;
    const props = { class: [legal && "is-pickable", selected && "is-selected"].filter(Boolean).join(" "), "data-display": String(index) };
    if (legal) Object.assign(props, { "data-choice": "plate", onclick: () => view.handlers.select({ kind: "plate", from: "display", index }) });
    return plateElement(plate, 0, props);
  });
  const revealed = state.revealed_plates.map((plate, index) => {
    const keep = choices.revealed.has(index);
    const back = choices.returnable.has(index);
    const selected = selection && selection.from === "revealed" && selection.index === index;
    const props = { class: [(keep || back) && "is-pickable", selected && "is-selected"].filter(Boolean).join(" "), "data-revealed": String(index) };
    if (keep) Object.assign(props, { "data-choice": "plate", onclick: () => view.handlers.select({ kind: "plate", from: "revealed", index }) });
    else if (back) Object.assign(props, { "data-choice": "return", onclick: () => view.handlers.send({ type: "return_plate", revealed: index }) });
    return plateElement(plate, 0, props);
  });
  const stack = h("div", { class: "dplates__stack", title: "Face-down plates (1 point each)" }, [
    // A count in the public form; the full form (a finished game) lists the plates.
    h("span", { class: "dplates__count", text: String(Array.isArray(state.plate_stack) ? state.plate_stack.length : state.plate_stack) }),
    h("span", { class: "muted", text: "in stack" }),
  ]);
  return h("section", { class: "dplates", "aria-label": "Dome plates" }, [
    h("div", { class: "dplates__row" }, [h("span", { class: "dplates__title", text: "Display" }), ...display, stack]),
    revealed.length ? h("div", { class: "dplates__row" }, [h("span", { class: "dplates__title", text: "Revealed" }), ...revealed]) : null,
  ]);
}

function renderObjectives(state) {
  return h("section", { class: "dobjectives", "aria-label": "Objectives" }, [
    h("span", { class: "dplates__title", text: "Objectives" }),
    ...state.objectives.map((o) => h("span", { class: "dobjective", title: `Tablet ${o.tablet}, side ${o.side}` }, [h("b", { text: `${o.tablet}${o.side}` }), ` ${OBJECTIVES[`${o.tablet}${o.side}`] || ""}`])),
  ]);
}

// ---- a player's board -------------------------------------------------------------------------------

function cellElement(kind, tile, extra = {}) {
  if (tile) return duelTile(tile, { extraClass: ["dcell", "dcell--filled", extra.class].filter(Boolean).join(" "), props: extra.props });
  if (!kind) return h("span", { class: ["dcell", "dcell--none", extra.class], ...(extra.props || {}) });
  return h(
    "span",
    { class: ["dcell", "dcell--ghost", `tile--${kind}`, extra.class], title: `${kindName(kind)} cell`, ...(extra.props || {}) },
    h("span", { class: "tile__letter", text: DUEL_LETTERS[kind], "aria-hidden": "true" }),
  );
}

function renderDome(view, board, index, mine, choices) {
  const plateSelection = mine && view.selection && view.selection.kind === "plate" ? view.selection : null;
  const slots = plateSelection ? slotChoices(view.moves, plateSelection) : new Map();
  const last = view.lastMove && view.lastMove.player === index ? view.lastMove.move : null;
  const dome = h("div", { class: "dome", "aria-label": "Dome" });
  for (let slot = 0; slot < 9; slot += 1) {
    const sr = Math.floor(slot / 3);
    const sc = slot % 3;
    const legal = slots.has(slot) && slots.get(slot).includes(view.rotation);
    const props = { class: ["dome__slot", board.dome[sr][sc] && "has-plate", legal && "is-legal", last && last.slot === slot && "is-last"], "data-slot": String(slot) };
    if (legal) activate(Object.assign(props, { "data-choice": "slot", "aria-label": `Slot ${slot + 1}` }), () => view.handlers.placePlate(slot));
    const element = h("div", props);
    for (let dr = 0; dr < 2; dr += 1) {
      for (let dc = 0; dc < 2; dc += 1) {
        const row = sr * 2 + dr;
        const column = sc * 2 + dc;
        let kind = board.layout[row][column];
        // Preview the selected plate where it would go.
        if (legal && !kind) kind = rotatedCells(plateSelection.from === "display" ? view.state.plate_display[plateSelection.index] : view.state.revealed_plates[plateSelection.index], view.rotation)[dr * 2 + dc];
        const key = `${row}:${column}`;
        const cellLegal = mine && choices.cells.has(key);
        const extra = { class: [cellLegal && "is-legal", last && last.type === "place_tile" && last.line === row && last.column === column && "is-last"].filter(Boolean).join(" "), props: { "data-cell": key } };
        if (cellLegal) activate(Object.assign(extra.props, { "data-choice": "cell", "aria-label": `Row ${row + 1}, column ${column + 1}` }), () => view.handlers.send({ type: "place_tile", line: row, column }));
        element.append(cellElement(kind, board.grid[row][column], extra));
      }
    }
    dome.append(element);
  }
  return dome;
}

function renderLines(view, board, index, mine) {
  const selection = mine && view.selection && (view.selection.kind === "sun" || view.selection.kind === "moon") ? view.selection : null;
  // Once a line is chosen for a sun group, only the moon order is left to choose.
  const chosen = selection && selection.line !== undefined ? String(selection.line) : null;
  const targets = selection && chosen === null ? lineChoices(view.moves, selection) : null;
  const pending = view.state.pending;
  const tilingLine = pending && pending.player === index && (pending.decision === "chips" || pending.decision === "cell") ? pending.line : null;
  const lines = h("div", { class: "dlines", "aria-label": "Pattern lines" });
  board.lines.forEach((line, row) => {
    const legal = targets !== null && targets.some((t) => String(t) === String(row));
    const props = { class: ["pline", "dline", (legal || chosen === String(row)) && "is-legal", targets !== null && !legal && "is-blocked", tilingLine === row && "is-pending"], "data-line": String(row) };
    if (legal) activate(Object.assign(props, { "data-choice": "line", "aria-label": `Line ${row + 1}` }), () => view.handlers.pickLine(row));
    const element = h("div", props);
    for (let cell = 0; cell <= row; cell += 1) {
      const fromRight = row - cell; // lines fill from the dome side
      let content;
      if (fromRight < line.count) content = duelTile(line.color, { extraClass: "pline__tile" });
      else if (fromRight < line.count + (line.chips || 0)) content = h("span", { class: "slot slot--chip", title: "paid with chips", text: "◎" });
      else content = h("span", { class: "slot" });
      element.append(content);
    }
    lines.append(element);
  });
  return { lines, brokenLegal: targets !== null && targets.includes("broken"), brokenChosen: chosen === "broken" };
}

function renderBroken(view, board, brokenLegal, brokenChosen) {
  const props = { class: ["dbroken", (brokenLegal || brokenChosen) && "is-legal"], "aria-label": "Broken tiles" };
  if (brokenLegal) activate(Object.assign(props, { "data-choice": "line", "data-line": "broken" }), () => view.handlers.pickLine("broken"));
  return h(
    "div",
    props,
    BROKEN_COSTS.map((cost, space) =>
      h("div", { class: "floor__space" }, [board.broken[space] ? duelTile(board.broken[space]) : h("span", { class: "slot" }), h("span", { class: "floor__penalty", text: String(cost) })]),
    ),
  );
}

function renderBoard(view, index, choices) {
  const { state, seats } = view;
  const board = state.boards[index];
  const seat = seats[index];
  const current = !view.over && state.current_player === index;
  const mine = view.me === index;
  const badges = [];
  if (mine) badges.push(h("span", { class: "badge badge--you", text: "you" }));
  if (seat && seat.is_bot) badges.push(h("span", { class: "badge", text: `bot · ${seat.bot_level || ""}` }));
  if (seat && seat.left) badges.push(h("span", { class: "badge badge--left", text: "left" }));
  if (view.winners && view.winners.includes(index)) badges.push(h("span", { class: "badge badge--winner", text: "winner" }));
  if (board.passed) badges.push(h("span", { class: "badge", text: "passed" }));
  const { lines, brokenLegal, brokenChosen } = renderLines(view, board, index, mine);
  const head = h("header", { class: "pboard__head" }, [
    h("span", { class: "pboard__name", text: seatName(seat, index) }),
    ...badges,
    h("span", { class: "pboard__spacer" }),
    h("span", { class: ["clock", current && "is-running"], "data-clock-for": String(index), text: clockText(view, index) }),
    h("span", { class: "pboard__score", "data-score-for": String(index), title: "Score", text: String(board.score) }),
  ]);
  const plateNote = state.round <= 4 && !view.over ? `plates ${board.plates_taken}/2` : "";
  return h("section", { class: ["pboard", "dboard", current && "pboard--current", mine && "pboard--me"], "data-player": String(index), "aria-label": `Board of ${seatName(seat, index)}` }, [
    head,
    h("div", { class: "dboard__body" }, [lines, renderDome(view, board, index, mine, choices)]),
    h("div", { class: "dboard__foot" }, [
      renderBroken(view, board, brokenLegal, brokenChosen),
      h("div", { class: "dboard__chips", "aria-label": "Bonus chips" }, board.chips.length ? board.chips.map((name) => chipElement(name)) : [h("span", { class: "muted", text: "no chips" })]),
      state.first_player_tile === index ? firstPlayerTile() : null,
      plateNote ? h("span", { class: "muted dboard__plates", text: plateNote }) : null,
    ]),
  ]);
}

// ---- the decision bar: what to do now, and the buttons that are whole moves ----------------------------

function pendingText(view) {
  const { state } = view;
  if (view.over) return "Game over";
  const pending = state.pending || {};
  const name = seatName(view.seats[state.current_player], state.current_player);
  if (view.me !== state.current_player) return `${name} to move`;
  const selection = view.selection;
  if (selection && selection.kind === "plate") return "Your turn: choose a rotation and a lit dome slot";
  if (selection && selection.kind === "sun" && selection.line !== undefined) return "Your turn: choose the order of the moon stack (top first)";
  if (selection && (selection.kind === "sun" || selection.kind === "moon")) return `Your turn: put ${selection.color} on a lit line or the broken tiles`;
  switch (pending.decision) {
    case "opening_plate":
      return "Your turn: choose an opening plate from the display";
    case "action":
      return pending.plates_owed ? `Your turn: take tiles, a chip, or a plate (${pending.plates_owed} still to take)` : "Your turn: take tiles from a sun or the moons, or a chip";
    case "keep_or_buy_plate":
      return "Your turn: keep a revealed plate, or buy another";
    case "return_plate":
      return "Your turn: choose the plate that goes under the stack next";
    case "chips":
      return `Your turn: complete line ${pending.line + 1} with chips?`;
    case "cell":
      return `Your turn: choose the cell for line ${pending.line + 1}`;
    default:
      return "Your turn";
  }
}

function buttonLabel(move) {
  if (move.type === "buy_plate") return "Buy a plate (1 point)";
  if (move.type === "pass") return "Pass";
  if (move.type === "skip_chips") return "Keep my chips";
  if (move.type === "pay_chips") return `Pay ${move.chips.join(" + ")}`;
  return move.type;
}

function renderDecision(view, choices) {
  const items = [h("span", { class: ["status__turn", view.me === view.state.current_player && !view.over && "is-mine"], "data-status": "", text: pendingText(view) })];
  const selection = view.selection;
  if (selection && selection.kind === "plate") {
    const plate = selection.from === "display" ? view.state.plate_display[selection.index] : view.state.revealed_plates[selection.index];
    const rotations = new Set([...slotChoices(view.moves, selection).values()].flat());
    for (let rotation = 0; rotation < 4; rotation += 1) {
      if (!rotations.has(rotation)) continue;
      items.push(plateElement(plate, rotation, { class: ["dplate--small", rotation === view.rotation && "is-selected"].filter(Boolean).join(" "), "data-rotation": String(rotation), title: `Rotation ${rotation}`, onclick: () => view.handlers.rotate(rotation) }));
    }
  }
  if (selection && selection.kind === "sun" && selection.line !== undefined) {
    for (const move of orderChoices(view.moves, selection, selection.line)) {
      items.push(
        h("button", { type: "button", class: "button dorder", "data-choice": "order", title: "Moon stack, top first", onclick: () => view.handlers.send(move) }, move.moon_order.map((colour) => duelTile(colour))),
      );
    }
  }
  if (!selection) {
    for (const move of choices.buttons) {
      items.push(h("button", { type: "button", class: "button", "data-choice": move.type, onclick: () => view.handlers.send(move), text: buttonLabel(move) }));
    }
  }
  if (selection) items.push(h("button", { type: "button", class: "button button--quiet", onclick: () => view.handlers.cancel(), text: "Cancel" }));
  return h("div", { class: "ddecision" }, items);
}

// ---- status, end screen -------------------------------------------------------------------------------

function renderStatus(view) {
  const items = [h("span", { class: "status__round", text: view.state.phase === "opening" ? "Opening" : `Round ${view.state.round} of 5` })];
  items.push(h("span", { class: "status__spacer" }));
  if (view.spectators) items.push(h("span", { class: "status__spectators", text: `${view.spectators} watching` }));
  if (view.me === null) items.push(h("span", { class: "badge", text: "spectating" }));
  items.push(h("span", { class: ["status__conn", `is-${view.connection}`], text: { open: "live", connecting: "connecting…", closed: "reconnecting…" }[view.connection] || view.connection || "" }));
  items.push(h("span", { class: "status__version", "data-version": String(view.version), text: `move ${view.version}` }));
  return h("div", { class: "status", role: "status" }, items);
}

function renderEndScreen(view) {
  const { state, result } = view;
  const ranks = result && Array.isArray(result.ranks) ? result.ranks : state.boards.map(() => null);
  const order = state.boards.map((_b, i) => i).sort((a, b) => (ranks[a] ?? 0) - (ranks[b] ?? 0));
  const winners = view.winners || [];
  const names = winners.map((index) => seatName(view.seats[index], index));
  const endedBy = result && result.ended_by && result.ended_by !== "normal" ? ` (ended by ${result.ended_by})` : "";
  const objectives = (result && result.objectives) || [];
  const rows = order.map((index) =>
    h("tr", { class: winners.includes(index) && "is-winner", "data-final-for": String(index) }, [
      h("td", { text: ranks[index] === null ? "" : String(ranks[index]) }),
      h("td", { class: "endscreen__name", text: seatName(view.seats[index], index) }),
      h("td", { text: (objectives[index] || []).map((o) => `${o.tablet}${o.side}: ${o.points}`).join(", ") }),
      h("td", { class: "final-score", text: String((result && result.scores ? result.scores[index] : state.boards[index].score)) }),
    ]),
  );
  return h("section", { class: "endscreen", "data-endscreen": "", "aria-label": "Final result" }, [
    h("h2", { text: abortedHeading(view, result) || (winners.length > 1 ? `Shared victory: ${names.join(" & ")}` : `${names[0] || "Nobody"} wins${endedBy}`) }),
    h("table", { class: "endscreen__table" }, [
      h("thead", {}, h("tr", {}, ["#", "Player", "Objectives", "Final"].map((label) => h("th", { text: label })))),
      h("tbody", {}, rows),
    ]),
    view.seed !== null && view.seed !== undefined
      ? h("div", { class: "fairness" }, [h("span", { class: "muted", text: "seed " }), h("code", { text: String(view.seed) }), h("span", { class: "fairness__check", "data-commitment-check": "", text: ` ${view.commitmentCheck || ""}` })])
      : null,
    h("p", {}, [view.gameId ? h("a", { class: "button button--quiet", href: `/games/${view.gameId}/replay`, "data-replay-link": "", text: "Replay" }) : null, " ", h("a", { class: "button", href: "/lobby/", text: "Back to the lobby" })]),
  ]);
}

// The whole Duel game; `view` comes from the controller (azul/game-view.js) or the replay page.
export function renderDuelGame(view, { log = null } = {}) {
  const { state } = view;
  const choices = entryChoices(view.moves || []);
  const order = state.boards.map((_b, index) => index);
  if (view.me !== null && view.me !== undefined) order.sort((a, b) => (a === view.me ? -1 : b === view.me ? 1 : a - b));
  const children = [renderStatus(view), renderDecision(view, choices)];
  if (view.errorText) children.push(h("div", { class: "alert", role: "alert", "data-error": "", text: view.errorText }));
  if (view.hintText) children.push(h("div", { class: "notice", "data-hint-text": "", text: view.hintText }));
  if (view.over && view.showEnd !== false) children.push(renderEndScreen(view));
  const market = h("div", { class: "dmarket" }, [
    h("section", { class: "dfactories", "aria-label": "Factories: sun and moon" }, state.factories.map((factory, index) => renderFactory(view, choices, factory, index))),
    renderPlates(view, choices),
    renderObjectives(state),
  ]);
  children.push(h("div", { class: "duel__play" }, [market, h("div", { class: "dboards" }, order.map((index) => renderBoard(view, index, choices)))]));
  if (log) children.push(log);
  return h(
    "div",
    {
      class: ["game", "game--duel", view.pending && "is-pending"],
      "data-game": "",
      "data-ruleset": "duel",
      "data-version": String(view.version),
      "data-phase": state.phase,
      "data-my-turn": view.moves && view.moves.length ? "true" : "false",
    },
    children,
  );
}
