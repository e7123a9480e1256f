"""The Off the Rails table: wiring (``table.py``), layout, drawing, input and animations."""
