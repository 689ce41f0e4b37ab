"""What each Krosmaster intent does and how it reads: one handler per kind, and the game's
dispatch table (kind -> type, handler, describe, source figure, target cell)."""

from __future__ import annotations

from rules.core.ruleset import IntentKind, intent_table
from rules.krosmaster import flow, house
from rules.krosmaster.board import geo
from rules.krosmaster.combat import buy_gg, cast, move
from rules.krosmaster.draft import KDraft
from rules.krosmaster.intents import (
    BuyGG,
    Cast,
    EndActivation,
    EndInspiration,
    Inspire,
    KeepTension,
    Move,
    Reroll,
    SetDofus,
)
from rules.krosmaster.state import Figure, KState


def _reroll(d: KDraft, intent: Reroll) -> None:
    flow.reroll(d)


def _keep(d: KDraft, intent: KeepTension) -> None:
    if d.loud:
        d.log("keep", "The Tension dice are kept.", d.active)
    flow.keep(d)


def _dofus(d: KDraft, intent: SetDofus) -> None:
    d.dice = d.dice[:intent.die] + (intent.face,) + d.dice[intent.die + 1:]
    if d.loud:
        d.log("dofus", f"Dofus die set to {house.FACE_NAMES[intent.face]}.", d.active)
    flow.keep(d)


def _inspire(d: KDraft, intent: Inspire) -> None:
    face = d.dice[intent.die]
    fig = d.figure(intent.figure, inspiration=d.figures[intent.figure].inspiration + (face,))
    d.dice = d.dice[:intent.die] + d.dice[intent.die + 1:]
    if d.loud:
        d.log("inspire", f"{d.name(fig)} is inspired: {house.FACE_NAMES[face]} until "
              f"player {d.active + 1}'s next turn.", d.active,
              data={"figure": fig.id, "face": face})
    if not d.dice:
        flow.refund(d)


def _end_inspiration(d: KDraft, intent: EndInspiration) -> None:
    flow.refund(d)


def _end_activation(d: KDraft, intent: EndActivation) -> None:
    flow.end_activation(d)


def _acting(d: KDraft) -> Figure:
    fig = d.acting()
    assert fig is not None  # legal only in an Activation
    return fig


def _move(d: KDraft, intent: Move) -> None:
    move(d, geo(d.board), _acting(d), intent.to)


def _cast(d: KDraft, intent: Cast) -> None:
    cast(d, geo(d.board), _acting(d), intent.spell, intent.target)


def _buy_gg(d: KDraft, intent: BuyGG) -> None:
    buy_gg(d, _acting(d))


# ---- button labels, with names instead of ids ----------------------------------------------
def _who(s: KState, fid: int) -> str:
    return s.name(s.figures[fid]) if 0 <= fid < len(s.figures) else f"figure {fid}"


def _describe_move(s: KState, intent: Move) -> str:
    return f"Move {_who(s, intent.figure)} to {s.board.rc(intent.to)}"


def _describe_cast(s: KState, intent: Cast) -> str:
    """The spell, on whom, and what it does: "Fire Ball on enemy Goultard (4,5): 3 damage"."""
    fig = s.figures[intent.figure] if 0 <= intent.figure < len(s.figures) else None
    spells = s.card(fig).spells if fig is not None else ()
    spell = spells[intent.spell] if 0 <= intent.spell < len(spells) else None
    name = spell.name if spell is not None else "a spell"
    occ = s.occupant()
    cell = s.board.rc(intent.target)
    if intent.target in occ:
        hit = s.figures[occ[intent.target]]
        whose = "your" if fig is not None and hit.owner == fig.owner else "enemy"
        on = f"{whose} {s.name(hit)} {cell}"
    else:
        on = cell
    return f"{name} on {on}: {spell.damage} damage" if spell is not None and spell.damage \
        else f"{name} on {on}"


def _describe_inspire(s: KState, intent: Inspire) -> str:
    face = s.dice[intent.die] if 0 <= intent.die < len(s.dice) else "die"
    return f"Inspire {_who(s, intent.figure)}: {house.FACE_NAMES.get(face, face)}"


def _describe_dofus(s: KState, intent: SetDofus) -> str:
    return f"Dofus die {intent.die + 1} → {house.FACE_NAMES[intent.face]}"


def _describe_end_inspiration(s: KState, intent: EndInspiration) -> str:
    gain = house.REFUND_KAMAS.get(len(s.dice), 0)
    return f"Done inspiring (+{gain} kamas)" if gain else "Done inspiring"


def _describe_buy_gg(s: KState, intent: BuyGG) -> str:
    return f"Buy a GG ({house.GG_PRICE} kamas)"


def _describe_end_activation(s: KState, intent: EndActivation) -> str:
    return f"End {_who(s, intent.figure)}'s activation"


def _figure(intent: Move | Cast | BuyGG | EndActivation) -> int:
    return intent.figure


KINDS = intent_table(
    IntentKind(Reroll, _reroll),
    IntentKind(KeepTension, _keep),
    IntentKind(SetDofus, _dofus, _describe_dofus),
    IntentKind(Inspire, _inspire, _describe_inspire, target=lambda i: i.figure),
    IntentKind(EndInspiration, _end_inspiration, _describe_end_inspiration),
    IntentKind(Move, _move, _describe_move, _figure, lambda i: i.to),
    IntentKind(Cast, _cast, _describe_cast, _figure, lambda i: i.target),
    IntentKind(BuyGG, _buy_gg, _describe_buy_gg, _figure),
    IntentKind(EndActivation, _end_activation, _describe_end_activation, _figure),
)
