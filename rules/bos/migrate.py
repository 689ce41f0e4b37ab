"""Loading a dump made before a defeat paused by a manual on-defeat ability kept its own copy
of the abilities still to come: the old ``defeat`` part (the card and the ability to go on
from) becomes ``defeat_rest`` with the copy, read from the state's own cards as the defeat
would have made it."""

from __future__ import annotations

from rules.bos.state import State
from rules.core.errors import DataError
from rules.core.manual import map_resumes
from rules.core.manual_intents import Resume


def with_ability_copies(state: State) -> State:
    def change(part: Resume, where: str) -> Resume:
        if part.op != "defeat":
            return part
        if len(part.args) != 2 or not all(isinstance(a, int) for a in part.args):
            raise DataError([f"state:1: {where}: 'defeat' takes a card and an ability "
                             f"number, not {list(part.args)}"])
        iid, start = (int(a) for a in part.args)
        if iid not in state.cards:
            raise DataError([f"state:1: {where}: no card {iid}"])
        rest = [x for ab in state.card(iid).abilities[start:] if ab.trigger == "defeat"
                for x in (ab.name, ab.effect, ab.amount, ab.text)]
        return Resume(op="defeat_rest", args=(iid, *rest))

    map_resumes(state, change)
    return state
