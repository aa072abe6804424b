"""Where a move ends, in a turn (B.7, D. Danger Zones, 7. Refuge Huts, 8. Heli-Radios, 9. Helipads,
10. Snow Caps): how the game changes as the hiker to play lands, flies, radios for help, or takes
the card a hot-spot or a Snow Cap offers.

The rules themselves are in landing.py (what a space does), refuges.py, helipads.py and
snow_caps.py; this is the turn's bookkeeping of them, mixed into the game's state (state.py)."""

from __future__ import annotations

from simkit.games.timber_tom import helipads, landing, refuges
from simkit.games.timber_tom.turn_order import FLY, HOTSPOT, S_TREES, SNOW_CARD


class LandingHandlers:
    """The landing and the actions it offers: ``fly``, ``hotspot``, ``radio``, ``draw``.

    Part of the game's state: sets the phase the landing waits in and the trees to plant
    (``planting.plant_left``), moves the hiker by air, restores its tray at a refuge."""

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

    def _free_pads(self) -> list[int]:
        return helipads.free_pads(self.board, self.pos[self.seat], self._occupied(self.seat))

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
