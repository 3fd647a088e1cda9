"""REST views of tournaments: parse, call one service or selector, render a payload. Domain
errors leave through kernel.api.errors, the API's one mapping."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from kernel.api.schema import error_response
from kernel.api.validation import validated
from kernel.ids import parse_id
from tournaments import payloads, selectors, services
from tournaments.errors import NotFound

from . import serializers as s

TAGS = ["tournaments"]
WRITE_ERRORS = {
    400: error_response("invalid, bots_not_allowed_rated"),
    401: error_response("not_authenticated"),
    403: error_response("not_organiser, wrong_password, bots_not_allowed, forbidden, "
                        "fair_play_marked"),
    404: error_response("not_found"),
    409: error_response(
        "full, closed, already_registered, not_registered, withdrawn, already_paired, "
        "not_playing, already_moved, wrong_state, not_enough_players"),
}
CODE = OpenApiParameter("code", str, description="the invite link's code (invite-only)")
PAGE = OpenApiParameter("page", int, description="the standings' page, from 1 (default 1; past "
                        "the last: the last)")


def _tournament(request, tournament_id, code=None):
    """The tournament, or NotFound: an invite-only one is unknown to whoever may not see it,
    writes included (a stranger learns nothing)."""
    number = parse_id(tournament_id)
    tournament = selectors.tournament_by_id(number) if number is not None else None
    code = code or request.query_params.get("code")
    if tournament is None or not selectors.can_see(tournament, request.user, code):
        raise NotFound(_("no tournament %(id)s") % {"id": tournament_id})
    return tournament


def _detail(request, tournament_id, code=None):
    tournament = selectors.tournament_by_id(parse_id(tournament_id))
    return Response(payloads.detail_payload(tournament, request.user))


class TournamentsView(APIView):
    @extend_schema(operation_id="tournaments_list", parameters=[s.TournamentListQuerySerializer],
                   responses={200: s.TournamentSerializer(many=True)}, tags=TAGS,
                   description="Public tournaments and yours (at most 100), latest start first.")
    def get(self, request):
        query = validated(s.TournamentListQuerySerializer, request.query_params)
        query["format"] = query.pop("tournament_format", None)
        return Response([payloads.tournament_payload(t, request.user)
                         for t in selectors.visible_tournaments(request.user, **query)])

    @extend_schema(operation_id="tournaments_create", request=s.TournamentCreateSerializer,
                   responses={201: s.TournamentDetailSerializer, **WRITE_ERRORS}, tags=TAGS)
    def post(self, request):
        options = validated(s.TournamentCreateSerializer, request.data)
        options["clock"] = dict(options["clock"])
        tournament = services.create_tournament(request.user, **options)
        return Response(payloads.detail_payload(tournament, request.user),
                        status=status.HTTP_201_CREATED)


class TournamentView(APIView):
    @extend_schema(operation_id="tournaments_retrieve", parameters=[CODE],
                   responses={200: s.TournamentDetailSerializer, 404: error_response("not_found")},
                   tags=TAGS, description="Settings, players, standings and current pairings.")
    def get(self, request, tournament_id):
        return Response(payloads.detail_payload(_tournament(request, tournament_id), request.user))


class JoinView(APIView):
    @extend_schema(operation_id="tournaments_join", request=s.TournamentJoinSerializer,
                   responses={200: s.TournamentDetailSerializer, **WRITE_ERRORS}, tags=TAGS,
                   description="Register (or, once it runs, join late: a Swiss until half its "
                   "rounds are paired, an arena until its end).")
    def post(self, request, tournament_id):
        body = validated(s.TournamentJoinSerializer, request.data)
        _tournament(request, tournament_id, body.get("code"))
        services.join(tournament_id, request.user, password=body.get("password"),
                      code=body.get("code"))
        return _detail(request, tournament_id)


class LeaveView(APIView):
    @extend_schema(operation_id="tournaments_leave", request=None,
                   responses={200: s.TournamentDetailSerializer, **WRITE_ERRORS}, tags=TAGS,
                   description="Before the start: unregister. After it: withdraw (a running "
                   "game is left, and lost).")
    def post(self, request, tournament_id):
        _tournament(request, tournament_id)
        services.leave(tournament_id, request.user)
        return _detail(request, tournament_id)


class BerserkView(APIView):
    @extend_schema(operation_id="tournaments_berserk", request=None,
                   responses={200: s.TournamentDetailSerializer, **WRITE_ERRORS}, tags=TAGS,
                   description="Arena: halve your clock before your first move of the game.")
    def post(self, request, tournament_id):
        _tournament(request, tournament_id)
        services.berserk(tournament_id, request.user)
        return _detail(request, tournament_id)


class StandingsView(APIView):
    @extend_schema(operation_id="tournaments_standings", parameters=[CODE, PAGE],
                   responses={200: s.TournamentStandingsSerializer, 404: error_response("not_found")},
                   tags=TAGS, description="One page of the standings (50 rows); `mine` says "
                   "on which page your own row is.")
    def get(self, request, tournament_id):
        tournament = _tournament(request, tournament_id)
        return Response(payloads.standings_of(tournament, request.query_params.get("page"),
                                              selectors.entry_of(tournament, request.user)))


class RoundsView(APIView):
    @extend_schema(operation_id="tournaments_rounds", parameters=[CODE],
                   responses={200: s.TournamentRoundSerializer(many=True), 404: error_response("not_found")},
                   tags=TAGS, description="Every round with its pairings (none in an arena).")
    def get(self, request, tournament_id):
        tournament = _tournament(request, tournament_id)
        return Response([payloads.round_payload(r) for r in selectors.rounds(tournament)])


class PairingsView(APIView):
    @extend_schema(operation_id="tournaments_pairings", parameters=[CODE],
                   responses={200: s.TournamentPairingSerializer(many=True),
                              404: error_response("not_found")},
                   tags=TAGS, description="The current round's pairings; an arena's latest 100.")
    def get(self, request, tournament_id):
        return Response(payloads.current_pairings(_tournament(request, tournament_id)))


class AuditView(APIView):
    @extend_schema(operation_id="tournaments_audit_log", parameters=[CODE],
                   responses={200: s.TournamentAuditEntrySerializer(many=True),
                              404: error_response("not_found")},
                   tags=TAGS)
    def get(self, request, tournament_id):
        tournament = _tournament(request, tournament_id)
        return Response([payloads.audit_payload(row) for row in selectors.audit_log(tournament)])


def _organiser_view(name, service, body_serializer, description):
    """A POST view of an organiser's action: the service, then the tournament's detail."""

    class View(APIView):
        @extend_schema(operation_id=f"tournaments_{name}", request=body_serializer,
                       responses={200: s.TournamentDetailSerializer, **WRITE_ERRORS}, tags=TAGS,
                       description=description)
        def post(self, request, tournament_id):
            _tournament(request, tournament_id)
            body = validated(body_serializer, request.data) if body_serializer else {}
            service(tournament_id, request.user, **body)
            return _detail(request, tournament_id)

    View.__name__ = View.__qualname__ = f"{name.title().replace('_', '')}View"
    return View


def _start_now(tournament_id, user):
    services.start_tournament(tournament_id, by_user=user)


StartView = _organiser_view("start", _start_now, None,
                            "Organiser: start now, before the planned time.")
PauseView = _organiser_view("pause", services.pause, s.ReasonSerializer,
                            "Organiser: no new pairings until resumed.")
ResumeView = _organiser_view("resume", services.resume, s.ReasonSerializer,
                             "Organiser: pair again what waited.")
CancelView = _organiser_view("cancel", services.cancel, s.ReasonSerializer,
                             "Organiser: end it without standings.")
RemovePlayerView = _organiser_view("remove_player", services.remove_player,
                                   s.RemovePlayerSerializer,
                                   "Organiser: take a player out (no way back).")
AddBotView = _organiser_view("add_bot", services.add_bot, s.AddBotSerializer,
                             "Organiser: enter a bot (casual tournaments that allow bots).")
