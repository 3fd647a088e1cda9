"""A moderator's confirmation (docs/fair-play.md): through the admin, the account is marked, its
rated games' rating changes are reverted for every opponent exactly once, it leaves the
leaderboards and its tournaments (and may not enter one), and it is told why. Dismissing,
deciding twice and deciding without the permission change nothing more."""

import pytest
from django.test import Client

from accounts.models import FairPlayMark
from fairplay import errors, services
from fairplay.models import Action, Case
from notifications.models import Notification
from notifications.texts import describe
from ratings import selectors as ratings_selectors
from ratings.models import Rating, RatingChange, RatingReversal
from tests.support import tournaments as tournament_support
from tests.support.games import client_for, error_code
from tournaments import errors as tournament_errors
from tournaments import services as tournament_services
from tournaments.models import Entry

from .factories import analysed_rated_game, figures
from .test_profiles import CHEAT, HONEST

pytestmark = pytest.mark.django_db


@pytest.fixture
def moderator(make_user):
    user = make_user("moderator")
    user.is_staff = user.is_superuser = True
    user.save()
    return user


def ratings_now(*users):
    return {user.username: Rating.objects.get(user=user, ladder="classic-2p").rating
            for user in users}


def opponents_deltas(cheat):
    games = RatingChange.objects.filter(user=cheat).values("game_id")
    out = {}
    for change in RatingChange.objects.filter(game_id__in=games).exclude(user=cheat):
        out[change.user.username] = out.get(change.user.username, 0.0) + change.delta
    return out


def test_the_admin_shows_the_case_with_its_evidence(flagged, moderator):
    case, _cheat, _bob, _carol = flagged
    admin = Client()
    admin.force_login(moderator)
    listing = admin.get("/admin/fairplay/case/?status__exact=open").content.decode()
    assert "cheat" in listing
    assert "95.0 %" in listing
    page = admin.get(f"/admin/fairplay/case/{case.pk}/change/").content.decode()
    assert 'data-testid="fair-play-evidence"' in page
    for game_id in case.evidence["games"]:
        assert f'href="/games/{game_id}/"' in page
    assert "(the calibration's figures)" in page  # where the band's norms came from


def test_confirming_in_the_admin_marks_reverts_hides_and_tells(flagged, moderator, make_user):
    case, cheat, bob, carol = flagged
    organiser = make_user("organiser")
    upcoming = tournament_support.entered(organiser, [cheat, bob])
    Rating.objects.filter(user=cheat).update(deviation=60)  # established: on the leaderboard
    assert "cheat" in [e.username for e in ratings_selectors.leaderboard("classic-2p").ranked]
    before, deltas = ratings_now(bob, carol, cheat), opponents_deltas(cheat)
    assert set(deltas) == {"bob", "carol"}

    admin = Client()
    admin.force_login(moderator)
    done = admin.post("/admin/fairplay/case/",
                      {"action": "confirm_cases", "_selected_action": [case.pk]})
    assert done.status_code == 302

    case.refresh_from_db()
    assert (case.status, case.decided_by) == ("confirmed", moderator)
    mark = FairPlayMark.objects.get(user=cheat)
    assert mark.ladder == "classic-2p"
    after = ratings_now(bob, carol, cheat)
    for name in ("bob", "carol"):
        assert after[name] == pytest.approx(before[name] - deltas[name])
    assert after["cheat"] == before["cheat"]  # its own: hidden, not rewritten
    assert RatingReversal.objects.count() == 6
    # Bob's match history shows those games' changes struck through, "reverted".
    assert Client().get("/u/bob/").content.decode().count('data-testid="reverted"') == 3
    assert 'data-testid="reverted"' not in Client().get("/u/cheat/").content.decode()
    assert list(case.actions.values_list("kind", "moderator__username", "reverted"))[-1] == (
        "confirmed", "moderator", 6)
    log = admin.get("/admin/fairplay/action/").content.decode()
    assert "6 rating changes reverted" in log
    assert "opened by the rule" in log
    # Off the leaderboards, its ratings hidden on its profile, out of its tournament.
    assert "cheat" not in [e.username for e in ratings_selectors.leaderboard("classic-2p").ranked]
    assert ratings_selectors.ratings_of(cheat) == []
    assert not Entry.objects.filter(tournament=upcoming, user=cheat).exists()
    assert Entry.objects.filter(tournament=upcoming, user=bob).exists()
    with pytest.raises(tournament_errors.FairPlayMarked):
        tournament_services.join(upcoming.pk, cheat)
    refused = client_for(cheat).post(f"/api/v1/tournaments/{upcoming.pk}/join", {}, format="json")
    assert (refused.status_code, error_code(refused)) == (403, "fair_play_marked")
    # Told why: a line in the inbox, and on their own settings and profile pages.
    line = Notification.objects.get(user=cheat)
    assert (line.kind, line.url) == ("account_news", "/accounts/settings/")
    assert "outside help" in describe(line)
    own = Client()
    own.force_login(cheat)
    for page in ("/accounts/settings/", "/u/cheat/"):
        assert 'data-testid="fair-play-mark"' in own.get(page).content.decode(), page
    public = Client().get("/u/cheat/").content.decode()
    assert 'data-testid="fair-play-mark"' not in public
    assert '<dd data-testid="rating">hidden</dd>' in public
    assert "ratings are hidden" in public

    # Confirming again changes nothing: the case is decided, and the reversal is done.
    again = admin.post("/admin/fairplay/case/",
                       {"action": "confirm_cases", "_selected_action": [case.pk]}, follow=True)
    assert "decided already" in again.content.decode()
    with pytest.raises(errors.CaseDecided):
        services.confirm(case.pk, moderator)
    assert ratings_now(bob, carol) == {k: after[k] for k in ("bob", "carol")}
    assert RatingReversal.objects.count() == 6


