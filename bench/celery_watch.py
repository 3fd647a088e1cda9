"""What the Celery workers of a bench were doing (bench/tournament_load.py): each queue's length
and how long a task waits on it, sampled while the run lasts, and each task's time on a worker,
read from the workers' logs.

- **Queue length**: every `every` seconds, the length of each queue's Redis lists (kombu keeps a
  queue's priorities in lists of their own; ETA tasks a worker holds in memory are not counted).
- **Queue wait**: every `every` seconds a probe, Celery's own no-op task `celery.accumulate`, is
  sent to each queue; its wait is from its send to the worker logging it done (it runs in no
  time), so it is what any task sent then waited before a worker process took it.
- **Busy time**: every "Task <name>[<id>] succeeded in <s>s" line the workers logged during the
  run, summed by task name, and as a share of the processes' time (processes x the window).
"""

import re
import threading
import time
from collections import defaultdict
from datetime import datetime

from ws_load import percentile  # beside this script, as tournament_load.py imports both

LINE = re.compile(r"^\[(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}): \w+/[\w-]+\] Task ([\w.]+)"
                  r"\[([0-9a-f-]+)\] (?:received|succeeded in ([\d.]+)s)")
PROBE = "celery.accumulate"
PRIORITY_SEP = "\x06\x16"  # kombu's Redis transport: "<queue>\x06\x16<priority>"


def _stamp(text):
    return datetime.strptime(text, "%Y-%m-%d %H:%M:%S,%f").timestamp()


class CeleryWatch:
    """Samples `queues` (names) on the broker of `app` from a thread of its own between `start`
    and `stop`; `report` reads the workers' logs (`log_paths`)."""

    def __init__(self, app, queues, log_paths, every=1.0):
        self.app, self.queues, self.log_paths, self.every = app, list(queues), log_paths, every
        self.lengths = []  # (wall time, {queue: length})
        self.probes = {}  # task id -> (queue, sent at, wall time)
        self._stop = threading.Event()
        self._thread = None
        self.started = self.stopped = None

    def start(self):
        self.started = time.time()
        self._thread = threading.Thread(target=self._run, name="celery-watch", daemon=True)
        self._thread.start()

    def stop(self):
        self.stopped = time.time()
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)

    def _run(self):
        import redis

        client = redis.Redis.from_url(self.app.conf.broker_url)
        keys = {q: [q, *(f"{q}{PRIORITY_SEP}{p}" for p in (3, 6, 9))] for q in self.queues}
        while not self._stop.is_set():
            now = time.time()
            try:
                pipe = client.pipeline(transaction=False)
                for queue in self.queues:
                    for key in keys[queue]:
                        pipe.llen(key)
                counts = iter(pipe.execute())
                self.lengths.append((now, {q: sum(next(counts) for _ in keys[q])
                                           for q in self.queues}))
                for queue in self.queues:
                    probe = self.app.send_task(PROBE, queue=queue)
                    self.probes[probe.id] = (queue, now)
            except Exception as error:  # noqa: BLE001 - a sample lost is no reason to stop a run
                print(f"  celery watch: {error!r}")
            self._stop.wait(self.every)

    def _log_lines(self):
        for path in self.log_paths:
            try:
                text = path.read_text(errors="replace")
            except OSError:
                continue
            for line in text.splitlines():
                match = LINE.match(line)
                if match:
                    yield _stamp(match[1]), match[2], match[3], match[4]

    def report(self, processes, width=30.0):
        """Lines for the bench's report: per queue, the length and a probe's wait (overall and
        per `width` seconds of the run); per task, its count and time on the workers' processes
        (`processes`: how many there are in all)."""
        start, end = self.started, self.stopped or time.time()
        done_at, busy = {}, defaultdict(list)
        for at, name, task_id, seconds in self._log_lines():
            if seconds is None:
                continue
            if name == PROBE:
                done_at[task_id] = at
            elif start <= at <= end:
                busy[name].append(float(seconds))
        waits = defaultdict(list)  # queue -> [(sent at, wait or None)]
        for task_id, (queue, sent) in self.probes.items():
            at = done_at.get(task_id)
            waits[queue].append((sent, None if at is None else max(0.0, at - sent)))
        lines = []
        for queue in self.queues:
            lengths = [sample[queue] for _at, sample in self.lengths]
            got = sorted(w for _s, w in waits[queue] if w is not None)
            lost = sum(1 for _s, w in waits[queue] if w is None)
            if not lengths:
                continue
            lines.append(
                f"  queue {queue}: length mean {sum(lengths) / len(lengths):.1f}, max {max(lengths)}; "
                f"a task's wait (probe sent -> done) "
                + (f"p50 {percentile(got, 0.5):.2f}  p95 {percentile(got, 0.95):.2f}  max {got[-1]:.2f} s"
                   if got else "none measured")
                + (f"; {lost} probes not done by the end" if lost else ""))
            steps = []
            t = start
            while t < end:
                window = [w for s, w in waits[queue] if t <= s < t + width]
                length = [sample[queue] for at, sample in self.lengths if t <= at < t + width]
                worst = max((w if w is not None else float("inf")) for w in window) if window else 0
                steps.append(f"{max(length, default=0)}/{worst:.1f}")
                t += width
            lines.append(f"    per {width:.0f} s (max length / max wait s): " + " ".join(steps))
        window = max(1e-9, end - start)
        total = sum(sum(v) for v in busy.values())
        lines.append(f"  worker processes busy {100 * total / (processes * window):.0f} % of "
                     f"{processes} x {window:.0f} s; by task (count, seconds, p50 / max each):")
        for name, values in sorted(busy.items(), key=lambda item: -sum(item[1])):
            ordered = sorted(values)
            lines.append(f"    {name}: {len(values)}, {sum(values):.1f} s, "
                         f"{percentile(ordered, 0.5):.3f} / {ordered[-1]:.3f} s")
        return lines
