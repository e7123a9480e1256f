"""pygame scenes: the scene stack, menus, and one table scene per game."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on stdout
