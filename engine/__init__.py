"""Tabletop Trio's rules engine: pure Python, no pygame, no clock, no global random.

See `engine/core.py` for the state protocol every game follows (docs/DESIGN.md, "The engine
contract").
"""
