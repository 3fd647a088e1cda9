// The tournament form shows only the options that apply to the chosen format, game and clock:
// rounds and duplicate deals for the Swiss formats, the duration for an arena, best-of for a
// knockout, tables of 3-4 for a multiplayer Swiss; bots only in a casual tournament. The server
// decides either way (tournaments.services.validate_options) and names the field it refuses.

const form = document.querySelector("[data-testid=tournament-form]");

const SHOWN_WHEN = {
  rounds: (v) => v.format === "swiss" || v.format === "multi_swiss",
  duplicate_deals: (v) => v.format === "swiss" || v.format === "multi_swiss",
  players_per_game: (v) => v.format === "multi_swiss",
  duration_minutes: (v) => v.format === "arena",
  best_of: (v) => v.format === "knockout",
  variant: (v) => v.ruleset !== "duel",
  minutes: (v) => v.clock_kind === "realtime",
  increment: (v) => v.clock_kind === "realtime",
  days_per_move: (v) => v.clock_kind === "correspondence",
  bots_allowed: (v) => !v.rated,
};

function sync() {
  const values = {
    format: form.elements.format.value,
    ruleset: form.elements.ruleset.value,
    clock_kind: form.elements.clock_kind.value,
    rated: form.elements.rated.checked,
  };
  for (const [name, shown] of Object.entries(SHOWN_WHEN)) {
    const field = form.querySelector(`[name=${name}]`)?.closest(".field");
    // A field with an error stays in sight, whatever the choices say.
    if (field && !field.classList.contains("field-invalid")) field.hidden = !shown(values);
  }
  if (values.format === "arena" && values.clock_kind !== "realtime") {
    form.elements.clock_kind.value = "realtime"; // an arena is played with a realtime clock
    sync();
  }
}

if (form) {
  form.addEventListener("change", sync);
  sync();
}
