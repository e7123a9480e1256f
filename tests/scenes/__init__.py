import scenes  # noqa: F401  (imports pygame_gui with its own i18n before any test module does)
