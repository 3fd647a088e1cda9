"""The moderator's queue in the admin (docs/fair-play.md): cases with their evidence, confirmed
or dismissed through fairplay.services by the list's actions; the log of every action."""

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.template.loader import render_to_string
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from kernel.admin import ReadOnlyAdmin
from kernel.errors import DomainError
from ratings.ladders import LADDERS

from . import services
from .models import Action, Case


def action_detail(action):
    if action.reverted is not None:
        return ngettext("%(count)d rating change reverted", "%(count)d rating changes reverted",
                        action.reverted) % {"count": action.reverted}
    if action.with_case is not None:
        return _("with case %(id)s") % {"id": action.with_case}
    if action.games is not None:
        return ngettext("%(count)d game", "%(count)d games", action.games) % {
            "count": action.games}
    return ""


class ActionInline(admin.TabularInline):
    model = Action
    extra = 0
    can_delete = False
    fields = readonly_fields = ("at", "kind", "moderator", "detail")

    def has_add_permission(self, request, obj=None):
        return False

    @admin.display(description=gettext_lazy("detail"))
    def detail(self, action):
        return action_detail(action)


@admin.register(Case)
class CaseAdmin(admin.ModelAdmin):
    list_display = ("user", "ladder_title", "status", "opened_at", "games", "agreement",
                    "band_agreement", "mean_loss", "band_mean_loss")
    list_filter = ("status", "ladder")
    search_fields = ("user__username",)
    fields = readonly_fields = ("user", "ladder_title", "status", "opened_at", "decided_by",
                                "decided_at", "evidence_table")
    inlines = [ActionInline]
    actions = ["confirm_cases", "dismiss_cases"]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def changelist_view(self, request, extra_context=None):
        # A forged selection ("nope", an id past any integer column) selects nothing instead of
        # failing in the query.
        if request.method == "POST" and helpers.ACTION_CHECKBOX_NAME in request.POST:
            post = request.POST.copy()
            post.setlist(helpers.ACTION_CHECKBOX_NAME, [
                value for value in post.getlist(helpers.ACTION_CHECKBOX_NAME)
                if value.isdigit() and int(value) < 2**63])
            request.POST = post
        return super().changelist_view(request, extra_context)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        # Nothing on the page is edited: decisions are the list's actions.
        extra_context = {**(extra_context or {}), "show_save": False,
                         "show_save_and_continue": False, "show_save_and_add_another": False,
                         "show_delete": False}
        return super().change_view(request, object_id, form_url, extra_context)

    @admin.display(description=gettext_lazy("ladder"))
    def ladder_title(self, case):
        ladder = LADDERS.get(case.ladder)
        return ladder.title if ladder else case.ladder

    @admin.display(description=gettext_lazy("agreement"))
    def agreement(self, case):
        return _percent(case.evidence.get("profile", {}).get("agreement"))

    @admin.display(description=gettext_lazy("band's agreement"))
    def band_agreement(self, case):
        return _percent(case.evidence.get("norms", {}).get("agreement"))

    @admin.display(description=gettext_lazy("points lost a move"))
    def mean_loss(self, case):
        return _points(case.evidence.get("profile", {}).get("mean_loss"))

    @admin.display(description=gettext_lazy("band's points lost a move"))
    def band_mean_loss(self, case):
        return _points(case.evidence.get("norms", {}).get("mean_loss"))

    @admin.display(description=gettext_lazy("evidence"))
    def evidence_table(self, case):
        evidence = case.evidence
        profile, norms = evidence.get("profile", {}), evidence.get("norms", {})
        return render_to_string("fairplay/evidence.html", {
            "case": case, "profile": profile, "norms": norms,
            "scores": evidence.get("scores", {}), "band": evidence.get("band"),
            "thresholds": evidence.get("thresholds", {}), "games": evidence.get("games", []),
            "agreement": _percent(profile.get("agreement")),
            "band_agreement": _percent(norms.get("agreement")),
            "mean_loss": _points(profile.get("mean_loss")),
            "band_mean_loss": _points(norms.get("mean_loss")),
            "spread": _points(profile.get("spread")), "band_spread": _points(norms.get("spread")),
        })

    @admin.action(description=gettext_lazy("Confirm: mark the account and revert its games"),
                  permissions=["change"])
    def confirm_cases(self, request, queryset):
        self._decide(request, queryset, services.confirm,
                     lambda n: ngettext("%(count)d case confirmed.", "%(count)d cases confirmed.",
                                        n) % {"count": n})

    @admin.action(description=gettext_lazy("Dismiss: a false positive"), permissions=["change"])
    def dismiss_cases(self, request, queryset):
        self._decide(request, queryset, services.dismiss,
                     lambda n: ngettext("%(count)d case dismissed.", "%(count)d cases dismissed.",
                                        n) % {"count": n})

    def _decide(self, request, queryset, decision, done):
        decided = 0
        for case_id in queryset.order_by("pk").values_list("pk", flat=True):
            try:
                decision(case_id, request.user)
            except DomainError as error:
                self.message_user(request, _("Case %(id)s: %(error)s")
                                  % {"id": case_id, "error": error.detail}, messages.ERROR)
            else:
                decided += 1
        if decided:
            self.message_user(request, done(decided), messages.SUCCESS)


@admin.register(Action)
class ActionAdmin(ReadOnlyAdmin):
    list_display = ("at", "case", "kind", "moderator", "detail")
    list_filter = ("kind",)
    fields = readonly_fields = ("at", "case", "kind", "moderator", "detail")

    @admin.display(description=gettext_lazy("detail"))
    def detail(self, action):
        return action_detail(action)


def _percent(share):
    return "—" if share is None else f"{number_format(100 * share, 1)} %"


def _points(value):
    return "—" if value is None else number_format(value, 2)
