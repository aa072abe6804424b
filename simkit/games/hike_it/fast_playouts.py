"""Playouts of Hike It! on the compiled engine: every legal move of a decision tried in one
sampled world, the game then played on by a compiled heuristic in every seat.

``simkit.core.playout.move_values`` asks this (through ``fast.playouts``) for each world it
samples when the policy has a compiled form. The world, a Python :class:`HikeState` waiting for a
decision, is written into the compiled engine's state arrays (:func:`encode`: the pieces, then the
parts of the turn in progress as the registers of :mod:`fast_game` that mirror them), and the
kernel plays each move on from a copy of that position: the compiled legal actions are the Python
engine's in its order, so the move is the row of its index in the world's own list; then the
phase machine goes on as in a run. As ``playout`` does, each move starts from the world's engine
generator and from the playout's stream, which every seat's choices draw from in turn
(``State.seat_stream``), and is cut short after ``horizon`` decisions of the policy (0: played to
the end) and scored on the points so far. The win shares and margins equal the Python playouts'
world by world (``tests/hike_it/test_hike_it_fast_playouts.py``).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from simkit.core.playout import move_rows
from simkit.core.rng import GameRng
from simkit.games.hike_it import fast
from simkit.games.hike_it import fast_game as G
from simkit.games.hike_it.data import WEATHER_KINDS
from simkit.games.hike_it.phases import OVER
from simkit.games.hike_it.state import HikeState

# The bear die's face as BearTurn.face names it (day.bear_die): a number rolled reads "steps".
_FACE = {"": G.NO_FACE, "steps": G.STEPS, "paw": G.PAW, "den": G.DEN}
# A weather die's face: the weather kind it shows, -1 for clear skies (as fast.tables codes it).
_DIE_FACE = {kind: k for k, kind in enumerate(WEATHER_KINDS)}


def playouts(world: HikeState, seat: int, legal, policy, rng: GameRng, horizon: int = 0):
    """``seat``'s win share and margin (score minus the best other seat's) after each move of
    ``legal`` in ``world``, ``policy`` playing every seat from ``rng``'s stream; None if the
    policy has no compiled form, or the world is not a game of this engine waiting for a
    decision, or a move is not among its legal actions."""
    form = fast.compiled_form(policy)
    if form is None or not isinstance(world, HikeState) or world.phase == OVER:
        return None
    rows = move_rows(world, legal)
    if rows is None:
        return None
    moves, offered = rows
    tables, position, work = _arrays(world.rules, world.n)
    encode(world, position)
    position.rng[0] = world.rng.state
    position.rng[1] = rng.state
    position.seat_stream[:] = 1  # one stream, the playout's, for every seat in turn
    n = world.n
    kinds = np.full(n, form[0], dtype=np.int64)
    params = np.tile(form[1], (n, 1))
    wins, margins, finished = _play_moves(
        position, work, tables, n, kinds, params, moves, offered, horizon, seat
    )
    return (wins, margins) if finished else None


_last = (None, 0, None)  # (rules, players, (tables, position, work)): a search asks for the same


def _arrays(rules, n: int) -> tuple[fast.Tables, fast.State, fast.State]:
    """The rules' tables and two state arrays (the world's position, a playout's copy), kept
    while the rules and the player count stay the same (a search asks for the same ones world
    after world), without hashing the rules again at every world."""
    global _last
    known_rules, known_n, arrays = _last
    if known_rules is not rules or known_n != n:
        tables = fast.tables(rules, n)
        arrays = tables, fast.new_state(tables, n), fast.new_state(tables, n)
        _last = rules, n, arrays
    return arrays


def encode(g: HikeState, S: fast.State) -> None:
    """The Python game ``g`` at a decision into the compiled state ``S`` (but its generators):
    every list of pieces in its order, and the parts of the turn in progress (morning,
    afternoon, challenge, offers, bear turn, what is owed) into the registers that mirror them."""
    _pieces(g, S)
    _hikers(g, S)
    _turn(g, S)


def _fill(row: np.ndarray, values) -> int:
    """``values`` at the start of ``row``; their number."""
    k = len(values)
    row[:k] = values
    return k


def _pieces(g: HikeState, S: fast.State) -> None:
    """The components: piles, hiker box, skill row, forecast, water, tokens, bears, the map."""
    easy, difficult = g.side_decks
    piles = (
        (G.BAG, g.bag),
        (G.SKILL_DECK, g.skill_deck),
        (G.WEATHER_DECK, g.weather_deck),
        (G.TRAIL_DECK, g.trail_deck),
        (G.EASY, easy),
        (G.DIFFICULT, difficult),
        (G.SKILL_DISCARD, g.skill_discard),
        (G.WEATHER_DISCARD, g.weather_discard),
        (G.TRAIL_DISCARD, g.trail_discard),
    )
    for p, cards in piles:
        S.pile_len[p] = _fill(S.piles[p], cards)
    for i, stack in enumerate(g.box):
        S.box_len[i] = _fill(S.box[i], stack)
    S.face_up[:] = g.face_up
    S.forecast[:] = g.forecast
    S.water[:-1] = g.water_supply
    S.water[-1] = g.water_discard
    S.token_supply[:] = g.token_supply
    S.bear_pos[:] = g.bear_pos
    S.scen_on[:] = g.scenic_on
    S.wp_owner[:] = g.waypoint_owner
    S.camp_at[:] = g.campfire_at


def _hikers(g: HikeState, S: fast.State) -> None:
    """Per hiker: its numbers (``fast_game.P_*``), packboard, hand and tokens, side hikes,
    scenic tokens, waypoints and the scenic tokens dealt to choose them."""
    S.p[:] = np.array(
        [
            g.pos,
            g.home,
            g.status,
            g.health,
            g.claimed,
            g.campfires_used,
            g.finish_health,
            g.bonus,
            g.days_out,
            g.weather_hits,
            g.trades,
        ],
        dtype=np.int64,
    ).T
    S.storage[:] = g.storage
    S.tokens[:] = g.tokens
    S.cols_done[:] = g.columns_done
    for s in range(g.n):
        S.hand_len[s] = _fill(S.hand[s], g.hand[s])
        S.scenic_len[s] = _fill(S.scenic[s], g.scenic[s])
        S.side_len[s] = _fill(S.side_hand[s], g.side_hand[s])
        S.side_done_len[s] = _fill(S.side_done[s], g.side_done[s])
        S.dealt_len[s] = _fill(S.dealt[s], g.dealt[s])
        S.wp_len[s] = _fill(S.waypoints[s], g.waypoints[s])


def _turn(g: HikeState, S: fast.State) -> None:
    """The round and the turn in progress: ``S.g``'s registers and the short lists they count."""
    morning, afternoon, offers, owed, bear = g.morning, g.afternoon, g.offers, g.owed, g.bear_turn
    offer = offers.offer or (-1, -1, (), ())
    regs = S.g
    regs[G.G_DAY] = g.day
    regs[G.G_ORDER_INDEX] = g.order_index
    regs[G.G_PHASE] = g.phase
    regs[G.G_STAGE] = g.stage
    regs[G.G_SEAT_NOW] = g.seat_now
    regs[G.G_END_REASON] = G.NORMAL
    regs[G.G_AGGRESSIVE] = g.aggressive
    regs[G.G_LAST_BEAR] = bear.last
    regs[G.G_LAST_BEAR_MOVER] = bear.last_mover
    regs[G.G_SCENIC_DISCARDED] = g.scenic_discarded
    regs[G.G_ARRIVALS] = g.arrivals
    regs[G.G_ACTIONS] = afternoon.actions
    regs[G.G_REROLLS] = morning.rerolls
    regs[G.G_CAMPED] = afternoon.camped
    regs[G.G_MILES_TODAY] = afternoon.miles_today
    regs[G.G_WATER_TODAY] = afternoon.water_today
    regs[G.G_GEAR_TODAY] = afternoon.gear_today
    regs[G.G_FACING] = morning.facing
    regs[G.G_OFFERS_LEFT] = offers.left
    regs[G.G_TRADE_RETURN] = offers.back
    regs[G.G_SKILL_PICKS] = owed.skill_picks
    regs[G.G_SHOO_PENDING] = owed.shoo
    regs[G.G_AFTER_PAY] = g.challenge.after
    regs[G.G_BEAR_FACE] = _FACE.get(bear.face, G.PAW)
    regs[G.G_BEAR_MOVING] = bear.moving
    regs[G.G_BEAR_STEPS] = bear.steps
    regs[G.G_BEAR_CAME_FROM] = bear.came_from
    regs[G.G_PREV_PHASE] = getattr(g, "prev_phase", -1)
    regs[G.G_IN_SETUP] = g.in_setup
    regs[G.G_OFFERER] = offer[0]
    regs[G.G_RECEIVER] = offer[1]
    regs[G.G_N_GIVES] = _fill(S.gives, offer[2])
    regs[G.G_N_GETS] = _fill(S.gets, offer[3])
    regs[G.G_PAY_LEN] = _fill(S.pay_req, g.challenge.req)
    regs[G.G_KEEP_LEN] = _fill(S.keep_values, owed.keep_values)
    regs[G.G_WINDOW_LEN] = _fill(S.window, offers.window)
    regs[G.G_BOTTOM_LEN] = _fill(S.bottom_row, g.bottom_row)
    regs[G.G_OWED_LEN] = _fill(S.owed, offers.scenic_owed) if offers.scenic_owed else 0
    regs[G.G_N_DICE] = _fill(S.dice, [_DIE_FACE.get(face, -1) for face in morning.dice])
    regs[G.G_N_ACTS] = 0
    regs[G.G_SETUP_LEN] = _fill(S.setup_queue, g.setup_queue)
    regs[G.G_DECISIONS] = 0
    S.order[:] = g.order
    S.refill_owed[:] = owed.refill
    S.bear_hit[:] = 0
    for s in bear.hit:
        S.bear_hit[s] = 1


