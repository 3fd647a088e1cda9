"""Hypothesis profiles, chosen by HYPOTHESIS_PROFILE (imported by tests/conftest.py).

"ci" (the default, `make test`): few examples and a fixed derandomised search, so a run is
quick and a failure reproduces on the next run and on any machine. "thorough" (`make
test-thorough`): many more examples, freshly random each run, to find what the short one misses.
Neither has a deadline: a test's speed depends on the machine's load, not on the code under test.
Tests set their own settings only for what is theirs (health checks), never max_examples, so the
profile decides how long a run is.
"""

import os

from hypothesis import settings

settings.register_profile("ci", max_examples=60, deadline=None, derandomize=True,
                          print_blob=True)
settings.register_profile("thorough", max_examples=2000, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
