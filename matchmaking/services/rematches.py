"""Rematches: after a game, any player offers the same table again (same seats, options and
bots, the playing order rotated by one); when every human has accepted, the new game starts and
every socket of the old game hears where it is.

The offer's row is the lock (docs/architecture.md, "Lock order": it is taken with no other lock
held; starting the rematch then locks its humans' rows, for the bot-games cap, and creates rows
nobody else can see yet). Two players offering at once both find no row: the unique key on the
game lets one insert in and the other, after waiting for that commit, accepts the row it lost to
(`_insert_offer`). Every write spends the user's matchmaking budget (matchmaking.quotas), whether
it came over REST or a socket. Events go to the old game's group after commit.
"""

from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import services as game_services
from games.broadcast import game_group
from games.errors import GameError, TooManyBotGames
from games.models import Game
from games.payloads import clock_options
from kernel.errors import require_user
from kernel.ids import parse_id
from matchmaking import errors, quotas
from matchmaking.models import RematchOffer
from notifications import inbox
from realtime import broadcast


def _finished_game(game_id):
    number = parse_id(game_id)
    game = (Game.objects.select_related("table").prefetch_related("table__seats__user")
            .filter(pk=number).first() if number else None)
    if game is None:
        raise errors.NotFound(f"no game {game_id}")
    return game


def _seats(game):
    return sorted(game.table.seats.all(), key=lambda seat: seat.position)


def _humans(game):
    return [seat.user for seat in _seats(game) if not seat.user.is_bot]


def _players_game(game_id, user):
    """The game, for one of its human players only (NotAuthenticated, NotFound, NotAPlayer)."""
    require_user(user)
    game = _finished_game(game_id)
    if not any(human.pk == user.pk for human in _humans(game)):
        raise errors.NotAPlayer()
    return game


def _lock_offer(game):
    return RematchOffer.objects.select_for_update().filter(game=game).first()


def _lock_existing_offer(game):
    offer = _lock_offer(game)
    if offer is None:
        raise errors.NoRematchOffer()
    return offer


def _expire_if_due(offer, now):
    if offer.status == RematchOffer.Status.OPEN and offer.expires_at <= now:
        offer.status = RematchOffer.Status.EXPIRED
        offer.save(update_fields=["status"])
        _announce(offer)
        return True
    return False


def offer_rematch(game_id, user, now=None):
    """Offer (or, if another player offered already, accept) a rematch of a game that is over.
    Repeating it changes nothing. A table of bots and one human starts again at once."""
    now = now or timezone.now()
    require_user(user)
    quotas.spend(user)
    game = _players_game(game_id, user)
    if not game.is_over:
        raise errors.GameNotOver()
    with transaction.atomic():
        offer = _lock_offer(game)
        if offer is None:
            offer = _insert_offer(game, user, now)
            if offer is not None:
                return _start_if_everyone_accepted(offer, game)
            offer = _lock_offer(game)  # the other player's, committed: accept it
        if offer.status == RematchOffer.Status.OPEN and not _expire_if_due(offer, now):
            return _accept(offer, game, user)
        if offer.status == RematchOffer.Status.STARTED:
            return offer
        # A new offer (the first, or after a refusal, a cancel or an expiry).
        offer.offered_by = user
        offer.status = RematchOffer.Status.OPEN
        offer.accepted = [user.pk]
        offer.declined_by = None
        offer.expires_at = now + timedelta(seconds=settings.REMATCH_OFFER_SECONDS)
        offer.save()
        return _start_if_everyone_accepted(offer, game)


def _insert_offer(game, user, now):
    """The game's first offer, by `user`; None if another player's insert got in first (the
    unique key on the game makes this one wait for that commit, then fail: no 500, no second
    row)."""
    try:
        with transaction.atomic():
            return RematchOffer.objects.create(
                game=game, offered_by=user, accepted=[user.pk],
                expires_at=now + timedelta(seconds=settings.REMATCH_OFFER_SECONDS))
    except IntegrityError:
        return None


# Why an offer is no longer open, one whole sentence per status (stored values stay English).
_CLOSED = {
    RematchOffer.Status.STARTED: gettext_lazy("the rematch has started already"),
    RematchOffer.Status.DECLINED: gettext_lazy("the rematch offer was declined"),
    RematchOffer.Status.CANCELLED: gettext_lazy("the rematch offer was cancelled"),
    RematchOffer.Status.EXPIRED: gettext_lazy("the rematch offer expired"),
}


def _closed(offer):
    return errors.RematchClosed(_CLOSED.get(offer.status))


def answer_rematch(game_id, user, accept):
    """Accept or decline the open offer. Accepting twice is harmless; declining ends it."""
    require_user(user)
    quotas.spend(user)
    if not isinstance(accept, bool):
        raise errors.Invalid(_("accept must be true or false"))
    now = timezone.now()
    game = _players_game(game_id, user)
    with transaction.atomic():
        offer = _lock_existing_offer(game)
        expired = _expire_if_due(offer, now)  # committed, then refused below
    if expired:
        raise errors.RematchExpired()
    with transaction.atomic():
        offer = _lock_offer(game)
        if offer.status == RematchOffer.Status.STARTED and accept:
            return offer  # a repeated accept after the start: the same answer
        if offer.status != RematchOffer.Status.OPEN:
            raise _closed(offer)
        if accept:
            return _accept(offer, game, user)
        offer.status = RematchOffer.Status.DECLINED
        offer.declined_by = user
        offer.save(update_fields=["status", "declined_by"])
        _announce(offer)
        return offer


