"""Read-only admin views of the ratings: figures change only through ratings.services."""

from django.contrib import admin

from .models import Rating, RatingChange


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnly):
    list_display = ("user", "ladder", "rating", "games", "updated_at")
    list_filter = ("ladder",)
    search_fields = ("user__username",)


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnly):
    list_display = (
        "game",
        "user",
        "ladder",
        "rank",
        "left",
        "rating_before",
        "delta",
        "rating_after",
    )
    list_filter = ("ladder", "left")
    search_fields = ("user__username",)
