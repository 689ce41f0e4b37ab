"""Playtable's pygame-ce / pygame-gui client: scenes, table layouts, drawing and input.

Drawing reads the game only through ``rs.view`` / ``rs.legal_intents`` / ``rs.highlights``.
"""
