"""The classic tutorial: a whole first round against a bot, on a deal chosen to show every rule
of a round (a factory, the centre and the first-player marker, the floor, a line that waits) and
a wall column that scores 1, 2, 3 and 4 points at the round's end."""

from collections import Counter

from django.utils.translation import gettext_lazy

from azul.engine import COLOURS, new_game

from .script import Lesson, Reply, Tutorial

SEED = 20250614  # decides round 2's refill, shown when the tutorial ends
FACTORIES = [
    ["blue", "blue", "black", "red"],
    ["yellow", "black", "red", "red"],
    ["white", "white", "white", "black"],
    ["red", "red", "yellow", "black"],
    ["yellow", "yellow", "black", "white"],
]


def start():
    state = new_game(2, seed=SEED).to_dict()
    on_table = Counter(tile for factory in FACTORIES for tile in factory)
    state["factories"] = [list(factory) for factory in FACTORIES]
    state["bag"] = {colour: 20 - on_table[colour] for colour in COLOURS}
    return state


SCRIPT = (
    Lesson(
        move={"source": 2, "color": "white", "line": 2},
        title=gettext_lazy("Take tiles from a factory"),
        say=gettext_lazy("Take the three white tiles from factory 3 and put them on your line 3."),
        why=gettext_lazy("On your turn you take every tile of one colour from one factory; the other tiles of "
        "that factory slide to the centre of the table. Line 3 holds exactly three tiles, so it "
        "is now complete: at the end of the round one of its tiles moves to your wall."),
        done=gettext_lazy("You took 3 white tiles and completed line 3. The black tile left in factory 3 "
        "went to the centre."),
    ),
    Reply(
        move={"source": 3, "color": "red", "line": 1},
        say=gettext_lazy("The bot takes the two red tiles of factory 4 for its line 2. Their yellow and black "
        "neighbours go to the centre."),
    ),
    Lesson(
        move={"source": 0, "color": "blue", "line": 1},
        title=gettext_lazy("Fill a line exactly"),
        say=gettext_lazy("Take the two blue tiles from factory 1 and put them on line 2."),
        why=gettext_lazy("Line 2 has two spaces, so two tiles complete it with nothing left over. Tiles fill "
        "a line from the right, and a line holds one colour only."),
        done=gettext_lazy("Line 2 is complete too. The black and red tiles of factory 1 joined the centre."),
    ),
    Reply(
        move={"source": 4, "color": "yellow", "line": 2},
        say=gettext_lazy("The bot takes two yellow tiles from factory 5 for its line 3: it still needs a "
        "third yellow to complete it."),
    ),
    Lesson(
        move={"source": "center", "color": "black", "line": 3},
        title=gettext_lazy("Take from the centre"),
        say=gettext_lazy("Take the four black tiles from the centre and put them on line 4."),
        why=gettext_lazy("You may also take every tile of one colour from the centre. The first player to do "
        "so in a round takes the first-player marker as well: it lands on your floor line and "
        "costs 1 point at the end of the round, but you will start the next round. Four black "
        "tiles fill line 4 exactly."),
        done=gettext_lazy("Line 4 is complete, and the first-player marker lies on your floor."),
    ),
    Reply(
        move={"source": 1, "color": "red", "line": 4},
        say=gettext_lazy("The bot takes the two red tiles of factory 2 for its line 5. The yellow and black "
        "tiles go to the centre."),
    ),
    Lesson(
        move={"source": "center", "color": "yellow", "line": 0},
        title=gettext_lazy("Too many tiles: the floor"),
        say=gettext_lazy("Take the two yellow tiles from the centre and put them on line 1."),
        why=gettext_lazy("Line 1 has room for one tile. A tile that does not fit falls to your floor line, and "
        "each tile there costs points at the end of the round: −1, −1, −2, −2, −2, −3, −3 from "
        "left to right. It is still a good move here: the yellow completes line 1."),
        done=gettext_lazy("One yellow completes line 1; the other fell to the floor, next to the marker."),
    ),
    Reply(
        move={"source": "center", "color": "red", "line": 4},
        say=gettext_lazy("The bot takes the red tile from the centre: its line 5 holds 3 of 5 now."),
    ),
    Lesson(
        move={"source": "center", "color": "black", "line": 4},
        title=gettext_lazy("A line can wait"),
        say=gettext_lazy("Take the black tile from the centre and put it on line 5."),
        why=gettext_lazy("Line 5 needs five tiles. A line that is not complete stays on your board, with its "
        "colour, for the next rounds. Line 4 cannot take this tile: it is full."),
        done=gettext_lazy("One black tile waits on line 5."),
    ),
    Reply(
        move={"source": "center", "color": "white", "line": 0},
        say=gettext_lazy("The bot takes the last tile, a white one, for its line 1. The factories and the "
        "centre are empty: the round ends, and everyone tiles their wall."),
    ),
)

TUTORIAL = Tutorial(
    key="classic",
    ruleset="classic",
    title=gettext_lazy("Azul: your first round"),
    intro=gettext_lazy("A first round of Azul against a bot, one move at a time. Only the move the tutorial "
    "asks for lights up, and the server checks it exactly as in a real game."),
    finale=gettext_lazy("That was a whole round. The next ones go the same way: the factories are refilled "
    "from the bag, and you start because you took the first-player marker. The game ends after "
    "the round in which someone completes a horizontal row of their wall. Then bonuses are "
    "added: 2 points for each complete row, 7 for each complete column and 10 for each colour "
    "with all five of its tiles on the wall. The highest score wins."),
    learner=0,
    names=(gettext_lazy("You"), gettext_lazy("Bot")),
    start=start,
    script=SCRIPT,
    next_steps=(
        (gettext_lazy("Read the full rules"), "learn:rules", ("classic",)),
        (gettext_lazy("Play a game against a bot"), "games:lobby", ()),
    ),
)
