"""The Kyoukai effect registry: every effect a card file may name, in one place.

An effect is a target rule (which zones it may aim at, checked on declaration and again on
resolution) and a resolver. Card data names effects; an unknown name fails at load time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from rules.kyoukai.lookup import Params
from rules.kyoukai.state import EMPTY, GRID, State, turn_action

Board = State  # what target rules read

# (board, player, source zone or EMPTY, params) -> legal target zones
TargetRule = Callable[[State, int, int, Params], list[int]]
Resolver = Callable[[State, int, int, int, Params], None]  # state, player, source iid, target


@cache
def _within_mask(zone: int, near: int) -> int:
    """The zones within ``near`` of ``zone`` as a bitmask (target rules ask every
    resolution)."""
    return sum(1 << z for z in range(GRID.size) if GRID.manhattan(zone, z) <= near)


def _no_target(b: Board, p: int, src: int, prm: Params) -> list[int]:
    return [EMPTY]


def _gate_in_range(b: Board, p: int, src: int, prm: Params) -> list[int]:
    """Zones holding a Gate within ``range`` of the source Gate, or (for a card opened from
    the hand) of any of the player's Gates."""
    field = b.field
    near = prm.range
    if src != EMPTY:
        zones = _within_mask(src, near)
        return [z for z, i in enumerate(field) if i != EMPTY and z != src and zones >> z & 1]
    gates = b.gates
    reached = 0  # as a bitmask
    for z, i in enumerate(field):
        if i != EMPTY and gates[i].owner == p:
            reached |= _within_mask(z, near)
    return [z for z, i in enumerate(field) if i != EMPTY and reached >> z & 1]


def _bordering_gate(b: Board, p: int, src: int, prm: Params) -> list[int]:
    field = b.field
    return [n for n in GRID.neighbours[src] if field[n] != EMPTY]


def _own_summon(b: Board, p: int, src: int, prm: Params) -> list[int]:
    gates, facts = b.gates, b.table.by_iid
    return [z for z, i in enumerate(b.field) if i != EMPTY and gates[i].owner == p
            and facts[i].type in ("summon", "spirit")]


def _own_gate(b: Board, p: int, src: int, prm: Params) -> list[int]:
    gates = b.gates
    return [z for z, i in enumerate(b.field) if i != EMPTY and gates[i].owner == p]


def _empty_by_entrant(b: Board, p: int, src: int, prm: Params) -> list[int]:
    table = b.table
    ent = next((i for i, g in b.gates.items() if g.owner == p and table.of(i).type == "entrant"),
               None)
    if ent is None:
        return []
    return [n for n in GRID.neighbours[b.field.index(ent)] if b.field[n] == EMPTY]


TARGETS: dict[str, TargetRule] = {
    "none": _no_target,
    "gate_in_range": _gate_in_range,
    "bordering_gate": _bordering_gate,
    "own_summon": _own_summon,
    "own_gate": _own_gate,
    "empty_by_entrant": _empty_by_entrant,
}


# ---- resolvers -----------------------------------------------------------------------
def _target_gate(d: State, zone: int) -> int:
    return d.field[zone]


def r_damage(d: State, p: int, src: int, zone: int, prm: Params) -> None:
    d.damage(_target_gate(d, zone), prm.amount, p, d.named(src) if d.loud else "")


def r_shield(d: State, p: int, src: int, zone: int, prm: Params) -> None:
    t = _target_gate(d, zone)
    d.add_shield(t, prm.amount)
    if d.loud:
        d.log("shield", f"{d.named(t)} gets +{prm.amount} Defense for this Sequence.", p)


def r_ready(d: State, p: int, src: int, zone: int, prm: Params) -> None:
    t = _target_gate(d, zone)
    d.set_gate(t, ready=True)
    if d.loud:
        d.log("ready", f"{d.named(t)} is Readied.", p)


def r_draw(d: State, p: int, src: int, zone: int, prm: Params) -> None:
    d.draw(p, prm.amount)


