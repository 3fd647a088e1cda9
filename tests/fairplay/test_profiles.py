"""Profiles and the moderator's queue (docs/fair-play.md): a cheating account is flagged and an
honest one is not, against its band; bots never; one open case however often the rule runs; a
dismissed case stays dismissed until much more evidence. And the whole path once: a rated game
played, analysed for real, its players' profiles written when the analysis ends."""

from io import StringIO

import pytest
from django.core.management import call_command

from accounts.models import FairPlayMark
from fairplay import calibration, services
from fairplay.models import Action, Case, Profile
from games.analysis import services as analysis_services
from games.analysis.models import GameAnalysis, MoveAnalysis, PlayerAccuracy
from games.analysis.signals import analysis_done
from games.bot_accounts import bot_account
from ratings.models import RatingChange
from tests.support.games import play_to_end, start_game

from .factories import analysed_rated_game, figures

GAMES = 6
SHIPPED = calibration.norms("classic-2p")
HONEST = figures(SHIPPED.agreement, SHIPPED.mean_loss)  # exactly the band's figures
STRONG_HONEST = figures(SHIPPED.agreement + SHIPPED.agreement_between,
                        max(0.0, SHIPPED.mean_loss - SHIPPED.loss_between))  # one spread better
CHEAT = figures(0.95, 0.05)


def play(users, by_seat, games=GAMES, first_seed=0):
    played = []
    for seed in range(first_seed, first_seed + games):
        game = analysed_rated_game(users, by_seat, seed=seed)
        # What the analysis' end sends after its commit: the receiver updates the profiles.
        analysis_done.send(sender=GameAnalysis, analysis_id=game.analysis.pk, game_id=game.pk)
        played.append(game)
    return played


@pytest.mark.django_db
def test_a_cheater_is_flagged_and_honest_players_are_not(make_user):
    cheat, honest, strong, opponent = (make_user(name) for name in
                                       ("cheat", "honest", "strong", "opponent"))
    cheat_games = play([cheat, opponent], [CHEAT, HONEST])
    play([honest, opponent], [HONEST, HONEST], first_seed=100)
    play([opponent, strong], [HONEST, STRONG_HONEST], first_seed=200)

    profiles = {row.user.username: row for row in Profile.objects.select_related("user")}
    assert set(profiles) == {"cheat", "honest", "strong", "opponent"}
    assert profiles["cheat"].games == GAMES
    assert profiles["opponent"].games == 3 * GAMES
    assert profiles["cheat"].agreement == pytest.approx(CHEAT.agreements / CHEAT.unforced)
    assert profiles["cheat"].norms["source"] == "calibration"  # the band has too few games
    thresholds = calibration.thresholds("classic-2p")
    assert min(profiles["cheat"].z_agreement, profiles["cheat"].z_loss) >= thresholds.z_for(GAMES)
    assert max(profiles["strong"].z_agreement, profiles["strong"].z_loss) < thresholds.z_for(GAMES)

    case = Case.objects.get()
    assert (case.user, case.ladder, case.status, case.games) == (cheat, "classic-2p", "open",
                                                                 GAMES)
    assert case.evidence["games"] == [game.pk for game in cheat_games]
    assert case.evidence["profile"]["agreement"] == pytest.approx(0.95, abs=0.01)
    assert case.evidence["norms"]["agreement"] == pytest.approx(SHIPPED.agreement, abs=1e-3)
    # Opened by the rule at its fifth game, brought up to date at the sixth.
    assert list(case.actions.values_list("kind", "moderator", "games")) == [
        ("opened", None, 5), ("updated", None, 6)]


@pytest.mark.django_db
def test_too_few_games_open_nothing(make_user):
    cheat, opponent = make_user("cheat"), make_user("opponent")
    play([cheat, opponent], [CHEAT, HONEST], games=4)
    assert Profile.objects.get(user=cheat).games == 4
    assert not Case.objects.exists()


@pytest.mark.django_db
def test_a_bot_is_never_profiled_nor_flagged(make_user):
    """The master bot agrees with the judge (it is the judge's search): never a case."""
    bot, opponent = bot_account("master"), make_user("opponent")
    play([bot, opponent], [CHEAT, HONEST])
    assert not Profile.objects.filter(user=bot).exists()
    assert services.update_profile(bot.pk, "classic-2p") is None
    assert not Case.objects.exists()
    assert Profile.objects.filter(user=opponent).exists()


