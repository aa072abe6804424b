"""The Timber Tom forward model: the race from Base Camp to the peaks and back.

This is the game's protocol (legal actions, apply, view, clone, outcome) and its turn flow: a
turn's stages and decision phases, each handed to the module named for its rulebook section
(movement, trees, card_effects, landing, refuges, helipads, snow_caps, treasures, winning). The
actions are listed in actions.py.
"""

from __future__ import annotations

from simkit.core.errors import IllegalAction
from simkit.core.game import Outcome, rank_by
from simkit.core.rng import GameRng
from simkit.games.timber_tom import (
    actions,
    base_camp,
    evaluation,
    fast_searches,
    helipads,
    invariants,
    landing,
    movement,
    refuges,
    snow_caps,
    treasures,
    turn_order,
)
from simkit.games.timber_tom import card_effects as fx
from simkit.games.timber_tom import trees as tr
from simkit.games.timber_tom.cards import MOVES_A_HIKER, WILD
from simkit.games.timber_tom.rules import Rules
from simkit.games.timber_tom.scoring import resource_score, tie_break_key
from simkit.games.timber_tom.view import TimberTomView
from simkit.games.timber_tom.winning import drawn, rank_key, round_ends_game

# Decision phases.
MOVE, LIFT, PLANT, UPROOT, FLY, HOTSPOT, SNOW_CARD, CLEAR, WILD_NOW = range(9)
PHASE_NAMES = ("move", "lift", "plant", "uproot", "fly", "hotspot", "snow_card", "clear", "wild")
# What a move changes, saved at its start so that a move given up leaves no trace (turn_back).
_TRAY = ("packs", "axes", "saws", "flights", "radios", "saw_kept", "wild")
_MOVE_UNDO = ("pos", *_TRAY, "treasures", "snow_paid", "used141", "discard", "lifted")
# The lists a copy of the game must not share with the original.
_LISTS = (*_MOVE_UNDO, "move_mod", "roll_next", "skip", "finished", "moves_made")
_LISTS += ("moves_to_finish", "draw", "path", "_events")
# The counts kept per hiker for the result columns.
STATS = ("trees_planted", "trees_cleared", "supply_packs_used", "flights", "cards_drawn")
STATS += ("emergencies",)
# Stages of a turn, in order.
S_RELIEF, S_MOVE, S_AFTER_MOVE, S_TREES = range(4)


