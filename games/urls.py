"""Web pages of the games app (lobby, tables). Mounted at / by azulsite.urls.

The lobby lives at /lobby/ because / is the site's home page (azulsite.views.home), which links here.
"""

from django.urls import path

from . import replay_views, views
from .analysis_board import views as board_views

app_name = "games"

urlpatterns = [
    path("lobby/", views.lobby, name="lobby"),
    path("tables/<int:table_id>/", views.table, name="table"),
    path("games/<int:game_id>/", views.game, name="game"),
    path("games/<int:game_id>/replay", replay_views.replay, name="replay"),
    path("boards/", board_views.paste, name="analysis-board-paste"),
    path("boards/<str:board_id>/", board_views.board, name="analysis-board"),
]
