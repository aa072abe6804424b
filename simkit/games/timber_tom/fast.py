"""Timber Tom compiled with numba: the turn flow of :mod:`state`, played with the compiled
strategies of :mod:`fast_strategies`, for whole chunks of games at once.

It mirrors the Python engine step by step: the same stages and phases, the same legal actions in
the same order (an action is a row ``(kind, a, b)``, codes in :mod:`fast_codes`), the same draws
from the same SplitMix64 streams (the die and the card pile from the engine's, each seat's choices
from its own), so a game gives the same row in both; ``tests/timber_tom/test_timber_tom_fast.py``
checks that game by game. The Python engine stays the reference: the one that is read, logged,
traced and replayed.

State lives in flat arrays allocated once per chunk: ``g`` the game's scalars, ``ps`` one row per
hiker, the trees (one byte per node), the move's path, each hiker's last path, the card piles, the
trees in hand, the way home kept between plantings, and the snapshot a move given up returns to.
The board, the rules and the deck are arrays built once per ``Rules`` (:func:`compiled`). The
board searches are those of :mod:`fast_searches`, called as they are.

The rules are split by concern: :mod:`fast_actions` (small rules, legal actions),
:mod:`fast_cards` (the Hiking Cards), :mod:`fast_turns` (the turn flow and applying an action);
this module plays the games and turns them into rows. numba's on-disk cache checks only the
source file of each compiled function: after changing one of them, or :mod:`fast_strategies` or
:mod:`fast_searches`, clear ``__pycache__``.
"""

from __future__ import annotations

import time
from functools import cache

import numba as nb
import numpy as np
import pyarrow as pa

from simkit.core.fast_rng import below, game_streams, shuffle
from simkit.core.fast_rows import lineups, outcome_table, strategy_column
from simkit.games.timber_tom import board as bd
from simkit.games.timber_tom import cards as cd
from simkit.games.timber_tom import fast_codes as c
from simkit.games.timber_tom import fast_fields as ff
from simkit.games.timber_tom import fast_searches as fsr
from simkit.games.timber_tom import fast_strategies as fst
from simkit.games.timber_tom.fast_actions import _held, _restore_all, legal_actions
from simkit.games.timber_tom.fast_turns import _start_turn, advance, apply
from simkit.games.timber_tom.rules import Rules

MAX_PEAKS = 60  # a hiker's Treasures, Snow Cap fees and One-for-One uses are bits by peak


# ----------------------------------------------------------------------- one game
# Without numba's reference counting (``_nrt=False``): every array view taken in the games loop
# would otherwise count a reference, an atomic add and its undoing, a fifth of a game's time. So
# nothing here or in what it calls allocates, but for the few searches that say so (their own
# reference counting kept: ``_nrt=True``).
@nb.njit(cache=True, _nrt=False)
def _play(
    B, D, rl, pts, n, rngs, kinds, params, state, cache, legal, scratch, marks, keys, out_stats
):
    """Play one game; returns (end reason, turns, decisions); ``keys`` gets each hiker's rank
    key and ``out_stats`` its columns."""
    g, ps, trees, path, last_path, draw, discard, lifted, way, undo_ps, undo_trees = state
    nd = B[2]
    camp = nd.shape[1] - 1
    n_cards = draw.shape[0]
    g[:] = 0
    ps[:] = 0
    trees[:] = 0
    g[c.G_BOX] = rl[c.R_TREE_BOX]
    for s in range(n):
        ps[s, c.P_POS] = camp
        _restore_all(g, ps, rl, s)
        ps[s, c.P_WILD] = -1
        ps[s, c.P_MOVES_TO_FINISH] = -1
        last_path[s, 0] = camp
        ps[s, c.P_LAST_LEN] = 1
    if rl[c.R_CARDS]:
        for j in range(n_cards):
            draw[j] = j
        g[c.G_DRAW_LEN] = n_cards
    shuffle(rngs, 0, draw, g[c.G_DRAW_LEN])
    g[c.G_WILD_DRAWN] = -1
    path[0] = camp
    g[c.G_PATH_LEN] = 1
    g[c.G_START] = camp
    cache[0][ff.M_ROUND] = -1  # a new game: no field of this turn read yet
    cache[0][ff.M_FIELDS] = 0
    _start_turn(B, rl, g, ps, trees, marks, scratch)
    advance(
        B,
        D,
        rl,
        g,
        ps,
        trees,
        path,
        last_path,
        draw,
        discard,
        undo_ps,
        undo_trees,
        rngs,
        n,
        marks,
        scratch,
    )
    decisions = _decide(
        B, D, rl, n, rngs, kinds, params, state, cache, legal, scratch, marks, 0, False
    )
    return g[c.G_END], _final(pts, g, ps, n, keys, out_stats), decisions


