"""Request bodies of the tournaments API (parsing and the OpenAPI schema), and the responses'
shapes for the schema (tournaments.payloads builds the bodies)."""

from rest_framework import serializers

from games.bot_accounts import bot_levels
from games.clock_serializers import ClockSerializer
from tournaments.models import Entry, Pairing, Tournament
from tournaments.services.common import BEST_OF, MAX_ARENA_PLAYERS, MAX_ROUNDS

# Named once for the schema (settings.SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"]).
FORMATS = list(Tournament.Format.values)
TOURNAMENT_STATUSES = list(Tournament.Status.values)
TOURNAMENT_CLOCK_KINDS = ["realtime", "correspondence"]
ENTRY_STATUSES = list(Entry.Status.values)
PLAY_STATUSES = list(Pairing.Status.values)  # a round's and a pairing's: playing, done


class TournamentClockSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=TOURNAMENT_CLOCK_KINDS)
    base_seconds = serializers.IntegerField(min_value=0, default=0, help_text="realtime")
    increment_seconds = serializers.IntegerField(min_value=0, default=0, help_text="realtime")
    days_per_move = serializers.IntegerField(min_value=0, default=0, help_text="correspondence")


class TournamentCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80)
    description = serializers.CharField(max_length=2000, required=False, default="",
                                        allow_blank=True)
    format = serializers.ChoiceField(choices=FORMATS, default="swiss")
    visibility = serializers.ChoiceField(choices=Tournament.Visibility.values, default="public")
    password = serializers.CharField(max_length=128, required=False, default="",
                                     allow_blank=True, help_text="to join; kept hashed")
    ruleset = serializers.ChoiceField(choices=["classic", "duel"], default="classic")
    players_per_game = serializers.IntegerField(
        min_value=2, max_value=4, required=False,
        help_text="2 (multi_swiss: 3, the default, or 4)")
    variant = serializers.ChoiceField(choices=["standard", "gray"], default="standard")
    rated = serializers.BooleanField(default=False)
    bots_allowed = serializers.BooleanField(default=False, help_text="casual tournaments only")
    clock = TournamentClockSerializer(help_text="arena: realtime")
    # The largest cap (an arena's); the service refuses more than 256 in the other formats.
    max_players = serializers.IntegerField(min_value=2, max_value=MAX_ARENA_PLAYERS, default=64)
    rounds = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS, required=False,
                                      help_text="Swiss formats (default 5)")
    duration_minutes = serializers.IntegerField(min_value=1, required=False,
                                                help_text="arena: 5 to 720 (default 60)")
    best_of = serializers.ChoiceField(choices=list(BEST_OF), default=1,
                                      help_text="knockout matches")
    round_hours = serializers.IntegerField(min_value=1, required=False,
                                           help_text="correspondence: 24 to 720 (default 168)")
    duplicate_deals = serializers.BooleanField(default=False, help_text="Swiss formats")
    placement_points = serializers.ListField(
        child=serializers.FloatField(min_value=0, max_value=100), required=False,
        help_text="multi_swiss: points of each place at a table, first place first")
    starts_at = serializers.DateTimeField()


class TournamentListQuerySerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=TOURNAMENT_STATUSES, required=False)
    # Not `format`: DRF reads that query parameter as the answer's content type.
    tournament_format = serializers.ChoiceField(choices=FORMATS, required=False)
    ruleset = serializers.ChoiceField(choices=["classic", "duel"], required=False)


class TournamentJoinSerializer(serializers.Serializer):
    password = serializers.CharField(required=False, allow_blank=True, max_length=128)
    code = serializers.CharField(required=False, allow_blank=True, max_length=64,
                                 help_text="invite-only tournaments")


class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=1000)


class RemovePlayerSerializer(ReasonSerializer):
    username = serializers.CharField(max_length=150)


class AddBotSerializer(serializers.Serializer):
    level = serializers.ChoiceField(choices=list(bot_levels()))


# --- responses (schema only) --------------------------------------------------------------------


