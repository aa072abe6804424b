"""Rambling cards in a turn: how the game changes as a Rambler draws (Changes of Weather and the
Heavy Rucksack resolved as they come, the discards shuffled into a new deck) or discards (after
a ride, the Compass' second card, at Lunch and Tea).

The rules themselves are in cards.py (the faces and the deck set-up), weather.py and
rucksack.py; this is the turn's bookkeeping of them, mixed into the game's state (state.py)."""

from __future__ import annotations

from simkit.games.backpacks_and_blisters.cards import RUCKSACK, WEATHER, card_text
from simkit.games.backpacks_and_blisters.day import COMPASS_DISCARD, RIDE_DISCARD, hand_limit
from simkit.games.backpacks_and_blisters.weather import weather_text


class CardHandlers:
    """Drawing, and the ``discard`` action.

    Part of the game's state: changes the hands, the deck and the discards, the weather and the
    Heavy Rucksack (when drawn)."""

    def _hand_limit(self) -> int:
        return hand_limit(self.rules, self.board, self.turn)

    def _draw(self, seat: int) -> int | None:
        """Draw into ``seat``'s hand, resolving Changes of Weather and the Heavy Rucksack."""
        f = self.faces
        while True:
            if not self.deck:
                if not self.discard:
                    return None
                self.deck, self.discard = self.discard, []
                self.rng.shuffle(self.deck)
                self._say("The discards are shuffled into a new Rambling Deck.")
            card = self.deck.pop()
            if f.kind[card] == WEATHER:
                self.weather = self.weather.changed()
                self.discard.append(card)
                self._say(
                    f"Rambler {seat} draws a Change of Weather: now {weather_text(self.weather.raining)}."
                )
                continue
            if f.kind[card] == RUCKSACK:
                self.rucksack = self.rucksack.drawn_by(seat, self.turn)
                self._say(f"Rambler {seat} draws the Heavy Rucksack and must carry it.")
                continue
            self.hands[seat].append(card)
            self.this_turn = self.this_turn._replace(drawn=(*self.this_turn.drawn, card))
            return card

    def _discard(self, card: int) -> None:
        seat = self.cur
        self.hands[seat].remove(card)
        self.discard.append(card)
        self._say(f"Rambler {seat} discards {card_text(self.rules, card)}.")
        if self.phase == RIDE_DISCARD:
            self.this_turn = self.this_turn._replace(ride_discarded=True)
            self._continue_turn()
        elif self.phase == COMPASS_DISCARD:
            self.this_turn = self.this_turn._replace(compass_pair=())
            self._end_turn()
        else:
            self.queue.pop(0)
            if self.queue:
                self.cur = self.queue[0]
            else:
                self._break()
