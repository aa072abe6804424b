"""The Timber Tom forward model: the race from Base Camp to the peaks and back.

This is the game's protocol (legal actions, apply, view, clone, outcome) and its turn flow: a
turn's stages and decision phases, each handed to the module named for its rulebook section
(movement, trees, card_effects, landing, refuges, helipads, snow_caps, treasures, winning). The
state of a turn lives in objects of those modules: the move in progress (``movement.Move``), the
trees on the move and the chainsaw cuts (``trees.Planting``, ``trees.Chainsaw``), the Hiking
Cards (``card_effects.HikingCards``). The actions are listed in actions.py.
"""

from __future__ import annotations

from simkit.core.errors import IllegalAction
from simkit.core.game import Outcome, rank_by
from simkit.core.rng import GameRng
from simkit.games.timber_tom import (
    actions,
    base_camp,
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
# What a move changes of the hikers, saved at its start so that a move given up leaves no trace
# (turn_back); the trees, the trees on the move, the chainsaw and the used cards are saved too.
_MOVE_UNDO = ("pos", "packs", "axes", "saws", "flights", "radios", "wild", "treasures")
_MOVE_UNDO += ("snow_paid", "used141")
# The lists a copy of the game must not share with the original.
_LISTS = (*_MOVE_UNDO, "move_mod", "roll_next", "skip", "finished", "moves_made")
_LISTS += ("moves_to_finish", "last_path", "_events")
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
        camp, n = self.board.camp, n_players
        self.pos = [camp] * n
        self.trees = bytearray(self.board.n_nodes)
        self.planting = tr.Planting(rules.tree_box)
        self.chainsaw = tr.Chainsaw(n, rules.saw_cut_kept)
        self.packs, self.axes, self.saws, self.flights, self.radios = ([0] * n for _ in range(5))
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
        self.last_path = [(camp,)] * n  # each hiker's last move, for forced moves
        self.moves_made = [0] * n
        self.moves_to_finish = [-1] * n
        self.stats = {k: [0] * n for k in STATS}
        self.cards = fx.HikingCards(len(rules.deck) if rules.cards else 0, rng)
        self.round = 0
        self.terminal = False
        self.end_reason = ""
        self._events: list[str] = []
        self._legal: list | None = None
        self._legal_set: set | None = None
        self.ways_home = tr.WaysHome(self.board)
        self.move = movement.Move(camp)
        self._undo: tuple = ()
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

    def _score(self, s: int) -> float:
        return resource_score(self.rules.points, *self._resources(s))

    def _resources(self, s: int) -> tuple[int, int, int, int, int]:
        """What a drawn game counts (13. Scoring a Drawn Game), in its tie-break order."""
        return self.packs[s], self.flights[s], self.radios[s], self.saws[s], self.axes[s]

    # ----------------------------------------------------------------------- turn flow
    def _start_turn(self) -> None:
        s = self.seat
        self.moves_made[s] += 1
        self.move.new_turn()
        self.planting.new_turn()
        if self.pos[s] != self.board.camp and self._ringed(s):
            self.planting.relief_left = self.rules.ring_relief
            self._say(
                f"Hiker {s + 1} is ringed in by trees and may move {self.rules.ring_relief} of "
                "them."
            )
        self.stage = S_RELIEF
        self._advance()

    def _ringed(self, s: int) -> bool:
        return self.ways_home.ringed(self.pos[s], self.trees)

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
        self.chainsaw.take_up(s)  # a cut left from an earlier move (saw_cut_kept)
        self.stage, self.phase = S_MOVE, MOVE
        self._save_move_start()
        rolled = f" (rolled {die})" if die else ""
        if self.log:
            self._say(
                f"Round {self.round + 1}, Hiker {s + 1} at {self.board.where(here)} moves "
                f"{allowance}{rolled}; carries {self._tray_text(s)}."
            )

    def _advance(self) -> None:
        """Go on to the next decision of the current hiker, or end the turn."""
        move, planting = self.move, self.planting
        if self.stage == S_RELIEF:
            if planting.hand:
                self.phase = PLANT
                return
            if planting.relief_left and any(self.trees):
                self.phase = LIFT
                return
            planting.relief_left = 0
            self._begin_move()
            return
        if self.stage == S_AFTER_MOVE:
            if planting.hand:
                self.phase = PLANT
                return
            if move.roll4_open and any(self.trees) and not move.turned_back:
                self.phase = LIFT
                return
            move.roll4_open = False
            if not (move.turned_back or move.cleared_after) and self._clear_after_actions():
                self.phase = CLEAR
                return
            self.stage = S_TREES
            if self._land():
                return
        if self.stage == S_TREES:
            if self.cards.wild_drawn >= 0:
                self.phase = WILD_NOW
                return
            if planting.hand:
                self.phase = PLANT
                return
            if planting.plant_left:
                if planting.box:
                    self.phase = PLANT
                    return
                if tr.uprootable(self.board, self.trees):
                    self.phase = UPROOT
                    return
                self._say("The Tree Box and the high zones are empty: no more trees to plant.")
                planting.plant_left = 0
            self._end_turn()

    def _end_turn(self) -> None:
        seat = self.seat
        self.chainsaw.put_down(seat)
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
        phase, b, s = self.phase, self.board, self.seat
        if phase == MOVE:
            return self._move_actions()
        if phase == LIFT:
            return [("lift", -1)] + [("lift", i) for i in tr.tree_spaces(b, self.trees)]
        if phase == PLANT:
            # -1 only when no space is left: the trees go back to the box
            return [("plant", i) for i in self._plant_spaces()] or [("plant", -1)]
        if phase == UPROOT:
            return [("uproot", i) for i in tr.uprootable(b, self.trees)]
        if phase == FLY:
            return [("fly", -1)] + [("fly", p) for p in self._free_pads()]
        if phase == HOTSPOT:
            acts: list = [("hotspot", "plant")]
            if self.rules.cards and self.cards.left():
                acts.append(("hotspot", "card"))
            if self.radios[s]:
                free = refuges.free_refuges(b, self.pos[s], self._occupied(s))
                acts += [("radio", r) for r in free]
            return acts
        if phase == CLEAR:
            return [("clear", -1, ""), *self._clear_after_actions()]
        if phase == WILD_NOW:
            return [("wild", 1), ("wild", 0)]
        return [("draw", 1), ("draw", 0)]  # SNOW_CARD

    def _plant_spaces(self) -> list[int]:
        s, planting = self.seat, self.planting
        taken = self._occupied(-1)
        if planting.hand:  # a moved tree is replanted elsewhere (3. Rolling 4; 4. rings)
            taken |= set(planting.lifted)
        here = self.pos[s]
        way = None
        if here != self.board.camp and not self.finished[s]:
            way = self.ways_home.way_from(here, self.trees)
        return fast_searches.plant_spaces(self.board, self.trees, taken, here, way)

    def _free_pads(self) -> list[int]:
        return helipads.free_pads(self.board, self.pos[self.seat], self._occupied(self.seat))

    def _move_actions(self) -> list:
        s, b, move = self.seat, self.board, self.move
        here = self.pos[s]
        acts: list = []
        emergency = treasures.emergency_open(
            self.packs[s], self.axes[s], self.saws[s], self.treasures[s]
        )
        if len(move.path) == 1 and emergency:
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
        self.axes[s], self.saws[s], self.chainsaw.cuts = tr.tools_after(
            how, self.axes[s], self.saws[s], self.chainsaw.cuts
        )
        if how == tr.ONE_FOR_ONE:
            bit = 1 << self.board.mountain[nxt]
            self.used141[s] |= bit
            self.move.one_for_one_on(bit)
        if self.log:
            self._say(f"  Hiker {s + 1} clears the tree at {self.board.where(nxt)} ({how}).")

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
            tuple(list(getattr(self, name)) for name in _MOVE_UNDO),
            bytes(self.trees),
            self.planting.copy(),
            self.chainsaw.copy(),
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
        for name, saved in zip(_MOVE_UNDO, lists, strict=True):
            setattr(self, name, list(saved))
        self.trees[:] = trees
        self.planting, self.chainsaw = planting.copy(), chainsaw.copy()
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

    def _land(self) -> bool:
        """The landing space's effect; True when it waits for the hiker's choice."""
        s, b = self.seat, self.board
        here = self.pos[s]
        self.planting.plant_left = 0
        if here == b.camp or self.move.turned_back:
            return False
        kind = landing.effect(
            b, here, not self.move.early, lambda: bool(self.flights[s] and self._free_pads())
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
                self.planting.plant_left = self._draw_card()
        elif kind == landing.SNOW:
            if self.rules.cards and self.cards.left():
                self.phase = SNOW_CARD
                return True
        else:
            self.planting.plant_left = self.tree_value[self.board.zone[here]]
        return False

    def _refuge(self, s: int, here: int) -> None:
        tray = self.rules.tray
        self.packs[s], self.axes[s], what = refuges.restored(
            self.board.feature[here], self.packs[s], self.axes[s], tray.supply_packs, tray.axes
        )
        self._say(f"  Hiker {s + 1} restores {what} at the refuge.")
        self.planting.plant_left = self.tree_value[self.board.zone[here]]

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
        self.planting.plant_left = self._draw_card() if choice == "card" else self.tree_value[zone]
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
        self.planting.plant_left = self._draw_card() if yes else 0
        self._resume()

    def _do_wild(self, now: int) -> None:
        """ "You can use the Wild card to immediately advance 2 extra spaces and remove any trees
        blocking your chosen path - or you can keep it for tougher times" (11. Hiking Cards): used
        now, the move goes on for 2 more spaces from where it landed, and ends (and lands) anew."""
        s, idx = self.seat, self.cards.wild_drawn
        self.cards.wild_drawn = -1
        if not now:
            if self.wild[s] < 0:
                self.wild[s] = idx
            else:  # at most one Wild card per hiker (11. Hiking Cards)
                self.cards.used.append(idx)
            self._advance()
            return
        self.cards.used.append(idx)
        self.move.play_wild(self.pos[s], self.rules.wild_spaces)
        self.planting.plant_left = 0
        self.stage, self.phase = S_MOVE, MOVE
        self._save_move_start()
        self._say(
            f"  Hiker {s + 1} plays the Wild card at once: {self.rules.wild_spaces} more spaces."
        )

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

    # ----------------------------------------------------------------------- cards
    def _draw_card(self) -> int:
        """Draw and resolve a Hiking Card; returns the trees it lets the drawer plant."""
        s = self.seat
        idx = self.cards.take(self.rng)
        if idx < 0:
            return 0
        card = self.rules.deck[idx]
        self.stats["cards_drawn"][s] += 1
        self._say(f"  Hiker {s + 1} draws card {card.number}, {card.name} ({card.kind}).")
        if card.kind == WILD:
            self.cards.wild_drawn = idx  # used at once or kept: the hiker's choice (_do_wild)
            return 0
        effects, face = fx.rolled(card, self.rng)
        if face:
            self._say(f"    the die shows {face}.")
        for eff in effects:
            self._apply_effect(eff)
        self.cards.used.append(idx)
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
            self.move.path if t == self.seat else self.last_path[t],
            self.trees,
            self._occupied(t),
            lambda: self.ways_home.next_home(self.trees),
        )
        if to != where:
            self.pos[t] = to
            self.last_path[t] = (to,)
            if self.log:
                self._say(f"    Hiker {t + 1} ends up at {self.board.where(to)}.")

    def _tray_text(self, s: int) -> str:
        tokens = (self.packs[s], self.axes[s], self.saws[s], self.flights[s], self.radios[s])
        return actions.tray_text(self.board, tokens, self.wild[s] >= 0, self.treasures[s])

    def _restore_all(self, s: int) -> None:
        tokens = base_camp.restored(self.rules.tray)
        self.packs[s], self.axes[s], self.saws[s], self.flights[s], self.radios[s] = tokens
        self.chainsaw.hand_back(s, moving=s == self.seat)

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
        move, planting = self.move, self.planting
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
            tree_box=planting.box,
            trees_in_hand=planting.hand,
            plant_left=planting.plant_left,
            supply_packs=tuple(self.packs),
            axes=tuple(self.axes),
            chainsaws=tuple(self.saws),
            heli_flights=tuple(self.flights),
            heli_radios=tuple(self.radios),
            wild_cards=tuple(w >= 0 for w in self.wild),
            treasures=tuple(self.treasures),
            snow_caps_paid=tuple(self.snow_paid),
            one_for_one_used=tuple(self.used141),
            move_start=move.start,
            steps_taken=move.counted,
            allowance=move.allowance,
            die=move.die,
            path=tuple(move.path),
            wild_active=move.wild_active,
            saw_cuts_left=self.chainsaw.cuts,
            roll4_open=move.roll4_open,
            cards_in_pile=len(self.cards.pile),
            discards=tuple(self.cards.used),
        )

    def clone(self) -> TimberTomState:
        new = object.__new__(TimberTomState)
        mine, copy = self.__dict__, new.__dict__
        copy.update(mine)
        for name in _LISTS:
            copy[name] = mine[name][:]
        new.trees = bytearray(self.trees)
        new.stats = {k: v[:] for k, v in self.stats.items()}
        new.move, new.planting = self.move.copy(), self.planting.copy()
        new.chainsaw, new.cards = self.chainsaw.copy(), self.cards.copy()
        new.rng = self.rng.clone()
        return new  # the legal actions are shared: they are replaced, never changed in place

    def sample_hidden(self, seat: int, rng: GameRng) -> TimberTomState:
        """Only the order of the card pile is hidden: reshuffle it."""
        new = self.clone()
        rng.shuffle(new.cards.pile)
        new.rng = GameRng(rng.next64())
        return new

    def action_text(self, action) -> str:
        return actions.describe(self.board, action)

    def invariants(self) -> None:
        invariants.check(self, self.phase == MOVE)


def new_state(rules: Rules, n_players: int, rng: GameRng, log: bool = False) -> TimberTomState:
    """Every hiker on Base Camp with a full tray, the Hiking Cards shuffled; seat 0 leaves first."""
    return TimberTomState(rules, n_players, rng, log)
