"""Reads of the notifications app: the games where it is a user's move, most urgent first; the
inbox and its unread count."""

from django.db.models import OuterRef, Subquery
from django.utils import timezone

from games.lobby import is_left_before_it_began, left_before_it_began, my_running_tables
from games.models import MoveRecord, Seat, Table
from games.payloads import public_state
from kernel.errors import is_signed_in

from . import texts
from .models import Notification, NotificationSettings, PushSubscription


def your_turn_count(user):
    """How many running games wait for `user`'s move (the header badge; one small query)."""
    if not is_signed_in(user):
        return 0
    rows = Seat.objects.filter(user=user, left=False, table__status=Table.Status.PLAYING,
                               table__game__status="playing").exclude(
        left_before_it_began(timezone.now(), via="table__")).values_list(
        "player_index", "table__game__state__current_player")
    return sum(1 for index, current in rows if index is not None and index == current)


def your_turn_games(user, now=None):
    """Rows of the running games where it is `user`'s move: a clock's deadline first (the
    nearest first), then untimed games, the longest waiting first."""
    now = now or timezone.now()
    rows = []
    for table in my_running_tables(user):
        game = table.game
        current = game.state.get("current_player")
        seats = table.seats_in_order()
        mine = next((s for s in seats if s.user_id == user.pk and not s.left), None)
        if mine is None or mine.player_index != current or is_left_before_it_began(table, now):
            continue
        deadline = game.deadline_at
        rows.append({
            "game": game.pk,
            "version": game.version,  # with the game, names this turn (the badge's sound)
            "table": table.pk,
            "url": f"/tables/{table.pk}/",
            "ruleset": table.ruleset,
            "players": table.players,
            "clock": table.clock_kind,
            "round": game.state.get("round"),
            "opponents": [s.user.username for s in seats if s.pk != mine.pk],
            "opponent_names": [s.user.shown_name for s in seats if s.pk != mine.pk],  # for pages
            "turn_started_at": game.turn_started_at.isoformat() if game.turn_started_at else None,
            "deadline_at": deadline.isoformat() if deadline else None,
            "seconds_left": max(0, int((deadline - now).total_seconds())) if deadline else None,
            "_order": (deadline is None, deadline or now, game.turn_started_at or now, game.pk),
        })
    rows.sort(key=lambda row: row.pop("_order"))
    return rows


def your_turn_page(user):
    """The your-turn page's rows: GET /your-turn's, each with what its mini-board draws (every
    seat's shown name, the public state) and the last move (who, what), in one query for all."""
    rows = your_turn_games(user)
    tables = {table.game.pk: table for table in my_running_tables(user)}
    latest = MoveRecord.objects.filter(game_id=OuterRef("game_id")).order_by("-number")
    last_moves = {record.game_id: record for record in MoveRecord.objects.filter(
        game_id__in=[row["game"] for row in rows],
        number=Subquery(latest.values("number")[:1]))}
    for row in rows:
        table = tables[row["game"]]
        seats = [{"player_index": seat.player_index, "display_name": seat.user.shown_name}
                 for seat in table.seats_in_order()]
        record = last_moves.get(row["game"])
        row.update(
            opponent_names=[seat.user.shown_name for seat in table.seats_in_order()
                            if seat.user_id != user.pk],
            seats=seats, state=public_state(table.game),
            last_move=None if record is None else {
                "player_index": record.player_index, "move": record.move,
                "display_name": next((s["display_name"] for s in seats
                                      if s["player_index"] == record.player_index), "?")})
    return rows


def inbox_unread_count(user):
    """How many inbox lines `user` has not read (the header's count)."""
    if not is_signed_in(user):
        return 0
    return Notification.objects.filter(user=user, read_at__isnull=True).count()


def inbox(user, limit=50):
    """`user`'s latest inbox lines, newest first, each with its sentence in the active language."""
    lines = Notification.objects.filter(user=user).order_by("-created_at", "-pk")[:limit]
    return [{"id": line.pk, "kind": line.kind, "text": texts.describe(line), "url": line.url,
             "created_at": line.created_at, "read": line.read_at is not None} for line in lines]


def own_data(user) -> dict:
    """`user`'s notification settings and push subscriptions, for the download of their data
    (accounts.privacy)."""
    settings = NotificationSettings.objects.filter(user=user).first()
    return {
        "notification_settings": None if settings is None else {
            field.name: getattr(settings, field.name)
            for field in NotificationSettings._meta.fields if field.name not in ("id", "user")
        },
        "push_subscriptions": [
            {"created_at": p.created_at.isoformat() if p.created_at else None}
            for p in PushSubscription.objects.filter(user=user)
        ],
    }
