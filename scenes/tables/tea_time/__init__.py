"""The Tea Time table (issue 25): scene, layout, drawing, input and animations."""

from scenes.tables.tea_time.scene import TeaTimeTable

__all__ = ["TeaTimeTable"]
