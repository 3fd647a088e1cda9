"""Read-mostly admin views of leagues; changes go through the pages, the API and leagues.services."""

from django.contrib import admin

from .models import AuditLog, Fixture, Invitation, League, Season


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ("name", "visibility", "players_per_game", "created_by", "created_at")
    search_fields = ("name",)


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ("league", "number", "status", "started_at", "finished_at")
    list_filter = ("status",)


@admin.register(Fixture)
class FixtureAdmin(admin.ModelAdmin):
    list_display = ("id", "round", "division", "status", "decided_by", "deadline_at")
    list_filter = ("status", "decided_by")
    readonly_fields = [f.name for f in Fixture._meta.fields]


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    """Read-only: only the invitee answers an invitation (leagues.services.invitations)."""

    list_display = ("league", "user", "invited_by", "status", "created_at", "answered_at")
    list_filter = ("status",)
    readonly_fields = [f.name for f in Invitation._meta.fields]

    def has_add_permission(self, request):
        return False


@admin.register(AuditLog)
class AuditLogAdmin(admin.ModelAdmin):
    list_display = ("league", "created_at", "actor", "action", "text")
    readonly_fields = ("league", "actor", "action", "summary", "reason", "data", "created_at")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
