"""The Azul Duel tutorial: a whole first round against a bot, on the deal of a fixed seed. It shows
the opening plates, a sun, the moons (several at once, and only a stack's top), the first-player
tile, plates taken and bought, bonus chips, then the round's end: a tile placed on a chosen dome
cell, a line completed by paying chips, and the penalties; its last lesson, the first move of
round 2, names this deal's objectives and how the learner's dome stands toward them.

SEED 7 can give a chip payment in round 1: the moves after the chip lesson were chosen by replaying
candidate lines over the engine's legal moves from it, and are hard-coded here; the tests replay
every one through the engine (tests/learn/test_tutorials.py).
"""

from django.utils.translation import gettext_lazy

from azul.engine import new_game

from .script import Lesson, Reply, Tutorial

SEED = 7  # its deal: factory 1's sun holds two yellow tiles, the large sun two black ones; its
# objectives are 1B, 2A and 3B, and the round-1 display holds plate 7 (index 6), whose red cell
# lets line 4 be completed with chips


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
    Reply(
        move={"type": "sun", "factory": 3, "color": "yellow", "line": 2, "moon_order": ["red", "blue"]},
        say=gettext_lazy("The bot takes the two yellow tiles from factory 4's sun for its line 3, and stacks "
        "red on top of blue on that moon."),
    ),
    Lesson(
        move={"type": "moon", "color": "red", "line": 3},
        title=gettext_lazy("Several moons at once"),
        say=gettext_lazy("Take red from the moons and put it on line 4."),
        why=gettext_lazy("Red is on top of the moons of factories 3 and 4, and one red lies on the large "
        "moon: a single moon action takes all three. Line 4 holds four tiles, so it will still "
        "miss one: your chips can pay for it at the round's end."),
        done=gettext_lazy("Three red tiles wait on line 4. Factory 3 is empty, so its chip turns face up."),
    ),
    Reply(
        move={"type": "sun", "factory": 1, "color": "black", "line": 3,
              "moon_order": ["blue", "yellow", "red"]},
        say=gettext_lazy("The bot takes the black tile from factory 2's sun for its line 4, and stacks blue, "
        "yellow and red on that moon, blue on top."),
    ),
    Lesson(
        move={"type": "take_plate", "display": 0, "slot": 3, "rotation": 0},
        title=gettext_lazy("A plate for line 4"),
        say=gettext_lazy("Take the last plate of the display and place it, unturned, in the left slot of "
        "the middle row."),
        why=gettext_lazy("The middle row of slots holds rows 3 and 4 of your dome, and this plate has a red "
        "cell in row 4: line 4's reds will have a place. Its special cell (S) fills by itself "
        "once the plate's three other cells are filled. That is your second plate this round."),
        done=gettext_lazy("Row 4 of your dome has a red cell now. The display is empty."),
    ),
    Reply(
        move={"type": "moon", "color": "blue", "line": 4},
        say=gettext_lazy("The bot takes blue from the moons: the top of factory 2's stack, factory 4's last "
        "tile and the blue of the large moon. Factory 4's chip turns face up."),
    ),
    Lesson(
        move={"type": "moon", "color": "yellow", "line": 2},
        title=gettext_lazy("Only the top of a stack"),
        say=gettext_lazy("Take yellow from the moons and put it on line 3."),
        why=gettext_lazy("Only the top tile of a moon stack can be taken: yellow is on top of factory 2's "
        "stack, and the red under it must wait. Line 3 is not complete, so its tiles stay for the "
        "next rounds."),
        done=gettext_lazy("Line 3 holds two yellow tiles. Only one red is left, on factory 2's moon."),
    ),
    Reply(
        move={"type": "moon", "color": "red", "line": 5},
        say=gettext_lazy("The bot takes the last red for its line 6. Factory 2 is empty, so its red chip "
        "turns face up."),
    ),
    Lesson(
        move={"type": "chip", "factory": 1},
        title=gettext_lazy("A pair of chips"),
        say=gettext_lazy("Take the red chip of factory 2."),
        why=gettext_lazy("Line 4 misses one red tile, and 2 chips showing red pay for it. Your yellow and red "
        "chip shows red too, so this red chip makes the pair."),
        done=gettext_lazy("You hold two chips that show red."),
    ),
    Reply(
        move={"type": "buy_plate"},
        say=gettext_lazy("Every sun and moon is empty, but the bot still owes a plate and the display is "
        "empty: it buys the top plate of the face-down stack for 1 point."),
    ),
    Reply(
        move={"type": "keep_plate", "revealed": 0, "slot": 1, "rotation": 0},
        say=gettext_lazy("The bot keeps that plate for its top-middle slot. The drafting is over: the domes "
        "are tiled, yours first, since you started the round."),
    ),
    Lesson(
        move={"type": "place_tile", "line": 1, "column": 1},
        title=gettext_lazy("Tile your dome"),
        say=gettext_lazy("Put line 2's yellow on the lit wild cell of column 2."),
        why=gettext_lazy("Each complete line sends one tile to a free cell of its colour, or a wild cell, in "
        "its row of the dome; its other tiles go to the tower. Line 1's black found its black "
        "cell by itself. Line 2 has two wild cells to choose from: the one in column 2 is under "
        "that black, so it scores 2 (a run of 2 down), the other only 1."),
        done=gettext_lazy("Yellow fills the wild cell under the black one."),
    ),
    Lesson(
        move={"type": "pay_chips", "line": 3, "chips": ["red", "yellow+red"]},
        title=gettext_lazy("Pay with chips"),
        say=gettext_lazy("Pay your two red chips to complete line 4."),
        why=gettext_lazy("Before a line is tiled you may make up its missing tiles with chips: 2 chips "
        "showing its colour, or any 3, for each missing tile. The line must already hold a tile "
        "and have a free cell in the dome now. Spent chips leave the game."),
        done=gettext_lazy("The chips fill line 4's last space, and its red goes to the red cell of row 4. "
        "Then the penalties are paid, and the bot tiles its dome."),
    ),
    Lesson(
        move={"type": "sun", "factory": 0, "color": "red", "line": 1, "moon_order": ["white", "black"]},
        title=gettext_lazy("The objectives"),
        say=gettext_lazy("Round 2 begins, and you start it. Take the two reds of factory 1's sun for line 2, "
        "white on top of the moon."),
        why=gettext_lazy("After round 5 this game scores its three objectives, outlined on the board: 1B, 4 "
        "points for each dome row with 5 different colours; 2A, 7 for each complete column; 3B, "
        "3 for each complete top corner plate and 8 for each bottom one. Your top-left corner "
        "plate has its black and its yellow: these reds can fill its red cell, and a white will "
        "complete it. Column 2 holds 2 of its 6 tiles, and no row has 5 colours yet."),
        done=gettext_lazy("Line 2 is complete: at the end of round 2 a red can fill your top-left plate's "
        "red cell."),
        spotlight="objectives",
    ),
)

TUTORIAL = Tutorial(
    key="duel",
    ruleset="duel",
    title=gettext_lazy("Azul Duel: your first round"),
    intro=gettext_lazy("A whole first round of Azul Duel against a bot: suns, moons, plates and chips, then "
    "the tiling of your dome. Only the move the tutorial asks for lights up, and the server "
    "checks it as in a real game."),
    finale=gettext_lazy("That was a whole round. Rounds 2 to 4 go the same way, with two plates each; in "
    "round 5 nobody takes a plate. When a plate's three other cells are filled, its special "
    "cell fills by itself and scores its row number. After round 5 the three objectives are "
    "scored, and the highest total wins."),
    learner=0,
    names=(gettext_lazy("You"), gettext_lazy("Bot")),
    start=start,
    script=SCRIPT,
    next_steps=(
        (gettext_lazy("Read the Azul Duel rules"), "learn:rules", ("duel",)),
        (gettext_lazy("Play Azul Duel against a bot"), "games:lobby", ()),
    ),
)
