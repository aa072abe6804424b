"""Treasures (10. The Treasure Space, 12. Emergency): collected in passing, counted for the
finish, forfeited in an emergency. A hiker's Treasures are bits by peak."""

from __future__ import annotations

from simkit.games.timber_tom import board as bd


def held(treasures: int) -> int:
    """How many Treasures a hiker holds."""
    return bin(treasures).count("1")


def collected(board: bd.Board, node: int, treasures: int) -> int:
    """The Treasures after passing over ``node``: "you need only pass over it during your move to
    claim your Treasure — even if another player is occupying it"."""
    if board.feature[node] == bd.TREASURE:
        return treasures | 1 << board.peak[node]
    return treasures


def peaks_held(board: bd.Board, treasures: int) -> list[int]:
    return [p for p in range(len(board.treasures)) if treasures >> p & 1]


def emergency_open(packs: int, axes: int, saws: int, treasures: int) -> bool:
    """ "If during the game you lose ALL Supply Packs AND clearing tokens ... you can FORFEIT any
    1 of your claimed Treasures" and be flown home (so only with a Treasure to give)."""
    return packs == 0 and axes == 0 and saws == 0 and treasures != 0
