// Draws a game (the engine's public JSON plus the seats) as HTML. Pure rendering: it builds elements from
// a view object and calls back the controller's handlers; it keeps no state of its own.

import { COLOURS, FLOOR_PENALTIES, LETTERS, WALL_SIZE, colourName, standardWallColour } from "./colours.js";
import { h } from "./dom.js";
import { endBonuses, legalColumns, legalTargets, pendingTilingRow } from "./rules.js";

export function tileElement(colour, { tag = "span", extraClass = null, props = {} } = {}) {
  return h(
    tag,
    {
      class: ["tile", `tile--${colour}`, extraClass],
      title: colourName(colour),
      "aria-label": `${colourName(colour)} tile`,
      ...props,
    },
    h("span", { class: "tile__letter", text: LETTERS[colour], "aria-hidden": "true" }),
  );
}

export function markerElement(extraClass = null) {
  return h(
    "span",
    { class: ["tile", "tile--marker", extraClass], title: "First-player marker", "aria-label": "First-player marker" },
    h("span", { class: "tile__letter", text: "1", "aria-hidden": "true" }),
  );
}

export function seatName(seat, index) {
  if (!seat) return `Player ${index + 1}`;
  return seat.display_name || seat.username || `Player ${index + 1}`;
}

function sourceLabel(source) {
  return source === "center" ? "the centre" : `factory ${Number(source) + 1}`;
}

export function describeMove(move, count) {
  if (move.row !== undefined && move.column !== undefined && move.source === undefined) {
    return `placed row ${move.row + 1} in column ${move.column + 1}`;
  }
  const amount = count ? `${count} ` : "";
  const target = move.line === "floor" ? "the floor" : `line ${Number(move.line) + 1}`;
  return `took ${amount}${move.color} from ${sourceLabel(move.source)} → ${target}`;
}

// ---- the factories and the centre ------------------------------------------------------------------

function pickable(view, source, colour) {
  return view.canOffer ? { "data-pick": "", "data-source": String(source), "data-colour": colour } : {};
}

function isSelected(view, source, colour) {
  return Boolean(view.selection && String(view.selection.source) === String(source) && view.selection.colour === colour);
}

function renderFactory(view, factory, index, count) {
  const angle = (index / count) * 2 * Math.PI - Math.PI / 2;
  const tiles = [...factory].sort((a, b) => COLOURS.indexOf(a) - COLOURS.indexOf(b));
  const lastSource = view.lastMove && view.lastMove.move.source;
  const element = h("div", {
    class: ["factory", tiles.length === 0 && "factory--empty", String(lastSource) === String(index) && "is-last-source"],
    "data-factory": String(index),
    style: { "--x": Math.cos(angle).toFixed(4), "--y": Math.sin(angle).toFixed(4) },
    "aria-label": `Factory ${index + 1}`,
  });
  for (const colour of tiles) {
    const selected = isSelected(view, index, colour);
    const tile = tileElement(colour, {
      tag: view.canOffer ? "button" : "span",
      extraClass: [selected && "is-selected", view.canOffer && "is-pickable"].filter(Boolean).join(" "),
      props: {
        ...pickable(view, index, colour),
        type: view.canOffer ? "button" : undefined,
        onclick: view.canOffer ? () => view.handlers.pickGroup(index, colour) : undefined,
      },
    });
    element.append(tile);
  }
  element.append(h("span", { class: "factory__label", text: String(index + 1), "aria-hidden": "true" }));
  return element;
}

function renderCentre(view, state) {
  const groups = COLOURS.map((colour) => ({ colour, count: state.center.filter((t) => t === colour).length }))
    .filter((group) => group.count > 0);
  const element = h("div", {
    class: ["centre", view.lastMove && view.lastMove.move.source === "center" && "is-last-source"],
    "data-factory": "center",
    "aria-label": "Centre of the table",
  });
  if (state.marker === "center") element.append(markerElement("centre__marker"));
  for (const { colour, count } of groups) {
    const selected = isSelected(view, "center", colour);
    const props = {
      class: ["centre__group", selected && "is-selected", view.canOffer && "is-pickable"],
      ...pickable(view, "center", colour),
      title: `${count} × ${colourName(colour)}`,
    };
    if (view.canOffer) {
      props.type = "button";
      props.onclick = () => view.handlers.pickGroup("center", colour);
    }
    element.append(
      h(view.canOffer ? "button" : "span", props, [
        tileElement(colour),
        h("span", { class: "centre__count", text: `×${count}` }),
      ]),
    );
  }
  if (groups.length === 0 && state.marker !== "center") {
    element.append(h("span", { class: "centre__empty", text: "centre" }));
  }
  return element;
}

