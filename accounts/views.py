from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse_lazy

from accounts import selectors, services
from accounts.errors import RegistrationRejected
from accounts.forms import LoginForm, PasswordResetForm, ProfileSettingsForm, SignupForm


def signup(request):
    if request.user.is_authenticated:
        return redirect("profile", username=request.user.username)
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            user = services.register_user(
                data["username"],
                data["password1"],
                display_name=data["display_name"],
                email=data["email"],
            )
        except RegistrationRejected as error:
            for field, problems in error.field_errors.items():
                for problem in problems:
                    form.add_error("password1" if field == "password" else field, problem)
        else:
            login(request, user, backend="accounts.backends.HumanOnlyBackend")
            messages.success(request, f"Welcome, {user.shown_name}! Your account is ready.")
            return redirect("profile", username=user.username)
    return render(request, "accounts/signup.html", {"form": form})


@login_required
def profile_settings(request):
    user = request.user
    form = ProfileSettingsForm(
        request.POST or None, initial={"display_name": user.display_name, "email": user.email}
    )
    if request.method == "POST" and form.is_valid():
        services.update_profile(user, **form.cleaned_data)
        messages.success(request, "Your profile is saved.")
        return redirect("profile", username=user.username)
    return render(request, "accounts/settings.html", {"form": form})


class LoginView(auth_views.LoginView):
    form_class = LoginForm
    template_name = "accounts/login.html"
    redirect_authenticated_user = True


class LogoutView(auth_views.LogoutView):
    pass


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


class PasswordResetDoneView(auth_views.PasswordResetDoneView):
    template_name = "accounts/password_reset_done.html"


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    template_name = "accounts/password_reset_confirm.html"
    success_url = reverse_lazy("accounts:password_reset_complete")


class PasswordResetCompleteView(auth_views.PasswordResetCompleteView):
    template_name = "accounts/password_reset_complete.html"


def profile(request, username: str):
    found = selectors.profile_of(username)
    if found.username != username:  # /u/ALICE/ → /u/alice/
        return redirect("profile", username=found.username, permanent=True)
    from games.ratings.views import profile_sections

    context = {"profile": found, **profile_sections(request, found.user)}
    return render(request, "accounts/profile.html", context)
