"""Existing leagues meet the consent rules (docs/leagues.md, "Consent and clocks").

- A league whose games could be decided before a human can move (a realtime clock: fixtures
  start when a round opens, with nobody at the board; or rounds shorter than a day) gets the
  default correspondence clock (3 days per move) and at least 24 hours per round. The change is
  written to the league's audit log, by the site (no actor).
- A player an organiser added without asking, who has not played a season yet, is no longer a
  player: they get a pending invitation from that organiser, to accept or decline.
"""

from django.db import migrations

MIN_ROUND_HOURS = 24
STARTED = ("running", "finished", "closed")


def forwards(apps, schema_editor):
    League = apps.get_model("leagues", "League")
    Member = apps.get_model("leagues", "Member")
    Entry = apps.get_model("leagues", "Entry")
    Invitation = apps.get_model("leagues", "Invitation")
    AuditLog = apps.get_model("leagues", "AuditLog")

    for league in League.objects.all():
        changes = []
        if league.clock_kind == "realtime":
            league.clock_kind = "correspondence"
            league.clock_base_seconds = league.clock_increment_seconds = 0
            league.clock_days_per_move = 3
            changes.append("the clock to correspondence, 3 days per move")
        if league.round_hours < MIN_ROUND_HOURS:
            league.round_hours = MIN_ROUND_HOURS
            changes.append(f"rounds to {MIN_ROUND_HOURS} hours")
        if changes:
            league.save()
            AuditLog.objects.create(
                league=league,
                actor=None,
                action="site_rules",
                summary="the site set " + " and ".join(changes),
                reason="league clocks must leave every player time to move",
                data={"changes": changes},
            )

    added = {}  # (league, user) -> the organiser who last added them
    for row in AuditLog.objects.filter(action="add_player").order_by("created_at", "id"):
        user_id = (row.data or {}).get("user")
        if user_id is not None:
            added[(row.league_id, user_id)] = row.actor_id
    for (league_id, user_id), organiser_id in added.items():
        member = Member.objects.filter(league_id=league_id, user_id=user_id, is_player=True).first()
        if member is None or organiser_id is None:
            continue
        if Entry.objects.filter(
            season__league_id=league_id, user_id=user_id, season__status__in=STARTED
        ).exists():
            continue  # they have played: an organiser may withdraw them if they object
        member.is_player = False
        member.save(update_fields=["is_player"])
        Invitation.objects.get_or_create(
            league_id=league_id, user_id=user_id, status="pending",
            defaults={"invited_by_id": organiser_id},
        )


class Migration(migrations.Migration):
    dependencies = [("leagues", "0003_invitations_ruleset_revocable_invite_link")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
