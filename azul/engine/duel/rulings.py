"""Every RULING of Azul Duel in one table (docs/duel-rules.md; listed in docs/duel-rulings.md).

The engine reads these values from here only, so a corrected reading of the rulebook
changes one line.  A few rulings are built into the shape of the game model rather than a
switch: they are comments here that say "(built in: ...)" and name where, with no constant
nobody would read.  "spec" marks a ruling
made when the rules were first written down (see docs/duel-rulings.md); "ours" marks a
point those sources leave open that changes play.
"""

# D5 (spec): the two-colour chips are each of the 10 unordered pairs of colours once.
# (built in: tables.PAIR_CHIPS)

# D11 (spec): "the score may not go below 0 — a player with 0 points cannot buy".
PLATE_PRICE = 1
MIN_SCORE_TO_BUY = 1

# D11 + D16 (ours): a player who still owes a plate this round while the display is empty
# and who has 0 points may reveal the top plate of the stack for free (otherwise the D16
# quota could never be met).  They cannot buy another one in that purchase.
FREE_REVEAL_WHEN_BROKE = True

# D14 (spec): taking a chip is optional; chips are kept from round to round until spent.
CHIPS_KEPT_BETWEEN_ROUNDS = True

# D16 (spec): revealed chips still untaken when the drafting phase ends are discarded.
# (built in: core._check_drafting_over)

# D16 (ours): a player with no legal action sends an explicit ``pass`` move; they then get
# no more turns this drafting phase (no action can become legal for them again).
# (built in: core.legal_actions, core.apply_action)

# D18 (spec wording "complete it"; ours for the details): chips pay one missing tile per
# move (2 chips showing the colour, or 3 of any colours), only when the whole line can then
# be completed with the chips left, and once started the line must be completed.  Chips
# are offered only when the completed line can be tiled now (a free matching or wild cell
# in its grid row).  (built in, apart from the prices: core.tiling_decision, chip_options)
CHIPS_PER_TILE_MATCHING = 2
CHIPS_PER_TILE_ANY = 3

# D19 (spec): a line with no free matching/wild cell is broken if its plate-row is full —
# for complete and incomplete lines alike.
UNPLACEABLE_RULE_FOR_INCOMPLETE_LINES = True

# D20 (spec): a special tile filling its cell scores its grid row number (1-6); it does
# not score adjacency.  (ours) Special tiles count as tiles for every objective.
SPECIAL_SCORES_ROW_NUMBER = True
SPECIAL_TILES_COUNT_FOR_OBJECTIVES = True

# D21 (spec): broken-space costs -1, -2, -3, -4 (so -1, -3, -6, -10 in total);
# the first-player tile costs 2 and takes no broken space (ours: D21 lists it apart).
BROKEN_SPACE_COSTS = (1, 2, 3, 4)
FIRST_PLAYER_TILE_COST = 2

# D23 (spec): a tie is won by the player holding the first-player tile.
# (ours) If nobody took it in round 5, tied players share the victory.
TIE_WON_BY_FIRST_PLAYER_TILE = True

# D13/D22 (ours): if nobody took the first-player tile in a round, the round's first
# player starts the next round again and nobody pays its cost.
NOBODY_TOOK_FIRST_PLAYER_TILE_SAME_STARTER = True

# D24 (spec): objective values as listed: (tablet, side) -> points.
OBJECTIVE_VALUES = {
    (1, "A"): {"per_complete_row": 3},
    (1, "B"): {"per_row_with_5_colours": 4},
    (2, "A"): {"per_complete_column": 7},
    (2, "B"): {"per_edge_tile": 1},
    (3, "A"): {"per_complete_diagonal": 10},
    (3, "B"): {"per_top_corner_plate": 3, "per_bottom_corner_plate": 8},
    (4, "A"): {"per_wild_cell_if_all_filled": 2},
    (4, "B"): {"per_empty_special_cell": -3},
}
OBJECTIVES_IN_GAME = 3
# D6/D24 (ours): the 3 tablets (of 4) and their sides are drawn at setup and are public.
# (built in: DuelCore.new, codec.encode)
# DI4 (ours): objective 4B may be negative; the final score is floored at 0 afterwards.
FINAL_SCORE_FLOOR = 0

# D11 (ours): plates revealed while buying are shown to both players; the plates not kept
# go under the stack in the order the buyer chooses, one at a time (first returned highest).
# (built in: the "returning" phase, codec.encode)

# D4 (ours): a rotation is a number of clockwise quarter turns; cells are
# [top-left, top-right, bottom-left, bottom-right], so one turn makes [BL, TL, BR, TR].
ROTATIONS = 4

# D8 (ours): "if impossible, keep them" — impossible when bag, tower and the drawn tiles
# hold a single colour, or after this many redraws (a bag of one colour over a tower of
# others would otherwise loop for ever).
MAX_LARGE_REDRAWS = 100

# D8/D22 (ours, as classic R21): when bag and tower are both empty, factories stay partly
# filled; a small factory left empty has its chip revealed at once.
# (built in: core._refill)

# D17 (ours): at the round's end the round's first player tiles first, then the other;
# their choices are independent.  (built in: core._resolve_tiling)
