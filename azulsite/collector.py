"""Python's cyclic garbage collector in a daphne process: tuned for short pauses, measured on
request.

A daphne process serves all its sockets from one event loop, so every collection stops all of
them, and a full one walks every object the process holds that is not frozen: with a thousand
sockets, hundreds of thousands of objects (docs/operations.md, "Pauses"). Settings (environment):

- GC_THRESHOLDS (default "10000,10,10"; Python's is 700,10,10): how many allocations start a
  young collection, and how many young collections an older one. At 700 a move's own objects,
  alive while it is in flight, are examined several times, survive into the older generations and
  bring the next full collection sooner; at 10,000 most die young first (reference counting), and
  a young collection still walks few objects. Measured in docs/operations.md, "Pauses".
- GC_FREEZE_AFTER_FULL (default on): after each full collection, freeze what survived (sockets,
  sessions: long-lived), so the next full collections walk only what came since.
- GC_UNFREEZE_EVERY_SECONDS (default 600): once in that time, collect everything, the frozen heap
  included, and freeze again: frozen objects that became garbage in cycles (closed sockets) are
  freed then, so memory stays bounded. One long pause per period instead of one per full
  collection.
- GC_PAUSE_LOG_SECONDS (default 0: off): log every N seconds how many collections of each
  generation ran, the longest (wall and CPU time) and their total CPU time (logger `azulsite.gc`,
  at INFO whatever LOG_LEVEL says): what `bench/ws_load.py` reports.
"""

import gc
import logging
import os
import threading
import time

log = logging.getLogger("azulsite.gc")

THRESHOLDS = (10_000, 10, 10)


def _number(name, default):
    try:
        return float(os.environ.get(name, "") or default)
    except ValueError:
        return default


def _thresholds():
    try:
        values = tuple(int(part) for part in os.environ.get("GC_THRESHOLDS", "").split(","))
    except ValueError:
        return THRESHOLDS
    return values if len(values) == 3 else THRESHOLDS


class Collections:
    """Watches every collection: per generation since the last report, how many, the longest in
    wall time and in CPU time (the thread's: on a shared machine a collection's wall time also
    counts the time the process waited for a core), and the total CPU; and whether a full
    collection ended (to freeze its survivors)."""

    def __init__(self):
        self.started = None
        self.full_ended = threading.Event()
        self.reset()

    def reset(self):
        self.count = [0, 0, 0]
        self.longest = [0.0, 0.0, 0.0]
        self.longest_cpu = [0.0, 0.0, 0.0]
        self.total_cpu = [0.0, 0.0, 0.0]

    def __call__(self, phase, info):
        if phase == "start":
            self.started = (time.perf_counter(), time.thread_time())
            return
        if self.started is None:
            return
        wall = time.perf_counter() - self.started[0]
        cpu = time.thread_time() - self.started[1]
        generation = info["generation"]
        self.count[generation] += 1
        self.longest[generation] = max(self.longest[generation], wall)
        self.longest_cpu[generation] = max(self.longest_cpu[generation], cpu)
        self.total_cpu[generation] += cpu
        self.started = None
        if generation == 2:
            self.full_ended.set()

    def line(self):
        parts = [f"gen{g} {self.count[g]} × max {1000 * self.longest[g]:.1f} ms "
                 f"(CPU {1000 * self.longest_cpu[g]:.1f} ms) CPU total "
                 f"{1000 * self.total_cpu[g]:.1f} ms" for g in range(3)]
        return f"gc pauses: {'; '.join(parts)}; pending {gc.get_count()}"


def configure():
    """Tune this process's collector (call once the application is loaded: its heap is frozen
    here) and start the thread that freezes, unfreezes and reports."""
    gc.set_threshold(*_thresholds())
    # Everything loaded so far (Django, the apps, their modules) lives as long as the process.
    gc.freeze()
    collections = Collections()
    gc.callbacks.append(collections)
    keeper = Keeper(
        collections,
        freeze_after_full=os.environ.get("GC_FREEZE_AFTER_FULL", "1").lower() not in ("0", "false"),
        unfreeze_every=_number("GC_UNFREEZE_EVERY_SECONDS", 600.0),
        report_every=_number("GC_PAUSE_LOG_SECONDS", 0.0),
    )
    if keeper.freeze_after_full or keeper.report_every:
        threading.Thread(target=keeper.run, name="gc", daemon=True).start()
    return keeper


class Keeper:
    """What the collector's thread does each second: freeze the survivors of a full collection,
    unfreeze and collect everything once a period, log the pauses."""

    def __init__(self, collections, *, freeze_after_full, unfreeze_every, report_every, now=None):
        now = time.monotonic() if now is None else now
        self.collections = collections
        self.freeze_after_full = freeze_after_full
        self.report_every = report_every
        self.unfreeze_every = unfreeze_every if freeze_after_full else 0
        self.next_unfreeze = now + self.unfreeze_every if self.unfreeze_every else None
        self.next_report = now + report_every if report_every else None
        if report_every:
            log.setLevel(logging.INFO)

    def run(self):
        while True:
            time.sleep(1.0)
            self.step(time.monotonic())

    def step(self, now):
        if self.freeze_after_full and self.collections.full_ended.is_set():
            self.collections.full_ended.clear()
            gc.freeze()  # a list splice: no pause
        if self.next_unfreeze is not None and now >= self.next_unfreeze:
            gc.unfreeze()
            gc.collect()
            gc.freeze()
            self.collections.full_ended.clear()
            self.next_unfreeze = now + self.unfreeze_every
        if self.next_report is not None and now >= self.next_report:
            log.info("%s", self.collections.line())
            self.collections.reset()
            self.next_report = now + self.report_every
