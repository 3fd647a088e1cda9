"""Fair play (docs/fair-play.md): each account's profile per ladder, the moderator's queue of
cases, and the log of every action on them. The mark itself lives in accounts (FairPlayMark),
where the apps below this one read it."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy, pgettext_lazy


class Profile(models.Model):
    """An account's figures on one ladder over its analysed rated games, and how far they sit
    from its band's (azul.bots.analysis.fair_play): rewritten whenever one of its games' analyses
    ends, and by `manage.py recompute_fair_play`."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="fair_play_profiles")
    ladder = models.CharField(max_length=24)
    games = models.PositiveIntegerField()
    unforced = models.PositiveIntegerField()
    agreement = models.FloatField()  # share of unforced moves that were the judge's best
    mean_loss = models.FloatField()  # points lost per unforced move
    spread = models.FloatField()  # their standard deviation
    z_agreement = models.FloatField(null=True)  # null: not scored (too few games, no norms)
    z_loss = models.FloatField(null=True)
    band = models.IntegerField()  # the lowest rating of its band
    norms = models.JSONField(default=dict)  # the norms it was scored against, and their source
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "ladder"],
                                               name="fair_play_profile_user_ladder")]

    def __str__(self):
        return f"{self.user_id} {self.ladder}: {self.games} games"


class Case(models.Model):
    """An outlier in the moderator's queue: one open case per account and ladder at most."""

    class Status(models.TextChoices):
        OPEN = "open", pgettext_lazy("fair-play case", "open")
        CONFIRMED = "confirmed", pgettext_lazy("fair-play case", "confirmed")
        DISMISSED = "dismissed", pgettext_lazy("fair-play case", "dismissed")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="fair_play_cases", verbose_name=gettext_lazy("player"))
    ladder = models.CharField(gettext_lazy("ladder"), max_length=24)
    status = models.CharField(gettext_lazy("status"), max_length=12, choices=Status.choices,
                              default=Status.OPEN)
    opened_at = models.DateTimeField(gettext_lazy("opened at"))
    # the profile's games when last flagged
    games = models.PositiveIntegerField(gettext_lazy("games"))
    # What the rule saw when last flagged: the profile, its scores, the norms and the game ids.
    evidence = models.JSONField(default=dict)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, blank=True, related_name="+",
                                   verbose_name=gettext_lazy("decided by"))
    decided_at = models.DateTimeField(gettext_lazy("decided at"), null=True, blank=True)

    class Meta:
        verbose_name = gettext_lazy("fair-play case")
        verbose_name_plural = gettext_lazy("fair-play cases")
        ordering = ["-opened_at"]
        constraints = [models.UniqueConstraint(
            fields=["user", "ladder"], condition=models.Q(status="open"),
            name="fair_play_one_open_case")]

    def __str__(self):
        return f"{self.user} · {self.ladder} · {self.get_status_display()}"


class Action(models.Model):
    """Who did what to a case, and when: the rule opening it (no moderator), a moderator
    confirming or dismissing it."""

    class Kind(models.TextChoices):
        OPENED = "opened", gettext_lazy("opened by the rule")
        UPDATED = "updated", gettext_lazy("evidence updated by the rule")
        CONFIRMED = "confirmed", gettext_lazy("confirmed")
        DISMISSED = "dismissed", gettext_lazy("dismissed")

    case = models.ForeignKey(Case, on_delete=models.CASCADE, related_name="actions",
                             verbose_name=gettext_lazy("case"))
    moderator = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                  null=True, blank=True, related_name="+",
                                  verbose_name=gettext_lazy("moderator"))
    kind = models.CharField(gettext_lazy("action"), max_length=12, choices=Kind.choices)
    at = models.DateTimeField(gettext_lazy("when"))
    # What it concerned: the profile's games (the rule), the rating changes a confirmation
    # reverted, the case a confirmation of another case decided this one with.
    games = models.PositiveIntegerField(null=True, blank=True)
    reverted = models.PositiveIntegerField(null=True, blank=True)
    with_case = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        verbose_name = gettext_lazy("fair-play action")
        verbose_name_plural = gettext_lazy("fair-play actions")
        ordering = ["at", "id"]

    def __str__(self):
        return f"#{self.pk}"  # the admin's inline row title: its columns say the rest
