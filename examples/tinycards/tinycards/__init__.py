"""Tiny Cards: two players draw from one shared deck, play units into a row of three slots and
attack across; the first to bring the other to 0 life wins. The example game package of
Playtable's docs/adding-a-game.md: its declaration (``game``), card files (``cards``,
``pack``, ``pack/``), state and rules (``state``, ``rules``) and table (``table``).

Nothing is imported here: Playtable imports ``tinycards.game`` through the entry point, and
the GameInfo names the rest by import strings, so declaring the game stays cheap and the
modules import in one direction (game <- cards <- state <- rules <- table).
"""
