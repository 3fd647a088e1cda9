"""The rating history chart as inline SVG geometry (no charting service, no JavaScript).

`rating_chart` turns [(label, rating)] into what templates/ratings/rating_chart.html draws:
a polyline, a dot per game, and the axis labels.
"""

from dataclasses import dataclass

from .elo import START_RATING

WIDTH, HEIGHT = 480, 160
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 44, 10, 10, 20


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
    ticks: list  # [(y, label)]
    baseline_y: float  # where the starting rating lies


def rating_chart(history, width=WIDTH, height=HEIGHT):
    """history: [(label, rating after)] oldest first. The chart starts at the starting rating."""
    values = [START_RATING] + [rating for _, rating in history]
    low, high = min(values), max(values)
    if high - low < 40:  # keep small changes from filling the whole height
        middle = (high + low) / 2
        low, high = middle - 20, middle + 20
    plot_w = width - PAD_LEFT - PAD_RIGHT
    plot_h = height - PAD_TOP - PAD_BOTTOM
    steps = max(1, len(values) - 1)

    def y_of(value):
        return round(PAD_TOP + (high - value) / (high - low) * plot_h, 1)

    def x_of(index):
        return round(PAD_LEFT + index * plot_w / steps, 1)

    labels = ["start"] + [label for label, _ in history]
    points = [ChartPoint(x_of(i), y_of(v), labels[i], round(v)) for i, v in enumerate(values)]
    ticks = [(y_of(value), str(round(value))) for value in (high, (high + low) / 2, low)]
    return Chart(
        width,
        height,
        points,
        " ".join(f"{p.x},{p.y}" for p in points),
        ticks,
        y_of(START_RATING),
    )
