"""League pages hear of changes (results, rounds, players) on the group `league-<id>`, only after
the transaction that made them commits. The message names what to re-read, not the data: each
page fetches the public API it already renders from, with its own permissions."""

import logging

from django.db import transaction

from realtime import broadcast

log = logging.getLogger(__name__)


def league_group(league_id):
    return f"league-{league_id}"


def league_changed_after_commit(league_id):
    transaction.on_commit(lambda: send_league_changed(league_id))


def send_league_changed(league_id):
    try:
        broadcast.group_send(league_group(league_id), {"type": "league.changed", "league": league_id})
    except Exception:  # a broker hiccup must not undo a committed result: pages re-read later
        log.exception("could not tell the pages of league %s about a change", league_id)
