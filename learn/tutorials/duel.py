"""The Azul Duel tutorial, shorter than the classic one: the opening plate, a sun, the moons, the
first-player tile, a plate and a bonus chip, on the deal of a fixed seed. The dome tiling at the
round's end is told in words at the end and shown on the Duel rules page."""

from django.utils.translation import gettext_lazy

from azul.engine import new_game

from .script import Lesson, Reply, Tutorial

SEED = 7  # its deal: factory 1's sun holds two yellow tiles, the large sun two black ones


def start():
    return new_game(2, ruleset="duel", seed=SEED).to_dict()


SCRIPT = (
    Reply(
        move={"type": "opening_plate", "display": 0, "slot": 4, "rotation": 0},
        say=gettext_lazy("The game opens with one dome plate each, the second player first: the bot puts a "
        "plate in the middle of its dome."),
    ),
    Lesson(
        move={"type": "opening_plate", "display": 0, "slot": 0, "rotation": 0},
        title=gettext_lazy("Place your first dome plate"),
        say=gettext_lazy("Choose the first plate of the display and place it, unturned, in the top-left slot "
        "of your dome."),
        why=gettext_lazy("Your dome is a 3×3 grid of slots, each taking one plate of 2×2 cells. Pattern line "
        "1 feeds the dome's first row of cells, line 2 the second row, and so on, so a plate in "
        "the top row gives lines 1 and 2 a place to go. This plate has a white and a black "
        "cell on top, a red cell and a wild cell (any colour) below. Plates never move again."),
        done=gettext_lazy("Your dome has its first plate."),
    ),
    Lesson(
        move={
            "type": "sun",
            "factory": 0,
            "color": "yellow",
            "line": 1,
            "moon_order": ["black", "white"],
        },
        title=gettext_lazy("Take from a sun"),
        say=gettext_lazy("Take the two yellow tiles from the sun of factory 1 and put them on line 2."),
        why=gettext_lazy("A sun works like a factory of classic Azul: you take every tile of one colour. The "
        "rest goes onto that factory's moon, stacked in the order you choose (here the tutorial "
        "puts black on top), and only the top tile of a stack can be taken later. Yellow can go "
        "to the wild cell of line 2's row."),
        done=gettext_lazy("Two yellow tiles fill line 2. Black lies on top of factory 1's moon, white "
        "under it."),
    ),
    Reply(
        move={
            "type": "sun",
            "factory": 2,
            "color": "white",
            "line": 1,
            "moon_order": ["black", "red"],
        },
        say=gettext_lazy("The bot takes the two white tiles from factory 3's sun and stacks black on top "
        "of red on its moon."),
    ),
    Lesson(
        move={"type": "moon", "color": "black", "line": 0},
        title=gettext_lazy("Take from the moons"),
        say=gettext_lazy("Take black from the moons and put it on line 1."),
        why=gettext_lazy("A moon action takes the top tile of every small moon showing your colour: factories "
        "1 and 3 both show black on top, so you get two. Line 1 holds one tile, so the other "
        "black breaks. At the end of the round broken tiles cost 1, 2, 3 and 4 points for the "
        "four broken spaces."),
        done=gettext_lazy("Line 1 is complete, and one black tile is broken."),
    ),
    Reply(
        move={"type": "sun", "factory": 4, "color": "black", "line": 3},
        say=gettext_lazy("The bot takes the two black tiles from the large factory's sun. Its other tiles go "
        "to the large moon, beside the first-player tile."),
    ),
    Lesson(
        move={"type": "moon", "color": "yellow", "line": 2},
        title=gettext_lazy("The first-player tile"),
        say=gettext_lazy("Take yellow from the moons and put it on line 3."),
        why=gettext_lazy("The large factory's moon holds loose tiles and, until someone takes from it, the "
        "first-player tile. Whoever takes from the large moon first in a round gets that tile "
        "too: they start the next round, and it costs 2 points at the round's end."),
        done=gettext_lazy("You hold the first-player tile."),
    ),
    Reply(
        move={"type": "take_plate", "display": 1, "slot": 5, "rotation": 0},
        say=gettext_lazy("The bot takes a face-up plate from the display and places it in its dome."),
    ),
    Lesson(
        move={"type": "take_plate", "display": 0, "slot": 1, "rotation": 0},
        title=gettext_lazy("Take a plate"),
        say=gettext_lazy("Take the first plate of the display and place it, unturned, in the top-middle slot."),
        why=gettext_lazy("A face-up plate is free and takes your turn; you could instead buy the top plate of "
        "the face-down stack for 1 point. In rounds 1 to 4 each player takes exactly two plates "
        "during the round, and the display is refilled only when the round ends."),
        done=gettext_lazy("Your dome's top row has two plates now."),
    ),
    Reply(
        move={"type": "moon", "color": "white", "line": 0},
        say=gettext_lazy("The bot takes the white tile from factory 1's moon. Factory 1 is now empty, so "
        "its bonus chip turns face up."),
    ),
    Lesson(
        move={"type": "chip", "factory": 0},
        title=gettext_lazy("Take a bonus chip"),
        say=gettext_lazy("Take the bonus chip of factory 1."),
        why=gettext_lazy("When a small factory's sun and moon are both empty, its chip turns face up and "
        "either player may take it as their action. At the end of a round, chips pay for missing "
        "tiles: 2 chips showing the line's colour, or any 3 chips, replace one tile. You keep "
        "chips from round to round until you spend them."),
        done=gettext_lazy("The yellow and red chip is yours: it counts as yellow or as red."),
    ),
)

TUTORIAL = Tutorial(
    key="duel",
    ruleset="duel",
    title=gettext_lazy("Azul Duel: suns, moons, plates and chips"),
    intro=gettext_lazy("The moves that make Azul Duel different, in a few turns against a bot. Only the "
    "move the tutorial asks for lights up, and the server checks it as in a real game."),
    finale=gettext_lazy("The round goes on until every sun and moon is empty and both players have taken "
    "their two plates. Then each complete line moves one tile to a free cell of its colour, or "
    "a wild cell, in its row of the dome, scored as in Azul; chips may complete a line first. "
    "When a plate's three other cells are filled, its special cell fills by itself and scores "
    "its row number. Broken tiles and the first-player tile cost points. After five rounds the "
    "three objectives on the table are scored, and the highest total wins."),
    learner=0,
    names=(gettext_lazy("You"), gettext_lazy("Bot")),
    start=start,
    script=SCRIPT,
    next_steps=(
        (gettext_lazy("Read the Azul Duel rules"), "learn:rules", ("duel",)),
        (gettext_lazy("Play Azul Duel against a bot"), "games:lobby", ()),
    ),
)
