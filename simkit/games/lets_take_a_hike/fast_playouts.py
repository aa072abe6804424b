"""Playouts of Let's Take a Hike on the compiled engine: every legal move of a decision tried in
one sampled world, the game then played on by a compiled policy in every seat.

``simkit.core.playout.move_values`` asks this (through ``fast.playouts``) for each world it
samples when the policy has a compiled form. The world, a Python :class:`State` at a decision,
is written into six flat arrays (:func:`encode`: the piles in the lists' order, the seats'
backpacks as packed and tallies, debts, hikers, the round's queue and the registers ``fast._run``
starts from), which the kernel decodes into its state arrays (``_decode``); then for each move a
copy is played on by ``fast._run`` with the move forced as its first decision. As ``playout`` does,
each move starts from the world's engine generator and from the playout's stream, which every
seat's choices draw from in turn, and is cut short after ``horizon`` decisions (0: played to the
end). The win shares and margins equal the Python playouts' world by world
(``tests/test_fast_playouts.py``).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from simkit.core.playout import last_built
from simkit.core.rng import GameRng
from simkit.games.lets_take_a_hike import fast
from simkit.games.lets_take_a_hike import fast_strategies as fs
from simkit.games.lets_take_a_hike.state import Phase, State

# The continuation a pending discard returns to, by the name of the Python engine's method.
_AFTER = {
    "_finish_setup": fast.FINISH_SETUP,
    "_end_turn": fast.END_TURN,
    "_after_card": fast.AFTER_CARD,
}


def playouts(world: State, seat: int, legal, policy, rng: GameRng, horizon: int = 0):
    """``seat``'s win share and margin (score minus the best other seat's) after each move of
    ``legal`` in ``world``, ``policy`` playing every seat from ``rng``'s stream; None if the
    policy has no compiled form (or the world is not a game of this engine)."""
    form = fs.compiled_form(policy)
    if form is None or not isinstance(world, State):
        return None
    wins, margins, finished = _play_moves(
        seat,
        np.array(legal, dtype=np.int64),
        horizon,
        form[0],
        np.array(form[1], dtype=np.int64),
        np.array([world.rng.state, rng.state], dtype=np.uint64),
        _compiled(world.rules).kernel,
        *encode(world),
    )
    return (wins, margins) if finished else None


_compiled = last_built(fast.compiled_rules)  # the rules of the worlds a search samples


def encode(world: State) -> tuple:
    """The world in a few flat arrays, as ``_decode`` reads them: the cards of the draw, discard
    and hiking piles one after another, the seats' backpacks (packed as ``backpack.py`` packs them)
    and tallies, the debts, the hikers, the round's queue and the registers (``fast.REGS``, then
    the three piles' sizes)."""
    seats = np.array(
        [
            world.packs,
            world.scored_miles,
            world.scored_cards,
            world.hikes_led,
            world.hikes_joined,
            world.lost_to_hazards,
            world.busts,
            world.drawoff,
        ],
        dtype=np.int64,
    )
    regs = [
        _PC[world.phase],
        _AFTER[world.after_debts.__name__],
        world.player,
        world.turn_seat,
        world.lead,
        world.announcer,
        (world.join_queue[0] - world.announcer) % world.n if world.join_queue else 0,
        len(world.round_queue),
        world.deck_exhausted,
        world.no_cards_left,
        world.turn_count,
        len(world.draw),
        len(world.discard),
        len(world.hiking),
    ]
    return (
        np.array(world.draw + world.discard + world.hiking, dtype=np.int64),
        seats,
        np.array(world.debts, dtype=np.int64).reshape(-1, 3),
        np.array(world.hikers, dtype=np.int64),
        np.array(world.round_queue, dtype=np.int64),
        np.array(regs, dtype=np.int64),
    )


# Where the kernel takes up a world waiting for a decision of each phase (a turn's start again: its
# turn limit was passed with the same count of turns).
_PC = {
    Phase.TURN: fast.START_TURN,
    Phase.DISCARD: fast.SETTLE,
    Phase.JOIN: fast.JOIN_NEXT,
    Phase.CONTINUE: fast.NEXT_IN_ROUND,
    Phase.TAKE: fast.DROPS_OUT,
}
# Seats' rows of ``encode``.
PACK, SCORED_MILES, CARDS_SCORED, HIKES_LED, HIKES_JOINED, LOST, BUSTS, DRAWOFF = range(8)


