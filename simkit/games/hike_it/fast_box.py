"""The gear bag and the hiker box (Campsites, Gear & Hiker Box) compiled: :mod:`hiker_box` on
arrays, draw for draw from the same stream.

The bag is row ``BAG`` of the game's ``piles`` (its length in ``pile_len``), in the Python list's
order; the box is ``box[stack, depth]`` with ``box_len[stack]`` tiles, top last.
"""

from __future__ import annotations

import numba as nb

from simkit.core.fast_rng import below

BAG = 0  # the bag's row in the piles


@nb.njit(cache=True, inline="always", _nrt=False)
def _pop(piles, pile_len, p):
    """``pile.pop()``: the last card."""
    pile_len[p] -= 1
    return piles[p, pile_len[p]]


@nb.njit(cache=True, inline="always", _nrt=False)
def _pop_at(piles, pile_len, p, i):
    """``pile.pop(i)``: the cards after ``i`` move down one place."""
    card = piles[p, i]
    for k in range(i, pile_len[p] - 1):
        piles[p, k] = piles[p, k + 1]
    pile_len[p] -= 1
    return card


@nb.njit(cache=True, inline="always", _nrt=False)
def _draw_bag(rng, piles, pile_len):
    """A blind draw from the gear bag (hiker_box.draw)."""
    return _pop_at(piles, pile_len, BAG, below(rng, 0, pile_len[BAG]))


@nb.njit(cache=True, inline="always", _nrt=False)
def _recycle(rng, piles, pile_len, box, box_len):
    """Every tile of the box back into the bag, then one new tile a stack (hiker_box.recycle)."""
    for i in range(box.shape[0]):
        for k in range(box_len[i]):
            piles[BAG, pile_len[BAG]] = box[i, k]
            pile_len[BAG] += 1
        box_len[i] = 0
    for i in range(box.shape[0]):
        if pile_len[BAG]:
            box[i, 0] = _draw_bag(rng, piles, pile_len)
            box_len[i] = 1


@nb.njit(cache=True, inline="always", _nrt=False)
def _forced_recycle(rng, piles, pile_len, box, box_len):
    """All visible tiles identical and the bag holding another type: recycle once."""
    top = -1
    for i in range(box.shape[0]):
        if not box_len[i]:
            return False
        t = box[i, box_len[i] - 1]
        if top >= 0 and t != top:
            return False
        top = t
    for k in range(pile_len[BAG]):
        if piles[BAG, k] != top:
            _recycle(rng, piles, pile_len, box, box_len)
            return True
    return False


@nb.njit(cache=True, inline="always", _nrt=False)
def _push_tile(box, box_len, i, t):
    box[i, box_len[i]] = t
    box_len[i] += 1


@nb.njit(cache=True, inline="always", _nrt=False)
def _put(box, box_len, t):
    """On the first empty space, else on the first stack whose top differs (hiker_box._put)."""
    for i in range(box.shape[0]):
        if not box_len[i]:
            _push_tile(box, box_len, i, t)
            return True
    for i in range(box.shape[0]):
        if box[i, box_len[i] - 1] != t:
            _push_tile(box, box_len, i, t)
            return True
    return False


@nb.njit(cache=True, _nrt=False)
def place(rng, piles, pile_len, box, box_len, t):
    """A dumped tile on the first empty space, else on the first stack whose top differs; with
    every top of that type the box is recycled first (True), and with box and bag of that type
    only the tile goes back into the bag (hiker_box.place)."""
    if _put(box, box_len, t):
        return False
    while True:
        _recycle(rng, piles, pile_len, box, box_len)
        if _put(box, box_len, t):
            return True
        only_t = True
        for k in range(pile_len[BAG]):
            if piles[BAG, k] != t:
                only_t = False
        if only_t:
            piles[BAG, pile_len[BAG]] = t
            pile_len[BAG] += 1
            return True


@nb.njit(cache=True, inline="always", _nrt=False)
def can_recycle(box, box_len, types):
    """4 or 5 identical visible tiles: the current player may recycle the box."""
    most = 0
    for t in range(types):
        k = 0
        for i in range(box.shape[0]):
            k += box_len[i] > 0 and box[i, box_len[i] - 1] == t
        most = max(most, k)
    return most == 4 or most == 5


@nb.njit(cache=True, inline="always", _nrt=False)
def restock(rng, piles, pile_len, box, box_len):
    """Empty spaces get a tile from the bag at the end of a turn; True if a recycle followed."""
    for i in range(box.shape[0]):
        if not box_len[i] and pile_len[BAG]:
            _push_tile(box, box_len, i, _draw_bag(rng, piles, pile_len))
    return _forced_recycle(rng, piles, pile_len, box, box_len)


@nb.njit(cache=True, inline="always", _nrt=False)
def gear_cost(box, box_len, t):
    """Actions to take a tile of type ``t``: 1 plus the tiles dug through (0: none there)."""
    best = 0
    for i in range(box.shape[0]):
        for depth in range(box_len[i]):
            if box[i, box_len[i] - 1 - depth] == t:
                if not best or depth + 1 < best:
                    best = depth + 1
                break
    return best


@nb.njit(cache=True, _nrt=False)
def take(rng, piles, pile_len, box, box_len, t, dug):
    """Dig out the shallowest ``t`` (the first stack on ties); the tiles dug through go back
    into the box, last dug first. Returns the actions spent."""
    best, stack = -1, -1
    for i in range(box.shape[0]):
        for depth in range(box_len[i]):
            if box[i, box_len[i] - 1 - depth] == t:
                if best < 0 or depth < best:
                    best, stack = depth, i
                break
    for k in range(best):
        box_len[stack] -= 1
        dug[k] = box[stack, box_len[stack]]
    box_len[stack] -= 1
    for k in range(best - 1, -1, -1):
        place(rng, piles, pile_len, box, box_len, dug[k])
    return best + 1
