// Reconnection delays for every WebSocket of the site: exponential, with full jitter. When a
// server process restarts, thousands of sockets drop at the same instant; a fixed schedule would
// bring them all back in the same instant again, each wave overflowing the listen backlog that
// caused the next. Drawing each delay uniformly below the ceiling spreads them out
// (docs/operations.md, "Restarts and reconnect storms").

const FINAL_CLOSE_CODES = new Set([4401, 4403, 4404]);

export class Backoff {
  constructor(minMs = 500, maxMs = 15000, random = Math.random) {
    this.minMs = minMs;
    this.maxMs = maxMs;
    this.random = random;
    this.ceiling = minMs;
  }

  // The wait before the next attempt: uniform in [0, ceiling), then the ceiling doubles.
  next() {
    const delay = Math.floor(this.random() * this.ceiling);
    this.ceiling = Math.min(this.ceiling * 2, this.maxMs);
    return delay;
  }

  // The wait before reconnecting after the server closed a socket with `code`, or null where a
  // new socket cannot help: 4401 (signed out, or the account is gone), 4403 (not allowed), 4404
  // (no such game or league). 4429 (too many sockets or spectators): the server answers within
  // the same second, which resets the backoff, so a refused tab would knock again at once,
  // forever; it waits a whole ceiling instead, until one of the user's other sockets closes.
  afterClose(code) {
    if (FINAL_CLOSE_CODES.has(code)) return null;
    if (code === 4429) this.ceiling = this.maxMs;
    return this.next();
  }

  // Called once the server has answered on a fresh socket (not at "open": a process that accepts
  // and then fails must not be retried at the shortest delay forever).
  reset() {
    this.ceiling = this.minMs;
  }
}
