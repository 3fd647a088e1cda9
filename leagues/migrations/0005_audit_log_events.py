"""The organisers' log stores events, not English sentences (leagues.audit_events puts them into
the reader's words).

Each existing row's sentence is read back into its event's parameters where its pattern is
known, and then emptied; a row whose sentence matches no pattern keeps it, and is shown as it is.
Backwards, every converted row gets its English sentence again.
"""

import re

from django.db import migrations, models
from django.utils import translation

NAME = r"(?P<name>\S+)"
PATTERNS = {  # action -> [(pattern, fixed parameters)]
    "create_league": [(rf"{NAME} created the league", {})],
    "remove_player": [(rf"removed {NAME}", {})],
    "withdraw_player": [(rf"withdrew {NAME}", {})],
    "set_organiser": [(rf"made {NAME} an organiser", {"organiser": True}),
                      (rf"removed {NAME} as organiser", {"organiser": False})],
    "invite_player": [(rf"invited {NAME}", {})],
    "revoke_invitation": [(rf"revoked the invitation of {NAME}", {})],
    "accept_invitation": [(rf"{NAME} accepted the invitation", {})],
    "decline_invitation": [(rf"{NAME} declined the invitation", {})],
    "reset_invite_link": [(r"made a new invite link", {})],
    "revoke_invite_link": [(r"revoked the invite link", {})],
    "update_season": [(r"set the dates of season (?P<season>\d+)", {})],
    "start_season": [(r"started season (?P<season>\d+): (?P<players>\d+) players?, "
                      r"(?P<divisions>\d+) divisions?, (?P<rounds>\d+) rounds?", {})],
    "close_season": [(r"closed season (?P<season>\d+)(?:: (?P<moves>.*))?", {})],
    "override_result": [(r"set the result of fixture (?P<fixture>\d+): (?P<places>.*)", {})],
    "extend_deadline": [(r"extended fixture (?P<fixture>\d+) to .*", {})],
    "site_rules": [(r"the site set (?P<changes>.*)", {})],
}
NUMBERS = ("season", "players", "divisions", "rounds", "fixture")


def _moves(text):
    moves = []
    for part in (text or "").split("; ") if text else []:
        found = re.fullmatch(r"(\S+) (up|down) to (\d+)", part)
        if not found:
            return None
        moves.append({"name": found[1], "tier": int(found[3]), "up": found[2] == "up"})
    return moves


def _places(text):
    places = []
    for part in text.split(", "):
        found = re.fullmatch(r"(\S+) (\d+)", part)
        if not found:
            return None
        places.append([found[1], int(found[2])])
    return places


def _changes(text):
    found = {}
    for part in text.split(" and "):
        if clock := re.fullmatch(r"the clock to correspondence, (\d+) days per move", part):
            found["days_per_move"] = int(clock[1])
        elif hours := re.fullmatch(r"rounds to (\d+) hours", part):
            found["round_hours"] = int(hours[1])
        else:
            return None
    return found


def parameters(action, summary, data):
    """The event's parameters read from an old row's sentence (merged into its data); None when
    the sentence matches none of its action's patterns."""
    for pattern, fixed in PATTERNS.get(action, []):
        found = re.fullmatch(pattern, summary)
        if not found:
            continue
        read = {key: value for key, value in found.groupdict().items() if value is not None}
        for key in NUMBERS:
            if key in read:
                read[key] = int(read[key])
        if action == "close_season":
            read["moves"] = _moves(read.get("moves"))
            if read["moves"] is None:
                return None
        if action == "override_result":
            read["places"] = _places(read["places"])
            if read["places"] is None:
                return None
        if action == "extend_deadline" and "after" not in (data or {}):
            return None
        if action == "site_rules":
            changes = _changes(read.pop("changes"))
            if changes is None:
                return None
            read.update(changes)
        return {**(data or {}), **read, **fixed}
    return None


def forwards(apps, schema_editor):
    AuditLog = apps.get_model("leagues", "AuditLog")
    for row in AuditLog.objects.exclude(summary="").iterator():
        converted = parameters(row.action, row.summary, row.data)
        if converted is not None:
            row.data, row.summary = converted, ""
            row.save(update_fields=["data", "summary"])


def backwards(apps, schema_editor):
    from leagues.audit_events import describe

    AuditLog = apps.get_model("leagues", "AuditLog")
    with translation.override("en"):
        for row in AuditLog.objects.filter(summary="").iterator():
            row.summary = describe(row.action, row.data)[:300]
            row.save(update_fields=["summary"])


class Migration(migrations.Migration):
    dependencies = [("leagues", "0004_league_clocks_and_added_players_need_consent")]

    operations = [
        migrations.AlterField(
            model_name="auditlog",
            name="summary",
            field=models.CharField(blank=True, default="", max_length=300),
        ),
        migrations.RunPython(forwards, backwards),
    ]
