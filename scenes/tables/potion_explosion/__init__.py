"""The Potion Explosion table: wiring (``table.py``), layout, drawing, input and animations."""
