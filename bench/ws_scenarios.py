"""What bench/ws_load.py's scenarios add to the steady load: table kinds, process sampling,
the restart and storm events, and the check of every move against the database."""

import json
import os
import re
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

KINDS = {"2": (2, "classic"), "3": (3, "classic"), "4": (4, "classic"), "duel": (2, "duel")}


def parse_mix(text):
    """'2:60,3:15,4:10,duel:15' -> {"2": 60.0, ...} (weights; a bare kind weighs 1)."""
    weights = {}
    for part in text.split(","):
        kind, _, weight = part.strip().partition(":")
        if kind not in KINDS:
            raise ValueError(f"unknown table kind {kind!r} (one of {', '.join(KINDS)})")
        weights[kind] = float(weight or 1)
        if weights[kind] <= 0:
            raise ValueError(f"the weight of {kind} must be positive")
    return weights


def table_kinds(weights, tables):
    """One kind per table, in proportion to the weights, interleaved (largest remainder)."""
    total = sum(weights.values())
    counts = {kind: int(tables * w / total) for kind, w in weights.items()}
    by_remainder = sorted(weights, key=lambda k: tables * weights[k] / total - counts[k], reverse=True)
    for kind in by_remainder[:tables - sum(counts.values())]:
        counts[kind] += 1
    kinds, used = [], Counter()
    for _ in range(tables):  # the kind furthest behind its share goes next
        kind = min(counts, key=lambda k: (used[k] + 1) / counts[k] if counts[k] else float("inf"))
        kinds.append(kind)
        used[kind] += 1
    return kinds


# --- processes -----------------------------------------------------------------------------------


def rss_kib(pid):
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


