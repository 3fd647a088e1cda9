// The status bar above both boards: the round, whose turn it is, spectators, the connection and the
// move number. A replay shows neither the connection nor a "spectating" badge.

import { h } from "./dom.js";
import { gettext, fmt } from "./i18n.js";

const CONNECTION_TEXT = { open: gettext("live"), connecting: gettext("connecting…"), closed: gettext("reconnecting…") };

// The rules page of the game shown (learn app): Azul Duel, the gray wall or classic Azul.
function rulesUrl(state) {
  const page = state && state.ruleset === "duel" ? "duel" : state && state.variant === "gray" ? "gray" : "classic";
  return `/learn/rules/${page}/`;
}

// options: round (its text), turn (the turn element, or null), actions (buttons after the turn).
export function renderStatusBar(view, { round, turn = null, actions = [] }) {
  const live = view.connection !== "replay";
  const items = [h("span", { class: "status__round", text: round }), turn, ...actions, h("span", { class: "status__spacer" })];
  if (live && view.spectators) items.push(h("span", { class: "status__spectators", text: fmt(gettext("%(spectators)s watching"), { spectators: view.spectators }) }));
  if (live && view.me === null) items.push(h("span", { class: "badge", "data-spectating": "", text: gettext("spectating") }));
  if (live) {
    items.push(
      h("span", { class: ["status__conn", `is-${view.connection}`], title: fmt(gettext("connection %(connection)s"), { connection: view.connection }), text: CONNECTION_TEXT[view.connection] || view.connection || "" }),
    );
  }
  items.push(h("span", { class: "status__version", "data-version": String(view.version), text: fmt(gettext("move %(version)s"), { version: view.version }) }));
  items.push(h("a", { class: "status__help", href: rulesUrl(view.state), target: "_blank", "data-rules-link": "", title: gettext("The rules of this game (opens a new tab)"), "aria-label": gettext("Rules of this game"), text: "?" }));
  return h("div", { class: "status" }, items);
}
