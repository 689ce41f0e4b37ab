"""Dreadnought: a shared-turn card game of speed grades, two casters and sized units."""
