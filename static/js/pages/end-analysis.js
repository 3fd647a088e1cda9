// The analysis on a finished game's end screen (/tables/<id>/): a rated game is analysed when it
// ends (docs/analysis.md "Rated games"), so the panel shows the analysis' progress from the game's
// socket (`analysis` messages), then each player's accuracy and inaccuracies, mistakes and blunders,
// with a link to the replay where every move is judged. A casual game shows it once someone asked.

import { accuracyText } from "../shared/accuracy.js";
import { apiRequest } from "../shared/api.js";
import { h } from "../shared/dom.js";
import { fmt, gettext } from "../shared/i18n.js";
import { seatName } from "../shared/names.js";
import { seatsByPlayer } from "./payload.js";

const TEXT = {
  title: gettext("Accuracy"),
  queued: gettext("The strongest bot will judge every move of this game…"),
  running: (done, total) => fmt(gettext("Analysing: %(done)s of %(total)s moves"), { done, total }),
  progressLabel: gettext("Analysis progress"),
  player: gettext("Player"),
  accuracy: gettext("Accuracy"),
  errors: gettext("Inaccuracies · mistakes · blunders"),
  replay: gettext("See every move judged"),
};

export class EndAnalysisPanel {
  constructor(element, { gameId }) {
    this.element = element;
    this.gameId = gameId;
    this.seats = [];
    this.data = null;
    this.started = false;
  }

  // The end screen has a slot for it under the result (classic and Duel end screens).
  place() {
    const slot = document.querySelector("[data-analysis-slot]");
    if (slot && this.element.parentNode !== slot) slot.append(this.element);
  }

  onMessage(message) {
    if (message.type === "state") {
      this.seats = seatsByPlayer(message.seats);
      if (this.started || message.status !== "finished") return;
      this.started = true;
      this.load();
    } else if (message.type === "analysis" && this.started) {
      const data = this.data || {};
      if (data.status === message.status && message.progress < data.progress) return;
      this.data = { ...data, status: message.status, progress: message.progress, total: message.total };
      if (message.status === "done") this.load();
      else this.render();
    }
  }

  async load() {
    try {
      const answer = await apiRequest("GET", `/games/${this.gameId}/analysis`);
      // A socket message may have told of more progress while the answer was on its way.
      if (!this.data || answer.status === "done" || answer.progress >= (this.data.progress || 0)) this.data = answer;
    } catch {
      return; // the end screen is complete without it; the replay page shows the analysis too
    }
    this.render();
  }

  render() {
    const data = this.data;
    if (!data || data.status === "none" || data.status === "failed") {
      this.element.hidden = true;
      return;
    }
    const children = [h("h3", { class: "analysis__subtitle", text: TEXT.title })];
    if (data.status === "done") {
      children.push(h("table", { class: "analysis-summary__table", "data-end-accuracy": "" }, [
        h("thead", {}, h("tr", {}, [TEXT.player, TEXT.accuracy, TEXT.errors].map((text) => h("th", { scope: "col", text })))),
        h("tbody", {}, (data.summary || []).map((entry) => h("tr", { "data-accuracy-for": String(entry.player) }, [
          h("th", { scope: "row", text: seatName(this.seats[entry.player], entry.player) }),
          h("td", { class: "final-score", "data-accuracy": "", text: accuracyText(entry.accuracy) }),
          h("td", { "data-grade-counts": "" }, [
            h("span", { class: "grade--inaccuracy", text: String(entry.inaccuracies) }), " · ",
            h("span", { class: "grade--mistake", text: String(entry.mistakes) }), " · ",
            h("span", { class: "grade--blunder", text: String(entry.blunders) }),
          ]),
        ]))),
      ]));
    } else {
      const text = data.status === "queued" ? TEXT.queued : TEXT.running(data.progress, data.total);
      children.push(h("label", { class: "analysis-progress", "data-analysis-status": data.status }, [
        h("span", { text }),
        h("progress", { max: String(Math.max(1, data.total || 0)), value: String(data.progress || 0), "aria-label": TEXT.progressLabel }),
      ]));
    }
    children.push(h("p", {}, h("a", { href: `/games/${this.gameId}/replay`, "data-analysis-replay-link": "", text: TEXT.replay })));
    this.element.replaceChildren(...children);
    this.element.hidden = false;
  }
}
