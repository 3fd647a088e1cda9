"""Request parsing and the documented response shapes of the games API.

Request serializers parse the shape (types, per-field errors); the rules of a new table's options
are games.services.options', which the service applies to every caller: the bounds and choices
below are read from the same constants, not restated.

Responses are built by games.payloads (one builder for REST, WebSocket and broadcasts); the response
serializers here describe those shapes for the OpenAPI schema.
"""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from accounts.bots import BOT_LEVELS
from games.clock_serializers import ClockOptionsSerializer, ClockSerializer
from games.game_rules import PLAYER_COUNTS
from games.models import Game, Table

FEWEST_PLAYERS = min(min(counts) for counts in PLAYER_COUNTS.values())
MOST_PLAYERS = max(max(counts) for counts in PLAYER_COUNTS.values())

# --- requests --------------------------------------------------------------------------------


class BotSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=0, max_value=MOST_PLAYERS - 1)
    level = serializers.ChoiceField(choices=BOT_LEVELS)


class TableCreateSerializer(serializers.Serializer):
    players = serializers.IntegerField(
        min_value=FEWEST_PLAYERS, max_value=MOST_PLAYERS, required=False,
        help_text="2-4; Azul Duel: 2 (the default)"
    )
    variant = serializers.ChoiceField(
        choices=Table.Variant.values,
        default=Table.Variant.STANDARD,
        help_text="classic only; Azul Duel ignores it",
    )
    rated = serializers.BooleanField(default=False)
    ruleset = serializers.ChoiceField(
        choices=Table.Ruleset.values,
        default=Table.Ruleset.CLASSIC,
        help_text="classic (Azul) or duel (Azul Duel: 2 players, no variant)",
    )
    clock = ClockOptionsSerializer(required=False)
    bots = BotSeatSerializer(many=True, required=False, default=list)


class JoinSerializer(serializers.Serializer):
    seat = serializers.IntegerField(
        min_value=0, max_value=MOST_PLAYERS - 1, required=False, allow_null=True, help_text="default: first free"
    )


@extend_schema_field({"type": "object"})
class JSONObjectField(serializers.JSONField):
    """Any JSON to the parser (a non-object is the service's invalid_move); an object in the
    schema, as clients must send."""


class MoveRequestSerializer(serializers.Serializer):
    move = JSONObjectField(
        help_text='an engine move, e.g. {"source": 2, "color": "red", "line": 3}; Azul Duel '
        'moves have a "type" (docs/engine.md); payload.legal_moves lists them'
    )
    version = serializers.IntegerField(min_value=0, help_text="the game version the client saw")


class ReplayQuerySerializer(serializers.Serializer):
    at = serializers.IntegerField(
        min_value=0, required=False, help_text="moves to replay; default all"
    )


# --- responses (schema only) -----------------------------------------------------------------


class UserFieldsSerializer(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.CharField()
    is_bot = serializers.BooleanField()
    bot_level = serializers.CharField(allow_null=True)


class TableSeatSerializer(UserFieldsSerializer):
    position = serializers.IntegerField()


class JoinedSeatSerializer(TableSeatSerializer):
    table = serializers.IntegerField()


class TableSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    creator = serializers.CharField()
    ruleset = serializers.CharField()
    players = serializers.IntegerField()
    variant = serializers.CharField()
    rated = serializers.BooleanField()
    clock = ClockSerializer()
    status = serializers.ChoiceField(choices=Table.Status.values)
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    seats = TableSeatSerializer(many=True)
    game = serializers.IntegerField(allow_null=True)


class StartedSerializer(serializers.Serializer):
    game = serializers.IntegerField()


class GameSeatSerializer(UserFieldsSerializer):
    player_index = serializers.IntegerField(help_text="the engine's player number")
    position = serializers.IntegerField(help_text="the table seat")
    left = serializers.BooleanField()
    left_reason = serializers.CharField(allow_null=True, help_text="resign, abandon, timeout or abort")
    replaced_by = serializers.CharField(allow_null=True, help_text="the bot now playing this seat")
    time_left_ms = serializers.IntegerField(
        allow_null=True, help_text="realtime bank at turn start"
    )


class GameClockSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=Table.ClockKind.values)
    current = serializers.IntegerField(allow_null=True)
    turn_started_at = serializers.DateTimeField(allow_null=True)
    deadline = serializers.DateTimeField(allow_null=True)


class MoveRecordSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    player_index = serializers.IntegerField()
    username = serializers.CharField()
    move = serializers.JSONField()
    created_at = serializers.DateTimeField()
    think_ms = serializers.IntegerField()
    taken = serializers.IntegerField(
        allow_null=True, help_text="tiles the move picked up; null for other moves or when unknown"
    )
    scoring = serializers.ListField(
        child=serializers.JSONField(),
        allow_null=True,
        help_text="the move's scoring events, as the engine ran them (docs/engine.md, "
        '"Scoring events"); null when unknown (a game fetched, not a move just applied)',
    )


class LastMoveSerializer(MoveRecordSerializer):
    before_tiling = serializers.JSONField(
        allow_null=True,
        help_text='{"round", "boards"} as they stood when this move\'s wall tiling began; null if '
        "it tiled nothing or when unknown",
    )


class GameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    table = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Game.Status.values)
    version = serializers.IntegerField()
    state = serializers.JSONField(help_text="engine public state; the full state once over")
    legal_moves = serializers.ListField(
        child=serializers.JSONField(),
        help_text="every legal move of the player to move (engine JSON); empty once over",
    )
    previews = serializers.ListField(
        child=serializers.JSONField(allow_null=True),
        help_text="what each legal move would do, in the same order (engine.move_previews)",
    )
    result = serializers.JSONField(allow_null=True)
    abortable = serializers.BooleanField(
        help_text="someone has made no move yet: a seated player may abort (no winner, unrated)")
    takeback = serializers.JSONField(
        help_text='{"allowed", "offer": null or {"by", "back_to", "accepted", "waiting_for"}, '
        '"left": {player index: requests left}, "done"}: takebacks of a casual game')
    seats = GameSeatSerializer(many=True)
    clock = GameClockSerializer()
    commitment = serializers.CharField(help_text='sha256 of "<seed>:<salt>"')
    seed = serializers.IntegerField(allow_null=True, help_text="revealed when the game is over")
    salt = serializers.CharField(allow_null=True, help_text="revealed when the game is over")
    variant = serializers.CharField()
    ruleset = serializers.CharField()
    rated = serializers.BooleanField()
    players = serializers.IntegerField()
    last_move = LastMoveSerializer(allow_null=True)
    rounds = serializers.ListField(
        child=serializers.JSONField(),
        allow_null=True,
        help_text="once over: the points of each round per player (wall, floor, plates, end bonuses)",
    )
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)


class MoveOutcomeSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    state = serializers.JSONField()
    applied = serializers.BooleanField(help_text="false when this repeated the last accepted move")


class ReplaySerializer(serializers.Serializer):
    game = serializers.IntegerField()
    at = serializers.IntegerField()
    state = serializers.JSONField()


class VersionRequestSerializer(serializers.Serializer):
    version = serializers.IntegerField(min_value=0, help_text="the game version the client saw")
