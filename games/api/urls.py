"""REST endpoints of the games app, mounted under /api/v1/ by azulsite.api.urls."""

from django.urls import path

from games.analysis.api import GameAnalysisView
from games.analysis_board import api as boards

from . import lobby, replays, views

urlpatterns = [
    path("lobby/games", lobby.LobbyGamesView.as_view(), name="api-lobby-games"),
    path("tables", views.TablesView.as_view(), name="api-tables"),
    path("tables/<int:table_id>", views.TableView.as_view(), name="api-table"),
    path("tables/<int:table_id>/join", views.JoinTableView.as_view(), name="api-table-join"),
    path("tables/<int:table_id>/leave", views.LeaveTableView.as_view(), name="api-table-leave"),
    path("tables/<int:table_id>/bots", views.TableBotsView.as_view(), name="api-table-bots"),
    path("tables/<int:table_id>/start", views.StartTableView.as_view(), name="api-table-start"),
    path("games/<int:game_id>", views.GameView.as_view(), name="api-game"),
    path("games/<int:game_id>/moves", views.GameMovesView.as_view(), name="api-game-moves"),
    path("games/<int:game_id>/hint", views.HintView.as_view(), name="api-game-hint"),
    path("games/<int:game_id>/resign", views.ResignView.as_view(), name="api-game-resign"),
    path("games/<int:game_id>/abort", views.AbortView.as_view(), name="api-game-abort"),
    path("games/<int:game_id>/takeback", views.TakebackView.as_view(), name="api-game-takeback"),
    path("games/<int:game_id>/takeback/accept", views.TakebackAnswerView.as_view(),
         name="api-game-takeback-accept"),
    path("games/<int:game_id>/takeback/decline", views.TakebackDeclineView.as_view(),
         name="api-game-takeback-decline"),
    path("games/<int:game_id>/replay", views.ReplayView.as_view(), name="api-game-replay"),
    path("games/<int:game_id>/export", replays.ExportView.as_view(), name="api-game-export"),
    path("games/<int:game_id>/analysis", GameAnalysisView.as_view(), name="api-game-analysis"),
    path("games/verify", replays.VerifyView.as_view(), name="api-games-verify"),
    path("boards", boards.BoardsView.as_view(), name="api-boards"),
    path("boards/<str:board_id>", boards.BoardView.as_view(), name="api-board"),
    path("boards/<str:board_id>/position", boards.PositionView.as_view(), name="api-board-position"),
    path("boards/<str:board_id>/evaluate", boards.EvaluateView.as_view(), name="api-board-evaluate"),
]
