"""Pieces shared by every ruleset of the Azul family: colours, the tile bag, run scoring."""
