"""Krosmaster Arena: a figure skirmish on a square grid with dice (seed 002_0543376060278b8d).

The rules contract is in ``ruleset`` (``KrosmasterRules``); house rules, in one place, in
``house``; data: cards and teams (``cards``), maps (``board``), spell effects (``effects``).
"""

from __future__ import annotations

from rules.krosmaster.ruleset import KrosmasterRules

__all__ = ["KrosmasterRules"]
