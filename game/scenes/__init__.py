"""Scenes: the main menu and the table."""
