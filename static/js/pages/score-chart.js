// Scores over time as a small inline SVG: one line per player (each with its own dash pattern, so
// colour is not needed to tell them apart), a marker at the step shown; clicking jumps there.

import { gettext, fmt } from "../shared/i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 320;
const HEIGHT = 140;
const PAD = { left: 30, right: 8, top: 8, bottom: 18 };
const DASHES = ["", "6 3", "2 3", "8 3 2 3"];

function svg(tag, attributes = {}, text = null) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (text !== null) element.textContent = text;
  return element;
}

// scores[step][player] -> a chart; names[player]; onPick(step) when clicked.
export function renderScoreChart({ scores, names, step, onPick }) {
  const steps = Math.max(1, scores.length - 1);
  const all = scores.flat();
  const low = Math.min(0, ...all);
  const high = Math.max(10, ...all);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (index) => PAD.left + (index * plotW) / steps;
  const y = (value) => PAD.top + ((high - value) * plotH) / (high - low);

  const chart = svg("svg", {
    class: "score-chart",
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    width: WIDTH,
    height: HEIGHT,
    role: "img",
    "aria-label": gettext("Scores over the game"),
    "data-score-chart": "",
  });
  for (const value of [high, low]) {
    chart.append(svg("line", { class: "score-chart__grid", x1: PAD.left, x2: WIDTH - PAD.right, y1: y(value), y2: y(value) }));
    chart.append(svg("text", { class: "score-chart__tick", x: PAD.left - 4, y: y(value), dy: "0.35em", "text-anchor": "end" }, String(value)));
  }
  const players = scores[0] ? scores[0].length : 0;
  for (let player = 0; player < players; player += 1) {
    const points = scores.map((row, index) => `${x(index).toFixed(1)},${y(row[player]).toFixed(1)}`).join(" ");
    const line = svg("polyline", {
      class: `score-chart__line score-chart__line--p${player}`,
      points,
      "stroke-dasharray": DASHES[player % DASHES.length],
    });
    line.append(svg("title", {}, names[player]));
    chart.append(line);
  }
  chart.append(svg("line", { class: "score-chart__now", x1: x(step), x2: x(step), y1: PAD.top, y2: HEIGHT - PAD.bottom, "data-chart-step": step }));
  chart.append(svg("text", { class: "score-chart__tick", x: PAD.left, y: HEIGHT - 4 }, gettext("move 0")));
  chart.append(svg("text", { class: "score-chart__tick", x: WIDTH - PAD.right, y: HEIGHT - 4, "text-anchor": "end" }, fmt(gettext("move %(version)s"), { version: steps })));
  chart.addEventListener("click", (event) => {
    const box = chart.getBoundingClientRect();
    const at = ((event.clientX - box.left) / box.width) * WIDTH;
    onPick(Math.max(0, Math.min(steps, Math.round(((at - PAD.left) / plotW) * steps))));
  });

  const legend = document.createElement("ul");
  legend.className = "score-legend";
  names.forEach((name, player) => {
    const item = document.createElement("li");
    const swatch = svg("svg", { width: 28, height: 8, "aria-hidden": "true" });
    swatch.append(svg("line", { class: `score-chart__line score-chart__line--p${player}`, x1: 0, x2: 28, y1: 4, y2: 4, "stroke-dasharray": DASHES[player % DASHES.length] }));
    item.append(swatch, ` ${name}: ${scores[step] ? scores[step][player] : ""}`);
    legend.append(item);
  });
  const wrapper = document.createElement("div");
  wrapper.append(chart, legend);
  return wrapper;
}