@nb.njit(cache=True, inline="always", _nrt=False)
def _copy(dst, src):
    """``dst[:] = src`` without numba's runtime (a slice assignment may allocate a copy)."""
    for i in range(src.shape[0]):
        dst[i] = src[i]


@nb.njit(cache=True, inline="always", _nrt=False)
def _copy2(dst, src):
    for i in range(src.shape[0]):
        for j in range(src.shape[1]):
            dst[i, j] = src[i, j]


@nb.njit(cache=True, _nrt=False)
def _restore(S, P):
    """A playout's state ``S`` set back to the world's position ``P``: every piece and register
    (the decision's scratch rows and the planner's route searches, kept while the bears stand
    where they were searched, need not be)."""
    _copy(S.g, P.g)
    _copy2(S.p, P.p)
    _copy(S.rng, P.rng)
    _copy(S.seat_stream, P.seat_stream)
    _copy2(S.piles, P.piles)
    _copy(S.pile_len, P.pile_len)
    _copy2(S.box, P.box)
    _copy(S.box_len, P.box_len)
    _copy(S.face_up, P.face_up)
    _copy(S.forecast, P.forecast)
    _copy(S.water, P.water)
    _copy(S.token_supply, P.token_supply)
    _copy(S.bear_pos, P.bear_pos)
    _copy(S.order, P.order)
    _copy(S.bottom_row, P.bottom_row)
    _copy(S.window, P.window)
    _copy(S.setup_queue, P.setup_queue)
    _copy2(S.owed, P.owed)
    _copy(S.gives, P.gives)
    _copy(S.gets, P.gets)
    _copy(S.pay_req, P.pay_req)
    _copy(S.keep_values, P.keep_values)
    _copy(S.refill_owed, P.refill_owed)
    _copy(S.dice, P.dice)
    _copy(S.bear_hit, P.bear_hit)
    _copy2(S.storage, P.storage)
    _copy2(S.tokens, P.tokens)
    _copy2(S.cols_done, P.cols_done)
    _copy2(S.hand, P.hand)
    _copy(S.hand_len, P.hand_len)
    _copy2(S.scenic, P.scenic)
    _copy(S.scenic_len, P.scenic_len)
    _copy2(S.side_hand, P.side_hand)
    _copy(S.side_len, P.side_len)
    _copy2(S.side_done, P.side_done)
    _copy(S.side_done_len, P.side_done_len)
    _copy2(S.dealt, P.dealt)
    _copy(S.dealt_len, P.dealt_len)
    _copy2(S.waypoints, P.waypoints)
    _copy(S.wp_len, P.wp_len)
    _copy(S.scen_on, P.scen_on)
    _copy(S.wp_owner, P.wp_owner)
    _copy(S.camp_at, P.camp_at)


