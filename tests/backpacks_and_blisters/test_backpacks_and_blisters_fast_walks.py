"""The compiled planner's walk ends (``fast_walks.ends_bits``): the walks kept for the empty map
serve only while no other Rambler can change them; either way the ends are the Python engine's
``movement.reachable`` with the other Ramblers about and Keswick as a stop."""

from __future__ import annotations

import numba as nb
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from sizes import size

from simkit.games.backpacks_and_blisters import fast
from simkit.games.backpacks_and_blisters import fast_walks as fw
from simkit.games.backpacks_and_blisters.fast_state import N_SEAT, POS, Notes, Search, Work
from simkit.games.backpacks_and_blisters.movement import reachable
from simkit.games.backpacks_and_blisters.rules import Rules

RULES = fast.CompiledRules(Rules())
BOARD = RULES.board
PATHS = (RULES.offsets, RULES.targets, RULES.triangle)
N = BOARD.n_spaces
WORDS = (N + 63) // 64


@nb.njit
def _ends(paths, work, notes, spaces, seats, n, start, n_allow, stop, out):
    work.stops[:] = False
    if stop >= 0:
        work.stops[stop] = True
    fw.ends_bits(paths, work, notes, spaces, seats, n, 0, start, n_allow, stop, out)


def _scratch():
    search = Search(
        np.zeros(N * fw.SYMBOLS * fw.SYMBOLS, dtype=np.int64),
        np.zeros(1, dtype=np.int64),
        np.zeros(N * fw.SYMBOLS * fw.SYMBOLS * 12 + 1, dtype=np.int64),
    )
    masks = [np.zeros(N, dtype=np.bool_) for _ in range(5)]
    work = Work(
        np.zeros((8, 4), dtype=np.int64),
        np.zeros(16, dtype=np.int64),
        np.zeros((2, 2), dtype=np.int64),
        *masks,
        np.zeros((N, 2, 3), dtype=np.int64),
        np.zeros(N * fw.SYMBOLS * fw.SYMBOLS * 12, dtype=np.int64),
        np.zeros(6, dtype=np.int64),
        search,
    )
    notes = Notes(
        np.zeros((5, N + 1)),
        np.zeros(N + 1, dtype=np.int64),
        np.zeros(WORDS, dtype=np.int64),
        np.zeros(N, dtype=np.bool_),
        np.zeros(N, dtype=np.bool_),
        np.zeros(16, dtype=np.int64),
        np.zeros(8),
        np.zeros((fw.SYMBOLS, fw.SYMBOLS, N, WORDS), dtype=np.int64),
        np.zeros((fw.SYMBOLS, fw.SYMBOLS, N), dtype=np.bool_),
        np.zeros(WORDS, dtype=np.int64),
    )
    return work, notes


# One scratch for every example, as in a chunk: the kept walks carry over from one to the next.
WORK, NOTES = _scratch()


@given(
    start=st.integers(0, N - 1),
    allowances=st.lists(
        st.tuples(st.integers(0, 2 * 10), st.integers(0, 2 * 10)), min_size=1, max_size=2
    ),
    near=st.lists(st.integers(0, 10**6), max_size=5),
    stop=st.booleans(),
)
@settings(max_examples=size(300, 3000), deadline=None)
def test_kept_walks_end_where_the_python_search_does(start, allowances, near, stop):
    # The other Ramblers stand near the walker (within four spaces), where they can matter.
    close = [s for s in range(N) if s != start and BOARD.hops(start, s) <= 4]
    seats = np.zeros((1 + len(near), N_SEAT), dtype=np.int64)
    seats[0, POS] = start
    for k, pick in enumerate(near):
        seats[1 + k, POS] = close[pick % len(close)]
    for a, (c, t) in enumerate(allowances):
        WORK.allow[a] = c, t
    keswick = BOARD.start if stop and start != BOARD.start else -1
    out = np.zeros(WORDS, dtype=np.int64)
    _ends(PATHS, WORK, NOTES, RULES.spaces, seats, len(seats), start, len(allowances), keswick, out)
    got = {s for s in range(N) if (int(out[s >> 6]) >> (s & 63)) & 1}
    others = {int(p) for p in seats[1:, POS] if BOARD.is_small(int(p))}
    stops = frozenset({keswick}) if keswick >= 0 else frozenset()
    want = set()
    for c, t in allowances:
        want |= reachable(BOARD, start, c, t, others, stops)
    assert got == want
