"""Today's Elo figures become Glicko-2 / Plackett–Luce ones by recomputing every rated game from
the history, in finish order: never by copying an Elo number into a Glicko rating (the scales and
their meaning differ). The same code as `manage.py recompute_ratings` (ratings.rebuild)."""

from django.db import migrations


def recompute(apps, schema_editor):
    from ratings import rebuild

    rebuild.recompute(
        apps.get_model("games", "Game"),
        apps.get_model("games", "Seat"),
        apps.get_model("ratings", "Rating"),
        apps.get_model("ratings", "RatingChange"),
        apps.get_model("accounts", "User"),
    )


class Migration(migrations.Migration):
    dependencies = [
        ("ratings", "0002_glicko_deviation"),
        ("games", "0003_game_row_updated_in_place"),
        ("accounts", "0008_user_follow_policy_deleted_at"),
    ]

    # Going back leaves the recomputed figures (the old model's numbers are not kept).
    operations = [migrations.RunPython(recompute, migrations.RunPython.noop)]
