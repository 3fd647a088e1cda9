// The analysis board's panel under the board: moving through the tree, the node's comment, the shareable
// link and the judge's evaluation. Pure rendering from the BoardView (board-view.js) and its callbacks.

import { h } from "../shared/dom.js";
import { fmt, gettext } from "../shared/i18n.js";

// A path's key: its JSON with every object's keys sorted (the database gives moves back with their
// keys in another order than the engine's).
function canonical(value) {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") return Object.fromEntries(Object.keys(value).sort().map((name) => [name, canonical(value[name])]));
  return value;
}
export const key = (path) => JSON.stringify(canonical(path));
const signed = (value) => (value > 0 ? `+${value.toFixed(2)}` : value.toFixed(2));

// The move the game itself played at this node, when the line so far is the game's.
function gameMoveAt(board, path) {
  const line = board.game_line || [];
  if (path.length >= line.length) return null;
  return path.every((move, i) => key(move) === key(line[i])) ? line[path.length] : null;
}

function renderNavigation(view) {
  const path = view.path;
  const gameMove = gameMoveAt(view.board, path);
  const button = (testid, text, onclick, disabled) => h("button", { type: "button", class: "button button--quiet", "data-testid": testid, disabled, onclick, text });
  return h("div", { class: "board-nav", role: "toolbar", "aria-label": gettext("Moving through the lines") }, [
    button("board-root", gettext("« Start position"), () => view.goTo([]), path.length === 0),
    button("board-back", gettext("‹ Back"), () => view.goTo(path.slice(0, -1)), path.length === 0),
    gameMove ? button("board-game-move", fmt(gettext("The game's move: %(move)s"), { move: view.describe(gameMove) }), () => view.sendMove(gameMove), false) : null,
  ]);
}

// Every line of the tree, nested; the current node is marked.
function renderTree(view, path) {
  const children = view.children(path);
  if (!children.length) return null;
  return h("ul", { class: "board-tree__list" }, children.map((node) => {
    const current = key(node.path) === key(view.path);
    const ply = view.board.start + node.path.length;
    return h("li", { class: "board-tree__node" }, [
      h("button", {
        type: "button",
        class: ["board-tree__move", current && "is-current"],
        "data-testid": "board-node",
        "data-depth": String(node.path.length),
        "aria-current": current ? "true" : null,
        onclick: () => view.goTo(node.path),
        text: `${ply}. ${view.describe(node.path[node.path.length - 1])}`,
      }),
      node.comment ? h("span", { class: "board-tree__comment", "data-testid": "board-node-comment", text: node.comment }) : null,
      renderTree(view, node.path),
    ]);
  }));
}

function renderComment(view) {
  const node = view.nodes.get(key(view.path));
  const comment = node ? node.comment : "";
  if (!view.board.mine) {
    return comment ? h("p", { class: "board-comment", "data-testid": "board-comment-text", text: comment }) : null;
  }
  // The panel is patched in place (shared/patch.js): the textarea a click reads is the live one.
  const area = h("textarea", { class: "board-comment__input", rows: "3", maxlength: "1000", "data-testid": "board-comment", "aria-label": gettext("Comment on this position"), placeholder: gettext("A comment on this position…") });
  area.value = comment;
  return h("div", { class: "board-comment" }, [
    h("label", { class: "muted", text: gettext("Comment on this position") }),
    area,
    h("div", { class: "board-comment__row" }, [
      h("button", { type: "button", class: "button", "data-testid": "board-comment-save", onclick: (event) => view.setComment(event.currentTarget.closest(".board-comment").querySelector("textarea").value.trim()), text: gettext("Save the comment") }),
      h("span", { class: "muted", role: "status", "data-testid": "board-saved", "data-state": view.saveState, text: view.saving }),
    ]),
  ]);
}

