"""A drop-down's open list as wide as its box (pygame_gui leaves out the arrow button's width,
so the list looked narrower than the box it hangs from)."""

from __future__ import annotations


def install() -> None:
    """Widen every open drop-down list to its menu's whole width (once a process), after
    pygame_gui has built or resized it."""
    from pygame_gui.elements.ui_drop_down_menu import UIExpandedDropDownState

    if getattr(UIExpandedDropDownState, "_tabletop_full_width", False):
        return

    def widen(method):
        def patched(self, *args, **kwargs):
            result = method(self, *args, **kwargs)
            listed = self.options_selection_list
            if listed is not None:
                listed.set_dimensions(
                    (self.drop_down_menu_ui.relative_rect.width, self.options_list_height)
                )
            return result

        return patched

    for name in ("start", "update_dimensions"):
        setattr(UIExpandedDropDownState, name, widen(getattr(UIExpandedDropDownState, name)))
    UIExpandedDropDownState._tabletop_full_width = True  # type: ignore[attr-defined]
