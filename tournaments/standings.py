"""Standings and the pairing library's inputs, computed from what was played: plain data in
(the selectors read the rows), plain data out; the maths is the pairing library's
(tournaments.pairing: tie-breaks, standings order, arena scores, knockout matches).

Ids are entry ids throughout. Points are floats (1, 0.5 and 0 a game in Swiss; placement points
at 3-4 player tables), as the library takes them.
"""

from dataclasses import dataclass, field

from tournaments.pairing import (
    ArenaGame,
    ArenaPlayer,
    ArenaState,
    Entrant,
    Result,
    arena_step,
    match_winner,
    standings,
    tiebreaks,
)

BYE_POINTS = 1.0  # a Swiss bye is worth a win (docs/tournaments.md)
# A knockout match replays drawn games (the library's rule); after this many beyond best_of it
# stops, and the pair's first member goes on.
MAX_REPLAYS = 4


NO_TIEBREAKS = {"buchholz": 0.0, "sonneborn_berger": 0.0, "game_points": 0}


@dataclass(frozen=True)
class PlayedSeat:
    entry: int
    order: int  # the game's player index: 0 moves first
    place: int | None  # competition rank, once decided
    points: float | None
    score: int | None
    moves: int = 0
    berserk: bool = False
    no_show: bool = False


@dataclass(frozen=True)
class Played:
    """A pairing: a game (of a round, or an arena's) or a bye."""

    id: int
    round: int | None
    board: int
    game_number: int
    bye: bool
    done: bool
    seats: tuple[PlayedSeat, ...]
    match: tuple[int, int] | None = None  # knockout: the match's two entries, seed order


@dataclass(frozen=True)
class Player:
    entry: int
    user_id: int
    username: str
    display_name: str
    is_bot: bool
    rating: int
    active: bool
    late: bool = False


@dataclass
class Row:
    place: int
    player: Player
    points: float = 0.0
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    tiebreaks: dict = field(default_factory=lambda: dict(NO_TIEBREAKS))
    arena: dict | None = None
    eliminated_in: int | None = None  # knockout: the round lost (None: still in, or champion)


def outcome(seat, seats):
    """"win", "draw" or "loss" of a decided two-player seat."""
    other = next(s for s in seats if s.entry != seat.entry)
    if seat.place == 1 and other.place == 1:
        return "draw"
    return "win" if seat.place == 1 else "loss"


# --- Swiss (both sizes) -----------------------------------------------------------------------


def rounds_without(players, played):
    """{entry: [round numbers paired without them]}: before a late join, after a withdrawal."""
    rounds = sorted({p.round for p in played if p.round is not None})
    seated = {(p.round, s.entry) for p in played for s in p.seats}
    return {player.entry: [r for r in rounds if (r, player.entry) not in seated]
            for player in players}


def swiss_results(played, players=()):
    """The library's Results: a bye, one without an opponent; a game, one per tablemate (its
    `opponents` are every tablemate). Two players: the game's points and score. At a 3-4 player
    table the Result against the best-placed other tablemate carries the game's points and score,
    the others none: the totals stay exact, Buchholz sums every tablemate's total, and
    Sonneborn-Berger weighs the game's points by that tablemate's total. A round paired without
    a player (before their late join, after their withdrawal) is an unplayed round: a Result
    without an opponent and without points (the library's virtual opponent)."""
    results = [Result(entry, None, 0.0, 0)
               for entry, missed in rounds_without(players, played).items() for _ in missed]
    for pairing in played:
        if not pairing.done:
            continue
        if pairing.bye:
            (seat,) = pairing.seats
            results.append(Result(seat.entry, None, float(seat.points or 0), 0))
            continue
        for seat in pairing.seats:
            others = sorted((s for s in pairing.seats if s.entry != seat.entry),
                            key=lambda s: (s.place or 0, s.order))
            for index, other in enumerate(others):
                carries = index == 0
                results.append(Result(seat.entry, other.entry,
                                      float(seat.points or 0) if carries else 0.0,
                                      int(seat.score or 0) if carries else 0))
    return results


def swiss_entrants(players, played):
    """Every active player as the library's Entrant: their points, opponents, sides, byes and
    seats so far (byes count as games without opponents; the rounds paired without them count as
    byes, as the library asks: a late player does not take the next bye)."""
    history = {p.entry: {"points": 0.0, "opponents": [], "sides": [], "byes": 0}
               for p in players}
    for pairing in sorted(played, key=lambda p: (p.round or 0, p.board, p.game_number, p.id)):
        for seat in pairing.seats:
            mine = history.get(seat.entry)
            if mine is None:
                continue
            if pairing.done:
                mine["points"] += float(seat.points or 0)
            if pairing.bye:
                mine["byes"] += 1
                continue
            mine["opponents"].extend(s.entry for s in pairing.seats if s.entry != seat.entry)
            mine["sides"].append(seat.order)
    missed = rounds_without(players, played)
    entrants = []
    for player in players:
        if not player.active:
            continue
        mine = history[player.entry]
        sides = mine["sides"]
        firsts = [side == 0 for side in sides]
        run = 0
        for first in reversed(firsts):
            if first != firsts[-1]:
                break
            run += 1
        entrants.append(Entrant(
            player.entry, mine["points"], player.rating, opponents=tuple(mine["opponents"]),
            first_moves=sum(firsts), games=len(sides), last_first=firsts[-1] if firsts else None,
            byes=mine["byes"] + len(missed[player.entry]), seats=tuple(sides),
            same_side_run=run))
    return entrants


