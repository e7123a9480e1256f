"""The Shifting Stones table (issue 40.5)."""
