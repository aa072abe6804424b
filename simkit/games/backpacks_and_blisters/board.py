"""The map: spaces, routes, Ferry Points, Bus Stops, the Rambling cards' faces and the Time chart.

A map file (TOML, described in ``lake_district.toml``, its schema in ``map_file.py``) is parsed once into a :class:`Board` of small
integer tables. Spaces are numbered in the file's order: the named places first, then the unnamed
small spaces of each route. The loader checks everything a game relies on and raises
:class:`DataError` naming the file and the problem.
"""

from __future__ import annotations

from collections import deque
from functools import cache
from pathlib import Path

from simkit.core.errors import DataError
from simkit.core.rules import load_toml
from simkit.core.schema import check

DEFAULT_MAP = Path(__file__).with_name("lake_district.toml")

TOWN, PRIME, SMALL = 0, 1, 2
KINDS = {"town": TOWN, "prime": PRIME, "small": SMALL}
SHAPES = ("circle", "triangle")
SMALL_TOKENS = {"o": (False, False), "^": (True, False), "o*": (False, True), "^*": (True, True)}


class Board:
    """One map, as read-only tables indexed by space number.

    Not a dataclass on purpose: the rules machinery descends into nested dataclasses to find rule
    fields, and a map is component data, not a set of tunable numbers.
    """

    __slots__ = (
        "source",
        "name",
        "names",
        "index",
        "kind",
        "triangle",
        "points",
        "glass",
        "glass_spaces",
        "beauty",
        "neighbours",
        "start",
        "cards",
        "ferry",
        "buses",
        "first_minute",
        "minutes_per_turn",
        "n_turns",
        "lunch_turn",
        "tea_turn",
        "return_from_turn",
        "return_points",
        "_hops",
    )

    def __init__(
        self,
        source: str,
        name: str,
        names: list[str],
        kind: list[int],
        triangle: list[bool],
        points: list[int],
        glass: list[bool],
        beauty: list[bool],
        edges: set[tuple[int, int]],
        start: int,
        cards: list[tuple[int, int, int]],
        ferry: list[int],
        buses: dict[str, list[int]],
        time: dict[str, int],
    ):
        self.source, self.name = source, name
        self.names = tuple(names)
        self.index = {n: i for i, n in enumerate(names)}
        self.kind, self.triangle = tuple(kind), tuple(triangle)
        self.points, self.glass, self.beauty = tuple(points), tuple(glass), tuple(beauty)
        self.glass_spaces = tuple(s for s, g in enumerate(glass) if g)  # the Refreshment stops
        adjacency: list[list[int]] = [[] for _ in names]
        for a, b in sorted(edges):
            adjacency[a].append(b)
            adjacency[b].append(a)
        self.neighbours = tuple(tuple(sorted(a)) for a in adjacency)
        self.start = start
        self.cards = tuple(cards)  # (location space, circles, triangles), one per Rambling card
        self.ferry = frozenset(ferry)
        self.buses = tuple((number, tuple(stops)) for number, stops in buses.items())
        self.first_minute = time["first"]
        self.minutes_per_turn = time["minutes_per_turn"]
        self.n_turns = time["n_turns"]
        self.lunch_turn, self.tea_turn = time["lunch"], time["tea"]
        self.return_from_turn = time["return_from"]
        self.return_points = tuple(time["return_points"])
        self._hops: tuple[tuple[int, ...], ...] | None = None

    def __repr__(self) -> str:
        return f"Board({self.source!r})"

    @property
    def n_spaces(self) -> int:
        return len(self.names)

    def is_small(self, space: int) -> bool:
        return self.kind[space] == SMALL

    def clock(self, turn: int) -> str:
        """The Time chart's label of a turn, e.g. ``1:20 p.m.``."""
        minute = self.first_minute + turn * self.minutes_per_turn
        hour, mins = divmod(minute, 60)
        suffix = "a.m." if hour < 12 else "p.m."
        return f"{(hour - 1) % 12 + 1}:{mins:02d} {suffix}"

    def hops(self, a: int, b: int) -> int:
        """Fewest spaces to enter from ``a`` to reach ``b`` (all-pairs table built on first use)."""
        if self._hops is None:
            self._hops = tuple(self._bfs(s) for s in range(self.n_spaces))
        return self._hops[a][b]

    def _bfs(self, source: int) -> tuple[int, ...]:
        dist = [-1] * self.n_spaces
        dist[source] = 0
        queue = deque([source])
        while queue:
            here = queue.popleft()
            for there in self.neighbours[here]:
                if dist[there] < 0:
                    dist[there] = dist[here] + 1
                    queue.append(there)
        return tuple(dist)

    def ride_destinations(self, space: int) -> list[tuple[str, int]]:
        """Every (ride, destination) open from ``space``: ``"ferry"`` or a bus number."""
        rides: list[tuple[str, int]] = []
        if space in self.ferry:
            rides += [("ferry", p) for p in sorted(self.ferry) if p != space]
        for number, stops in self.buses:
            if space in stops:
                rides += [(number, s) for s in stops if s != space]
        return rides


