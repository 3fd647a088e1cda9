"""The rating history chart as inline SVG geometry (no charting service, no JavaScript).

`rating_chart` turns the rated games of a ladder, oldest first, into what
templates/ratings/rating_chart.html draws: a polyline, a dot per game, the uncertainty band
(rating ± deviation after each game), the rating axis and a date axis. Games are spaced evenly
(a busy evening stays readable); the date axis labels a few of them.
"""

from dataclasses import dataclass

from django.utils import timezone
from django.utils.dateformat import format as format_date
from django.utils.translation import gettext as _

from .figures import shown_change, shown_rating
from .maths.glicko2 import START_RATING

WIDTH, HEIGHT = 480, 180
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 44, 14, 10, 34
MAX_DATE_TICKS = 5


@dataclass(frozen=True)
class RatedGame:
    """One point of the history: the game, when it ended, the rating after it."""

    game_id: int
    when: object  # an aware datetime (the game's end), or None when unknown
    rating_after: float
    deviation_after: float | None = None


@dataclass(frozen=True)
class ChartPoint:
    x: float
    y: float
    label: str
    rating: int


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    points: list
    polyline: str
    ticks: list  # [(y, label)]: the rating axis
    date_ticks: list  # [(x, label, text-anchor)]: the date axis
    baseline_y: float  # where the starting rating lies
    plot_left: int
    plot_right: int
    axis_y: float  # the date axis line
    date_label_y: float
    span: str  # "3 Mar 2025 to 9 Apr 2025", for the chart's accessible name
    band: str = ""  # the uncertainty band: polygon points, rating + deviation then − deviation


def _day(moment, with_year):
    local = timezone.localtime(moment) if timezone.is_aware(moment) else moment
    return format_date(local, "j M Y" if with_year else "j M")


def _date_tick_indices(count):
    """Up to MAX_DATE_TICKS game indices (1-based: 0 is the start), first and last included."""
    if count <= MAX_DATE_TICKS:
        return list(range(1, count + 1))
    step = (count - 1) / (MAX_DATE_TICKS - 1)
    return sorted({1 + round(i * step) for i in range(MAX_DATE_TICKS)})


BAND_IN_RANGE = 150  # the band widens the vertical range by at most this: a new player's ± 500
# would flatten the line; beyond it the band is cut at the plot's edge


def rating_chart(history, width=WIDTH, height=HEIGHT, start_deviation=None):
    """history: [RatedGame] oldest first. The chart starts at the starting rating."""
    values = [START_RATING] + [game.rating_after for game in history]
    deviations = [start_deviation] + [game.deviation_after for game in history]
    spread = [min(BAND_IN_RANGE, d or 0) for d in deviations]
    low = min(v - d for v, d in zip(values, spread, strict=True))
    high = max(v + d for v, d in zip(values, spread, strict=True))
    if high - low < 40:  # keep small changes from filling the whole height
        middle = (high + low) / 2
        low, high = middle - 20, middle + 20
    plot_w = width - PAD_LEFT - PAD_RIGHT
    plot_h = height - PAD_TOP - PAD_BOTTOM
    steps = max(1, len(values) - 1)

    def y_of(value):
        value = min(high, max(low, value))
        return round(PAD_TOP + (high - value) / (high - low) * plot_h, 1)

    def x_of(index):
        return round(PAD_LEFT + index * plot_w / steps, 1)

    years = {game.when.year for game in history if game.when}
    with_year = len(years) > 1
    labels = [_("start: %(rating)s") % {"rating": shown_rating(START_RATING)}]
    for before, game in zip(values, history, strict=False):
        change = shown_change(before, game.rating_after)
        day = _day(game.when, True) + " · " if game.when else ""
        label = day + _("game %(game)s: %(rating)s (%(change)s)") % {
            "game": game.game_id, "rating": shown_rating(game.rating_after), "change": f"{change:+d}"}
        if game.deviation_after is not None:
            label += " ± " + str(round(game.deviation_after))
        labels.append(label)
    points = [
        ChartPoint(x_of(i), y_of(v), labels[i], shown_rating(v)) for i, v in enumerate(values)
    ]
    ticks = [(y_of(value), str(shown_rating(value))) for value in (high, (high + low) / 2, low)]

    date_ticks = []
    for index in _date_tick_indices(len(history)):
        when = history[index - 1].when
        if when is None:
            continue
        label = _day(when, with_year)
        if date_ticks and date_ticks[-1][1] == label:
            continue  # several games that day: one label
        x = x_of(index)
        # Labels at the ends lean inwards so they stay inside the picture.
        anchor = "end" if x > width - PAD_RIGHT - 30 else "start" if x < PAD_LEFT + 30 else "middle"
        date_ticks.append((x, label, anchor))

    dated = [game.when for game in history if game.when]
    span = (_("%(first)s to %(last)s") % {"first": _day(dated[0], True), "last": _day(dated[-1], True)}
            if dated else "")
    axis_y = PAD_TOP + plot_h
    band = ""
    if all(d is not None for d in deviations):
        upper = [f"{x_of(i)},{y_of(v + d)}" for i, (v, d) in enumerate(zip(values, deviations, strict=True))]
        lower = [f"{x_of(i)},{y_of(v - d)}" for i, (v, d) in enumerate(zip(values, deviations, strict=True))]
        band = " ".join(upper + lower[::-1])
    return Chart(
        width,
        height,
        points,
        " ".join(f"{p.x},{p.y}" for p in points),
        ticks,
        date_ticks,
        y_of(START_RATING),
        PAD_LEFT,
        width - PAD_RIGHT,
        axis_y,
        axis_y + 16,
        span,
        band,
    )


# --- the accuracy sparkline of the profile ---------------------------------------------------

SPARK_WIDTH, SPARK_HEIGHT, SPARK_PAD = 120, 28, 3


@dataclass(frozen=True)
class Sparkline:
    """A small inline SVG of accuracies (0-100), oldest first: the polyline, the last point (x, y),
    the values and their mean."""

    width: int
    height: int
    polyline: str
    last: tuple[float, float]
    values: list[float]
    mean: float


SPARK_MIN_SPAN = 20.0  # accuracy points the height spans at least: noise stays small


def accuracy_sparkline(values):
    """The Sparkline of `values` (at least one), evenly spaced; the height spans the values'
    range, at least SPARK_MIN_SPAN points of it, within 0-100."""
    low, high = min(values), max(values)
    if high - low < SPARK_MIN_SPAN:
        low = min(max(0.0, (low + high - SPARK_MIN_SPAN) / 2), 100.0 - SPARK_MIN_SPAN)
        high = low + SPARK_MIN_SPAN
    inner_w, inner_h = SPARK_WIDTH - 2 * SPARK_PAD, SPARK_HEIGHT - 2 * SPARK_PAD
    step = inner_w / (len(values) - 1) if len(values) > 1 else 0
    points = [(round(SPARK_PAD + (i * step if step else inner_w), 1),
               round(SPARK_PAD + inner_h * (high - value) / (high - low), 1))
              for i, value in enumerate(values)]
    return Sparkline(width=SPARK_WIDTH, height=SPARK_HEIGHT,
                     polyline=" ".join(f"{x},{y}" for x, y in points), last=points[-1],
                     values=list(values), mean=round(sum(values) / len(values), 1))
