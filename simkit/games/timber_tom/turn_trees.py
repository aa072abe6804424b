"""Trees in a turn (3. Rolling 4; 4. Tree Planting, rings of trees, the empty Tree Box; 5. Tree
Clearing): how the game changes as the hiker to play clears a tree on its path or next to it,
lifts one to move it, plants or takes one from the high zones.

The rules themselves are in trees.py (where a tree may go, the ways to clear one, the tools they
use); this is the turn's bookkeeping of them, mixed into the game's state (state.py)."""

from __future__ import annotations

from simkit.games.timber_tom import trees as tr
from simkit.games.timber_tom.turn_order import S_RELIEF


class TreeHandlers:
    """The actions on trees: ``clear``, ``lift``, ``plant``, ``uproot`` (and a step's clearing).

    Part of the game's state: changes the trees, the trees on the move (``planting``), the
    clearing tools (axes, chainsaws, ``chainsaw``) and One-for-One (``used141``, ``move``)."""

    def _do_clear(self, nxt: int, how: str) -> None:
        if nxt < 0:
            self.move.cleared_after = True
        else:
            self._clear_on_path(nxt, how)
        self._advance()

    def _clear_on_path(self, nxt: int, how: str) -> None:
        s = self.seat
        self.stats["trees_cleared"][s] += 1
        if how == tr.ROLL4:
            self.move.roll4_open = False
            self.planting.lift(self.trees, nxt)  # replanted once the move ends (3. Rolling 4)
        else:
            self.planting.clear(self.trees, nxt)
        self.axes[s], self.saws[s], cuts = tr.tools_after(
            how, self.axes[s], self.saws[s], self.chainsaw.cuts
        )
        self.chainsaw = self.chainsaw._replace(cuts=cuts)
        if how == tr.ONE_FOR_ONE:
            bit = 1 << self.board.mountain[nxt]
            self.used141[s] |= bit
            self.move.one_for_one_on(bit)
        if self.log:
            self._say(f"  Hiker {s + 1} clears the tree at {self.board.where(nxt)} ({how}).")

    def _clear_after_actions(self) -> list:
        s = self.seat
        here = self.pos[s]
        if here == self.board.camp or self.finished[s]:
            return []
        saw_ready = self.chainsaw.ready(self.saws[s])
        return tr.clear_after_actions(self.board, here, self.trees, self.axes[s], saw_ready)

    def _clearing_ways(self, nxt: int, cost: int) -> list[str]:
        s, move = self.seat, self.move
        return tr.clearing_ways(
            wild_active=move.wild_active,
            roll4_open=move.roll4_open,
            axes=self.axes[s],
            saw_ready=self.chainsaw.ready(self.saws[s]),
            one_for_one=tr.one_for_one_open(
                self.used141[s], move.one_for_one, self.board.mountain[nxt]
            )
            and cost + 1 <= move.room,
        )

    def _plant_spaces(self) -> list[int]:
        s, planting = self.seat, self.planting
        taken = self._occupied(-1)
        if planting.hand:  # a moved tree is replanted elsewhere (3. Rolling 4; 4. rings)
            taken |= set(planting.lifted)
        here = self.pos[s]
        way = None
        if here != self.board.camp and not self.finished[s]:
            way = self.ways_home.way_from(here, self.trees)
        return tr.searches().plant_spaces(self.board, self.trees, taken, here, way)

    def _do_lift(self, space: int) -> None:
        planting = self.planting
        if space < 0:
            planting.relief_left = 0
            self.move.roll4_open = False
        else:
            planting.lift(self.trees, space)
            self.stats["trees_cleared"][self.seat] += 1
            if self.stage == S_RELIEF:
                planting.relief_left -= 1
            else:
                self.move.roll4_open = False
            if self.log:
                self._say(f"  Hiker {self.seat + 1} lifts the tree at {self.board.where(space)}.")
        self._advance()

    def _do_plant(self, space: int) -> None:
        if space < 0:
            self.planting.back_to_box()
            self.planting.plant_left = 0
            self._say(f"  No space is left for Hiker {self.seat + 1}'s trees.")
            self._advance()
            return
        self.planting.plant(self.trees, space)
        self.stats["trees_planted"][self.seat] += 1
        if self.log:
            self._say(f"  Hiker {self.seat + 1} plants a tree at {self.board.where(space)}.")
        self._advance()

    def _do_uproot(self, space: int) -> None:
        self.planting.uproot(self.trees, space)
        if self.log:
            self._say(f"  Hiker {self.seat + 1} takes the tree at {self.board.where(space)}.")
        self._advance()
