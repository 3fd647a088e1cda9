"""The value net: a small multilayer perceptron evaluated with numpy (float32, no GPU).

``ValueNet.evaluate(rows)`` takes a batch of feature rows (``features.features``) and returns,
per row, one value per player in the rows' seat order (the perspective first): that player's
expected final score minus the mean of the others' (2 players: the expected final margin).
The arrays come from ``weights.load_net``; the net itself does no I/O.
"""

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt


class ValueNet:
    __slots__ = ("players", "layers", "inputs", "generation")

    def __init__(self, players: int, layers: list[tuple[np.ndarray, np.ndarray]],
                 generation: int = 0):
        self.players = players
        self.layers = [(np.ascontiguousarray(w, np.float32), np.ascontiguousarray(b, np.float32))
                       for w, b in layers]
        self.inputs = self.layers[0][0].shape[0]
        self.generation = generation

    def evaluate(self, rows: Sequence[Sequence[float]]) -> npt.NDArray[np.float32]:
        h = np.asarray(rows, dtype=np.float32)
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            h = h @ w
            h += b
            if i < last:
                np.maximum(h, 0.0, out=h)
        return h
