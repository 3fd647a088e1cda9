"""Form posts of the social features' page parts (unmute in settings, follow on profiles).
Thin: call one service, then go back to the page."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from . import services
from .errors import SocialError
from .services import friends


def _apply(request, operation, username):
    try:
        return operation(request.user, username)
    except SocialError as error:
        if error.status == 404:
            raise Http404(error.detail) from None
        messages.error(request, error.detail)
        return None


@require_POST
@login_required
def unmute(request, username):
    target = _apply(request, services.unmute, username)
    if target is not None:
        messages.success(request, _("%(name)s is no longer muted.") % {"name": target.shown_name})
    return redirect("accounts:settings")


@require_POST
@login_required
def follow(request, username):
    _apply(request, friends.follow, username)
    return redirect("profile", username=username)


@require_POST
@login_required
def unfollow(request, username):
    _apply(request, friends.unfollow, username)
    return redirect("profile", username=username)
