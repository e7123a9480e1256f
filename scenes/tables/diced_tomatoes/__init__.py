"""The Diced Tomatoes table (issue 19): ``scene`` wires ``layout`` (geometry), ``draw`` (pure
drawing), ``input`` (clicks and keys → intents) and ``animate`` (events → steps)."""

from scenes.tables.diced_tomatoes.scene import DicedTomatoesTable

__all__ = ["DicedTomatoesTable"]
