// The tutorial's board: the live game page's controller (pages/game-view.js) on a scripted game,
// with the tutorial API for a connection. The board lights up exactly the payload's legal_moves,
// which the server limits to the move the lesson waits for, and the coach says what to do and why,
// and what each move scored (the engine's scoring events, put in words by the server).

import { GameView } from "../pages/game-view.js";
import { h } from "../shared/dom.js";
import { TutorialConnection } from "./tutorial-connection.js";
import { gettext, fmt } from "../shared/i18n.js";

const LEARNER = "you"; // the learner's seat username in a tutorial payload

// The parts of the board a lesson may talk about (lesson.spotlight), outlined while it waits.
const SPOTLIGHTS = { objectives: ".dobjectives" };

function noteElement(note) {
  if (note.who === "scoring") {
    return h("div", { class: "tutorial__note tutorial__note--scoring", "data-note": "scoring" }, [
      h("p", { text: note.text }),
      h(
        "ul",
        { class: "tutorial__scoring", "data-testid": "scoring-lines" },
        note.scoring.map((line) =>
          h("li", { "data-points": String(line.points), "data-player": String(line.player) }, [
            h("span", { class: "tutorial__scoring-text", text: line.text }),
            line.score === null || line.score === undefined ? null : h("span", { class: "muted", text: ` → ${line.score}` }),
          ]),
        ),
      ),
    ]);
  }
  return h("p", { class: `tutorial__note tutorial__note--${note.who}`, "data-note": note.who, text: note.text });
}

export class TutorialView extends GameView {
  constructor(root, { key, position, coach }) {
    super(root, { gameId: null, username: LEARNER });
    this.coach = coach;
    this.connection = new TutorialConnection(key, position, {
      onState: (message) => this.onState(message),
      onError: (message) => this.onError(message),
      onStatus: (status) => {
        this.connectionStatus = status;
      },
      onPosition: (next) => this.onPosition(next),
    });
  }

  // A tutorial's moves reach the log one state at a time; there is no /games/<id>/moves to read.
  loadLog() {}

  onPosition(position) {
    this.position = position;
    this.renderCoach();
    this.render();
  }

  onError(message) {
    super.onError(message);
    const alert = this.coach.querySelector("[data-testid=tutorial-error]");
    alert.textContent = message.detail || gettext("The tutorial could not go on.");
    alert.hidden = false;
  }

  boardView() {
    return { ...super.boardView(), canResign: false, canAbort: false, canHint: false };
  }

  render() {
    super.render();
    // The script's game goes on after its last lesson; the tutorial does not.
    const status = this.root.querySelector("[data-status]");
    if (status && this.position && this.position.finished) status.textContent = gettext("Tutorial complete");
    // After each redraw, which rebuilds the board's classes from the game alone.
    const spotlight = this.position && this.position.lesson && SPOTLIGHTS[this.position.lesson.spotlight];
    const spotlit = spotlight ? this.root.querySelector(spotlight) : null;
    if (spotlit) spotlit.classList.add("is-spotlit");
  }

  renderCoach() {
    const { position, coach } = this;
    const find = (id) => coach.querySelector(`[data-testid=${id}]`);
    const lesson = position.lesson;
    find("tutorial-progress").textContent = position.finished ? fmt(gettext("Done: %(steps)s moves"), { steps: position.steps }) : fmt(gettext("Move %(step)s of %(steps)s"), { step: position.step + 1, steps: position.steps });
    find("lesson-title").textContent = lesson ? lesson.title : gettext("Well played");
    find("happened").replaceChildren(...position.happened.map(noteElement));
    find("lesson-say").textContent = lesson ? lesson.say : position.finale;
    find("lesson-say").classList.toggle("tutorial__finale", position.finished);
    find("lesson-why").textContent = lesson ? lesson.why : "";
    find("lesson-why").hidden = !lesson;
    find("tutorial-error").hidden = true;
    const next = find("tutorial-next");
    next.replaceChildren(...position.next.map((link, index) => h("a", { class: ["button", index && "button--quiet"], href: link.url, text: link.label })));
    next.hidden = !position.finished;
    coach.dataset.step = String(position.step);
    coach.dataset.finished = String(position.finished);
  }
}
