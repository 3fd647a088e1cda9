"""REST endpoints of the social app, mounted under /api/v1/ by azulsite.api.urls."""

from django.urls import path

from . import views

urlpatterns = [
    path("games/<int:game_id>/chat", views.GameChatView.as_view(), name="api-game-chat"),
    path("games/<int:game_id>/chat/<int:message_id>/report", views.ReportMessageView.as_view(),
         name="api-chat-report"),
    path("mutes", views.MutesView.as_view(), name="api-mutes"),
    path("mutes/<str:username>", views.MuteView.as_view(), name="api-mute"),
    path("friends", views.FriendsView.as_view(), name="api-friends"),
    path("friends/<str:username>", views.FriendView.as_view(), name="api-friend"),
    path("tables/<int:table_id>/invitations", views.TableInvitationsView.as_view(),
         name="api-table-invitations"),
    path("table-invitations", views.InvitationsView.as_view(), name="api-table-invitations-mine"),
    path("table-invitations/<int:invitation_id>/accept", views.AcceptInvitationView.as_view(),
         name="api-table-invitation-accept"),
    path("table-invitations/<int:invitation_id>/decline", views.DeclineInvitationView.as_view(),
         name="api-table-invitation-decline"),
]