@nb.njit(cache=True, _nrt=False)  # the games loop: see ``_play``
def _decide(
    B, D, rl, n, rngs, kinds, params, state, cache, legal, scratch, marks, horizon, one_stream
):
    """Decisions played until the game ends, or ``horizon`` of them (0: no limit); returns how
    many. Each seat draws its choices from its stream ``rngs[1 + seat]``; with ``one_stream``
    (a playout) every seat draws in turn from ``rngs[1 + n]``, copied in and out of the seat's.
    """
    g, ps, trees, path, last_path, draw, discard, lifted, way, undo_ps, undo_trees = state
    decisions = 0
    while not g[c.G_TERMINAL] and (horizon == 0 or decisions < horizon):
        k = legal_actions(B, rl, g, ps, trees, path, lifted, way, n, legal, scratch, marks)
        s = g[c.G_SEAT]
        if one_stream:
            rngs[1 + s] = rngs[1 + n]
        if kinds[s] == fst.RANDOM:  # drawn here: a call carrying the walkers' arrays costs more
            j = np.int64(below(rngs, 1 + s, k))
        else:
            j = fst.choose(params[s], B, rl, g, ps, trees, path, cache, n, legal, k, rngs)
        if one_stream:
            rngs[1 + n] = rngs[1 + s]
        decisions += 1
        apply_on(B, D, rl, state, rngs, n, legal[j, 0], legal[j, 1], legal[j, 2], marks, scratch)
    return decisions


@nb.njit(cache=True, inline="always")
def apply_on(B, D, rl, state, rngs, n, kind, a, b, marks, scratch):
    """``fast_turns.apply`` of the action ``(kind, a, b)`` on the state tuple (the games loop's,
    and a playout's first move)."""
    g, ps, trees, path, last_path, draw, discard, lifted, way, undo_ps, undo_trees = state
    apply(
        B,
        D,
        rl,
        g,
        ps,
        trees,
        path,
        last_path,
        draw,
        discard,
        lifted,
        undo_ps,
        undo_trees,
        rngs,
        n,
        kind,
        a,
        b,
        marks,
        scratch,
    )


@nb.njit(cache=True, _nrt=False)
def _final(pts, g, ps, n, keys, out_stats):
    """A game over: each hiker's rank key into ``keys`` (the drawn game's resource count in
    column 1), its columns into ``out_stats``; returns the rounds played."""
    turned = g[c.G_ROUND] if g[c.G_END] == c.END_TURN_LIMIT else g[c.G_ROUND] + 1
    finished = 0
    for s in range(n):
        finished += ps[s, c.P_FINISHED]
    for s in range(n):
        score = (
            ps[s, c.P_PACKS] * pts[0]
            + ps[s, c.P_FLIGHTS] * pts[1]
            + ps[s, c.P_RADIOS] * pts[2]
            + ps[s, c.P_SAWS] * pts[3]
            + ps[s, c.P_AXES] * pts[4]
        )
        if g[c.G_END] == c.END_NORMAL:
            keys[s, 0] = ps[s, c.P_FINISHED]
        else:
            keys[s, 0] = _held(ps[s, c.P_TREASURES])
        keys[s, 1] = score
        keys[s, 2] = ps[s, c.P_PACKS]
        keys[s, 3] = ps[s, c.P_FLIGHTS]
        keys[s, 4] = ps[s, c.P_RADIOS]
        keys[s, 5] = ps[s, c.P_SAWS]
        keys[s, 6] = ps[s, c.P_AXES]
        out_stats[s, 0] = _held(ps[s, c.P_TREASURES])
        out_stats[s, 1] = ps[s, c.P_PLANTED]
        out_stats[s, 2] = ps[s, c.P_CLEARED]
        out_stats[s, 3] = ps[s, c.P_PACKS_USED]
        out_stats[s, 4] = ps[s, c.P_FLOWN]
        out_stats[s, 5] = ps[s, c.P_CARDS]
        out_stats[s, 6] = ps[s, c.P_EMERGENCIES]
        out_stats[s, 7] = ps[s, c.P_MOVES_TO_FINISH]
        out_stats[s, 8] = 1 if ps[s, c.P_FINISHED] and finished > 1 else 0
    return turned


