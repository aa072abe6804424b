"""The afternoon (Actions / Afternoon; Hiking Along the Trail; Campfires): what a hiker may do
where it stands, and what arriving, campfires and completing the hike give, as functions of the
pieces each rule needs; :class:`Afternoon` is the afternoon in progress, whose handlers take the
game ``g`` for the pieces they change."""

from __future__ import annotations

from simkit.games.hike_it import hiker_box, side_hikes, turn_order
from simkit.games.hike_it.board import Board
from simkit.games.hike_it.data import GEAR_TYPES, ITEMS, WATER_ITEM
from simkit.games.hike_it.phases import END_TURN, EVENING, FINISHED


def hikes(board: Board, here: int, passive_bears) -> list[tuple]:
    """One action hikes to an adjacent space: "You may not share a space with - or move through -
    a passive BEAR MEEPLE" (aggressive bears do not block: they maul)."""
    return [("hike", s) for s in board.adj[here] if s not in passive_bears]


def at_water_source(can_collect: bool, stored: list[int]) -> list[tuple]:
    """At a water source: collect a water tile (one action, a free storage space, the region's
    supply not empty) and dump one."""
    out: list[tuple] = [("water",)] if can_collect else []
    if stored[WATER_ITEM]:
        out.append(("dump", WATER_ITEM))
    return out


def at_campsite(
    box: list[list[int]], bag: list[int], actions: int, room: bool, stored: list[int]
) -> list[tuple]:
    """At a campsite: gear from the hiker box (an action per tile dug through) or a blind draw
    from the gear bag (one action), given a free storage space; dumping gear into the box."""
    out: list[tuple] = []
    if room:
        costs = hiker_box.gear_costs(box, GEAR_TYPES)
        out += [("gear", t) for t, c in enumerate(costs) if c and c <= actions]
        if bag and actions >= 1:
            out.append(("bag",))
    out += [("dump", t) for t in range(GEAR_TYPES) if stored[t]]
    return out


def may_build_campfire(camped: bool, fire_here: int, built: int, allowed: int) -> bool:
    """A campfire at a campsite without one (``fire_here``: its builder, -1 none), at most
    ``allowed`` a hike, once a day (building one ends the hiking: ``camped``)."""
    return not camped and fire_here < 0 and built < allowed


def campfire_bonus(bonuses: tuple[tuple[int, int], ...], built: int) -> tuple[int, int]:
    """What the next campfire gives after ``built`` ones: (skill cards picked, health)."""
    return bonuses[built]


def trailhead_bonus(tiles: tuple[int, ...], arrivals: int) -> int:
    """The bonus tile of the hiker completing the hike after ``arrivals`` others (0 once the
    tiles for the player count are gone)."""
    return tiles[arrivals] if arrivals < len(tiles) else 0


