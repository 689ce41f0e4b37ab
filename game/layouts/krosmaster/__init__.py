"""Krosmaster Arena's client: the table layout (``table.KrosmasterTable``) and what only it
needs (figure cards drawn from card data, the spell-targeting input handler). Generic code
never imports this package; the game's GameInfo names
``game.layouts.krosmaster.table:KrosmasterTable``. Nothing is imported here (see
rules/kyoukai/__init__.py)."""
