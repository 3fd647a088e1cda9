"""The JSON shapes of leagues, seasons, standings and fixtures (API and pages' data)."""

from fractions import Fraction

from accounts.payloads import user_ref

from . import selectors


def number(value):
    """Points as JSON: whole numbers as int, halves and thirds as floats rounded to 2 places."""
    if value is None:
        return None
    value = Fraction(value)
    return int(value) if value.denominator == 1 else round(float(value), 2)


def league_payload(league, user=None, *, organiser=False):
    seasons = selectors.seasons(league)
    season = seasons[-1] if seasons else None
    body = {
        "id": league.pk,
        "name": league.name,
        "description": league.description,
        "visibility": league.visibility,
        "ruleset": league.ruleset,
        "players_per_game": league.players_per_game,
        "variant": league.variant,
        "rated": league.rated,
        "clock": league_summary(league)["clock"],
        "points_per_place": league.points_per_place,
        "draw_points": number(league.draw_points),
        "tie_breaks": league.tie_breaks,
        "cycles": league.cycles,
        "deadline_rule": league.deadline_rule,
        "round_hours": league.round_hours,
        "divisions": league.divisions,
        "promotion": league.promotion,
        "created_by": league.created_by.username,
        "created_at": league.created_at.isoformat(),
        "current_season": season_summary(season) if season else None,
        "seasons": [season_summary(s) for s in seasons],
        "members": [
            {**user_ref(m.user), "organiser": m.is_organiser, "player": m.is_player}
            for m in selectors.members(league)
        ],
        "invite_code": league.invite_code if organiser else None,
    }
    return body


def season_summary(season):
    return {
        "id": season.pk,
        "number": season.number,
        "status": season.status,
        "registration_closes_at": _iso(season.registration_closes_at),
        "starts_at": _iso(season.starts_at),
        "started_at": _iso(season.started_at),
        "finished_at": _iso(season.finished_at),
    }


def _iso(value):
    return value.isoformat() if value else None


def standings_payload(season):
    return {
        "season": season_summary(season),
        "divisions": [
            {
                "tier": division.tier,
                "name": division.name,
                "rows": [row_payload(row) for row in selectors.division_table(division)],
            }
            for division in selectors.divisions(season)
        ],
    }


def row_payload(row):
    return {
        "place": row.place,
        "username": row.username,
        "display_name": row.display_name,
        "withdrawn": row.withdrawn,
        "played": row.played,
        "wins": row.wins,
        "draws": row.draws,
        "losses": row.losses,
        "points": number(row.points),
        "score": row.score,
        "head_to_head": number(row.head_to_head),
        "movement": row.movement,
    }


def _unknown_user(uid):
    return {"username": str(uid), "display_name": str(uid)}


def fixture_payload(fixture):
    """A fixture with its players as {username, display_name}, in seat order (pages show the
    display name, as the standings do; the username identifies)."""
    users = {fp.user_id: user_ref(fp.user) for fp in fixture.players.all()}
    result = None
    if fixture.result:
        result = [
            {
                **users.get(int(uid), _unknown_user(uid)),
                "place": place,
                "score": fixture.result["scores"].get(uid, 0),
            }
            for uid, place in sorted(fixture.result["places"].items(), key=lambda i: i[1])
        ]
    game = getattr(fixture.table, "game", None) if fixture.table_id else None
    return {
        "id": fixture.pk,
        "round": fixture.round.number,
        "division": fixture.division.tier,
        "status": fixture.status,
        "players": [users[fp.user_id] for fp in fixture.players.all()],
        "deadline": _iso(fixture.deadline_at),
        "table": fixture.table_id,
        "game": game.pk if game else None,
        "game_status": game.status if game else None,
        "result": result,
        "decided_by": fixture.decided_by or None,
        "forfeits": [users.get(uid, _unknown_user(uid)) for uid in fixture.forfeits],
        "override_reason": fixture.override_reason or None,
    }


def league_summary(league):
    """What a player is asked to agree to: the game, its clock and the round length."""
    return {
        "id": league.pk,
        "name": league.name,
        "visibility": league.visibility,
        "ruleset": league.ruleset,
        "players_per_game": league.players_per_game,
        "variant": league.variant,
        "rated": league.rated,
        "clock": {
            "kind": league.clock_kind,
            "base_seconds": league.clock_base_seconds,
            "increment_seconds": league.clock_increment_seconds,
            "days_per_move": league.clock_days_per_move,
        },
        "round_hours": league.round_hours,
        "deadline_rule": league.deadline_rule,
    }


def invitation_payload(invitation):
    return {
        "id": invitation.pk,
        "league": league_summary(invitation.league),
        "user": user_ref(invitation.user),
        "invited_by": user_ref(invitation.invited_by),
        "status": invitation.status,
        "message": invitation.message,
        "created_at": invitation.created_at.isoformat(),
        "answered_at": _iso(invitation.answered_at),
    }


def fixtures_payload(season):
    by_division = selectors.entries_by_division(season)
    rounds = []
    for round_ in selectors.rounds_with_fixtures(season):
        byes = selectors.byes_of(round_, by_division)
        tiers = {
            entries[0].division.tier: div for div, entries in by_division.items() if div and entries
        }
        rounds.append(
            {
                "number": round_.number,
                "status": round_.status,
                "opened_at": _iso(round_.opened_at),
                "deadline": _iso(round_.deadline_at),
                "closed_at": _iso(round_.closed_at),
                "fixtures": [fixture_payload(f) for f in round_.fixtures.all()],
                "byes": {
                    str(tier): [user_ref(user) for user in byes.get(div, [])]
                    for tier, div in sorted(tiers.items())
                },
            }
        )
    return {"season": season_summary(season), "rounds": rounds}


def audit_payload(entry):
    return {
        "id": entry.pk,
        "at": entry.created_at.isoformat(),
        "actor": entry.actor.username if entry.actor else None,
        "action": entry.action,
        "summary": entry.text,  # in the request's language
        "reason": entry.reason,
    }