@nb.njit(cache=True)
def _ranks(keys, n, ranks):
    """Competition ranks from the rank keys (larger is better), as ``rank_by``."""
    for s in range(n):
        r = 1
        for o in range(n):
            for x in range(keys.shape[1]):
                if keys[o, x] != keys[s, x]:
                    r += keys[o, x] > keys[s, x]
                    break
        ranks[s] = r


@nb.njit(cache=True)
def new_state(B, n, n_cards):
    """A game's state arrays: ``g``, ``ps``, the trees, the move's path, each hiker's last path,
    the card piles, the trees lifted, the way home kept, the snapshot a move given up returns
    to."""
    n_nodes = B[2].shape[1]
    return (
        np.zeros(c.N_G, dtype=np.int64),
        np.zeros((n, c.N_P), dtype=np.int64),
        np.zeros(n_nodes, dtype=np.uint8),
        np.zeros(n_nodes, dtype=np.int64),  # a move never enters a space twice
        np.zeros((n, n_nodes), dtype=np.int64),
        np.zeros(max(n_cards, 1), dtype=np.int64),
        np.zeros(max(n_cards, 1), dtype=np.int64),
        np.zeros(n_nodes, dtype=np.int64),
        np.zeros(n_nodes, dtype=np.int64),
        np.zeros((n, c.N_P), dtype=np.int64),
        np.zeros(n_nodes, dtype=np.uint8),
    )


@nb.njit(cache=True)
def new_arrays(B, n, n_cards, tree_cost):
    """The arrays a game is played in, allocated once and reused game after game: the state
    (:func:`new_state`), the walkers' ``cache`` (for fields of costs up to ``tree_cost``), and
    the decision's legal rows and scratch."""
    n_nodes = B[2].shape[1]
    state = new_state(B, n, n_cards)
    # the strategies' fields: this turn's (meta, keys, fields), those known by trees, the
    # field update's and the field search's scratch (one array: the search's for the largest
    # tree cost of the chunk; the landing field costs 1), the walkers' working space: integer
    # rows a node each (a flight field's scratch in rows 0-1, also a planting's ring test's; a
    # planting's in rows 2-5, an exact landing's stack in rows 4-6) and boolean rows (an exact
    # landing's in rows 0-2, a planting's in rows 1-2, its ring test's and a flight field's
    # spread's in row 3), allocated once per chunk, not per decision (few arrays: a call counts
    # a reference per array it carries)
    cache = (
        np.zeros(4, dtype=np.int64),
        np.zeros((ff.SLOTS, 2), dtype=np.int64),
        np.zeros((ff.SLOTS, n_nodes), dtype=np.int64),
        np.full((ff.KNOWN, 5), -1, dtype=np.int64),  # fingerprint, key, block, cost, trees
        np.zeros((ff.KNOWN, n_nodes), dtype=np.uint8),
        np.zeros((ff.KNOWN, n_nodes), dtype=np.int64),
        np.zeros(
            fsr.update_work_size(n_nodes, tree_cost)
            + fsr.field_work_size(n_nodes, max(1, B[4][c.L_TREASURES]), tree_cost),
            dtype=np.int64,
        ),
        np.zeros((7, max(n_nodes, 16)), dtype=np.int64),
        np.zeros((4, n_nodes), dtype=np.bool_),
    )
    # a plant or lift lists at most every node; a move's steps, four ways each, fewer
    legal = np.zeros((n_nodes + 4 * B[1].shape[0] + 16, 3), dtype=np.int64)
    scratch = np.zeros((2, n_nodes), dtype=np.int64)  # the legal actions' working space
    marks = np.zeros((4, n_nodes), dtype=np.bool_)
    return state, cache, legal, scratch, marks


