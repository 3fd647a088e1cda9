// Quick play (home page and lobby), with its choices (game, clock, rated or casual): "Play the
// computer" starts a game against bots at once (POST /api/v1/quickplay/computer) and opens it;
// "Find an opponent" seeks over the lobby socket and opens the game when the server pairs us
// (docs/api.md, "Quick play"). The server checks the choices; its refusal is shown as it says.

import { apiRequest } from "../shared/api.js";
import { socketUrl } from "../shared/connection.js";
import { gettext } from "../shared/i18n.js";
import { readChoices } from "../shared/quick-choices.js";

const TEXT = {
  starting: gettext("Starting the game…"),
  looking: gettext("Looking for an opponent…"),
  paired: gettext("Opponent found: opening the game…"),
  stopped: "",
  lost: gettext("Connection lost: try again."),
};

const panel = document.querySelector("[data-quick-play]");
if (panel) {
  const status = panel.querySelector('[data-testid="quick-play-status"]');
  const seekButton = panel.querySelector('[data-testid="quick-play-seek"]');
  const cancelButton = panel.querySelector('[data-testid="quick-play-cancel"]');
  let socket = null;

  const say = (text) => {
    status.textContent = text;
  };
  const looking = (on) => {
    seekButton.hidden = on;
    cancelButton.hidden = !on;
  };

  panel.querySelector('[data-testid="quick-play-computer"]').addEventListener("click", async () => {
    say(TEXT.starting);
    try {
      const level = panel.querySelector('[data-testid="quick-play-level"]').value;
      const game = await apiRequest("POST", "/quickplay/computer", { level, ...readChoices(panel) });
      window.location.assign(game.url);
    } catch (error) {
      say(error.detail || String(error));
    }
  });

  seekButton.addEventListener("click", () => {
    socket = new WebSocket(socketUrl("/ws/lobby/"));
    looking(true);
    say(TEXT.looking);
    const choices = readChoices(panel);
    socket.addEventListener("open", () => socket.send(JSON.stringify({ type: "seek", ...choices })));
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "paired") {
        say(TEXT.paired);
        window.location.assign(message.url);
      } else if (message.type === "seek" && message.seek.status === "paired" && message.seek.table) {
        say(TEXT.paired);
        window.location.assign(`/tables/${message.seek.table}/`);
      } else if (message.type === "error") {
        say(message.detail);
        looking(false);
      }
    });
    socket.addEventListener("close", () => {
      if (socket && !cancelButton.hidden) say(TEXT.lost);
      looking(false);
    });
  });

  cancelButton.addEventListener("click", () => {
    looking(false);
    say(TEXT.stopped);
    if (socket) {
      const closing = socket;
      socket = null;
      closing.close(); // the server cancels the seek of a closed socket
    }
  });
}
