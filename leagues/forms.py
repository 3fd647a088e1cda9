"""Forms of the leagues pages: they only parse; leagues.services validates and acts."""

from django import forms

from .models import League


class LeagueForm(forms.Form):
    name = forms.CharField(max_length=80)
    description = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), required=False)
    visibility = forms.ChoiceField(
        choices=[("public", "Public: anyone may join"), ("invite", "Invite-only: join by link")]
    )
    players_per_game = forms.TypedChoiceField(
        choices=[(2, "2"), (3, "3"), (4, "4")], coerce=int, initial=2
    )
    variant = forms.ChoiceField(choices=[("standard", "Standard"), ("gray", "Gray wall")])
    rated = forms.BooleanField(required=False)
    days_per_move = forms.IntegerField(
        min_value=1, max_value=30, initial=3, help_text="Correspondence clock: days per move."
    )
    round_hours = forms.IntegerField(
        min_value=1, initial=7 * 24, help_text="Hours each round lasts before its deadline."
    )
    cycles = forms.TypedChoiceField(
        choices=[(1, "Single round-robin"), (2, "Double round-robin")], coerce=int
    )
    points = forms.CharField(
        required=False,
        help_text="Points for 1st, 2nd, … separated by commas; empty for the default "
        "(2 players 2/0 with a draw worth 1; 3 players 4/2/0; 4 players 4/2/1/0).",
    )
    tie_breaks = forms.CharField(
        initial="points, wins, score, head_to_head",
        help_text="In order, from: points, wins, score, head_to_head.",
    )
    deadline_rule = forms.ChoiceField(choices=League.DeadlineRule.choices)
    divisions = forms.IntegerField(min_value=1, max_value=12, initial=1)
    promotion = forms.IntegerField(
        min_value=0, max_value=10, initial=1, help_text="Promoted and relegated per division."
    )
    play = forms.BooleanField(required=False, initial=True, label="I play too")

    def options(self):
        data = dict(self.cleaned_data)
        points = data.pop("points").strip()
        options = {
            **{k: data[k] for k in ("name", "description", "visibility", "players_per_game")},
            **{k: data[k] for k in ("variant", "rated", "round_hours", "cycles")},
            **{k: data[k] for k in ("deadline_rule", "divisions", "promotion", "play")},
            "clock": {"kind": "correspondence", "days_per_move": data["days_per_move"]},
            "tie_breaks": [t.strip() for t in data["tie_breaks"].split(",") if t.strip()],
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


class ReasonForm(forms.Form):
    username = forms.CharField(max_length=30)
    reason = forms.CharField(max_length=1000)


class OverrideForm(forms.Form):
    places = forms.CharField(help_text="username=place pairs, e.g. alice=1, bob=2")
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
    until = forms.DateTimeField(help_text="UTC, e.g. 2026-12-24 18:00")
    reason = forms.CharField(max_length=1000)


class SeasonDatesForm(forms.Form):
    registration_closes_at = forms.DateTimeField(required=False)
    starts_at = forms.DateTimeField(required=False)
