"""The progress bar of every long management command: `\\r[####    ] 37/100` on stderr.

bar = ProgressBar(stream=self.stderr)
for done, total in work():
    bar(done, total)
bar.finish()
"""

import sys

WIDTH = 30


def render(done: int, total: int, width: int = WIDTH) -> str:
    filled = width if total <= 0 else min(width, done * width // total)
    return f"[{'#' * filled}{' ' * (width - filled)}] {done}/{total}"


class ProgressBar:
    """Call with (done, total) as work advances; redraws one line only when the text changes."""

    def __init__(self, stream=None, width: int = WIDTH):
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.last = None

    def __call__(self, done: int, total: int) -> None:
        text = render(done, total, self.width)
        if text != self.last:
            self._write(f"\r{text}")
            self.last = text

    def finish(self) -> None:
        if self.last is not None:
            self._write("\n")

    def _write(self, text: str) -> None:
        if hasattr(self.stream, "ending"):  # a management command's OutputWrapper
            self.stream.write(text, ending="")
        else:
            self.stream.write(text)
        self.stream.flush()
