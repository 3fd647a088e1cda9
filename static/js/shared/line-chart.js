// The frame of the site's small line charts (the replay's scores, the analysis's evaluation): an
// inline SVG, one line per player told apart by its dash pattern (colour is not needed), a marker
// at the step shown, and a click anywhere that picks the nearest step.

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 320;
const PAD = { left: 30, right: 8, top: 8, bottom: 18 };
const DASHES = ["", "6 3", "2 3", "8 3 2 3"];

export function svg(tag, attributes = {}, text = null) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (text !== null) element.textContent = text;
  return element;
}

export function dashesOf(player) {
  return DASHES[player % DASHES.length];
}

// A chart of steps 0..`steps` (x) and values `low`..`high` (y): `className`, `label` (its accessible
// name) and the `marker` attribute (for tests) go on the <svg>; onPick(step) on a click. The
// methods draw into it, in the order they are called.
export function lineChart({ height, steps, low, high, className, label, marker, onPick }) {
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const x = (step) => PAD.left + (step * plotW) / steps;
  const y = (value) => PAD.top + ((high - value) * plotH) / (high - low);
  const chart = svg("svg", {
    class: className, viewBox: `0 0 ${WIDTH} ${height}`, width: WIDTH, height,
    role: "img", "aria-label": label, [marker]: "",
  });
  chart.addEventListener("click", (event) => {
    const box = chart.getBoundingClientRect();
    const at = ((event.clientX - box.left) / box.width) * WIDTH;
    onPick(Math.max(0, Math.min(steps, Math.round(((at - PAD.left) / plotW) * steps))));
  });
  return {
    chart,
    x,
    y,
    // A horizontal line at `value`, labelled on the left.
    grid(value, lineClass, tickClass, text) {
      chart.append(svg("line", { class: lineClass, x1: PAD.left, x2: WIDTH - PAD.right, y1: y(value), y2: y(value) }));
      chart.append(svg("text", { class: tickClass, x: PAD.left - 4, y: y(value), dy: "0.35em", "text-anchor": "end" }, text));
    },
    // A player's line through [[step, value], ...], titled `title`; `extra` attributes on it.
    line(points, player, lineClass, title, extra = {}) {
      const line = svg("polyline", {
        class: lineClass,
        points: points.map(([step, value]) => `${x(step).toFixed(1)},${y(value).toFixed(1)}`).join(" "),
        "stroke-dasharray": dashesOf(player),
        ...extra,
      });
      line.append(svg("title", {}, title));
      chart.append(line);
    },
    // The vertical marker of the step shown, with `stepAttribute` = step (for tests), and the
    // first and last steps' labels under the axis.
    now(step, stepAttribute, tickClass, first, last) {
      chart.append(svg("line", { class: "score-chart__now", x1: x(step), x2: x(step), y1: PAD.top, y2: height - PAD.bottom, [stepAttribute]: step }));
      chart.append(svg("text", { class: tickClass, x: PAD.left, y: height - 4 }, first));
      chart.append(svg("text", { class: tickClass, x: WIDTH - PAD.right, y: height - 4, "text-anchor": "end" }, last));
    },
  };
}

// The legend's sample of a player's line.
export function swatch(lineClass, player) {
  const sample = svg("svg", { width: 28, height: 8, "aria-hidden": "true" });
  sample.append(svg("line", { class: lineClass, x1: 0, x2: 28, y1: 4, y2: 4, "stroke-dasharray": dashesOf(player) }));
  return sample;
}
