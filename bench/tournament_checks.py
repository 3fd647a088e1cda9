"""bench/tournament_load.py's checks of a tournament against the database, once it is over: an
arena player never in two games at once, a Swiss's rounds each seating every player once with
no opponent met twice, and the frozen standings' results recomputed from the games' own results."""

from collections import Counter, defaultdict


def games_paired(tournament_id):
    from tournaments.models import Pairing

    return Pairing.objects.filter(tournament_id=tournament_id, kind=Pairing.Kind.GAME).count()


def rounds_of_games(tournament_id):
    """{game id: its round's number} of a Swiss."""
    from tournaments.models import Pairing

    return dict(Pairing.objects.filter(tournament_id=tournament_id, kind=Pairing.Kind.GAME)
                .values_list("table__game__id", "round__number"))


def _seats(tournament_id):
    """[(pairing, [(username, order)])] oldest first, with each pairing's game."""
    from tournaments.models import Pairing

    pairings = (Pairing.objects.filter(tournament_id=tournament_id)
                .select_related("round", "table__game")
                .prefetch_related("players__entry__user").order_by("id"))
    return [(p, sorted((pp.entry.user.username, pp.order) for pp in p.players.all()))
            for p in pairings]


def overlapping_games(seats):
    """Players paired again before their previous game was decided (an arena must not)."""
    busy_until, overlaps = {}, 0
    for pairing, players in seats:
        if pairing.kind != "game":
            continue
        for name, _order in players:
            if name in busy_until and (busy_until[name] is None
                                       or pairing.created_at < busy_until[name]):
                overlaps += 1
            busy_until[name] = pairing.finished_at
    return overlaps


def results_from_games(seats):
    """{username: Counter(win/draw/loss/bye)} from each game's own result (its ranks by
    player index), not from what the tournament recorded."""
    results = defaultdict(Counter)
    for pairing, players in seats:
        if pairing.kind == "bye":
            results[players[0][0]]["bye"] += 1
            continue
        game = pairing.table.game
        if game.result is None:
            continue
        ranks = game.result["ranks"]
        for name, order in players:
            others = [ranks[o] for _n, o in players if o != order]
            if all(ranks[order] == other for other in others):
                results[name]["draw"] += 1
            elif ranks[order] == 1:
                results[name]["win"] += 1
            else:
                results[name]["loss"] += 1
    return results


def standings_mismatches(tournament, results):
    """Rows of the frozen standings whose wins, draws, losses, byes (and a Swiss's points) differ
    from the games' results."""
    wrong = 0
    for row in tournament.standings or []:
        mine = results.get(row["username"], Counter())
        shown = [row["wins"], row["draws"], row["losses"]]
        expected = [mine["win"], mine["draw"], mine["loss"]]
        if tournament.format == "swiss":  # a bye is worth a win, a draw half
            shown += [row["byes"], row["points"]]
            expected += [mine["bye"], mine["win"] + mine["bye"] + mine["draw"] / 2]
        wrong += shown != expected
    return wrong


def swiss_rounds(tournament, seats):
    """(rounds played, rounds not seating each active player exactly once, rematches)."""
    seated = defaultdict(Counter)
    met = Counter()
    for pairing, players in seats:
        for name, _order in players:
            seated[pairing.round.number][name] += 1
        if pairing.kind == "game":
            met[tuple(sorted(name for name, _ in players))] += 1
    everyone = {row["username"] for row in tournament.standings or []}
    uneven = sum(1 for counts in seated.values()
                 if set(counts) != everyone or any(n != 1 for n in counts.values()))
    return len(seated), uneven, sum(n - 1 for n in met.values() if n > 1)


def stored_arena_mismatches(tournament):
    """Entries whose stored arena state (Entry.arena, folded game by game) differs from the
    replay of every decided pairing; None before the states were stored (2026-12-07)."""
    from tournaments import selectors
    from tournaments.models import Entry

    if not hasattr(selectors, "replayed_arena_states"):
        return None
    from tournaments.pairing import ArenaState

    replayed = selectors.replayed_arena_states(tournament)
    return sum(1 for entry in Entry.objects.filter(tournament=tournament)
               if ArenaState.from_json(entry.arena) != replayed.get(entry.pk, ArenaState()))


