"""Synthesises the game's sounds (static/sounds/*.wav: 16-bit mono, 11,025 Hz, a few KB each) with
numpy: `python -m tools.sounds`. Nothing is downloaded; run again after changing a recipe, and
commit the files."""

import wave
from pathlib import Path

import numpy as np

RATE = 11_025
SOUNDS = Path(__file__).resolve().parents[1] / "static" / "sounds"


def tone(frequency, seconds, volume=0.5, decay=18.0):
    """A plucked tone: a sine with a soft attack, an exponential decay and a little octave."""
    t = np.arange(int(RATE * seconds)) / RATE
    envelope = np.minimum(1.0, t * 400) * np.exp(-decay * t)
    wave_ = np.sin(2 * np.pi * frequency * t) + 0.25 * np.sin(4 * np.pi * frequency * t)
    return volume * envelope * wave_ / 1.25


def click(seconds=0.06, volume=0.6):
    """A tile set down: a short burst of filtered noise on a low knock."""
    rng = np.random.default_rng(38)  # the same file every time it is made
    t = np.arange(int(RATE * seconds)) / RATE
    noise = np.convolve(rng.standard_normal(t.size), np.ones(6) / 6, mode="same")
    return volume * np.exp(-70 * t) * (0.5 * noise + np.sin(2 * np.pi * 180 * t))


def sequence(*parts, gap=0.0):
    silence = np.zeros(int(RATE * gap))
    out = []
    for part in parts:
        out += [part, silence]
    return np.concatenate(out[:-1])


RECIPES = {
    "move": lambda: click(),
    "your-turn": lambda: sequence(tone(660, 0.12, 0.45), tone(880, 0.22, 0.45), gap=0.02),
    "round-end": lambda: sequence(tone(523, 0.1), tone(659, 0.1), tone(784, 0.22), gap=0.02),
    "low-time": lambda: sequence(tone(988, 0.08, 0.5, 30), tone(988, 0.08, 0.5, 30), gap=0.08),
}


def write(name, samples):
    path = SOUNDS / f"{name}.wav"
    data = (np.clip(samples, -1, 1) * 32767).astype("<i2").tobytes()
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(data)
    return path


def main():
    SOUNDS.mkdir(exist_ok=True)
    for name, recipe in RECIPES.items():
        path = write(name, recipe())
        print(path.name, path.stat().st_size, "bytes")


if __name__ == "__main__":
    main()
