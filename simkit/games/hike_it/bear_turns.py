"""The engine's bears (Passive Bears; Aggressive Bears): shooing, the bear die's moves, mauling and
knock-outs. A mixin of :class:`~simkit.games.hike_it.state.HikeState`; where a bear may go is
:mod:`~simkit.games.hike_it.bears`'."""

from __future__ import annotations

from simkit.games.hike_it import bears, skill_cards
from simkit.games.hike_it.data import REGIONS
from simkit.games.hike_it.phases import (
    BEAR_STEP,
    END_TURN,
    KNOCKED_OUT,
    OVER,
    SHOO,
)


class BearTurns:
    """Part of the game state: its methods use the state's attributes."""

    def _shoo_targets(self, seat: int) -> list[int]:
        if self.aggressive or not self.in_park(seat):
            return []
        occupied = {self.pos[s] for s in range(self.n) if self.in_park(s)} | set(self.bear_pos)
        return bears.shoo_targets(self.board, self.region_of(seat), self.bear_pos, occupied)

    def _paw_shoos(self, seat: int) -> list[tuple]:
        hand = self.hand[seat]
        if len(hand) < self.rules.paw_cost or self.aggressive:  # the quick no
            return []
        if skill_cards.paws(self.rules.decks, hand) < self.rules.paw_cost:
            return []
        return [("shoo", s) for s in self._shoo_targets(seat)]

    def _bear_pick_actions(self, seat: int) -> list[tuple]:
        # "The same bear cannot be moved by two players in a row on back-to-back turns."
        barred = self.last_bear if self.last_bear_mover != seat else -1
        return bears.pick_actions(
            self.board, self.bear_pos, self.bear_face, self.bear_reach, barred
        )

    def _do_shoo(self, seat: int, space: int) -> None:
        region = self.region_of(seat)
        if self.prev_phase == SHOO:  # a Shoo Bear! trail card
            self.shoo_pending = False
        else:  # two paw cards, in the afternoon or at the hand limit
            self._discard_cards(seat, -1, self.rules.paw_cost, paws=True)
        self.bear_pos[region] = space
        self._log(f"{self._who(seat)} shoos the {REGIONS[region]} bear to {self._name(space)}")

    def _do_bear(self, seat: int, bear: int, space: int = -1, how: str = "") -> None:
        self.last_bear, self.last_bear_mover = bear, seat
        self.bear_moving = bear
        self.bear_hit = set()
        at = self.bear_pos[bear]
        if self.bear_face == "steps":
            self.bear_came_from = -1
            self._log(f"{self._who(seat)} moves the {REGIONS[bear]} bear {self.bear_steps} spaces")
            self._auto_bear_steps()
            return
        carried = self.bear_face == "den" and not how and space in bears.den_moves(self.board, at)
        if carried:  # "transported" to the den: it injures only hikers at the den itself
            path: tuple[int, ...] = (space,)
        else:  # along the trail to a nearby bear paw or den space, mauling on the way
            path = bears.paw_moves(self.board, at, self.bear_reach)[space]
        self._log(
            f"{self._who(seat)} {'carries' if carried else 'moves'} the {REGIONS[bear]} bear "
            f"to {self._name(space)}"
        )
        for s in path:
            self._bear_enters(bear, s)
        self.stage = END_TURN

    def _do_bear_step(self, seat: int, space: int) -> None:
        self._bear_step(space)
        self._auto_bear_steps()

    def _bear_step(self, space: int) -> None:
        self.bear_came_from = self.bear_pos[self.bear_moving]
        self._bear_enters(self.bear_moving, space)
        self.bear_steps -= 1

    def _auto_bear_steps(self) -> None:
        """Steps with a single way on are forced; stop at a fork or at the end of the roll."""
        while self.bear_steps > 0 and self.phase != OVER:
            ways = bears.next_steps(
                self.board, self.bear_pos[self.bear_moving], self.bear_came_from
            )
            if len(ways) > 1:
                self.phase = BEAR_STEP
                return
            self._bear_step(ways[0])
        self.stage = END_TURN

    def _bear_enters(self, bear: int, space: int) -> None:
        self.bear_pos[bear] = space
        for s in range(self.n):
            if self.pos[s] == space and self.in_park(s) and s not in self.bear_hit:
                self.bear_hit.add(s)
                self._log(f"the {REGIONS[bear]} bear mauls {self._who(s)}")
                self._hurt_by_bear(s)

    def _hurt_by_bear(self, seat: int) -> None:
        fallen = self.health[seat] < 1  # lying at 0 after weather or a trail card
        if fallen and not self.rules.bear_knocks_out_fallen:
            return  # the reading where a bear cannot take a fallen hiker's health any lower
        self._change_health(seat, -1)
        if self.health[seat] < 1:
            self.status[seat] = KNOCKED_OUT
            for w in self.waypoints[seat]:
                if self.waypoint_owner[w] == seat:
                    self.waypoint_owner[w] = -1
            self.pos[seat] = -1
            self.days_out[seat] = self.day + 1
            self._log(f"{self._who(seat)} is knocked out by a bear: the hike is over")
            if not any(self.in_park(s) for s in range(self.n)):
                self._game_over("normal")
