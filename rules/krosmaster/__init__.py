"""Krosmaster Arena: a figure skirmish on a square grid with dice (seed 002_0543376060278b8d).

The rules contract is in ``ruleset`` (``KrosmasterRules``); house rules, in one place, in
``house``; data: cards and teams (``cards``), maps (``board``), spell effects (``effects``).
Nothing is imported here (see rules/kyoukai/__init__.py).
"""
