// A take, in motion: the tiles travel from their factory (or the centre) to the line and the floor,
// and what the factory held besides slides to the centre. Read from the two drawings (before, after).

import { rectOf, travel } from "../shared/motion.js";

// Where each factory and the centre were drawn, before the redraw.
export function factoryRects(host) {
  const rects = {};
  if (!host) return rects;
  for (const factory of host.querySelectorAll("[data-factory]")) rects[factory.dataset.factory] = rectOf(factory);
  return rects;
}

// `last`: the move shown ({move, player}); `before`: the state drawn before it; `shown`: the boards now.
export function playTakeMotion(host, rects, last, before, shown) {
  if (!last || last.move.source === undefined) return;
  const from = rects[String(last.move.source)];
  const board = host.querySelector(`[data-player="${last.player}"]`);
  if (!from || !board || !shown[last.player]) return;
  const was = before.boards[last.player];
  const now = shown[last.player];
  if (last.move.line !== "floor") {
    const added = now.lines[last.move.line].count - was.lines[last.move.line].count;
    const tiles = [...board.querySelectorAll(`[data-line="${last.move.line}"] .pline__tile`)].slice(0, Math.max(0, added));
    tiles.forEach((tile, k) => travel(tile, from, { delay: k * 40 }));
  }
  const floorTiles = [...board.querySelectorAll(".floor .floor__space > .tile")];
  floorTiles.slice(was.floor.length).forEach((tile, k) => travel(tile, from, { delay: 80 + k * 40 }));
  if (last.move.source === "center") return;
  const leftovers = new Set(before.factories[last.move.source].filter((colour) => colour !== last.move.color));
  for (const group of host.querySelectorAll(".centre__group")) {
    const tile = group.querySelector(".tile");
    if (tile && [...leftovers].some((colour) => tile.classList.contains(`tile--${colour}`))) travel(group, from, { delay: 60 });
  }
}
