"""Every write of the notifications app: settings, unsubscribe tokens, push subscriptions, and
the e-mail batches (at most one e-mail per game and user an hour, sent by Celery).

An event (notifications.receivers) adds its kind to the (user, game) batch under the batch's
row lock; if the last e-mail of that game went more than NOTIFICATION_EMAIL_INTERVAL ago the
send task is enqueued now, otherwise once for the moment it falls due. The task re-reads
everything: a "your move" that is no longer true is dropped, an opted-out kind too.
"""

import json
import logging
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts.languages import language_of_user
from games.models import Game
from kernel import dispatch
from kernel.errors import require_user

from . import errors, outbound
from .models import KIND_LABELS, KINDS, GameEmailBatch, NotificationSettings, PushSubscription

UNSUBSCRIBE_SALT = "notifications.unsubscribe"
ALL_KINDS = "all"
SEND_GAME_EMAIL = "notifications.send_game_email"

log = logging.getLogger(__name__)


def interval():
    return timedelta(seconds=settings.NOTIFICATION_EMAIL_INTERVAL_SECONDS)


# --- settings ------------------------------------------------------------------------------


def settings_of(user):
    """The user's settings (unsaved defaults when they never changed any)."""
    return NotificationSettings.objects.filter(user=user).first() or \
        NotificationSettings(user=user)


_BOOLEAN_FIELDS = (*KINDS, "email", "turn_sound")


def update_settings(user, changes):
    """Set some of the booleans (`changes`: {field: bool}); unknown fields are refused."""
    require_user(user)
    if not isinstance(changes, dict) or not changes:
        raise errors.Invalid(_("send an object of settings to change"))
    for field, value in changes.items():
        if field not in _BOOLEAN_FIELDS:
            raise errors.Invalid(_("unknown setting '%(field)s'") % {"field": str(field)[:40]})
        if not isinstance(value, bool):
            raise errors.Invalid(_("%(field)s must be true or false") % {"field": field})
    with transaction.atomic():
        row, _created = NotificationSettings.objects.select_for_update().get_or_create(user=user)
        for field, value in changes.items():
            setattr(row, field, value)
        row.save()
    return row


def unsubscribe_token(user_id, kind):
    return signing.dumps({"u": user_id, "k": kind}, salt=UNSUBSCRIBE_SALT, compress=True)


def read_unsubscribe_token(token):
    """(user_id, kind) of a token this site signed, or errors.BadToken."""
    try:
        data = signing.loads(str(token)[:400], salt=UNSUBSCRIBE_SALT)
        user_id, kind = int(data["u"]), data["k"]
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        raise errors.BadToken() from None
    if kind not in (*KINDS, ALL_KINDS):
        raise errors.BadToken()
    return user_id, kind


def unsubscribe(token):
    """Turn off the token's kind (or every e-mail: kind "all"). Works without a login."""
    user_id, kind = read_unsubscribe_token(token)
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None:
        raise errors.BadToken()
    update_settings(user, {"email": False} if kind == ALL_KINDS else {kind: False})
    return user, kind


def site_url(path):
    return settings.SITE_URL.rstrip("/") + path


# --- e-mail batches -------------------------------------------------------------------------


def note_event(user_id, game_id, kinds, now=None):
    """Add `kinds` (one change's news, e.g. a start that is also your move) to the (user, game)
    e-mail batch together; enqueue its sending when due."""
    kinds = [kinds] if isinstance(kinds, str) else list(kinds)
    now = now or timezone.now()
    with transaction.atomic():
        try:
            with transaction.atomic():
                batch, _created = GameEmailBatch.objects.get_or_create(user_id=user_id,
                                                                       game_id=game_id)
        except IntegrityError:  # created meanwhile by a concurrent event
            pass
        batch = GameEmailBatch.objects.select_for_update().get(user_id=user_id, game_id=game_id)
        batch.pending = [*batch.pending, *(k for k in kinds if k not in batch.pending)]
        due = batch.last_sent_at + interval() if batch.last_sent_at else now
        if batch.scheduled_for is not None and batch.scheduled_for <= due:
            batch.save(update_fields=["pending"])
            return batch  # a task is on its way for this moment
        batch.scheduled_for = max(due, now)
        batch.save(update_fields=["pending", "scheduled_for"])
        eta = batch.scheduled_for
    transaction.on_commit(lambda: dispatch.send(
        SEND_GAME_EMAIL, (user_id, game_id), eta=None if eta <= now else eta))
    return batch


