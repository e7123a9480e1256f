"""Drawing and animation: procedural art (cached per size), tweens and timelines."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on stdout
