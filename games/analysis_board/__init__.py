"""The analysis board: explore lines from a finished game's positions, with the judge's evaluation
and shareable, commented trees (docs/analysis-board.md)."""