UUID = re.compile(rb"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def redis_figures(client):
    """Used memory (bytes) and key counts by shape (task ids as <uuid>, digits as #) of the bench's db."""
    shapes = Counter()
    for key in client.scan_iter(count=1000):
        shapes[re.sub(rb"\d+", b"#", UUID.sub(b"<uuid>", key)).decode(errors="replace")] += 1
    return client.info("memory")["used_memory"], shapes


@dataclass
class Sampler:
    """RSS of every process and the Redis figures, every `every` seconds."""

    every: float
    rows: list = field(default_factory=list)  # (seconds since start, {name: KiB}, memory, shapes)

    def sample(self, since, pids, client):
        memory, shapes = redis_figures(client)
        self.rows.append((time.perf_counter() - since, {n: rss_kib(p) for n, p in pids.items()},
                          memory, shapes))

    def report(self, warmup):
        if not self.rows:
            return
        names = list(self.rows[-1][1])
        print("  RSS MiB by process over time (s):")
        print(f"    {'t':>5}  " + "  ".join(f"{n:>10}" for n in names)
              + f"  {'redis MiB':>9}  {'keys':>6}")
        for at, rss, memory, shapes in self.rows:
            print(f"    {at:5.0f}  " + "  ".join(f"{rss.get(n, 0) / 1024:10.1f}" for n in names)
                  + f"  {memory / 2**20:9.2f}  {sum(shapes.values()):6d}")
        after = [row for row in self.rows if row[0] >= warmup] or self.rows
        print(f"  after warm-up ({warmup:.0f} s, {len(after)} samples): RSS first → last, spread "
              "(max-min)/min:")
        for name in names:
            values = [rss[name] for _, rss, _, _ in after if rss.get(name)]
            if values:
                spread = (max(values) - min(values)) / min(values)
                flat = "flat" if spread <= 0.10 else "NOT flat"
                print(f"    {name}: {values[0] / 1024:.1f} → {values[-1] / 1024:.1f} MiB, "
                      f"spread {100 * spread:.1f} % ({flat} within 10 %)")
        first, last = after[0][3], after[-1][3]
        grown = {shape: (first.get(shape, 0), n) for shape, n in last.items()
                 if n > first.get(shape, 0)}
        print(f"  Redis: {after[0][2] / 2**20:.2f} → {after[-1][2] / 2**20:.2f} MiB, keys "
              f"{sum(first.values())} → {sum(last.values())}; shapes that grew: "
              + (", ".join(f"{s} {a}→{b}" for s, (a, b) in sorted(grown.items())) or "none"))
        print("  Redis key shapes at the end: " + ", ".join(
            f"{shape} {n}" for shape, n in last.most_common(8)))


# --- events: a socket drop and its way back ------------------------------------------------------


@dataclass
class Event:
    """A kill or a storm: when, how many sockets dropped, when each came back."""

    name: str
    at: float = 0.0
    dropped: int = 0
    back: list = field(default_factory=list)  # seconds after `at`

    def report(self, open_before):
        back = sorted(self.back)

        def time_for(fraction):
            needed = max(1, int(round(fraction * self.dropped)))
            return f"{back[needed - 1]:.2f} s" if len(back) >= needed else "never"

        print(f"  {self.name}: {self.dropped} of {open_before} sockets dropped; back "
              f"{len(back)}; 50 % back after {time_for(0.5)}, 99 % after {time_for(0.99)}, "
              f"all after {time_for(1.0)}")


# --- every move against the database -------------------------------------------------------------


def check_moves(sends):
    """`sends`: {game_id: [(username, version, move)]}, every move frame the clients sent.
    Each move in the database must be one of them, at its version, and none applied twice."""
    from games.models import Game, MoveRecord

    sent = defaultdict(set)
    for game_id, frames in sends.items():
        for username, version, move in frames:
            sent[game_id].add((username, version, json.dumps(move, sort_keys=True)))
    records = defaultdict(list)
    for game_id, number, username, move in MoveRecord.objects.filter(
            game_id__in=list(sends)).values_list("game_id", "number", "user__username", "move"):
        records[game_id].append((number, username, move))
    versions = dict(Game.objects.filter(pk__in=list(sends)).values_list("pk", "version"))
    unsent = gaps = total = 0
    for game_id, rows in records.items():
        total += len(rows)
        numbers = sorted(number for number, _, _ in rows)
        if numbers != list(range(1, versions[game_id] + 1)):
            gaps += 1
        for number, username, move in rows:
            if (username, number - 1, json.dumps(move, sort_keys=True)) not in sent[game_id]:
                unsent += 1
    print(f"  database check: {total} moves in {len(records)} games; {unsent} not sent by a client "
          f"at that version, {gaps} games whose moves are not exactly 1..version "
          f"(a move applied twice or lost would show in one of them)")
    return unsent == 0 and gaps == 0


def process_names(servers):
    names = {f"daphne-{i}": d.process.pid for i, d in enumerate(servers.daphnes)}
    names["worker"] = servers.worker.process.pid
    names["generator"] = os.getpid()
    for pid in servers.service_pids():
        try:
            comm = Path(f"/proc/{pid}/comm").read_text().strip()
        except OSError:
            continue
        if comm == "redis-server":
            names["redis"] = pid
    return names


GC_LINE = re.compile(r"gen(\d) (\d+) × max ([\d.]+) ms \(CPU ([\d.]+) ms\) CPU total ([\d.]+) ms")


def report_gc(lines_by_process):
    """Sum each daphne's collector reports of the window (azulsite/collector.py): per generation
    the collections, the longest in wall and in CPU time, and the CPU time in all."""
    for name, lines in lines_by_process.items():
        count, longest, longest_cpu, total = [0] * 3, [0.0] * 3, [0.0] * 3, [0.0] * 3
        for line in lines:
            for generation, n, most, most_cpu, spent in GC_LINE.findall(line):
                g = int(generation)
                count[g] += int(n)
                longest[g] = max(longest[g], float(most))
                longest_cpu[g] = max(longest_cpu[g], float(most_cpu))
                total[g] += float(spent)
        print(f"  collector {name} ({len(lines)} reports): " + "; ".join(
            f"gen{g} {count[g]} × max {longest[g]:.1f} ms (CPU {longest_cpu[g]:.1f}), "
            f"CPU {total[g]:.0f} ms" for g in range(3)))


def wait_for_the_others(directory, count):
    """--together: mark this run ready in `directory`, wait until `count` runs are."""
    Path(directory).mkdir(parents=True, exist_ok=True)
    (Path(directory) / str(os.getpid())).touch()
    while len(list(Path(directory).iterdir())) < int(count):
        time.sleep(0.2)
