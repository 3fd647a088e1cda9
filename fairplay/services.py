"""Fair play's writes (docs/fair-play.md): profiles, the moderator's queue, and what a
confirmation does.

- `update_profile(user_id, ladder)`: the account's profile from its analysed rated games,
  scored against its band's norms; an outlier opens a case (one open case per account and ladder,
  however often and however concurrently it is called: a partial unique key). Bots never.
- `confirm(case_id, moderator)`: marks the account (accounts.FairPlayMark), takes its rated
  games back from every opponent exactly once (ratings.services.revert_games_of), tells the
  player, then withdraws it from its tournaments. `dismiss(case_id, moderator)`: a false
  positive, left alone until the account has FAIR_PLAY_REOPEN_FACTOR times the games.
Every decision is logged (Action: who, when, what).

Lock order of a decision: the account's user row (every decision on one account's cases queues
there) → its case rows → the rating rows, in user id order (ratings' own rule). The rule opening
or updating a case locks that case's row alone. Its
tournaments are left after the commit, each under its tournament's lock, as a deleted account
leaves them.
"""

import logging

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from accounts.models import FairPlayMark
from azul.bots.analysis.fair_play import flagged, profile_of, scores
from notifications import inbox
from notifications.models import Notification
from ratings import services as ratings
from tournaments import services as tournaments

from . import calibration, errors, selectors
from .models import Action, Case, Profile

log = logging.getLogger(__name__)
MODERATE = "fairplay.change_case"  # the permission a moderator needs


def update_profile(user_id, ladder):
    """Rewrite the account's profile on `ladder`; open (or bring up to date) its case if the rule
    flags it. Returns the profile, or None for a bot or an account without analysed games."""
    if selectors.is_bot(user_id):
        return None
    games = selectors.games_of(user_id, ladder)
    if not games:
        Profile.objects.filter(user_id=user_id, ladder=ladder).delete()
        return None
    profile = profile_of([game.figures for game in games])
    band = selectors.band_of(games)
    norms, source = selectors.norms_for(ladder, band, besides=user_id)
    thresholds = calibration.thresholds(ladder)
    score = scores(profile, norms) if norms is not None else None
    row, _ = Profile.objects.update_or_create(user_id=user_id, ladder=ladder, defaults={
        "games": profile.games, "unforced": profile.unforced, "agreement": profile.agreement,
        "mean_loss": profile.mean_loss, "spread": profile.spread,
        "z_agreement": score.agreement if score else None,
        "z_loss": score.loss if score else None, "band": band,
        "norms": {"source": source, **(norms.as_dict() if norms else {})}})
    if score is not None and thresholds is not None and flagged(score, thresholds):
        _open_case(row, [game.game_id for game in games], thresholds)
    return row


def _open_case(profile, game_ids, thresholds):
    evidence = {
        "profile": {"games": profile.games, "unforced": profile.unforced,
                    "agreement": round(profile.agreement, 4),
                    "mean_loss": round(profile.mean_loss, 3),
                    "spread": round(profile.spread, 3)},
        "scores": {"agreement": profile.z_agreement, "loss": profile.z_loss},
        "band": profile.band, "norms": profile.norms,
        "thresholds": {"z": thresholds.z_for(profile.games), "min_games": thresholds.min_games,
                       "min_unforced": thresholds.min_unforced},
        "games": game_ids,
    }
    now = timezone.now()
    with transaction.atomic():
        cases = Case.objects.filter(user_id=profile.user_id, ladder=profile.ladder)
        if FairPlayMark.is_marked(profile.user_id):
            return None  # decided already: nothing more to queue
        open_case = cases.select_for_update().filter(status=Case.Status.OPEN).first()
        if open_case is not None:
            if open_case.games != profile.games:
                open_case.games, open_case.evidence = profile.games, evidence
                open_case.save(update_fields=["games", "evidence"])
                Action.objects.create(case=open_case, kind=Action.Kind.UPDATED, at=now,
                                      games=profile.games)
            return open_case
        dismissed = cases.filter(status=Case.Status.DISMISSED).order_by("-decided_at").first()
        if dismissed is not None and \
                profile.games < dismissed.games * settings.FAIR_PLAY_REOPEN_FACTOR:
            return None  # a false positive stays dismissed until much more evidence
        try:
            with transaction.atomic():  # a racing update opened it first: theirs stands
                case = Case.objects.create(user_id=profile.user_id, ladder=profile.ladder,
                                           opened_at=now, games=profile.games,
                                           evidence=evidence)
        except IntegrityError:
            return cases.filter(status=Case.Status.OPEN).first()
        Action.objects.create(case=case, kind=Action.Kind.OPENED, at=now,
                              games=profile.games)
    log.info("fair play: case %s opened for user %s on %s", case.pk, profile.user_id,
             profile.ladder)
    return case


