// The replay page's analysis (docs/analysis.md): request button, progress fed by the game's socket,
// an evaluation graph, each move's grade in the log, the current move's verdict (best move drawn on
// the board beside the played one) and a summary per player with links to the biggest mistakes.
// Everything shown comes from the server's analysis (GET /api/v1/games/{id}/analysis).

import { apiRequest } from "../shared/api.js";
import { GameConnection } from "../shared/connection.js";
import { h } from "../shared/dom.js";
import { fmt, formatPoints, gettext, ngettext } from "../shared/i18n.js";
import { lineChart, svg, swatch } from "../shared/line-chart.js";
import { accuracyText } from "../shared/accuracy.js";

// The module's user-facing strings, in one place, through the JS catalogue (docs/i18n.md).
const TEXT = {
  title: gettext("Analysis"),
  request: gettext("Request analysis"),
  requesting: gettext("Requesting…"),
  loginToRequest: gettext("Log in to request an analysis of this game."),
  none: gettext("Nobody has asked for an analysis of this game yet. The strongest bot judges every move (about a minute)."),
  queued: gettext("Analysis queued…"),
  running: (done, total) => fmt(gettext("Analysing: %(done)s of %(total)s moves"), { done, total }),
  failed: gettext("The analysis failed; you may request it again."),
  notFinished: gettext("Only finished games can be analysed."),
  progressLabel: gettext("Analysis progress"),
  graphLabel: gettext("Expected final-score margin of each player over the moves"),
  graphTitle: gettext("Evaluation"),
  margin: (name) => fmt(gettext("%(name)s: margin"), { name }),
  move: (ply) => fmt(gettext("move %(ply)s"), { ply }),
  markTitle: (ply, grade) => fmt(gettext("move %(ply)s: %(grade)s"), { ply, grade }),
  verdict: (ply, grade, loss) => (loss > 0
    ? fmt(ngettext("Move %(ply)s: %(grade)s, %(loss)s point lost", "Move %(ply)s: %(grade)s, %(loss)s points lost", loss), { ply, grade, loss: formatPoints(loss) })
    : fmt(gettext("Move %(ply)s: %(grade)s"), { ply, grade })),
  forced: gettext("the only legal move"),
  played: gettext("Played:"),
  best: gettext("Best:"),
  showBest: gettext("Show the best move on the board"),
  hideBest: gettext("Show the position after the move"),
  bestShown: gettext("Board before the move: the played move is outlined, the best move highlighted."),
  bestShownDuel: gettext("Board before the move: the played move is outlined, the best move named above the board."),
  bestNotice: (move) => fmt(gettext("Best: %(move)s"), { move }),
  summaryTitle: gettext("Summary"),
  player: gettext("Player"),
  averageLoss: gettext("Average points lost per move"),
  accuracy: gettext("Accuracy"),
  errors: gettext("Inaccuracies · mistakes · blunders"),
  biggest: gettext("Biggest mistakes"),
  noMistakes: gettext("none"),
  jump: (ply, loss) => fmt(gettext("move %(ply)s (−%(loss)s)"), { ply, loss: formatPoints(loss) }),
  grades: { good: gettext("good"), inaccuracy: gettext("inaccuracy"), mistake: gettext("mistake"), blunder: gettext("blunder") },
  symbols: { good: "", inaccuracy: "?!", mistake: "?", blunder: "??" },
};

// Each player's expected margin after every judged move: with two players, the mover's margin and
// its opposite for the other; with more, each player's own moves only.
export function marginSeries(moves, players) {
  const series = Array.from({ length: players }, () => []);
  for (const row of moves) {
    if (players === 2) {
      series[row.player].push([row.ply, row.played_margin]);
      series[1 - row.player].push([row.ply, -row.played_margin]);
    } else {
      series[row.player].push([row.ply, row.played_margin]);
    }
  }
  return series;
}

