"""Kyoukai on plain, mutable values: the simulation's playout (``rules.core.playout``)."""