class TimberTomState:
    """One game of Timber Tom in progress (see the module docstring for the actions)."""

    def __init__(self, rules: Rules, n_players: int, rng: GameRng, log: bool = False):
        self.rules, self.n, self.rng, self.log = rules, n_players, rng, log
        self.board = rules.board
        self.move_value, self.tree_value = movement.zone_values(rules.zones)
        camp = self.board.camp
        n = n_players
        self.pos = [camp] * n
        self.trees = bytearray(self.board.n_nodes)
        self.box = rules.tree_box
        self.hand = 0
        self.packs = [0] * n
        self.axes = [0] * n
        self.saws = [0] * n
        self.flights = [0] * n
        self.radios = [0] * n
        self.saw_kept = [0] * n  # a chainsaw's second cut kept for a later move (saw_cut_kept)
        self.saw_credit = 0
        self.seat = 0
        for s in range(n):
            self._restore_all(s)
        self.wild = [-1] * n  # the Wild card held (its index in the deck), -1 none
        self.treasures = [0] * n
        self.snow_paid = [0] * n
        self.used141 = [0] * n
        self.move_mod = [0] * n
        self.roll_next = [False] * n
        self.skip = [False] * n
        self.finished = [False] * n
        self.last_path = [[camp] for _ in range(n)]  # each hiker's last move, for forced moves
        self.moves_made = [0] * n
        self.moves_to_finish = [-1] * n
        self.stats = {k: [0] * n for k in STATS}
        self.draw: list[int] = list(range(len(rules.deck))) if rules.cards else []
        self.discard: list[int] = []
        rng.shuffle(self.draw)
        self.round = 0
        self.seat = 0
        self.terminal = False
        self.end_reason = ""
        self._events: list[str] = []
        self._legal: list | None = None
        self._legal_set: set | None = None
        self.ways_home = tr.WaysHome(self.board)
        self.lifted: list[int] = []  # where the trees in hand were lifted from
        # the move in progress
        self.start = camp
        self.counted = self.allowance = self.die = 0
        self.path: list[int] = [camp]
        self.r4_open = self.wild_active = self.turned_back = self.early = False
        self.move141 = 0
        self.wild_drawn = -1  # a Wild card just drawn: used at once or kept (11. Hiking Cards)
        self.cleared_after = False  # the hiker is done clearing after its move (5.)
        self._undo: tuple = ()
        self.plant_left = self.relief_left = 0
        self.stage, self.phase = S_MOVE, MOVE
        self._say("The hikers wait on Base Camp; Hiker 1 (seat 0) is Chief Hiker.")
        self._start_turn()

    # ----------------------------------------------------------------------- protocol basics
    @property
    def events(self) -> list[str]:
        return self._events

    def _say(self, text: str) -> None:
        if self.log:
            self._events.append(text)

    def current_player(self) -> int:
        return self.seat

    def is_terminal(self) -> bool:
        return self.terminal

    def turns(self) -> int:
        """Rounds played (a round: every hiker still racing moves once)."""
        return self.round if self.end_reason == "turn_limit" else self.round + 1

    def scores(self) -> tuple[float, ...]:
        return tuple(self._score(s) for s in range(self.n))

    def evaluation(self) -> tuple[float, ...]:  # a playout cut short: the race, not the points
        return evaluation.standing(self)

    def _score(self, s: int) -> float:
        return resource_score(self.rules.points, *self._resources(s))

    def _resources(self, s: int) -> tuple[int, int, int, int, int]:
        """What a drawn game counts (13. Scoring a Drawn Game), in its tie-break order."""
        return self.packs[s], self.flights[s], self.radios[s], self.saws[s], self.axes[s]

    # ----------------------------------------------------------------------- turn flow
    def _start_turn(self) -> None:
        s = self.seat
        self.moves_made[s] += 1
        self.turned_back = self.early = self.cleared_after = False
        self.plant_left = self.hand = 0
        self.lifted.clear()
        if self.pos[s] != self.board.camp and self._ringed(s):
            self.relief_left = self.rules.ring_relief
            self._say(
                f"Hiker {s + 1} is ringed in by trees and may move {self.relief_left} of them."
            )
        self.stage = S_RELIEF
        self._advance()

    def _ringed(self, s: int) -> bool:
        return self.ways_home.ringed(self.pos[s], self.trees)

    def _begin_move(self) -> None:
        s = self.seat
        here = self.pos[s]
        self.die, self.allowance = movement.move_length(
            self.board.zone[here],
            self.move_value,
            self.rules.danger_move,
            self.roll_next[s],
            self.move_mod[s],
            self.rng,
        )
        self.move_mod[s] = 0
        self.roll_next[s] = False
        self.start, self.counted, self.path = here, 0, [here]
        self.r4_open = self.die == 4
        # a chainsaw's cut left from an earlier move (5. "1 Chainsaw removes 2 trees")
        self.saw_credit = self.saw_kept[s] if self.rules.saw_cut_kept else 0
        self.saw_kept[s] = 0
        self.move141 = 0
        self.wild_active = False
        self.stage, self.phase = S_MOVE, MOVE
        self._save_move_start()
        rolled = f" (rolled {self.die})" if self.die else ""
        if self.log:
            self._say(
                f"Round {self.round + 1}, Hiker {s + 1} at {self.board.where(here)} moves "
                f"{self.allowance}{rolled}; carries {self._tray_text(s)}."
            )

    def _advance(self) -> None:
        """Go on to the next decision of the current hiker, or end the turn."""
        if self.stage == S_RELIEF:
            if self.hand:
                self.phase = PLANT
                return
            if self.relief_left and any(self.trees):
                self.phase = LIFT
                return
            self.relief_left = 0
            self._begin_move()
            return
        if self.stage == S_AFTER_MOVE:
            if self.hand:
                self.phase = PLANT
                return
            if self.r4_open and any(self.trees) and not self.turned_back:
                self.phase = LIFT
                return
            self.r4_open = False
            if not (self.turned_back or self.cleared_after) and self._clear_after_actions():
                self.phase = CLEAR
                return
            self.stage = S_TREES
            if self._land():
                return
        if self.stage == S_TREES:
            if self.wild_drawn >= 0:
                self.phase = WILD_NOW
                return
            if self.hand:
                self.phase = PLANT
                return
            if self.plant_left:
                if self.box:
                    self.phase = PLANT
                    return
                if self._uprootable():
                    self.phase = UPROOT
                    return
                self._say("The Tree Box and the high zones are empty: no more trees to plant.")
                self.plant_left = 0
            self._end_turn()

    def _end_turn(self) -> None:
        seat = self.seat
        # the chainsaw's unused second cut: kept for a later move, or lost (saw_cut_kept)
        self.saw_kept[seat] = self.saw_credit if self.rules.saw_cut_kept else 0
        self.saw_credit = 0
        while True:
            seat, missed = turn_order.next_in_round(seat, self.finished, self.skip)
            for m in missed:
                self.moves_made[m] += 1
                self._say(f"Hiker {m + 1} misses this move.")
            if seat < self.n:
                break
            if round_ends_game(self.rules.fair_and_square, self.finished):
                self._end("normal")
                return
            self.round += 1
            if self.round >= self.rules.turn_limit:
                self._end("turn_limit")
                return
            seat = -1
        self.seat = seat
        self._start_turn()

    def _end(self, reason: str) -> None:
        self.terminal = True
        self.end_reason = reason
        self._legal, self._legal_set = [], set()
        self._say(f"The game ends ({reason}) after {self.turns()} round(s).")

    # ----------------------------------------------------------------------- legal actions
    def legal_actions(self) -> list:
        if self._legal is None:
            self._legal = [] if self.terminal else self._compute_legal()
            self._legal_set = set(self._legal)
        return list(self._legal)

    def _occupied(self, except_seat: int) -> set[int]:
        camp = self.board.camp
        return {
            p
            for s, p in enumerate(self.pos)
            if s != except_seat and not self.finished[s] and p != camp
        }

    def _compute_legal(self) -> list:
        phase = self.phase
        if phase == MOVE:
            return self._move_actions()
        if phase == LIFT:
            return [("lift", -1)] + [("lift", i) for i in self._tree_spaces()]
        if phase == PLANT:
            # -1 only when no space is left: the trees go back to the box
            return [("plant", i) for i in self._plant_spaces()] or [("plant", -1)]
        if phase == UPROOT:
            return [("uproot", i) for i in self._uprootable()]
        if phase == FLY:
            return [("fly", -1)] + [("fly", p) for p in self._free_pads()]
        if phase == HOTSPOT:
            acts: list = [("hotspot", "plant")]
            if self.rules.cards and (self.draw or self.discard):
                acts.append(("hotspot", "card"))
            if self.radios[self.seat]:
                acts += [("radio", r) for r in self._free_refuges()]
            return acts
        if phase == CLEAR:
            return [("clear", -1, ""), *self._clear_after_actions()]
        if phase == WILD_NOW:
            return [("wild", 1), ("wild", 0)]
        return [("draw", 1), ("draw", 0)]  # SNOW_CARD

    def _tree_spaces(self) -> list[int]:
        return tr.tree_spaces(self.board, self.trees)

    def _uprootable(self) -> list[int]:
        return tr.uprootable(self.board, self.trees)

    def _plant_spaces(self) -> list[int]:
        s = self.seat
        taken = self._occupied(-1)
        if self.hand:  # a moved tree is replanted elsewhere (3. Rolling 4; 4. rings)
            taken |= set(self.lifted)
        here = self.pos[s]
        way = None
        if here != self.board.camp and not self.finished[s]:
            way = self.ways_home.way_from(here, self.trees)
        return fast_searches.plant_spaces(self.board, self.trees, taken, here, way)

    def _free_pads(self) -> list[int]:
        return helipads.free_pads(self.board, self.pos[self.seat], self._occupied(self.seat))

    def _free_refuges(self) -> list[int]:
        return refuges.free_refuges(self.board, self.pos[self.seat], self._occupied(self.seat))

    def _emergency_open(self, s: int) -> bool:
        return treasures.emergency_open(
            self.packs[s], self.axes[s], self.saws[s], self.treasures[s]
        )

    def _move_actions(self) -> list:
        s, b = self.seat, self.board
        here = self.pos[s]
        acts: list = []
        if len(self.path) == 1 and self._emergency_open(s):
            acts += [("emergency", p) for p in treasures.peaks_held(b, self.treasures[s])]
        acts += movement.move_actions(
            b,
            here,
            self.path,
            self._occupied(s),
            self.allowance - self.counted,
            self.trees,
            moved=bool(self.counted),
            tokens=(bool(self.packs[s]), bool(self.flights[s]), self._wild_to_trade(s)),
            affordable=lambda nxt: self._fee(here, nxt) <= self.packs[s],
            clearing=self._clearing_ways,
        )
        return acts or [("turn_back",)]

    def _wild_to_trade(self, s: int) -> bool:
        return self.wild[s] >= 0 and not self.wild_active

    def _clear_after_actions(self) -> list:
        s = self.seat
        here = self.pos[s]
        if here == self.board.camp or self.finished[s]:
            return []
        saw_ready = bool(self.saw_credit or self.saws[s])
        return tr.clear_after_actions(self.board, here, self.trees, self.axes[s], saw_ready)

    def _clearing_ways(self, nxt: int, cost: int) -> list[str]:
        s = self.seat
        room = self.allowance - self.counted
        return tr.clearing_ways(
            wild_active=self.wild_active,
            roll4_open=self.r4_open,
            axes=self.axes[s],
            saw_ready=bool(self.saw_credit or self.saws[s]),
            one_for_one=tr.one_for_one_open(self.used141[s], self.move141, self.board.mountain[nxt])
            and cost + 1 <= room,
        )

    def _fee(self, here: int, nxt: int) -> int:
        r = self.rules
        paid = self.snow_paid[self.seat]
        return movement.step_fee(self.board, here, nxt, paid, r.canoe_fee, r.snow_cap_fee)

    # ----------------------------------------------------------------------- apply
    def apply(self, action) -> None:
        if self.terminal:
            raise IllegalAction(self.seat, action, "the game is over")
        self.legal_actions()
        try:
            legal = action in self._legal_set
        except TypeError:
            legal = False
        if not legal:
            raise IllegalAction(self.seat, action)
        self._legal = self._legal_set = None
        kind = action[0]
        handler = getattr(self, "_do_" + kind)
        handler(*action[1:])

    def _do_step(self, nxt: int, how: str) -> None:
        s, b = self.seat, self.board
        here = self.pos[s]
        occupied = nxt in self._occupied(s)
        if how:
            self._clear_on_path(nxt, how)
        fee = self._fee(here, nxt)
        if fee:
            self.packs[s] -= fee
            self.stats["supply_packs_used"][s] += fee
            self.snow_paid[s] = snow_caps.paid_after(b, nxt, self.snow_paid[s])
            if self.log:
                self._say(f"  Hiker {s + 1} pays {fee} supply pack(s) to enter {b.where(nxt)}.")
        self.counted += 0 if occupied else 1
        self.pos[s] = nxt
        self.path.append(nxt)
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

    def _do_clear(self, nxt: int, how: str) -> None:
        if nxt < 0:
            self.cleared_after = True
        else:
            self._clear_on_path(nxt, how)
        self._advance()

    def _clear_on_path(self, nxt: int, how: str) -> None:
        s = self.seat
        self.trees[nxt] = 0
        self.stats["trees_cleared"][s] += 1
        if how == tr.ROLL4:
            self.r4_open = False
            self.hand += 1  # replanted once the move ends (3. The "Rolling 4" Rule)
            self.lifted.append(nxt)
        else:
            self.box += 1
        self.axes[s], self.saws[s], self.saw_credit = tr.tools_after(
            how, self.axes[s], self.saws[s], self.saw_credit
        )
        if how == tr.ONE_FOR_ONE:
            bit = 1 << self.board.mountain[nxt]
            self.used141[s] |= bit
            self.move141 |= bit
            self.allowance -= 1
        if self.log:
            self._say(f"  Hiker {s + 1} clears the tree at {self.board.where(nxt)} ({how}).")

    def _do_extra(self, kind: str) -> None:
        s = self.seat
        if kind == "pack":
            self.packs[s] -= 1
            self.stats["supply_packs_used"][s] += 1
            self.allowance += self.rules.pack_spaces
        elif kind == "flight":
            self.flights[s] -= 1
            self.allowance += self.rules.flight_spaces
        else:
            self.discard.append(self.wild[s])
            self.wild[s] = -1
            self.wild_active = True
            self.allowance += self.rules.wild_spaces
        self._say(f"  Hiker {s + 1} trades a {kind} for extra spaces (moves {self.allowance}).")

    def _do_stop(self) -> None:
        s = self.seat
        self.early = self.counted < self.allowance
        self.last_path[s] = list(self.path)
        if self.log:
            self._say(
                f"  Hiker {s + 1} ends the move at {self.board.where(self.pos[s])} after "
                f"{self.counted} space(s): path "
                + " > ".join(self.board.where(p) for p in self.path)
            )
        self.stage = S_AFTER_MOVE
        self._advance()

    def _save_move_start(self) -> None:
        self._undo = (
            tuple(list(getattr(self, name)) for name in _MOVE_UNDO),
            bytes(self.trees),
            self.box,
            self.hand,
            self.saw_credit,
            self.move141,
            {k: list(v) for k, v in self.stats.items()},
        )

    def _do_turn_back(self) -> None:
        """A move that cannot be finalized did not happen ("Your move must be FINALIZED on the
        destination space", Moving Rule 7): everything it did is undone (a Treasure passed, a
        Snow Cap fee, a Base Camp restore, trees cleared, tokens traded) and the hiker only loses
        the move, back where it began."""
        s = self.seat
        lists, trees, self.box, self.hand, self.saw_credit, self.move141, stats = self._undo
        for name, saved in zip(_MOVE_UNDO, lists, strict=True):
            setattr(self, name, list(saved))
        self.trees[:] = trees
        self.stats = {k: list(v) for k, v in stats.items()}
        self.wild_active = False
        self.pos[s] = self.start
        self.last_path[s] = [self.start]
        self.turned_back = True
        if self.log:
            self._say(
                f"  Hiker {s + 1} cannot finish the move and goes back to "
                f"{self.board.where(self.start)}."
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
        self.stage, self.plant_left = S_TREES, 0
        self._advance()

    def _finish(self, s: int) -> None:
        self.finished[s] = True
        self.moves_to_finish[s] = self.moves_made[s]
        self.box += self.hand  # no planting on the final return (13. NOTE)
        self.hand = 0
        self._say(f"  Hiker {s + 1} is back at Base Camp with the Treasures!")
        if not self.rules.fair_and_square:
            self._end("normal")
            return
        self._end_turn()

    def _land(self) -> bool:
        """The landing space's effect; True when it waits for the hiker's choice."""
        s, b = self.seat, self.board
        here = self.pos[s]
        self.plant_left = 0
        if here == b.camp or self.turned_back:
            return False
        kind = landing.effect(
            b, here, not self.early, lambda: bool(self.flights[s] and self._free_pads())
        )
        if kind == landing.FLY:
            self.phase = FLY
            return True
        if kind == landing.REFUGE:
            self._refuge(s, here)
            return False
        if kind == landing.HOTSPOT:
            self.phase = HOTSPOT
            return True
        return self._zone_landing(here, kind)

    def _zone_landing(self, here: int, kind: int) -> bool:
        if kind == landing.FLOOD:
            if self.rules.cards:
                self.plant_left = self._draw_card()
        elif kind == landing.SNOW:
            if self.rules.cards and (self.draw or self.discard):
                self.phase = SNOW_CARD
                return True
        else:
            self.plant_left = self.tree_value[self.board.zone[here]]
        return False

    def _refuge(self, s: int, here: int) -> None:
        tray = self.rules.tray
        self.packs[s], self.axes[s], what = refuges.restored(
            self.board.feature[here], self.packs[s], self.axes[s], tray.supply_packs, tray.axes
        )
        self._say(f"  Hiker {s + 1} restores {what} at the refuge.")
        self.plant_left = self.tree_value[self.board.zone[here]]

    def _resume(self) -> None:
        self.stage = S_TREES
        self._advance()

    def _do_fly(self, pad: int) -> None:
        s = self.seat
        if pad < 0:
            here = self.pos[s]
            if self._zone_landing(here, landing.by_zone(self.board, here)):
                return
            self._resume()
            return
        self.pos[s] = pad
        self.flights[s] -= 1
        self.stats["flights"][s] += 1
        if self.log:
            self._say(f"  Hiker {s + 1} flies to {self.board.where(pad)}.")
        self._resume()

    def _do_hotspot(self, choice: str) -> None:
        zone = self.board.zone[self.pos[self.seat]]
        self.plant_left = self._draw_card() if choice == "card" else self.tree_value[zone]
        self._resume()

    def _do_radio(self, refuge: int) -> None:
        s = self.seat
        self.radios[s] -= 1
        self.pos[s] = refuge
        if self.log:
            self._say(
                f"  Hiker {s + 1} radios for help and is taken to {self.board.where(refuge)}."
            )
        self._refuge(s, refuge)
        self._resume()

    def _do_draw(self, yes: int) -> None:
        self.plant_left = self._draw_card() if yes else 0
        self._resume()

    def _do_wild(self, now: int) -> None:
        """ "You can use the Wild card to immediately advance 2 extra spaces and remove any trees
        blocking your chosen path - or you can keep it for tougher times" (11. Hiking Cards): used
        now, the move goes on for 2 more spaces from where it landed, and ends (and lands) anew."""
        s, idx = self.seat, self.wild_drawn
        self.wild_drawn = -1
        if not now:
            if self.wild[s] < 0:
                self.wild[s] = idx
            else:  # at most one Wild card per hiker (11. Hiking Cards)
                self.discard.append(idx)
            self._advance()
            return
        self.discard.append(idx)
        self.wild_active = True
        self.allowance = self.counted + self.rules.wild_spaces
        self.start = self.pos[s]  # a turn back now returns to where the first part ended
        self.plant_left = 0
        self.early = self.cleared_after = False
        self.stage, self.phase = S_MOVE, MOVE
        self._save_move_start()
        self._say(
            f"  Hiker {s + 1} plays the Wild card at once: {self.rules.wild_spaces} more spaces."
        )

    def _do_lift(self, space: int) -> None:
        if space < 0:
            self.relief_left = 0
            self.r4_open = False
        else:
            self.trees[space] = 0
            self.hand += 1
            self.lifted.append(space)
            self.stats["trees_cleared"][self.seat] += 1
            if self.stage == S_RELIEF:
                self.relief_left -= 1
            else:
                self.r4_open = False
            if self.log:
                self._say(f"  Hiker {self.seat + 1} lifts the tree at {self.board.where(space)}.")
        self._advance()

    def _do_plant(self, space: int) -> None:
        if space < 0:
            self.box += self.hand
            self.hand = self.plant_left = 0
            self.lifted.clear()
            self._say(f"  No space is left for Hiker {self.seat + 1}'s trees.")
            self._advance()
            return
        if self.hand:
            self.hand -= 1
            if not self.hand:
                self.lifted.clear()
        else:
            self.box -= 1
            self.plant_left -= 1
        self.trees[space] = 1
        self.stats["trees_planted"][self.seat] += 1
        if self.log:
            self._say(f"  Hiker {self.seat + 1} plants a tree at {self.board.where(space)}.")
        self._advance()

    def _do_uproot(self, space: int) -> None:
        self.trees[space] = 0
        self.hand += 1
        self.lifted.append(space)
        self.plant_left -= 1
        if self.log:
            self._say(f"  Hiker {self.seat + 1} takes the tree at {self.board.where(space)}.")
        self._advance()

    # ----------------------------------------------------------------------- cards
    def _draw_card(self) -> int:
        """Draw and resolve a Hiking Card; returns the trees it lets the drawer plant."""
        s = self.seat
        idx, self.draw, self.discard = fx.draw(self.draw, self.discard, self.rng)
        if idx < 0:
            return 0
        card = self.rules.deck[idx]
        self.stats["cards_drawn"][s] += 1
        self._say(f"  Hiker {s + 1} draws card {card.number}, {card.name} ({card.kind}).")
        if card.kind == WILD:
            self.wild_drawn = idx  # used at once or kept: the hiker's choice (_do_wild)
            return 0
        effects, face = fx.rolled(card, self.rng)
        if face:
            self._say(f"    the die shows {face}.")
        for eff in effects:
            self._apply_effect(eff)
        self.discard.append(idx)
        return card.trees

    def _apply_effect(self, eff) -> None:
        for t in fx.hikers_hit(eff, self.seat, self.board, self.pos, self.finished):
            self._say(f"    Hiker {t + 1}: {eff.do.replace('_', ' ')} {eff.n}.")
            self.packs[t], self.axes[t] = fx.tray_change(eff, self.packs[t], self.axes[t])
            if eff.do in MOVES_A_HIKER:
                self._forced_move(eff, t)
            self.move_mod[t] += fx.move_change(eff)
            if eff.do == "roll_next":
                self.roll_next[t] = True
            elif eff.do == "skip_move":
                self.skip[t] = True

    def _forced_move(self, eff, t: int) -> None:
        """A card penalty that moves a hiker: back the way its last move came, or downhill."""
        where = self.pos[t]
        to = fx.forced_to(
            self.board,
            eff,
            where,
            self.path if t == self.seat else self.last_path[t],
            self.trees,
            self._occupied(t),
            lambda: self.ways_home.next_home(self.trees),
        )
        if to != where:
            self.pos[t] = to
            self.last_path[t] = [to]
            if self.log:
                self._say(f"    Hiker {t + 1} ends up at {self.board.where(to)}.")

    def _tray_text(self, s: int) -> str:
        tokens = (self.packs[s], self.axes[s], self.saws[s], self.flights[s], self.radios[s])
        return actions.tray_text(self.board, tokens, self.wild[s] >= 0, self.treasures[s])

    def _restore_all(self, s: int) -> None:
        tokens = base_camp.restored(self.rules.tray)
        self.packs[s], self.axes[s], self.saws[s], self.flights[s], self.radios[s] = tokens
        self.saw_kept[s] = 0  # a fresh chainsaw: the half-used one is handed back
        if s == self.seat:
            self.saw_credit = 0

    # ----------------------------------------------------------------------- outcome
    def outcome(self) -> Outcome:
        if not self.terminal:
            raise ValueError("the game is not over")
        scores = self.scores()
        keys = [
            rank_key(
                self.end_reason,
                self.finished[s],
                self.treasures[s],
                tie_break_key(scores[s], *self._resources(s)),
            )
            for s in range(self.n)
        ]
        ranks, shares = rank_by(keys)
        extras = {"x_treasures": tuple(treasures.held(t) for t in self.treasures)}
        extras.update({f"x_{k}": tuple(v) for k, v in self.stats.items()})
        extras["x_moves_to_finish"] = tuple(self.moves_to_finish)
        extras["x_drawn"] = drawn(self.finished)
        return Outcome(scores, ranks, shares, self.turns(), self.end_reason, extras)

    # ----------------------------------------------------------------------- views and copies
    def view(self, seat: int) -> TimberTomView:
        return TimberTomView(
            seat=seat,
            to_move=self.seat,
            phase=PHASE_NAMES[self.phase],
            board=self.board,
            round=self.round,
            treasures_to_win=self.rules.treasures_to_win,
            positions=tuple(self.pos),
            finished=tuple(self.finished),
            trees=bytes(self.trees),
            tree_box=self.box,
            trees_in_hand=self.hand,
            plant_left=self.plant_left,
            supply_packs=tuple(self.packs),
            axes=tuple(self.axes),
            chainsaws=tuple(self.saws),
            heli_flights=tuple(self.flights),
            heli_radios=tuple(self.radios),
            wild_cards=tuple(w >= 0 for w in self.wild),
            treasures=tuple(self.treasures),
            snow_caps_paid=tuple(self.snow_paid),
            one_for_one_used=tuple(self.used141),
            move_start=self.start,
            steps_taken=self.counted,
            allowance=self.allowance,
            die=self.die,
            path=tuple(self.path),
            wild_active=self.wild_active,
            saw_cuts_left=self.saw_credit,
            roll4_open=self.r4_open,
            cards_in_pile=len(self.draw),
            discards=tuple(self.discard),
        )

    def clone(self) -> TimberTomState:
        new = object.__new__(TimberTomState)
        new.__dict__.update(self.__dict__)
        for name in _LISTS:
            setattr(new, name, list(getattr(self, name)))
        new.last_path = [list(p) for p in self.last_path]
        new.trees = bytearray(self.trees)
        new.stats = {k: list(v) for k, v in self.stats.items()}
        new.rng = self.rng.clone()
        new._legal = None if self._legal is None else list(self._legal)
        new._legal_set = None if self._legal_set is None else set(self._legal_set)
        return new

    def sample_hidden(self, seat: int, rng: GameRng) -> TimberTomState:
        """Only the order of the card pile is hidden: reshuffle it."""
        new = self.clone()
        rng.shuffle(new.draw)
        new.rng = GameRng(rng.next64())
        return new

    def action_text(self, action) -> str:
        return actions.describe(self.board, action)

    def invariants(self) -> None:
        invariants.check(self, self.phase == MOVE)


def new_state(rules: Rules, n_players: int, rng: GameRng, log: bool = False) -> TimberTomState:
    """Every hiker on Base Camp with a full tray, the Hiking Cards shuffled; seat 0 leaves first."""
    return TimberTomState(rules, n_players, rng, log)
