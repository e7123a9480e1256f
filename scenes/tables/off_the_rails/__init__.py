"""The Off the Rails table (issue 18): ``scene`` wires ``layout`` (geometry), ``draw`` (pure
drawing), ``input`` (clicks and keys → intents) and ``animate`` (events → steps)."""

from scenes.tables.off_the_rails.scene import OffTheRailsTable

__all__ = ["OffTheRailsTable"]
