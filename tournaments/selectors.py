"""Reads for the API, the sockets and the services: tournaments a viewer may see, their players,
what was played (as tournaments.standings' plain data) and the standings."""

from django.db.models import Count, Prefetch, Q

from games.models import Game
from kernel.errors import is_signed_in

from . import standings
from .checks import invite_code_matches
from .models import AuditLog, Entry, Pairing, PairingPlayer, Round, Tournament
from .pairing import ArenaState

LIST_LIMIT = 100


def visible_tournaments(user, *, status=None, format=None, ruleset=None):
    """Public tournaments (password ones included: they are listed, joined with the password),
    and invite-only ones the user organises or plays in; soonest to start first for those to
    come, newest first otherwise."""
    query = Q(visibility=Tournament.Visibility.PUBLIC)
    if is_signed_in(user):
        query |= Q(created_by=user) | Q(entries__user=user)
    # By id, so that the players' count below joins every entry, not just the viewer's.
    tournaments = Tournament.objects.filter(pk__in=Tournament.objects.filter(query).values("pk"))
    if status:
        tournaments = tournaments.filter(status=status)
    if format:
        tournaments = tournaments.filter(format=format)
    if ruleset:
        tournaments = tournaments.filter(ruleset=ruleset)
    tournaments = tournaments.select_related("created_by").annotate(
        players=Count("entries", filter=Q(entries__status=Entry.Status.ACTIVE)))
    if is_signed_in(user):  # the viewer's own entry, read with the list (payloads.entry_for)
        tournaments = tournaments.prefetch_related(
            Prefetch("entries", queryset=Entry.objects.filter(user=user), to_attr="viewer_entries"))
    return list(tournaments.order_by("-starts_at", "-id")[:LIST_LIMIT])


def tournament_by_id(tournament_id):
    return Tournament.objects.select_related("created_by").filter(pk=tournament_id).first()


def can_see(tournament, user, code=None):
    """Public tournaments to all; invite-only ones to their organiser, their players, and with
    the invite link's code."""
    if tournament.visibility == Tournament.Visibility.PUBLIC:
        return True
    if invite_code_matches(tournament, code):
        return True
    if not is_signed_in(user):
        return False
    return tournament.created_by_id == user.pk or Entry.objects.filter(
        tournament=tournament, user=user).exists()


def entry_of(tournament, user):
    if not is_signed_in(user):
        return None
    return Entry.objects.filter(tournament=tournament, user=user).first()


def active_count(tournament):
    return Entry.objects.filter(tournament=tournament, status=Entry.Status.ACTIVE).count()


def entries(tournament):
    return list(Entry.objects.filter(tournament=tournament).select_related("user").order_by("id"))


def players(tournament, entries_=None):
    """Every entry (`entries_`: read already) as tournaments.standings.Player."""
    return [
        standings.Player(entry=e.pk, user_id=e.user_id, username=e.user.username,
                         display_name=e.user.shown_name, is_bot=e.user.is_bot,
                         rating=e.seed_rating, active=e.active, late=e.late)
        for e in (entries(tournament) if entries_ is None else entries_)
    ]


def arena_field(tournament):
    """(players, {entry: ArenaState}) of an arena, as its pairing ranks them: every entry's id,
    rating, status and kept score in one read of plain values, without the users (the Players
    carry no names: the pairing needs none)."""
    values = (Entry.objects.filter(tournament=tournament).order_by("id")
              .values_list("pk", "user_id", "seed_rating", "status", "late", "arena"))
    players, states = [], {}
    for pk, user_id, rating, status, late, arena in values:
        players.append(standings.Player(entry=pk, user_id=user_id, username="", display_name="",
                                        is_bot=False, rating=rating,
                                        active=status == Entry.Status.ACTIVE, late=late))
        states[pk] = ArenaState.from_json(arena)
    return players, states


def arena_states(entries_):
    """{entry id: ArenaState} as stored on the entries (folded in as each game is decided)."""
    return {e.pk: ArenaState.from_json(e.arena) for e in entries_}