function renderShare(view) {
  const link = view.shareLink();
  const input = h("input", { type: "text", readonly: true, class: "board-share__link", "data-testid": "board-link", "aria-label": gettext("Link to this position"), value: link });
  const copy = async (event) => {
    event.currentTarget.closest(".board-share").querySelector("input").select();
    try {
      await navigator.clipboard.writeText(link);
      view.show({ saving: gettext("Link copied") });
    } catch {
      document.execCommand("copy");
    }
  };
  return h("div", { class: "board-share" }, [
    h("label", { class: "muted", text: gettext("Share this line") }),
    h("div", { class: "board-share__row" }, [input, h("button", { type: "button", class: "button button--quiet", "data-testid": "board-copy", onclick: copy, text: gettext("Copy link") })]),
  ]);
}

function renderEvaluation(view) {
  const title = h("h2", { class: "panel-title", text: gettext("The judge's evaluation") });
  if (view.payload.over) return h("section", { class: "board-eval" }, [title, h("p", { class: "muted", text: gettext("The game is over here.") })]);
  if (!view.loggedIn) return h("section", { class: "board-eval" }, [title, h("p", { class: "muted", text: gettext("Log in to ask the judge.") })]);
  if (view.closed) return h("section", { class: "board-eval" }, [title, h("p", { class: "muted", "data-testid": "board-closed", text: gettext("The judge is closed while you play a rated game.") })]);
  const found = view.evaluations.get(key(view.path));
  const items = [title];
  if (!found || found.error) {
    items.push(h("button", { type: "button", class: "button", "data-testid": "board-evaluate", onclick: () => view.evaluate(), text: gettext("Evaluate this position") }));
    if (found) items.push(h("p", { class: "alert", role: "alert", text: found.error }));
    return h("section", { class: "board-eval" }, items);
  }
  if (found.waiting) return h("section", { class: "board-eval" }, [title, h("p", { class: "muted", text: gettext("The judge is thinking…") })]);
  const expected = h("ul", { class: "board-eval__expected", "data-testid": "board-expected" }, found.expected.map((points, player) =>
    h("li", {}, [h("span", { class: "board-eval__who", text: view.name(player) }), h("strong", { text: points.toFixed(1) })])));
  items.push(h("p", { class: "muted", text: gettext("Expected final points") }), expected);
  items.push(h("p", { "data-testid": "board-best", text: fmt(gettext("Best for %(name)s: %(move)s (expected final margin: %(margin)s points)"), { name: view.name(found.mover), move: view.describe(found.best), margin: signed(found.margin) }) }));
  items.push(h("p", { class: "muted", text: gettext("Best line within the round") }));
  items.push(h("ol", { class: "board-eval__line", "data-testid": "board-line", start: String(view.payload.ply + 1) }, found.line.map((move) => h("li", { text: view.describe(move) }))));
  items.push(h("p", { class: "muted board-eval__budget", text: fmt(gettext("%(nodes)s positions searched, %(depth)s plies deep."), { nodes: found.nodes, depth: found.depth }) }));
  return h("section", { class: "board-eval", "data-testid": "board-evaluation" }, items);
}

export function renderBoardPanel(view) {
  const tree = renderTree(view, []);
  return h("div", { class: "board-panel panel" }, [
    renderNavigation(view),
    h("section", { class: "board-tree", "aria-label": gettext("Lines explored") }, [
      h("h2", { class: "panel-title", text: gettext("Lines") }),
      tree || h("p", { class: "muted", text: gettext("Play a move on the board, for any player, to start a line.") }),
    ]),
    renderComment(view),
    view.board.mine ? null : h("p", { class: "muted", "data-testid": "board-not-mine", text: gettext("You may explore this board; only its owner's lines and comments are kept.") }),
    renderShare(view),
    renderEvaluation(view),
    h("p", { class: "muted" }, [h("a", { href: "/boards/", "data-testid": "board-paste-link", text: gettext("Open a game record on a new board") })]),
  ]);
}
