from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.forms import AdminLoginForm
from accounts.models import User

# Password guessing through /admin/ is throttled like the site's login page.
admin.site.login_form = AdminLoginForm


@admin.register(User)
class AzulUserAdmin(UserAdmin):
    list_display = ("username", "display_name", "email", "is_bot", "bot_level", "is_staff")
    list_filter = ("is_bot", "is_staff", "is_active")
    fieldsets = (
        *UserAdmin.fieldsets,
        ("azulsite", {"fields": ("display_name", "is_bot", "bot_level")}),
    )