function renderMarket(view, state) {
  const count = state.factories.length;
  const ring = h("div", { class: `market__ring market__ring--${count}` });
  state.factories.forEach((factory, index) => ring.append(renderFactory(view, factory, index, count)));
  ring.append(renderCentre(view, state));
  return h("section", { class: "market", "aria-label": "Factories and centre" }, ring);
}

// ---- a player's board ------------------------------------------------------------------------------

function lastMoveOn(view, index) {
  return view.lastMove && view.lastMove.player === index ? view.lastMove.move : null;
}

function renderPatternLines(view, board, index, targets, tilingRow) {
  const last = lastMoveOn(view, index);
  const lines = h("div", { class: "lines", "aria-label": "Pattern lines" });
  board.lines.forEach((line, row) => {
    const legal = targets !== null && targets.includes(row);
    const props = {
      class: [
        "pline",
        legal && "is-legal",
        targets !== null && !legal && "is-blocked",
        tilingRow === row && "is-pending",
        last && String(last.line) === String(row) && "is-last",
      ],
      "data-line": String(row),
      "aria-label": `Line ${row + 1}`,
    };
    if (legal) {
      Object.assign(props, {
        "data-target": "line",
        role: "button",
        tabindex: "0",
        onclick: () => view.handlers.pickTarget(row),
        onkeydown: (event) => activateOnKey(event, () => view.handlers.pickTarget(row)),
      });
    }
    const element = h("div", props);
    // Show what would spill to the floor before the player commits to the line.
    const spill = legal && view.selection ? view.selection.count - (row + 1 - line.count) : 0;
    if (spill > 0) element.append(h("span", { class: "pline__spill", title: `${spill} to the floor`, text: `+${spill}↓` }));
    for (let cell = 0; cell <= row; cell += 1) {
      // Lines fill from the wall side: the rightmost cells first.
      const filled = cell >= row + 1 - line.count;
      element.append(
        filled && line.color ? tileElement(line.color, { extraClass: "pline__tile" }) : h("span", { class: "slot" }),
      );
    }
    lines.append(element);
  });
  return lines;
}

function renderWall(view, state, board, index, tiling) {
  const gray = state.variant === "gray";
  const last = lastMoveOn(view, index);
  const wall = h("div", { class: ["wall", gray && "wall--gray"], "aria-label": "Wall" });
  for (let row = 0; row < WALL_SIZE; row += 1) {
    for (let column = 0; column < WALL_SIZE; column += 1) {
      const placed = board.wall[row][column];
      const legal = tiling && tiling.row === row && tiling.columns.includes(column);
      const isLast = last && last.row === row && last.column === column;
      let cell;
      if (placed) {
        cell = tileElement(placed, { extraClass: ["wall__tile", isLast && "is-last"].filter(Boolean).join(" ") });
      } else if (gray) {
        cell = h("span", { class: "wall__cell wall__cell--gray" });
      } else {
        const printed = standardWallColour(row, column);
        cell = h(
          "span",
          { class: ["wall__cell", "wall__cell--ghost", `tile--${printed}`] },
          h("span", { class: "tile__letter", text: LETTERS[printed], "aria-hidden": "true" }),
        );
      }
      cell.dataset.row = String(row);
      cell.dataset.column = String(column);
      if (legal) {
        cell.classList.add("is-legal");
        cell.dataset.target = "column";
        cell.setAttribute("role", "button");
        cell.setAttribute("tabindex", "0");
        cell.setAttribute("aria-label", `Column ${column + 1}`);
        cell.addEventListener("click", () => view.handlers.pickColumn(row, column));
        cell.addEventListener("keydown", (event) => activateOnKey(event, () => view.handlers.pickColumn(row, column)));
      }
      wall.append(cell);
    }
  }
  return wall;
}