export function renderEvaluationGraph({ moves, players, names, step, total, onPick }) {
  const series = marginSeries(moves, players);
  const values = series.flat().map(([, value]) => value);
  const bound = Math.max(5, ...values.map((value) => Math.ceil(Math.abs(value))));
  const steps = Math.max(1, total);
  const plot = lineChart({
    height: 150, steps, low: -bound, high: bound, className: "eval-graph",
    label: TEXT.graphLabel, marker: "data-eval-graph", onPick,
  });
  for (const value of [bound, 0, -bound]) {
    plot.grid(value, value === 0 ? "eval-graph__zero" : "eval-graph__grid", "eval-graph__tick", formatPoints(value, { decimals: 0, signed: true }));
  }
  series.forEach((points, player) => {
    if (!points.length) return;
    plot.line(points, player, `eval-graph__line score-chart__line--p${player}`, TEXT.margin(names[player]), { "data-player": player });
  });
  for (const row of moves) {
    if (row.grade === "mistake" || row.grade === "blunder") {
      const dot = svg("circle", { class: `eval-graph__mark eval-graph__mark--${row.grade}`, cx: plot.x(row.ply), cy: plot.y(row.played_margin), r: 3, "data-ply": row.ply });
      dot.append(svg("title", {}, TEXT.markTitle(row.ply, TEXT.grades[row.grade])));
      plot.chart.append(dot);
    }
  }
  plot.now(step, "data-graph-step", "eval-graph__tick", TEXT.move(0), TEXT.move(steps));
  const legend = h("ul", { class: "score-legend" }, names.map((name, player) => (
    h("li", {}, [swatch(`eval-graph__line score-chart__line--p${player}`, player), ` ${name}`]))));
  return h("div", { class: "eval-graph__wrap" }, [plot.chart, legend]);
}

export class ReplayAnalysis {
  // replay: the ReplayView (go(step), render(), names, data); data: the analysis payload.
  constructor(replay, data, { loggedIn, describe }) {
    this.replay = replay;
    this.data = data;
    this.loggedIn = loggedIn;
    this.describe = describe;
    this.requesting = false;
    this.errorText = "";
    this.showBest = false;
    this.connection = null;
    this.index();
    if (this.inFlight()) this.listen();
  }

  index() {
    this.byPly = new Map(this.data.moves.map((row) => [row.ply, row]));
  }

  inFlight() {
    return this.data.status === "queued" || this.data.status === "running";
  }

  row(ply) {
    return this.byPly.get(ply) || null;
  }

  async request() {
    this.requesting = true;
    this.errorText = "";
    this.replay.render();
    try {
      this.data = await apiRequest("POST", `/games/${this.data.game}/analysis`);
      this.index();
      if (this.inFlight()) this.listen();
    } catch (error) {
      this.errorText = error.detail || String(error);
    }
    this.requesting = false;
    this.replay.render();
  }

  listen() {
    if (this.connection) return;
    this.connection = new GameConnection(this.data.game, {
      onAnalysis: (message) => this.onProgress(message),
      // Whatever happened before the socket opened (a short game may be analysed by then) is read
      // once it is open: from then on the socket's messages keep the page current.
      onStatus: (status) => (status === "open" ? this.caughtUp() : null),
    });
    this.connection.connect();
  }

  async caughtUp() {
    await this.refresh();
    if (!this.inFlight() && this.connection) {
      this.connection.close();
      this.connection = null;
    }
    this.replay.render();
  }

  async onProgress(message) {
    if (message.progress < this.data.progress && message.status === this.data.status) return;
    this.data = { ...this.data, status: message.status, progress: message.progress, total: message.total };
    if (!this.inFlight()) {
      if (this.connection) this.connection.close();
      this.connection = null;
      await this.refresh();
    }
    this.replay.render();
  }

  async refresh() {
    try {
      this.data = await apiRequest("GET", `/games/${this.data.game}/analysis`);
      this.index();
    } catch (error) {
      this.errorText = error.detail || String(error);
    }
  }

  // ---- what the board shows ----

  // With "show the best move" on, the board shows the position before the move, the played move
  // as the last move and the best one as a hint.
  boardOverride(step) {
    const row = this.showBest && step > 0 ? this.row(step) : null;
    if (!row) return null;
    return { step: step - 1, played: row.played, best: row.best, player: row.player, bestText: TEXT.bestNotice(this.describe(row.best)) };
  }

  // ---- drawing ----

  markLog(tree) {
    for (const entry of tree.querySelectorAll(".log__entry")) {
      const row = this.row(Number(entry.getAttribute("value")));
      if (!row) continue;
      entry.dataset.grade = row.grade;
      entry.classList.add(`log__entry--${row.grade}`);
      const label = TEXT.grades[row.grade];
      const what = entry.querySelector(".log__what");
      const badge = h("span", { class: `grade-badge grade-badge--${row.grade}`, title: label, "data-grade-badge": row.grade }, [
        h("span", { "aria-hidden": "true", text: TEXT.symbols[row.grade] || "✓" }),
        h("span", { class: "visually-hidden", text: ` ${label}` }),
      ]);
      if (what) what.after(badge);
      else entry.append(badge);
    }
  }

