"""Dealing what a player cannot see (``Ruleset.determinize``): hidden cards get names drawn
from the cards they could be, and the state's random generator a fresh seed.

A game's cards are numbered when it starts, in blocks that do not depend on the seed (each
deck's cards, in the same count every game), so a game started with the same options says
which group each card number belongs to (player 0's deck, player 1's castle...) and which names
that group holds. The names a hidden card can have are its group's names minus the ones seen.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping
from typing import Any, TypeVar

from rules.core.rng import Rng
from rules.core.state import has_field, replaced

S = TypeVar("S")

# card number -> group, and group -> the names it holds (with repeats)
Groups = tuple[dict[int, Hashable], dict[Hashable, list[str]]]


def reseeded(view: S, rng: random.Random) -> S:
    """``view`` with a fresh generator from ``rng`` (unchanged if the game has none)."""
    if not has_field(view, "rng"):
        return view
    return replaced(view, rng=Rng(seed=rng.getrandbits(62)))


_GROUPS: dict[tuple[str, str], Groups] = {}


def groups_of(rs: Any, options: Mapping[str, Any] | None,
              group: Callable[[Any], dict[int, Hashable]]) -> Groups:
    """The groups of a game started with ``options`` (cached per game and options):
    ``group(state)`` names each card number's group in that first state."""
    key = (rs.name, json.dumps(dict(options or {}), sort_keys=True, default=str))
    hit = _GROUPS.get(key)
    if hit is None:
        first = rs.new_game(seed=0, options=options)
        of = group(first)
        names: dict[Hashable, list[str]] = {}
        for iid, g in of.items():
            names.setdefault(g, []).append(first.cards[iid])
        hit = _GROUPS[key] = (of, names)
    return hit


def dealt(cards: Mapping[int, str], hidden: str, groups: Groups,
          rng: random.Random) -> dict[int, str]:
    """``cards`` with every ``hidden`` name replaced: per group, the group's names minus those
    seen in it, shuffled. Should the seen names not fit the group (cards from other options),
    the missing ones are drawn from the whole group."""
    of, names = groups
    unseen: dict[Hashable, list[int]] = {}
    seen: dict[Hashable, Counter[str]] = {}
    for iid, name in cards.items():
        g = of.get(iid)
        if name == hidden:
            unseen.setdefault(g, []).append(iid)
        elif g is not None:
            seen.setdefault(g, Counter())[name] += 1
    out = dict(cards)
    everything = [n for group in names.values() for n in group]
    for g in sorted(unseen, key=repr):
        whole = names.get(g, everything) if g is not None else everything
        pool = list((Counter(whole) - seen.get(g, Counter())).elements())
        rng.shuffle(pool)
        for iid in unseen[g]:
            out[iid] = pool.pop() if pool else rng.choice(whole)
    return out


def dealer(group: Callable[[Any], dict[int, Hashable]], hidden: str) -> Callable[..., Any]:
    """A game's ``determinize`` (a ``Ruleset`` method): the cards its views name ``hidden``
    dealt from the groups ``group`` names in a first state, and a fresh generator."""

    def determinize(rs: Any, view: Any, player: int, rng: random.Random,
                    options: Mapping[str, Any] | None = None) -> Any:
        cards = dealt(view.cards, hidden, groups_of(rs, options, group), rng)
        return reseeded(replaced(view, cards=cards), rng)

    return determinize