function renderFloor(view, board, index, floorLegal) {
  const last = lastMoveOn(view, index);
  const props = {
    class: ["floor", floorLegal && "is-legal", last && last.line === "floor" && "is-last"],
    "aria-label": "Floor line",
  };
  if (floorLegal) {
    Object.assign(props, {
      "data-target": "floor",
      role: "button",
      tabindex: "0",
      onclick: () => view.handlers.pickTarget("floor"),
      onkeydown: (event) => activateOnKey(event, () => view.handlers.pickTarget("floor")),
    });
  }
  const floor = h("div", props);
  FLOOR_PENALTIES.forEach((penalty, space) => {
    const item = board.floor[space];
    let content;
    if (item === undefined) content = h("span", { class: "slot" });
    else if (item === "first_player") content = markerElement();
    else content = tileElement(item);
    floor.append(h("div", { class: "floor__space" }, [content, h("span", { class: "floor__penalty", text: String(penalty) })]));
  });
  return floor;
}

function floorPenalty(board) {
  return board.floor.slice(0, FLOOR_PENALTIES.length).reduce((sum, _item, space) => sum + FLOOR_PENALTIES[space], 0);
}

export function formatClock(ms) {
  if (ms === null || ms === undefined) return "";
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${String(minutes).padStart(2, "0")}m`;
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}

function renderPlayerBoard(view, index) {
  const { state, seats } = view;
  const board = state.boards[index];
  const seat = seats[index];
  const current = !view.over && state.current_player === index;
  const mine = view.me === index;

  let targets = null;
  let floorLegal = false;
  if (mine && view.canOffer && view.selection) {
    targets = legalTargets(board, view.selection.colour);
    floorLegal = true;
  }
  let tiling = null;
  let tilingRow = null;
  if (state.phase === "tiling" && current) {
    tilingRow = pendingTilingRow(board);
    if (mine && view.canTile && tilingRow !== null) {
      tiling = { row: tilingRow, columns: legalColumns(board, tilingRow, board.lines[tilingRow].color) };
    }
  }

  const connected = seat && view.presence && view.presence.includes(seat.username);
  const badges = [];
  if (mine) badges.push(h("span", { class: "badge badge--you", text: "you" }));
  if (seat && seat.is_bot) badges.push(h("span", { class: "badge", text: `bot · ${seat.bot_level || ""}`.trim() }));
  if (seat && seat.left) badges.push(h("span", { class: "badge badge--left", text: seat.replaced_by ? "left · bot plays" : "left" }));
  if (view.winners && view.winners.includes(index)) badges.push(h("span", { class: "badge badge--winner", text: "winner" }));

  const head = h("header", { class: "pboard__head" }, [
    seat && seat.is_bot
      ? null
      : h("span", { class: ["presence-dot", connected && "is-online"], title: connected ? "connected" : "not connected" }),
    h("span", { class: "pboard__name", text: seatName(seat, index) }),
    ...badges,
    h("span", { class: "pboard__spacer" }),
    h("span", {
      class: ["clock", current && "is-running"],
      "data-clock-for": String(index),
      text: clockText(view, index),
    }),
    h("span", { class: "pboard__score", "data-score-for": String(index), title: "Score", text: String(board.score) }),
  ]);

  const penalty = floorPenalty(board);
  return h(
    "section",
    {
      class: ["pboard", current && "pboard--current", mine && "pboard--me", seat && seat.left && "pboard--left"],
      "data-player": String(index),
      "aria-label": `Board of ${seatName(seat, index)}`,
    },
    [
      head,
      h("div", { class: "pboard__body" }, [
        renderPatternLines(view, board, index, targets, tilingRow),
        renderWall(view, state, board, index, tiling),
      ]),
      h("div", { class: "pboard__floorrow" }, [
        renderFloor(view, board, index, floorLegal),
        h("span", { class: "floor__sum", title: "Floor penalty this round", text: penalty ? String(penalty) : "" }),
      ]),
    ],
  );
}

export function clockText(view, index) {
  const clock = view.clock;
  if (!clock || clock.kind === "none" || !clock.kind) return "";
  const seat = view.seats[index];
  if (seat && seat.is_bot) return "";
  const running = !view.over && clock.current === index && clock.deadline;
  if (running) return formatClock(Date.parse(clock.deadline) - Date.now());
  if (clock.kind === "realtime" && seat && typeof seat.time_left_ms === "number") return formatClock(seat.time_left_ms);
  return "";
}

// ---- status, log, end screen -----------------------------------------------------------------------

function renderStatus(view) {
  const { state } = view;
  let text;
  if (view.over) {
    text = "Game over";
  } else {
    const name = seatName(view.seats[state.current_player], state.current_player);
    const tilingNote = state.phase === "tiling" ? " · wall tiling" : "";
    if (view.me === state.current_player) {
      if (state.phase === "tiling") {
        const board = state.boards[view.me];
        const row = pendingTilingRow(board);
        text = row === null ? "Your turn: wall tiling" : `Your turn: choose the column for ${board.lines[row].color} in row ${row + 1}`;
      }
      else if (view.selection) text = `Your turn: put ${view.selection.count} ${view.selection.colour} on a line or the floor`;
      else text = "Your turn: pick tiles from a factory or the centre";
    } else {
      text = `${name} to move${tilingNote}`;
    }
  }
  const items = [
    h("span", { class: "status__round", text: `Round ${state.round}` }),
    h("span", { class: ["status__turn", view.me !== null && view.me === state.current_player && !view.over && "is-mine"], "data-status": "", text }),
  ];
  if (view.selection && view.canOffer) {
    items.push(h("button", { type: "button", class: "button button--quiet", onclick: () => view.handlers.cancel(), text: "Cancel" }));
  }
  items.push(h("span", { class: "status__spacer" }));
  if (view.spectators) items.push(h("span", { class: "status__spectators", text: `${view.spectators} watching` }));
  if (view.me === null) items.push(h("span", { class: "badge", text: "spectating" }));
  items.push(
    h("span", {
      class: ["status__conn", `is-${view.connection}`],
      title: `connection ${view.connection}`,
      text: { open: "live", connecting: "connecting…", closed: "reconnecting…" }[view.connection] || view.connection,
    }),
  );
  items.push(h("span", { class: "status__version", "data-version": String(view.version), text: `move ${view.version}` }));
  return h("div", { class: "status", role: "status" }, items);
}

export function renderLog(view) {
  const list = h("ol", { class: "log__list" });
  for (const entry of view.log) {
    list.append(
      h("li", { class: ["log__entry", entry.number === view.version && "log__entry--last"], value: String(entry.number) }, [
        h("span", { class: "log__who", text: `${entry.name} ` }),
        h("span", { class: "log__what", text: entry.text }),
      ]),
    );
  }
  if (!view.log.length) list.append(h("li", { class: "muted log__empty", text: "No moves yet." }));
  const log = h("section", { class: "log", "aria-label": "Move log" }, [h("h2", { class: "panel-title", text: "Moves" }), list]);
  return log;
}

function renderEndScreen(view) {
  const { state, result } = view;
  const scores = state.boards.map((board) => board.score);
  const ranks = result && Array.isArray(result.ranks) ? result.ranks : null;
  const order = state.boards.map((_b, index) => index).sort((a, b) => {
    if (ranks) return ranks[a] - ranks[b];
    return scores[b] - scores[a];
  });
  const winners = view.winners || [];
  const names = winners.map((index) => seatName(view.seats[index], index));
  const endedBy = result && result.ended_by && result.ended_by !== "normal" ? ` (ended by ${result.ended_by})` : "";
  const rows = order.map((index) => {
    const bonus = endBonuses(state.boards[index].wall);
    const parts = [
      bonus.rows && `${bonus.rows} row${bonus.rows > 1 ? "s" : ""}`,
      bonus.columns && `${bonus.columns} column${bonus.columns > 1 ? "s" : ""}`,
      bonus.colours && `${bonus.colours} colour${bonus.colours > 1 ? "s" : ""}`,
    ].filter(Boolean);
    return h("tr", { class: winners.includes(index) && "is-winner", "data-final-for": String(index) }, [
      h("td", { text: ranks ? String(ranks[index]) : "" }),
      h("td", { class: "endscreen__name", text: seatName(view.seats[index], index) }),
      h("td", { text: String(scores[index] - bonus.total) }),
      h("td", {}, [
        h("span", { text: `+${bonus.total}` }),
        parts.length ? h("span", { class: "muted endscreen__detail", text: ` ${parts.join(", ")}` }) : null,
      ]),
      h("td", { class: "final-score", text: String(scores[index]) }),
    ]);
  });
  const fairness = [];
  if (view.commitment) {
    fairness.push(h("div", {}, [h("span", { class: "muted", text: "commitment " }), h("code", { text: view.commitment })]));
  }
  if (view.seed !== null && view.seed !== undefined) {
    fairness.push(
      h("div", {}, [
        h("span", { class: "muted", text: "seed " }),
        h("code", { text: String(view.seed) }),
        h("span", { class: "muted", text: " salt " }),
        h("code", { text: String(view.salt ?? "") }),
        h("span", { class: "fairness__check", "data-commitment-check": "", text: view.commitmentCheck || "" }),
      ]),
    );
  }
  return h("section", { class: "endscreen", "data-endscreen": "", "aria-label": "Final result" }, [
    h("h2", { text: abortedHeading(view, result) || (winners.length > 1 ? `Shared victory: ${names.join(" & ")}` : `${names[0] || "Nobody"} wins${endedBy}`) }),
    h("table", { class: "endscreen__table" }, [
      h("thead", {}, h("tr", {}, ["#", "Player", "Walls & floors", "End bonus", "Final"].map((label) => h("th", { text: label })))),
      h("tbody", {}, rows),
    ]),
    h("div", { class: "fairness" }, fairness),
    h("p", {}, [view.gameId ? h("a", { class: "button button--quiet", href: `/games/${view.gameId}/replay`, "data-replay-link": "", text: "Replay" }) : null, " ", h("a", { class: "button", href: "/lobby/", text: "Back to the lobby" })]),
  ]);
}

// The whole game. `view` is built by the controller (game-view.js).
export function renderGame(view) {
  const { state } = view;
  const order = state.boards.map((_b, index) => index);
  if (view.me !== null) order.sort((a, b) => (a === view.me ? -1 : b === view.me ? 1 : a - b));
  const boards = h("div", { class: ["boards", `boards--${state.players}`] }, order.map((index) => renderPlayerBoard(view, index)));
  const children = [renderStatus(view)];
  if (view.errorText) children.push(h("div", { class: "alert", role: "alert", "data-error": "", text: view.errorText }));
  if (view.over) children.push(renderEndScreen(view));
  // Once the game is over the factories no longer matter: the boards take the whole width.
  children.push(
    h("div", { class: ["game__play", view.over && "game__play--over"] }, view.over ? [boards] : [renderMarket(view, state), boards]),
  );
  const actions = [];
  if (view.canHint) {
    actions.push(h("button", { type: "button", class: "button", "data-hint": "", onclick: () => view.handlers.hint(), text: "Hint" }));
  }
  if (view.hintText) children.splice(1, 0, h("div", { class: "notice", "data-hint-text": "", text: view.hintText }));
  if (view.canResign) {
    actions.push(h("button", { type: "button", class: "button button--danger", onclick: () => view.handlers.resign(), text: "Resign" }));
  }
  children.push(h("div", { class: "game__side" }, [renderLog(view), h("div", { class: "game__actions" }, actions)]));
  return h(
    "div",
    {
      class: ["game", `game--${state.variant}`, view.pending && "is-pending"],
      "data-game": "",
      "data-version": String(view.version),
      "data-phase": state.phase,
      "data-my-turn": view.canOffer || view.canTile ? "true" : "false",
    },
    children,
  );
}

// An aborted game (a clock ran out before that player's first move) has no winner and no rating.
export function abortedHeading(view, result) {
  if (!result || result.ended_by !== "aborted") return null;
  const index = result.aborted_by;
  return `Game aborted: ${seatName(view.seats[index], index)} made no first move in time. Unrated.`;
}