@nb.njit(cache=True)
def _play_moves(P, S, T, n, kinds, params, moves, offered, horizon, seat):
    """Each move (a row of the position's legal actions, ``offered`` of them) played on from a
    copy of the position ``P`` in ``S``; (win shares, margins, whether every playout
    finished)."""
    wins = np.zeros(moves.shape[0])
    margins = np.zeros(moves.shape[0])
    out = np.zeros((1, n, fast.N_OUT), dtype=np.int64)
    for i in range(moves.shape[0]):
        _restore(S, P)
        if fast.play_on(S, T, n, kinds, params, moves[i], offered, horizon) != fast.PLAYED:
            return wins, margins, False  # not this world's choices, or it ran too long
        fast.outcome(S, T, n, out, 0)
        wins[i], margins[i] = _standing(out, n, seat, S.g[G.G_PHASE] == OVER)
    return wins, margins, True


@nb.njit(cache=True, inline="always", _nrt=False)
def _standing(out, n, seat, over):
    """``seat``'s win share and margin: at the game's end by its ranks (points, then the
    tie-breaks), cut short on the points alone (``playout.standing``)."""
    mine = out[0, seat, fast.OUT_SCORE]
    others, top = -(1 << 62), mine
    for s in range(n):
        top = max(top, out[0, s, fast.OUT_SCORE])
        if s != seat:
            others = max(others, out[0, s, fast.OUT_SCORE])
    leaders = 0
    for s in range(n):
        if over:
            leaders += out[0, s, fast.OUT_RANK] == 1
        else:
            leaders += out[0, s, fast.OUT_SCORE] == top
    first = out[0, seat, fast.OUT_RANK] == 1 if over else mine == top
    return (1.0 / leaders if first else 0.0), float(mine - others)


__all__ = ["encode", "playouts"]
