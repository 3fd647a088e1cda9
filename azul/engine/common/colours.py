"""The five tile colours of the Azul family, in canonical order (R1)."""

COLOURS: tuple[str, ...] = ("blue", "yellow", "red", "black", "white")
COLOUR_INDEX: dict[str, int] = {name: index for index, name in enumerate(COLOURS)}
