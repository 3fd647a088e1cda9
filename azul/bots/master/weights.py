"""The one place where the bots read a file: the master bot's packaged value-net weights.

The weights ship inside the package (``azul/bots/master/weights/``): one ``classic-<n>p.npz``
per player count and ``duel.npz``, the Duel evaluation's fitted term weights
``duel-terms.json`` (``load_terms``), with ``manifest.json`` saying how each was made
(tools/train, docs/bots.md).  ``load_net(name)`` reads and checks a file once per process and
caches the net; a missing or corrupt file raises ``MasterWeightsError`` with the file's name
and what is wrong, never a silent fall back to another level.  Site processes call
``load_all()`` at startup (a Django system check and Celery's worker start), so a broken
install fails there and not at a table.
"""

import json
import math
import threading
import zipfile
from collections.abc import Callable, Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from azul.engine.duel.tables import ROUNDS

from ..duel.evaluation import Weights
from .net import ValueNet

# Every net the master level plays with; each must load for the site to start.
NETS = ("classic-2p", "classic-3p", "classic-4p", "duel")
DUEL_TERMS = "duel-terms"
_cache: dict[str, ValueNet] = {}
_terms_cache: dict[str, tuple[Weights, ...]] = {}
_lock = threading.Lock()
# another folder holding the files (the site's BOT_WEIGHTS_DIR), or None
_directory: Path | None = None
Loaded = TypeVar("Loaded")


class MasterWeightsError(RuntimeError):
    """The master bot's weights are missing or unreadable."""


def use_directory(directory: str | Path | None) -> None:
    """Read the weights from ``directory`` (a path) instead of the package; None: the package."""
    global _directory
    with _lock:
        _directory = None if directory is None else Path(directory)
        _cache.clear()
        _terms_cache.clear()


def weights_file(name: str, suffix: str = ".npz") -> Path | Traversable:
    if _directory is not None:
        return _directory / f"{name}{suffix}"
    return resources.files(__package__).joinpath("weights", f"{name}{suffix}")


def _read_once(cache: dict[str, Loaded], name: str, reader: Callable[[str], Loaded]) -> Loaded:
    """``reader(name)``, read by the first thread that asks and kept for the process."""
    value = cache.get(name)
    if value is None:
        with _lock:
            value = cache.get(name)
            if value is None:
                value = cache[name] = reader(name)
    return value


def load_net(name: str) -> ValueNet:
    return _read_once(_cache, name, read_net)


def read_net(name: str, path: str | Path | Traversable | None = None) -> ValueNet:
    """Read and check one net (``path``: another file, for tests and the training tools)."""
    source = path if path is not None else weights_file(name)
    try:
        with source.open("rb") if hasattr(source, "open") else open(source, "rb") as handle:
            data = np.load(handle, allow_pickle=False)
            arrays = {key: data[key] for key in data.files}
    except FileNotFoundError:
        raise MasterWeightsError(f"master bot weights missing: {source} (reinstall the package "
                                 f"or retrain with tools/train)") from None
    except (OSError, ValueError, EOFError, zipfile.BadZipFile) as error:
        raise MasterWeightsError(f"master bot weights unreadable: {source}: {error}") from None
    return net_from_arrays(arrays, str(source))


def net_from_arrays(arrays: Mapping[str, npt.NDArray[np.generic]],
                    source: str = "weights") -> ValueNet:
    try:
        players = int(arrays["players"])
        generation = int(arrays.get("generation", 0))
        count = int(arrays["layers"])
        layers = [(arrays[f"w{i}"], arrays[f"b{i}"]) for i in range(count)]
    except (KeyError, ValueError, TypeError) as error:
        raise MasterWeightsError(f"master bot weights corrupt: {source}: missing {error}") from None
    width = None
    for i, (w, b) in enumerate(layers):
        if w.ndim != 2 or b.shape != (w.shape[1],) or (width is not None and w.shape[0] != width):
            raise MasterWeightsError(f"master bot weights corrupt: {source}: layer {i} has shape "
                                     f"{w.shape} / {b.shape}")
        if not (np.isfinite(w).all() and np.isfinite(b).all()):
            raise MasterWeightsError(
                f"master bot weights corrupt: {source}: layer {i} is not finite")
        width = w.shape[1]
    if width != players:
        raise MasterWeightsError(f"master bot weights corrupt: {source}: {width} outputs for "
                                 f"{players} players")
    return ValueNet(players, layers, generation)


def load_terms(name: str = DUEL_TERMS) -> tuple[Weights, ...]:
    """The Duel evaluation's weights, one ``Weights`` per round, read once per process."""
    return _read_once(_terms_cache, name, read_terms)


def read_terms(name: str = DUEL_TERMS,
               path: Path | Traversable | None = None) -> tuple[Weights, ...]:
    """Read and check a term-weights file (``path``: another file, for tests and the tools)."""
    source = path if path is not None else weights_file(name, ".json")
    try:
        text = source.read_text()
    except FileNotFoundError:
        raise MasterWeightsError(f"master bot weights missing: {source} (reinstall the package "
                                 f"or refit with tools/train/duel_weights.py)") from None
    except (OSError, UnicodeDecodeError) as error:
        raise MasterWeightsError(f"master bot weights unreadable: {source}: {error}") from None
    try:
        data = json.loads(text)
    except ValueError as error:
        raise MasterWeightsError(
            f"master bot weights corrupt: {source}: not JSON ({error})") from None
    if not isinstance(data, dict) or "terms" not in data or "rounds" not in data:
        raise MasterWeightsError(f"master bot weights corrupt: {source}: expected an object with "
                                 f"'terms' and 'rounds'")
    names, rounds = data["terms"], data["rounds"]
    if names != list(Weights._fields):
        raise MasterWeightsError(f"master bot weights corrupt: {source}: terms {names}, "
                                 f"expected {list(Weights._fields)}")
    if (not isinstance(rounds, list) or len(rounds) != ROUNDS
            or any(not isinstance(r, list) or len(r) != len(names) for r in rounds)):
        raise MasterWeightsError(f"master bot weights corrupt: {source}: expected {ROUNDS} rounds "
                                 f"of {len(names)} weights")
    if not all(isinstance(w, int | float) and not isinstance(w, bool) and math.isfinite(w)
               for r in rounds for w in r):
        raise MasterWeightsError(f"master bot weights corrupt: {source}: a weight is not a "
                                 f"finite number")
    return tuple(Weights(*map(float, r)) for r in rounds)


def load_all() -> list[ValueNet]:
    """Load every packaged net and the Duel term weights (at process start); raises
    ``MasterWeightsError``. Returns the nets."""
    nets = [load_net(name) for name in NETS]
    load_terms()
    return nets
