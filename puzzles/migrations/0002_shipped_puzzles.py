"""The shipped puzzles (docs/puzzles.md, "The shipped set"): a fresh site has them after `migrate`.

Read from puzzles/data/shipped.json.gz, made by bench/mine_shipped_puzzles.py; a puzzle whose key is
stored already is skipped, so the migration may meet puzzles mined on the site first."""

import gzip
import json
from pathlib import Path

from django.db import migrations

DATA = Path(__file__).resolve().parents[1] / "data" / "shipped.json.gz"
START_RATING, PRIOR_SPAN = 1500.0, 200.0  # as puzzles.services.prior_rating (a migration keeps its own)


def prior_rating(check_gap):
    return START_RATING + PRIOR_SPAN * max(-1.0, min(1.0, (8.0 - check_gap) / 4.0))


def load(apps, schema_editor):
    Puzzle = apps.get_model("puzzles", "Puzzle")
    data = json.loads(gzip.decompress(DATA.read_bytes()))
    Puzzle.objects.bulk_create([Puzzle(
        key=row["key"], ruleset=row["ruleset"], players=row["players"], variant=row["variant"],
        state=row["state"], solution=row["solution"], alternative=row["alternative"], gap=row["gap"],
        check_gap=row["check_gap"], explanation=row["explanation"],
        themes="," + ",".join(row["themes"]) + "," if row["themes"] else "", source="shipped",
        ply=row["ply"], rating=prior_rating(row["check_gap"]),
    ) for row in data["puzzles"]], ignore_conflicts=True, batch_size=200)


def unload(apps, schema_editor):
    apps.get_model("puzzles", "Puzzle").objects.filter(source="shipped").delete()


class Migration(migrations.Migration):
    dependencies = [("puzzles", "0001_initial")]

    operations = [migrations.RunPython(load, unload)]
