"""Quick play: "play the computer" (a table with bots, started at once) and "find an opponent"
(the seek queue: seeks with the same choices are grouped as the game has seats, 2 to 4).

Pairing is atomic: it runs in one transaction that locks the seeker's own waiting seek, then
takes the partners' with SKIP LOCKED (a seek another pairing holds is passed over, never waited
for), marks them all paired and starts their game. A seek is paired once; two pairings that miss
each other leave both waiting for the sweep (`pair_waiting_seeks`, beat), which also widens
the rating window as seeks age. Lock order (docs/architecture.md): a seek row, then the rows
of the new table, which nobody else can see yet.
"""

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import services as game_services
from games.bot_accounts import bot_levels
from games.errors import GameError
from kernel.errors import require_user
from matchmaking import choices, errors, quotas
from matchmaking.models import Seek
from ratings.ladders import ladder_for
from ratings.maths.glicko2 import MAX_DEVIATION, START_DEVIATION, START_RATING
from ratings.models import Rating
from realtime import broadcast
from realtime.groups import user_group

_OPTION_FIELDS = choices.TABLE_FIELDS


def _require_human(user):
    require_user(user)
    if user.is_bot:
        raise errors.Forbidden(_("bots do not use quick play"))


def _clean_options(ruleset, rated, clock, players=None):
    """A seek's options (quick play's choices: choices.clean_options), by Seek's field names."""
    clean = choices.clean_options(ruleset=ruleset, players=players, rated=rated, clock=clock)
    return {field: clean[field] for field in _OPTION_FIELDS}


def play_computer(user, level, ruleset="classic", *, players=2, rated=False, clock=None):
    """A table against bots of `level` in every other seat, with these choices, started: its
    game. Rated is allowed: the bots' ratings are frozen (docs/ratings.md)."""
    _require_human(user)
    quotas.spend(user)
    if not isinstance(level, str) or level not in bot_levels():
        raise errors.Invalid(
            _("level must be one of %(levels)s") % {"levels": ", ".join(bot_levels())})
    clean = choices.clean_options(ruleset=ruleset, players=players, rated=rated, clock=clock)
    try:
        with transaction.atomic():
            table = game_services.create_table(
                user, **choices.table_options(clean),
                bots=[{"seat": seat, "level": level} for seat in range(1, clean["players"])])
            return game_services.start_table(table.pk, user)
    except GameError as error:
        raise errors.as_match_error(error) from None


def rating_of(user, ruleset, players=2):
    """(rating, deviation) of the user on the ladder of a game of `ruleset` for `players`."""
    rating = Rating.objects.filter(user=user, ladder=ladder_for(ruleset, players)).first()
    return (rating.rating, rating.deviation) if rating else (START_RATING, START_DEVIATION)


def create_seek(user, *, ruleset="classic", rated=False, clock=None, players=None):
    """Join the queue (one waiting seek per user: the same request again returns it), then try
    to pair at once. Returns the seek (status "paired" with its game if a partner was there)."""
    _require_human(user)
    quotas.spend(user)
    options = _clean_options(ruleset, rated, clock, players)
    try:
        with transaction.atomic():
            rating, deviation = rating_of(user, options["ruleset"], options["players"])
            seek = Seek.objects.create(user=user, rating=rating, deviation=deviation, **options)
    except IntegrityError:
        seek = Seek.objects.filter(user=user, status=Seek.Status.WAITING).first()
        if seek is None:  # paired or cancelled in between: ask again
            raise errors.AlreadySeeking(_("your seek changed meanwhile: try again")) from None
        if any(getattr(seek, field) != value for field, value in options.items()):
            raise errors.AlreadySeeking() from None
        return seek
    return pair_seek(seek.pk) or seek


def cancel_seek(user):
    _require_human(user)
    quotas.spend(user)
    return drop_seek(user)


def drop_seek(user):
    """Cancel the user's waiting seek without spending their budget: the lobby socket that made
    it closed (the server's clean-up, not a request)."""
    with transaction.atomic():
        seek = (Seek.objects.select_for_update().filter(user=user, status=Seek.Status.WAITING)
                .first())
        if seek is None:
            raise errors.NotSeeking()
        seek.status = Seek.Status.CANCELLED
        seek.save(update_fields=["status"])
    return seek


