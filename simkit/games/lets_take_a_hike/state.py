"""The forward model of Let's Take a Hike (rulebook sections cited in the comments).

Decisions are the players' real choices: draw or hike, join, continue or drop out, which card to
discard, which card to take from the hiking pile. Everything the rules force (a lone choice, a
Blister on a unique highest card, a Bear, a bust) the engine does itself.

Discards a player owes are queued as *debts* and settled in order; a debt with a single possible
card is paid by the engine, one with several is a decision of its seat.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from simkit.core.errors import IllegalAction, InvariantError, SimkitError
from simkit.core.game import Outcome, rank_by
from simkit.core.rng import GameRng
from simkit.games.lets_take_a_hike.backpack import Tables, tables
from simkit.games.lets_take_a_hike.cards import Rules


class Phase(IntEnum):
    TURN = 0  # the current player draws a card or takes a hike
    DISCARD = 1  # the current player picks a card to discard (a debt with several choices)
    JOIN = 2  # a player decides whether to join the announced hike
    CONTINUE = 3  # a hiker decides to continue the hike or drop out
    TAKE = 4  # a hiker dropping out picks one Item card from the hiking pile
    OVER = 5


class Debt(IntEnum):
    """Why a player owes discards."""

    OVERFLOW = 0  # more items than the backpack holds: keep as many as can be placed
    RACCOON = 1  # one card of the player's choice
    SKUNK = 2  # two cards of choice (or the only one)
    BLISTER = 3  # the highest-mile card (a choice only among equal highest)
    MILES = 4  # unmatched hiking card: cards worth at least its miles


# Actions: small integers.
DRAW, HIKE, JOIN, STAY_BEHIND, CONTINUE, DROP_OUT = range(6)
DISCARD_BASE = 100  # DISCARD_BASE + t: discard one Item card of type t
TAKE_BASE = 200  # TAKE_BASE + t: score one Item card of type t from the hiking pile

HAZARD_DEBTS = (Debt.RACCOON, Debt.SKUNK, Debt.BLISTER)
FIXED_ACTIONS = {
    DRAW: "draw a card",
    HIKE: "take a hike",
    JOIN: "join the hike",
    STAY_BEHIND: "stay behind",
    CONTINUE: "continue the hike",
    DROP_OUT: "drop out",
}


class View(NamedTuple):
    """What one seat sees: every backpack and the hiking pile are face up; the draw pile order and the
    face-down discard pile are not."""

    seat: int
    phase: Phase
    backpacks: tuple[int, ...]
    scored_miles: tuple[int, ...]
    scored_cards: tuple[int, ...]
    hiking_pile: tuple[int, ...]
    hikers: tuple[int, ...]
    lead_hiker: int
    draw_pile_size: int
    discard_pile_size: int
    debt: tuple[int, int] | None  # (Debt, amount) this seat is paying, if any
    turns: int
    tables: Tables

    @property
    def my_pack(self) -> int:
        return self.backpacks[self.seat]


class State:
    """One game of Let's Take a Hike in progress."""

    def __init__(self, rules: Rules, n_players: int, rng: GameRng, log: bool = False):
        self.rules = rules
        self.t = tables(rules)
        self.n = n_players
        self.rng = rng
        self.log = log
        self.events: list[str] = []
        n = n_players
        self.draw: list[int] = []
        self.discard: list[int] = []
        self.hiking: list[int] = []
        self.packs = [0] * n
        self.scored = [0] * n  # scoring piles, packed like backpacks
        self.scored_miles = [0] * n
        self.scored_cards = [0] * n
        self.hikes_led = [0] * n
        self.hikes_joined = [0] * n
        self.lost_to_hazards = [0] * n
        self.busts = [0] * n
        self.debts: list[list[int]] = []  # [seat, Debt, amount]
        self.choices: list[int] = []  # legal actions of a pending decision
        self.after_debts = self._finish_setup
        self.phase = Phase.TURN
        self.player = 0
        self.turn_seat = 0
        self.turn_count = 0
        self.hikers: list[int] = []
        self.lead = -1
        self.announcer = -1
        self.round_queue: list[int] = []
        self.join_queue: list[int] = []
        self.deck_exhausted = False
        self.no_cards_left = False
        self.end_reason = ""
        self.final_ranks: tuple[int, ...] = ()
        self.drawoff = [False] * n
        # The seats clockwise from each seat, that seat first (shared by clones: never changed).
        self.clockwise = tuple(tuple((lead + i) % n for i in range(n)) for lead in range(n))

    # ----------------------------------------------------------------- setup ("Game Setup")
    def setup(self) -> None:
        t = self.t
        for card, copies in enumerate(t.copies):
            self.draw.extend([card] * copies)
        self.rng.shuffle(self.draw)
        for seat in range(self.n):
            dealt = 0
            while dealt < self.rules.backpack_deal:
                if not self.draw:
                    raise SimkitError(
                        f"not enough Item cards to deal {self.rules.backpack_deal} to "
                        f"{self.n} players; add items or lower backpack_deal"
                    )
                card = self.draw.pop()
                if t.is_item(card):
                    self.packs[seat] += t.unit[card]
                    dealt += 1
                else:  # red Hazard cards dealt at setup are discarded and replaced
                    self.discard.append(card)
            if self.log:
                self._say(f"Seat {seat} is dealt {self._pack_text(self.packs[seat])}")
            # Items that cannot fit are discarded without replacement.
            self.debts.append([seat, Debt.OVERFLOW, 0])
        self._settle()

    def _finish_setup(self) -> None:
        # Once every backpack is set up the discard pile is shuffled back into the draw pile.
        self.draw.extend(self.discard)
        self.discard.clear()
        self.rng.shuffle(self.draw)
        self._start_turn(0)

    # ----------------------------------------------------------------- protocol
    def current_player(self) -> int:
        return self.player

    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    def turns(self) -> int:
        return self.turn_count

    def scores(self) -> tuple[float, ...]:
        return tuple(float(m) for m in self.scored_miles)

    def legal_actions(self) -> list[int]:
        if self.phase == Phase.TURN:
            return [DRAW, HIKE] if self.packs[self.player] else [DRAW]
        if self.phase == Phase.JOIN:
            return [JOIN, STAY_BEHIND]
        if self.phase == Phase.CONTINUE:
            return [DROP_OUT] if self.no_cards_left else [CONTINUE, DROP_OUT]
        if self.phase in (Phase.DISCARD, Phase.TAKE):
            return list(self.choices)
        return []

    def apply(self, action: int) -> None:
        phase = self.phase
        if phase == Phase.OVER:
            raise IllegalAction(self.player, action, "the game is over")
        if not self._is_legal(phase, action):
            raise IllegalAction(self.player, action, f"legal: {self.legal_actions()}")
        seat = self.player
        if phase == Phase.TURN:
            self._draw_a_card(seat) if action == DRAW else self._announce_hike(seat)
        elif phase == Phase.DISCARD:
            self._pay_debt(action - DISCARD_BASE)
            self._settle()
        elif phase == Phase.JOIN:
            self._answer_join(seat, action == JOIN)
        elif phase == Phase.CONTINUE:
            self._answer_continue(seat, action == CONTINUE)
        else:
            self._take(seat, action - TAKE_BASE)
            self._leave_hike(seat)
            self._next_in_round()

    def _is_legal(self, phase: Phase, action: int) -> bool:
        """``action in self.legal_actions()`` without building the list (it runs every action)."""
        if phase == Phase.TURN:
            return action == DRAW or (action == HIKE and self.packs[self.player] != 0)
        if phase == Phase.JOIN:
            return action in (JOIN, STAY_BEHIND)
        if phase == Phase.CONTINUE:
            return action == DROP_OUT or (action == CONTINUE and not self.no_cards_left)
        return action in self.choices

    def action_text(self, action: int) -> str:
        if action in FIXED_ACTIONS:
            return FIXED_ACTIONS[action]
        if DISCARD_BASE <= action < TAKE_BASE:
            return f"discard {self.t.names[action - DISCARD_BASE]}"
        return f"take {self.t.names[action - TAKE_BASE]}"

    def view(self, seat: int) -> View:
        debt = None
        if self.phase == Phase.DISCARD and self.debts and self.debts[0][0] == seat:
            debt = (self.debts[0][1], self.debts[0][2])
        return View(
            seat,
            self.phase,
            tuple(self.packs),
            tuple(self.scored_miles),
            tuple(self.scored_cards),
            tuple(self.hiking),
            tuple(self.hikers),
            self.lead,
            len(self.draw),
            len(self.discard),
            debt,
            self.turn_count,
            self.t,
        )

    def clone(self) -> State:
        other = State.__new__(State)
        other.__dict__.update(self.__dict__)
        for name in (
            "draw",
            "discard",
            "hiking",
            "packs",
            "scored",
            "scored_miles",
            "scored_cards",
            "hikes_led",
            "hikes_joined",
            "lost_to_hazards",
            "busts",
            "choices",
            "hikers",
            "round_queue",
            "join_queue",
            "drawoff",
            "events",
        ):
            setattr(other, name, list(getattr(self, name)))
        other.debts = [list(d) for d in self.debts]
        other.rng = self.rng.clone()
        # Bound methods point at the original; rebind the pending continuation to the copy.
        other.after_debts = getattr(other, self.after_debts.__name__)
        return other

    def sample_hidden(self, seat: int, rng: GameRng) -> State:
        """Redraw what no seat sees: the draw pile's order and which unseen cards are in the discard
        pile (it lies face down), keeping both piles' sizes. The pool is sorted before the shuffle so
        the sample depends on what the seat sees and on ``rng`` only, not on the real order."""
        other = self.clone()
        pool = sorted(other.draw + other.discard)
        rng.shuffle(pool)
        other.draw, other.discard = pool[: len(self.draw)], pool[len(self.draw) :]
        other.rng = GameRng(rng.next64())
        return other

    # ----------------------------------------------------------------- a turn ("Playing the Game")
    def _start_turn(self, seat: int) -> None:
        if self.turn_count >= self.rules.turn_limit:
            self._game_over("turn_limit")
            return
        self.phase, self.player, self.turn_seat = Phase.TURN, seat, seat
        self.after_debts = self._end_turn

    def _end_turn(self) -> None:
        # "Game End": the game ends as soon as the draw pile is used up.
        if not self.draw:
            self._game_over("normal")
        else:
            self._start_turn((self.turn_seat + 1) % self.n)

    def _draw_a_card(self, seat: int) -> None:
        """Option One: draw a card; an Item goes in the backpack, a Hazard strikes the drawer."""
        self.turn_count += 1
        card = self.draw.pop()
        t = self.t
        if self.log:
            self._say(f"Turn {self.turn_count}: seat {seat} draws {t.names[card]}")
        if t.is_item(card):
            self.packs[seat] += t.unit[card]
            self.debts.append([seat, Debt.OVERFLOW, 0])
        else:
            self._hazard(card, [seat], during_hike=False)
            self.discard.append(card)
        self._settle()

    # ----------------------------------------------------------------- hazards ("Hazard Cards")
    def _hazard(self, card: int, seats: list[int], during_hike: bool) -> None:
        t = self.t
        if card == t.bear:
            # The Bear eats every Granola Bar (of every player, or of every hiker on a hike),
            # except from those who carry Bear Spray.
            victims = seats if during_hike else range(self.n)
            for s in victims:
                if t.count(self.packs[s], t.bear_spray):
                    if self.log:
                        self._say(f"  Seat {s}'s Bear Spray keeps the bear off")
                    continue
                eaten = t.count(self.packs[s], t.granola)
                if eaten:
                    self.packs[s] -= eaten * t.unit[t.granola]
                    self.discard.extend([t.granola] * eaten)
                    self.lost_to_hazards[s] += eaten
                    if self.log:
                        self._say(f"  The bear eats seat {s}'s {eaten} Granola Bar(s)")
            return
        for s in seats:
            if not self.packs[s]:
                continue  # an empty backpack ignores Raccoon, Skunk and Blister
            if card == t.raccoon:
                self.debts.append([s, Debt.RACCOON, 1])
            elif card == t.skunk:
                self.debts.append([s, Debt.SKUNK, 2])
            elif t.count(self.packs[s], t.socks):
                if self.log:
                    self._say(f"  Seat {s}'s Socks prevent the blister")
            else:
                self.debts.append([s, Debt.BLISTER, 0])

    # ----------------------------------------------------------------- debts
    def _debt_choices(self, seat: int, kind: int, amount: int) -> list[int]:
        """The item types the seat may discard for this debt (empty: the debt is paid)."""
        t, pack = self.t, self.packs[seat]
        if kind == Debt.OVERFLOW:
            return [] if t.fits(pack) else t.keepable_discards(pack)
        if kind == Debt.BLISTER:
            types = t.types_in(pack)
            top = max((t.miles[x] for x in types), default=0)
            return [x for x in types if t.miles[x] == top]
        return t.types_in(pack) if amount > 0 else []

    def _settle(self) -> None:
        """Pay queued debts; stop at the first that needs a decision, else go on with the game."""
        while self.debts:
            seat, kind, amount = self.debts[0]
            choices = self._debt_choices(seat, kind, amount)
            if not choices:
                self.debts.pop(0)
            elif len(choices) == 1:
                self._pay_debt(choices[0])
            else:
                self.phase, self.player = Phase.DISCARD, seat
                self.choices = [DISCARD_BASE + c for c in choices]
                return
        self.after_debts()

    def _pay_debt(self, item: int) -> None:
        debt = self.debts[0]
        seat, kind = debt[0], debt[1]
        t = self.t
        self.packs[seat] -= t.unit[item]
        self.discard.append(item)
        if kind in HAZARD_DEBTS:
            self.lost_to_hazards[seat] += 1
        if kind == Debt.MILES:
            debt[2] -= t.miles[item]
        elif kind in (Debt.RACCOON, Debt.SKUNK):
            debt[2] -= 1
        elif kind == Debt.BLISTER:
            debt[2] = -1
            self.debts.pop(0)
        if self.log:
            self._say(f"  Seat {seat} discards {t.names[item]} ({kind.name.lower()})")

    # ----------------------------------------------------------------- hikes ("Option Two")
    def _announce_hike(self, seat: int) -> None:
        self.turn_count += 1
        self.hikes_led[seat] += 1
        self.announcer = self.lead = seat
        self.hikers = [seat]
        if self.log:
            self._say(f"Turn {self.turn_count}: seat {seat} takes a hike as Lead Hiker")
        # The others may join, clockwise from the Lead Hiker, if their backpack is not empty.
        self.join_queue = [
            s for s in ((seat + i) % self.n for i in range(1, self.n)) if self.packs[s]
        ]
        self._next_joiner()

    def _next_joiner(self) -> None:
        if self.join_queue:
            self.phase, self.player = Phase.JOIN, self.join_queue[0]
        else:
            self._turn_up()

    def _answer_join(self, seat: int, joins: bool) -> None:
        self.join_queue.pop(0)
        if joins:
            self.hikers.append(seat)
            self.hikes_joined[seat] += 1
            if self.log:
                self._say(f"  Seat {seat} joins the hike")
        self._next_joiner()

    def _clockwise_from_lead(self) -> list[int]:
        hikers = self.hikers
        return [s for s in self.clockwise[self.lead] if s in hikers]

    def _turn_up(self) -> None:
        """Step 1 of a hike: the Lead Hiker turns up the next card onto the hiking pile."""
        if not self.draw:
            if not self.discard:
                # Assumed (the rulebook is silent): with no card left anywhere the hike cannot go
                # on, so every remaining hiker drops out in turn from the Lead Hiker.
                self.no_cards_left = True
                self._say("  No cards are left to turn up: every hiker must drop out")
                self._start_round()
                return
            # "Game End": the draw pile ran out during the hike; the discards finish it.
            self.draw, self.discard = self.discard, []
            self.rng.shuffle(self.draw)
            self._say("  The discard pile is reshuffled to finish the hike")
        card = self.draw.pop()
        if not self.draw:
            self.deck_exhausted = True
        self.hiking.append(card)
        t = self.t
        order = self._clockwise_from_lead()
        if self.log:
            self._say(f"  Seat {self.lead} turns up {t.names[card]}")
        if t.is_item(card):
            for s in order:
                self._meet_item(s, card)
        else:
            self._hazard(card, order, during_hike=True)
        self.after_debts = self._after_card
        self._settle()

    def _meet_item(self, seat: int, card: int) -> None:
        """Step 2: a hiker with the matching item is safe; others discard at least its miles."""
        t = self.t
        pack = self.packs[seat]
        if t.count(pack, card):
            return
        need = t.miles[card]
        if t.total_miles(pack) < need:
            # Not enough miles in the whole backpack: discard everything, out without scoring.
            for item in t.types_in(pack):
                self.discard.extend([item] * t.count(pack, item))
            self.packs[seat] = 0
            self.busts[seat] += 1
            if self.log:
                self._say(f"  Seat {seat} cannot cover {need} miles: discards everything")
        else:
            self.debts.append([seat, Debt.MILES, need])

    def _after_card(self) -> None:
        # Hikers with an empty backpack must drop out and score nothing.
        for s in self._clockwise_from_lead():
            if not self.packs[s]:
                if self.log:
                    self._say(f"  Seat {s} has an empty backpack and drops out without scoring")
                self._leave_hike(s)
        self._start_round()

    def _start_round(self) -> None:
        """Step 3: each hiker from the Lead Hiker clockwise continues or drops out."""
        self.round_queue = self._clockwise_from_lead()
        self._next_in_round()

    def _next_in_round(self) -> None:
        if self.round_queue:
            self.phase, self.player = Phase.CONTINUE, self.round_queue[0]
        elif self.hikers:
            self._turn_up()
        else:
            self._end_hike()

    def _answer_continue(self, seat: int, goes_on: bool) -> None:
        self.round_queue.pop(0)
        if goes_on:
            self._next_in_round()
            return
        if self.log:
            self._say(f"  Seat {seat} drops out")
        t = self.t
        items = sorted({c for c in self.hiking if t.is_item(c)})
        if len(self.hikers) == 1:
            # The last hiker to drop out collects every Item card left on the hiking pile.
            for card in [c for c in self.hiking if t.is_item(c)]:
                self._take(seat, card)
        elif len(items) == 1:
            self._take(seat, items[0])
        elif items:
            self.phase, self.player = Phase.TAKE, seat
            self.choices = [TAKE_BASE + c for c in items]
            return
        self._leave_hike(seat)
        self._next_in_round()

    def _take(self, seat: int, card: int) -> None:
        self.hiking.remove(card)
        self.scored[seat] += self.t.unit[card]
        self.scored_miles[seat] += self.t.miles[card]
        self.scored_cards[seat] += 1
        if self.log:
            self._say(f"  Seat {seat} scores {self.t.names[card]} ({self.t.miles[card]} mi)")

    def _leave_hike(self, seat: int) -> None:
        i = self.hikers.index(seat)
        self.hikers.pop(i)
        if seat in self.round_queue:
            self.round_queue.remove(seat)
        if seat == self.lead and self.hikers:
            # The next remaining hiker clockwise becomes Lead Hiker.
            self.lead = min(self.hikers, key=lambda s: (s - seat) % self.n)
            if self.log:
                self._say(f"  Seat {self.lead} becomes Lead Hiker")

    def _end_hike(self) -> None:
        self.discard.extend(self.hiking)
        self.hiking.clear()
        self.lead = -1
        self.no_cards_left = False
        self._say("  The hike is over; the hiking pile is discarded")
        if self.deck_exhausted or not self.draw:
            self._game_over("normal")
        else:
            # Play passes to the left of the original Lead Hiker.
            self._start_turn((self.announcer + 1) % self.n)

    # ----------------------------------------------------------------- the end ("Game End")
    def _game_over(self, reason: str) -> None:
        self.phase, self.end_reason, self.player = Phase.OVER, reason, -1
        keys = [(self.scored_miles[s], self.scored_cards[s]) for s in range(self.n)]
        ranks = list(rank_by(keys)[0])
        top = [s for s in range(self.n) if ranks[s] == 1]
        if len(top) > 1 and reason == "normal":
            self._skunk_drawoff(top, ranks)
        self.final_ranks = tuple(ranks)
        if self.log:
            self._say(f"Game over ({reason}): miles {self.scored_miles}, ranks {self.final_ranks}")

    def _skunk_drawoff(self, tied: list[int], ranks: list[int]) -> None:
        """Still tied on miles and cards: the tied players draw in turn, clockwise, from the
        reshuffled discard pile; whoever draws a Skunk loses and leaves the draw-off, which goes
        on until one player is left. The drawn cards are reshuffled if the pile runs out. Who draws
        first is ``Rules.drawoff_first`` (the rulebook names no one)."""
        pile = self.discard + self.draw + self.hiking
        if self.t.skunk not in pile:
            return  # no Skunk in the game: the tied players share the win
        for s in tied:
            self.drawoff[s] = True
        remaining = list(tied)
        order: list[int] = []
        deck: list[int] = []
        # The lowest tied seat first would favour low seats in every draw-off; a random first
        # drawer (from the engine's seeded stream) makes the draw-off fair.
        turn = self.rng.below(len(tied)) if self.rules.drawoff_first == "random" else 0
        while len(remaining) > 1:
            if not deck:
                deck = list(pile)
                self.rng.shuffle(deck)
            seat = remaining[turn % len(remaining)]
            if deck.pop() == self.t.skunk:
                if self.log:
                    self._say(f"  Draw-off: seat {seat} draws the Skunk and loses")
                remaining.remove(seat)
                order.append(seat)
            else:
                turn += 1
        # The winner keeps rank 1; the others rank behind in reverse order of elimination.
        for place, seat in enumerate(reversed(order), start=2):
            ranks[seat] = place

    def outcome(self) -> Outcome:
        if self.phase != Phase.OVER:
            raise SimkitError("the game is not over")
        ranks = self.final_ranks
        winners = ranks.count(1)
        shares = tuple(1.0 / winners if r == 1 else 0.0 for r in ranks)
        return Outcome(
            scores=self.scores(),
            ranks=ranks,
            win_shares=shares,
            turns=self.turn_count,
            end_reason=self.end_reason,
            extras={
                "x_cards_scored": tuple(self.scored_cards),
                "x_hikes_led": tuple(self.hikes_led),
                "x_hikes_joined": tuple(self.hikes_joined),
                "x_cards_lost_to_hazards": tuple(self.lost_to_hazards),
                "x_busts": tuple(self.busts),
                "x_backpack_miles": tuple(self.t.total_miles(p) for p in self.packs),
                "x_drawoff": tuple(self.drawoff),
            },
        )

    # ----------------------------------------------------------------- checks and words
    def invariants(self) -> None:
        t = self.t
        held = [0] * len(t.copies)
        for pile in (self.draw, self.discard, self.hiking):
            for card in pile:
                held[card] += 1
        for pack in (*self.packs, *self.scored):
            for item, c in enumerate(t.counts(pack)):
                held[item] += c
        if tuple(held) != t.copies:
            raise InvariantError(f"cards not conserved: {held} != {list(t.copies)}")
        overflowing = {d[0] for d in self.debts if d[1] == Debt.OVERFLOW}
        for s, pack in enumerate(self.packs):
            if pack < 0 or any(c < 0 for c in t.counts(pack)):
                raise InvariantError(f"seat {s} has a negative backpack")
            if s not in overflowing and not t.fits(pack):
                raise InvariantError(f"seat {s}'s backpack does not fit: {self._pack_text(pack)}")
            if t.size(pack) > 8:
                raise InvariantError(f"seat {s} holds {t.size(pack)} cards")
            if self.scored_miles[s] != sum(
                c * m for c, m in zip(t.counts(self.scored[s]), t.miles, strict=True)
            ):
                raise InvariantError(f"seat {s}'s score is not the miles of its scoring pile")
        if self.phase in (Phase.CONTINUE, Phase.TAKE, Phase.JOIN) and self.lead not in self.hikers:
            raise InvariantError("the Lead Hiker is not on the hike")
        if self.phase != Phase.OVER and not self.legal_actions():
            raise InvariantError("no legal action before the end")

    def _pack_text(self, pack: int) -> str:
        t = self.t
        parts = [f"{t.count(pack, i)}x {t.names[i]}" for i in t.types_in(pack)]
        return ", ".join(parts) or "nothing"

    def _say(self, line: str) -> None:
        # Callers check ``self.log`` first, so that a batch run never builds the strings.
        if self.log:
            self.events.append(line)


def new_state(rules: Rules, n_players: int, rng: GameRng, log: bool = False) -> State:
    state = State(rules, n_players, rng, log)
    state.setup()
    return state
