"""Pages of the notifications app: your turn, the inbox, notification settings, one-click unsubscribe, and
the service worker (served from the site's root so its scope covers every page)."""

from pathlib import Path

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from . import errors, selectors, services
from . import inbox as inbox_services
from .models import KIND_LABELS, KINDS

SERVICE_WORKER = Path(__file__).resolve().parents[1] / "static" / "js" / "service-worker.js"


@login_required
def your_turn(request):
    return render(request, "notifications/your_turn.html",
                  {"games": selectors.your_turn_page(request.user)})


@login_required
def inbox(request):
    return render(request, "notifications/inbox.html", {"lines": selectors.inbox(request.user)})


@login_required
@require_http_methods(["POST"])
def inbox_read(request):
    """The inbox's "Mark all as read"."""
    inbox_services.mark_all_read(request.user)
    return redirect("notifications:inbox")


@login_required
@require_http_methods(["POST"])
def inbox_open(request, notification_id):
    """A line's "Open": read now, then its page (a line not theirs: the 404 page)."""
    try:
        return redirect(inbox_services.open_line(request.user, notification_id))
    except errors.NotFoundNotification:
        raise Http404(notification_id) from None


@login_required
@require_http_methods(["GET", "POST"])
def notification_settings(request):
    if request.method == "POST":
        fields = (*KINDS, "email", "turn_sound")
        services.update_settings(request.user, {f: request.POST.get(f) == "on" for f in fields})
        return redirect("notifications:settings")
    prefs = services.settings_of(request.user)
    return render(request, "notifications/settings.html", {
        "kinds": [(kind, KIND_LABELS[kind], prefs.wants(kind)) for kind in KINDS],
        "prefs": prefs,
        "push_key": settings.VAPID_PUBLIC_KEY if services.push_enabled() else "",
    })


@csrf_exempt  # the signed token is the credential (RFC 8058 one-click POSTs carry no cookie)
@require_http_methods(["GET", "POST"])
def unsubscribe(request, token):
    try:
        user_id, kind = services.read_unsubscribe_token(token)
    except errors.BadToken as error:
        return render(request, "notifications/unsubscribe.html", {"error": error.detail},
                      status=400)
    if request.method == "GET":  # mail scanners follow links: only the button changes anything
        return render(request, "notifications/unsubscribe.html", {"kind": kind, "token": token})
    try:
        services.unsubscribe(token)
    except errors.BadToken as error:
        return render(request, "notifications/unsubscribe.html", {"error": error.detail},
                      status=400)
    return render(request, "notifications/unsubscribe.html", {"kind": kind, "done": True})


def service_worker(request):
    response = HttpResponse(SERVICE_WORKER.read_text(), content_type="text/javascript")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response
