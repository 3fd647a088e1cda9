// The replay controller: every state of the game comes with the page (rebuilt by the server's engine
// from the seed and the move log); this steps through them, drawing each with the live board renderer.

import { renderGame } from "../classic/board.js";
import { describeMove, describeScoring } from "../classic/describe.js";
import { renderDuelGame } from "../duel/board.js";
import { describeDuelMove, describeDuelScoring } from "../duel/describe.js";
import { clear, h } from "../shared/dom.js";
import { fairBagExplanation, fairBagVerdict, sha256Hex } from "../shared/fairness.js";
import { renderLog } from "../shared/log.js";
import { seatName } from "../shared/names.js";
import { marksOf } from "./scoring-marks.js";
import { ReplayAnalysis } from "./replay-analysis.js";
import { renderReplayBoard } from "./replay-board.js";
import { renderScoreChart } from "./score-chart.js";
import { gettext, fmt } from "../shared/i18n.js";

export const SPEEDS = [
  { label: "0.5×", ms: 1600 },
  { label: "1×", ms: 800 },
  { label: "2×", ms: 400 },
  { label: "4×", ms: 200 },
  { label: "8×", ms: 100 },
];

export class ReplayView {
  constructor(root, data, { analysis = null, board = null, loggedIn = false } = {}) {
    this.root = root;
    this.data = data;
    this.last = data.states.length - 1;
    this.step = 0;
    this.timer = null;
    this.speed = 1;
    this.browserCheck = "";
    this.seats = [];
    for (const seat of data.seats) this.seats[seat.player_index] = seat;
    this.names = data.states[0].boards.map((_b, index) => seatName(this.seats[index], index));
    this.scores = data.states.map((state) => state.boards.map((board) => board.score));
    this.duel = data.ruleset === "duel";
    // The same log as the live table: each move, then one line per scoring event the engine ran.
    const name = (player) => seatName(this.seats[player], player);
    const scoring = this.duel ? describeDuelScoring : describeScoring;
    this.log = data.moves.map((record) => ({
      number: record.number,
      name: name(record.player_index),
      text: this.duel ? describeDuelMove(record.move) : describeMove(record.move, record.taken),
      scoring: (record.scoring || []).map((event) => ({ name: name(event.player), text: scoring(event) })),
    }));
    const describe = (move) => (this.duel ? describeDuelMove(move) : describeMove(move));
    this.analysis = analysis ? new ReplayAnalysis(this, analysis, { loggedIn, describe }) : null;
    this.boardLinks = board; // the analysis board: its offer and the viewer's comments (replay-board.js)
  }

  start() {
    const wanted = Number(new URLSearchParams(window.location.hash.slice(1)).get("move"));
    this.step = Number.isInteger(wanted) && wanted >= 0 && wanted <= this.last ? wanted : 0;
    document.addEventListener("keydown", (event) => this.onKey(event));
    this.board = h("div", { class: "replay-board" });
    clear(this.root);
    this.root.append(this.buildControls(), this.board);
    this.checkCommitment();
    this.render();
  }

  // ---- navigation ----

  go(step) {
    const next = Math.max(0, Math.min(this.last, step));
    if (next === this.step) return;
    this.step = next;
    window.history.replaceState(null, "", `#move=${next}`);
    if (this.step === this.last) this.pause();
    this.render();
  }

  playing() {
    return this.timer !== null;
  }

  play() {
    if (this.playing()) return;
    if (this.step === this.last) this.go(0);
    this.timer = window.setInterval(() => this.go(this.step + 1), SPEEDS[this.speed].ms);
    this.render();
  }

  pause() {
    if (!this.playing()) return;
    window.clearInterval(this.timer);
    this.timer = null;
    this.render();
  }

  setSpeed(index) {
    this.speed = index;
    if (this.playing()) {
      this.pause();
      this.play();
    } else {
      this.render();
    }
  }

  onKey(event) {
    const tag = event.target && event.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    const keys = {
      ArrowLeft: () => this.go(this.step - 1),
      ArrowRight: () => this.go(this.step + 1),
      Home: () => this.go(0),
      End: () => this.go(this.last),
    };
    if (keys[event.key]) {
      event.preventDefault();
      keys[event.key]();
    }
  }

  async checkCommitment() {
    const { seed, salt, commitment } = this.data;
    if (seed === null || seed === undefined) return;
    const digest = await sha256Hex(`${seed}:${salt}`);
    this.browserCheck = digest === null ? "" : digest === commitment ? "match" : "mismatch";
    this.render();
  }

  // ---- drawing ----