class TournamentPlayerRefSerializer(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.CharField()


class MyEntrySerializer(serializers.Serializer):
    entry = serializers.IntegerField()
    status = serializers.ChoiceField(choices=ENTRY_STATUSES)
    no_shows = serializers.IntegerField()


class TournamentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    description = serializers.CharField()
    format = serializers.ChoiceField(choices=FORMATS)
    visibility = serializers.ChoiceField(choices=Tournament.Visibility.values)
    has_password = serializers.BooleanField()
    ruleset = serializers.CharField()
    players_per_game = serializers.IntegerField()
    variant = serializers.CharField()
    rated = serializers.BooleanField()
    bots_allowed = serializers.BooleanField()
    clock = ClockSerializer()
    max_players = serializers.IntegerField()
    rounds = serializers.IntegerField(allow_null=True)
    duration_minutes = serializers.IntegerField(allow_null=True)
    best_of = serializers.IntegerField()
    round_hours = serializers.IntegerField(allow_null=True)
    duplicate_deals = serializers.BooleanField()
    placement_points = serializers.ListField(child=serializers.FloatField(), allow_null=True)
    starts_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    ends_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    status = serializers.ChoiceField(choices=TOURNAMENT_STATUSES)
    paused = serializers.BooleanField()
    current_round = serializers.IntegerField()
    players = serializers.IntegerField(help_text="active players")
    created_by = TournamentPlayerRefSerializer()
    created_at = serializers.DateTimeField()
    organiser = serializers.BooleanField(help_text="you organise it")
    me = MyEntrySerializer(allow_null=True, help_text="your entry, if you registered")
    invite_code = serializers.CharField(allow_null=True, help_text="the organiser's alone")


class TournamentEntrySerializer(TournamentPlayerRefSerializer):
    id = serializers.IntegerField()
    is_bot = serializers.BooleanField()
    rating = serializers.IntegerField(help_text="the seed: the ladder's rating at the start")
    status = serializers.ChoiceField(choices=ENTRY_STATUSES)
    late = serializers.BooleanField()
    no_shows = serializers.IntegerField()
    joined_at = serializers.DateTimeField()


class TiebreaksSerializer(serializers.Serializer):
    buchholz = serializers.FloatField()
    sonneborn_berger = serializers.FloatField()
    game_points = serializers.FloatField()


class ArenaScoreSerializer(serializers.Serializer):
    score = serializers.FloatField()
    per_game = serializers.ListField(child=serializers.FloatField())
    on_fire = serializers.BooleanField()
    berserks = serializers.IntegerField()


class TournamentStandingRowSerializer(TournamentPlayerRefSerializer):
    place = serializers.IntegerField()
    entry = serializers.IntegerField()
    is_bot = serializers.BooleanField()
    rating = serializers.IntegerField()
    active = serializers.BooleanField(help_text="false: withdrawn or removed")
    late = serializers.BooleanField()
    points = serializers.FloatField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    byes = serializers.IntegerField()
    tiebreaks = TiebreaksSerializer(help_text="Swiss formats; zeros elsewhere")
    arena = ArenaScoreSerializer(allow_null=True)
    eliminated_in = serializers.IntegerField(allow_null=True, help_text="knockout")


class TournamentStandingsPlaceSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    page = serializers.IntegerField()


class TournamentStandingsSerializer(serializers.Serializer):
    final = serializers.BooleanField(help_text="frozen at the end")
    rows = TournamentStandingRowSerializer(many=True, help_text="one page: at most 50 rows")
    count = serializers.IntegerField(help_text="rows in all")
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    mine = TournamentStandingsPlaceSerializer(allow_null=True, help_text="your own row's place "
                                              "and page; null if you have none")


class TournamentPairingPlayerSerializer(TournamentPlayerRefSerializer):
    entry = serializers.IntegerField()
    order = serializers.IntegerField(help_text="0 moves first")
    place = serializers.IntegerField(allow_null=True)
    points = serializers.FloatField(allow_null=True)
    score = serializers.IntegerField(allow_null=True)
    berserk = serializers.BooleanField()
    no_show = serializers.BooleanField()


class TournamentPairingSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    round = serializers.IntegerField(allow_null=True)
    board = serializers.IntegerField()
    game_number = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Pairing.Kind.values)
    status = serializers.ChoiceField(choices=PLAY_STATUSES)
    decided_by = serializers.ChoiceField(choices=Pairing.DecidedBy.values, allow_null=True)
    table = serializers.IntegerField(allow_null=True)
    game = serializers.IntegerField(allow_null=True)
    deadline_at = serializers.DateTimeField(allow_null=True)
    players = TournamentPairingPlayerSerializer(many=True)


class TournamentRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=PLAY_STATUSES)
    started_at = serializers.DateTimeField()
    deadline_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    duplicate_deal = serializers.BooleanField()
    pairings = TournamentPairingSerializer(many=True)


class TournamentDetailSerializer(TournamentSerializer):
    entries = TournamentEntrySerializer(many=True)
    standings = TournamentStandingsSerializer()
    pairings = TournamentPairingSerializer(many=True, help_text="the current round's; an arena's latest")


class TournamentAuditEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    at = serializers.DateTimeField()
    actor = serializers.CharField(allow_null=True)
    action = serializers.CharField()
    summary = serializers.CharField()
    reason = serializers.CharField()
    data = serializers.DictField()
