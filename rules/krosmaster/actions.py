"""What each Krosmaster intent does and how it reads: one handler per kind, and the game's
dispatch table (kind -> type, handler, describe, source figure, target cell)."""

from __future__ import annotations

from rules.core.model import Event
from rules.core.ruleset import IntentKind, intent_table
from rules.krosmaster import flow, house
from rules.krosmaster.board import geo
from rules.krosmaster.combat import buy_gg, cast, move
from rules.krosmaster.flow import Events
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


def _reroll(s: KState, intent: Reroll, ev: Events) -> KState:
    return flow.reroll(s, ev)


def _keep(s: KState, intent: KeepTension, ev: Events) -> KState:
    if ev is not None:
        ev.append(Event(kind="keep", player=s.active, text="The Tension dice are kept."))
    return flow.keep(s, ev)


def _dofus(s: KState, intent: SetDofus, ev: Events) -> KState:
    dice = s.dice[:intent.die] + (intent.face,) + s.dice[intent.die + 1:]
    if ev is not None:
        ev.append(Event(kind="dofus", player=s.active,
                        text=f"Dofus die set to {house.FACE_NAMES[intent.face]}."))
    return flow.keep(s.model_copy(update={"dice": dice}), ev)


def _inspire(s: KState, intent: Inspire, ev: Events) -> KState:
    face = s.dice[intent.die]
    fig = s.figures[intent.figure]
    fig = fig.model_copy(update={"inspiration": fig.inspiration + (face,)})
    dice = s.dice[:intent.die] + s.dice[intent.die + 1:]
    s = s.with_figure(fig, dice=dice)
    if ev is not None:
        ev.append(Event(kind="inspire", player=s.active,
                        text=f"{s.name(fig)} is inspired: {house.FACE_NAMES[face]} until "
                             f"player {s.active + 1}'s next turn.",
                        data={"figure": fig.id, "face": face}))
    return flow.refund(s, ev) if not dice else s


def _end_inspiration(s: KState, intent: EndInspiration, ev: Events) -> KState:
    return flow.refund(s, ev)


def _end_activation(s: KState, intent: EndActivation, ev: Events) -> KState:
    return flow.end_activation(s, ev)


def _acting(s: KState) -> Figure:
    fig = s.acting()
    assert fig is not None  # legal only in an Activation
    return fig


def _move(s: KState, intent: Move, ev: Events) -> KState:
    return move(s, geo(s.board), _acting(s), intent.to, ev)


def _cast(s: KState, intent: Cast, ev: Events) -> KState:
    return cast(s, geo(s.board), _acting(s), intent.spell, intent.target, ev)


def _buy_gg(s: KState, intent: BuyGG, ev: Events) -> KState:
    return buy_gg(s, _acting(s), ev)


# ---- button labels, with names instead of ids ----------------------------------------------
def _who(s: KState, fid: int) -> str:
    return s.name(s.figures[fid]) if 0 <= fid < len(s.figures) else f"figure {fid}"


def _describe_move(s: KState, intent: Move) -> str:
    return f"Move {_who(s, intent.figure)} to {s.board.rc(intent.to)}"


def _describe_cast(s: KState, intent: Cast) -> str:
    fig = s.figures[intent.figure] if 0 <= intent.figure < len(s.figures) else None
    spells = s.card(fig).spells if fig is not None else ()
    name = spells[intent.spell].name if 0 <= intent.spell < len(spells) else "a spell"
    occ = s.occupant()
    on = _who(s, occ[intent.target]) if intent.target in occ else s.board.rc(intent.target)
    return f"{name} on {on}"


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
