"""Every move rewrites its game's row. PostgreSQL can do that in place (a HOT update: no new
index entries, the old version pruned within its page, no table bloat) only if no indexed
column changes and the page has room for the new version. So: no index on `deadline_at`
(rewritten by every clocked move; the clock sweep finds overdue games by `status`), and
pages filled to 60 % by inserts, leaving room for the next versions (docs/operations.md).
"""

from django.db import migrations, models

GAME_FILLFACTOR = 60


def _set_fillfactor(value):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor != "postgresql":
            return  # SQLite rewrites a row its own way; there is nothing to tune
        table = schema_editor.quote_name(apps.get_model("games", "Game")._meta.db_table)
        schema_editor.execute(f"ALTER TABLE {table} SET (fillfactor = {int(value)})")

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0002_table_ruleset_duel"),
    ]

    operations = [
        migrations.AlterField(
            model_name="game",
            name="deadline_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(_set_fillfactor(GAME_FILLFACTOR), _set_fillfactor(100)),
    ]
