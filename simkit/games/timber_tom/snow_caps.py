"""Snow Caps (10. Snow Caps, In General): the Supply Pack forfeited on first setting foot on each
peak's Snow Cap, and the optional card on ending a move there."""

from __future__ import annotations

from simkit.games.timber_tom import board as bd


def entry_fee(board: bd.Board, nxt: int, paid: int, fee: int) -> int:
    """Packs forfeited stepping onto ``nxt``: "The moment you first set foot on a Snow Cap you
    MUST FORFEIT 1 Supply pack" (``paid``: bit p set once peak p's fee is paid)."""
    if board.zone[nxt] == bd.SNOW and not paid >> board.peak[nxt] & 1:
        return fee
    return 0


def paid_after(board: bd.Board, nxt: int, paid: int) -> int:
    """The peaks paid for once the hiker stands on ``nxt``."""
    return paid | 1 << board.peak[nxt] if board.zone[nxt] == bd.SNOW else paid
