"""Short table sounds: card play, dice, damage, click.

The sounds are our own, made by code (``synth``: stdlib ``math`` + ``random``, written as WAV
with the stdlib ``wave`` module by ``tools/make_sounds.py`` into ``assets/sounds``; CC0). When a
file is missing the same samples are made in memory. Sound is a nicety: no audio device, a
mixer that will not start (``SDL_AUDIODRIVER=dummy`` in CI), a bad file — the table stays
silent and plays on, it never fails.
"""

from __future__ import annotations

import array
import contextlib
import io
import math
import random
import wave
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pygame

RATE = 22050
NAMES = ("card", "dice", "damage", "click")

# Which rules event kinds make which sound; the first sound of a batch in this order plays.
DAMAGE_KINDS = frozenset({"damage", "ko", "tackle"})
DICE_KINDS = frozenset({"roll", "reroll", "dofus"})
CARD_KINDS = frozenset({"open", "declare", "move", "cast", "inspire", "discard", "skill",
                        "buy_gg", "keep"})


def _noise_burst(rng: random.Random, n: int, decay: float, lowpass: float) -> list[float]:
    out, y = [], 0.0
    for k in range(n):
        y += lowpass * (rng.uniform(-1, 1) - y)
        out.append(y * math.exp(-k / (decay * RATE)))
    return out


def synth(name: str) -> list[float]:
    """Samples (-1..1, mono, ``RATE`` Hz) of one sound; the same every time."""
    rng = random.Random(name)
    if name == "card":  # a soft swish and a tap
        n = int(0.12 * RATE)
        s = _noise_burst(rng, n, 0.03, 0.35)
        for k in range(n):
            s[k] *= min(1.0, k / (0.01 * RATE))
            s[k] += 0.35 * math.sin(2 * math.pi * 180 * k / RATE) * math.exp(-k / (0.015 * RATE))
        return [0.8 * v for v in s]
    if name == "dice":  # a few clicks of dice landing
        n = int(0.38 * RATE)
        s = [0.0] * n
        t = 0
        for hit in range(5):
            t += int(rng.uniform(0.035, 0.075) * RATE)
            amp = 0.9 * (0.8 ** hit)
            freq = rng.uniform(1800, 3200)
            for k in range(int(0.03 * RATE)):
                if t + k >= n:
                    break
                env = math.exp(-k / (0.004 * RATE))
                s[t + k] += amp * env * (0.6 * math.sin(2 * math.pi * freq * k / RATE)
                                         + 0.4 * rng.uniform(-1, 1))
        return s
    if name == "damage":  # a low thud falling in pitch
        n = int(0.26 * RATE)
        s, phase = [], 0.0
        noise = _noise_burst(rng, n, 0.02, 0.2)
        for k in range(n):
            f = 60 + 140 * math.exp(-k / (0.05 * RATE))
            phase += 2 * math.pi * f / RATE
            s.append(0.9 * math.sin(phase) * math.exp(-k / (0.08 * RATE)) + 0.5 * noise[k])
        return s
    if name == "click":  # a short blip
        n = int(0.035 * RATE)
        return [0.5 * math.sin(2 * math.pi * 1400 * k / RATE) * math.exp(-k / (0.008 * RATE))
                for k in range(n)]
    raise KeyError(name)


def pcm16(samples: Iterable[float]) -> bytes:
    return array.array("h", (max(-32767, min(32767, int(v * 32767))) for v in samples)).tobytes()


def wav_bytes(name: str) -> bytes:
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm16(synth(name)))
    return buf.getvalue()


def sounds_dir() -> Path:
    from rules.core.paths import asset

    return Path(asset("sounds"))


def kind_of(events: Iterable[Any]) -> str | None:
    """The one sound a batch of rules events makes (damage over dice over a card), or None."""
    kinds = {getattr(e, "kind", "") for e in events}
    if kinds & DAMAGE_KINDS:
        return "damage"
    if kinds & DICE_KINDS:
        return "dice"
    if kinds & CARD_KINDS:
        return "card"
    return None


class Sounds:
    """The mixer and the four sounds; every method is safe without audio."""

    def __init__(self, on: bool = True, volume: float = 0.7) -> None:
        self.on = on
        self.volume = volume
        self.ready = False
        self.played: list[str] = []  # names asked for while on (tests read it)
        self._sounds: dict[str, Any] = {}

    def start(self) -> bool:
        """Start the mixer (if it is not running) and load the sounds; False when silent."""
        if self.ready:
            return True
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
            for name in NAMES:
                path = sounds_dir() / f"{name}.wav"
                try:
                    self._sounds[name] = pygame.mixer.Sound(str(path))
                except (pygame.error, OSError, FileNotFoundError):
                    self._sounds[name] = pygame.mixer.Sound(buffer=_mixer_pcm(name))
        except Exception:  # noqa: BLE001 - no audio device, no mixer: play on silently
            self._sounds = {}
            self.ready = False
            return False
        self.ready = True
        self._apply_volume()
        return True

    def configure(self, on: bool, volume: float) -> None:
        self.on, self.volume = on, max(0.0, min(1.0, volume))
        if on and not self.ready:
            self.start()
        self._apply_volume()

    def _apply_volume(self) -> None:
        for s in self._sounds.values():
            with contextlib.suppress(Exception):
                s.set_volume(self.volume)

    def play(self, name: str) -> None:
        if not self.on:
            return
        self.played.append(name)
        snd = self._sounds.get(name)
        if snd is None:
            return
        with contextlib.suppress(Exception):  # a sound that cannot play is silence
            snd.play()

    def on_events(self, events: Iterable[Any]) -> None:
        name = kind_of(events)
        if name is not None:
            self.play(name)


def _mixer_pcm(name: str) -> bytes:
    """Samples in the mixer's own format (it may have started as stereo or at another rate)."""
    init = pygame.mixer.get_init()
    rate, _, channels = init if init else (RATE, -16, 1)
    src = synth(name)
    n = max(1, int(len(src) * rate / RATE))
    resampled = [src[min(len(src) - 1, int(k * RATE / rate))] for k in range(n)]
    frames = [v for v in resampled for _ in range(channels)]
    return pcm16(frames)