@nb.njit(cache=True)
def play_games(B, D, rl, pts, root, first, count, n, kinds, params, n_cards):
    """Play games ``first .. first+count-1`` of a cell; kinds/params give each game's seats."""
    seeds, streams = game_streams(root, first, count, n)
    tree_cost = 1
    for seats in params:  # a loop: a chunk of no games has no maximum
        for par in seats:
            tree_cost = max(tree_cost, par[ff.TREE_COST])
    state, cache, legal, scratch, marks = new_arrays(B, n, n_cards, tree_cost)
    keys = np.zeros((n, 7), dtype=np.float64)
    stats = np.zeros((n, 9), dtype=np.int64)
    ranks = np.zeros(n, dtype=np.int64)
    out_stats = np.zeros((count, n, 9), dtype=np.int64)
    out_scores = np.zeros((count, n), dtype=np.float64)
    out_ranks = np.zeros((count, n), dtype=np.int64)
    out_end = np.zeros(count, dtype=np.int64)
    out_turns = np.zeros(count, dtype=np.int64)
    decisions = 0
    for gi in range(count):
        rngs = streams[gi].copy()
        end, turns, d = _play(
            B,
            D,
            rl,
            pts,
            n,
            rngs,
            kinds[gi],
            params[gi],
            state,
            cache,
            legal,
            scratch,
            marks,
            keys,
            stats,
        )
        decisions += d
        _ranks(keys, n, ranks)
        out_stats[gi] = stats
        out_scores[gi] = keys[:, 1]
        out_ranks[gi] = ranks
        out_end[gi] = end
        out_turns[gi] = turns
    return seeds, out_stats, out_scores, out_ranks, out_end, out_turns, decisions


# ----------------------------------------------------------------------- Python side
EXTRAS = (
    ("x_cards_drawn", 5),
    ("x_drawn", 8),
    ("x_emergencies", 6),
    ("x_flights", 4),
    ("x_moves_to_finish", 7),
    ("x_supply_packs_used", 3),
    ("x_treasures", 0),
    ("x_trees_cleared", 2),
    ("x_trees_planted", 1),
)  # sorted by name, as the Python runner writes them, with their column of ``out_stats``


def _board_arrays(board: bd.Board) -> tuple:
    """The board as the tuple ``B`` the compiled engine reads (see :mod:`fast_codes`)."""
    t = fsr.tables(board)
    n_nodes = board.n_nodes
    nd = np.zeros((c.N_ROWS, n_nodes), dtype=np.int64)
    nd[c.N_ZONE] = board.zone
    nd[c.N_FEATURE] = board.feature
    nd[c.N_PEAK] = board.peak
    nd[c.N_MOUNTAIN] = board.mountain
    nd[c.N_PLANTABLE] = board.plantable
    nd[c.N_ROW] = t.rows
    nd[c.N_COL] = t.cols
    nd[c.N_CANOE] = t.canoe
    nd[c.N_AVOID] = [
        f == bd.CANOE or z == bd.SNOW for f, z in zip(board.feature, board.zone, strict=True)
    ]
    nd[c.N_AVOID, board.camp] = 1
    nd[c.N_HOLE] = t.hole
    nd[c.N_HAS_RING, : board.camp] = t.has_ring
    rows = [
        board.helipads,
        board.treasures,
        board.plantable_spaces,
        board.plantable_in_zone[bd.Z1500],
        board.plantable_in_zone[bd.Z1000],
        *board.refuges_by_mountain,
    ]
    lists = np.full((len(rows), max(1, max(len(r) for r in rows))), -1, dtype=np.int64)
    for i, r in enumerate(rows):
        lists[i, : len(r)] = r
    list_len = np.array([len(r) for r in rows], dtype=np.int64)
    tailwind = np.array(
        [kind == bd.TAILWIND for steps in board.steps for _, kind in steps], dtype=np.bool_
    )
    return (t.first, t.nbr, nd, lists, list_len, t.ring, tailwind, t.into_first, t.into)


