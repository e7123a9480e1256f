"""The table kit every game plugs into (docs/DESIGN.md, "The table kit")."""
