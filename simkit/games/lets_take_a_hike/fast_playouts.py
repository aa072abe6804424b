"""Playouts of Let's Take a Hike on the compiled engine: every legal move of a decision tried in
one sampled world, the game then played on by a compiled policy in every seat.

``simkit.core.playout.move_values`` asks this (through ``fast.playouts``) for each world it
samples when the policy has a compiled form. The world, a Python :class:`State` at a decision,
is written once into the kernel's arrays (:func:`encode`: piles in the lists' order, backpacks
as counts, debts, hikers, and the registers ``fast._run`` starts from); then for each move a copy
is played on by ``fast._run`` with the move forced as its first decision. As ``playout`` does,
each move starts from the world's engine generator and from the playout's stream, which every
seat's choices draw from in turn, and is cut short after ``horizon`` decisions (0: played to the
end). The win shares and margins equal the Python playouts' world by world
(``tests/test_fast_playouts.py``).
"""

from __future__ import annotations

import numba as nb
import numpy as np

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
    compiled = fast.compiled_rules(world.rules)
    n = world.n
    kinds = np.full(n, form[0], dtype=np.int64)
    params = np.tile(np.array(form[1], dtype=np.int64), (n, 1))
    position = encode(world, compiled)
    rngs = np.array([world.rng.state, rng.state], dtype=np.uint64)
    moves = np.array(legal, dtype=np.int64)
    wins, margins, finished = _play_moves(
        seat,
        moves,
        horizon,
        n,
        rngs,
        kinds,
        params,
        compiled.miles,
        compiled.cards,
        compiled.turn_limit,
        compiled.drawoff_random,
        compiled.sup_start,
        compiled.sup_list,
        compiled.capacity,
        compiled.known,
        *position,
    )
    return (wins, margins) if finished else None


def encode(world: State, compiled: fast.CompiledRules) -> tuple:
    """The world as ``fast.state_arrays``: what ``fast._run`` goes on from."""
    t = world.t
    n, n_items = world.n, len(t.miles)
    piles, plen, packs, tally, unseen, debts, dq, on_hike, round_queue, regs = fast.state_arrays(
        n, n_items, len(compiled.copies), int(compiled.copies.sum())
    )
    for pile, cards in zip(
        (fast.DRAW_PILE, fast.DISCARD_PILE, fast.HIKING_PILE),
        (world.draw, world.discard, world.hiking),
        strict=True,
    ):
        piles[pile, : len(cards)] = cards
        plen[pile] = len(cards)
    for s in range(n):
        packs[s] = t.counts(world.packs[s])
    tally[:, fast.CARDS_SCORED] = world.scored_cards
    tally[:, fast.HIKES_LED] = world.hikes_led
    tally[:, fast.HIKES_JOINED] = world.hikes_joined
    tally[:, fast.LOST] = world.lost_to_hazards
    tally[:, fast.BUSTS] = world.busts
    tally[:, fast.PACK_MILES] = packs @ compiled.miles
    tally[:, fast.DRAWOFF] = world.drawoff
    tally[:, fast.SCORED_MILES] = world.scored_miles
    tally[:, fast.PACK_CARDS] = packs.sum(axis=1)
    # The cards no seat sees: the deck less every backpack and the hiking pile.
    unseen[:] = compiled.copies
    unseen[:n_items] -= packs.sum(axis=0)
    unseen -= np.bincount(np.array(world.hiking, dtype=np.int64), minlength=len(unseen))
    for i, debt in enumerate(world.debts):
        debts[i] = debt
    dq[:] = 0, len(world.debts)
    for s in world.hikers:
        on_hike[s] = True
    round_queue[: len(world.round_queue)] = world.round_queue
    regs[fast.PC] = _pc(world)
    regs[fast.AFTER] = _AFTER[world.after_debts.__name__]
    regs[fast.SEAT] = world.player
    regs[fast.TURN_SEAT] = world.turn_seat
    regs[fast.LEAD] = world.lead
    regs[fast.ANNOUNCER] = world.announcer
    if world.join_queue:
        regs[fast.JOIN_AT] = (world.join_queue[0] - world.announcer) % n
    regs[fast.RQ_LEN] = len(world.round_queue)
    regs[fast.DECK_EXHAUSTED] = world.deck_exhausted
    regs[fast.NO_CARDS_LEFT] = world.no_cards_left
    regs[fast.TURNS] = world.turn_count
    return piles, plen, packs, tally, unseen, debts, dq, on_hike, round_queue, regs


def _pc(world: State) -> int:
    """Where the kernel takes up a world waiting for a decision of its ``phase``."""
    return {
        Phase.TURN: fast.TURN_CHOICE,
        Phase.DISCARD: fast.SETTLE,
        Phase.JOIN: fast.JOIN_NEXT,
        Phase.CONTINUE: fast.NEXT_IN_ROUND,
        Phase.TAKE: fast.DROPS_OUT,
    }[world.phase]


@nb.njit(cache=True)
def _play_moves(
    seat,
    moves,
    horizon,
    n,
    rngs,
    kinds,
    params,
    miles,
    cards,
    turn_limit,
    drawoff_random,
    sup_start,
    sup_list,
    capacity,
    known,
    piles0,
    plen0,
    packs0,
    tally0,
    unseen0,
    debts0,
    dq0,
    on_hike0,
    round_queue0,
    regs,
):
    """Each move played on from a copy of the position; (win shares, margins, all finished)."""
    n_items = miles.shape[0]
    piles, plen, packs, tally, unseen, debts, dq, on_hike, round_queue, _ = fast.state_arrays(
        n, n_items, unseen0.shape[0], piles0.shape[1]
    )
    need, scratch, legal, choices, ranks, deck, pay_scratch, pool, draw_seats = fast.work_arrays(
        n, n_items, piles0.shape[1], capacity.shape[0]
    )
    streams = np.ones(n, dtype=np.int64)  # one stream, the playout's, for every seat in turn
    wins = np.zeros(moves.shape[0])
    margins = np.zeros(moves.shape[0])
    for i in range(moves.shape[0]):
        piles[:] = piles0
        plen[:] = plen0
        packs[:] = packs0
        tally[:] = tally0
        unseen[:] = unseen0
        debts[:] = debts0
        dq[:] = dq0
        on_hike[:] = on_hike0
        round_queue[:] = round_queue0
        streams_state = rngs.copy()
        ranks[:] = 0
        end, _, _ = fast._run(
            n,
            streams_state,
            streams,
            kinds,
            params,
            miles,
            cards,
            turn_limit,
            drawoff_random,
            sup_start,
            sup_list,
            capacity,
            need,
            known,
            piles,
            plen,
            packs,
            tally,
            unseen,
            debts,
            dq,
            on_hike,
            scratch,
            legal,
            choices,
            ranks,
            deck,
            round_queue,
            pay_scratch,
            pool,
            draw_seats,
            regs,
            moves[i],
            horizon,
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
