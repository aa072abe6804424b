"""Base Camp (1. Base Camp; 12. Return to Base Camp): "ALL used resources can be restored at
Base Camp simply by landing on the FIRST Base Camp space"."""

from __future__ import annotations


def restored(tray) -> tuple[int, int, int, int, int]:
    """A hiker's tokens after Base Camp, from the starting ``tray``: (supply packs, axes,
    chainsaws, heli flights, heli radios)."""
    return tray.supply_packs, tray.axes, tray.chainsaws, tray.heli_flights, tray.heli_radios
