"""The OpenAPI schema tells the truth: schemathesis generates requests from /api/schema/ and sends
them to a real daphne on PostgreSQL, as a token-authenticated player who sits in games and
organises a league, so that protected endpoints run their logic, not only their 401.

Checks: every one schemathesis has (no 5xx, documented statuses, content types and headers,
bodies matching their schemas, auth that is not ignored, resources that stay consistent...),
except the two that judge how strict validation is rather than whether the schema is true:
`positive_data_acceptance` (schema-valid requests can still break a documented rule, answered
400 `invalid` as docs/api.md says: bots do not join leagues, a seat must exist at that table,
a password must not be common) and `negative_data_rejection` (DRF reads `"rated": 0` as false
and an empty query parameter as absent, on purpose).

Bounded by the hypothesis profile (tests/support/hypothesis_profiles.py), with a fixed seed:
under "ci" (`make test`) 4 examples per operation in the examples, fuzzing and stateful phases
(575 requests, ~32 s); under "thorough" (`make test-thorough`) 50 examples and the coverage
phase too, whose boundary values of every parameter are ~3,200 requests more (88 s on a quiet
machine, the most expensive test of the suite). Bad input at each endpoint also has its own tests
(the `test_bad_*` and `*_refused*` tests of each app).
"""

import os
import re
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from accounts.services import api_token_for
from games import services as games
from leagues import services as leagues
from tournaments import services as tournaments

pytestmark = pytest.mark.requires("postgres")

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
EXAMPLES_PER_OPERATION = 50 if THOROUGH else 4
PHASES = "examples,coverage,fuzzing,stateful" if THOROUGH else "examples,fuzzing,stateful"
TIME_LIMIT_SECONDS = 1800 if THOROUGH else 400  # ci: ~32 s on a quiet machine, minutes on a loaded one
EXCLUDED_CHECKS = "positive_data_acceptance,negative_data_rejection"


def _world(make_user):
    """A player with a token, the games and league that the path ids are drawn from."""
    fuzzer, bob = make_user("fuzzer"), make_user("bob")
    open_table = games.create_table(fuzzer, players=3)
    running = []
    for _ in range(2):
        table = games.create_table(fuzzer, players=2)
        games.join_table(table.pk, bob)
        running.append(games.start_table(table.pk, fuzzer))
    finished = running.pop()
    games.resign(finished.pk, bob)
    league = leagues.create_league(fuzzer, name="Fuzzed league")
    waiting = tournaments.create_tournament(
        fuzzer, name="Fuzzed cup", starts_at=timezone.now() + timedelta(hours=1),
        clock={"kind": "realtime", "base_seconds": 300}, bots_allowed=True)
    tournaments.join(waiting.pk, bob)
    playing = tournaments.create_tournament(
        fuzzer, name="Fuzzed arena", format="arena", starts_at=timezone.now() + timedelta(hours=1),
        clock={"kind": "realtime", "base_seconds": 300})
    for player in (fuzzer, bob):
        tournaments.join(playing.pk, player)
    tournaments.start_tournament(playing.pk, by_user=fuzzer)
    return {
        "token": api_token_for(fuzzer),
        "table_ids": [open_table.pk, *(game.table_id for game in running + [finished])],
        "game_ids": [game.pk for game in running + [finished]],
        "league_ids": [league.pk],
        "season_ids": list(league.seasons.values_list("pk", flat=True)),
        "usernames": ["fuzzer", "bob"],
        "tournament_ids": [waiting.pk, playing.pk],
    }


def _config(world) -> str:
    """schemathesis.toml: path parameters mostly drawn from what exists."""
    lines = []
    bindings = {
        "table_id": "table_ids",
        "game_id": "game_ids",
        "league_id": "league_ids",
        "season_id": "season_ids",
        "username": "usernames",
        "tournament_id": "tournament_ids",
    }
    for name in bindings.values():
        values = ", ".join(repr(v) if isinstance(v, int) else f'"{v}"' for v in world[name])
        lines += [f"[dictionaries.{name}]", f"values = [{values}]", ""]
    lines.append("[parameters]")
    for parameter, dictionary in bindings.items():
        lines.append(f'"path.{parameter}" = {{ dictionary = "{dictionary}", probability = 0.7 }}')
    return "\n".join(lines) + "\n"


@pytest.mark.long  # starts first: tests/conftest.py
@pytest.mark.timeout(TIME_LIMIT_SECONDS + 20)
def test_schemathesis_finds_no_server_error_and_no_schema_violation(
    live_daphne, make_user, tmp_path
):
    world = _world(make_user)
    config = tmp_path / "schemathesis.toml"
    config.write_text(_config(world))
    command = [
        str(Path(sys.executable).with_name("st")),
        "--config-file", str(config),
        "run", f"{live_daphne.url}/api/schema/?format=json",
        "--header", f"Authorization: Token {world['token']}",
        "--checks", "all",
        "--exclude-checks", EXCLUDED_CHECKS,
        "--max-examples", str(EXAMPLES_PER_OPERATION),
        "--phases", PHASES,
        "--seed", "20261201",
        "--generation-allow-x00", "false",  # DRF refuses NUL in text, as PostgreSQL must
        "--request-timeout", "30",
        "--workers", "1",  # 2 threads once failed in hypothesis: CPython 3.11 ast.parse SystemError, gh-106905
        "--no-color",
    ]  # fmt: skip

    run = subprocess.run(
        command, capture_output=True, text=True, timeout=TIME_LIMIT_SECONDS, cwd=tmp_path
    )

    report = run.stdout + run.stderr
    assert run.returncode == 0, report[-12000:]
    tested = re.search(r"Selected: (\d+)/\d+\s+Tested: (\d+)", report)
    assert tested, report[-3000:]
    assert tested[1] == tested[2], report[-3000:]
    assert int(tested[2]) >= 40, report[-3000:]
