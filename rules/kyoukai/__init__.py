"""Kyoukai: a zone-grid card battler (seed 000). See rules/kyoukai/HOUSE_RULES.md.

The rules contract is ``rules.kyoukai.ruleset.KyoukaiRules``; the game declares itself in
``rules.kyoukai.game``. Nothing is imported here: a package's ``__init__`` that imported its
own modules would be imported by each of them first, a cycle that works only by import order.
"""
