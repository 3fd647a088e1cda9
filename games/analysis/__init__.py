"""Post-game analysis: every decision of a finished game judged by the strongest bot (docs/analysis.md)."""
