// The move log panel, shared by both boards and the replay: one entry per move, with the scoring lines
// the engine reported under it.

import { h } from "./dom.js";
import { gettext } from "./i18n.js";

// view.log: [{number, name, text, scoring: [{name, text}]}]; view.version marks the latest move.
export function renderLog(view) {
  const list = h("ol", { class: "log__list", tabindex: "0", "aria-label": gettext("Moves, oldest first") });
  for (const entry of view.log) {
    const scoring = entry.scoring && entry.scoring.length
      ? h("ul", { class: "log__scores" }, entry.scoring.map((line) => h("li", { class: "log__score", "data-log-score": "" }, [h("span", { class: "log__who", text: `${line.name}: ` }), line.text])))
      : null;
    list.append(
      h("li", { class: ["log__entry", entry.number === view.version && "log__entry--last"], value: String(entry.number) }, [
        h("span", { class: "log__who", text: `${entry.name} ` }),
        h("span", { class: "log__what", text: entry.text }),
        scoring,
      ]),
    );
  }
  if (!view.log.length) list.append(h("li", { class: "muted log__empty", text: gettext("No moves yet.") }));
  return h("section", { class: "log", "aria-label": gettext("Move log") }, [h("h2", { class: "panel-title", text: gettext("Moves") }), list]);
}
