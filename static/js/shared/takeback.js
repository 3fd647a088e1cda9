// Takebacks and premoves, shared by both rulesets' boards and the game page (docs/live-play.md,
// "Takebacks", "Premoves"). The server decides everything: the payload's `takeback` says whether
// takebacks are allowed, the request waiting and whose answer it needs; a premove is only a guess
// until the server's legal moves say it is a move, and the server checks it as any other.

import { api } from "./api.js";
import { h } from "./dom.js";
import { fmt, gettext } from "./i18n.js";
import { seatName } from "./names.js";

// ---- takebacks ----

// What the view needs: {offer, canAsk, mustAnswer, asked}.
export function takebackView(payload, me, over) {
  const info = payload.takeback || {};
  const offer = info.offer || null;
  const seated = me !== null && !over && Boolean(info.allowed);
  return {
    offer,
    asked: Boolean(seated && offer && offer.by === me),
    mustAnswer: Boolean(seated && offer && (offer.waiting_for || []).includes(me)),
    canAsk: Boolean(seated && !offer && (info.left || {})[String(me)] > 0 && payload.version > 0),
  };
}

// The request's banner (above the board) and the button (with Resign), for either ruleset.
export function takebackBanner(view) {
  const takeback = view.takeback;
  if (!takeback || !takeback.offer) return null;
  if (takeback.mustAnswer) {
    const name = seatName(view.seats[takeback.offer.by], takeback.offer.by);
    return h("div", { class: "notice notice--takeback", role: "group", "data-takeback-offer": "" }, [
      h("span", { text: fmt(gettext("%(name)s asks to take back their last move."), { name }) }),
      h("button", { type: "button", class: "button", "data-takeback-accept": "", onclick: () => view.handlers.answerTakeback(true), text: gettext("Accept") }),
      h("button", { type: "button", class: "button button--quiet", "data-takeback-decline": "", onclick: () => view.handlers.answerTakeback(false), text: gettext("Decline") }),
    ]);
  }
  if (takeback.asked) return h("div", { class: "notice", "data-takeback-waiting": "", text: gettext("Takeback asked: waiting for the other players' answer.") });
  return null;
}

export function takebackButton(view) {
  if (!view.takeback || !view.takeback.canAsk) return null;
  return h("button", { type: "button", class: "button button--quiet", "data-takeback": "", onclick: () => view.handlers.askTakeback(), text: gettext("Take back") });
}

export async function sendTakeback(game, accept) {
  const version = game.payload.version;
  try {
    if (accept === undefined) await api.takeback(game.gameId, version);
    else if (accept) await api.acceptTakeback(game.gameId, version);
    else await api.declineTakeback(game.gameId, version);
  } catch (error) {
    game.show({ errorText: error.detail || gettext("The server refused that.") });
  }
}

// A takeback arrived (the version went back): the log loses the moves taken back.
export function rewound(game, message, previous) {
  if (!previous || message.version >= previous.version) return false;
  game.log = game.log.filter((entry) => entry.number <= message.version);
  return true;
}

// ---- premoves (classic) ----

// Every move the board could name now: each group shown × each line and the floor. A guess, not a
// rule: the server's legal moves decide when the turn comes.
export function premoveCandidates(state) {
  const moves = [];
  const sources = [...state.factories.map((tiles, index) => [index, tiles]), ["center", state.center]];
  for (const [source, tiles] of sources) {
    for (const color of new Set(tiles.filter((tile) => typeof tile === "string" && tile !== "first"))) {
      for (const line of [0, 1, 2, 3, 4, "floor"]) moves.push({ source, color, line });
    }
  }
  return moves;
}

const sameMove = (a, b) => String(a.source) === String(b.source) && a.color === b.color && String(a.line) === String(b.line);

// The new state is in: on our turn the premove is played if it is one of the legal moves, else
// dropped with a word; a new round (refilled factories) drops it too.
export function settlePremove(game, message) {
  const premove = game.premove;
  if (!premove) return;
  if (message.status !== "playing" || message.state.round !== premove.round) {
    game.premove = null;
    game.premoveText = gettext("Your premove was dropped: the round is over.");
    return;
  }
  if (!game.isMyTurn(message)) return;
  game.premove = null;
  const move = (message.legal_moves || []).find((legal) => sameMove(legal, premove.move));
  if (move) {
    game.premoveText = "";
    game.sendMove(move, { confirmed: true });
  } else {
    game.premoveText = gettext("Your premove is no longer possible: it was dropped. Your turn.");
  }
}

export function premoveBanner(view, describe) {
  if (view.premove) {
    return h("div", { class: "notice", role: "group", "data-premove": "" }, [
      h("span", { text: fmt(gettext("Premove: %(move)s. Played on your turn if it is still possible."), { move: describe(view.premove.move) }) }),
      h("button", { type: "button", class: "button button--quiet", "data-premove-cancel": "", onclick: () => view.handlers.cancelPremove(), text: gettext("Cancel premove") }),
    ]);
  }
  if (view.premoveText) return h("div", { class: "notice", "data-premove-note": "", text: view.premoveText });
  return null;
}
