"""The Tea Time table: wiring (``table.py``), layout, drawing, input and animations."""
