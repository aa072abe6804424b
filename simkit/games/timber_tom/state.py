"""The Timber Tom forward model: the race from Base Camp to the peaks and back.

This is the game's protocol (legal actions, apply, view, clone, outcome) and its dispatcher: the
turn flow, a turn's stages and decision phases (turn_order.py), each action handed to the module
of its rulebook section: turn_moves.py (a move, step by step), turn_trees.py (clearing, lifting,
planting), turn_landing.py (where a move ends), turn_cards.py (Hiking Cards). Those apply the
rules of movement.py, trees.py, landing.py, card_effects.py and the other sections. The state of
a turn lives in objects of those modules: the move in progress (``movement.Move``), the trees on
the move and the chainsaw cuts (``trees.Planting``, ``trees.Chainsaw``), the Hiking Cards
(``card_effects.HikingCards``). The actions are listed in actions.py.
"""

from __future__ import annotations

from simkit.core.errors import IllegalAction
from simkit.core.game import Outcome, rank_by
from simkit.core.rng import GameRng
from simkit.games.timber_tom import (
    actions,
    base_camp,
    evaluation,
    invariants,
    movement,
    refuges,
    treasures,
    turn_order,
)
from simkit.games.timber_tom import card_effects as fx
from simkit.games.timber_tom import trees as tr
from simkit.games.timber_tom.rules import Rules
from simkit.games.timber_tom.scoring import resource_score, tie_break_key
from simkit.games.timber_tom.turn_cards import CardHandlers
from simkit.games.timber_tom.turn_landing import LandingHandlers
from simkit.games.timber_tom.turn_moves import MOVE_UNDO, MoveHandlers
from simkit.games.timber_tom.turn_order import (
    CLEAR,
    FLY,
    HOTSPOT,
    LIFT,
    MOVE,
    PHASE_NAMES,
    PLANT,
    S_AFTER_MOVE,
    S_MOVE,
    S_RELIEF,
    S_TREES,
    UPROOT,
    WILD_NOW,
)
from simkit.games.timber_tom.turn_trees import TreeHandlers
from simkit.games.timber_tom.view import TimberTomView
from simkit.games.timber_tom.winning import drawn, rank_key, round_ends_game

# The lists a copy of the game must not share with the original.
_LISTS = (*MOVE_UNDO, "move_mod", "roll_next", "skip", "finished", "moves_made")
_LISTS += ("moves_to_finish", "last_path", "_events")
# The counts kept per hiker for the result columns.
STATS = ("trees_planted", "trees_cleared", "supply_packs_used", "flights", "cards_drawn")
STATS += ("emergencies",)


class TimberTomState(MoveHandlers, TreeHandlers, LandingHandlers, CardHandlers):
    """One game of Timber Tom in progress (see the module docstring for the actions)."""

    def __init__(self, rules: Rules, n_players: int, rng: GameRng, log: bool = False):
        self.rules, self.n, self.rng, self.log = rules, n_players, rng, log
        self.board = rules.board
        self.move_value, self.tree_value = movement.zone_values(rules.zones)
        camp, n = self.board.camp, n_players
        self.pos = [camp] * n
        self.trees = bytearray(self.board.n_nodes)
        self.planting = tr.Planting(rules.tree_box)
        self.chainsaw = tr.Chainsaw.new(n, rules.saw_cut_kept)
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
        self.chainsaw = self.chainsaw.put_down(seat)
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

    # ----------------------------------------------------------------------- trays
    def _tray_text(self, s: int) -> str:
        tokens = (self.packs[s], self.axes[s], self.saws[s], self.flights[s], self.radios[s])
        return actions.tray_text(self.board, tokens, self.wild[s] >= 0, self.treasures[s])

    def _restore_all(self, s: int) -> None:
        tokens = base_camp.restored(self.rules.tray)
        self.packs[s], self.axes[s], self.saws[s], self.flights[s], self.radios[s] = tokens
        self.chainsaw = self.chainsaw.handed_back(s, moving=s == self.seat)

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
        new.cards = self.cards.copy()  # the chainsaw is shared: it is never changed in place
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
