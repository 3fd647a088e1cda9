"""Read-mostly admin views: games change only through games.services."""

from django.contrib import admin

from kernel.admin import ReadOnlyAdmin

from .models import Game, MoveRecord, Seat, Table


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    readonly_fields = [
        "position",
        "user",
        "player_index",
        "time_left_ms",
        "left",
        "left_reason",
        "replaced_by",
    ]
    can_delete = False


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = [
        "id",
        "creator",
        "players",
        "variant",
        "rated",
        "clock_kind",
        "status",
        "created_at",
    ]
    list_filter = ["status", "variant", "rated", "clock_kind"]
    inlines = [SeatInline]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["id", "table", "status", "version", "deadline_at", "created_at", "finished_at"]
    list_filter = ["status"]
    readonly_fields = [f.name for f in Game._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(MoveRecord)
class MoveRecordAdmin(ReadOnlyAdmin):
    list_display = ["game", "number", "player_index", "user", "think_ms", "created_at"]
    readonly_fields = [f.name for f in MoveRecord._meta.fields]