def send_game_email(user_id, game_id, now=None):
    """The batch's one e-mail, if due and still worth sending. True if one was sent."""
    now = now or timezone.now()
    with transaction.atomic():
        batch = (GameEmailBatch.objects.select_for_update().select_related("user")
                 .filter(user_id=user_id, game_id=game_id).first())
        if batch is None or not batch.pending:
            return False
        if batch.last_sent_at and now < batch.last_sent_at + interval():
            return False  # early (a redelivered task): the scheduled one sends it
        game = Game.objects.select_related("table").filter(pk=game_id).first()
        user = batch.user
        prefs = settings_of(user)
        kinds = [kind for kind in batch.pending if prefs.email and prefs.wants(kind)
                 and (kind != "your_turn" or _is_users_move(game, user))]
        batch.pending = []
        batch.scheduled_for = None
        # Checked now, not when the news came: an address its owner has not confirmed (or that
        # changed since) gets nothing, so nobody can make the site mail a stranger's inbox.
        if not kinds or not user.email or not user.email_confirmed or game is None:
            batch.save(update_fields=["pending", "scheduled_for"])
            return False
        with translation.override(language_of_user(user)):  # built on a worker: no request
            message = _compose(user, game, kinds)
        message.send()
        batch.last_sent_at = now
        batch.sent_count += 1
        batch.save(update_fields=["pending", "scheduled_for", "last_sent_at", "sent_count"])
    return True


def send_due_email_batches(now=None):
    """Beat: the batches whose moment came and whose task was lost (or ran early, as eager
    Celery runs an ETA task at once). Returns how many e-mails went."""
    now = now or timezone.now()
    due = GameEmailBatch.objects.filter(scheduled_for__lte=now).exclude(pending=[]) \
        .values_list("user_id", "game_id")
    return sum(1 for user_id, game_id in list(due[:500]) if send_game_email(user_id, game_id, now))


def _is_users_move(game, user):
    if game is None or game.is_over:
        return False
    seat = game.table.seats.filter(player_index=game.state.get("current_player")).first()
    return seat is not None and not seat.left and seat.user_id == user.pk


def _line(kind, game):
    number = game.pk
    return {
        "your_turn": _("It is your move in game %(n)s.") % {"n": number},
        "game_started": _("Game %(n)s has started.") % {"n": number},
        "game_ended": _("Game %(n)s is over.") % {"n": number},
        "fixture_started": _("Your league fixture (game %(n)s) has started.") % {"n": number},
        "fixture_ended": _("Your league fixture (game %(n)s) is over.") % {"n": number},
    }[kind]


