"""A player's own data: who may follow them (and so see them online), and the download of
everything the site keeps about them (docs/api.md, "Your account").

The download holds only the signed-in player's own rows, and of other players only what any
visitor sees already (usernames and shown names in their games); never anyone else's e-mail,
settings or chat. A game still running shows no seed (it stays secret until the end).
"""

from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import extensions
from accounts.models import FollowPolicy, User
from accounts.throttles import PerAccountThrottle
from azulsite.errors import DomainError
from games.models import Game, MoveRecord, Seat
from leagues.models import Member
from notifications.models import NotificationSettings, PushSubscription
from social.models import ChatMessage, Follow, Mute


class InvalidFollowPolicy(DomainError):
    code, status = "invalid", 400


class ExportThrottle(PerAccountThrottle):
    """Downloads per account: each one reads every game of the player."""

    scope = "account_export"


def set_follow_policy(user: User, policy) -> User:
    """Who may follow `user`: everyone, only players they follow, or nobody (social.friends
    reads it at every use, so follows it now forbids stop showing them online at once)."""
    if policy not in FollowPolicy.values:
        raise InvalidFollowPolicy(
            _("follow_policy must be one of: %(choices)s") % {"choices": ", ".join(FollowPolicy.values)}
        )
    if user.follow_policy != policy:
        user.follow_policy = policy
        user.save(update_fields=["follow_policy"])
    return user


def _iso(moment):
    return moment.isoformat() if moment else None


def _game(game, seats, moves):
    over = game.is_over
    return {
        "id": game.pk,
        "table": game.table_id,
        "ruleset": game.table.ruleset,
        "players": [
            {"position": seat.position, "player_index": seat.player_index,
             "username": seat.user.username, "display_name": seat.user.shown_name,
             "left": seat.left}
            for seat in seats
        ],
        "status": game.status,
        "result": game.result,
        "created_at": _iso(game.created_at),
        "finished_at": _iso(game.finished_at),
        "seed": game.seed if over else None,
        "moves": [
            {"number": m.number, "player_index": m.player_index, "move": m.move,
             "created_at": _iso(m.created_at)}
            for m in moves
        ],
    }


def own_data(user: User) -> dict:
    """Everything kept about `user`, as one JSON-ready dict."""
    game_ids = Seat.objects.filter(user=user, table__game__isnull=False).values("table__game")
    games = list(Game.objects.filter(pk__in=game_ids).select_related("table").order_by("id"))
    seats, moves = {}, {}
    for seat in Seat.objects.filter(table__game__in=games).select_related("user", "table__game"):
        seats.setdefault(seat.table.game.pk, []).append(seat)
    for move in MoveRecord.objects.filter(game__in=games).order_by("game_id", "number"):
        moves.setdefault(move.game_id, []).append(move)
    settings = NotificationSettings.objects.filter(user=user).first()
    return {
        "exported_at": _iso(timezone.now()),
        "account": {
            "id": user.pk, "username": user.username, "display_name": user.display_name,
            "email": user.email, "date_joined": _iso(user.date_joined),
            "last_login": _iso(user.last_login), "language": user.language,
            "confirm_moves": user.confirm_moves, "follow_policy": user.follow_policy,
        },
        "games": [
            _game(game, sorted(seats.get(game.pk, []), key=lambda s: s.position), moves.get(game.pk, []))
            for game in games
        ],
        "chat_messages": [
            {"game": m.game_id, "channel": m.channel, "text": m.text, "ply": m.ply,
             "created_at": _iso(m.created_at)}
            for m in ChatMessage.objects.filter(author=user).order_by("id")
        ],
        "following": list(
            Follow.objects.filter(follower=user).order_by("id").values_list("followed__username", flat=True)
        ),
        "muted": list(Mute.objects.filter(muter=user).order_by("id").values_list("muted__username", flat=True)),
        "leagues": [
            {"league": m.league_id, "name": m.league.name, "organiser": m.is_organiser,
             "player": m.is_player, "joined_at": _iso(m.joined_at)}
            for m in Member.objects.filter(user=user).select_related("league").order_by("id")
        ],
        "notification_settings": None if settings is None else {
            field.name: getattr(settings, field.name)
            for field in NotificationSettings._meta.fields if field.name not in ("id", "user")
        },
        "push_subscriptions": [
            {"created_at": _iso(p.created_at)} for p in PushSubscription.objects.filter(user=user)
        ],
        # The apps above accounts add their own rows (ratings: "ratings", "rating_history").
        **extensions.export_sections(user),
    }


class DeletionThrottle(PerAccountThrottle):
    """Tries at confirming one's account deletion (a password check) per account."""

    scope = "account_deletion"
