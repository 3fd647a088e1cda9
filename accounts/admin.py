from django import forms
from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import UserChangeForm

from accounts import name_rules
from accounts.forms import AdminLoginForm
from accounts.models import User

# Password guessing through /admin/ is locked out like the site's login page.
admin.site.login_form = AdminLoginForm


class AzulUserChangeForm(UserChangeForm):
    """Staff may rename players, but not into someone else's look-alike (accounts.name_rules)."""

    def clean_display_name(self):
        display_name = self.cleaned_data["display_name"].strip()
        username = self.cleaned_data.get("username") or self.instance.username
        if problems := name_rules.display_name_problems(
            display_name, username=username, user=self.instance
        ):
            raise forms.ValidationError(problems)
        return display_name


@admin.register(User)
class AzulUserAdmin(UserAdmin):
    form = AzulUserChangeForm
    list_display = ("username", "display_name", "email", "is_bot", "bot_level", "is_staff")
    list_filter = ("is_bot", "is_staff", "is_active")
    fieldsets = (
        *UserAdmin.fieldsets,
        ("azulsite", {"fields": ("display_name", "is_bot", "bot_level")}),
    )
