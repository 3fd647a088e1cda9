"""REST views for leagues: parse, call one service or selector, render a payload.
(Over 400 lines: one view per league endpoint, each a few lines; split with the services.)

Domain errors (leagues.errors, games.errors) become the API's error body here and only here.
"""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from kernel.api.schema import error_response
from kernel.api.validation import validated
from kernel.ids import parse_id
from leagues import checks, payloads, selectors, services
from leagues.errors import NotFound, NotOrganiser
from leagues.models import League
from leagues.services import invitations

from . import serializers as s

ERRORS = {
    400: error_response("invalid"),
    401: error_response("not_authenticated"),
    403: error_response("not_organiser, invalid_invite, forbidden"),
    404: error_response("not_found"),
    409: error_response(
        "wrong_state, already_member, not_member, registration_closed, not_enough_players"
    ),
}
INVITATION_ERRORS = {
    400: error_response("invalid"),
    401: error_response("not_authenticated"),
    403: error_response("not_invitee, not_organiser"),
    404: error_response("not_found"),
    409: error_response("invitation_answered, already_member, registration_closed"),
}



def _league(request, league_id, code=None):
    """The league, or NotFound: an invite-only league is unknown to whoever is not a member and
    has no code (?code=, or the join body's), writes included: a stranger learns nothing."""
    number = parse_id(league_id)
    league = None
    if number is not None:
        league = selectors.league_by_id(number)
    code = code or request.query_params.get("code")
    if league is None or not selectors.can_see(league, request.user, code):
        raise NotFound(_('no league %(league_id)s') % {"league_id": league_id})
    return league


def _season(request, season_id):
    number = parse_id(season_id)
    season = None
    if number is not None:
        season = selectors.season_by_id(number)
    if season is None:
        raise NotFound(_('no season %(season_id)s') % {"season_id": season_id})
    _league(request, season.league_id)
    return season


def _league_body(request, league):
    return payloads.league_payload(league, organiser=services.is_organiser(league, request.user))


class LeaguesView(APIView):
    @extend_schema(
        operation_id="leagues_list",
        responses={200: s.LeagueSerializer(many=True)},
        tags=["leagues"],
    )
    def get(self, request):
        leagues = selectors.with_details(selectors.visible_leagues(request.user))[:200]
        user_id = request.user.pk if request.user.is_authenticated else None
        return Response(
            [
                payloads.league_payload(
                    league,
                    organiser=any(
                        m.user_id == user_id and m.is_organiser for m in selectors.members(league)
                    ),
                )
                for league in leagues
            ]
        )

    @extend_schema(
        operation_id="leagues_create",
        request=s.LeagueCreateSerializer,
        responses={201: s.LeagueSerializer, **ERRORS},
        tags=["leagues"],
    )
    def post(self, request):
        options = validated(s.LeagueCreateSerializer, request.data)
        if "clock" in options:
            options["clock"] = dict(options["clock"])
        league = services.create_league(request.user, **options)
        return Response(_league_body(request, league), status=status.HTTP_201_CREATED)


class LeagueView(APIView):
    @extend_schema(
        operation_id="leagues_retrieve",
        parameters=[OpenApiParameter("code", str, description="invite code (invite-only leagues)")],
        responses={200: s.LeagueSerializer, 404: error_response("not_found")},
        tags=["leagues"],
    )
    def get(self, request, league_id):
        return Response(_league_body(request, _league(request, league_id)))


class JoinView(APIView):
    @extend_schema(
        operation_id="leagues_join",
        request=s.LeagueJoinSerializer,
        responses={200: s.LeagueSerializer, **ERRORS},
        tags=["leagues"],
    )
    def post(self, request, league_id):
        # No body is {}; any other non-object body is refused (400 invalid).
        code = validated(s.LeagueJoinSerializer, request.data).get("code")
        _league(request, league_id, code)
        services.join_league(league_id, request.user, code=code)
        return Response(_league_body(request, get_object_or_404(League, pk=league_id)))


class LeaveView(APIView):
    @extend_schema(
        operation_id="leagues_leave",
        request=None,
        responses={200: s.LeagueSerializer, **ERRORS},
        tags=["leagues"],
    )
    def post(self, request, league_id):
        _league(request, league_id)
        services.leave_league(league_id, request.user)
        return Response(_league_body(request, get_object_or_404(League, pk=league_id)))