  render(step) {
    const children = [h("h2", { class: "panel-title", text: TEXT.title })];
    const { status } = this.data;
    if (status === "none" || status === "failed") {
      children.push(h("p", { class: "muted", "data-analysis-status": status, text: status === "failed" ? TEXT.failed : TEXT.none }));
      if (!this.replay.finished() || this.replay.data.status !== "finished") {
        children.push(h("p", { class: "muted", text: TEXT.notFinished }));
      } else if (this.loggedIn) {
        children.push(h("button", {
          type: "button", class: "button", "data-testid": "request-analysis", disabled: this.requesting,
          onclick: () => this.request(), text: this.requesting ? TEXT.requesting : TEXT.request,
        }));
      } else {
        children.push(h("p", { class: "muted", text: TEXT.loginToRequest }));
      }
    } else if (this.inFlight()) {
      const text = status === "queued" ? TEXT.queued : TEXT.running(this.data.progress, this.data.total);
      children.push(
        h("label", { class: "analysis-progress", "data-analysis-status": status }, [
          h("span", { text }),
          h("progress", { max: String(Math.max(1, this.data.total)), value: String(this.data.progress), "data-testid": "analysis-progress", "aria-label": TEXT.progressLabel }),
        ]),
      );
    }
    if (this.errorText) children.push(h("p", { class: "alert", role: "alert", text: this.errorText }));
    if (this.data.moves.length) {
      children.push(
        h("h3", { class: "analysis__subtitle", text: TEXT.graphTitle }),
        renderEvaluationGraph({
          moves: this.data.moves, players: this.replay.data.players, names: this.replay.names,
          step, total: this.data.total, onPick: (ply) => this.replay.go(ply),
        }),
        this.renderVerdict(step),
      );
    }
    if (status === "done") children.push(this.renderSummary());
    return h("section", { class: "replay-analysis", "aria-label": TEXT.title, "data-analysis": status }, children);
  }

  renderVerdict(step) {
    const row = step > 0 ? this.row(step) : null;
    if (!row) return h("div", { class: "analysis-verdict", "data-verdict": "" });
    const margin = (value) => formatPoints(value, { signed: true });
    const grade = row.forced ? TEXT.forced : TEXT.grades[row.grade];
    const items = [
      h("p", { class: `analysis-verdict__grade grade--${row.grade}`, "data-verdict-grade": row.grade, text: TEXT.verdict(row.ply, grade, row.loss) }),
      h("p", {}, [h("strong", { text: `${TEXT.played} ` }), `${this.describe(row.played)} (${margin(row.played_margin)})`]),
    ];
    const same = JSON.stringify(row.best) === JSON.stringify(row.played);
    if (!same) {
      items.push(
        h("p", { "data-best-move": "" }, [h("strong", { text: `${TEXT.best} ` }), `${this.describe(row.best)} (${margin(row.best_margin)})`]),
        h("button", {
          type: "button", class: "button button--quiet", "data-testid": "show-best", "aria-pressed": this.showBest ? "true" : "false",
          onclick: () => { this.showBest = !this.showBest; this.replay.render(); },
          text: this.showBest ? TEXT.hideBest : TEXT.showBest,
        }),
      );
      if (this.showBest) items.push(h("p", { class: "muted", text: this.replay.duel ? TEXT.bestShownDuel : TEXT.bestShown }));
    }
    return h("div", { class: "analysis-verdict", "data-verdict": String(row.ply) }, items);
  }

  renderSummary() {
    const rows = this.data.summary.map((entry) => h("tr", { "data-summary-player": String(entry.player) }, [
      h("th", { scope: "row", text: this.replay.names[entry.player] }),
      h("td", { "data-accuracy": "", text: accuracyText(entry.accuracy) }),
      h("td", { "data-grade-counts": "", text: `${entry.inaccuracies} · ${entry.mistakes} · ${entry.blunders}` }),
      h("td", { "data-average-loss": "", text: formatPoints(entry.average_loss) }),
      h("td", {}, entry.biggest.length
        ? entry.biggest.map((worst, index) => [index ? ", " : "", h("a", {
          href: `#move=${worst.ply}`, class: `grade--${worst.grade}`, "data-testid": `mistake-${entry.player}-${index}`,
          onclick: (event) => { event.preventDefault(); this.replay.go(worst.ply); },
          text: TEXT.jump(worst.ply, worst.loss),
        })]).flat()
        : [TEXT.noMistakes]),
    ]));
    return h("div", { class: "analysis-summary" }, [
      h("h3", { class: "analysis__subtitle", text: TEXT.summaryTitle }),
      h("table", { class: "analysis-summary__table", "data-analysis-summary": "" }, [
        h("thead", {}, [h("tr", {}, [TEXT.player, TEXT.accuracy, TEXT.errors, TEXT.averageLoss, TEXT.biggest].map((text) => h("th", { scope: "col", text })))]),
        h("tbody", {}, rows),
      ]),
    ]);
  }
}
