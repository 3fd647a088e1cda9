"""Read-only admin view of analyses: they change only through games.analysis.services."""

from django.contrib import admin

from .models import GameAnalysis


@admin.register(GameAnalysis)
class GameAnalysisAdmin(admin.ModelAdmin):
    list_display = ["game", "status", "progress", "total", "nodes", "bot_version", "requested_by",
                    "requested_at", "finished_at"]
    list_filter = ["status", "bot_version"]
    readonly_fields = [field.name for field in GameAnalysis._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return True  # deleting one lets it be requested afresh (e.g. after a judge change)