class LeagueInvitationsView(APIView):
    @extend_schema(
        operation_id="leagues_invitations",
        responses={
            200: s.InvitationSerializer(many=True),
            401: error_response("not_authenticated"),
            403: error_response("not_organiser"),
            404: error_response("not_found"),
        },
        tags=["leagues"],
        description="Organisers only: the league's invitations, pending first, then answered.",
    )
    def get(self, request, league_id):
        league = _league(request, league_id)
        if not services.is_organiser(league, request.user):
            raise NotOrganiser()
        return Response(
            [payloads.invitation_payload(i) for i in selectors.league_invitations(league)]
        )

    @extend_schema(
        operation_id="leagues_invite",
        request=s.LeagueInviteSerializer,
        responses={
            201: s.InvitationSerializer,
            **ERRORS,
            409: error_response("already_member, already_invited, registration_closed"),
        },
        tags=["leagues"],
        description="Organisers only: invite a user to play. They become a player only by "
        "accepting (POST /invitations/{id}/accept).",
    )
    def post(self, request, league_id):
        _league(request, league_id)
        body = validated(s.LeagueInviteSerializer, request.data)
        invitation = invitations.invite_player(
            league_id, request.user, body["username"], body["message"]
        )
        return Response(payloads.invitation_payload(invitation), status=status.HTTP_201_CREATED)


class InviteLinkView(APIView):
    @extend_schema(
        operation_id="leagues_reset_invite_link",
        request=None,
        responses={200: s.LeagueSerializer, **ERRORS},
        tags=["leagues"],
        description="Organisers only: a new invite link code; the old link stops working.",
    )
    def post(self, request, league_id):
        _league(request, league_id)
        league = invitations.reset_invite_link(league_id, request.user)
        return Response(_league_body(request, league))

    @extend_schema(
        operation_id="leagues_revoke_invite_link",
        request=None,
        responses={200: s.LeagueSerializer, **ERRORS},
        tags=["leagues"],
        description="Organisers only: no invite link works until a new one is made.",
    )
    def delete(self, request, league_id):
        _league(request, league_id)
        league = invitations.revoke_invite_link(league_id, request.user)
        return Response(_league_body(request, league))


class MyInvitationsView(APIView):
    @extend_schema(
        operation_id="invitations_list",
        responses={200: s.InvitationSerializer(many=True), 401: error_response("not_authenticated")},
        tags=["leagues"],
        description="The caller's pending invitations, newest first.",
    )
    def get(self, request):
        checks.require_user(request.user)
        return Response(
            [payloads.invitation_payload(i) for i in selectors.invitations_for(request.user)]
        )


def _answered(operation, request, invitation_id):
    return Response(payloads.invitation_payload(operation(invitation_id, request.user)))


class AcceptInvitationView(APIView):
    @extend_schema(
        operation_id="invitations_accept",
        request=None,
        responses={200: s.InvitationSerializer, **INVITATION_ERRORS},
        tags=["leagues"],
        description="The invitee accepts: they become a player of the league.",
    )
    def post(self, request, invitation_id):
        return _answered(invitations.accept_invitation, request, invitation_id)


class DeclineInvitationView(APIView):
    @extend_schema(
        operation_id="invitations_decline",
        request=None,
        responses={200: s.InvitationSerializer, **INVITATION_ERRORS},
        tags=["leagues"],
        description="The invitee declines; nothing else changes.",
    )
    def post(self, request, invitation_id):
        return _answered(invitations.decline_invitation, request, invitation_id)


class RevokeInvitationView(APIView):
    @extend_schema(
        operation_id="invitations_revoke",
        request=None,
        responses={200: s.InvitationSerializer, **INVITATION_ERRORS},
        tags=["leagues"],
        description="Organisers only: withdraw a pending invitation.",
    )
    def post(self, request, invitation_id):
        return _answered(invitations.revoke_invitation, request, invitation_id)


class RemovePlayerView(APIView):
    @extend_schema(
        operation_id="leagues_remove_player",
        request=s.LeaguePlayerSerializer,
        responses={200: s.LeagueSerializer, **ERRORS},
        tags=["leagues"],
        description="Organisers only: the player takes no part in future seasons.",
    )
    def post(self, request, league_id):
        _league(request, league_id)
        body = validated(s.LeaguePlayerSerializer, request.data)
        services.remove_player(league_id, request.user, body["username"], body["reason"])
        return Response(_league_body(request, get_object_or_404(League, pk=league_id)))


class OrganisersView(APIView):
    @extend_schema(
        operation_id="leagues_set_organiser",
        request=s.LeagueOrganiserSerializer,
        responses={200: s.LeagueSerializer, **ERRORS},
        tags=["leagues"],
        description="Organisers only: make someone a co-organiser, or no longer one.",
    )
    def post(self, request, league_id):
        _league(request, league_id)
        body = validated(s.LeagueOrganiserSerializer, request.data)
        services.set_organiser(
            league_id, request.user, body["username"], body["organiser"], body["reason"]
        )
        return Response(_league_body(request, get_object_or_404(League, pk=league_id)))


