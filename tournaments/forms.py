"""The creation form of the tournament pages: it only parses; tournaments.services validates and
creates, and its refusals are shown on the field they name (errors.Invalid.field)."""

from django import forms
from django.utils.translation import gettext_lazy

from .models import Tournament
from .services.common import MAX_ARENA_PLAYERS, MAX_DURATION_MINUTES, MIN_DURATION_MINUTES

# Dates are picked with the browser's own date and time picker, in UTC (the page says so).
PICKER_FORMAT = "%Y-%m-%dT%H:%M"
Format = Tournament.Format
SWISS_FORMATS = (Format.SWISS, Format.MULTI_SWISS)

FORMAT_NAMES = {
    Format.SWISS: gettext_lazy("Swiss"),
    Format.MULTI_SWISS: gettext_lazy("Multiplayer Swiss (tables of 3-4)"),
    Format.ARENA: gettext_lazy("Arena"),
    Format.KNOCKOUT: gettext_lazy("Knockout"),
}


def _number(label, low, high, initial, help_text=""):
    return forms.IntegerField(label=label, min_value=low, max_value=high, initial=initial,
                              required=False, help_text=help_text)


class TournamentForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=80)
    description = forms.CharField(label=gettext_lazy("Description"), required=False,
                                  max_length=2000, widget=forms.Textarea(attrs={"rows": 2}))
    format = forms.ChoiceField(label=gettext_lazy("Format"), choices=list(FORMAT_NAMES.items()),
                               initial=Format.SWISS)
    ruleset = forms.ChoiceField(label=gettext_lazy("Game"), initial="classic", choices=[
        ("classic", gettext_lazy("Azul (2-4 players)")), ("duel", gettext_lazy("Azul Duel"))])
    players_per_game = forms.TypedChoiceField(
        label=gettext_lazy("Players per table"), coerce=int, initial=3,
        choices=[(3, "3"), (4, "4")], required=False,
        help_text=gettext_lazy("Multiplayer Swiss only; the other formats play two a game."))
    variant = forms.ChoiceField(label=gettext_lazy("Wall"), initial="standard", choices=[
        ("standard", gettext_lazy("Standard")), ("gray", gettext_lazy("Gray wall"))],
        help_text=gettext_lazy("Azul only."))
    clock_kind = forms.ChoiceField(label=gettext_lazy("Clock"), initial="realtime", choices=[
        ("realtime", gettext_lazy("Realtime")),
        ("correspondence", gettext_lazy("Correspondence: days per move"))])
    minutes = _number(gettext_lazy("Minutes per player"), 1, 180, 10)
    increment = _number(gettext_lazy("Seconds added per move"), 0, 60, 5)
    days_per_move = _number(gettext_lazy("Days per move"), 1, 30, 3)
    rounds = _number(gettext_lazy("Rounds"), 1, 20, 5, gettext_lazy("Swiss formats."))
    duration_minutes = _number(gettext_lazy("Duration (minutes)"), MIN_DURATION_MINUTES,
                               MAX_DURATION_MINUTES, 60,
                               gettext_lazy("Arena: pairings go on for this long."))
    best_of = forms.TypedChoiceField(label=gettext_lazy("Matches best of"), coerce=int, initial=1,
                                     choices=[(1, "1"), (3, "3"), (5, "5"), (7, "7")],
                                     help_text=gettext_lazy("Knockout only."))
    starts_at = forms.DateTimeField(
        label=gettext_lazy("Starts at (UTC)"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local", "step": 60},
                                   format=PICKER_FORMAT),
        input_formats=[PICKER_FORMAT, "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M"],
        error_messages={"invalid": gettext_lazy("pick a date and a time (UTC)")})
    # An arena's cap; the service refuses more than 256 in the other formats.
    max_players = forms.IntegerField(label=gettext_lazy("Most players"), min_value=2,
                                     max_value=MAX_ARENA_PLAYERS, initial=64)
    rated = forms.BooleanField(label=gettext_lazy("Rated"), required=False, initial=True)
    bots_allowed = forms.BooleanField(label=gettext_lazy("Bots may play (casual only)"),
                                      required=False)
    visibility = forms.ChoiceField(label=gettext_lazy("Who may join"), initial="public", choices=[
        ("public", gettext_lazy("Anyone (listed)")),
        ("invite", gettext_lazy("Invite-only: with the link"))])
    password = forms.CharField(label=gettext_lazy("Password (optional)"), required=False,
                               max_length=128, widget=forms.PasswordInput(render_value=True))
    duplicate_deals = forms.BooleanField(
        label=gettext_lazy("Duplicate deals"), required=False,
        help_text=gettext_lazy("Swiss formats: every table of a round plays the same deal."))

    # The service names options by their API names; these are where the form shows them.
    FIELD_OF_OPTION = {"clock": "clock_kind", "placement_points": "format"}

    def options(self):
        """The creation service's keyword arguments: only what the chosen format takes."""
        data = self.cleaned_data
        fmt = data["format"]
        realtime = data["clock_kind"] == "realtime"
        clock = ({"kind": "realtime", "base_seconds": (data["minutes"] or 0) * 60,
                  "increment_seconds": data["increment"] or 0} if realtime
                 else {"kind": "correspondence", "days_per_move": data["days_per_move"] or 0})
        options = {
            "name": data["name"], "description": data["description"], "format": fmt,
            "ruleset": data["ruleset"], "variant": data["variant"], "clock": clock,
            "starts_at": data["starts_at"], "max_players": data["max_players"],
            "rated": data["rated"], "bots_allowed": data["bots_allowed"],
            "visibility": data["visibility"], "password": data["password"],
            "players_per_game": data["players_per_game"] or 3 if fmt == Format.MULTI_SWISS else 2,
        }
        if fmt in SWISS_FORMATS:
            options["rounds"] = data["rounds"]
            options["duplicate_deals"] = data["duplicate_deals"]
        if fmt == Format.ARENA:
            options["duration_minutes"] = data["duration_minutes"]
        if fmt == Format.KNOCKOUT:
            options["best_of"] = data["best_of"]
        return options

    def refused(self, error):
        """Show a refusal of the service on the field it names (the form's top otherwise)."""
        field = getattr(error, "field", None)
        if error.code == "bots_not_allowed_rated":
            field = "bots_allowed"
        field = self.FIELD_OF_OPTION.get(field, field)
        self.add_error(field if field in self.fields else None, error.detail)