def busy_entries(tournament):
    """The entries seated in a game of the tournament still running (the pairings' status index)."""
    return set(PairingPlayer.objects.filter(pairing__tournament=tournament,
                                            pairing__status=Pairing.Status.PLAYING)
               .values_list("entry_id", flat=True))


def _pairings(tournament):
    return (Pairing.objects.filter(tournament=tournament)
            .select_related("round", "table__game")
            .prefetch_related(Prefetch("players", queryset=PairingPlayer.objects.order_by("order")))
            .order_by("id"))


def played_seat(player):
    """A PairingPlayer as tournaments.standings.PlayedSeat."""
    return standings.PlayedSeat(
        entry=player.entry_id, order=player.order, place=player.place,
        points=float(player.points) if player.points is not None else None, score=player.score,
        moves=player.moves, berserk=player.berserk, no_show=player.no_show)


def as_played(pairing):
    return standings.Played(
        id=pairing.pk,
        round=pairing.round.number if pairing.round_id else None,
        board=pairing.board,
        game_number=pairing.game_number,
        bye=pairing.kind == Pairing.Kind.BYE,
        done=pairing.status == Pairing.Status.DONE,
        match=tuple(pairing.match) if pairing.match else None,
        seats=tuple(played_seat(p) for p in pairing.players.all()),
    )


def played(tournament):
    """Every pairing of the tournament as tournaments.standings.Played, oldest first."""
    return [as_played(p) for p in _pairings(tournament)]


def withdrawn_entries(tournament):
    return set(Entry.objects.filter(tournament=tournament).exclude(
        status=Entry.Status.ACTIVE).values_list("pk", flat=True))


def current_standings(tournament):
    """The standings rows (tournaments.standings.Row) as things stand, by format: an arena's
    from its entries' stored states, the others' from what was played."""
    if tournament.format == Tournament.Format.ARENA:
        entries_ = entries(tournament)
        return standings.arena_rows(players(tournament, entries_), arena_states(entries_))
    players_, played_ = players(tournament), played(tournament)
    if tournament.format == Tournament.Format.KNOCKOUT:
        return standings.knockout_standings(players_, played_, tournament.best_of,
                                            withdrawn_entries(tournament),
                                            tournament.current_round)
    return standings.swiss_standings(players_, played_)


def replayed_arena_states(tournament):
    """An arena's states replayed from every decided pairing (checks: they must equal the
    stored ones)."""
    return standings.arena_states(played(tournament))


def _shown_pairings():
    """Pairings as the API shows them: their round, table and game, their players' users."""
    return (Pairing.objects.select_related("round", "table__game")
            .prefetch_related(Prefetch("players", queryset=PairingPlayer.objects
                                       .select_related("entry__user").order_by("order"))))


def rounds(tournament):
    """Every round, its pairings (board, then game) read with it as `shown_pairings`."""
    return list(Round.objects.filter(tournament=tournament).order_by("number").prefetch_related(
        Prefetch("pairings", queryset=_shown_pairings().order_by("board", "game_number"),
                 to_attr="shown_pairings")))


def pairings_of_round(tournament, number):
    """The pairings of round `number` (arena: every pairing, newest first), with their players
    and games."""
    pairings = _shown_pairings().filter(tournament=tournament)
    if tournament.format == Tournament.Format.ARENA:
        return list(pairings.order_by("-id")[:LIST_LIMIT])
    return list(pairings.filter(round__number=number).order_by("board", "game_number"))


def running_pairing_of(tournament, entry):
    """The entry's game running in the tournament, or None."""
    return (Pairing.objects.filter(tournament=tournament, status=Pairing.Status.PLAYING,
                                   kind=Pairing.Kind.GAME, players__entry=entry)
            .select_related("table__game").first())


def finished_game_pairings(tournament, lock=False):
    """The tournament's pairings still playing whose game is over (its result not yet
    recorded), by id, with their games; `lock`: their rows locked (under the tournament's)."""
    over = (Game.Status.FINISHED, Game.Status.ABORTED)
    pairings = (Pairing.objects.filter(tournament=tournament, status=Pairing.Status.PLAYING,
                                       table__game__status__in=over)
                .select_related("table__game").order_by("pk"))
    if lock:
        pairings = pairings.select_for_update(of=("self",))
    return list(pairings)


