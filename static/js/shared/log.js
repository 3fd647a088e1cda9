// The move log panel, shared by both boards and the replay: one entry per move, with the scoring lines
// the engine reported under it.

import { h } from "./dom.js";

// view.log: [{number, name, text, scoring: [text, ...]}]; view.version marks the latest move.
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
  return h("section", { class: "log", "aria-label": "Move log" }, [h("h2", { class: "panel-title", text: "Moves" }), list]);
}
