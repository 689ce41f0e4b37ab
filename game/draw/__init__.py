"""Drawing pieces shared by every table: card faces, text, hand fan, piles, panels, log."""
