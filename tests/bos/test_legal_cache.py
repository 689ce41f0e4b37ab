"""BOS's caches are keyed by what they read: card instances are numbered per deck pair, so one
pairing's cached castle or spellbook rows must never serve another's; the default setup is
kept only while its pack's files are unchanged."""

from __future__ import annotations

import os
import random
import shutil
from pathlib import Path

import pytest

from rules.bos.effects import EFFECTS
from rules.bos.intents import Cast, Summon, UseAbility
from rules.bos.legal import targets
from rules.core import newgame, packs
from tests.bos.helpers import RS

PAIRS = [("Ember Court", "Tide Circle"), ("Ember Court", "Grove Wardens"),
         ("Grove Wardens", "Tide Circle"), ("Tide Circle", "Ember Court")]


def test_legal_intents_fit_each_games_own_cards_when_deck_pairs_alternate() -> None:
    """Renewal ("ready one of your acted cards") was once offered with no target in an Ember
    Court vs Grove Wardens game played after an Ember Court vs Tide Circle one."""
    checked = 0
    for seed in range(4):
        for a, b in PAIRS:
            r = random.Random(seed)
            s = RS.new_game(seed=seed, options={"decks": [a, b]})
            while (p := RS.to_act(s)) is not None:
                legal = RS.legal_intents(s)
                side = s.sides[p]
                for i in legal:
                    if isinstance(i, Summon):
                        assert i.card in side.castle, (a, b, i)
                    elif isinstance(i, Cast):
                        card = s.card(i.card)
                        assert i.card in side.spellbook and card.cost <= side.vim, (a, b, i)
                        assert card.effect is not None
                        assert (i.target, i.player) in targets(s, p, card.effect), (a, b, i)
                        checked += 1
                    elif isinstance(i, UseAbility):
                        ab = s.card(i.card).abilities[i.ability]
                        assert ab.trigger == "act" and ab.effect in EFFECTS, (a, b, i)
                        assert (i.target, i.player) in targets(s, p, ab.effect), (a, b, i)
                s = RS.apply(s, r.choice(legal)).state  # loud: the legality check runs too
    assert checked > 100


def test_the_default_setup_is_kept_only_while_its_pack_files_are_unchanged(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rs = type(RS)()
    kept = rs.setup()
    assert rs.setup() is kept and rs.setup({"first": 1}) is not kept
    monkeypatch.setattr(packs, "stamp", lambda paths: (("saved", 1, 2),))
    again = rs.setup()
    assert again is not kept and again.cards == kept.cards
    assert rs.setup() is again


def test_a_pack_file_saved_added_or_renamed_gives_a_new_default_setup(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Saved in place (its own time changes), added or renamed (only the folder's does):
    each time the next setup reads the pack again."""
    pack = tmp_path / "pack"
    shutil.copytree(newgame.shipped_pack(RS.info), pack)
    monkeypatch.setattr(newgame, "shipped_pack", lambda info: pack)
    rs = type(RS)()
    kept = rs.setup()
    assert rs.setup() is kept
    red = pack / "red.toml"
    st = red.stat()
    os.utime(red, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    saved = rs.setup()
    assert saved is not kept and rs.setup() is saved
    (pack / "extra.toml").write_text('[[bos]]\nid = "test_imp"\nname = "Test Imp"\n'
                                     'type = "summon"\ncolour = "red"\nstrength = 1\n')
    added = rs.setup()
    assert "test_imp" in added.cards and "test_imp" not in saved.cards
    os.rename(red, pack / "crimson.toml")  # the file keeps its time and size
    assert rs.setup() is not added
