from django import forms
from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import UserChangeForm

from accounts import deletion, name_rules
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
        ("azulsite", {"fields": ("display_name", "is_bot", "bot_level", "follow_policy", "deleted_at")}),
    )
    readonly_fields = ("deleted_at",)
    actions = ("delete_accounts",)

    def has_delete_permission(self, request, obj=None):
        # A player's row is kept (seats, moves and ratings history refer to it): deleting
        # anonymises it through accounts.deletion, the action below, as the player's own would.
        return False

    @admin.action(description="Delete the selected accounts (anonymised; games kept)",
                  permissions=("change",))
    def delete_accounts(self, request, queryset):
        done = 0
        for user in queryset:
            try:
                deletion.anonymise(user)
            except deletion.DeletionRefused as error:  # a bot
                self.message_user(request, f"{user.username}: {error.detail}", messages.WARNING)
            else:
                done += 1
        self.message_user(request, f"{done} account(s) deleted and anonymised.", messages.SUCCESS)
