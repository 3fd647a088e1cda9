"""REST views of table chat, mutes, reports, friends and invitations: parse, call one service.

Domain errors (social.errors, and games.errors from the table services) become the API's error
body here and only here.
"""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.payloads import user_ref
from kernel.api.schema import error_response, paginated
from kernel.api.validation import validated
from social import payloads, services
from social.services import friends

from . import serializers as s


class LoggedInView(APIView):
    permission_classes = [IsAuthenticated]



class ChatPage(PageNumberPagination):
    page_size = 50


class GameChatView(APIView):
    @extend_schema(
        operation_id="games_chat_list",
        parameters=[OpenApiParameter("page", int, description="page number (50 messages a page, oldest first)")],
        responses={200: paginated(s.ChatMessageSerializer, "PaginatedChat"),
                   404: error_response("not_found: no such game or page")},
        tags=["chat"],
        description="The messages you may read: while the game runs, your channel's (players: "
        "the players' channel; everyone else: the spectators'); once it is over, both. "
        "Messages of users you muted are left out.",
    )
    def get(self, request, game_id):
        paginator = ChatPage()
        page = paginator.paginate_queryset(services.messages_for(game_id, request.user), request, view=self)
        return paginator.get_paginated_response([payloads.message_payload(m) for m in page])

    @extend_schema(
        operation_id="games_chat_create",
        request=s.ChatPostSerializer,
        responses={
            201: s.ChatMessageSerializer,
            400: error_response("invalid: empty, too long, control characters"),
            403: error_response("forbidden (bots), chat_channel_forbidden"),
            404: error_response("not_found"),
            409: error_response("chat_read_only: the game is over"),
            429: error_response("throttled: more than CHAT_MESSAGES_PER_MINUTE a minute"),
        },
        tags=["chat"],
    )
    def post(self, request, game_id):
        body = validated(s.ChatPostSerializer, request.data)
        message = services.post_message(game_id, request.user, body["text"], body.get("channel"))
        return Response(payloads.message_payload(message), status=status.HTTP_201_CREATED)


class ReportMessageView(APIView):
    @extend_schema(
        operation_id="games_chat_report",
        request=s.ReportSerializer,
        responses={
            201: s.ReportCreatedSerializer,
            400: error_response("invalid: your own message"),
            404: error_response("not_found: no such message in this game (or not one you can read)"),
            409: error_response("already_reported"),
        },
        tags=["chat"],
    )
    def post(self, request, game_id, message_id):
        body = validated(s.ReportSerializer, request.data)
        report = services.report_message(game_id, message_id, request.user, body.get("reason", ""))
        return Response({"report": report.pk, "message": report.message_id}, status=status.HTTP_201_CREATED)


class MutesView(LoggedInView):
    @extend_schema(operation_id="mutes_list", responses={200: s.UserRefSerializer(many=True)},
                   tags=["chat"])
    def get(self, request):
        return Response([user_ref(user) for user in services.muted_users(request.user)])

    @extend_schema(
        operation_id="mutes_create",
        request=s.UsernameSerializer,
        responses={201: s.UserRefSerializer, 400: error_response("cannot_mute_self"),
                   404: error_response("not_found: no such user")},
        tags=["chat"],
        description="Mute a user for good, in every game: their messages are no longer sent "
        "to you, live or in lists. Muting again changes nothing.",
    )
    def post(self, request):
        target = services.mute(request.user, validated(s.UsernameSerializer, request.data)["username"])
        return Response(user_ref(target), status=status.HTTP_201_CREATED)


class MuteView(LoggedInView):
    @extend_schema(operation_id="mutes_delete", request=None,
                   responses={204: None, 404: error_response("not_found: no such user")}, tags=["chat"])
    def delete(self, request, username):
        services.unmute(request.user, username)
        return Response(status=status.HTTP_204_NO_CONTENT)


class FriendsView(LoggedInView):
    @extend_schema(operation_id="friends_list", responses={200: s.FriendSerializer(many=True)},
                   tags=["friends"], description="The players you follow, by name, with who is online.")
    def get(self, request):
        return Response(friends.friends(request.user))

    @extend_schema(
        operation_id="friends_create",
        request=s.UsernameSerializer,
        responses={201: s.FriendSerializer,
                   400: error_response("cannot_follow_self, invalid (a bot)"),
                   404: error_response("not_found: no such user")},
        tags=["friends"],
    )
    def post(self, request):
        target = friends.follow(request.user, validated(s.UsernameSerializer, request.data)["username"])
        online = target.username in friends.online_usernames()
        return Response(payloads.friend_payload(target, online), status=status.HTTP_201_CREATED)


class FriendView(LoggedInView):
    @extend_schema(operation_id="friends_delete", request=None,
                   responses={204: None, 404: error_response("not_found: no such user")},
                   tags=["friends"])
    def delete(self, request, username):
        friends.unfollow(request.user, username)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TableInvitationsView(LoggedInView):
    @extend_schema(
        operation_id="tables_invite",
        request=s.UsernameSerializer,
        responses={
            201: s.TableInvitationSerializer,
            400: error_response("invalid"),
            403: error_response("not_seated, not_following"),
            404: error_response("not_found: no such table or user"),
            409: error_response("table_not_open, table_full, already_seated"),
            429: error_response("throttled: more than INVITATIONS_PER_HOUR an hour"),
        },
        tags=["friends"],
        description="Invite a player you follow to the open table where you sit; they hear it "
        "on the lobby socket. Asking again answers the pending invitation.",
    )
    def post(self, request, table_id):
        username = validated(s.UsernameSerializer, request.data)["username"]
        invitation = friends.invite(request.user, table_id, username)
        return Response(payloads.invitation_payload(invitation), status=status.HTTP_201_CREATED)


class InvitationsView(LoggedInView):
    @extend_schema(operation_id="table_invitations_list", responses={200: s.TableInvitationSerializer(many=True)},
                   tags=["friends"], description="Your pending invitations to tables still open.")
    def get(self, request):
        return Response([payloads.invitation_payload(i) for i in friends.pending_invitations(request.user)])


class AcceptInvitationView(LoggedInView):
    @extend_schema(
        operation_id="table_invitations_accept",
        request=None,
        responses={
            200: s.AcceptedSerializer,
            404: error_response("not_found: no such invitation of yours"),
            409: error_response("invitation_answered, table_not_open, table_full, "
                                "already_seated, too_many_open_tables"),
        },
        tags=["friends"],
        description="Take the table's open seat (as POST /tables/{id}/join would).",
    )
    def post(self, request, invitation_id):
        seat = friends.accept(request.user, invitation_id)
        return Response({"table": seat.table_id, "position": seat.position})


class DeclineInvitationView(LoggedInView):
    @extend_schema(
        operation_id="table_invitations_decline",
        request=None,
        responses={200: s.TableInvitationSerializer,
                   404: error_response("not_found: no such invitation of yours"),
                   409: error_response("invitation_answered")},
        tags=["friends"],
    )
    def post(self, request, invitation_id):
        return Response(payloads.invitation_payload(friends.decline(request.user, invitation_id)))
