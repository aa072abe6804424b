"""Trees (4. Tree Planting, 5. Tree Clearing): where a tree may be planted, which trees may be
taken when the Tree Box is empty, the ways a tree on the trail can be cleared, and the rule that
no hiker may ring itself in.

The functions take the board, the trees (one byte per node) and the few facts they need, never
the whole game."""

from __future__ import annotations

from typing import NamedTuple

from simkit.games.timber_tom import board as bd

# The ways a tree on the next space can be cleared (the ``how`` of a step action).
AXE, SAW, ONE_FOR_ONE, WILD, ROLL4 = "axe", "saw", "141", "wild", "roll4"


def searches():
    """The compiled searches (``fast_searches``), imported at the first search: numba costs some
    115 MB, which a command that plays no game (``simkit report``) need not pay."""
    from simkit.games.timber_tom import fast_searches  # noqa: PLC0415

    return fast_searches


def tree_spaces(board: bd.Board, trees) -> list[int]:
    """Every space with a tree (what a ringed-in hiker or a Rolling 4 may lift)."""
    return [i for i in board.plantable_spaces if trees[i]]


def uprootable(board: bd.Board, trees) -> list[int]:
    """Trees a planter may take when the Tree Box is empty: "from ANY of the brown 1500 zones
    ... If the 1500 zones become void of trees then use trees from the 1000 zone below"."""
    for zone in (bd.Z1500, bd.Z1000):
        found = [i for i in board.plantable_in_zone[zone] if trees[i]]
        if found:
            return found
    return []


def one_for_one_open(used: int, this_move: int, mountain: int) -> bool:
    """The One-for-One rule is usable "only ONCE on EACH mountain": open on a mountain not yet
    used, or on the one this very move is using it on (bits by mountain)."""
    bit = 1 << mountain
    return bool(this_move & bit or not used & bit)


def clearing_ways(
    *,
    wild_active: bool,
    roll4_open: bool,
    axes: int,
    saw_ready: bool,
    one_for_one: bool,
) -> list[str]:
    """How a tree on the next space can be cleared with what the hiker holds (5. Tree Clearing):
    a Wild card in play clears its path for free; else the Rolling-4 tree, an axe, a chainsaw
    cut, or a point of the move by One-for-One."""
    if wild_active:
        return [WILD]
    ways = []
    if roll4_open:
        ways.append(ROLL4)
    if axes:
        ways.append(AXE)
    if saw_ready:
        ways.append(SAW)
    if one_for_one:
        ways.append(ONE_FOR_ONE)
    return ways


def clear_after_actions(board: bd.Board, here: int, trees, axes: int, saw_ready: bool) -> list:
    """Trees next to the hiker it may still clear with an axe or a chainsaw once its move has
    ended: "trees can be cleared ... at any time before, during or immediately after YOU move"
    (5. Tree Clearing)."""
    tools = clearing_ways(
        wild_active=False, roll4_open=False, axes=axes, saw_ready=saw_ready, one_for_one=False
    )
    if not tools:
        return []
    return [
        ("clear", nxt, how)
        for nxt, _ in board.steps[here]
        if nxt != board.camp and trees[nxt]
        for how in tools
    ]


def tools_after(how: str, axes: int, saws: int, saw_cuts: int) -> tuple[int, int, int]:
    """(axes, chainsaws, chainsaw cuts left) after clearing a tree ``how``: "1 Axe removes 1 tree
    ... 1 Chainsaw removes 2 trees", so a chainsaw's second cut is left over for the next tree."""
    if how == AXE:
        return axes - 1, saws, saw_cuts
    if how == SAW:
        if saw_cuts:
            return axes, saws, saw_cuts - 1
        return axes, saws - 1, 1
    return axes, saws, saw_cuts


class Planting:
    """The trees on the move (4. Tree Planting; 3. Rolling 4; 4. Rings of trees): the Tree Box,
    the trees in hand (lifted to be replanted elsewhere) and the spaces they came from, the trees
    the landing lets the hiker plant, and the trees a ringed-in hiker may still move."""

    __slots__ = ("box", "hand", "lifted", "plant_left", "relief_left")

    def __init__(self, box: int):
        self.box = box
        self.hand = 0
        self.lifted: list[int] = []
        self.plant_left = self.relief_left = 0

    def new_turn(self) -> None:
        self.plant_left = self.hand = 0
        self.lifted.clear()

    def lift(self, trees: bytearray, space: int) -> None:
        """A tree taken into hand, to be replanted elsewhere (never back where it stood)."""
        trees[space] = 0
        self.hand += 1
        self.lifted.append(space)

    def uproot(self, trees: bytearray, space: int) -> None:
        """A tree taken from the high zones for one of the trees to plant (the box is empty)."""
        self.lift(trees, space)
        self.plant_left -= 1

    def clear(self, trees: bytearray, space: int) -> None:
        """ "Once trees have been removed from the game board, place them back in the tree box"."""
        trees[space] = 0
        self.box += 1

    def plant(self, trees: bytearray, space: int) -> None:
        """One tree planted: a tree in hand first, else one from the Tree Box."""
        if self.hand:
            self.hand -= 1
            if not self.hand:
                self.lifted.clear()
        else:
            self.box -= 1
            self.plant_left -= 1
        trees[space] = 1

    def back_to_box(self) -> None:
        """The trees in hand go back to the Tree Box (no space left, or home: 13. NOTE)."""
        self.box += self.hand
        self.hand = 0
        self.lifted.clear()

    def copy(self) -> Planting:
        new = object.__new__(Planting)
        new.box, new.hand, new.lifted = self.box, self.hand, list(self.lifted)
        new.plant_left, new.relief_left = self.plant_left, self.relief_left
        return new


