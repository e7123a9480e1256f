"""Persistence: the save envelope (format.py), the save folder (store.py), settings
(settings.py)."""
