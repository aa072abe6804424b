"""A move, step by step (B. Moving Rules, C. Move values, 3. the die; 6. trades; 12. Emergency;
13. the return home): how the game changes as the hiker to play starts a move, steps, trades a
token for spaces, stops, gives up a move that cannot end, calls an emergency or comes home.

The rules themselves are in movement.py (a move's length and the choices at each point of it),
snow_caps.py, supply_packs.py and treasures.py; this is the turn's bookkeeping of them, mixed
into the game's state (state.py)."""

from __future__ import annotations

from simkit.games.timber_tom import movement, snow_caps, treasures
from simkit.games.timber_tom.turn_order import MOVE, S_AFTER_MOVE, S_MOVE, S_TREES

# What a move changes of the hikers, saved at its start so that a move given up leaves no trace
# (turn_back); the trees, the trees on the move, the chainsaw and the used cards are saved too.
MOVE_UNDO = ("pos", "packs", "axes", "saws", "flights", "radios", "wild", "treasures")
MOVE_UNDO += ("snow_paid", "used141")


class MoveHandlers:
    """The actions of a move: ``step``, ``extra``, ``stop``, ``turn_back``, ``emergency``.

    Part of the game's state: changes the move (``move``), the mover's place and tray, its Snow
    Cap fees and Treasures, and saves or restores all a move may change (``MOVE_UNDO``)."""

    def _begin_move(self) -> None:
        s = self.seat
        here = self.pos[s]
        die, allowance = movement.move_length(
            self.board.zone[here],
            self.move_value,
            self.rules.danger_move,
            self.roll_next[s],
            self.move_mod[s],
            self.rng,
        )
        self.move_mod[s] = 0
        self.roll_next[s] = False
        self.move.begin(here, die, allowance)
        self.chainsaw = self.chainsaw.taken_up(s)  # a cut left from an earlier move
        self.stage, self.phase = S_MOVE, MOVE
        self._save_move_start()
        rolled = f" (rolled {die})" if die else ""
        if self.log:
            self._say(
                f"Round {self.round + 1}, Hiker {s + 1} at {self.board.where(here)} moves "
                f"{allowance}{rolled}; carries {self._tray_text(s)}."
            )

    def _move_actions(self) -> list:
        s, b, move = self.seat, self.board, self.move
        here = self.pos[s]
        acts: list = []
        if len(move.path) == 1 and treasures.emergency_open(
            self.packs[s], self.axes[s], self.saws[s], self.treasures[s]
        ):
            acts += [("emergency", p) for p in treasures.peaks_held(b, self.treasures[s])]
        acts += movement.move_actions(
            b,
            here,
            move.path,
            self._occupied(s),
            move.room,
            self.trees,
            moved=bool(move.counted),
            tokens=(bool(self.packs[s]), bool(self.flights[s]), self._wild_to_trade(s)),
            affordable=lambda nxt: self._fee(here, nxt) <= self.packs[s],
            clearing=self._clearing_ways,
        )
        return acts or [("turn_back",)]

    def _wild_to_trade(self, s: int) -> bool:
        return self.wild[s] >= 0 and not self.move.wild_active

    def _fee(self, here: int, nxt: int) -> int:
        r = self.rules
        paid = self.snow_paid[self.seat]
        return movement.step_fee(self.board, here, nxt, paid, r.canoe_fee, r.snow_cap_fee)

    def _do_step(self, nxt: int, how: str) -> None:
        s, b = self.seat, self.board
        here = self.pos[s]
        jumped = nxt in self._occupied(s)
        if how:
            self._clear_on_path(nxt, how)
        fee = self._fee(here, nxt)
        if fee:
            self.packs[s] -= fee
            self.stats["supply_packs_used"][s] += fee
            self.snow_paid[s] = snow_caps.paid_after(b, nxt, self.snow_paid[s])
            if self.log:
                self._say(f"  Hiker {s + 1} pays {fee} supply pack(s) to enter {b.where(nxt)}.")
        self.move.step(nxt, jumped)
        self.pos[s] = nxt
        now = treasures.collected(b, nxt, self.treasures[s])
        if now != self.treasures[s]:
            self.treasures[s] = now
            self._say(f"  Hiker {s + 1} collects the Treasure of {b.peak_names[b.peak[nxt]]}.")
        if nxt == b.camp:
            if treasures.held(self.treasures[s]) >= self.rules.treasures_to_win:
                self._finish(s)
                return
            self._restore_all(s)
            self._say(f"  Hiker {s + 1} passes Base Camp and restores every resource.")

    def _do_extra(self, kind: str) -> None:
        s, move = self.seat, self.move
        if kind == "pack":
            self.packs[s] -= 1
            self.stats["supply_packs_used"][s] += 1
            move.allowance += self.rules.pack_spaces
        elif kind == "flight":
            self.flights[s] -= 1
            move.allowance += self.rules.flight_spaces
        else:
            self.cards.used.append(self.wild[s])
            self.wild[s] = -1
            move.wild_active = True
            move.allowance += self.rules.wild_spaces
        self._say(f"  Hiker {s + 1} trades a {kind} for extra spaces (moves {move.allowance}).")

    def _do_stop(self) -> None:
        s, move = self.seat, self.move
        move.end()
        self.last_path[s] = tuple(move.path)
        if self.log:
            self._say(
                f"  Hiker {s + 1} ends the move at {self.board.where(self.pos[s])} after "
                f"{move.counted} space(s): path "
                + " > ".join(self.board.where(p) for p in move.path)
            )
        self.stage = S_AFTER_MOVE
        self._advance()

    def _save_move_start(self) -> None:
        self._undo = (
            tuple(list(getattr(self, name)) for name in MOVE_UNDO),
            bytes(self.trees),
            self.planting.copy(),
            self.chainsaw,
            list(self.cards.used),
            self.move.one_for_one,
            {k: list(v) for k, v in self.stats.items()},
        )

    def _do_turn_back(self) -> None:
        """A move that cannot be finalized did not happen ("Your move must be FINALIZED on the
        destination space", Moving Rule 7): everything it did is undone (a Treasure passed, a
        Snow Cap fee, a Base Camp restore, trees cleared, tokens traded) and the hiker only loses
        the move, back where it began."""
        s, move = self.seat, self.move
        lists, trees, planting, chainsaw, used, move.one_for_one, stats = self._undo
        for name, saved in zip(MOVE_UNDO, lists, strict=True):
            setattr(self, name, list(saved))
        self.trees[:] = trees
        self.planting, self.chainsaw = planting.copy(), chainsaw
        self.cards.used = list(used)
        self.stats = {k: list(v) for k, v in stats.items()}
        move.wild_active = False
        self.pos[s] = move.start
        self.last_path[s] = (move.start,)
        move.turned_back = True
        if self.log:
            self._say(
                f"  Hiker {s + 1} cannot finish the move and goes back to "
                f"{self.board.where(move.start)}."
            )
        self.stage = S_AFTER_MOVE
        self._advance()

    def _do_emergency(self, peak: int) -> None:
        s = self.seat
        self.treasures[s] &= ~(1 << peak)
        self.pos[s] = self.board.camp
        self._restore_all(s)
        self.stats["emergencies"][s] += 1
        self._say(
            f"  Emergency! Hiker {s + 1} gives up the Treasure of "
            f"{self.board.peak_names[peak]} and is flown back to Base Camp."
        )
        self.stage, self.planting.plant_left = S_TREES, 0
        self._advance()

    def _finish(self, s: int) -> None:
        self.finished[s] = True
        self.moves_to_finish[s] = self.moves_made[s]
        self.planting.back_to_box()  # no planting on the final return (13. NOTE)
        self._say(f"  Hiker {s + 1} is back at Base Camp with the Treasures!")
        if not self.rules.fair_and_square:
            self._end("normal")
            return
        self._end_turn()
