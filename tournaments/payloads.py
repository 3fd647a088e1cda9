"""The JSON shapes of tournaments, standings, rounds and pairings (the API, the live feed and the
frozen final standings)."""

from accounts.payloads import user_ref

from . import selectors
from .models import Entry, Tournament


def _iso(moment):
    return moment.isoformat() if moment else None


def number(value):
    """Points as JSON: whole numbers as int, others rounded to 2 places."""
    if value is None:
        return None
    value = float(value)
    return int(value) if value.is_integer() else round(value, 2)


def clock_payload(tournament):
    return {"kind": tournament.clock_kind, "base_seconds": tournament.clock_base_seconds,
            "increment_seconds": tournament.clock_increment_seconds,
            "days_per_move": tournament.clock_days_per_move}


def _entry_for(tournament, viewer):
    """The viewer's entry: read with the list when it was (selectors.visible_tournaments)."""
    read = getattr(tournament, "viewer_entries", None)
    if read is not None:
        return read[0] if read else None
    return selectors.entry_of(tournament, viewer)


def tournament_payload(tournament, viewer=None, *, players=None):
    """The tournament's settings and state; `viewer`'s own entry and role."""
    entry = _entry_for(tournament, viewer)
    organiser = viewer is not None and getattr(viewer, "pk", None) == tournament.created_by_id
    if players is None:
        players = getattr(tournament, "players", None)
    if players is None:
        players = selectors.active_count(tournament)
    return {
        "id": tournament.pk,
        "name": tournament.name,
        "description": tournament.description,
        "format": tournament.format,
        "visibility": tournament.visibility,
        "has_password": bool(tournament.password),
        "ruleset": tournament.ruleset,
        "players_per_game": tournament.players_per_game,
        "variant": tournament.variant,
        "rated": tournament.rated,
        "bots_allowed": tournament.bots_allowed,
        "clock": clock_payload(tournament),
        "max_players": tournament.max_players,
        "rounds": tournament.rounds,
        "duration_minutes": tournament.duration_minutes,
        "best_of": tournament.best_of,
        "round_hours": tournament.round_hours,
        "duplicate_deals": tournament.duplicate_deals,
        "placement_points": tournament.placement_points,
        "starts_at": _iso(tournament.starts_at),
        "started_at": _iso(tournament.started_at),
        "ends_at": _iso(tournament.ends_at),
        "finished_at": _iso(tournament.finished_at),
        "status": tournament.status,
        "paused": tournament.paused,
        "current_round": tournament.current_round,
        "players": players,
        "created_by": user_ref(tournament.created_by),
        "created_at": _iso(tournament.created_at),
        "organiser": organiser,
        "me": {"entry": entry.pk, "status": entry.status, "no_shows": entry.no_shows}
        if entry else None,
        "invite_code": tournament.invite_code if organiser else None,
    }


# Rows in a page of standings: the live feed sends the first page (the top) to every socket, the
# pages and the API the page asked for; a 2,000-player arena's whole table is ~900 KiB.
STANDINGS_PAGE = 50


def standings_payload(rows):
    return [
        {
            "place": row.place,
            "entry": row.player.entry,
            "username": row.player.username,
            "display_name": row.player.display_name,
            "is_bot": row.player.is_bot,
            "rating": row.player.rating,
            "active": row.player.active,
            "late": row.player.late,
            "points": number(row.points),
            "games": row.games,
            "wins": row.wins,
            "draws": row.draws,
            "losses": row.losses,
            "byes": row.byes,
            "tiebreaks": {key: number(value) for key, value in row.tiebreaks.items()},
            "arena": row.arena,
            "eliminated_in": row.eliminated_in,
        }
        for row in rows
    ]


def page_number(value):
    """A page asked for (a query parameter): a whole number from 1, else the first page."""
    try:
        return max(1, int(value))
    except (TypeError, ValueError):
        return 1


