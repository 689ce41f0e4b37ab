"""Nullshapers: a lane card game of three biomes, agents and an answer queue (seed 004)."""