def test_a_game_rated_after_the_mark_is_reverted_when_it_is_rated(flagged, moderator):
    case, cheat, bob, _carol = flagged
    services.confirm(case.pk, moderator)
    before = ratings_now(bob)["bob"]
    game = analysed_rated_game([bob, cheat], [HONEST, CHEAT], seed=77)
    change = RatingChange.objects.get(game=game, user=bob)
    assert change.reversal.cheater == cheat
    assert ratings_now(bob)["bob"] == pytest.approx(before)
    assert RatingReversal.objects.filter(change__game=game).count() == 1


def test_dismissing_changes_no_rating_and_marks_nobody(flagged, moderator):
    case, cheat, bob, carol = flagged
    before = ratings_now(bob, carol)
    admin = Client()
    admin.force_login(moderator)
    admin.post("/admin/fairplay/case/", {"action": "dismiss_cases", "_selected_action": [case.pk]})
    case.refresh_from_db()
    assert case.status == "dismissed"
    assert not FairPlayMark.objects.exists()
    assert ratings_now(bob, carol) == before
    assert Action.objects.filter(case=case, kind="dismissed", moderator=moderator).exists()


def test_only_a_moderator_decides_and_unknown_cases_are_refused(flagged, make_user, moderator):
    case, cheat, _bob, _carol = flagged
    player = make_user("player")
    with pytest.raises(errors.Forbidden):
        services.confirm(case.pk, player)
    with pytest.raises(errors.Forbidden):
        services.dismiss(case.pk, None)
    staff_only = Client()
    staff_only.force_login(player)
    assert staff_only.post("/admin/fairplay/case/", {
        "action": "confirm_cases", "_selected_action": [case.pk]}).status_code == 302  # login
    for unknown in (10**12, 10**30, 0, -1):
        with pytest.raises(errors.NotFound):
            services.confirm(unknown, moderator)
    admin = Client()
    admin.force_login(moderator)
    for forged in ("99999999999999999999", "nope", str(case.pk + 1)):
        answer = admin.post("/admin/fairplay/case/", {"action": "confirm_cases",
                                                      "_selected_action": [forged]})
        assert answer.status_code in (200, 302), forged
    assert Case.objects.get().status == "open"
    assert not FairPlayMark.objects.exists()
    assert not RatingReversal.objects.exists()


def test_an_honest_opponent_s_own_figures_are_left_alone(flagged, moderator, make_user):
    """Only the marked account's games are taken back: bob's game against dave stays."""
    case, cheat, bob, _carol = flagged
    dave = make_user("dave")
    game = analysed_rated_game([bob, dave], [HONEST, figures(0.3, 2.0)], seed=55)
    services.confirm(case.pk, moderator)
    assert not RatingReversal.objects.filter(change__game=game).exists()
