// The lobby WebSocket (/ws/lobby/): the list of open tables and each table change, with reconnection.

import { Backoff } from "./backoff.js";
import { socketUrl } from "./connection.js";
import { gettext, ngettext, fmt } from "./i18n.js";
import { botName } from "./names.js";

export class LobbyFeed {
  // handlers: onTables(tables), onTable(table), onInvitation(invitation), onStatus("open"|"closed")
  constructor(handlers) {
    this.handlers = handlers;
    this.backoff = new Backoff();
    this.socket = null;
    this.closed = false; // close(): for good, no reconnect
  }

  connect() {
    if (this.closed) return;
    const socket = new WebSocket(socketUrl("/ws/lobby/"));
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.handlers.onStatus?.("open");
    });
    socket.addEventListener("message", (event) => {
      this.backoff.reset();
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "tables") this.handlers.onTables?.(message.tables || []);
      else if (message.type === "table" && message.table) this.handlers.onTable?.(message.table);
      else if (message.type === "invitation" && message.invitation) this.handlers.onInvitation?.(message.invitation);
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket || this.closed) return;
      this.socket = null;
      this.handlers.onStatus?.("closed");
      const delay = this.backoff.afterClose(event.code);
      if (delay !== null) window.setTimeout(() => this.connect(), delay);
    });
  }

  // For good: no reconnect follows (the page no longer needs the feed).
  close() {
    const socket = this.socket;
    this.socket = null;
    this.closed = true;
    if (socket) socket.close();
  }

  get isOpen() {
    return Boolean(this.socket && this.socket.readyState === WebSocket.OPEN);
  }
}

export function describeClock(clock) {
  if (!clock || clock.kind === "none") return gettext("no clock");
  if (clock.kind === "realtime") {
    const base = clock.base_seconds || 0;
    const increment_seconds = clock.increment_seconds || 0;
    // Under a minute (or not whole minutes) in seconds: a 5 s bank must not read "0 min".
    if (base % 60) return fmt(gettext("%(seconds)s s + %(increment_seconds)s s"), { seconds: base, increment_seconds });
    return fmt(gettext("%(minutes)s min + %(increment_seconds)s s"), { minutes: base / 60, increment_seconds });
  }
  if (clock.kind === "correspondence") {
    const days = clock.days_per_move || 0;
    return fmt(ngettext("%(days)s day per move", "%(days)s days per move", days), { days });
  }
  return clock.kind;
}

export function seatLabel(seat) {
  if (!seat) return "";
  return botName(seat) || seat.display_name || seat.username;
}
