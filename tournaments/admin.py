"""The tournaments in Django's admin: read them, never write them (only tournaments.services
does)."""

from django.contrib import admin

from .models import AuditLog, Entry, Tournament


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyAdmin):
    list_display = ["name", "format", "status", "starts_at", "created_by"]
    list_filter = ["format", "status", "rated"]
    search_fields = ["name"]


@admin.register(Entry)
class EntryAdmin(ReadOnlyAdmin):
    list_display = ["tournament", "user", "status", "seed_rating", "no_shows"]
    list_filter = ["status"]


@admin.register(AuditLog)
class AuditLogAdmin(ReadOnlyAdmin):
    list_display = ["tournament", "action", "actor", "created_at"]