def current_seek(user):
    """The user's waiting seek, else their last paired one, else None."""
    return (Seek.objects.filter(user=user, status=Seek.Status.WAITING).first()
            or Seek.objects.filter(user=user, status=Seek.Status.PAIRED).order_by("-pk").first())


def rating_window(seek, now):
    """How far apart two ratings may be for `seek`: it widens the longer it waits."""
    waited = max(0.0, (now - seek.created_at).total_seconds())
    return min(settings.SEEK_RATING_WINDOW_MAX,
               settings.SEEK_RATING_WINDOW + settings.SEEK_RATING_WINDOW_GROWTH * waited)


def allowed_gap(seek, other, now):
    """The widest rating gap at which the two seeks pair: the wider of their windows, plus a
    share of their combined deviation (an uncertain rating says little about who is closer)."""
    uncertainty = (seek.deviation ** 2 + other.deviation ** 2) ** 0.5
    return (max(rating_window(seek, now), rating_window(other, now))
            + settings.SEEK_DEVIATION_SHARE * uncertainty)


def pair_seek(seek_id, now=None):
    """Group this waiting seek with the longest-waiting compatible ones, as many as its game has
    other seats, every two of them within their window (the wider of the two seeks', plus a share
    of their deviations). Returns the seek once paired, None if it still waits."""
    now = now or timezone.now()
    with transaction.atomic():
        seek = Seek.objects.select_for_update().filter(pk=seek_id).first()
        if seek is None or seek.status != Seek.Status.WAITING:
            return None
        widest = (settings.SEEK_RATING_WINDOW_MAX + settings.SEEK_DEVIATION_SHARE
                  * (seek.deviation ** 2 + MAX_DEVIATION ** 2) ** 0.5)
        candidates = (
            Seek.objects.select_for_update(skip_locked=True)
            .filter(status=Seek.Status.WAITING,
                    rating__gte=seek.rating - widest, rating__lte=seek.rating + widest,
                    **{field: getattr(seek, field) for field in _OPTION_FIELDS})
            .exclude(user_id=seek.user_id)
            .order_by("created_at", "pk")[:50]
        )
        partners = []  # the longest waiting first, each close enough to all the others
        for other in candidates:
            if all(abs(other.rating - mate.rating) <= allowed_gap(mate, other, now)
                   for mate in (seek, *partners)):
                partners.append(other)
                if len(partners) == seek.players - 1:
                    break
        else:
            return None
        group = [*partners, seek]
        game = _start_paired_game(group)
        for paired in group:
            paired.status = Seek.Status.PAIRED
            paired.game = game
            paired.save(update_fields=["status", "game"])
        for paired in group:
            _announce_paired(paired.user_id, game)
        return seek


def pair_waiting_seeks(now=None):
    """Beat: try every waiting seek again, longest waiting first. Returns the pairs made."""
    now = now or timezone.now()
    ids = list(Seek.objects.filter(status=Seek.Status.WAITING).values_list("pk", flat=True))
    return sum(1 for seek_id in ids if pair_seek(seek_id, now) is not None)


def _start_paired_game(group):
    """The table of a paired group, created by its first seeker, started."""
    older = group[0]
    options = {field: getattr(older, field) for field in _OPTION_FIELDS}
    table = game_services.create_table(older.user, enforce_quota=False,
                                       **choices.table_options(options))
    for newer in group[1:]:
        game_services.join_table(table.pk, newer.user, enforce_quota=False)
    return game_services.start_table(table.pk, older.user)


def _announce_paired(user_id, game):
    message = {"type": "user.paired", "game": game.pk, "table": game.table_id}
    transaction.on_commit(lambda: broadcast.group_send(user_group(user_id), message))


def seek_payload(seek):
    if seek is None:
        return {"status": "none"}
    return {
        "id": seek.pk,
        "status": seek.status,
        "ruleset": seek.ruleset,
        "players": seek.players,
        "rated": seek.rated,
        "clock": {"kind": seek.clock_kind, "base_seconds": seek.clock_base_seconds,
                  "increment_seconds": seek.clock_increment_seconds,
                  "days_per_move": seek.clock_days_per_move},
        "rating": round(seek.rating),
        "created_at": seek.created_at.isoformat(),
        "game": seek.game_id,
        "table": seek.game.table_id if seek.game_id else None,
    }