def check(tournament_id, rounds):
    """Print the checks; True if all hold."""
    from tournaments.models import Pairing, Tournament

    tournament = Tournament.objects.get(pk=tournament_id)
    seats = _seats(tournament_id)
    playing = sum(1 for pairing, _ in seats if pairing.status == Pairing.Status.PLAYING)
    results = results_from_games(seats)
    wrong = standings_mismatches(tournament, results)
    frozen = len(tournament.standings or [])
    ok = tournament.status == Tournament.Status.FINISHED and not playing and not wrong
    line = (f"  database check: status {tournament.status}, {len(seats)} pairings, {playing} still "
            f"playing; frozen standings {frozen} rows, {wrong} differing from the games' results")
    if tournament.format == Tournament.Format.ARENA:
        overlaps = overlapping_games(seats)
        ok &= not overlaps
        line += f"; players paired while in a game: {overlaps}"
        differing = stored_arena_mismatches(tournament)
        if differing is not None:
            ok &= not differing
            line += f"; stored arena states differing from the replay of every game: {differing}"
    else:
        played, uneven, rematches = swiss_rounds(tournament, seats)
        ok &= played == rounds and not uneven and not rematches
        line += (f"; rounds {played} of {rounds}, rounds not seating every player once: {uneven}, "
                 f"rematches: {rematches}")
    print(line + (" (ok)" if ok else " (FAILED)"))
    return ok


# --- where a pairing's time goes (server timestamps; the machine's one clock) --------------------


def _pairings_with_times(tournament_id):
    from tournaments.models import Pairing

    return list(Pairing.objects.filter(tournament_id=tournament_id, kind=Pairing.Kind.GAME)
                .select_related("round", "table__game")
                .prefetch_related("players__entry__user").order_by("id"))


def time_breakdown(tournament_id, arena, heard):
    """Steps between a game's end and its players' next game, from the rows' timestamps and
    `heard` ({(username, game id): the wall time the player's feed heard it}):
    - "result recorded": the game's end (its final move) to its pairing decided (the result's task
      started on a worker);
    - "paired": to the next game's pairing written (an arena: the player's next; a Swiss: the
      next round's last), which in an arena includes waiting for a free opponent;
    - "heard": from that to the player's feed hearing it (the commit, the broadcast, the socket)."""
    pairings = _pairings_with_times(tournament_id)
    steps = {"result recorded": [], "paired": [], "heard": []}

    def seconds(later, earlier):
        return (later - earlier).total_seconds()

    if arena:
        last = {}
        for pairing in pairings:
            for seat in pairing.players.all():
                name = seat.entry.user.username
                before = last.get(name)
                last[name] = pairing
                if before is None or before.finished_at is None:
                    continue
                game = before.table.game
                steps["result recorded"].append(seconds(before.finished_at, game.finished_at))
                steps["paired"].append(seconds(pairing.created_at, before.finished_at))
                at = heard.get((name, pairing.table.game.pk))
                if at is not None:
                    steps["heard"].append(at - pairing.created_at.timestamp())
        return steps
    rounds = defaultdict(list)
    for pairing in pairings:
        rounds[pairing.round.number].append(pairing)
    for number in sorted(rounds):
        if number + 1 not in rounds or any(p.finished_at is None for p in rounds[number]):
            continue
        last_end = max(p.table.game.finished_at for p in rounds[number])
        decided = max(p.finished_at for p in rounds[number])
        paired = max(p.created_at for p in rounds[number + 1])
        steps["result recorded"].append(seconds(decided, last_end))
        steps["paired"].append(seconds(paired, decided))
        for pairing in rounds[number + 1]:
            for seat in pairing.players.all():
                at = heard.get((seat.entry.user.username, pairing.table.game.pk))
                if at is not None:
                    steps["heard"].append(at - paired.timestamp())
    return steps
