"""The Diced Tomatoes table: wiring (``table.py``), layout, drawing, input and animations."""
