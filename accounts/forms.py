"""Forms parse input; the rules themselves are in accounts.services."""

from django import forms
from django.contrib.auth import forms as auth_forms
from django.utils.translation import gettext_lazy

from accounts import logins, two_factor
from accounts.errors import InvalidCredentials, LoginThrottled
from accounts.name_rules import DISPLAY_NAME_MAX_LENGTH
from accounts.tasks import send_email


class SignupForm(forms.Form):
    username = forms.CharField(
        label=gettext_lazy("Username"),
        max_length=30,
        help_text=gettext_lazy("3 to 30 characters: letters, digits, _ or -."),
        widget=forms.TextInput(attrs={"autocomplete": "username", "autofocus": True}),
    )
    display_name = forms.CharField(
        label=gettext_lazy("Display name"),
        max_length=DISPLAY_NAME_MAX_LENGTH,
        required=False,
        help_text=gettext_lazy("Optional; shown instead of your username."),
    )
    email = forms.EmailField(
        label=gettext_lazy("Email"), required=False, help_text=gettext_lazy("Optional; needed to reset a password.")
    )
    password1 = forms.CharField(
        label=gettext_lazy("Password"), strip=False, widget=forms.PasswordInput(attrs={"autocomplete": "new-password"})
    )
    password2 = forms.CharField(
        label=gettext_lazy("Password again"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("password1") and cleaned.get("password1") != cleaned.get("password2"):
            self.add_error("password2", gettext_lazy("The two passwords differ."))
        return cleaned


class ProfileSettingsForm(forms.Form):
    display_name = forms.CharField(
        label=gettext_lazy("Display name"),
        max_length=DISPLAY_NAME_MAX_LENGTH,
        required=False,
        help_text=gettext_lazy("Shown instead of your username; empty for none."),
    )
    email = forms.EmailField(
        label=gettext_lazy("Email"),
        required=False,
        help_text=gettext_lazy("Used to reset your password and, once confirmed, for the notifications you choose."),
    )
    confirm_moves = forms.BooleanField(
        required=False,
        label=gettext_lazy("Confirm my moves in casual games"),
        help_text=gettext_lazy("Shows the move and waits for Confirm; Escape changes it. Nothing is sent before."),
    )


class LoginForm(auth_forms.AuthenticationForm):
    """Django's login form, checking credentials through accounts.logins (lockouts, budgets)."""

    error_messages = {
        **auth_forms.AuthenticationForm.error_messages,
        "invalid_login": gettext_lazy("Wrong username or password."),
    }
    throttled = False

    def clean(self):
        username = self.cleaned_data.get("username")
        password = self.cleaned_data.get("password")
        if username and password:
            try:
                self.user_cache = logins.check_credentials(username, password, request=self.request)
            except LoginThrottled as error:
                self.throttled = True  # the view answers 429
                raise forms.ValidationError(error.detail, code=error.code) from error
            except InvalidCredentials as error:
                raise forms.ValidationError(error.detail, code=error.code) from error
            self.confirm_login_allowed(self.user_cache)
        return self.cleaned_data


class AdminLoginForm(LoginForm):
    """The admin's login: the same checked login, then staff only."""

    error_messages = {
        **LoginForm.error_messages,
        "invalid_login": gettext_lazy("Wrong username or password, or not a staff account."),
    }

    def confirm_login_allowed(self, user):
        super().confirm_login_allowed(user)
        if not user.is_staff:
            raise forms.ValidationError(self.error_messages["invalid_login"], code="invalid_login")
        if two_factor.is_enabled(user):  # this form has no code step: the site's login has
            raise forms.ValidationError(
                gettext_lazy("This account signs in with a code: log in on the site first."),
                code="code_required")


class PasswordResetForm(auth_forms.PasswordResetForm):
    """Sends the reset e-mail from a Celery task (eagerly without Redis)."""

    def send_mail(self, subject_template_name, email_template_name, context, from_email,
                  to_email, html_email_template_name=None):
        from django.template import loader

        subject = "".join(loader.render_to_string(subject_template_name, context).splitlines())
        body = loader.render_to_string(email_template_name, context)
        send_email.delay(subject, body, to_email)