def cancel_rematch(game_id, user):
    """The offerer takes the offer back."""
    require_user(user)
    quotas.spend(user)
    game = _players_game(game_id, user)
    with transaction.atomic():
        offer = _lock_existing_offer(game)
        if offer.status != RematchOffer.Status.OPEN:
            raise _closed(offer)
        if offer.offered_by_id != user.pk:
            raise errors.Forbidden(_("only the player who offered the rematch may cancel it"))
        offer.status = RematchOffer.Status.CANCELLED
        offer.save(update_fields=["status"])
        _announce(offer)
        return offer


def rematch_of(game_id):
    """The offer of a game, or None (expired ones shown as expired)."""
    game = _finished_game(game_id)
    offer = RematchOffer.objects.filter(game=game).first()
    if offer is not None and offer.status == RematchOffer.Status.OPEN \
            and offer.expires_at <= timezone.now():
        offer.status = RematchOffer.Status.EXPIRED
    return game, offer


def expire_rematch_offers(now=None):
    """Beat: close the offers whose time ran out (their players hear it). Returns how many."""
    now = now or timezone.now()
    done = 0
    for offer_id in list(RematchOffer.objects.filter(
            status=RematchOffer.Status.OPEN, expires_at__lte=now).values_list("pk", flat=True)):
        with transaction.atomic():
            offer = RematchOffer.objects.select_for_update().get(pk=offer_id)
            done += _expire_if_due(offer, now)
    return done


def _accept(offer, game, user):
    if user.pk not in offer.accepted:
        offer.accepted = [*offer.accepted, user.pk]
        offer.save(update_fields=["accepted"])
    return _start_if_everyone_accepted(offer, game)


def _start_if_everyone_accepted(offer, game):
    humans = _humans(game)
    if any(human.pk not in offer.accepted for human in humans):
        _announce(offer)
        for human in humans:  # their inbox: one line per game's offer (key), wherever they are
            if human.pk not in offer.accepted:
                inbox.notify(human.pk, "rematch_offer", {"by": offer.offered_by.shown_name,
                             "game": game.pk}, f"/games/{game.pk}/", key=f"rematch-{game.pk}")
        return offer
    offer.new_game = _start_rematch(game)
    offer.status = RematchOffer.Status.STARTED
    offer.save(update_fields=["new_game", "status"])
    _announce(offer)
    return offer


def _start_rematch(game):
    """The new table: every seat's account again, player i of the old game is player i+1 now
    (the last one first), bots included; the same options; started at once."""
    table = game.table
    seats = _seats(game)
    count = len(seats)
    new_index = {seat.pk: ((seat.player_index if seat.player_index is not None
                            else seat.position) + 1) % count for seat in seats}
    humans = sorted((seat for seat in seats if not seat.user.is_bot), key=lambda s: new_index[s.pk])
    # create_table seats the creator in the first seat no bot takes: the human who plays first.
    options = {
        "players": table.players, "variant": table.variant, "rated": table.rated,
        "ruleset": table.ruleset, "clock": clock_options(table),
        "bots": [{"seat": new_index[seat.pk], "level": seat.user.bot_level}
                 for seat in seats if seat.user.is_bot],
    }
    try:
        new_table = game_services.create_table(humans[0].user, enforce_quota=False, **options)
        for seat in humans[1:]:
            game_services.join_table(new_table.pk, seat.user, seat=new_index[seat.pk],
                                     enforce_quota=False)
        return game_services.start_table(new_table.pk, humans[0].user,
                                         player_order=list(range(count)))
    except TooManyBotGames as error:  # a quota: the same code as any other start of a bot game
        raise errors.as_match_error(error) from None
    except GameError as error:  # e.g. an account that may no longer play
        raise errors.RematchClosed(
            _("the rematch could not start: %(reason)s") % {"reason": error.detail}
        ) from None


def offer_payload(game, offer):
    """The JSON of a game's rematch (REST answer and the socket's `rematch` message)."""
    humans = _humans(game)
    names = {human.pk: human.username for human in humans}
    if offer is None:
        return {"game": game.pk, "status": "none", "offered_by": None, "accepted": [],
                "waiting_for": [], "declined_by": None, "expires_at": None,
                "new_game": None, "new_table": None}
    new_game = offer.new_game
    return {
        "game": game.pk,
        "status": offer.status,
        "offered_by": names.get(offer.offered_by_id),
        "accepted": [names[pk] for pk in offer.accepted if pk in names],
        "waiting_for": [h.username for h in humans if h.pk not in offer.accepted]
        if offer.status == RematchOffer.Status.OPEN else [],
        "declined_by": names.get(offer.declined_by_id),
        "expires_at": offer.expires_at.isoformat(),
        "new_game": new_game.pk if new_game else None,
        "new_table": new_game.table_id if new_game else None,
    }


def _announce(offer):
    game = offer.game
    transaction.on_commit(lambda: broadcast.group_send(
        game_group(game.pk),
        {"type": "game.rematch", "rematch": offer_payload(_finished_game(game.pk), _fresh(offer))},
    ))


def _fresh(offer):
    return RematchOffer.objects.select_related("new_game").get(pk=offer.pk)