def swiss_standings(players, played):
    results = swiss_results(played, players)
    breaks = tiebreaks(results)
    ratings = {p.entry: p.rating for p in players}
    order = list(standings(results, ratings))
    order += [p.entry for p in sorted(players, key=lambda p: (-p.rating, p.entry))
              if p.entry not in order]  # nobody has played yet
    rows = {p.entry: Row(0, p) for p in players}
    for pairing in played:
        if not pairing.done:
            continue
        for seat in pairing.seats:
            row = rows.get(seat.entry)
            if row is None:
                continue
            row.points += float(seat.points or 0)
            if pairing.bye:
                row.byes += 1
                continue
            row.games += 1
            if len(pairing.seats) == 2:
                kind = outcome(seat, pairing.seats)
                row.wins += kind == "win"
                row.draws += kind == "draw"
                row.losses += kind == "loss"
    for entry, row in rows.items():
        found = breaks.get(entry)
        if found:
            row.tiebreaks = {"buchholz": found.buchholz,
                             "sonneborn_berger": found.sonneborn_berger,
                             "game_points": found.game_points}
    return _placed([rows[e] for e in order if e in rows])


# --- arena -------------------------------------------------------------------------------------


def arena_game(seat, seats):
    """A decided seat of an arena game as the library's ArenaGame (with opponent and side)."""
    other = next(s for s in seats if s.entry != seat.entry)
    return ArenaGame(outcome(seat, seats), berserk=seat.berserk, moves=seat.moves,
                     opponent=other.entry, moved_first=seat.order == 0)


def arena_states(played):
    """{entry: ArenaState} replayed from every decided game, in the order they were paired: the
    recomputation the stored states (Entry.arena, folded game by game) must equal."""
    states = {}
    for pairing in sorted(played, key=lambda p: p.id):
        if not pairing.done or pairing.bye:
            continue
        for seat in pairing.seats:
            states[seat.entry] = arena_step(states.get(seat.entry, ArenaState()),
                                            arena_game(seat, pairing.seats))
    return states


def arena_rows(players, states):
    """The standings from each player's ArenaState (none yet: nothing played): points, then
    rating, then entry."""
    rows = []
    for player in players:
        state = states.get(player.entry) or ArenaState()
        row = Row(0, player, points=float(state.total), games=state.games, wins=state.wins,
                  draws=state.draws, losses=state.losses)
        row.arena = {"score": state.total, "per_game": list(state.per_game),
                     "on_fire": state.on_fire, "berserks": state.berserks}
        rows.append(row)
    rows.sort(key=lambda r: (-r.points, -r.player.rating, r.player.entry))
    return _placed(rows)


def arena_standings(players, played):
    """The standings replayed from every pairing (checks; the site reads the stored states)."""
    return arena_rows(players, arena_states(played))


def arena_waiting(standing_rows, states, busy):
    """The library's ArenaPlayers: the active players not in `busy` (the entries of the games
    running), with their rank, last opponents and sides from their state."""
    waiting = []
    for row in standing_rows:
        player = row.player
        if not player.active or player.entry in busy:
            continue
        state = states.get(player.entry) or ArenaState()
        waiting.append(ArenaPlayer(
            player.entry, player.rating, row.place, recent_opponents=state.recent_opponents,
            first_moves=state.first_moves, games=state.games, last_first=state.last_first))
    return waiting


# --- knockout ----------------------------------------------------------------------------------


def game_winner(pairing):
    """The entry that won a decided game (None: a draw)."""
    winners = [s.entry for s in pairing.seats if s.place == 1]
    return winners[0] if len(winners) == 1 else None


def matches(played, round_number):
    """{board: (pair, [its pairings by game number])} of a knockout round."""
    boards = {}
    for pairing in played:
        if pairing.round != round_number:
            continue
        boards.setdefault(pairing.board, (pairing.match, []))[1].append(pairing)
    for _pair, games in boards.values():
        games.sort(key=lambda p: p.game_number)
    return boards


def match_result(pair, games, best_of, withdrawn):
    """The match's winner (an entry id), or None while it goes on. A bye's lone player wins; a
    withdrawn player's opponent wins the match (both withdrawn: the higher seed goes on)."""
    first, second = pair
    if second is None or first is None:
        return first if second is None else second
    if not games or any(not g.done for g in games):
        if first in withdrawn or second in withdrawn:
            return first if second in withdrawn else second
        return None
    winner = match_winner(tuple(game_winner(g) for g in games), best_of, (first, second))
    if winner is None and (first in withdrawn or second in withdrawn):
        return first if second in withdrawn else second
    if winner is None and len(games) >= best_of + MAX_REPLAYS:
        return first  # drawn game after drawn game: the pair's first (round 1: the better seed)
    return winner


def knockout_standings(players, played, best_of, withdrawn, rounds):
    """The champion, then by the round each player lost in (later is better), then by seed."""
    lost_in, champion = {}, None
    for number in range(1, rounds + 1):
        for pair, games in matches(played, number).values():
            winner = match_result(tuple(pair), games, best_of, withdrawn)
            if winner is None:
                continue
            for entry in pair:
                if entry is not None and entry != winner:
                    lost_in[entry] = number
            if number == rounds and len(matches(played, number)) == 1:
                champion = winner
    rows = []
    for player in players:
        row = Row(0, player, eliminated_in=lost_in.get(player.entry))
        row.games = sum(1 for p in played if p.done and not p.bye
                        for s in p.seats if s.entry == player.entry)
        rows.append(row)

    def key(row):
        out = row.eliminated_in
        return (row.player.entry != champion, out is not None, -(out or 0), -row.player.rating,
                row.player.entry)

    return _placed(sorted(rows, key=key))


def _placed(rows):
    for place, row in enumerate(rows, start=1):
        row.place = place
    return rows