@pytest.mark.django_db
def test_the_rule_run_again_keeps_one_open_case_and_logs_new_evidence(make_user):
    cheat, opponent = make_user("cheat"), make_user("opponent")
    play([cheat, opponent], [CHEAT, HONEST])
    for _ in range(3):
        services.update_profile(cheat.pk, "classic-2p")
    assert Case.objects.filter(user=cheat, status="open").count() == 1
    play([cheat, opponent], [CHEAT, HONEST], games=1, first_seed=50)
    case = Case.objects.get()
    assert case.games == GAMES + 1
    assert list(case.actions.values_list("kind", flat=True)) == ["opened", "updated", "updated"]


@pytest.mark.django_db
def test_a_dismissed_case_stays_dismissed_until_twice_the_games(make_user, settings):
    moderator = make_user("moderator")
    moderator.is_staff = moderator.is_superuser = True
    moderator.save()
    cheat, opponent = make_user("cheat"), make_user("opponent")
    play([cheat, opponent], [CHEAT, HONEST])
    first = Case.objects.get()
    services.dismiss(first.pk, moderator)
    play([cheat, opponent], [CHEAT, HONEST], games=GAMES - 1, first_seed=50)
    assert list(Case.objects.values_list("status", flat=True)) == ["dismissed"]
    play([cheat, opponent], [CHEAT, HONEST], games=1, first_seed=99)  # twice the games now
    assert sorted(Case.objects.values_list("status", flat=True)) == ["dismissed", "open"]
    assert Action.objects.get(kind="dismissed").moderator == moderator


@pytest.mark.django_db
def test_a_band_with_enough_games_is_its_own_norm(make_user, settings):
    """Where the band has FAIR_PLAY_MIN_BAND_GAMES analysed games of people, its figures are the
    norm: here a band of strong players, against which the same figures are unremarkable."""
    settings.FAIR_PLAY_MIN_BAND_GAMES = 2 * GAMES
    strong_band = figures(0.9, 0.1)
    cheat, others = make_user("cheat"), [make_user(f"p{i}") for i in range(2)]
    play(others, [strong_band, strong_band], games=GAMES, first_seed=300)
    play([cheat, others[0]], [CHEAT, strong_band])
    assert Case.objects.exists()  # against the calibration's norms, while the band was small
    Case.objects.all().delete()
    # Everyone in one band (rating before each game 1500-1599), whatever the random games did.
    RatingChange.objects.update(rating_before=1550)
    services.update_profile(cheat.pk, "classic-2p")
    profile = Profile.objects.get(user=cheat)
    assert profile.band == 1400
    assert profile.norms["source"] == "band"
    assert profile.norms["agreement"] == pytest.approx(0.9, abs=0.02)
    assert not Case.objects.exists()


@pytest.mark.django_db
def test_a_marked_account_gets_no_new_case(make_user):
    cheat, opponent = make_user("cheat"), make_user("opponent")
    FairPlayMark.objects.create(user=cheat, marked_at="2026-12-01T00:00Z", ladder="classic-2p")
    play([cheat, opponent], [CHEAT, HONEST])
    assert not Case.objects.exists()


@pytest.mark.django_db(transaction=True)  # the analysis runs on a pool thread
def test_a_rated_game_s_analysis_writes_its_players_profiles(alice, bob, settings):
    """The real path: a rated game played to its end, rated, analysed (a small budget), and the
    analysis' end brings both players' profiles up; the figures are the judged moves'."""
    settings.ANALYSE_RATED_GAMES = True
    settings.ANALYSIS_NODES = 150
    game = play_to_end(start_game(alice, bob, rated=True), seed=4)
    assert analysis_services.wait_for_embedded_analyses(120)
    for user in (alice, bob):
        seat = RatingChange.objects.get(game=game, user=user).player_index
        row = PlayerAccuracy.objects.get(analysis__game=game, player=seat)
        moves = MoveAnalysis.objects.filter(analysis__game=game, player=seat, forced=False)
        assert row.agreements == sum(move.played == move.best for move in moves)
        assert row.unforced_loss == pytest.approx(sum(move.loss for move in moves), abs=0.01)
        profile = Profile.objects.get(user=user, ladder="classic-2p")
        assert (profile.games, profile.unforced) == (1, row.unforced)
        assert profile.z_agreement is not None


@pytest.mark.django_db
def test_the_command_recomputes_every_profile(make_user):
    cheat, opponent = make_user("cheat"), make_user("opponent")
    play([cheat, opponent], [CHEAT, HONEST])
    Profile.objects.all().delete()
    Case.objects.all().delete()
    out = StringIO()
    call_command("recompute_fair_play", stdout=out)
    assert "2 fair-play profiles written" in out.getvalue()
    assert Profile.objects.get(user=cheat).games == GAMES
    assert Case.objects.get().user == cheat
