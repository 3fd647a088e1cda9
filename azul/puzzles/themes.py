"""A puzzle's themes and explanation, computed from the position and the engine's previews.

Themes (``THEMES``), each a fact about the solution or the best alternative:

- ``avoid_floor``: the solution sends nothing to the floor while at least half the legal moves would.
- ``take_marker`` / ``leave_marker``: the solution takes the first-player marker, or leaves it when
  the best alternative takes it (classic).
- ``complete_column`` (+7) / ``complete_colour`` (+10): the lines complete after the solution fill a
  wall column or a colour's fifth tile at this round's tiling (classic; the gray wall: in some
  column the line may choose).
- ``deny``: the solution takes tiles an opponent needs: before it some market source could
  complete an opponent's started line, after it fewer of their lines can be completed.
- ``last_round``: the game ends with this round (classic: a wall row will be complete; Duel: round 5).
- ``duel_chips`` / ``duel_plates``: a Duel solution that takes or pays chips, or takes or keeps a plate.
"""

from typing import Any

from azul.engine import COLOURS, move_previews

Json = dict[str, Any]
Wall = list[list[Any]]

THEMES = ("avoid_floor", "take_marker", "leave_marker", "complete_column", "complete_colour",
          "deny", "last_round", "duel_chips", "duel_plates")
SIZE = 5
COLUMN_BONUS, COLOUR_BONUS, ROW_BONUS = 7, 10, 2
CHIP_MOVES = ("chip", "pay_chips", "skip_chips")
PLATE_MOVES = ("opening_plate", "buy_plate", "keep_plate", "take_plate")


def _preview(state: Any, move: Any) -> Json | None:
    moves = state.legal_moves()
    preview: Json | None = move_previews(state)[moves.index(move)]
    return preview


def _standard_column(row: int, colour: str) -> int:
    return (COLOURS.index(colour) + row) % SIZE  # R6: the standard wall's pattern


def _tiled_walls(board: Json, gray: bool) -> list[Wall]:
    """The walls the complete lines of ``board`` may make at the round's tiling (top line first;
    a gray wall: every free column of each line, so several walls)."""
    walls = [[list(row) for row in board["wall"]]]
    for row, line in enumerate(board["lines"]):
        if line["count"] != row + 1 or line["color"] is None:
            continue
        colour, grown = line["color"], []
        for wall in walls:
            if gray:
                columns = [c for c in range(SIZE) if wall[row][c] is None
                           and all(wall[r][c] != colour for r in range(SIZE))]
            else:
                columns = [_standard_column(row, colour)]
            for column in columns or [-1]:
                copy = [list(cells) for cells in wall]
                if column >= 0:
                    copy[row][column] = colour
                grown.append(copy)
        walls = grown
    return walls


def _bonuses(wall: Wall) -> tuple[int, int, int]:
    rows = sum(all(cell is not None for cell in row) for row in wall)
    columns = sum(all(wall[r][c] is not None for r in range(SIZE)) for c in range(SIZE))
    colours = sum(sum(cell == colour for row in wall for cell in row) == SIZE for colour in COLOURS)
    return rows, columns, colours


def wall_gains(before: Json, after: Json, player: int) -> dict[str, int]:
    """The rows, columns and colours the move adds to the player's wall at this round's tiling:
    the wall with every complete line tiled after the move against before it (the best of the
    gray wall's choices; a move that ended the round has had its lines tiled by the engine), so
    lines completed earlier in the round are not the move's."""
    gray = before.get("variant") == "gray"
    old, new = (_best_bonuses(_tiled_walls(state["boards"][player], gray)) for state in (before, after))
    gain = [max(0, n - o) for n, o in zip(new, old, strict=True)]
    return {"rows": gain[0], "columns": gain[1], "colours": gain[2]}


def _best_bonuses(walls: list[Wall]) -> tuple[int, int, int]:
    return max((_bonuses(wall) for wall in walls),
               key=lambda b: b[0] * ROW_BONUS + b[1] * COLUMN_BONUS + b[2] * COLOUR_BONUS)


def _completable_lines(public: Json, player: int) -> int:
    """The player's started lines that some source of the market could complete now."""
    sources = [list(factory) for factory in public["factories"]] + [list(public["center"])]
    count = 0
    for row, line in enumerate(public["boards"][player]["lines"]):
        missing = row + 1 - line["count"]
        if line["color"] is not None and missing > 0 and any(
                source.count(line["color"]) >= missing for source in sources):
            count += 1
    return count


def _game_ends_this_round(public: Json) -> bool:
    if public.get("ruleset") == "duel":
        return bool(public["round"] == SIZE)
    gray = public.get("variant") == "gray"
    return any(_bonuses(wall)[0] > _bonuses(board["wall"])[0]
               for board in public["boards"] for wall in _tiled_walls(board, gray))


def themes_of(state: Any, solution: Any, alternative: Any) -> list[str]:
    """The themes of the puzzle (``THEMES`` order)."""
    public = state.to_dict(public=True)
    found: set[str] = set()
    if public.get("ruleset") == "duel":
        kind = solution.to_dict().get("type")
        if kind in CHIP_MOVES:
            found.add("duel_chips")
        if kind in PLATE_MOVES:
            found.add("duel_plates")
    if _game_ends_this_round(public):
        found.add("last_round")
    if public.get("ruleset") != "duel" and public.get("phase") == "offer":
        previews: list[Json | None] = list(move_previews(state))
        mine, theirs = _preview(state, solution), _preview(state, alternative)
        if mine is not None:
            floored = sum(1 for p in previews if p and int(p.get("to_floor") or 0) > 0)
            if not mine.get("to_floor") and floored * 2 >= len(previews):
                found.add("avoid_floor")
            if mine.get("first_player"):
                found.add("take_marker")
            elif theirs and theirs.get("first_player"):
                found.add("leave_marker")
        player = public["current_player"]
        after = state.apply(solution).to_dict(public=True)
        gains = wall_gains(public, after, player)
        if gains["columns"]:
            found.add("complete_column")
        if gains["colours"]:
            found.add("complete_colour")
        if after["round"] == public["round"]:  # the same market, less what the move took
            others = [p for p in range(public["players"]) if p != player]
            if any(_completable_lines(after, p) < _completable_lines(public, p) for p in others):
                found.add("deny")
    return [theme for theme in THEMES if theme in found]


def _facts(state: Any, move: Any) -> Json:
    """What the move does, in points, by the engine's preview (classic takes) and the walls."""
    preview = _preview(state, move)
    facts: Json = {"move": move.to_dict()}
    if not preview:
        return facts
    for name in ("taken", "to_line", "to_floor", "penalty", "completes", "points", "first_player",
                 "chips_left", "still_missing"):
        if preview.get(name) is not None:
            facts[name] = preview[name]
    public = state.to_dict(public=True)
    if public.get("ruleset") != "duel" and public.get("phase") == "offer":
        gains = wall_gains(public, state.apply(move).to_dict(public=True), public["current_player"])
        facts["bonus"] = {"row": gains["rows"] * ROW_BONUS, "column": gains["columns"] * COLUMN_BONUS,
                              "colour": gains["colours"] * COLOUR_BONUS}
    return facts


def explanation(state: Any, solution: Any, alternative: Any, value: float,
                alternative_value: float) -> Json:
    """The judge's verdict in points: each move's facts and expected final margin (the page puts
    them into words)."""
    return {"solution": {**_facts(state, solution), "margin": value},
            "alternative": {**_facts(state, alternative), "margin": alternative_value},
            "gap": round(value - alternative_value, 2)}


__all__ = ["THEMES", "explanation", "themes_of", "wall_gains"]