def r_heal(d: State, p: int, src: int, zone: int, prm: Params) -> None:
    ent = d.players[p].entrant
    g = d.gates.get(ent)
    if g is not None:
        healed = min(prm.amount, g.damage)
        d.set_gate(ent, damage=g.damage - healed)
        if d.loud:
            d.log("heal", f"{d.named(ent)} recovers {healed} damage.", p)


def r_return(d: State, p: int, src: int, zone: int, prm: Params) -> None:
    d.leave_field(_target_gate(d, zone), "hand", p)


def r_branch_self(d: State, p: int, src: int, zone: int, prm: Params) -> None:
    host = _target_gate(d, zone)
    d.set_gate(host, branches=(*d.gates[host].branches, src))
    if d.loud:
        d.log("branch", f"{d.name(src)} is Branched under {d.named(host)}.", p)


def r_graft(d: State, p: int, src: int, zone: int, prm: Params) -> None:
    host = _target_gate(d, zone)
    discard = d.player(p).discard
    if not discard:
        if d.loud:
            d.log("fizzle", "Graft finds no card in the Discard.", p)
        return
    top = discard.pop()
    d.set_gate(host, branches=(*d.gates[host].branches, top))
    if d.loud:
        d.log("branch", f"{d.name(top)} is Branched under {d.named(host)}.", p)


def r_primal(d: State, p: int, src: int, zone: int, prm: Params) -> None:
    """K-19: an Attack; if it discards another Summon or Spirit, the Lion may Move and Attack
    again (only within its controller's Turn Action)."""
    target = _target_gate(d, zone)
    kind = d.card(target).type
    discarded = d.damage(target, d.attack_of(src), p,
                         f"{d.named(src)}'s Primal Instinct" if d.loud else "")
    if discarded and kind in ("summon", "spirit") and target != src and src in d.gates \
            and d.action is not None and d.action.gate == src:
        d.action = turn_action(src, "bonus")
        if d.loud:
            d.log("bonus", f"{d.named(src)} may Move and Attack again.", p)


def r_rebirth(d: State, p: int, src: int, zone: int, prm: Params) -> None:
    d.place(src, p, zone, ready=False)
    if d.loud:
        d.log("open", f"{d.named(src)} rises from the Discard into zone {zone_label(zone)}.", p)


def r_nothing(d: State, p: int, src: int, zone: int, prm: Params) -> None:
    if d.loud:
        d.log("resolve", f"{d.name(src)} resolves with no effect.", p)


@dataclass(frozen=True)
class Effect:
    target: str
    resolve: Resolver | None  # None: a marker read elsewhere (passives, branch skills)


# Effects a Normal/Fast Gate may do when opened, and effects a Skill may name.
_EITHER: dict[str, Effect] = {
    "damage": Effect("gate_in_range", r_damage),
    "shield": Effect("own_gate", r_shield),
    "ready": Effect("own_summon", r_ready),
    "draw": Effect("none", r_draw),
    "heal": Effect("none", r_heal),
    # Carried out by hand in a manual step (``rules.core.manual``): opened in ``flow``.
    "manual": Effect("none", None),
}
OPEN_EFFECTS: dict[str, Effect] = {
    **_EITHER,
    "return_to_hand": Effect("own_summon", r_return),
    "branch_self": Effect("own_gate", r_branch_self),
    "graft": Effect("own_gate", r_graft),
    "nothing": Effect("none", r_nothing),
}
SKILL_EFFECTS: dict[str, Effect] = {
    **_EITHER,
    "primal_instinct": Effect("bordering_gate", r_primal),
    "rebirth": Effect("empty_by_entrant", r_rebirth),
    # Passive and Branch skills never go on a Sequence (K-14): they are read where they apply.
    "open_as_fast": Effect("none", None),
    "ready_on_discard": Effect("none", None),
    "stat_bonus": Effect("none", None),
}


def zone_label(zone: int) -> str:
    r, c = GRID.rc(zone)
    return f"{'ABCDE'[c]}{r + 1}"
