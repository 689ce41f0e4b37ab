"""Issue 33 item 6 at the table: while the rules refuse Done, the manual panel shows its Done
button disabled with their reason beside it; a click on it does nothing; once the change is
put right, Done is a live button again."""

from __future__ import annotations

from collections.abc import Callable

import rules
from rules.core.manual_intents import ManualMove
from tests.game.conftest import Driver
from tests.manual.helpers import refused_change

Make = Callable[..., Driver]


def test_a_refused_done_is_a_disabled_button_with_the_rules_reason(table: Make) -> None:
    d = table(game="kyoukai", seed=4, seats=("human", "human"), options={"designer": True})
    d.frames(2)
    d.click(tuple(d.info()["buttons"]["freeform"]))
    panel = d.scene.manual
    assert [b["label"] for b in d.info()["manual"]][0] == "Done" and panel.done_off is None
    rs = rules.get("kyoukai")
    state = d.scene.session.state
    change = refused_change(rs, state)
    table_ = rs.manual_table
    assert table_ is not None and isinstance(change, ManualMove)
    here = next(pl for pl in table_.places(state) if pl.card == change.card)
    d.scene.apply(change)
    d.frames(2)
    why = rs.done_refusal(d.scene.session.state)
    assert why is not None and why.startswith("Done refused: ")
    assert "Done" not in [b["label"] for b in d.info()["manual"]]
    off = panel.done_off
    assert off is not None and off.text == "Done" and not off.is_enabled and off.visible
    assert panel.done_reason == why
    reason = [words for words, _, style in panel.labels if style == "refusal"]
    assert reason and why.startswith(reason[0]) and reason[0].startswith("Done refused:")
    # Beside the button: just under its row, inside the panel.
    first = next(at for words, at, style in panel.labels if style == "refusal")
    assert off.rect.bottom <= first[1] <= off.rect.bottom + 40
    assert panel.rect.collidepoint(first)
    # A click on it: nothing happens.
    intents = len(d.scene.session.intents)
    d.click(off.rect.center)
    assert len(d.scene.session.intents) == intents
    assert rs.manual_pending(d.scene.session.state) is not None
    # Put back where it was: Done is live again.
    d.scene.apply(ManualMove(card=change.card, owner=here.owner, zone=here.zone, at=here.at))
    d.frames(2)
    assert [b["label"] for b in d.info()["manual"]][0] == "Done"
    assert panel.done_off is None and panel.done_reason is None
    assert not any(style == "refusal" for _, _, style in panel.labels)
