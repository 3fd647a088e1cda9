"""The one place the site reaches a ruleset's engine entry points (classic Azul, Azul Duel).

Everything else (services, payloads, replays, bots' turns) goes through these functions, so a
game's ruleset is looked up here and nowhere else: states carry their own ruleset in their JSON
(`engine.state_from_dict`), tables and records name it as "classic" or "duel".
"""

from azul import engine

# Each ruleset's move class, seat counts and wall variants, from the engine's one registry.
MOVE_TYPES = {name: ruleset.move_type for name, ruleset in engine.REGISTRY.items()}
RULESETS = engine.RULESETS
# Seats a table of the ruleset may have (Azul Duel is a two-player game).
PLAYER_COUNTS = {name: ruleset.player_counts for name, ruleset in engine.REGISTRY.items()}
# Rulesets with wall variants ("standard" | "gray"); the others always store "standard".
HAS_VARIANTS = {name: len(ruleset.variants) > 1 for name, ruleset in engine.REGISTRY.items()}


def new_state(ruleset, players, variant, seed):
    """The first state of a game (round 1 set up), from its seed."""
    return engine.new_game(players, variant=variant, seed=seed, ruleset=ruleset)


def load_state(data):
    """The engine state of a stored or sent JSON state (either ruleset)."""
    return engine.state_from_dict(data)


def parse_move(ruleset, data):
    """The engine move of `data` (raises engine.InvalidMove when malformed; legality not judged)."""
    return MOVE_TYPES[ruleset].from_dict(data)


def legal_moves(state):
    """The JSON of every legal move of the player to move (empty once the game is over)."""
    if state.is_over:
        return []
    return [move.to_dict() for move in state.legal_moves()]


def apply_scored(state, move):
    """The state after `move` and its account (tiles taken, scoring events; engine.apply_scored)."""
    return engine.apply_scored(state, move)


def move_previews(state):
    """What each legal move would do, aligned with legal_moves(state) (empty once it is over)."""
    if state.is_over:
        return []
    return engine.move_previews(state)