def _deck_arrays(deck: tuple[cd.Card, ...]) -> tuple:
    """The deck as the tuple ``D``: per card its kind, tree value and how many effects in each
    slot (0: the card's own, 1-3: a red card's for the die's 3, 4, 5), and the effects."""
    most = max([1] + [len(e) for card in deck for e in (card.effects, *card.on_roll)])
    kind = np.array([cd.KINDS.index(card.kind) for card in deck], dtype=np.int64)
    trees = np.array([card.trees for card in deck], dtype=np.int64)
    effects = np.zeros((len(deck), 4, most, 4), dtype=np.int64)
    count = np.zeros((len(deck), 4), dtype=np.int64)
    for i, card in enumerate(deck):
        for slot, effs in enumerate((card.effects, *card.on_roll)):
            count[i, slot] = len(effs)
            for e, eff in enumerate(effs):
                effects[i, slot, e] = (
                    cd.EFFECTS.index(eff.do),
                    eff.n,
                    cd.WHO.index(eff.who),
                    cd.ZONE_FILTERS.index(eff.zone),
                )
    table = np.zeros((len(deck), 2 + 4), dtype=np.int64)
    table[:, 0] = kind
    table[:, 1] = trees
    table[:, 2:] = count
    return table, effects


def _rule_array(rules: Rules) -> np.ndarray:
    z, tray, board = rules.zones, rules.tray, rules.board
    rl = np.zeros(c.N_R, dtype=np.int64)
    rl[c.R_TREASURES_TO_WIN] = rules.treasures_to_win
    rl[c.R_FAIR] = rules.fair_and_square
    rl[c.R_CARDS] = rules.cards
    rl[c.R_DANGER_MOVE] = rules.danger_move
    rl[c.R_TREE_BOX] = rules.tree_box
    rl[c.R_RING_RELIEF] = rules.ring_relief
    rl[c.R_PACK_SPACES] = rules.pack_spaces
    rl[c.R_FLIGHT_SPACES] = rules.flight_spaces
    rl[c.R_WILD_SPACES] = rules.wild_spaces
    rl[c.R_SNOW_FEE] = rules.snow_cap_fee
    rl[c.R_CANOE_FEE] = rules.canoe_fee
    rl[c.R_SAW_KEPT] = rules.saw_cut_kept
    rl[c.R_TURN_LIMIT] = rules.turn_limit
    rl[c.R_TRAY_PACKS] = tray.supply_packs
    rl[c.R_TRAY_AXES] = tray.axes
    rl[c.R_TRAY_SAWS] = tray.chainsaws
    rl[c.R_TRAY_FLIGHTS] = tray.heli_flights
    rl[c.R_TRAY_RADIOS] = tray.heli_radios
    rl[c.R_CAMP] = board.camp
    rl[c.R_N_PEAKS] = len(board.treasures)
    rl[c.R_FARTHEST] = fsr.tables(board).farthest
    moves = {bd.BASE: z.move_250, bd.Z250: z.move_250, bd.Z500: z.move_500}
    moves |= {bd.Z1000: z.move_1000, bd.Z1500: z.move_1500}
    trees = {bd.Z250: z.trees_250, bd.Z500: z.trees_500, bd.Z1000: z.trees_1000}
    trees[bd.Z1500] = z.trees_1500
    for zone in range(len(bd.ZONE_NAMES)):
        rl[c.R_MOVE + zone] = moves.get(zone, 0)
        rl[c.R_TREES + zone] = trees.get(zone, 0)
    return rl


