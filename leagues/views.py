"""The leagues pages: thin views reading through selectors and acting through services.

Organiser forms post here; a refused action (leagues.errors) shows its message and changes nothing.
"""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from . import checks, errors, forms, payloads, selectors, services
from .errors import LeagueError
from .models import League, Season
from .services import invitations


def _code(request, league_id):
    """The invite link's code the viewer came with (kept in the session by the link)."""
    return request.GET.get("code") or request.session.get(f"league-code-{league_id}")


def _league_or_404(request, league_id):
    league = selectors.league_by_id(league_id)
    # A remembered code that was revoked since opens nothing: can_see compares with the current.
    if league is None or not selectors.can_see(league, request.user, _code(request, league_id)):
        raise Http404("no such league")
    return league


def _season_or_404(league, number):
    season = selectors.season_numbered(league, number)
    if season is None:
        raise Http404("no such season")
    return season


def organiser_action(view):
    """POST-only, logged in; a LeagueError becomes an error message; back to `next` or the league."""

    @require_POST
    @login_required
    @wraps(view)
    def wrapped(request, league_id, *args, **kwargs):
        try:
            note = view(request, league_id, *args, **kwargs)
            if note:
                messages.success(request, note)
        except LeagueError as exc:
            messages.error(request, exc.detail)
        target = request.POST.get("next", "")
        if not target.startswith("/leagues/"):
            target = f"/leagues/{league_id}/"
        return redirect(target)

    return wrapped


def index(request):
    return render(
        request,
        "leagues/index.html",
        {
            "leagues": selectors.visible_leagues_page(request.user),
            "invitations": selectors.invitations_for(request.user),
        },
    )


@login_required
def my_invitations(request):
    return render(
        request,
        "leagues/invitations.html",
        {"invitations": selectors.invitations_for(request.user)},
    )


def _answer_invitation(request, invitation_id, operation, note):
    """The invitee's answer; the invitation, or None when refused (the message says why)."""
    try:
        invitation = operation(invitation_id, request.user)
    except LeagueError as exc:
        messages.error(request, exc.detail)
        return None
    messages.success(request, note.format(league=invitation.league.name))
    return invitation


def _back(request):
    target = request.POST.get("next", "")
    return redirect(target if target.startswith("/leagues/") else "leagues:invitations")


@require_POST
@login_required
def accept_invitation(request, invitation_id):
    """Accepted: on to the league's page, where the new player's games will show."""
    invitation = _answer_invitation(
        request, invitation_id, invitations.accept_invitation, "You joined “{league}”."
    )
    return redirect("leagues:detail", invitation.league_id) if invitation else _back(request)


@require_POST
@login_required
def decline_invitation(request, invitation_id):
    _answer_invitation(
        request, invitation_id, invitations.decline_invitation, "You declined “{league}”."
    )
    return _back(request)


@login_required
def create(request):
    form = forms.LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            league = services.create_league(request.user, **form.options())
        except LeagueError as exc:
            form.add_error(None, exc.detail)
        else:
            messages.success(request, _('League “%(name)s” created.') % {"name": league.name})
            return redirect("leagues:detail", league.pk)
    return render(request, "leagues/create.html", {"form": form})


def detail(request, league_id):
    league = _league_or_404(request, league_id)
    season = selectors.current_season(league)
    is_org = services.is_organiser(league, request.user)
    membership = None
    if request.user.is_authenticated:
        membership = selectors.membership(league, request.user)
    invite_url = None
    if is_org and league.invite_code:
        invite_url = request.build_absolute_uri(
            f"/leagues/{league.pk}/invite/{league.invite_code}/"
        )
    return render(
        request,
        "leagues/detail.html",
        {
            "league": league,
            "data": payloads.league_payload(league, organiser=is_org),
            "season": season,
            "seasons": selectors.seasons_newest_first(league),
            "members": selectors.members(league),
            "is_organiser": is_org,
            "is_player": bool(membership and membership.is_player),
            "invite_url": invite_url,
            "my_invitation": selectors.pending_invitation(league, request.user),
            "invitations": selectors.league_invitations(league, limit=50) if is_org else [],
            "can_join": league.visibility == League.Visibility.PUBLIC
            or checks.invite_code_matches(league, _code(request, league.pk)),
            "dates_form": _dates_form(season) if is_org else None,
            "audit": selectors.audit_log(league, limit=50),
            "my_fixtures": [
                {**payloads.fixture_payload(f), "deadline_at": f.deadline_at}
                for f in selectors.my_open_fixtures(league, request.user)
            ],
        },
    )


def _dates_form(season):
    if season is None or season.status != Season.Status.REGISTRATION:
        return None
    return forms.SeasonDatesForm(
        initial={
            "registration_closes_at": season.registration_closes_at,
            "starts_at": season.starts_at,
        }
    )


def invite(request, league_id, code):
    """The invite link: remembers the code in the session so the page and the join work.
    Following it joins nobody: the page asks, and joining is a POST of the player's own."""
    league = selectors.league_by_id(league_id)
    if league is None or not checks.invite_code_matches(league, code):
        raise Http404("this invite link is not valid: it is wrong or was revoked")
    request.session[f"league-code-{league_id}"] = code
    return redirect("leagues:detail", league_id)


@require_POST
@login_required
def join(request, league_id):
    code = request.POST.get("code") or request.session.get(f"league-code-{league_id}")
    try:
        services.join_league(league_id, request.user, code=code)
        messages.success(request, _("You joined the league."))
    except LeagueError as exc:
        messages.error(request, exc.detail)
    return redirect("leagues:detail", league_id)


@require_POST
@login_required
def leave(request, league_id):
    try:
        services.leave_league(league_id, request.user)
        messages.success(request, _("You left the league: you will not play its next seasons."))
    except LeagueError as exc:
        messages.error(request, exc.detail)
    return redirect("leagues:detail", league_id)


