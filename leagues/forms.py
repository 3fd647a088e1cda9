"""Forms of the leagues pages: they only parse; leagues.services validates and acts."""

from django import forms
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from .services import MAX_ROUND_HOURS, MIN_ROUND_HOURS

# Dates are picked with the browser's own date and time picker, in UTC (the pages say so).
PICKER_FORMAT = "%Y-%m-%dT%H:%M"


class DateTimePicker(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self, attrs=None):
        super().__init__(attrs={"step": 60, **(attrs or {})}, format=PICKER_FORMAT)


def picked_datetime(**kwargs):
    return forms.DateTimeField(
        widget=DateTimePicker(),
        input_formats=[PICKER_FORMAT, "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M"],
        error_messages={"invalid": gettext_lazy("pick a date and a time (UTC)")},
        **kwargs,
    )


# The standings' tie breaks (leagues.standings.TIE_BREAKS) by the names the form shows.
TIE_BREAK_NAMES = {
    "points": pgettext_lazy("tie-break", "points"),
    "wins": pgettext_lazy("tie-break", "wins"),
    "score": pgettext_lazy("tie-break", "score"),
    "head_to_head": pgettext_lazy("tie-break", "head to head"),
}
ENGLISH_TIE_BREAK_NAMES = {"points": "points", "wins": "wins", "score": "score", "head_to_head": "head to head"}


def tie_break_names():
    return ", ".join(str(name) for name in TIE_BREAK_NAMES.values())


class LeagueForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=80)
    description = forms.CharField(
        label=gettext_lazy("Description"), widget=forms.Textarea(attrs={"rows": 3}), required=False
    )
    visibility = forms.ChoiceField(label=gettext_lazy("Visibility"),
        choices=[
            ("public", gettext_lazy("Public: anyone may join")),
            ("invite", gettext_lazy("Invite-only: join by link")),
        ]
    )
    ruleset = forms.ChoiceField(
        label=gettext_lazy("Game"),
        choices=[("classic", "Azul"), ("duel", gettext_lazy("Azul Duel (2 players)"))],
        initial="classic",
        required=False,
    )
    players_per_game = forms.TypedChoiceField(label=gettext_lazy("Players per game"),
        choices=[(2, "2"), (3, "3"), (4, "4")], coerce=int, initial=2,
        help_text=gettext_lazy("Azul only: Azul Duel is always 2 players."),
    )
    variant = forms.ChoiceField(label=gettext_lazy("Variant"),
        choices=[("standard", gettext_lazy("Standard")), ("gray", gettext_lazy("Gray wall"))],
        help_text=gettext_lazy("Azul only."),
    )
    rated = forms.BooleanField(label=gettext_lazy("Rated"), required=False)
    clock_kind = forms.ChoiceField(
        label=gettext_lazy("Clock"),
        choices=[("correspondence", gettext_lazy("Correspondence: days per move")), ("none", gettext_lazy("No clock"))],
        initial="correspondence",
        required=False,
        help_text=gettext_lazy("League games start when their round opens, whoever is online, so leagues "
        "have no realtime clocks."),
    )
    days_per_move = forms.IntegerField(label=gettext_lazy("Days per move"),
        min_value=1, max_value=30, initial=3, help_text=gettext_lazy("Correspondence clock: days per move.")
    )
    round_hours = forms.IntegerField(label=gettext_lazy("Round hours"),
        min_value=MIN_ROUND_HOURS,
        max_value=MAX_ROUND_HOURS,
        initial=7 * 24,
        help_text=format_lazy(
            gettext_lazy("Hours each round lasts before its deadline (at least {hours})."), hours=MIN_ROUND_HOURS
        ),
    )
    cycles = forms.TypedChoiceField(label=gettext_lazy("Cycles"),
        choices=[(1, gettext_lazy("Single round-robin")), (2, gettext_lazy("Double round-robin"))], coerce=int
    )
    points = forms.CharField(label=gettext_lazy("Points"),
        required=False,
        help_text=gettext_lazy("Points for 1st, 2nd, … separated by commas; empty for the default "
        "(2 players 2/0 with a draw worth 1; 3 players 4/2/0; 4 players 4/2/1/0)."),
    )
    tie_breaks = forms.CharField(label=gettext_lazy("Tie breaks"),
        initial=tie_break_names,
        help_text=format_lazy(gettext_lazy("In order, from: {names} (head to head: only the games "
                                           "between the tied players)."), names=lazy(tie_break_names, str)()),
    )
    deadline_rule = forms.ChoiceField(
        label=gettext_lazy("Deadline rule"),
        choices=[("forfeit", gettext_lazy("Forfeit")), ("bot", gettext_lazy("Bot"))],
    )
    divisions = forms.IntegerField(label=gettext_lazy("Divisions"), min_value=1, max_value=12, initial=1)
    promotion = forms.IntegerField(label=gettext_lazy("Promotion"),
        min_value=0, max_value=10, initial=1, help_text=gettext_lazy("Promoted and relegated per division.")
    )
    play = forms.BooleanField(required=False, initial=True, label=gettext_lazy("I play too"))

    def clean_tie_breaks(self):
        """The criteria's names as the page shows them (or as the API spells them), as keys."""
        keys = []
        for written in (part.strip().lower() for part in self.cleaned_data["tie_breaks"].split(",")):
            if not written:
                continue
            key = next((key for key, name in TIE_BREAK_NAMES.items()
                        if written in (key, str(name).lower(), ENGLISH_TIE_BREAK_NAMES[key])), None)
            if key is None:
                raise forms.ValidationError(
                    gettext("unknown tie break “%(written)s”: choose from %(names)s")
                    % {"written": written, "names": tie_break_names()})
            keys.append(key)
        if len(set(keys)) != len(keys):
            raise forms.ValidationError(gettext("name each tie break once: %(names)s") % {"names": tie_break_names()})
        return keys

    def options(self):
        data = dict(self.cleaned_data)
        points = data.pop("points").strip()
        data["ruleset"] = data["ruleset"] or "classic"
        data["clock_kind"] = data["clock_kind"] or "correspondence"
        duel = data["ruleset"] == "duel"
        options = {
            **{k: data[k] for k in ("name", "description", "visibility", "ruleset")},
            "players_per_game": None if duel else data["players_per_game"],
            **{k: data[k] for k in ("variant", "rated", "round_hours", "cycles")},
            **{k: data[k] for k in ("deadline_rule", "divisions", "promotion", "play")},
            "clock": {"kind": data["clock_kind"], "days_per_move": data["days_per_move"]},
            "tie_breaks": data["tie_breaks"],
        }
        if points:
            try:
                options["points_per_place"] = [int(p) for p in points.split(",")]
            except ValueError:
                options["points_per_place"] = "bad"
        return options


class PlayerForm(forms.Form):
    username = forms.CharField(max_length=30)
    reason = forms.CharField(max_length=1000, required=False)


class InviteForm(forms.Form):
    username = forms.CharField(max_length=30)
    message = forms.CharField(max_length=1000, required=False)


class ReasonForm(forms.Form):
    username = forms.CharField(max_length=30)
    reason = forms.CharField(max_length=1000)


class OverrideForm(forms.Form):
    places = forms.CharField(help_text=gettext_lazy("username=place pairs, e.g. alice=1, bob=2"))
    reason = forms.CharField(max_length=1000)

    def parsed_places(self):
        places = {}
        for part in self.cleaned_data["places"].split(","):
            name, _, place = part.partition("=")
            try:
                places[name.strip()] = int(place)
            except ValueError:
                places[name.strip()] = place
        return places


class ExtendForm(forms.Form):
    until = picked_datetime(help_text=gettext_lazy("UTC"))
    reason = forms.CharField(max_length=1000)


class SeasonDatesForm(forms.Form):
    registration_closes_at = picked_datetime(required=False, label=gettext_lazy("Registration closes (UTC)"))
    starts_at = picked_datetime(required=False, label=gettext_lazy("Planned start (UTC)"))
