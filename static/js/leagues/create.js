// The league form shows only the options that apply: Azul Duel is always 2 players on its own
// board (no player count, no wall variant), and days per move belong to the correspondence clock.
// The server decides either way (leagues.services.validate_league_options).

const form = document.querySelector("[data-testid=league-form]");

function fieldOf(name) {
  return form.querySelector(`[name=${name}]`)?.closest(".field");
}

function sync() {
  const duel = form.elements.ruleset.value === "duel";
  for (const name of ["players_per_game", "variant"]) {
    const field = fieldOf(name);
    if (field) field.hidden = duel;
  }
  if (duel) form.elements.players_per_game.value = "2";
  const days = fieldOf("days_per_move");
  if (days) days.hidden = form.elements.clock_kind.value !== "correspondence";
}

if (form) {
  form.addEventListener("change", sync);
  sync();
}
