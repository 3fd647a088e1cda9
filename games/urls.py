"""Web pages of the games app (lobby, tables, game page). Mounted at / by azulsite.urls.

The base template links to "games:lobby" once a URL with that name exists.
"""

app_name = "games"

urlpatterns: list = []
