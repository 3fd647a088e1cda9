"""azulsite.collector: the collector settings of a daphne process, and its keeper's steps."""

import gc
import weakref

import pytest

from azulsite import collector


class Cycle:
    def __init__(self):
        self.me = self


@pytest.fixture
def collections():
    watching = collector.Collections()
    gc.callbacks.append(watching)
    yield watching
    gc.callbacks.remove(watching)


@pytest.mark.parametrize(("value", "expected"), [
    ("", (10_000, 10, 10)), ("5000,20,30", (5000, 20, 30)), ("5000", (10_000, 10, 10)),
    ("a,b,c", (10_000, 10, 10)),
])
def test_thresholds_come_from_the_environment(monkeypatch, value, expected):
    monkeypatch.setenv("GC_THRESHOLDS", value)
    assert collector._thresholds() == expected


def test_pauses_are_counted_per_generation(collections):
    gc.collect(0)
    gc.collect()
    assert collections.count[0] >= 1
    assert collections.count[2] >= 1
    assert collections.longest[2] > 0
    assert collections.longest_cpu[2] > 0
    assert collections.full_ended.is_set()
    assert "gen2" in collections.line()
    collections.reset()
    assert collections.count == [0, 0, 0]


def test_the_survivors_of_a_full_collection_are_frozen_and_freed_at_the_next_unfreeze(
    collections,
):
    keeper = collector.Keeper(collections, freeze_after_full=True, unfreeze_every=600,
                              report_every=0, now=0)
    survivor = Cycle()
    gone = weakref.ref(survivor)
    gc.collect()
    frozen = gc.get_freeze_count()
    keeper.step(now=1)
    assert gc.get_freeze_count() > frozen  # the survivors are out of later collections' reach
    assert not collections.full_ended.is_set()
    del survivor  # garbage now, in a cycle, but frozen: no collection frees it ...
    gc.collect()
    assert gone() is not None
    keeper.step(now=601)  # ... until the period's unfreeze and collection
    assert gone() is None
    assert keeper.next_unfreeze == 1201


def test_without_freezing_nothing_is_frozen_after_a_full_collection(collections):
    keeper = collector.Keeper(collections, freeze_after_full=False, unfreeze_every=600,
                              report_every=0, now=0)
    gc.collect()
    frozen = gc.get_freeze_count()
    keeper.step(now=700)
    assert gc.get_freeze_count() == frozen
    assert keeper.next_unfreeze is None