class Afternoon:
    """The afternoon of a hiker's turn: the actions left, whether a campfire ended the hiking,
    and what the turn gained for the "during your turn" side hikes (miles hiked, water and gear
    tiles acquired: collected, drawn, traded or from the evening's trail card)."""

    __slots__ = ("actions", "camped", "miles_today", "water_today", "gear_today")
    HANDLES = ("end", "hike", "water", "gear", "bag", "dump", "recycle", "campfire", "turn_order")

    def __init__(self) -> None:
        self.actions = 0
        self.camped = False
        self.miles_today = 0
        self.water_today = 0
        self.gear_today = 0

    def clone(self) -> Afternoon:
        c = Afternoon.__new__(Afternoon)
        c.actions, c.camped, c.miles_today = self.actions, self.camped, self.miles_today
        c.water_today, c.gear_today = self.water_today, self.gear_today
        return c

    def legal(self, g, seat: int) -> list[tuple]:
        b, here, st, r = g.board, g.pos[seat], g.storage[seat], g.rules
        out: list[tuple] = [("end",)]
        room = g.tiles(seat) < r.storage
        if self.actions >= 1 and not self.camped:
            out += hikes(b, here, () if g.aggressive else g.bear_pos)
        if b.is_water(here):
            supply = g.water_supply[b.park.region[here]]
            out += at_water_source(room and self.actions >= 1 and supply > 0, st)
        if b.is_campsite(here):
            out += at_campsite(g.box, g.bag, self.actions, room, st)
            used, fire_here = g.campfires_used[seat], g.campfire_at[here]
            if may_build_campfire(self.camped, fire_here, used, r.campfires):
                out.append(("campfire",))
            if (
                self.camped
                and r.turn_order == "track"
                and self.actions >= 1
                and turn_order.can_move_up(g.bottom_row, seat)
            ):
                out.append(("turn_order",))
            if r.optional_recycle and hiker_box.can_recycle(g.box):
                out.append(("recycle",))
        out += g.set_actions(seat)
        out += g.offers.trade_actions(g, seat)
        out += g.bear_turn.paw_shoos(g, seat)
        return out

    def do_end(self, g, seat: int) -> None:
        g.record(f"{g.who(seat)} ends the afternoon at {g.space_name(g.pos[seat])}")
        g.stage = EVENING

    def do_hike(self, g, seat: int, space: int) -> None:
        self.actions -= 1
        self.miles_today += 1
        g.pos[seat] = space
        if g.log:
            g.record(f"{g.who(seat)} hikes to {g.space_name(space)}")
        if g.aggressive and space in g.bear_pos:
            g.record(f"{g.who(seat)} walks through an aggressive bear")
            g.bear_turn.hurt(g, seat)
            if not g.in_park(seat):
                g.stage = END_TURN
                return
        self.arrive(g, seat, space)

    def arrive(self, g, seat: int, space: int) -> None:
        """Free pickups the rules allow on arrival: the scenic token and one's own waypoint."""
        if g.waypoint_owner[space] == seat:
            g.waypoint_owner[space] = -1
            g.claimed[seat] += 1
            g.record(
                f"{g.who(seat)} claims waypoint {g.space_name(space)} "
                f"({g.claimed[seat]} of {g.rules.waypoints})"
            )
            if g.claimed[seat] == g.rules.waypoints:
                held, n_easy = g.side_hand[seat], g.n_easy
                owed = tuple(v for v in (False, True) if side_hikes.must_choose(held, n_easy, v))
                g.owed.keep_values = owed
        if g.scenic_on[space]:
            g.scenic_on[space] = False
            g.scenic[seat].append(space)
        if space == g.home[seat] and g.claimed[seat] == g.rules.waypoints:
            self.finish(g, seat)

    def finish(self, g, seat: int) -> None:
        """Completing the hike: the bonus tile, out of the park, and every bear turns aggressive."""
        g.status[seat] = FINISHED
        g.finish_health[seat] = g.health[seat]
        side_hikes.check(g, seat, end_of_turn=False)
        if g.rules.trailhead_bonus:
            tiles = g.rules.decks.trailhead_bonuses[g.n]
            g.bonus[seat] = trailhead_bonus(tiles, g.arrivals)
        g.arrivals += 1
        g.pos[seat] = -1
        g.days_out[seat] = g.day + 1
        g.record(f"{g.who(seat)} completes the hike (arrival {g.arrivals}, bonus {g.bonus[seat]})")
        if not g.aggressive:
            g.aggressive = True
            g.record("all bears turn aggressive")
        g.stage = END_TURN  # no trail card on the day of return

    def gain_tile(self, storage: list[int], item: int) -> None:
        """A tile acquired during one's turn (collected, drawn, or a trail card's bonus)."""
        storage[item] += 1
        if item == WATER_ITEM:
            self.water_today += 1
        else:
            self.gear_today += 1

    def do_water(self, g, seat: int) -> None:
        g.water_supply[g.region_of(seat)] -= 1
        g.storage[seat][WATER_ITEM] += 1
        self.actions -= 1
        self.water_today += 1
        g.record(f"{g.who(seat)} collects water at {g.space_name(g.pos[seat])}")

    def do_gear(self, g, seat: int, t: int) -> None:
        spent, recycled = hiker_box.take(g.box, g.bag, g.rng, t)
        if recycled:
            g.record("the hiker box is recycled")
        self.actions -= spent
        g.storage[seat][t] += 1
        self.gear_today += 1
        g.record(f"{g.who(seat)} takes {ITEMS[t]} from the hiker box")
        g.forced_recycle()

    def do_bag(self, g, seat: int) -> None:
        t = hiker_box.draw(g.bag, g.rng)
        g.storage[seat][t] += 1
        self.actions -= 1
        self.gear_today += 1
        g.record(f"{g.who(seat)} draws {ITEMS[t]} from the gear bag")

    def do_dump(self, g, seat: int, item: int) -> None:
        g.drop_tile(seat, item)
        g.record(f"{g.who(seat)} dumps {ITEMS[item]}")

    def do_recycle(self, g, seat: int) -> None:
        hiker_box.recycle(g.box, g.bag, g.rng)
        g.record("the hiker box is recycled")

    def do_campfire(self, g, seat: int) -> None:
        here = g.pos[seat]
        skills, health = campfire_bonus(g.rules.campfire_bonus, g.campfires_used[seat])
        g.campfire_at[here] = seat
        g.campfires_used[seat] += 1
        self.camped = True
        g.owed.skill_picks += skills
        g.change_health(seat, health)
        g.record(f"{g.who(seat)} builds campfire {g.campfires_used[seat]} at {g.space_name(here)}")

    def do_turn_order(self, g, seat: int) -> None:
        self.actions -= 1
        turn_order.move_up(g.bottom_row, seat)
        g.record(f"{g.who(seat)} moves up the turn order track: {g.bottom_row}")