class Compiled:
    """One ``Rules`` as the arrays the compiled engine reads: board, deck, numbers."""

    def __init__(self, rules: Rules):
        self.board = _board_arrays(rules.board)
        self.deck = _deck_arrays(rules.deck)
        self.rules = _rule_array(rules)
        p = rules.points
        self.points = np.array(
            [p.supply_pack, p.heli_flight, p.heli_radio, p.chainsaw, p.axe], dtype=np.float64
        )
        self.n_cards = len(rules.deck)

    def play(self, root: int, first: int, count: int, kinds: np.ndarray, params: np.ndarray):
        return play_games(
            self.board,
            self.deck,
            self.rules,
            self.points,
            np.uint64(root),
            first,
            count,
            kinds.shape[1],
            kinds,
            params,
            self.n_cards,
        )


@cache
def compiled(rules: Rules) -> Compiled:
    """One ``Compiled`` per rules (and so per board and deck), built once per process."""
    return Compiled(rules)


def supports(strategies) -> bool:
    """Whether every strategy has a compiled form."""
    return all(fst.compiled_form(s) is not None for s in strategies)


def warm() -> None:
    """Compile (or load from numba's cache) before work is dispatched: the engine, and the
    search kernels the Python engine's players call (``fast_searches``)."""
    from simkit.strategies.generic import Random  # noqa: PLC0415

    compiled(Rules()).play(0, 0, 1, *seat_codes([[Random()] * 2]))
    fsr.warm()


def playouts(world, seat: int, legal, policy, rng, horizon: int = 0):
    """Compiled playouts, the optional hook of ``simkit.core.playout.move_values``: each legal
    move's win share and margin in one sampled world, or None (see :mod:`fast_playouts`,
    imported here when first asked, since it builds on this module)."""
    from simkit.games.timber_tom import fast_playouts

    return fast_playouts.playouts(world, seat, legal, policy, rng, horizon)


# Process CPU seconds spent inside the compiled kernel by ``play_rows`` (read by ``simkit bench``).
kernel_seconds = 0.0


def seat_codes(seat_players: list[list]) -> tuple[np.ndarray, np.ndarray]:
    """Each game's seats as (kind codes, parameters) arrays for the compiled engine."""
    which, distinct = lineups(seat_players)
    n = len(distinct[0])
    kinds = np.zeros((len(distinct), n), dtype=np.int64)
    params = np.zeros((len(distinct), n, ff.N_PARAMS), dtype=np.int64)
    for i, players in enumerate(distinct):
        for seat, player in enumerate(players):
            kinds[i, seat], params[i, seat] = fst.compiled_form(player)
    return kinds[which], params[which]


def play_rows(
    labels: tuple[str, str, str],
    rules: Rules,
    root: int,
    first: int,
    first_index: int,
    seat_players: list[list],
) -> pa.Table | None:
    """Play games ``first ..`` of a cell (one list of players per game) into their rows; None
    for a board of more peaks than a 64-bit word has bits for (the runner then plays Python)."""
    global kernel_seconds
    if len(rules.board.treasures) > MAX_PEAKS:
        return None
    kinds, params = seat_codes(seat_players)
    started = time.process_time()
    played = compiled(rules).play(root, first, len(seat_players), kinds, params)
    kernel_seconds += time.process_time() - started
    seeds, stats, scores, ranks, end, turns, _ = played
    extras = {name: stats[:, :, col] for name, col in EXTRAS}
    strategy = strategy_column(seat_players)
    return outcome_table(
        labels, first_index, strategy, seeds, scores, ranks, turns, end, c.END_REASONS, extras
    )


__all__ = ["Compiled", "play_rows", "playouts", "supports", "warm"]