class AuditView(APIView):
    @extend_schema(
        operation_id="leagues_audit_log",
        responses={200: s.AuditEntrySerializer(many=True), 404: error_response("not_found")},
        tags=["leagues"],
    )
    def get(self, request, league_id):
        league = _league(request, league_id)
        return Response([payloads.audit_payload(e) for e in selectors.audit_log(league)])


class SeasonView(APIView):
    @extend_schema(
        operation_id="seasons_retrieve",
        responses={200: s.LeagueSeasonSerializer, 404: error_response("not_found")},
        tags=["leagues"],
    )
    def get(self, request, season_id):
        return Response(payloads.season_summary(_season(request, season_id)))

    @extend_schema(
        operation_id="seasons_update",
        request=s.LeagueSeasonUpdateSerializer,
        responses={200: s.LeagueSeasonSerializer, **ERRORS},
        tags=["leagues"],
        description="Organisers only: the registration window and planned start.",
    )
    def patch(self, request, season_id):
        _season(request, season_id)
        body = validated(s.LeagueSeasonUpdateSerializer, request.data)
        season = services.update_season(season_id, request.user, **body)
        return Response(payloads.season_summary(season))


class StartSeasonView(APIView):
    @extend_schema(
        operation_id="seasons_start",
        request=None,
        responses={200: s.SeasonFixturesSerializer, **ERRORS},
        tags=["leagues"],
    )
    def post(self, request, season_id):
        _season(request, season_id)
        season = services.start_season(season_id, request.user)
        return Response(payloads.fixtures_payload(season))


class CloseSeasonView(APIView):
    @extend_schema(
        operation_id="seasons_close",
        request=None,
        responses={201: s.LeagueSeasonSerializer, **ERRORS},
        tags=["leagues"],
        description="Organisers only: promotion and relegation; answers the next season.",
    )
    def post(self, request, season_id):
        _season(request, season_id)
        following = services.close_season(season_id, request.user)
        return Response(payloads.season_summary(following), status=status.HTTP_201_CREATED)


class WithdrawView(APIView):
    @extend_schema(
        operation_id="seasons_withdraw",
        request=s.LeagueWithdrawSerializer,
        responses={200: s.SeasonFixturesSerializer, **ERRORS},
        tags=["leagues"],
    )
    def post(self, request, season_id):
        _season(request, season_id)
        body = validated(s.LeagueWithdrawSerializer, request.data)
        entry = services.withdraw_player(season_id, request.user, body["username"], body["reason"])
        return Response(payloads.fixtures_payload(entry.season))


class StandingsView(APIView):
    @extend_schema(
        operation_id="seasons_standings",
        responses={200: s.StandingsSerializer, 404: error_response("not_found")},
        tags=["leagues"],
    )
    def get(self, request, season_id):
        return Response(payloads.standings_payload(_season(request, season_id)))


class FixturesView(APIView):
    @extend_schema(
        operation_id="seasons_fixtures",
        responses={200: s.SeasonFixturesSerializer, 404: error_response("not_found")},
        tags=["leagues"],
    )
    def get(self, request, season_id):
        return Response(payloads.fixtures_payload(_season(request, season_id)))


def _fixture(request, fixture_id):
    number = parse_id(fixture_id)
    fixture = selectors.fixture_detail(number) if number is not None else None
    if fixture is None:
        raise NotFound(_('no fixture %(fixture_id)s') % {"fixture_id": fixture_id})
    _league(request, fixture.round.season.league_id)
    return fixture


class FixtureView(APIView):
    @extend_schema(
        operation_id="fixtures_retrieve",
        responses={200: s.FixtureSerializer, 404: error_response("not_found")},
        tags=["leagues"],
    )
    def get(self, request, fixture_id):
        return Response(payloads.fixture_payload(_fixture(request, fixture_id)))


class OverrideView(APIView):
    @extend_schema(
        operation_id="fixtures_override",
        request=s.LeagueOverrideSerializer,
        responses={200: s.FixtureSerializer, **ERRORS},
        tags=["leagues"],
    )
    def post(self, request, fixture_id):
        _fixture(request, fixture_id)
        body = validated(s.LeagueOverrideSerializer, request.data)
        services.override_result(fixture_id, request.user, body["places"], body["reason"])
        return Response(payloads.fixture_payload(selectors.fixture_detail(fixture_id)))


class ExtendView(APIView):
    @extend_schema(
        operation_id="fixtures_extend",
        request=s.LeagueExtendSerializer,
        responses={200: s.FixtureSerializer, **ERRORS},
        tags=["leagues"],
    )
    def post(self, request, fixture_id):
        _fixture(request, fixture_id)
        body = validated(s.LeagueExtendSerializer, request.data)
        services.extend_deadline(fixture_id, request.user, body["until"], body["reason"])
        return Response(payloads.fixture_payload(selectors.fixture_detail(fixture_id)))
