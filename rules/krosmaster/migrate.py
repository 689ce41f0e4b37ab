"""Loading a dump made before a spell paused by a manual step kept its own copy of the effects
still to come: ``cast_rest``'s old arguments (the spell's number on the card and the effect to
go on from) become the copy, read from the state's own cards as the cast would have made it."""

from __future__ import annotations

from rules.core.errors import DataError
from rules.core.manual import map_resumes
from rules.core.manual_intents import Resume
from rules.krosmaster.combat import rest_args
from rules.krosmaster.state import KState


def with_spell_copies(state: KState) -> KState:
    def change(part: Resume, where: str) -> Resume:
        args = part.args
        if part.op != "cast_rest" or len(args) != 5 or not all(isinstance(a, int)
                                                                 for a in args):
            return part
        caster, target, dealt, spell_no, start = (int(a) for a in args)
        if not 0 <= caster < len(state.figures):
            raise DataError([f"state:1: {where}: no figure {caster}"])
        card = state.card(state.figures[caster])
        if not 0 <= spell_no < len(card.spells):
            raise DataError([f"state:1: {where}: {card.name} has no spell number {spell_no} "
                             "to carry on (a save from before spells kept their own copy)"])
        spell = card.spells[spell_no]
        return Resume(op="cast_rest", args=(caster, target, dealt, spell.name, spell.text,
                                            *rest_args(spell.effects[start:])))

    map_resumes(state, change)
    return state
