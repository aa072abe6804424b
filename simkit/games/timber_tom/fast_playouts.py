"""Playouts of Timber Tom on the compiled engine: every legal move of a decision tried in one
sampled world, the race then run on by a compiled walker (or ``random``) in every seat.

``simkit.core.playout.move_values`` asks this (through ``fast.playouts``) for each world it
samples when the policy has a compiled form. The world, a Python :class:`TimberTomState` waiting
for a decision, is written into the compiled engine's state arrays (:func:`encode`: the hikers,
the trees, the move in progress and its snapshot, the card piles, the trees on the move), and
the kernel plays each move on from a copy of that position: the compiled legal actions are the
Python engine's in its order, so the move is the row of its index in the world's own list; then
the turn flow goes on as in a run. As ``playout`` does, each move starts from the world's engine
generator and from the playout's stream, which every seat's choices draw from in turn, with
players that remember nothing from before the playout (no distance field of the turn read yet),
and is cut short after ``horizon`` decisions and scored on the race's standing
(``evaluation.standing``: minus the spaces each hiker has still to go). The win shares and
margins equal the Python playouts' world by world
(``tests/timber_tom/test_timber_tom_fast_playouts.py``).

The way home kept between plantings (``WaysHome``) is not carried over: where a tree may be
planted is the same whichever free way is kept (only a space every way home crosses rings the
planter in), the kept way only spares a search.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from simkit.core.playout import last_built, move_rows
from simkit.core.rng import GameRng
from simkit.games.timber_tom import fast
from simkit.games.timber_tom import fast_codes as c
from simkit.games.timber_tom import fast_fields as ff
from simkit.games.timber_tom import fast_strategies as fst
from simkit.games.timber_tom.evaluation import TREE_DETOUR
from simkit.games.timber_tom.fast_actions import _held, legal_actions
from simkit.games.timber_tom.state import STATS, TimberTomState
from simkit.games.timber_tom.turn_moves import MOVE_UNDO

# The hikers' numbers as ``ps`` columns: the lists a move given up restores (``MOVE_UNDO``, the
# chainsaw's kept cut aside) and the counts kept for the result columns (``STATS``).
_UNDONE = dict(
    zip(
        MOVE_UNDO,
        (c.P_POS, c.P_PACKS, c.P_AXES, c.P_SAWS, c.P_FLIGHTS, c.P_RADIOS, c.P_WILD)
        + (c.P_TREASURES, c.P_SNOW_PAID, c.P_USED141),
        strict=True,
    )
)
_COUNTED = dict(
    zip(
        STATS,
        (c.P_PLANTED, c.P_CLEARED, c.P_PACKS_USED, c.P_FLOWN, c.P_CARDS, c.P_EMERGENCIES),
        strict=True,
    )
)
_TURN = {
    "move_mod": c.P_MOVE_MOD,
    "roll_next": c.P_ROLL_NEXT,
    "skip": c.P_SKIP,
    "finished": c.P_FINISHED,
    "moves_made": c.P_MOVES_MADE,
    "moves_to_finish": c.P_MOVES_TO_FINISH,
}

compiled = last_built(fast.compiled)


def playouts(world: TimberTomState, seat: int, legal, policy, rng: GameRng, horizon: int = 0):
    """``seat``'s win share and margin after each move of ``legal`` in ``world``, ``policy``
    playing every seat from ``rng``'s stream; None if the policy has no compiled form, or the
    world is not a game of this engine waiting for a decision (or has more peaks than it plays,
    or a pile out of the order it keeps), or a move is not among its legal actions."""
    form = fst.compiled_form(policy)
    if form is None or not isinstance(world, TimberTomState) or world.terminal:
        return None
    if len(world.board.treasures) > fast.MAX_PEAKS:
        return None
    rows = move_rows(world, legal)
    if rows is None:
        return None
    moves, offered = rows
    n = world.n
    engine = compiled(world.rules)
    position, arrays = _arrays(engine, n, max(1, form[1][ff.TREE_COST]))
    if not encode(world, position):
        return None
    kinds = np.full(n, form[0], dtype=np.int64)
    params = np.tile(np.array(form[1], dtype=np.int64), (n, 1))
    rngs = np.zeros(n + 2, dtype=np.uint64)
    rngs[0] = world.rng.state
    rngs[n + 1] = rng.state
    wins, margins, finished = _play_moves(
        engine.board,
        engine.deck,
        engine.rules,
        engine.points,
        n,
        position,
        arrays,
        rngs,
        kinds,
        params,
        moves,
        offered,
        horizon,
        seat,
    )
    return (wins, margins) if finished else None


_last: tuple = (None, 0, 0, None)  # (engine, players, tree cost, arrays): a search asks again


def _arrays(engine: fast.Compiled, n: int, tree_cost: int) -> tuple:
    """The world's position and a playout's arrays (state, walkers' cache, legal rows,
    scratch), kept while the engine, the player count and the tree cost stay the same: a search
    asks for the same ones world after world, and the distance fields kept by trees (a function
    of the trees alone) stay useful from one world to the next."""
    global _last
    known, known_n, known_cost, arrays = _last
    if known is not engine or known_n != n or known_cost < tree_cost:
        position = fast.new_state(engine.board, n, engine.n_cards)
        arrays = position, fast.new_arrays(engine.board, n, engine.n_cards, tree_cost)
        _last = engine, n, tree_cost, arrays
    return arrays


def encode(w: TimberTomState, state: tuple) -> bool:
    """The Python game ``w`` at a decision into the compiled ``state`` arrays (but its
    generators); False if its card piles are not as the compiled engine keeps them."""
    g, ps, trees, path, last_path, draw, discard, lifted, way, undo_ps, undo_trees = state
    move, planting, cards, saw = w.move, w.planting, w.cards, w.chainsaw
    g[:] = 0
    ps[:] = 0
    g[c.G_BOX], g[c.G_HAND] = planting.box, planting.hand
    g[c.G_PLANT_LEFT], g[c.G_RELIEF_LEFT] = planting.plant_left, planting.relief_left
    g[c.G_LIFTED_LEN] = _fill(lifted, planting.lifted)
    g[c.G_SAW_CREDIT] = saw.cuts
    g[c.G_SEAT], g[c.G_ROUND] = w.seat, w.round
    g[c.G_STAGE], g[c.G_PHASE] = w.stage, w.phase
    g[c.G_START], g[c.G_COUNTED], g[c.G_ALLOWANCE] = move.start, move.counted, move.allowance
    g[c.G_DIE], g[c.G_MOVE141] = move.die, move.one_for_one
    g[c.G_R4_OPEN], g[c.G_WILD_ACTIVE] = move.roll4_open, move.wild_active
    g[c.G_TURNED_BACK], g[c.G_EARLY] = move.turned_back, move.early
    g[c.G_CLEARED_AFTER] = move.cleared_after
    g[c.G_PATH_LEN] = _fill(path, move.path)
    g[c.G_WILD_DRAWN] = cards.wild_drawn
    g[c.G_DRAW_LEN] = _fill(draw, cards.pile)
    g[c.G_DISCARD_LEN] = _fill(discard, cards.used)
    g[c.G_WAY_LEN] = 0  # no way home kept: the first planting searches one
    trees[:] = np.frombuffer(bytes(w.trees), dtype=np.uint8)
    _hikers(w.__dict__, w.stats, ps)
    ps[:, c.P_SAW_KEPT] = saw.kept
    for s in range(w.n):
        ps[s, c.P_LAST_LEN] = _fill(last_path[s], w.last_path[s])
    if w._undo:
        lists, before, planted, held_saw, used, one_for_one, stats = w._undo
        if list(used) != list(cards.used[: len(used)]):
            return False  # the used pile reshuffled since the move began: not kept as a prefix
        _hikers(dict(zip(MOVE_UNDO, lists, strict=True)), stats, undo_ps)
        undo_ps[:, c.P_SAW_KEPT] = held_saw.kept
        undo_trees[:] = np.frombuffer(before, dtype=np.uint8)
        g[c.G_U_BOX], g[c.G_U_HAND] = planted.box, planted.hand
        g[c.G_U_SAW_CREDIT], g[c.G_U_MOVE141] = held_saw.cuts, one_for_one
        g[c.G_U_DISCARD_LEN], g[c.G_U_LIFTED_LEN] = len(used), len(planted.lifted)
    return True


def _hikers(lists: dict, stats: dict, ps: np.ndarray) -> None:
    """The hikers' lists (``MOVE_UNDO``, and the turn's where ``lists`` has them) and counts
    into their columns of ``ps``."""
    for name, col in (_UNDONE | _TURN).items():
        if name in lists:
            ps[:, col] = lists[name]
    for name, col in _COUNTED.items():
        ps[:, col] = stats[name]


def _fill(row: np.ndarray, values) -> int:
    """``values`` at the start of ``row``; their number."""
    k = len(values)
    row[:k] = values
    return k


@nb.njit(cache=True)
def _play_moves(B, D, rl, pts, n, P, arrays, rngs, kinds, params, moves, offered, horizon, seat):
    """Each move (a row of the position's legal actions, ``offered`` of them) played on from a
    copy of the position ``P``; (win shares, margins, whether every move was the world's)."""
    S, cache, legal, scratch, marks = arrays
    g, ps, trees = S[0], S[1], S[2]
    engine, stream = rngs[0], rngs[n + 1]
    wins = np.zeros(moves.shape[0])
    margins = np.zeros(moves.shape[0])
    keys = np.zeros((n, 7), dtype=np.float64)
    stats = np.zeros((n, 9), dtype=np.int64)
    ranks = np.zeros(n, dtype=np.int64)
    worth = np.zeros(n, dtype=np.float64)
    for i in range(moves.shape[0]):
        _restore(S, P)
        rngs[0], rngs[n + 1] = engine, stream
        cache[0][ff.M_ROUND] = -1  # players that remember nothing: no field of this turn read
        cache[0][ff.M_FIELDS] = 0
        k = legal_actions(B, rl, g, ps, trees, S[3], S[7], S[8], n, legal, scratch, marks)
        if k != offered:
            return wins, margins, False
        j = moves[i]
        fast.apply_on(B, D, rl, S, rngs, n, legal[j, 0], legal[j, 1], legal[j, 2], marks, scratch)
        fast._decide(
            B, D, rl, n, rngs, kinds, params, S, cache, legal, scratch, marks, horizon, True
        )
        if g[c.G_TERMINAL]:
            fast._final(pts, g, ps, n, keys, stats)
            fast._ranks(keys, n, ranks)
            for s in range(n):
                worth[s] = keys[s, 1]  # the points: the drawn game's resource count
            leaders = 0
            for s in range(n):
                leaders += ranks[s] == 1
            wins[i] = 1.0 / leaders if ranks[seat] == 1 else 0.0
        else:
            for s in range(n):
                worth[s] = (
                    0.0 if ps[s, c.P_FINISHED] else -_spaces_to_go(B, rl, trees, cache, s, ps)
                )
            wins[i] = _share(worth, n, seat)
        others = -np.inf
        for s in range(n):
            if s != seat:
                others = max(others, worth[s])
        margins[i] = worth[seat] - others
    return wins, margins, True


@nb.njit(cache=True, inline="always")
def _restore(S, P):
    """A playout's state ``S`` set back to the world's position ``P``, array by array."""
    g, ps, trees, path, last_path, draw, discard, lifted, way, undo_ps, undo_trees = S
    g[:] = P[0]
    ps[:, :] = P[1]
    trees[:] = P[2]
    path[:] = P[3]
    last_path[:, :] = P[4]
    draw[:] = P[5]
    discard[:] = P[6]
    lifted[:] = P[7]
    way[:] = P[8]
    undo_ps[:, :] = P[9]
    undo_trees[:] = P[10]


@nb.njit(cache=True, inline="always")
def _share(worth, n, seat):
    """``seat``'s win share if the game ended on ``worth`` (``playout.standing``)."""
    top = worth[0]
    for s in range(n):
        top = max(top, worth[s])
    leaders = 0
    for s in range(n):
        leaders += worth[s] == top
    return 1.0 / leaders if worth[seat] == top else 0.0


@nb.njit(cache=True)
def _spaces_to_go(B, rl, trees, cache, s, ps):
    """``evaluation.spaces_to_go`` of hiker ``s``: the nearest Treasure not held (the first of
    equals), on to the next until enough are held, then home; a tree a detour of one space."""
    lists = B[3]
    camp = B[2].shape[1] - 1
    fields = cache[5]
    here, held = ps[s, c.P_POS], ps[s, c.P_TREASURES]
    spaces = 0
    while _held(held) < rl[c.R_TREASURES_TO_WIN]:
        best, best_way = -1, 0
        for p in range(rl[c.R_N_PEAKS]):
            if (held >> p) & 1:
                continue
            way = fields[
                ff._known_field(B, trees, cache, TREE_DETOUR, lists[c.L_TREASURES, p], False)
            ][here]
            if best < 0 or way < best_way:
                best, best_way = p, way
        spaces += best_way
        here = lists[c.L_TREASURES, best]
        held |= 1 << best
    return spaces + fields[ff._known_field(B, trees, cache, TREE_DETOUR, camp, False)][here]


__all__ = ["encode", "playouts"]
