"""Random manual steps in any game, for the property test (tests/manual/test_done_contract.py)
and the fuzzer's manual pass (tools/fuzz_manual.py): a designer-mode game played at random,
with freeform steps (and the steps the prototype cards open, given their pack) carried out by
random manual intents, listed ones and made-up ones with numbers out of range, then Done.

What is found is a list of ``Finding``s, each of one kind:

- crash: an intent raised anything but ``IllegalIntent``;
- refused: an intent the rules listed was refused;
- unlisted: Done was accepted though not listed;
- changed: a refused intent changed the state it was applied to;
- stuck: after an accepted Done, a player is to act and has no legal intent.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import rules
from rules.core.errors import IllegalIntent
from rules.core.manual_intents import (
    DIE_SIDES,
    Freeform,
    ManualCounter,
    ManualDone,
    ManualFlag,
    ManualMove,
    ManualRoll,
    ManualShuffle,
)
from rules.core.manual_table import BOARD, FACE_DOWN, UNDER
from rules.core.model import Intent

KINDS = ("crash", "refused", "unlisted", "changed", "stuck")
OUT_OF_RANGE = (99, -7, 10 ** 18, -1, -2, 2 ** 63)
SWEEP = 0.1  # how often a change is a whole pile moved away (a hand emptied…)


@dataclass(frozen=True)
class Finding:
    kind: str
    what: str


@dataclass
class Walked:
    """What one walk did: intents tried, Dones accepted, and what went wrong."""

    tried: int = 0
    done: int = 0
    findings: tuple[Finding, ...] = ()


def walk(game: str, seed: int, steps: int = 4, per_step: int = 8,
         options: dict[str, Any] | None = None) -> Walked:
    """``steps`` manual steps of a designer-mode game of ``game`` (random play before each,
    a freeform step opened when no card opened one), each up to ``per_step`` random manual
    intents then Done, and while it is refused another change and Done again."""
    rs = rules.get(game)
    rng = random.Random(seed)
    state = rs.new_game(seed, {"designer": True, **(options or {})})
    out = Walked()
    found: list[Finding] = []
    for _ in range(steps):
        state = _play(rs, state, rng, rng.randrange(0, 120))
        if rs.to_act(state) is None:
            state = rs.new_game(seed + out.tried + 1, {"designer": True, **(options or {})})
            continue
        if rs.manual_pending(state) is None:
            state = rs.apply(state, Freeform(player=rs.to_act(state))).state
        changes = rng.randrange(per_step + 1)  # some steps change little, so Done passes
        for n in range(changes + 2 * per_step):
            if rs.manual_pending(state) is None or rs.to_act(state) is None:
                break
            # Done after the changes, and again after each further change while refused.
            done = n >= changes and (n - changes) % 2 == 0
            if not done and rng.random() < SWEEP:
                for intent in _sweep(rs, state, rng):
                    out.tried += 1
                    state = _try(rs, state, intent, game, found, out)
                continue
            intent = ManualDone() if done else _intent(rs, state, rng)
            out.tried += 1
            state = _try(rs, state, intent, game, found, out)
    out.findings = tuple(found)
    return out


def _play(rs: Any, state: Any, rng: random.Random, n: int) -> Any:
    """Up to ``n`` random intents of the game's own (a card's manual step: Done, when it is
    listed; else the walk stops there and carries it out)."""
    for _ in range(n):
        legal = rs.legal_intents(state)
        if not legal or rs.manual_pending(state) is not None:
            return state
        state = rs.apply(state, rng.choice(legal), quiet=True).state
    return state


def _try(rs: Any, state: Any, intent: Intent, game: str, found: list[Finding],
         out: Walked) -> Any:
    source = rs.source_of(intent)
    listed = intent in rs.legal_intents(state) or (
        source is not None and intent in rs.legal_intents(state, source))
    before = rs.dump(state)
    try:
        after = rs.apply(state, intent).state
    except IllegalIntent as e:
        if listed:
            found.append(Finding("refused", f"{game}: {intent!r} was listed, refused: {e}"))
        if rs.dump(state) != before:
            found.append(Finding("changed", f"{game}: refused {intent!r} changed the state"))
        return state
    except Exception as e:  # noqa: BLE001 - counted: anything but IllegalIntent is a crash
        found.append(Finding("crash", f"{game}: {intent!r}: {type(e).__name__}: {e}"))
        return state
    if isinstance(intent, ManualDone):
        out.done += 1
        if not listed:
            found.append(Finding("unlisted", f"{game}: Done accepted, not listed"))
        who = rs.to_act(after)
        if who is not None and not rs.legal_intents(after):
            found.append(Finding("stuck", f"{game}: after Done Player {who + 1} is to act "
                                          "with no legal intent"))
    return after


def _sweep(rs: Any, state: Any, rng: random.Random) -> list[Intent]:
    """Every card of one player's pile into another pile, as a designer clearing a hand
    (most often the hand of the player carrying the step out)."""
    table = rs.manual_table
    p = rs.manual_pending(state).player if rng.random() < 0.7 else rng.choice((0, 1))
    here = "hand" if "hand" in table.piles and rng.random() < 0.6 else rng.choice(table.piles)
    there = rng.choice([z for z in table.piles if z != here] or [here])
    return [ManualMove(card=c, owner=p, zone=there) for c in table.pile(state, p, here)]


def _intent(rs: Any, state: Any, rng: random.Random) -> Intent:
    """A listed manual intent (of the table or of a random card) or a made-up one."""
    table = rs.manual_table
    places = table.places(state)
    if rng.random() < 0.6:
        pool = [i for i in rs.legal_intents(state) if not isinstance(i, ManualDone)]
        if places:
            pool += rs.legal_intents(state, rng.choice(places).card)
        return rng.choice(pool)
    cards = [pl.card for pl in places] or [0]

    def num(real: list[int]) -> int:
        return rng.choice(real) if real and rng.random() < 0.5 else rng.choice(OUT_OF_RANGE)

    # Mostly a real card and player, so the check reaches the place named.
    zones = [BOARD, BOARD, *table.fixed, *table.fixed, UNDER, *table.piles, "nowhere"]
    owner = rng.choice((0, 1)) if rng.random() < 0.8 else rng.choice(OUT_OF_RANGE)
    card = rng.choice(cards) if rng.random() < 0.8 else rng.choice(OUT_OF_RANGE)
    kind = rng.choice((0, 0, 1, 2, 3, 4))
    if kind == 0:
        at = rng.choice([*range(6), *cards]) if rng.random() < 0.4 else rng.choice(OUT_OF_RANGE)
        return ManualMove(card=card, owner=owner, zone=rng.choice(zones), at=at,
                          bottom=rng.random() < 0.3, face_down=rng.random() < 0.1)
    if kind == 1:
        spec = rng.choice(table.counters) if table.counters else None
        name = spec.name if spec is not None and rng.random() < 0.9 else "nothing"
        return ManualCounter(counter=name, value=num(list(range(-1, 12))),
                             owner=rng.choice((-1, owner)), card=rng.choice((-1, num(cards))))
    if kind == 2:
        flags = [*table.flags, FACE_DOWN, "nothing"]
        return ManualFlag(card=num(cards), flag=rng.choice(flags), value=rng.random() < 0.5)
    if kind == 3:
        return ManualShuffle(owner=owner)
    return ManualRoll(sides=num(list(DIE_SIDES)))
