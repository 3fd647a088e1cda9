"""The tournaments in Django's admin: read them, never write them (only tournaments.services
does)."""

from django.contrib import admin

from kernel.admin import ReadOnlyAdmin

from .models import AuditLog, Entry, Tournament


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
