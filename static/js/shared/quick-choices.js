// Quick play's choices as the server takes them (docs/api.md, "Quick play"): the selects of
// templates/matchmaking/_choices.html read into {ruleset, players, rated, clock}, and a finished
// table's options turned back into the same shape (the end screen's "New game").

const GAMES = {
  "classic-2": { ruleset: "classic", players: 2 },
  "classic-3": { ruleset: "classic", players: 3 },
  "classic-4": { ruleset: "classic", players: 4 },
  duel: { ruleset: "duel", players: 2 },
};

export function readChoices(root) {
  const value = (name) => root.querySelector(`[data-choice="${name}"]`).value;
  return { ...GAMES[value("game")], rated: value("rated") === "rated", clock: value("clock") };
}

// A table's options (the game payload's ruleset, players, rated, clock): the same table again.
export function choicesOfTable({ ruleset, players, rated, clock }) {
  const kind = clock && clock.kind;
  const sameClock = kind === "realtime"
    ? { kind, base_seconds: clock.base_seconds, increment_seconds: clock.increment_seconds }
    : kind === "correspondence" ? { kind, days_per_move: clock.days_per_move } : "untimed";
  return { ruleset, players, rated: Boolean(rated), clock: sameClock };
}
