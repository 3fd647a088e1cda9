"""The rating models, pure Python: no Django, no database (docs/ratings.md).

`glicko2` rates the two-player ladders, `multiplayer` (openskill's Plackett–Luce) the 3–4 player
one, `farming` decides how much a game counts; `elo` is the former model, kept to compare against.
"""
