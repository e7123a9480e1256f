"""The Potion Explosion table (issue 17): ``scene`` wires ``layout`` (geometry), ``draw``
(pure drawing), ``input`` (clicks and keys → intents) and ``animate`` (events → steps)."""

from scenes.tables.potion_explosion.scene import PotionExplosionTable

__all__ = ["PotionExplosionTable"]
