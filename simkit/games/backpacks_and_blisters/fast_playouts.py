"""Playouts of Backpacks & Blisters on the compiled engine: every legal move of a decision tried in
one sampled world, the game then played on by a compiled policy in every seat.

``simkit.core.playout.move_values`` asks this (through ``fast.playouts``) for each world it
samples when the policy has a compiled form. The world, a Python :class:`BBState` waiting for a
decision, is written into the engine's arrays (:func:`encode`: the Time chart's slots, the seats,
the sorted hands, the piles in the lists' order, stones and Cairns) and into where the engine
takes it up (``_where``: the phase, whose turn it is, who is still to choose, vote or shop); the
kernel then plays each move from a copy of it, the move forced as the first decision
(``fast.FORCED``), from the engine step that asks that decision (``_resume``) to the end of the
day. As ``playout`` does, each move starts from the world's engine generator and from the
playout's stream, which every seat's choices draw from in turn, and is cut after ``horizon``
decisions (0: played to the end) on the scores at that point. The win shares and margins equal
the Python playouts' world by world
(``tests/backpacks_and_blisters/test_backpacks_and_blisters_fast_playouts.py``).

numba's on-disk cache of the kernel here checks only this file: after changing :mod:`fast` (whose
steps it compiles in), clear ``__pycache__``.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from simkit.core.playout import last_built
from simkit.core.rng import GameRng
from simkit.games.backpacks_and_blisters import day, fast
from simkit.games.backpacks_and_blisters.fast_state import (
    BAR,
    CAIRN_POINTS,
    CARRIED_TURNS,
    CARRYING,
    CUT_AT,
    CUT_SCORES,
    DECK_LEN,
    DESIRES,
    DISCARD_LEN,
    ENTERED,
    EQUIPMENT,
    FAILED,
    FORCED,
    HAND_LEN,
    HOLDER,
    HORIZON,
    MONEY,
    N_SEAT,
    N_TABLE,
    NORMAL,
    PLAY,
    PLAYED,
    POS,
    PRIMES,
    RAINING,
    RAINY_TURNS,
    REFRESH,
    REFRESHMENTS,
    RETURN_TURN,
    RIDE,
    RIDES,
    RUCKSACK_AT,
    SCORE,
    STONE_ON_TRIANGLE,
    TURN,
    USED,
    VOTES,
    Players,
)
from simkit.games.backpacks_and_blisters.state import BBState

# Slots of ``where``: the phase (``day``'s numbers), the seat deciding, the seat whose turn it is,
# the first seat still to discard at a break or to vote (counted from the carrier's left), the
# seats still to be offered a bar at a break (bits), the length of the Equipment queue, whether
# the break is over (Equipment after Lunch or Tea), what the Rambler does this turn (the action
# kind: ``PLAY``, ``RIDE`` or ``REFRESH``), the Compass' two cards.
PHASE, SEAT, TURN_SEAT, FIRST, BUYERS, QUEUED, BREAK_DONE, DOING, PAIR, N_WHERE = (
    0, 1, 2, 3, 4, 5, 6, 7, 8, 10,
)  # fmt: skip


def playouts(world: BBState, seat: int, legal, policy, rng: GameRng, horizon: int = 0):
    """``seat``'s win share and margin (score minus the best other seat's) after each move of
    ``legal`` in ``world``, ``policy`` playing every seat from ``rng``'s stream; None if the
    policy has no compiled form, or the world is not one this engine takes (not a game of it
    waiting for ``seat``, or a move of ``legal`` not legal there). ``legal`` may be some of the
    legal actions (the audit's second look values two)."""
    form = fast.compiled_form(policy)
    if form is None or not isinstance(world, BBState) or world.is_terminal() or seat != world.cur:
        return None
    # The engine lists a decision's actions in the Python engine's order: a move is its row.
    row_of = {action: row for row, action in enumerate(world.legal_actions())}
    if any(action not in row_of for action in legal):
        return None
    rows = np.array([row_of[action] for action in legal], dtype=np.int64)
    compiled = _compiled(world.rules)
    styles = () if form == () else (form,)
    board, tables = compiled.bundles(styles)
    kind = fast.RANDOM if form == () else 1
    where, queue = _where(world)
    state, work, notes = compiled.arrays(world.n)
    wins, margins, finished = _play_moves(
        seat,
        rows,
        horizon,
        kind,
        np.array([world.rng.state, rng.state], dtype=np.uint64),
        board,
        tables,
        where,
        queue,
        fast.State(*encode(world)),
        state,
        work,
        notes,
    )
    return (wins, margins) if finished else None


_compiled = last_built(fast.compiled_rules)  # the rules of the worlds a search samples


def encode(world: BBState) -> tuple:
    """The world as the engine's state arrays (``fast_state.State``): the Time chart's slots, the
    seats' columns, the sorted hands, the deck and the discards (top at the end), the stones and
    the Cairns (-1 where there is none)."""
    n, b = world.n, world.board
    sack, turn = world.rucksack, world.this_turn
    table = np.zeros(N_TABLE, dtype=np.int64)
    table[TURN] = world.turn
    table[RAINING] = world.weather.raining
    table[RAINY_TURNS] = world.weather.rainy_turns
    table[RUCKSACK_AT], table[HOLDER] = sack.where, sack.holder
    table[CARRIED_TURNS], table[ENTERED] = sack.carried_turns, sack.entered
    table[DECK_LEN], table[DISCARD_LEN] = len(world.deck), len(world.discard)
    table[PLAYED], table[STONE_ON_TRIANGLE] = turn.played, turn.stone_on_triangle
    table[CARRYING] = turn.carrying
    seats = np.zeros((n, N_SEAT), dtype=np.int64)
    hands = np.zeros((n, 16), dtype=np.int64)
    stones = np.zeros((n, b.n_spaces), dtype=np.bool_)
    for s in range(n):
        row = seats[s]
        row[POS], row[MONEY], row[BAR] = world.pos[s], world.money[s], world.chocolate[s]
        row[EQUIPMENT], row[SCORE] = world.equipment[s], world.score[s]
        row[PRIMES], row[CAIRN_POINTS] = world.prime_count[s], world.ledger[s]["cairn"]
        row[DESIRES], row[RIDES] = world.desires[s], world.rides[s]
        row[REFRESHMENTS], row[RETURN_TURN] = world.refreshments[s], world.return_turn[s]
        row[USED] = sum(1 << tile for tile in world.used_equipment[s])
        row[VOTES] = sack.votes[s] if sack.votes else 0
        hand = sorted(world.hands[s])
        row[HAND_LEN] = len(hand)
        hands[s, : len(hand)] = hand
        stones[s, list(world.stones[s])] = True
    deck = np.zeros(len(world.faces) + 1, dtype=np.int64)
    discard = np.zeros(len(world.faces) + 1, dtype=np.int64)
    deck[: len(world.deck)] = world.deck
    discard[: len(world.discard)] = world.discard
    cairn = np.full(b.n_spaces, -1, dtype=np.int64)
    for space, placed in world.cairn_count.items():
        cairn[space] = placed
    return table, seats, hands, deck, discard, stones, cairn


def _where(world: BBState) -> tuple[np.ndarray, np.ndarray]:
    """Where the engine takes the world up (``where``'s slots) and the queue of seats to choose
    Equipment (an Equipment choice, or a break's shop before it)."""
    where = np.zeros(N_WHERE, dtype=np.int64)
    where[PHASE], where[SEAT], where[TURN_SEAT] = world.phase, world.cur, world.turn_seat
    turn = world.this_turn
    where[DOING] = (PLAY, RIDE, REFRESH)[turn.doing]  # ``day.WALK``, ``RIDE``, ``REFRESH``
    where[BREAK_DONE] = world._break_done
    if world.phase == day.BREAK_DISCARD:
        where[FIRST] = world.queue[0]
    elif world.phase == day.VOTE:
        # Counted from the carrier's left: the carrier, voting last, is the n-th.
        where[FIRST] = (world.queue[0] - world.rucksack.holder - 1) % world.n + 1
    where[BUYERS] = sum(1 << s for s in world.break_shop)
    if world.phase == day.COMPASS_DISCARD:
        where[PAIR], where[PAIR + 1] = world.this_turn.compass_pair
    queue = np.array(world.queue, dtype=np.int64)
    where[QUEUED] = len(queue)
    return where, queue


@nb.njit(cache=True, _nrt=False)
def _resume(board, state, work, players, n, where):
    """The day played on from the engine step that asks the world's decision; the end reason."""
    phase, seat, turn_seat = where[PHASE], where[SEAT], where[TURN_SEAT]
    if phase == day.EQUIP:
        fast._equipment_round(board, state, work, players, n, where[QUEUED])
        if where[BREAK_DONE]:
            fast._end_round(state.table, n)
        return fast._day(board, state, work, players, n)
    if phase == day.BREAK_DISCARD:
        if fast._break_from(board, state, work, players, n, where[FIRST]):
            return FAILED
        fast._end_round(state.table, n)
        return fast._day(board, state, work, players, n)
    if phase == day.SHOP and where[BUYERS]:
        fast._break_shops(board, state, work, players, n, where[BUYERS], where[QUEUED])
        fast._end_round(state.table, n)
        return fast._day(board, state, work, players, n)
    if phase == day.START:
        end = fast._turn(board, state, work, players, n, seat)
    elif phase == day.MOVE:
        end = fast._walk(board, state, work, players, n, seat, state.table[PLAYED])
    elif phase == day.SHOP:
        fast._offer_bar(board, state, work, players, n, seat)
        if where[DOING] == REFRESH:  # Refreshments end the turn
            end = fast._end_turn(board, state, work, players, n, seat)
        else:
            end = fast._after_move(board, state, work, players, n, seat, where[DOING])
    elif phase == day.RIDE_DISCARD:
        end = fast._after_move(board, state, work, players, n, seat, RIDE)
    elif phase == day.COMPASS_DISCARD:
        end = fast._compass(board, state, work, players, n, seat, where[PAIR], where[PAIR + 1])
    elif phase == day.VOTE:
        fast._votes_from(board, state, work, players, n, where[FIRST])
        end = NORMAL
    else:  # TIE
        fast._tie(board, state, work, players, n)
        end = NORMAL
    if end == FAILED:
        return FAILED
    if fast._round_from(board, state, work, players, n, turn_seat + 1) == FAILED:
        return FAILED
    fast._end_round(state.table, n)
    return fast._day(board, state, work, players, n)


@nb.njit(cache=True)
def _restore(state, position):
    """A playout's state arrays set back to the world's (both ``fast_state.State``)."""
    state.table[:] = position.table
    state.seats[:] = position.seats
    state.hands[:] = position.hands
    state.deck[:] = position.deck
    state.discard[:] = position.discard
    state.stones[:] = position.stones
    state.cairn[:] = position.cairn


@nb.njit(cache=True)
def _play_moves(
    seat, rows, horizon, kind, rngs, board, tables, where, queue, position, state, work, notes
):
    """Each move (its row of the world's decision's actions) played on from a copy of the world
    (``position``) in ``state``; (win shares, margins, whether every playout could be played)."""
    n = position.seats.shape[0]
    kinds = np.full(n, kind, dtype=np.int64)
    streams = np.ones(n, dtype=np.int64)  # one stream, the playout's, for every seat in turn
    steps = fast.unforced(n)
    wins = np.zeros(rows.shape[0])
    margins = np.zeros(rows.shape[0])
    for i in range(rows.shape[0]):
        _restore(state, position)
        work.queue[: queue.shape[0]] = queue
        steps[:] = 0
        steps[FORCED], steps[HORIZON] = rows[i], horizon
        players = Players(kinds, rngs.copy(), tables, notes, streams, steps)
        end = _resume(board, state, work, players, n, where)
        scores = state.seats[:, SCORE]
        if steps[CUT_AT]:
            scores = steps[CUT_SCORES : CUT_SCORES + n]
        elif end == FAILED:
            return wins, margins, False
        mine, others, top = scores[seat], -(2**62), -(2**62)
        for s in range(n):
            top = max(top, scores[s])
            if s != seat:
                others = max(others, scores[s])
        # ``playout.standing`` (a game ended shares its win as ``rank_by`` does, the same way).
        leaders = 0
        for s in range(n):
            leaders += scores[s] == top
        wins[i] = 1.0 / leaders if mine == top else 0.0
        margins[i] = mine - others if n > 1 else mine
    return wins, margins, True


__all__ = ["encode", "playouts"]
