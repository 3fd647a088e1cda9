"""The admin of a model that only services write: read, never added, changed or deleted there
(audit logs, move records, tournaments, fair-play actions)."""

from django.contrib import admin


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
