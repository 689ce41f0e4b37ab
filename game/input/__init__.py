"""Input handlers: what mouse and keyboard events mean in each moment of play."""
