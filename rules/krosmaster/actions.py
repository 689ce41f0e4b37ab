"""What each Krosmaster intent does and how it reads: one handler per kind, and the game's
dispatch table (kind -> type, handler, describe, source figure, target cell)."""

from __future__ import annotations

from rules.core.ruleset import IntentKind, intent_table
from rules.krosmaster import flow, house
from rules.krosmaster.combat import buy_gg, cast, move
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
from rules.krosmaster.state import KState


def _keep(s: KState, intent: KeepTension) -> None:
    if s.loud:
        s.log("keep", "The Tension dice are kept.", s.active)
    flow.keep(s)


def _dofus(s: KState, intent: SetDofus) -> None:
    s.dice = s.dice[:intent.die] + (intent.face,) + s.dice[intent.die + 1:]
    if s.loud:
        s.log("dofus", f"Dofus die set to {house.FACE_NAMES[intent.face]}.", s.active)
    flow.keep(s)


def _inspire(s: KState, intent: Inspire) -> None:
    face = s.dice[intent.die]
    fig = s.mut(intent.figure)
    fig.inspiration += (face,)
    s.dice = s.dice[:intent.die] + s.dice[intent.die + 1:]
    if s.loud:
        s.log("inspire", f"{s.named(fig)} is inspired: {house.FACE_NAMES[face]} until "
              f"player {s.active + 1}'s next turn.", s.active,
              data={"figure": fig.id, "face": face})
    if not s.dice:
        flow.refund(s)


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
    IntentKind(Reroll, lambda s, _: flow.reroll(s)),
    IntentKind(KeepTension, _keep),
    IntentKind(SetDofus, _dofus, _describe_dofus),
    IntentKind(Inspire, _inspire, _describe_inspire, target=lambda i: i.figure),
    IntentKind(EndInspiration, lambda s, _: flow.refund(s), _describe_end_inspiration),
    # A legal Move, Cast or BuyGG names the figure in its Activation.
    IntentKind(Move, move, _describe_move, _figure, lambda i: i.to),
    IntentKind(Cast, cast, _describe_cast, _figure, lambda i: i.target),
    IntentKind(BuyGG, buy_gg, _describe_buy_gg, _figure),
    IntentKind(EndActivation, lambda s, _: flow.end_activation(s), _describe_end_activation,
               _figure),
)
# Each intent type's handler, read by its type: the step's one dispatch (an intent's ``kind``
# is read from its own dict, a generic look-up where many types pass, as in ``_play``).
PLAY = {k.type: k.apply for k in KINDS.values()}
