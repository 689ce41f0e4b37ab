"""Kyoukai: a zone-grid card battler (seed 000). See rules/kyoukai/HOUSE_RULES.md."""

from rules.kyoukai.ruleset import KyoukaiRules

__all__ = ["KyoukaiRules"]