def pairing_id_of_game(game_id):
    return Pairing.objects.filter(table__game__pk=game_id).values_list("pk", flat=True).first()


def tournament_name_of_game(game_id):
    """The name of the tournament the game belongs to, or None (games.game_kinds' test)."""
    return (Pairing.objects.filter(table__game__pk=game_id)
            .values_list("tournament__name", flat=True).first())


def audit_log(tournament, limit=200):
    return list(AuditLog.objects.filter(tournament=tournament).select_related("actor")[:limit])


def entered_tournaments(user):
    """Ids of the tournaments `user` is an active player of, running or to come."""
    return list(Entry.objects.filter(
        user=user, status=Entry.Status.ACTIVE,
        tournament__status__in=[Tournament.Status.REGISTRATION, Tournament.Status.RUNNING],
    ).values_list("tournament_id", flat=True))


def due_to_start(now):
    return list(Tournament.objects.filter(status=Tournament.Status.REGISTRATION,
                                          starts_at__lte=now).values_list("pk", flat=True))


def due_reminders(now, lead):
    return list(Tournament.objects.filter(status=Tournament.Status.REGISTRATION,
                                          reminded_at__isnull=True, starts_at__lte=now + lead)
                .values_list("pk", flat=True))


def running_ids():
    """Paused ones too: advance decides what a pause holds back (an arena's end it does not)."""
    return list(Tournament.objects.filter(status=Tournament.Status.RUNNING)
                .values_list("pk", flat=True))


def overdue_pairings(now):
    """(pairing id, tournament id) of the correspondence games past their deadline."""
    return list(Pairing.objects.filter(status=Pairing.Status.PLAYING, deadline_at__lte=now)
                .values_list("pk", "tournament_id"))


def own_entries_data(user) -> list:
    """`user`'s tournament entries and what they played, for the download of their data
    (accounts.privacy)."""
    rows = []
    for entry in Entry.objects.filter(user=user).select_related("tournament").order_by("id"):
        games = PairingPlayer.objects.filter(entry=entry).select_related("pairing__round")
        rows.append({
            "tournament": entry.tournament_id, "name": entry.tournament.name,
            "status": entry.status, "joined_at": entry.joined_at.isoformat(),
            "pairings": [
                {"round": p.pairing.round.number if p.pairing.round_id else None,
                 "kind": p.pairing.kind, "table": p.pairing.table_id, "place": p.place,
                 "points": float(p.points) if p.points is not None else None}
                for p in games.order_by("pairing_id")],
        })
    return rows


def tournaments_played(user, limit=50):
    """The tournaments `user` played (started ones they entered, cancelled ones left out),
    newest first, each with `place` (from the frozen standings once finished, else None) and
    `field` (how many were ranked)."""
    entries = (Entry.objects.filter(user=user, tournament__started_at__isnull=False)
               .exclude(tournament__status=Tournament.Status.CANCELLED)
               .select_related("tournament").order_by("-tournament__started_at", "-id")[:limit])
    played = []
    for entry in entries:
        tournament = entry.tournament
        rows = tournament.standings or []
        tournament.place = next((row.get("place") for row in rows
                                 if row.get("entry") == entry.pk), None)
        tournament.field = len(rows)
        played.append(tournament)
    return played


def tournament_of_table(table_id):
    """The pairing that `table_id` plays (its tournament and round read with it), or None."""
    return (Pairing.objects.select_related("tournament", "round")
            .filter(table_id=table_id).first())


def profile_sections(user, query):
    """The profile page's part (accounts.extensions: registered in apps.ready)."""
    return {"tournaments_played": tournaments_played(user)}


def went_berserk(pairing, entry):
    """Whether the entry halved its clock in the pairing's game (an arena's berserk)."""
    return PairingPlayer.objects.filter(pairing=pairing, entry=entry, berserk=True).exists()