@nb.njit(cache=True)
def _decode(copies, miles, pile_cards, seats, debts_in, hikers, queue, regs_in, state):
    """``encode``'s arrays into the kernel's state arrays (``fast.state_arrays``)."""
    piles, plen, packs, tally, unseen, debts, dq, on_hike, round_queue, regs = state
    n, n_items = packs.shape
    at = 0
    for pile in (fast.DRAW_PILE, fast.DISCARD_PILE, fast.HIKING_PILE):
        plen[pile] = regs_in[fast.N_REGS + pile]
        for j in range(plen[pile]):
            piles[pile, j] = pile_cards[at]
            at += 1
    for c in range(copies.shape[0]):
        unseen[c] = copies[c]
    for j in range(plen[fast.HIKING_PILE]):
        unseen[piles[fast.HIKING_PILE, j]] -= 1
    tally[:] = 0
    for s in range(n):
        for t in range(n_items):
            c = (seats[PACK, s] >> (4 * t)) & 15
            packs[s, t] = c
            unseen[t] -= c
            tally[s, fast.PACK_CARDS] += c
            tally[s, fast.PACK_MILES] += c * miles[t]
            tally[s, fast.PACK_KEY] += c * fast.nibble(t)
        tally[s, fast.SCORED_MILES] = seats[SCORED_MILES, s]
        tally[s, fast.CARDS_SCORED] = seats[CARDS_SCORED, s]
        tally[s, fast.HIKES_LED] = seats[HIKES_LED, s]
        tally[s, fast.HIKES_JOINED] = seats[HIKES_JOINED, s]
        tally[s, fast.LOST] = seats[LOST, s]
        tally[s, fast.BUSTS] = seats[BUSTS, s]
        tally[s, fast.DRAWOFF] = seats[DRAWOFF, s]
    for i in range(debts_in.shape[0]):
        for j in range(3):
            debts[i, j] = debts_in[i, j]
    dq[0], dq[1] = 0, debts_in.shape[0]
    on_hike[:] = False
    for s in hikers:
        on_hike[s] = True
    for j in range(queue.shape[0]):
        round_queue[j] = queue[j]
    for r in range(fast.N_REGS):
        regs[r] = regs_in[r]


@nb.njit(cache=True)
def _restore(state, position):
    """A playout's state arrays set back to the world's position (both ``fast.state_arrays``:
    a tuple of arrays of more than one type, indexed only by constants)."""
    state[0][:] = position[0]
    state[1][:] = position[1]
    state[2][:] = position[2]
    state[3][:] = position[3]
    state[4][:] = position[4]
    state[5][:] = position[5]
    state[6][:] = position[6]
    state[7][:] = position[7]
    state[8][:] = position[8]
    state[9][:] = position[9]


@nb.njit(cache=True)
def _play_moves(
    seat,
    moves,
    horizon,
    kind,
    form,
    rngs,
    rules,
    pile_cards,
    seats,
    debts_in,
    hikers,
    queue,
    regs_in,
):
    """Each move played on from a copy of the position ``encode`` gave; (win shares, margins,
    whether every playout finished)."""
    n = seats.shape[1]
    copies, miles = rules[0], rules[1]
    position, work = fast.game_arrays(n, rules)
    _decode(copies, miles, pile_cards, seats, debts_in, hikers, queue, regs_in, position)
    state, _ = fast.game_arrays(n, rules)
    tally, ranks = state[3], work[4]
    kinds = np.full(n, kind, dtype=np.int64)
    params = np.zeros((n, form.shape[0]), dtype=np.int64)
    for s in range(n):
        params[s] = form
    streams = np.ones(n, dtype=np.int64)  # one stream, the playout's, for every seat in turn
    wins = np.zeros(moves.shape[0])
    margins = np.zeros(moves.shape[0])
    for i in range(moves.shape[0]):
        _restore(state, position)
        rng_states = rngs.copy()
        ranks[:] = 0
        end, _, _ = fast._run(
            n, rng_states, streams, kinds, params, rules, state, work, moves[i], horizon
        )
        if end == fast.FAILED:
            return wins, margins, False
        mine = tally[seat, fast.SCORED_MILES]
        others = -1
        for s in range(n):
            if s != seat:
                others = max(others, tally[s, fast.SCORED_MILES])
        margins[i] = mine - others
        if end == fast.CUT:
            # Cut short: the standing on the miles scored so far (``playout.standing``).
            top, leaders = mine, 0
            for s in range(n):
                top = max(top, tally[s, fast.SCORED_MILES])
            for s in range(n):
                leaders += tally[s, fast.SCORED_MILES] == top
            wins[i] = 1.0 / leaders if mine == top else 0.0
        else:
            winners = 0
            for s in range(n):
                winners += ranks[s] == 1
            wins[i] = 1.0 / winners if ranks[seat] == 1 else 0.0
    return wins, margins, True


__all__ = ["encode", "playouts"]
