"""Registration: join (with the password, or the invite link's code), leave before the start,
withdraw after it, late joins; the organiser's bots; and what withdrawing does to a game.

Every write locks the tournament's row first: joins at the cap count in turn (exactly the cap
get in), and a join waits for a pairing in progress, then counts from the next round on."""

import contextlib

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import FairPlayMark
from games import services as game_services
from games.bot_accounts import bot_account, bot_levels
from games.errors import GameError
from tournaments import broadcast, checks, errors, selectors
from tournaments.models import Entry, Tournament
from tournaments.ratings import seed_rating

from .common import on_commit_dispatch

ADVANCE_TASK = "tournaments.tasks.advance"
Format = Tournament.Format


def late_join_open(tournament, now):
    """Whether a running tournament still takes players: a Swiss until half its rounds are
    paired, an arena until its end; a knockout never (its bracket is drawn at the start)."""
    if tournament.format in (Format.SWISS, Format.MULTI_SWISS):
        return tournament.current_round * 2 < tournament.rounds
    if tournament.format == Format.ARENA:
        return not tournament.time_is_up(now)
    return False


def _check_open(tournament, now):
    if tournament.status == Tournament.Status.REGISTRATION:
        return False
    if tournament.status == Tournament.Status.RUNNING and late_join_open(tournament, now):
        return True
    raise errors.Closed()


def join(tournament_id, user, *, password=None, code=None, now=None):
    """Register `user` (a person; bots are the organiser's to add). An invite-only tournament is
    unknown without its code; a password tournament needs its password (its organiser too)."""
    checks.require_user(user)
    if user.is_bot:
        raise errors.Forbidden(_("bots are added by the tournament's organiser"))
    if FairPlayMark.is_marked(user.pk):
        raise errors.FairPlayMarked()
    now = now or timezone.now()
    with transaction.atomic():
        tournament = checks.lock_tournament(tournament_id)
        if not selectors.can_see(tournament, user, code):
            raise errors.NotFound(_("no tournament %(id)s") % {"id": tournament_id})
        entry = Entry.objects.filter(tournament=tournament, user=user).first()
        if entry is not None and entry.active:
            raise errors.AlreadyRegistered()
        if entry is not None and not _may_rejoin(tournament, entry):
            raise errors.Withdrawn()
        late = _check_open(tournament, now)
        if not checks.password_matches(tournament, password):
            raise errors.WrongPassword()
        if entry is not None:
            return _rejoin_arena(tournament, entry, now)
        return _enter(tournament, user, late)


def add_bot(tournament_id, by_user, level, now=None):
    """The organiser enters the bot of `level` (casual tournaments that allow bots)."""
    now = now or timezone.now()
    if level not in bot_levels():
        raise errors.Invalid(_("bot level must be one of %(levels)s")
                             % {"levels": ", ".join(bot_levels())})
    with transaction.atomic():
        tournament = checks.lock_tournament(tournament_id)
        checks.require_organiser(tournament, by_user)
        if not tournament.bots_allowed:
            raise errors.BotsNotAllowed()
        bot = bot_account(level)
        if Entry.objects.filter(tournament=tournament, user=bot).exists():
            raise errors.AlreadyRegistered(_("this bot plays in the tournament already"))
        late = _check_open(tournament, now)
        entry = _enter(tournament, bot, late)
        checks.audit(tournament, by_user, "add_bot", name=bot.username, level=level)
    return entry


def _enter(tournament, user, late):
    if selectors.active_count(tournament) >= tournament.max_players:
        raise errors.Full()
    entry = Entry.objects.create(
        tournament=tournament, user=user, late=late,
        seed_rating=seed_rating(user, tournament.ruleset, tournament.players_per_game))
    _changed(tournament, pair_arena=late)
    return entry


def _may_rejoin(tournament, entry):
    """An arena player who withdrew may come back with their score (a removed one may not;
    nobody comes back to a Swiss or a knockout: their pairings went on without them)."""
    return (tournament.format == Format.ARENA and entry.status == Entry.Status.WITHDRAWN
            and tournament.status == Tournament.Status.RUNNING)


def _rejoin_arena(tournament, entry, now):
    """Active again, with the score kept on the entry (Entry.arena) as they left it."""
    if selectors.running_pairing_of(tournament, entry) is not None:
        raise errors.AlreadyPaired(_("your last game of this arena is still running"))
    if selectors.active_count(tournament) >= tournament.max_players:
        raise errors.Full()
    entry.status, entry.withdrawn_at = Entry.Status.ACTIVE, None
    entry.save(update_fields=["status", "withdrawn_at"])
    _changed(tournament, pair_arena=True)
    return entry


def leave(tournament_id, user, now=None):
    """Before the start: no longer registered. After it: withdrawn (a running game is left, and
    lost; no more pairings). Arena players may come back (join again)."""
    checks.require_user(user)
    now = now or timezone.now()
    with transaction.atomic():
        tournament = checks.lock_tournament(tournament_id)
        entry = Entry.objects.select_for_update().filter(tournament=tournament, user=user).first()
        if entry is None or not entry.active:
            raise errors.NotRegistered()
        if tournament.status == Tournament.Status.REGISTRATION:
            entry.delete()
            _changed(tournament, pair_arena=False)
            return None
        if tournament.status != Tournament.Status.RUNNING:
            raise errors.Closed(_("the tournament is over"))
        withdraw_entry(tournament, entry, Entry.Status.WITHDRAWN, now)
        return entry


def withdraw_entry(tournament, entry, status, now):
    """Under the tournament's lock: `entry` plays no more (status withdrawn or removed). Its
    running game, if any, is left through games (lost: the leaver ranks last; at a 3-4 player
    table a bot plays the seat on); the game's end reaches the tournament like any other."""
    entry.status, entry.withdrawn_at = status, now
    entry.save(update_fields=["status", "withdrawn_at"])
    running = selectors.running_pairing_of(tournament, entry)
    if running is not None and running.table_id is not None:
        with contextlib.suppress(GameError):  # over already, or left already
            game_services.leave_table(running.table_id, entry.user)
    _changed(tournament, pair_arena=False)
    if tournament.format == Format.KNOCKOUT and running is None:
        # A withdrawn player's match is decided now (their opponent goes on).
        on_commit_dispatch(ADVANCE_TASK, (tournament.pk,))


def _changed(tournament, pair_arena):
    broadcast.tournament_changed(tournament.pk)
    if pair_arena and tournament.format == Format.ARENA \
            and tournament.status == Tournament.Status.RUNNING:
        on_commit_dispatch(ADVANCE_TASK, (tournament.pk,))


def withdraw_leaving_account(user, now=None):
    """A deleted account, or one marked by fair play (docs/fair-play.md), leaves every
    tournament it is registered in or playing."""
    now = now or timezone.now()
    for tournament_id in selectors.entered_tournaments(user):
        with transaction.atomic():
            tournament = checks.lock_tournament(tournament_id)
            entry = (Entry.objects.select_for_update().select_related("user")
                     .filter(tournament=tournament, user=user, status=Entry.Status.ACTIVE).first())
            if entry is None:
                continue
            if tournament.status == Tournament.Status.REGISTRATION:
                entry.delete()
                _changed(tournament, pair_arena=False)
            elif tournament.status == Tournament.Status.RUNNING:
                withdraw_entry(tournament, entry, Entry.Status.WITHDRAWN, now)
