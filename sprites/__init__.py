"""Drawing and animation: procedural art (cached per size), tweens and timelines."""
