"""The moderators' queue of chat reports (open ones first), with each message's context, and
read-only views of chat messages and mutes. Reports are closed through social.services."""

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from . import services
from .models import ChatMessage, Follow, Invitation, Mute, Report


class HandledFilter(admin.SimpleListFilter):
    title = _("handled")
    parameter_name = "handled"

    def lookups(self, request, model_admin):
        return [("no", _("open")), ("yes", _("handled"))]

    def queryset(self, request, queryset):
        if self.value() == "no":
            return queryset.filter(handled_at__isnull=True)
        if self.value() == "yes":
            return queryset.filter(handled_at__isnull=False)
        return queryset


def _user_link(user):
    return format_html(
        '<a href="{}">{}</a> (<a href="{}">{}</a>)',
        reverse("admin:accounts_user_change", args=[user.pk]), user.username,
        reverse("profile", args=[user.username]), _("profile"),
    )


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ["id", "created_at", "reported_user", "message_text", "reporter", "is_handled"]
    list_filter = [HandledFilter]
    list_select_related = ["message__author", "message__game", "reporter"]
    search_fields = ["message__text", "message__author__username", "reporter__username"]
    actions = ["mark_handled"]
    readonly_fields = [
        "message_text", "reported_user_links", "reporter_links", "reason", "game_links",
        "context", "created_at", "handled_at", "handled_by",
    ]
    fields = readonly_fields

    def has_add_permission(self, request):
        return False  # reports come from players (POST /games/{id}/chat/{message}/report)

    @admin.display(description=_("reported user"), ordering="message__author__username")
    def reported_user(self, report):
        return report.message.author.username

    @admin.display(description=_("message"))
    def message_text(self, report):
        return report.message.text

    @admin.display(description=_("handled"), boolean=True, ordering="handled_at")
    def is_handled(self, report):
        return report.handled

    @admin.display(description=_("reported user"))
    def reported_user_links(self, report):
        return _user_link(report.message.author)

    @admin.display(description=_("reporter"))
    def reporter_links(self, report):
        return _user_link(report.reporter)

    @admin.display(description=_("game"))
    def game_links(self, report):
        game = report.message.game
        return format_html(
            '<a href="{}">{}</a> · <a href="{}">{}</a> · {} {}',
            reverse("admin:games_game_change", args=[game.pk]), _("game %(id)s") % {"id": game.pk},
            reverse("games:game", args=[game.pk]), _("on the site"),
            _("channel"), report.message.channel,
        )

    @admin.display(description=_("context: the messages before it, then it"))
    def context(self, report):
        rows = [
            (message.ply, message.channel, message.author.username, message.text,
             "reported" if message.pk == report.message_id else "")
            for message in services.report_context(report)
        ]
        return format_html(
            '<table class="chat-context"><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>{}</table>',
            _("move"), _("channel"), _("author"), _("text"),
            format_html_join(
                "", '<tr><td>{}</td><td>{}</td><td>{}</td><td><span class="{}">{}</span></td></tr>',
                ((ply, channel, author, css, text) for ply, channel, author, text, css in rows),
            ),
        )

    @admin.action(description=_("Mark the selected reports handled"))
    def mark_handled(self, request, queryset):
        closed = services.mark_handled(queryset, request.user)
        self.message_user(request, _("%(count)d report(s) marked handled.") % {"count": closed})


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ["id", "game", "channel", "author", "ply", "text", "created_at"]
    list_filter = ["channel"]
    search_fields = ["text", "author__username"]
    raw_id_fields = ["game", "author"]
    readonly_fields = ["game", "author", "channel", "text", "ply", "created_at"]

    def has_add_permission(self, request):
        return False


@admin.register(Mute)
class MuteAdmin(admin.ModelAdmin):
    list_display = ["muter", "muted", "created_at"]
    raw_id_fields = ["muter", "muted"]


admin.site.register(Follow)
admin.site.register(Invitation)
