from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from accounts import extensions, security_views, selectors, services, two_factor
from accounts.errors import (
    PasswordResetsThrottled,
    RegistrationRejected,
    ResetEmailsThrottled,
    SignupsThrottled,
)
from accounts.forms import LoginForm, PasswordResetForm, ProfileSettingsForm, SignupForm
from accounts.throttles import (
    PasswordResetPerAddressThrottle,
    PasswordResetPerEmailThrottle,
    RegisterThrottle,
)

TOO_MANY_REQUESTS = 429


def _add_errors(form, error: RegistrationRejected) -> None:
    for field, problems in error.field_errors.items():
        for problem in problems:
            form.add_error("password1" if field == "password" else field, problem)


@require_POST
def set_language(request):
    """The header's switcher: Django's set_language (cookie, safe redirect back), and for a
    signed-in player the choice is stored on the account so it follows them to other devices."""
    response = django_set_language(request)
    chosen = request.POST.get("language")
    if chosen not in dict(settings.LANGUAGES):
        # Django accepts any language it has a catalogue for (de, es...): not a site language.
        response.cookies.pop(settings.LANGUAGE_COOKIE_NAME, None)
    elif request.user.is_authenticated:
        services.set_language(request.user, chosen)
    return response


def signup(request):
    if request.user.is_authenticated:
        return redirect("games:lobby")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        # The same per-address budget as POST /api/v1/auth/register.
        budget = RegisterThrottle()
        if not budget.allow_request(request):
            form.add_error(None, SignupsThrottled(budget.wait()).detail)
            return render(request, "accounts/signup.html", {"form": form}, status=TOO_MANY_REQUESTS)
        data = form.cleaned_data
        try:
            user = services.register_user(
                data["username"],
                data["password1"],
                display_name=data["display_name"],
                email=data["email"],
            )
        except RegistrationRejected as error:
            _add_errors(form, error)
        else:
            chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
            if chosen in dict(settings.LANGUAGES):  # chosen with the switcher before signing up
                services.set_language(user, chosen)
            login(request, user, backend="accounts.backends.HumanOnlyBackend")
            welcome = _('Welcome, %(shown_name)s! Your account is ready.') % {"shown_name": user.shown_name}
            messages.success(request, welcome)
            return redirect("games:lobby")
    return render(request, "accounts/signup.html", {"form": form})


@login_required
def profile_settings(request):
    user = request.user
    form = ProfileSettingsForm(
        request.POST or None,
        initial={
            "display_name": user.display_name,
            "email": user.email,
            "confirm_moves": user.confirm_moves,
        },
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.update_profile(user, **form.cleaned_data)
        except RegistrationRejected as error:
            _add_errors(form, error)
        else:
            messages.success(request, _("Your profile is saved."))
            return redirect("profile", username=user.username)
    return render(request, "accounts/settings.html", {"form": form})


class LoginView(auth_views.LoginView):
    form_class = LoginForm
    template_name = "accounts/login.html"
    redirect_authenticated_user = True

    def form_valid(self, form):
        if two_factor.is_enabled(form.get_user()):  # the password alone logs nothing in
            return security_views.await_code(self.request, form.get_user(), self.get_success_url())
        return super().form_valid(form)

    def form_invalid(self, form):
        response = super().form_invalid(form)
        if form.throttled:
            response.status_code = TOO_MANY_REQUESTS
        return response


class LogoutView(auth_views.LogoutView):
    """POST logs out (CSRF-checked); GET, from a typed URL or an old link, asks to confirm."""

    http_method_names = ["get", "post", "options"]
    template_name = "accounts/logout.html"

    def get(self, request, *args, **kwargs):
        return render(request, self.template_name)


class PasswordChangeView(auth_views.PasswordChangeView):
    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("accounts:password_change_done")


class PasswordChangeDoneView(auth_views.PasswordChangeDoneView):
    template_name = "accounts/password_change_done.html"


class PasswordResetView(auth_views.PasswordResetView):
    form_class = PasswordResetForm
    template_name = "accounts/password_reset.html"
    email_template_name = "accounts/password_reset_email.txt"
    subject_template_name = "accounts/password_reset_subject.txt"
    success_url = reverse_lazy("accounts:password_reset_done")

    def form_valid(self, form):
        # Per address (no mass mailing from one place) and per mailbox (no flooding one inbox,
        # counted whether or not an account has that address, so nothing is told about it).
        for budget, refusal in (
            (PasswordResetPerAddressThrottle(), PasswordResetsThrottled),
            (PasswordResetPerEmailThrottle(), ResetEmailsThrottled),
        ):
            if not budget.allow_request(self.request):
                form.add_error(None, refusal(budget.wait()).detail)
                response = self.form_invalid(form)
                response.status_code = TOO_MANY_REQUESTS
                return response
        return super().form_valid(form)


class PasswordResetDoneView(auth_views.PasswordResetDoneView):
    template_name = "accounts/password_reset_done.html"


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    template_name = "accounts/password_reset_confirm.html"
    success_url = reverse_lazy("accounts:password_reset_complete")


class PasswordResetCompleteView(auth_views.PasswordResetCompleteView):
    template_name = "accounts/password_reset_complete.html"


def profile(request, username: str):
    found = selectors.profile_of(username)
    if found is None:
        raise Http404(selectors.no_such_player(username))
    if found.username != username:  # /u/ALICE/ → /u/alice/
        return redirect("profile", username=found.username, permanent=True)
    context = {"profile": found, **extensions.profile_sections(found.user, request.GET)}
    return render(request, "accounts/profile.html", context)