def _form_problem(form):
    """The first field error of a refused organiser form, named by its label."""
    for name, problems in form.errors.items():
        field = form.fields.get(name)
        if field is None:
            return problems[0]
        return _("%(field)s: %(problem)s") % {"field": field.label or name.replace("_", " "), "problem": problems[0]}
    return _("check the form")


def _player_named(request):
    """The organiser form's username, or a clear refusal."""
    form = forms.PlayerForm(request.POST)
    if not form.is_valid():
        raise errors.Invalid(_("give a username"))
    return form.cleaned_data


@organiser_action
def invite_player(request, league_id):
    form = forms.InviteForm(request.POST)
    if not form.is_valid():
        raise errors.Invalid(_("give a username"))
    invitations.invite_player(league_id, request.user, **form.cleaned_data)
    return _("Invited %(username)s: they play once they accept.") % {"username": form.cleaned_data["username"]}


@organiser_action
def revoke_invitation(request, league_id, invitation_id):
    if not selectors.has_invitation(league_id, invitation_id):
        raise errors.NotFound(_("no such invitation in this league"))
    invitation = invitations.revoke_invitation(invitation_id, request.user)
    return _('Revoked the invitation of %(shown_name)s.') % {"shown_name": invitation.user.shown_name}


@organiser_action
def reset_invite_link(request, league_id):
    invitations.reset_invite_link(league_id, request.user)
    return _("New invite link made: the old one no longer works.")


@organiser_action
def revoke_invite_link(request, league_id):
    invitations.revoke_invite_link(league_id, request.user)
    return _("Invite link revoked: no link works until you make a new one.")


@organiser_action
def remove_player(request, league_id):
    player = _player_named(request)
    services.remove_player(league_id, request.user, **player)
    return _("Removed %(username)s.") % {"username": player["username"]}


@organiser_action
def make_organiser(request, league_id):
    player = _player_named(request)
    services.set_organiser(league_id, request.user, organiser=True, **player)
    return _("%(username)s is now an organiser.") % {"username": player["username"]}


@organiser_action
def season_dates(request, league_id, number):
    league = _league_or_404(request, league_id)
    form = forms.SeasonDatesForm(request.POST)
    if not form.is_valid():
        raise errors.Invalid(_form_problem(form))
    services.update_season(_season_or_404(league, number).pk, request.user, **form.cleaned_data)
    return _('Season %(number)s dates saved.') % {"number": number}


@organiser_action
def start_season(request, league_id, number):
    league = _league_or_404(request, league_id)
    services.start_season(_season_or_404(league, number).pk, request.user)
    return _('Season %(number)s started: the first round is open.') % {"number": number}


@organiser_action
def close_season(request, league_id, number):
    league = _league_or_404(request, league_id)
    following = services.close_season(_season_or_404(league, number).pk, request.user)
    return _('Season %(number)s closed; season %(number2)s is open for registration.') % {
        "number": number,
        "number2": following.number,
    }


@organiser_action
def withdraw(request, league_id, number):
    league = _league_or_404(request, league_id)
    form = forms.ReasonForm(request.POST)
    if not form.is_valid():
        raise errors.Invalid(_("give a username and a reason"))
    season = _season_or_404(league, number)
    services.withdraw_player(season.pk, request.user, **form.cleaned_data)
    return _("Withdrew %(username)s.") % {"username": form.cleaned_data["username"]}


@organiser_action
def override(request, league_id, fixture_id):
    form = forms.OverrideForm(request.POST)
    if not form.is_valid():
        raise errors.Invalid(_("give the places and a reason"))
    services.override_result(
        fixture_id, request.user, form.parsed_places(), form.cleaned_data["reason"]
    )
    return _("Result overridden.")


@organiser_action
def extend(request, league_id, fixture_id):
    form = forms.ExtendForm(request.POST)
    if not form.is_valid():
        raise errors.Invalid(_form_problem(form))
    services.extend_deadline(
        fixture_id, request.user, form.cleaned_data["until"], form.cleaned_data["reason"]
    )
    return _("Deadline extended.")


def standings(request, league_id, number):
    league = _league_or_404(request, league_id)
    season = _season_or_404(league, number)
    divisions = [
        {
            "division": division,
            "rows": [payloads.row_payload(row) for row in selectors.division_table(division)],
            "results": [payloads.fixture_payload(f) for f in selectors.decided_fixtures(division)],
        }
        for division in selectors.divisions(season)
    ]
    return render(
        request,
        "leagues/standings.html",
        {
            "league": league,
            "season": season,
            "divisions": divisions,
            "is_organiser": services.is_organiser(league, request.user),
        },
    )


def fixtures(request, league_id, number):
    league = _league_or_404(request, league_id)
    season = _season_or_404(league, number)
    by_division = selectors.entries_by_division(season)
    tiers = {d.pk: d for d in selectors.divisions(season)}
    rounds = [
        {
            "round": r,
            "fixtures": [
                {**payloads.fixture_payload(f), "deadline_at": f.deadline_at}
                for f in r.fixtures.all()
            ],
            "byes": [
                (tiers[division_id], names)
                for division_id, names in selectors.byes_of(r, by_division).items()
                if names and division_id in tiers
            ],
        }
        for r in selectors.rounds_with_fixtures(season)
    ]
    return render(
        request,
        "leagues/fixtures.html",
        {
            "league": league,
            "season": season,
            "rounds": rounds,
            "several_divisions": len(tiers) > 1,
            "now_min": timezone.now().strftime(forms.PICKER_FORMAT),
            "is_organiser": services.is_organiser(league, request.user),
        },
    )
