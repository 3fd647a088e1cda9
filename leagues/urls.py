"""Web pages of the leagues app (filled by a later issue). Mounted at /leagues/.

The base template links to "leagues:index" once a URL with that name exists.
"""

app_name = "leagues"

urlpatterns: list = []
