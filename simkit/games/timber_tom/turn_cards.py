"""Hiking Cards in a turn (11. Hiking Cards): how the game changes as a card is drawn and its
effects reach the hikers (trays, next moves, forced moves), and as the drawer plays a Wild card at
once or keeps it.

The rules themselves are in card_effects.py (the pile, who an effect reaches, what it does) and
cards.py (the deck as data); this is the turn's bookkeeping of them, mixed into the game's state
(state.py)."""

from __future__ import annotations

from simkit.games.timber_tom import card_effects as fx
from simkit.games.timber_tom.cards import MOVES_A_HIKER, WILD
from simkit.games.timber_tom.turn_order import MOVE, S_MOVE


class CardHandlers:
    """Drawing a card and its effects, and the ``wild`` action.

    Part of the game's state: draws from ``cards``, changes the trays, next moves and places of
    the hikers a card reaches, and restarts the move for a Wild card played at once."""

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