def update_profiles_for_game(game_id):
    """The profiles of the people rated for a game whose analysis just ended."""
    for user_id, ladder in selectors.rated_people_of(game_id):
        update_profile(user_id, ladder)


def recompute_all(progress=None):
    """Every person's profile on every ladder (`manage.py recompute_fair_play`). Returns how many
    profiles were written."""
    accounts = selectors.profiled_accounts()
    written = 0
    for done, (user_id, ladder) in enumerate(accounts, start=1):
        written += update_profile(user_id, ladder) is not None
        if progress is not None:
            progress(done, len(accounts))
    return written


def _decide(case_id, moderator):
    """The open case, locked, for a moderator's decision (inside a transaction). The account's
    user row is locked first: every decision on one account's cases queues there, so confirming
    one case (which decides the account's other open cases too) and deciding another at the
    same moment take their locks in one order."""
    if moderator is None or not moderator.has_perm(MODERATE):
        raise errors.Forbidden()
    user_id = Case.objects.filter(pk=case_id).values_list("user_id", flat=True).first()
    if user_id is None:
        raise errors.NotFound()
    # FOR NO KEY UPDATE: decisions queue on it, but a game being rated meanwhile may still write
    # rows that refer to the account (its FOR KEY SHARE), or it would wait for us while we wait
    # for its rating rows.
    get_user_model().objects.select_for_update(no_key=True).filter(pk=user_id).first()
    case = Case.objects.select_for_update().get(pk=case_id)  # cases are never deleted
    if case.status != Case.Status.OPEN:
        raise errors.CaseDecided()
    return case


def confirm(case_id, moderator, *, after_lock=None):
    """The moderator confirms the case: the account is marked, its rated games' rating changes
    are reverted for every opponent (exactly once), it is told why, and it leaves its
    tournaments. Returns how many rating changes were reverted."""
    now = timezone.now()
    with transaction.atomic():
        case = _decide(case_id, moderator)
        mark, marked_now = FairPlayMark.objects.get_or_create(
            user_id=case.user_id, defaults={"marked_at": now, "ladder": case.ladder})
        reverted = ratings.revert_games_of(case.user_id, after_lock=after_lock)
        # Its other open cases are decided with it: the account is marked once, for all ladders.
        for decided in Case.objects.select_for_update().filter(
                user_id=case.user_id, status=Case.Status.OPEN).order_by("pk"):
            decided.status, decided.decided_by, decided.decided_at = (
                Case.Status.CONFIRMED, moderator, now)
            decided.save(update_fields=["status", "decided_by", "decided_at"])
            own = decided.pk == case.pk
            Action.objects.create(case=decided, moderator=moderator, kind=Action.Kind.CONFIRMED,
                                  at=now, reverted=reverted if own else None,
                                  with_case=None if own else case.pk)
        if marked_now:
            inbox.notify(case.user_id, Notification.Kind.ACCOUNT_NEWS,
                         {"event": "fair_play_marked"}, reverse("accounts:settings"),
                         key="fair_play_marked")
    tournaments.withdraw_leaving_account(mark.user)
    log.info("fair play: case %s confirmed by %s, %s changes reverted", case_id, moderator.pk,
             reverted)
    return reverted


def dismiss(case_id, moderator):
    """The moderator dismisses the case: a false positive."""
    with transaction.atomic():
        case = _decide(case_id, moderator)
        now = timezone.now()
        case.status, case.decided_by, case.decided_at = Case.Status.DISMISSED, moderator, now
        case.save(update_fields=["status", "decided_by", "decided_at"])
        Action.objects.create(case=case, moderator=moderator, kind=Action.Kind.DISMISSED, at=now)
    return case


__all__ = ["confirm", "dismiss", "recompute_all", "update_profile", "update_profiles_for_game"]
