"""Site-wide pages: the home page, error pages (JSON errors under /api/), and the app shell's web
manifest and offline page (the service worker keeps the latter for when the server is gone)."""

from django.conf import settings
from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views import csrf, defaults

from games import lobby, payloads
from puzzles import services as puzzle_services
from puzzles.errors import NoPuzzle
from ratings import selectors as rating_selectors

THEME_COLOUR = "#1f5fa8"  # --azul-blue of site.css: the phone's status bar and splash screen
BACKGROUND_COLOUR = "#f6f3ec"  # --paper


HOME_GAMES = 6  # games being played now, each with its mini-board


def home(request):
    """The site alive: games being played now (mini-boards), the featured top game (updated live
    by its socket), today's best players, and the way in: play a bot, learn."""
    tables = lobby.watchable_tables(request.user)
    featured = rating_selectors.highest_rated(tables)
    since = timezone.now().replace(hour=0, minute=0, second=0, microsecond=0)
    return render(request, "home.html", {
        "live_games": [{**lobby.game_row(table, request.user),
                        "state": payloads.public_state(table.game)}
                       for table in tables[:HOME_GAMES]],
        "featured": payloads.view_for(featured.game, None) if featured else None,
        "best_players": rating_selectors.best_players_since(since),
        "daily_puzzle": _daily_puzzle(),
    })


def _daily_puzzle():
    try:
        return puzzle_services.daily_puzzle(timezone.localdate())
    except NoPuzzle:  # a site with no puzzle at all
        return None


def _is_api(request) -> bool:
    return request.path.startswith("/api/")


def not_found(request, exception=None):
    if _is_api(request):
        return JsonResponse(
            {"error": {"code": "not_found", "detail": "No such resource."}}, status=404
        )
    return defaults.page_not_found(request, exception)


def server_error(request):
    if _is_api(request):
        return JsonResponse(
            {"error": {"code": "server_error", "detail": "Internal server error."}}, status=500
        )
    return defaults.server_error(request)


def csrf_failure(request, reason=""):
    """CSRF_FAILURE_VIEW: under /api/ the error shape DRF gives a missing token, else Django's."""
    if _is_api(request):
        return JsonResponse(
            {"error": {"code": "permission_denied", "detail": f"CSRF Failed: {reason}"}},
            status=403,
        )
    return csrf.csrf_failure(request, reason)


def web_manifest(request):
    """The web-app manifest (installable: name, icons, standalone display), in the visitor's
    language."""
    icons = [
        {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {"src": static("icons/icon-maskable-512.png"), "sizes": "512x512", "type": "image/png",
         "purpose": "maskable"},
        {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
    ]
    manifest = {
        "id": "/",
        "name": _("azulsite: play Azul online"),
        "short_name": "azulsite",
        "description": _("Play Azul and Azul Duel against friends or bots."),
        "lang": translation.get_language(),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": icons,
    }
    response = JsonResponse(manifest, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


def offline(request, language):
    """What the service worker shows when a page cannot be reached: one copy per language, kept
    in the worker's cache (the language is in the URL, so each copy is what it says)."""
    if language not in dict(settings.LANGUAGES):
        raise Http404(language)
    with translation.override(language):
        response = render(request, "offline.html", {"offline_language": language})
    response["Cache-Control"] = "no-cache"
    return response
