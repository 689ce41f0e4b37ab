"""Krosmaster Arena's client: the table layout and what only it needs (figure cards drawn from
card data, the spell-targeting input handler). Generic code never imports this package; the
game's GameInfo names ``game.layouts.krosmaster:KrosmasterTable``."""

from game.layouts.krosmaster.table import KrosmasterTable, face_spec

__all__ = ["KrosmasterTable", "face_spec"]
