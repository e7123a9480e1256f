"""Benchmarks that print figures (not tests). Run them as ``python -m bench.NAME``."""