def standings_of(tournament, page=1, viewer_entry=None):
    """One page of the standings (STANDINGS_PAGE rows; a page past the last reads the last):
    the final ones once frozen, else as they stand. `final`, `count` (rows in all), `page`,
    `pages`, and `mine`: the viewer's {"place", "page"} when `viewer_entry` has a row, else
    None."""
    final = tournament.status == Tournament.Status.FINISHED and tournament.standings is not None
    rows = tournament.standings if final else selectors.current_standings(tournament)
    pages = max(1, -(-len(rows) // STANDINGS_PAGE))
    page = min(page_number(page), pages)
    shown = rows[(page - 1) * STANDINGS_PAGE:page * STANDINGS_PAGE]
    mine = None
    if viewer_entry is not None:
        entry_of = (lambda row: row["entry"]) if final else (lambda row: row.player.entry)
        index = next((i for i, row in enumerate(rows) if entry_of(row) == viewer_entry.pk), None)
        if index is not None:
            mine = {"place": index + 1, "page": index // STANDINGS_PAGE + 1}
    return {"final": final, "rows": shown if final else standings_payload(shown),
            "count": len(rows), "page": page, "pages": pages, "mine": mine}


def pairing_payload(pairing):
    game = getattr(pairing.table, "game", None) if pairing.table_id else None
    return {
        "id": pairing.pk,
        "round": pairing.round.number if pairing.round_id else None,
        "board": pairing.board,
        "game_number": pairing.game_number,
        "kind": pairing.kind,
        "status": pairing.status,
        "decided_by": pairing.decided_by or None,
        "table": pairing.table_id,
        "game": game.pk if game else None,
        "deadline_at": _iso(pairing.deadline_at),
        "players": [
            {"entry": p.entry_id, **user_ref(p.entry.user), "order": p.order, "place": p.place,
             "points": number(p.points), "score": p.score, "berserk": p.berserk,
             "no_show": p.no_show}
            for p in pairing.players.all()
        ],
    }


def round_payload(round_):
    """A round read by selectors.rounds, with its pairings."""
    return {
        "number": round_.number,
        "status": round_.status,
        "started_at": _iso(round_.started_at),
        "deadline_at": _iso(round_.deadline_at),
        "finished_at": _iso(round_.finished_at),
        "duplicate_deal": round_.seed is not None,
        "pairings": [pairing_payload(p) for p in round_.shown_pairings],
    }


def current_pairings(tournament):
    """The current round's pairings (an arena's latest games)."""
    if tournament.format == Tournament.Format.ARENA:
        return [pairing_payload(p) for p in selectors.pairings_of_round(tournament, None)]
    return [pairing_payload(p)
            for p in selectors.pairings_of_round(tournament, tournament.current_round)]


def entry_payload(entry):
    return {"id": entry.pk, **user_ref(entry.user), "is_bot": entry.user.is_bot,
            "rating": entry.seed_rating, "status": entry.status, "late": entry.late,
            "no_shows": entry.no_shows, "joined_at": _iso(entry.joined_at)}


def detail_payload(tournament, viewer=None, standings_page=1):
    """Everything a tournament's page shows: settings, players, a page of the standings (the
    first unless asked), current pairings."""
    entries = selectors.entries(tournament)
    body = tournament_payload(
        tournament, viewer, players=sum(1 for e in entries if e.status == Entry.Status.ACTIVE))
    body["entries"] = [entry_payload(e) for e in entries]
    viewer_id = getattr(viewer, "pk", None)
    mine = next((e for e in entries if viewer_id is not None and e.user_id == viewer_id), None)
    body["standings"] = standings_of(tournament, standings_page, mine)
    body["pairings"] = current_pairings(tournament)
    return body


def live_payload(tournament_id):
    """What the live feed sends after a change: state, the standings' first page (the top, and
    how many rows and pages there are: the same for every socket) and current pairings."""
    tournament = selectors.tournament_by_id(tournament_id)
    if tournament is None:
        return None
    return {
        "tournament": tournament.pk,
        "status": tournament.status,
        "paused": tournament.paused,
        "current_round": tournament.current_round,
        "players": selectors.active_count(tournament),
        "standings": standings_of(tournament),
        "pairings": current_pairings(tournament),
    }


def audit_payload(row):
    return {"id": row.pk, "at": _iso(row.created_at),
            "actor": row.actor.username if row.actor_id else None, "action": row.action,
            "summary": row.text, "reason": row.reason, "data": row.data}



def add_match_wins(pairings):
    """A knockout round's pairing payloads, each seat given `match_wins`: the games it has won
    in its match so far (the match's games share a board)."""
    wins = {}
    for pairing in pairings:
        if pairing["kind"] == "game" and pairing["status"] == "done":
            winners = [seat["entry"] for seat in pairing["players"] if seat["place"] == 1]
            if len(winners) == 1:  # a drawn game is replayed: nobody's win
                key = (pairing["board"], winners[0])
                wins[key] = wins.get(key, 0) + 1
    for pairing in pairings:
        for seat in pairing["players"]:
            seat["match_wins"] = wins.get((pairing["board"], seat["entry"]), 0)
    return pairings