  finished() {
    return this.data.status === "finished" || this.data.status === "aborted";
  }

  boardView() {
    // The analysis may ask for the position before the move, with the best move beside the played one.
    const override = this.analysis ? this.analysis.boardOverride(this.step) : null;
    if (override) return this.bestMoveView(override);
    return this.positionView(this.step);
  }

  positionView(step) {
    const state = this.data.states[step];
    const over = this.finished() && step === this.last;
    const record = step > 0 ? this.data.moves[step - 1] : null;
    const result = over ? this.data.result : null;
    const winners = result && Array.isArray(result.winners) ? result.winners : [];
    return {
      state,
      seats: this.seats,
      me: null,
      over,
      version: step,
      clock: { kind: "none" },
      result,
      winners,
      commitment: this.data.commitment,
      seed: over ? this.data.seed : null,
      salt: this.data.salt,
      commitmentCheck: this.commitmentText(),
      canOffer: false,
      canTile: false,
      canResign: false,
      selection: null,
      pending: false,
      lastMove: record ? { move: record.move, player: record.player_index, number: record.number } : null,
      // The points the move scored, drawn where they were scored (as on the live table).
      marks: record ? marksOf(record.scoring) : null,
      rounds: over ? this.data.rounds : null,
      rated: false,
      log: this.log,
      presence: [],
      spectators: 0,
      connection: "replay",
      errorText: "",
      handlers: {},
    };
  }

  bestMoveView({ step, played, best, player, bestText }) {
    const view = this.positionView(step);
    return {
      ...view,
      version: this.step,
      marks: null,
      lastMove: { move: played, player, number: this.step },
      hint: this.duel ? null : best,
      hintFor: player,
      hintText: this.duel ? bestText : "",
    };
  }

  commitmentText() {
    if (this.data.seed === null || this.data.seed === undefined) return "";
    const server = this.data.commitment_matches;
    return fairBagVerdict(this.browserCheck === "match" || (this.browserCheck === "" && server));
  }

  roundOf(step) {
    return this.data.states[step].round;
  }

  // The controls are built once (a slider being dragged must not be replaced) and updated per step.
  buildControls() {
    const button = (testid, label, title, onclick) =>
      h("button", { type: "button", class: "button button--quiet", "data-testid": testid, title, "aria-label": title, onclick, text: label });
    this.controls = {
      start: button("replay-start", gettext("« Start"), gettext("Start (Home)"), () => this.go(0)),
      back: button("replay-back", gettext("‹ Back"), gettext("Back one move (←)"), () => this.go(this.step - 1)),
      play: button("replay-play", gettext("Play"), gettext("Autoplay"), () => (this.playing() ? this.pause() : this.play())),
      forward: button("replay-forward", gettext("Next ›"), gettext("Forward one move (→)"), () => this.go(this.step + 1)),
      end: button("replay-end", gettext("End »"), gettext("End (End)"), () => this.go(this.last)),
      slider: h("input", {
        type: "range",
        min: "0",
        max: String(this.last),
        value: String(this.step),
        "data-testid": "replay-slider",
        "aria-label": gettext("Move"),
        oninput: (event) => this.go(Number(event.target.value)),
      }),
      speed: h(
        "select",
        { "data-testid": "replay-speed", "aria-label": gettext("Autoplay speed"), onchange: (event) => this.setSpeed(Number(event.target.value)) },
        SPEEDS.map((choice, index) => h("option", { value: String(index), selected: index === this.speed, text: choice.label })),
      ),
      position: h("span", { class: "replay-position", "data-testid": "replay-position" }),
      rounds: Object.entries(this.data.round_starts).map(([round, step]) =>
        h("button", {
          type: "button",
          class: "button button--quiet round-jump",
          "data-testid": `replay-round-${round}`,
          "data-round": round,
          title: fmt(gettext("Start of round %(round)s (move %(step)s)"), { round, step }),
          onclick: () => this.go(step),
          text: `R${round}`,
        }),
      ),
    };
    const c = this.controls;
    return h("div", { class: "replay-controls", role: "toolbar", "aria-label": gettext("Replay controls") }, [
      h("div", { class: "replay-controls__row" }, [
        c.start, c.back, c.play, c.forward, c.end,
        h("label", { class: "replay-speed" }, [gettext("Speed") + " ", c.speed]),
        c.slider,
      ]),
      h("div", { class: "replay-controls__row replay-rounds" }, [h("span", { class: "muted", text: gettext("Jump to round: ") }), ...c.rounds]),
      c.position,
    ]);
  }

