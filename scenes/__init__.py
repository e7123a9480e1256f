"""pygame scenes: the scene stack, menus, and one table scene per game."""