class Chainsaw(NamedTuple):
    """The chainsaw cuts (5. Tree Clearing: "1 Chainsaw removes 2 trees"): the cut left in the
    saw of the hiker moving, and the one each hiker keeps for a later move while ``keep``
    (``saw_cut_kept``); otherwise the second cut is lost at the end of the move. Never changed
    in place (copies of a game share it): each change is a new one."""

    keep: bool
    cuts: int
    kept: tuple[int, ...]

    @classmethod
    def new(cls, n_players: int, keep: bool) -> Chainsaw:
        return cls(keep, 0, (0,) * n_players)

    def ready(self, saws: int) -> bool:
        return bool(self.cuts or saws)

    def taken_up(self, seat: int) -> Chainsaw:
        """At the start of a move: the cut kept from an earlier move."""
        cuts = self.kept[seat] if self.keep else 0
        return self._replace(cuts=cuts, kept=_put(self.kept, seat, 0))

    def put_down(self, seat: int) -> Chainsaw:
        """At the end of the turn: the unused second cut kept, or lost."""
        kept = self.cuts if self.keep else 0
        return self._replace(cuts=0, kept=_put(self.kept, seat, kept))

    def handed_back(self, seat: int, moving: bool) -> Chainsaw:
        """A fresh chainsaw at Base Camp: the half-used one is handed back."""
        return self._replace(cuts=0 if moving else self.cuts, kept=_put(self.kept, seat, 0))


def _put(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    return (*values[:seat], value, *values[seat + 1 :])


class WaysHome:
    """The free ways to Base Camp for the trees as they stand ("Rings of trees", 4. Tree
    Planting), kept until a tree moves: a hiker plants several trees in a row and most of them
    change nothing. The cache is keyed by the trees, so copies of a game may share it."""

    def __init__(self, board: bd.Board):
        self.board = board
        self._key: bytes = b""
        self._next: list[int] = []
        self._way: list[int] = []

    def next_home(self, trees) -> list[int]:
        """Each node's next node on a shortest free way home, -1 when trees ring it in."""
        key = bytes(trees)
        if self._key != key:
            self._key, self._next = key, searches().ways_home(self.board, trees)
        return self._next

    def ringed(self, here: int, trees) -> bool:
        if self._key == bytes(trees):
            return self._next[here] < 0
        return not searches().reaches_home(self.board, here, trees)

    def way_from(self, here: int, trees) -> list[int] | None:
        """A free way from ``here`` home (without its ends), kept while no tree falls on it."""
        if self._way and self._way[0] == here and not any(trees[i] for i in self._way):
            return self._way[1:]
        nxt_home = self.next_home(trees)
        if nxt_home[here] < 0:
            return None
        way = [here]
        while way[-1] != self.board.camp:
            way.append(nxt_home[way[-1]])
        self._way = way[:-1]
        return self._way[1:]


def plant_spaces(
    board: bd.Board, trees: bytearray, taken: set[int], here: int, way: list[int] | None
) -> list[int]:
    """Where the planter may put a tree: a free plantable space not ``taken`` (by a hiker, or the
    space a moved tree came from), and never one that rings the planter in ("You cannot block
    your own hiker"). Only a space on the planter's one free ``way`` home can close it, so only
    those are tested; ``way`` None (at Base Camp, home, or already ringed): no test.

    The game plays :func:`fast_searches.plant_spaces`, this search compiled; this one is the
    reference it is tested against."""
    spaces = [i for i in board.plantable_spaces if not trees[i] and i not in taken]
    if way is None:
        return spaces
    closing = set()
    ahead = {board.camp}
    for k in range(len(way) - 1, -1, -1):
        i = way[k]
        if not (trees[i] or not board.plantable[i] or i in taken) and not (
            board.cannot_cut(i, trees)
        ):
            trees[i] = 1
            if not finds_way(board, trees, here, ahead):
                closing.add(i)
            trees[i] = 0
        ahead.add(i)
    return [i for i in spaces if i not in closing]


def finds_way(board: bd.Board, trees, here: int, ahead: set[int]) -> bool:
    """Whether ``here`` reaches a space of ``ahead`` (the rest of a free way home) between the
    trees: usually a short detour, so the search stops long before covering the board."""
    seen = bytearray(trees)  # a tree is never entered: as good as seen already
    seen[here] = 1
    frontier = [here]
    neighbours = board.neighbours
    while frontier:
        later = []
        for node in frontier:
            for other in neighbours[node]:
                if seen[other]:
                    continue
                if other in ahead:
                    return True
                seen[other] = 1
                later.append(other)
        frontier = later
    return False
