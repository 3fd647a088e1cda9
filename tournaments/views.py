"""The tournament pages: thin views reading through selectors and payloads, acting through
services. A refused action (tournaments.errors) shows its message and changes nothing; the
page then updates live over /ws/tournaments/<id>/ (static/js/tournaments/live.js)."""

from datetime import timedelta
from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from kernel.errors import DomainError

from . import payloads, selectors, services
from .forms import FORMAT_NAMES, TournamentForm
from .models import Tournament
from .services.registration import late_join_open

Status = Tournament.Status
LISTED_FORMATS = list(FORMAT_NAMES.items())
LISTED_GAMES = [("classic", "Azul"), ("duel", "Azul Duel")]


def _code(request, tournament_id):
    """The invite link's code the viewer came with (kept in the session once seen)."""
    key = f"tournament-code-{tournament_id}"
    code = request.GET.get("code")
    if code:
        request.session[key] = code
    return code or request.session.get(key)


def _tournament_or_404(request, tournament_id):
    tournament = selectors.tournament_by_id(tournament_id)
    if tournament is None or not selectors.can_see(tournament, request.user,
                                                   _code(request, tournament_id)):
        raise Http404("no such tournament")
    return tournament


def index(request):
    chosen_format = request.GET.get("format") if request.GET.get("format") in FORMAT_NAMES else ""
    chosen_game = request.GET.get("game") if request.GET.get("game") in dict(LISTED_GAMES) else ""
    listed = selectors.visible_tournaments(request.user, format=chosen_format or None,
                                           ruleset=chosen_game or None)
    return render(request, "tournaments/index.html", {
        "upcoming": sorted((t for t in listed if t.status == Status.REGISTRATION),
                           key=lambda t: t.starts_at),
        "running": [t for t in listed if t.status == Status.RUNNING],
        "finished": [t for t in listed if t.status in (Status.FINISHED, Status.CANCELLED)],
        "formats": LISTED_FORMATS, "games": LISTED_GAMES,
        "chosen_format": chosen_format, "chosen_game": chosen_game,
    })


@login_required
def create(request):
    form = TournamentForm(request.POST or None, initial={
        "starts_at": (timezone.now() + timedelta(hours=1)).replace(second=0, microsecond=0)})
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.create_tournament(request.user, **form.options())
        except DomainError as error:
            form.refused(error)
        else:
            messages.success(request, _("Tournament “%(name)s” created.") % {"name": tournament.name})
            return redirect("tournaments:detail", tournament.pk)
    return render(request, "tournaments/create.html", {"form": form})


def _can_join(tournament, entry):
    if entry is not None and entry.active:
        return False
    if tournament.status == Status.REGISTRATION:
        return True
    return tournament.status == Status.RUNNING and late_join_open(tournament, timezone.now())


def detail(request, tournament_id):
    tournament = _tournament_or_404(request, tournament_id)
    # One page of the standings (?page=, the first by default): the live re-read keeps the page.
    data = payloads.detail_payload(tournament, request.user, request.GET.get("page"))
    entry = selectors.entry_of(tournament, request.user)
    organiser = data["organiser"]
    rounds = selectors.rounds(tournament) if tournament.format != Tournament.Format.ARENA else []
    running = tournament.status == Status.RUNNING
    past_rounds = [payloads.round_payload(r) for r in reversed(rounds)
                   if not running or r.number != tournament.current_round]
    if tournament.format == Tournament.Format.KNOCKOUT and tournament.best_of > 1:
        # Every game of a match is a pairing of the round: each seat shows the match's score.
        for pairings in [data["pairings"], *(r["pairings"] for r in past_rounds)]:
            payloads.add_match_wins(pairings)
    mine = selectors.running_pairing_of(tournament, entry) if entry is not None else None
    invite_url = None
    if organiser and tournament.invite_code:
        invite_url = request.build_absolute_uri(f"/tournaments/{tournament.pk}/?code={tournament.invite_code}")
    current_round = next((r for r in rounds if r.number == tournament.current_round), None)
    return render(request, "tournaments/detail.html", {
        "tournament": tournament,
        "data": data,
        "format_name": FORMAT_NAMES[tournament.format],
        "entry": entry,
        "organiser": organiser,
        "can_join": _can_join(tournament, entry),
        "pairings": data["pairings"],
        # Duplicate deals: the other tables of the round show a player's own deal further on.
        "hide_other_tables": tournament.duplicate_deals and mine is not None,
        "my_table": mine.table_id if mine is not None else None,
        "can_berserk": tournament.format == Tournament.Format.ARENA and mine is not None
        and not selectors.went_berserk(mine, entry),
        "current_round": current_round,
        "past_rounds": past_rounds,
        "audit": selectors.audit_log(tournament, limit=50) if organiser else [],
        "invite_url": invite_url,
        "live_code": _code(request, tournament.pk) or "",
    })


def action(view):
    """POST-only, logged in; a refusal (a DomainError: the tournament's, or the game's for a
    berserk after the first move) becomes an error message; back to the page."""

    @require_POST
    @login_required
    @wraps(view)
    def wrapped(request, tournament_id):
        _tournament_or_404(request, tournament_id)
        try:
            note = view(request, tournament_id)
            if note:
                messages.success(request, note)
        except DomainError as error:
            messages.error(request, error.detail)
        return redirect("tournaments:detail", tournament_id)

    return wrapped


@action
def join(request, tournament_id):
    services.join(tournament_id, request.user, password=request.POST.get("password") or None,
                  code=_code(request, tournament_id))
    return _("You are in: your games will show here and in a banner when they are ready.")


@action
def leave(request, tournament_id):
    entry = services.leave(tournament_id, request.user)
    return _("You withdrew from the tournament.") if entry else _("You are no longer registered.")


@action
def berserk(request, tournament_id):
    services.berserk(tournament_id, request.user)
    return _("Berserk: your clock is halved; a win earns one more point.")


@action
def start(request, tournament_id):
    services.start_tournament(tournament_id, by_user=request.user)
    return _("The tournament has started.")


@action
def pause(request, tournament_id):
    services.pause(tournament_id, request.user, request.POST.get("reason", ""))
    return _("Paused: no new pairings until you resume.")


@action
def resume(request, tournament_id):
    services.resume(tournament_id, request.user, request.POST.get("reason", ""))
    return _("Resumed.")


@action
def cancel(request, tournament_id):
    services.cancel(tournament_id, request.user, request.POST.get("reason", ""))
    return _("The tournament is cancelled.")


@action
def remove_player(request, tournament_id):
    username = request.POST.get("username", "")
    services.remove_player(tournament_id, request.user, username, request.POST.get("reason", ""))
    return _("Removed %(username)s.") % {"username": username}