def _minutes(path: Path, field: str, text: object) -> int:
    try:
        hours, mins = str(text).split(":")
        return int(hours) * 60 + int(mins)
    except ValueError:
        raise DataError(path, f'time.{field} = {text!r} is not a time like "13:00"') from None


def _time_chart(path: Path, raw: dict) -> dict[str, int]:
    if not isinstance(raw, dict):
        raise DataError(path, "missing the [time] table (the Time chart)")
    step = raw.get("minutes_per_turn")
    if not isinstance(step, int) or step <= 0:
        raise DataError(path, "time.minutes_per_turn must be a whole number of minutes above 0")
    first = _minutes(path, "first", raw.get("first"))
    end = _minutes(path, "end", raw.get("end"))
    if end <= first or (end - first) % step:
        raise DataError(path, "time.end must come after time.first by whole turns")
    chart = {"first": first, "minutes_per_turn": step, "n_turns": (end - first) // step}
    for field in ("lunch", "tea", "return_from"):
        at = _minutes(path, field, raw.get(field))
        if not first <= at < end or (at - first) % step:
            raise DataError(path, f"time.{field} = {raw.get(field)!r} is not a turn of the day")
        chart[field] = (at - first) // step
    if not chart["lunch"] < chart["tea"] < chart["return_from"]:
        raise DataError(path, "the Time chart must run lunch, then tea, then the return from")
    points = raw.get("return_points")
    wanted = chart["n_turns"] - chart["return_from"]
    if (
        not isinstance(points, list)
        or len(points) != wanted
        or not all(isinstance(p, int) for p in points)
    ):
        raise DataError(
            path,
            f"time.return_points needs {wanted} whole numbers, one per turn "
            f"from {raw.get('return_from')} to the end of the day",
        )
    chart["return_points"] = points
    return chart


def _place(path: Path, i: int, raw: object) -> tuple[str, int, bool, int, bool]:
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
        raise DataError(path, f"places[{i}] needs a name")
    name = raw["name"]
    if raw.get("kind") not in KINDS:
        raise DataError(path, f"place '{name}': kind must be one of {', '.join(KINDS)}")
    if raw.get("shape") not in SHAPES:
        raise DataError(path, f"place '{name}': shape must be circle or triangle")
    kind = KINDS[raw["kind"]]
    points = raw.get("points", 0)
    if kind == PRIME and (not isinstance(points, int) or points < 1):
        raise DataError(path, f"Prime Location '{name}' needs points, a whole number of at least 1")
    if kind != PRIME and points:
        raise DataError(path, f"place '{name}' is not a Prime Location and cannot have points")
    glass = raw.get("glass", False)
    if not isinstance(glass, bool) or (glass and kind == SMALL):
        raise DataError(path, f"place '{name}': glass must be true or false, on a large space only")
    return name, kind, raw["shape"] == "triangle", points, glass


def parse_board(path: Path) -> Board:
    """Read and check a map file; raises ``DataError`` naming the problem."""
    from simkit.games.backpacks_and_blisters.map_file import MapFile

    path = Path(path)
    data = load_toml(path)
    check(MapFile, data, path)  # every key's type (simkit.core.schema), one line per problem
    places = data.get("places")
    if not isinstance(places, list) or not places:
        raise DataError(path, "no places: the map needs a list 'places'")
    names: list[str] = []
    kind: list[int] = []
    triangle: list[bool] = []
    points: list[int] = []
    glass: list[bool] = []
    beauty: list[bool] = []
    for i, raw in enumerate(places):
        name, k, tri, pts, gl = _place(path, i, raw)
        if name in names:
            raise DataError(path, f"place '{name}' is listed twice")
        names.append(name)
        kind.append(k)
        triangle.append(tri)
        points.append(pts)
        glass.append(gl)
        beauty.append(False)
    named = {n: i for i, n in enumerate(names)}

    edges: set[tuple[int, int]] = set()
    routes = data.get("routes")
    if not isinstance(routes, list):
        raise DataError(path, "no routes: the map needs a list 'routes'")
    for text in routes:
        tokens = [t.strip() for t in str(text).split(" - ")]
        if len(tokens) < 2 or tokens[0] not in named or tokens[-1] not in named:
            raise DataError(path, f"route '{text}' must run between two places of the list")
        chain = [named[tokens[0]]]
        for step, token in enumerate(tokens[1:-1], 1):
            if token not in SMALL_TOKENS:
                raise DataError(path, f"route '{text}': '{token}' is not o, ^, o* or ^*")
            tri, spot = SMALL_TOKENS[token]
            chain.append(len(names))
            names.append(f"{tokens[0]} - {tokens[-1]} #{step}")
            kind.append(SMALL)
            triangle.append(tri)
            points.append(0)
            glass.append(False)
            beauty.append(spot)
        chain.append(named[tokens[-1]])
        for a, b in zip(chain, chain[1:], strict=False):
            if a == b:
                raise DataError(path, f"route '{text}' joins a place to itself")
            edges.add((min(a, b), max(a, b)))

    start_name = data.get("start")
    if start_name not in named or kind[named[start_name]] != TOWN:
        raise DataError(path, f"start {start_name!r} must name a place of kind town (Keswick)")
    start = named[start_name]
    if kind.count(TOWN) != 1:
        raise DataError(path, "exactly one place must be of kind town: where Ramblers start")

    cards = _cards(path, data.get("cards"), named, kind)
    ferry = _stops(path, "ferry.points", (data.get("ferry") or {}).get("points", []), named)
    buses_raw = data.get("buses") or {}
    if not isinstance(buses_raw, dict):
        raise DataError(path, "[buses] must map a bus number to its list of stops")
    buses = {str(n): _stops(path, f"buses.{n}", s, named) for n, s in buses_raw.items()}

    board = Board(
        str(path),
        str(data.get("name", path.stem)),
        names,
        kind,
        triangle,
        points,
        glass,
        beauty,
        edges,
        start,
        cards,
        ferry,
        buses,
        _time_chart(path, data.get("time")),
    )
    unreachable = [board.names[s] for s in range(board.n_spaces) if board.hops(start, s) < 0]
    if unreachable:
        raise DataError(
            path,
            f"the map is not connected: no way from {start_name} to {', '.join(unreachable[:5])}",
        )
    return board


def _cards(path: Path, raw: object, named: dict[str, int], kind: list[int]) -> list[tuple]:
    if not isinstance(raw, list) or not raw:
        raise DataError(path, "no cards: the map needs a list 'cards', one per Rambling card")
    cards: list[tuple[int, int, int]] = []
    seen: set[int] = set()
    for i, card in enumerate(raw):
        where = card.get("location") if isinstance(card, dict) else None
        if where not in named or kind[named[where]] != PRIME:
            raise DataError(
                path, f"cards[{i}]: location {where!r} is not a Prime Location on the map"
            )
        if named[where] in seen:
            raise DataError(path, f"cards[{i}]: a second card for '{where}'")
        seen.add(named[where])
        moves = (card.get("circles"), card.get("triangles"))
        if not all(isinstance(m, int) and 0 <= m <= 9 for m in moves):
            raise DataError(path, f"cards[{i}] ('{where}'): circles and triangles must be 0 to 9")
        cards.append((named[where], moves[0], moves[1]))
    return cards


def _stops(path: Path, field: str, raw: object, named: dict[str, int]) -> list[int]:
    if not isinstance(raw, list) or len(raw) < 2:
        raise DataError(path, f"{field} needs a list of at least two stops")
    missing = [s for s in raw if s not in named]
    if missing:
        raise DataError(path, f"{field}: {missing[0]!r} is not a place on the map")
    return [named[s] for s in raw]


@cache
def load_board(path: str) -> Board:
    """The parsed map of ``path``, read once per process."""
    return parse_board(Path(path))
