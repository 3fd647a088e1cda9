// The tutorial's stand-in for the game WebSocket: the same interface as shared/connection.js
// (connect, sendMove, send, isOpen, version), talking to the tutorial API instead. The server plays
// the script: it checks the move, answers with the next position (after the bot's replies), or
// refuses with a reason. Nothing is stored, so a step number is all the page keeps.

import { apiRequest } from "../shared/api.js";

// A position arrives with the states it passed through (the learner's move, the bot's replies):
// they are shown one after the other, so each move can be seen (and animated) as it happened.
const FRAME_MS = 650;

export class TutorialConnection {
  // handlers: onState(gamePayload), onError({code, detail}), onStatus(status), onPosition(position)
  constructor(key, position, handlers) {
    this.key = key;
    this.position = position;
    this.handlers = handlers;
    this.version = position.game.version;
    this.busy = false;
  }

  get isOpen() {
    return true;
  }

  connect() {
    this.handlers.onStatus?.("open");
    this.deliver(this.position);
  }

  deliver(position) {
    this.position = position;
    const frames = [...(position.frames || []), position.game];
    const show = () => {
      const game = frames.shift();
      this.version = game.version;
      this.handlers.onState?.(game);
      if (frames.length) window.setTimeout(show, FRAME_MS);
      else this.handlers.onPosition?.(position);
    };
    show();
  }

  sendMove(move) {
    if (this.busy) return true;
    this.busy = true;
    apiRequest("POST", `/tutorials/${this.key}/moves`, { step: this.position.step, move })
      .then((next) => this.deliver(next))
      .catch((error) => this.handlers.onError?.({ code: error.code, detail: error.detail }))
      .finally(() => {
        this.busy = false;
      });
    return true;
  }

  // "sync" (the page lost track): ask for the position of the current step again.
  send(message) {
    if (message && message.type === "sync") {
      apiRequest("GET", `/tutorials/${this.key}?step=${this.position.step}`)
        .then((position) => this.deliver(position))
        .catch((error) => this.handlers.onError?.({ code: error.code, detail: error.detail }));
    }
    return true;
  }

  resign() {}

  close() {}
}
