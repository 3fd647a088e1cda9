"""REST endpoints of rematches and quick play, mounted under /api/v1/ by azulsite.api.urls."""

from django.urls import path

from . import views

urlpatterns = [
    path("games/<int:game_id>/rematch", views.RematchView.as_view(), name="api-rematch"),
    path("games/<int:game_id>/rematch/accept",
         views.RematchAnswerView.as_view(answer="accept"), name="api-rematch-accept"),
    path("games/<int:game_id>/rematch/decline",
         views.RematchAnswerView.as_view(answer="decline"), name="api-rematch-decline"),
    path("games/<int:game_id>/rematch/cancel",
         views.RematchAnswerView.as_view(answer="cancel"), name="api-rematch-cancel"),
    path("seeks", views.SeeksView.as_view(), name="api-seeks"),
    path("challenges", views.ChallengeView.as_view(), name="api-challenges"),
    path("quickplay/computer", views.ComputerGameView.as_view(), name="api-quickplay-computer"),
]