def _compose(user, game, kinds):
    link = site_url(f"/games/{game.pk}/")
    lines = [_line(kind, game) for kind in kinds]
    unsubscribe_all = site_url(f"/notifications/unsubscribe/{unsubscribe_token(user.pk, ALL_KINDS)}/")
    stops = [
        _("Stop these e-mails (%(kind)s): %(url)s") % {
            "kind": KIND_LABELS[kind],
            "url": site_url(f"/notifications/unsubscribe/{unsubscribe_token(user.pk, kind)}/")}
        for kind in kinds
    ]
    body = "\n".join([
        _("Hello %(name)s,") % {"name": user.username}, "", *lines, "",
        _("Open the game: %(url)s") % {"url": link}, "",
        _("At most one e-mail per game an hour."), *stops,
        _("Stop every e-mail: %(url)s") % {"url": unsubscribe_all},
        _("Settings: %(url)s") % {"url": site_url("/notifications/settings/")},
    ])
    subject = lines[0] if len(lines) == 1 else _("News of game %(n)s") % {"n": game.pk}
    return EmailMessage(
        subject=f"[azulsite] {subject}", body=body, to=[user.email],
        headers={"List-Unsubscribe": f"<{unsubscribe_all}>",
                 "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
    )


# --- Web Push -------------------------------------------------------------------------------


def push_enabled():
    return bool(settings.VAPID_PRIVATE_KEY and settings.VAPID_PUBLIC_KEY)


def subscribe_push(user, subscription):
    """Store a browser's PushSubscription JSON ({endpoint, keys: {p256dh, auth}})."""
    require_user(user)
    if not isinstance(subscription, dict):
        raise errors.Invalid(_("send the browser's PushSubscription as JSON"))
    endpoint = subscription.get("endpoint")
    keys = subscription.get("keys")
    if not isinstance(endpoint, str) or not 0 < len(endpoint) <= 1000:
        raise errors.Invalid(_("endpoint must be a URL of at most 1000 characters"))
    try:
        outbound.check_endpoint(endpoint)
    except outbound.Refused as refusal:
        raise errors.EndpointRefused(f"{errors.EndpointRefused.default_detail}: {refusal}") \
            from None
    if not isinstance(keys, dict) or not all(
            isinstance(keys.get(k), str) and 0 < len(keys[k]) <= limit
            for k, limit in (("p256dh", 200), ("auth", 100))):
        raise errors.Invalid(_("keys must hold p256dh and auth strings"))
    try:
        with transaction.atomic():
            # The user's row lock queues their concurrent subscriptions: the count holds.
            get_user_model().objects.select_for_update().filter(pk=user.pk).first()
            row = PushSubscription.objects.filter(endpoint=endpoint).first()
            if row is not None and row.user_id != user.pk:
                raise errors.EndpointTaken()
            if row is None and PushSubscription.objects.filter(user=user).count() \
                    >= settings.PUSH_SUBSCRIPTIONS_PER_USER:
                raise errors.TooManySubscriptions()
            row = row or PushSubscription(user=user, endpoint=endpoint)
            row.p256dh, row.auth = keys["p256dh"], keys["auth"]
            row.save()
    except IntegrityError:  # another account stored this endpoint meanwhile
        raise errors.EndpointTaken() from None
    return row


def unsubscribe_push(user, endpoint):
    require_user(user)
    if not isinstance(endpoint, str) or len(endpoint) > 1000:
        raise errors.Invalid(_("endpoint must be a URL"))
    deleted, _rows = PushSubscription.objects.filter(user=user, endpoint=endpoint).delete()
    if not deleted:
        raise errors.NotFound()


def send_push(user_id, kind, game_id):
    """Push `kind` about a game to every browser of the user (pywebpush, VAPID from settings).
    Returns how many pushes the push services accepted; gone subscriptions are dropped."""
    if not push_enabled():
        return 0
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None or not settings_of(user).wants(kind):
        return 0
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return 0
    with translation.override(language_of_user(user)):
        body = _line(kind, game)
    data = json.dumps({"title": "azulsite", "body": body, "url": f"/games/{game_id}/"})
    subscriptions = list(PushSubscription.objects.filter(user=user))
    if not subscriptions:
        return 0
    # One thread each: a push service that never answers delays none of the user's others.
    with ThreadPoolExecutor(max_workers=len(subscriptions),
                            thread_name_prefix="push") as pool:
        statuses = list(pool.map(lambda row: _push_one(row, data), subscriptions))
    gone = [row.pk for row, status in zip(subscriptions, statuses, strict=True)
            if status in (404, 410)]  # the browser unsubscribed: the push service says so
    PushSubscription.objects.filter(pk__in=gone).delete()
    return sum(1 for status in statuses if status is not None and status < 300)


def _push_one(subscription, data):
    """The push service's HTTP status for one push, or None if none answered (refused address,
    timeout, no connection): logged, and never a reason to skip the next subscription."""
    from pywebpush import WebPushException, webpush

    try:
        with outbound.session() as session:
            response = webpush(subscription_info=subscription.as_subscription_info(), data=data,
                               vapid_private_key=settings.VAPID_PRIVATE_KEY,
                               vapid_claims={"sub": settings.VAPID_SUBJECT},
                               timeout=outbound.timeout(), requests_session=session)
        return response.status_code
    except WebPushException as error:
        return getattr(error.response, "status_code", None)
    except Exception as error:  # noqa: BLE001 - a user-given URL may fail in any way
        log.warning("push %s not sent: %s", subscription.pk, error)
        return None


def forget_user(user):
    """A deleted account's settings, push subscriptions and pending e-mails go (accounts.deletion,
    inside its transaction)."""
    NotificationSettings.objects.filter(user=user).delete()
    PushSubscription.objects.filter(user=user).delete()
    GameEmailBatch.objects.filter(user=user).delete()