  updateControls() {
    const c = this.controls;
    c.start.disabled = this.step === 0;
    c.back.disabled = this.step === 0;
    c.forward.disabled = this.step === this.last;
    c.end.disabled = this.step === this.last;
    c.play.disabled = this.last === 0;
    c.play.textContent = this.playing() ? gettext("Pause") : gettext("Play");
    c.play.title = this.playing() ? gettext("Pause") : gettext("Autoplay");
    c.play.setAttribute("aria-label", c.play.title);
    c.play.dataset.playing = this.playing() ? "true" : "false";
    if (Number(c.slider.value) !== this.step) c.slider.value = String(this.step);
    const round = this.roundOf(this.step);
    for (const jump of c.rounds) jump.classList.toggle("is-current", Number(jump.dataset.round) === round);
    const entry = this.step > 0 ? this.log[this.step - 1] : null;
    c.position.dataset.step = String(this.step);
    c.position.textContent = fmt(gettext("Move %(step)s of %(last)s · round %(round)s · %(deal)s"), { step: this.step, last: this.last, round, deal: entry ? `${entry.name} ${entry.text}` : gettext("the deal") });
  }

  renderFairness() {
    const { commitment, seed, salt } = this.data;
    const revealed = seed !== null && seed !== undefined;
    const numbers = [h("p", {}, [h("span", { class: "muted", text: `${gettext("fingerprint")} ` }), h("code", { "data-testid": "commitment", text: commitment })])];
    if (revealed) {
      numbers.push(h("p", {}, [
        h("span", { class: "muted", text: `${gettext("shuffle number")} ` }),
        h("code", { "data-testid": "seed", text: String(seed) }),
        h("span", { class: "muted", text: ` · ${gettext("secret padding")} ` }),
        h("code", { text: String(salt) }),
      ]));
    }
    const items = [
      revealed ? h("p", { class: "fairness-verdict", "data-testid": "fairness", text: this.commitmentText() }) : null,
      h("p", { class: "muted", text: fairBagExplanation(revealed) }),
      h("details", {}, [h("summary", { text: gettext("The numbers") }), ...numbers]),
    ];
    return h("section", { class: "replay-fairness", "aria-label": gettext("Provable fairness") }, [h("h2", { class: "panel-title", text: gettext("Fair bag") }), ...items]);
  }

  render() {
    const view = this.boardView();
    // Each ruleset has its own board; the log, chart and fairness panels are shared.
    const tree = this.duel
      ? renderDuelGame({ ...view, moves: [] }, { log: h("div", { class: "game__side" }, [renderLog(view), h("div", { class: "game__actions" })]) })
      : renderGame(view);
    // Every move of the log is a link to its position; moves not yet reached are dimmed.
    for (const entry of tree.querySelectorAll(".log__entry")) {
      const number = Number(entry.getAttribute("value"));
      entry.classList.toggle("is-future", number > this.step);
      entry.setAttribute("data-move", String(number));
      entry.addEventListener("click", () => this.go(number));
    }
    const actions = tree.querySelector(".game__actions");
    if (actions && this.finished()) {
      actions.append(h("a", { class: "button", href: `/api/v1/games/${this.data.id}/export`, download: `azul-game-${this.data.id}.json`, "data-testid": "export", text: gettext("Export JSON") }));
    }
    const side = tree.querySelector(".game__side");
    const chart = h("section", { class: "replay-scores", "aria-label": gettext("Scores over time") }, [
      h("h2", { class: "panel-title", text: gettext("Scores") }),
      renderScoreChart({ scores: this.scores, names: this.names, step: this.step, onPick: (step) => this.go(step) }),
    ]);
    if (side) side.prepend(chart);
    else tree.append(chart);
    const boardPart = this.boardLinks ? renderReplayBoard(this.data.id, this.boardLinks, this.step) : null;
    if (boardPart) tree.prepend(boardPart);
    if (this.analysis) {
      this.analysis.markLog(tree);
      tree.append(this.analysis.render(this.step));
    }
    tree.append(this.renderFairness());

    const oldList = this.board.querySelector(".log__list");
    const scroll = oldList ? oldList.scrollTop : 0;
    clear(this.board);
    this.board.append(tree);
    this.updateControls();
    const list = this.board.querySelector(".log__list");
    const current = this.board.querySelector(".log__entry--last");
    if (list) {
      list.scrollTop = scroll;
      const top = current ? current.offsetTop - list.offsetTop : 0;
      if (current && (top < list.scrollTop || top > list.scrollTop + list.clientHeight - current.offsetHeight)) {
        list.scrollTop = top - list.clientHeight / 2;
      }
    }
  }
}
