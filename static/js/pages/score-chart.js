// Scores over time as a small inline SVG (shared/line-chart.js): one line per player, a marker at
// the step shown; clicking jumps there.

import { gettext, fmt } from "../shared/i18n.js";
import { lineChart, swatch } from "../shared/line-chart.js";

// scores[step][player] -> a chart; names[player]; onPick(step) when clicked.
export function renderScoreChart({ scores, names, step, onPick }) {
  const steps = Math.max(1, scores.length - 1);
  const all = scores.flat();
  const low = Math.min(0, ...all);
  const high = Math.max(10, ...all);
  const plot = lineChart({
    height: 140, steps, low, high, className: "score-chart",
    label: gettext("Scores over the game"), marker: "data-score-chart", onPick,
  });
  for (const value of [high, low]) plot.grid(value, "score-chart__grid", "score-chart__tick", String(value));
  const players = scores[0] ? scores[0].length : 0;
  for (let player = 0; player < players; player += 1) {
    const points = scores.map((row, index) => [index, row[player]]);
    plot.line(points, player, `score-chart__line score-chart__line--p${player}`, names[player]);
  }
  plot.now(step, "data-chart-step", "score-chart__tick", gettext("move 0"), fmt(gettext("move %(version)s"), { version: steps }));

  const legend = document.createElement("ul");
  legend.className = "score-legend";
  names.forEach((name, player) => {
    const item = document.createElement("li");
    item.append(swatch(`score-chart__line score-chart__line--p${player}`, player), ` ${name}: ${scores[step] ? scores[step][player] : ""}`);
    legend.append(item);
  });
  const wrapper = document.createElement("div");
  wrapper.append(plot.chart, legend);
  return wrapper;
}
