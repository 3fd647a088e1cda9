from django.contrib import admin

from .models import DailyPuzzle, Puzzle


@admin.register(Puzzle)
class PuzzleAdmin(admin.ModelAdmin):
    list_display = ("id", "ruleset", "players", "variant", "rating", "attempts", "solves", "check_gap", "source")
    list_filter = ("ruleset", "source")
    readonly_fields = ("key", "state", "solution", "alternative", "explanation", "game")


@admin.register(DailyPuzzle)
class DailyPuzzleAdmin(admin.ModelAdmin):
    list_display = ("day", "puzzle")
