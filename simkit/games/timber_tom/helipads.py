"""Helipads & Heli-Flights (9.): a flight goes to any other helipad no hiker occupies ("A
Helipad CANNOT be used by others until you have moved away from it")."""

from __future__ import annotations

from simkit.games.timber_tom import board as bd


def free_pads(board: bd.Board, here: int, taken: set[int]) -> list[int]:
    return [p for p in board.helipads if p != here and p not in taken]
