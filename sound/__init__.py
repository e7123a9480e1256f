"""Sound effects made by code: synthesis (:mod:`sound.synth`), the recipes
(:mod:`sound.library`), the WAV cache (:mod:`sound.cache`), the player (:mod:`sound.board`) and
which event sounds how (:mod:`sound.cues`). Only :mod:`sound.board` touches pygame.
"""
