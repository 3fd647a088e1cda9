"""How pages write ratings: whole numbers, "1,734 ± 92", "?" while provisional (pure)."""


def shown_rating(rating: float) -> int:
    """A rating as pages show it: a whole number (the ledger keeps hundredths)."""
    return round(rating)


def shown_change(before: float, after: float) -> int:
    """A rating change as pages show it: the difference of the shown ratings, so a player's
    shown changes always add up to their shown rating."""
    return shown_rating(after) - shown_rating(before)


def shown_deviation(deviation: float | None) -> int | None:
    return None if deviation is None else round(deviation)
