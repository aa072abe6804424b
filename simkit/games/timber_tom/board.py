"""The mountain board: a pegboard read from a text map, one character per hole, with a legend.

Holes are numbered ``row * cols + col``. Base Camp's six spaces form one free-movement node,
:data:`CAMP` positions aside (``board.camp``), because moving inside Base Camp costs nothing and a
move out of it may start from any space next to it. Every table a move needs (steps, tailwinds,
zones, mountains, where trees may grow) is computed once per board.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from simkit.core.errors import DataError
from simkit.core.rules import load_toml

BASE_CAMP_SPACES = 6  # "any of the 6 central Base Camp spaces" (A. To start the game)

# Zone codes. The order matters only for names; danger zones are FLOOD and SNOW.
BASE, Z250, Z500, Z1000, Z1500, FLOOD, SNOW, WATER, VOID = range(9)
ZONE_NAMES = ("base", "250", "500", "1000", "1500", "flood", "snow", "water", "void")
TREE_ZONES = (Z250, Z500, Z1000, Z1500)

# Feature codes.
PLAIN, TREASURE, BRIDGE, JETTY, CANOE, REFUGE_AXES, REFUGE_SUPPLIES, HELIPAD, RADIO = range(9)
FEATURE_NAMES = (
    "",
    "treasure",
    "bridge",
    "jetty",
    "canoe",
    "refuge_axes",
    "refuge_supplies",
    "helipad",
    "radio",
)
REFUGES = (REFUGE_AXES, REFUGE_SUPPLIES)
# Features that a move must end on exactly, after the full distance (Moving Rule 7).
LANDING_FEATURES = (REFUGE_AXES, REFUGE_SUPPLIES, HELIPAD, RADIO)

# Where a feature may stand, so that a designer's board cannot put a hot-spot on a snow cap.
_FEATURE_ZONES = {
    TREASURE: (SNOW,),
    BRIDGE: (FLOOD,),
    JETTY: (FLOOD,),
    CANOE: (WATER,),
    REFUGE_AXES: TREE_ZONES,
    REFUGE_SUPPLIES: TREE_ZONES,
    HELIPAD: (*TREE_ZONES, FLOOD),
    RADIO: (Z500, Z1000, Z1500),
}

STEP, TAILWIND = 0, 1


_MAP_HELP = "the pegboard, one character a hole read by the legend (27 x 27; layout assumed)"
_LEGEND_HELP = "each map symbol's (symbol, zone, feature): zones, refuges, helipads, hot-spots"
_PEAKS_HELP = "each mountain's (Treasure Space symbol, peak name) (names assumed)"


@dataclass(frozen=True, eq=False)
class Board:
    """A parsed, validated board, compared by identity (one object per data file).

    Its fields are the source as written (kept in ``run.json``); building it checks them and adds
    the tables computed from them: ``rows``, ``cols``, per node ``zone``, ``feature``, ``peak`` (the
    Snow Cap's peak, else -1), ``mountain`` (nearest Treasure Space, else -1) and ``steps``
    ((next node, STEP or TAILWIND) pairs), and ``peak_names``, ``treasures``, ``camp_spaces``.
    Base Camp's node comes last in every per-node table.
    """

    # the help texts are what `simkit rules timber-tom` prints for board.map, .legend, .peaks
    map: str = field(metadata={"help": _MAP_HELP})
    legend: tuple[tuple[str, str, str], ...] = field(metadata={"help": _LEGEND_HELP})
    peaks: tuple[tuple[str, str], ...] = field(metadata={"help": _PEAKS_HELP})

    def __post_init__(self) -> None:
        _build(self)  # so that a changed copy (dataclasses.replace) is checked and rebuilt too

    @property
    def camp(self) -> int:
        """The Base Camp node, numbered after the last hole."""
        return self.rows * self.cols

    @property
    def n_nodes(self) -> int:
        return self.rows * self.cols + 1

    def is_hole(self, node: int) -> bool:
        return self.zone[node] not in (WATER, VOID) or self.feature[node] == CANOE

    @cached_property
    def plantable(self) -> tuple[bool, ...]:
        """Where a tree may grow: tree-planting zones, never on refuges or helipads (4. Tree
        Planting). Hiker-occupied spaces are excluded at planting time."""
        return tuple(
            self.zone[i] in TREE_ZONES and self.feature[i] not in (*REFUGES, HELIPAD)
            for i in range(self.camp)
        ) + (False,)

    @cached_property
    def no_tree_mask(self) -> int:
        """Bit 8*i set for every node where no tree may stand, to test a tree bytearray at once."""
        return sum(1 << (8 * i) for i in range(self.n_nodes) if not self.plantable[i])

    @cached_property
    def plantable_spaces(self) -> tuple[int, ...]:
        return tuple(i for i in range(self.camp) if self.plantable[i])

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """Each node's next nodes, steps and tailwinds alike: the searches below do not care
        how a step is made, and reading bare nodes spares them a tuple unpacking per edge."""
        return tuple(tuple(other for other, _ in steps) for steps in self.steps)

    @cached_property
    def plantable_in_zone(self) -> dict[int, tuple[int, ...]]:
        """The plantable spaces of each zone, in node order (uprooting looks zone by zone)."""
        return {
            zone: tuple(i for i in self.plantable_spaces if self.zone[i] == zone)
            for zone in TREE_ZONES
        }

    @cached_property
    def helipads(self) -> tuple[int, ...]:
        return tuple(i for i in range(self.camp) if self.feature[i] == HELIPAD)

    @cached_property
    def refuges_by_mountain(self) -> tuple[tuple[int, ...], ...]:
        return tuple(
            tuple(
                i for i in range(self.camp) if self.feature[i] in REFUGES and self.mountain[i] == m
            )
            for m in range(len(self.treasures))
        )

    @cached_property
    def _rings(self) -> tuple[tuple[int, ...] | None, ...]:
        """Each hole's 8 neighbours in circular order (-1 off the board), or None where a tailwind
        lands on it (then the local test below does not apply)."""
        out = []
        around = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
        for i in range(self.camp):
            if any(kind == TAILWIND for _, kind in self.steps[i]):
                out.append(None)
                continue
            r, c = divmod(i, self.cols)
            out.append(
                tuple(
                    (r + dr) * self.cols + c + dc
                    if 0 <= r + dr < self.rows and 0 <= c + dc < self.cols
                    else -1
                    for dr, dc in around
                )
            )
        return tuple(out)

    def cannot_cut(self, node: int, trees) -> bool:
        """True when a tree on ``node`` surely leaves every free path open: its free neighbours
        form one run around it (a 'simple point'), so any path through it can go round. False
        means "maybe": the caller searches the board."""
        ring = self._rings[node]
        if ring is None:
            return False
        free = [j >= 0 and self.is_hole(j) and not trees[j] for j in ring]
        runs = 0
        for k in range(8):
            if free[k] and not free[k - 1]:
                run_has_side = False
                m = k
                while free[m % 8] and m < k + 8:
                    run_has_side |= m % 2 == 0
                    m += 1
                runs += run_has_side
        if all(free):
            return True
        return runs <= 1

    def where(self, node: int) -> str:
        """A space in words for the log: 'row 3, col 7 (1000)'."""
        if node == self.camp:
            return "Base Camp"
        r, c = divmod(node, self.cols)
        feat = FEATURE_NAMES[self.feature[node]].replace("_", " ")
        label = ZONE_NAMES[self.zone[node]] + (f" {feat}" if feat else "")
        if self.feature[node] == TREASURE:
            label = self.peak_names[self.peak[node]] + " treasure"
        return f"r{r}c{c} ({label})"

    def ways_home(self, blocked) -> list[int]:
        """A search from Base Camp over free spaces (``blocked[node]`` true: a tree): each node's
        next node on a shortest way home, or -1 when trees ring it in. Hikers do not block: they
        can be jumped."""
        camp = self.camp
        nxt_home = [-1] * self.n_nodes
        nxt_home[camp] = camp
        frontier = [camp]
        neighbours = self.neighbours
        while frontier:
            later = []
            for node in frontier:
                for other in neighbours[node]:
                    if nxt_home[other] < 0 and not blocked[other]:
                        nxt_home[other] = node
                        later.append(other)
            frontier = later
        return nxt_home

    def reaches_home(self, start: int, blocked) -> bool:
        """Whether :meth:`ways_home` finds a way from ``start``: the same search, stopped as soon
        as it meets ``start`` (most hikers are not ringed in, so most of the board is spared)."""
        camp = self.camp
        seen = bytearray(blocked)  # a blocked node is never entered: as good as seen already
        seen[camp] = 1
        frontier = [camp]
        neighbours = self.neighbours
        while frontier:
            later = []
            for node in frontier:
                for other in neighbours[node]:
                    if not seen[other]:
                        if other == start:
                            return True
                        seen[other] = 1
                        later.append(other)
            frontier = later
        return start == camp

    def connected_to_camp(self, start: int, blocked) -> list[int] | None:
        """A shortest way of free spaces from ``start`` to Base Camp, or None when ringed in."""
        nxt_home = self.ways_home(blocked)
        if nxt_home[start] < 0:
            return None
        path = [start]
        while path[-1] != self.camp:
            path.append(nxt_home[path[-1]])
        return path


def _bad(path, problem: str):
    return DataError(path, problem)


def parse_board(doc: dict, path: object = "board") -> Board:
    """Build and validate a :class:`Board` from the TOML document of a board file."""
    try:
        text = str(doc["board"]["map"])
        legend = tuple(
            (str(sym), str(entry.get("zone", "")), str(entry.get("feature", "")))
            for sym, entry in doc["legend"].items()
        )
        peaks = tuple((str(sym), str(name)) for sym, name in doc.get("peaks", {}).items())
    except (KeyError, TypeError, AttributeError) as exc:
        raise _bad(
            path, f"missing or bad table {exc}: need [board] map, [legend] and [peaks]"
        ) from None
    try:
        return Board(text, legend, peaks)
    except DataError as exc:
        raise _bad(path, exc.problem) from None


def _build(board: Board) -> None:
    """Check the map and legend and compute the board's tables (see :class:`Board`)."""
    path = "board"
    lines = board.map.split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    while lines and not lines[0].strip():
        lines.pop(0)
    if not lines:
        raise _bad(path, "[board] map is empty")
    cols = max(len(line) for line in lines)
    lines = [line.ljust(cols) for line in lines]  # a short row ends in missing holes
    rows = len(lines)
    peak_table = dict(board.peaks)

    symbol_info: dict[str, tuple[int, int]] = {}
    for sym, zone_name, feat_name in board.legend:
        if len(sym) != 1:
            raise _bad(path, f"legend symbol {sym!r} must be one character")
        if zone_name not in ZONE_NAMES:
            raise _bad(
                path, f"legend {sym!r}: zone {zone_name!r} is not one of {', '.join(ZONE_NAMES)}"
            )
        if feat_name not in FEATURE_NAMES:
            raise _bad(
                path,
                f"legend {sym!r}: feature {feat_name!r} is not one of "
                f"{', '.join(n for n in FEATURE_NAMES if n)}",
            )
        zone, feat = ZONE_NAMES.index(zone_name), FEATURE_NAMES.index(feat_name)
        if feat != PLAIN and zone not in _FEATURE_ZONES[feat]:
            allowed = ", ".join(ZONE_NAMES[z] for z in _FEATURE_ZONES[feat])
            raise _bad(path, f"legend {sym!r}: a {feat_name} must be in zone {allowed}")
        symbol_info[sym] = (zone, feat)

    zone: list[int] = []
    feature: list[int] = []
    treasure_at: dict[str, int] = {}
    for r, line in enumerate(lines):
        for c, ch in enumerate(line):
            if ch not in symbol_info:
                raise _bad(path, f"unknown symbol {ch!r} at row {r}, column {c} (not in [legend])")
            z, f = symbol_info[ch]
            if f == TREASURE:
                if ch in treasure_at:
                    raise _bad(path, f"treasure {ch!r} appears twice (row {r}, column {c})")
                treasure_at[ch] = r * cols + c
            zone.append(z)
            feature.append(f)

    if not treasure_at:
        raise _bad(path, "the map has no Treasure Space")
    order = sorted(treasure_at)
    for sym in order:
        if sym not in peak_table:
            raise _bad(path, f"treasure {sym!r} has no name in [peaks]")
    peak_names = tuple(str(peak_table[s]) for s in order)
    treasures = tuple(treasure_at[s] for s in order)
    camp_spaces = tuple(i for i, z in enumerate(zone) if z == BASE)
    if len(camp_spaces) != BASE_CAMP_SPACES:
        raise _bad(
            path,
            f"the map has {len(camp_spaces)} Base Camp spaces; the rulebook's board "
            f"has {BASE_CAMP_SPACES}",
        )

    peak = _snow_caps(zone, rows, cols, treasures, path)
    mountain = tuple(
        -1
        if zone[i] in (BASE, WATER, VOID) and feature[i] != CANOE
        else min(
            range(len(treasures)),
            key=lambda p, i=i: (
                abs(i // cols - treasures[p] // cols) + abs(i % cols - treasures[p] % cols),
                p,
            ),
        )
        for i in range(rows * cols)
    )
    steps = _steps(zone, feature, rows, cols, camp_spaces)
    tables = {
        "rows": rows,
        "cols": cols,
        "zone": (*zone, BASE),
        "feature": (*feature, PLAIN),
        "peak": (*peak, -1),
        "mountain": (*mountain, -1),
        "peak_names": peak_names,
        "treasures": treasures,
        "camp_spaces": camp_spaces,
        "steps": steps,
    }
    for name, value in tables.items():
        object.__setattr__(board, name, value)
    no_trees = [False] * board.n_nodes
    for p, t in enumerate(treasures):
        if board.connected_to_camp(t, no_trees) is None:
            r, c = divmod(t, cols)
            raise _bad(
                path,
                f"the treasure of {peak_names[p]} (row {r}, column {c}) cannot be "
                "reached from Base Camp",
            )


def _snow_caps(zone, rows, cols, treasures, path) -> tuple[int, ...]:
    """Each snow space belongs to the Snow Cap (peak) whose Treasure Space it touches through snow."""
    peak = [-1] * (rows * cols)
    for p, t in enumerate(treasures):
        queue = deque([t])
        peak[t] = p
        while queue:
            i = queue.popleft()
            r, c = divmod(i, cols)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= rr < rows and 0 <= cc < cols:
                    j = rr * cols + cc
                    if zone[j] == SNOW:
                        if peak[j] not in (-1, p):
                            raise _bad(
                                path,
                                f"row {rr}, column {cc}: one Snow Cap holds two Treasure Spaces",
                            )
                        if peak[j] == -1:
                            peak[j] = p
                            queue.append(j)
    for i, z in enumerate(zone):
        if z == SNOW and peak[i] == -1:
            raise _bad(
                path, f"row {i // cols}, column {i % cols}: a Snow Cap without a Treasure Space"
            )
    return tuple(peak)


def _land(zone, feature, i) -> bool:
    """Land for a tailwind: not water, a bridge, a jetty, or Base Camp (9. b, "land-to-land")."""
    return zone[i] not in (WATER, VOID, BASE) and feature[i] not in (BRIDGE, JETTY, CANOE)


def _steps(zone, feature, rows, cols, camp_spaces):
    camp = rows * cols
    n = rows * cols

    def hole(i):
        return zone[i] not in (WATER, VOID) or feature[i] == CANOE

    steps: list[list[tuple[int, int]]] = [[] for _ in range(n + 1)]
    camp_set = set(camp_spaces)
    for i in range(n):
        if not hole(i) or i in camp_set:
            continue
        r, c = divmod(i, cols)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            rr, cc = r + dr, c + dc
            if not (0 <= rr < rows and 0 <= cc < cols):
                continue
            j = rr * cols + cc
            if j in camp_set:
                if (camp, STEP) not in steps[i]:
                    steps[i].append((camp, STEP))
                    steps[camp].append((i, STEP))
            elif hole(j):
                steps[i].append((j, STEP))
            elif zone[j] == VOID and _land(zone, feature, i):
                r2, c2 = rr + dr, cc + dc
                if 0 <= r2 < rows and 0 <= c2 < cols:
                    k = r2 * cols + c2
                    if _land(zone, feature, k):
                        steps[i].append((k, TAILWIND))
    return tuple(tuple(s) for s in steps)


def load_board(path: Path) -> Board:
    return parse_board(load_toml(path), path)
