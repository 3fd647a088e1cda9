"""Pages of the account's security: the login's code step, two-factor settings, and the e-mail
confirmation link and its re-sending (the rules are in accounts.two_factor and
accounts.email_confirmation)."""

import time

from django import forms
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from accounts import email_confirmation, two_factor
from accounts.errors import (
    ConfirmationLinkInvalid,
    InvalidCode,
    NothingToConfirm,
    Throttled,
    TwoFactorState,
)

PENDING = "accounts.awaiting_code"
PENDING_SECONDS = 300  # the password step is good for this long
BAD_REQUEST, TOO_MANY_REQUESTS = 400, 429


class CodeForm(forms.Form):
    code = forms.CharField(
        label=gettext_lazy("Code"), max_length=20,
        help_text=gettext_lazy("The 6 digits of your authenticator app, or a recovery code."),
        widget=forms.TextInput(attrs={"autocomplete": "one-time-code", "autofocus": True}),
    )


def _refused(form, error) -> int:
    form.add_error(None, error.detail)
    return TOO_MANY_REQUESTS if isinstance(error, Throttled) else BAD_REQUEST


def await_code(request, user, next_url: str):
    """The password was right, but this account signs in with a code too: nothing is logged in
    until the code step (login_code) gets one."""
    request.session[PENDING] = {"user": user.pk, "backend": user.backend, "next": next_url,
                                "until": time.time() + PENDING_SECONDS}
    return redirect("accounts:login_code")


@require_http_methods(["GET", "POST"])
def login_code(request):
    pending = request.session.get(PENDING) or {}
    user = (two_factor.user_awaiting_code(pending["user"])
            if pending.get("until", 0) > time.time() else None)
    if user is None:
        request.session.pop(PENDING, None)
        messages.error(request, _("Log in again: the code step waited too long."))
        return redirect("accounts:login")
    form = CodeForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            two_factor.verify_code(user, form.cleaned_data["code"])
        except (InvalidCode, Throttled) as error:
            status = _refused(form, error)
        else:
            del request.session[PENDING]
            login(request, user, backend=pending["backend"])  # a new session key
            return redirect(pending["next"])
    return render(request, "accounts/login_code.html", {"form": form}, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def two_factor_settings(request):
    user, action = request.user, request.POST.get("action")
    form = CodeForm(request.POST if action in ("confirm", "disable") else None)
    context, status = {"form": form}, 200
    try:
        if action == "start":
            two_factor.start_enrolment(user)
            return redirect("accounts:two_factor")
        if action in ("confirm", "disable") and form.is_valid():
            if action == "confirm":
                codes = two_factor.confirm_enrolment(user, form.cleaned_data["code"])
                return render(request, "accounts/two_factor.html",
                              {"enabled": True, "recovery_codes": codes, "form": CodeForm()})
            two_factor.disable(user, form.cleaned_data["code"])
            messages.success(request, _("Two-factor sign-in is off."))
            return redirect("accounts:two_factor")
    except (InvalidCode, Throttled, TwoFactorState) as error:
        status = _refused(form, error)
    context["enabled"] = two_factor.is_enabled(user)
    device = None if context["enabled"] else two_factor.pending_device(user)
    if device is not None:
        context["enrolment"] = two_factor.enrolment_details(device)
    return render(request, "accounts/two_factor.html", context, status=status)


@require_http_methods(["GET", "POST"])
def confirm_email(request, token):
    """GET asks (mail scanners follow links); the button's POST confirms."""
    try:
        if request.method == "POST":
            user = email_confirmation.confirm_email(token)
            return render(request, "accounts/email_confirm.html", {"done": True, "email": user.email})
        user = email_confirmation.user_for_link(token)
    except ConfirmationLinkInvalid as error:
        return render(request, "accounts/email_confirm.html", {"error": error.detail},
                      status=BAD_REQUEST)
    return render(request, "accounts/email_confirm.html", {"email": user.email})


@login_required
@require_POST
def send_confirmation(request):
    try:
        email_confirmation.resend_confirmation(request.user)
    except (NothingToConfirm, Throttled) as error:
        status = TOO_MANY_REQUESTS if isinstance(error, Throttled) else BAD_REQUEST
        return render(request, "accounts/email_confirm.html", {"error": error.detail},
                      status=status)
    messages.success(request, _("A confirmation e-mail is on its way to %(email)s.")
                     % {"email": request.user.email})
    return redirect("notifications:settings")
