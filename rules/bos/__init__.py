"""BOS: the luckless column card game (seed 003). No shuffling, drawing or dice."""
