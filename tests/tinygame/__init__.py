"""Tiny Cards, a throwaway two-player card game (a hand and a row of three slots each) that
proves a new card game plays in the client from its own package: its declaration in
``game.py`` (registered at run time by ``registered``), rules in ``rules.py``, table in
``table.py`` (mostly data)."""
