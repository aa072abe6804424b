"""Component data: the trail map and the decks, loaded from TOML and validated.

A designer's own file may hold a map (``[[region]]``, ``[spaces]``, ``trails``), decks (``items``,
``[gear]``, ``[[weather]]``, ...) or both; whatever it holds replaces the default. Every key's type
is checked first against the schema in ``data_file.py`` (one line per problem); every problem
raises :class:`DataError` naming the file, the field and what is wrong.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from simkit.core.errors import DataError
from simkit.core.rules import load_toml
from simkit.core.schema import check

HERE = Path(__file__).parent
PARK_FILE = HERE / "park.toml"
DECKS_FILE = HERE / "decks.toml"

REGIONS = ("west", "central", "east")
SCENIC_TYPES = ("mountain", "waterfall", "historical", "tower", "bridge")
SCENIC_COUNTS = (15, 12, 9, 4, 3)
KINDS = ("trail", "trailhead", "scenic", "campsite", "water", "bear", "den")
MAX_TRAIL_MILES = 50  # miles between two named spaces: bounds the map a designer's file can make
TRAIL, TRAILHEAD, SCENIC, CAMPSITE, WATER, BEAR, DEN = range(len(KINDS))
ITEMS = ("shelter", "clothing", "food", "tools", "first_aid", "water")
WATER_ITEM = 5
GEAR_TYPES = 5
WEATHER_KINDS = ("sun", "rain", "storm", "heat", "snow")
TRAIL_KINDS = (
    "challenge",
    "skill",
    "health",
    "gear",
    "water",
    "shifty_weather",
    "shoo_bear",
    "calm",
)
OBJECTIVES = (
    "masteries",
    "hike_in_turn",
    "water_and_gear_in_turn",
    "finish_health",
    "skill_set_tokens",
    "scenic_tokens",
    "scenic_type",
    "campfires",
    "hand_full",
    "token_regions",
    "columns",
    "token_types",
    "water_in_turn",
    "gear_in_turn",
)
MIN_TRAILHEADS = 5  # four hikers plus at least one spare


@dataclass(frozen=True)
class Park:
    """The trail graph: one space per mile, each with its region, kind and scenic type (or -1)."""

    names: tuple[str, ...] = field(
        metadata={"help": "the name of every space on the trail map, one space a mile (assumed)"}
    )
    region: tuple[int, ...] = field(
        metadata={"help": "the region of each space: West, Central or East (Trail Map)"}
    )
    kind: tuple[int, ...] = field(
        metadata={
            "help": "what each space is: trail, trailhead, scenic spot, campsite, water spot, "
            "bear space or den"
        }
    )
    scenic: tuple[int, ...] = field(
        metadata={"help": "the scenic type of each scenic spot (-1 for other spaces)"}
    )
    edges: tuple[tuple[int, int], ...] = field(
        metadata={"help": "the trails: pairs of spaces a mile apart (assumed map)"}
    )
    bear_start: tuple[int, ...] = field(
        metadata={"help": "where each region's passive bear starts: its den (assumed)"}
    )

    def index(self, name: str) -> int:
        return self.names.index(name)


@dataclass(frozen=True)
class WeatherKind:
    name: str
    wet: bool
    requires: tuple[tuple[int, ...], ...]  # cycled over the cards of this kind


@dataclass(frozen=True)
class TrailCard:
    kind: str
    item: int  # the item a challenge needs, -1 otherwise
    count: int


@dataclass(frozen=True)
class SideHike:
    objective: str
    n: int
    scenic_type: int  # for scenic_type objectives, -1 otherwise
    printed: bool


@dataclass(frozen=True)
class Decks:
    gear: tuple[int, ...] = field(
        metadata={
            "help": "gear tiles of each type in the bag: shelter, clothing, food, tools, "
            "first aid (Components: 11 / 10 / 9 / 8 / 7)"
        }
    )
    water_tiles: int = field(metadata={"help": "water tiles (Components: 20)"})
    skill_per_type: int = field(
        metadata={"help": "skill cards of each of the six types (Components: 54 in all)"}
    )
    paws_per_type: int = field(
        metadata={"help": "skill cards of each type that show a paw (assumed: 3)"}
    )
    columns: tuple[tuple[int, ...], ...] = field(
        metadata={
            "help": "the packboard's skill columns, three types each; a first full column "
            "raises health by 1 (Skill Set Tokens; layout assumed)"
        }
    )
    weather: tuple[WeatherKind, ...] = field(
        metadata={"help": "each kind of weather card: wet or not, and the items it asks for"}
    )
    weather_dice: tuple[tuple[str, ...], ...] = field(
        metadata={"help": "the faces of the four weather dice (Weather; faces assumed)"}
    )
    bear_die: tuple[str, ...] = field(
        metadata={"help": "the 12-sided bear die: numbers, paws and dens (Aggressive Bears)"}
    )
    trail: tuple[TrailCard, ...] = field(
        metadata={"help": "the trail deck: challenges, bonuses and events (Trail Cards: 100 cards)"}
    )
    easy: tuple[SideHike, ...] = field(
        metadata={"help": "the easy side hike cards, 4 points each (Side Hikes: 16)"}
    )
    difficult: tuple[SideHike, ...] = field(
        metadata={"help": "the difficult side hike cards, 8 points each (Side Hikes: 16)"}
    )
    trailhead_bonuses: tuple[tuple[int, ...], ...] = field(
        metadata={
            "help": "trailhead bonus tiles by player count, in order of arrival "
            "(Trailhead Bonuses: 2 players 5; 3: 7, 5; 4: 10, 7, 5)"
        }
    )  # index = player count (0..4)


def _need(path, table: dict, key: str, kind: type | tuple, where: str = "") -> Any:
    if key not in table:
        raise DataError(path, f"missing field '{where}{key}'")
    value = table[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise DataError(path, f"field '{where}{key}' = {value!r} has the wrong type")
    return value


def _item(path, name: Any, where: str) -> int:
    if name not in ITEMS:
        raise DataError(path, f"{where}: unknown item {name!r}; items are {', '.join(ITEMS)}")
    return ITEMS.index(name)


# ----------------------------------------------------------------------------------------- park


def parse_park(path, doc: dict) -> Park:
    from simkit.games.hike_it.data_file import ParkFile

    check(ParkFile, doc, path)  # every key's type (simkit.core.schema), one line per problem
    regions = _need(path, doc, "region", list)
    if [r.get("name") for r in regions] != list(REGIONS):
        raise DataError(path, f"'region' must list exactly {', '.join(REGIONS)} in that order")
    spaces = _need(path, doc, "spaces", dict)
    names: list[str] = []
    region: list[int] = []
    kind: list[int] = []
    scenic: list[int] = []
    for r, rname in enumerate(REGIONS):
        for i, sp in enumerate(_need(path, spaces, rname, list, "spaces.")):
            where = f"spaces.{rname}[{i}]"
            name = _need(path, sp, "name", str, where + ".")
            k = _need(path, sp, "kind", str, where + ".")
            if k not in KINDS or k == "trail":
                raise DataError(path, f"{where}: kind {k!r} must be one of {', '.join(KINDS[1:])}")
            if name in names:
                raise DataError(path, f"{where}: space {name!r} is listed twice")
            s = -1
            if k == "scenic":
                st = sp.get("scenic")
                if st not in SCENIC_TYPES:
                    raise DataError(
                        path, f"{where}: scenic {st!r} must be one of {', '.join(SCENIC_TYPES)}"
                    )
                s = SCENIC_TYPES.index(st)
            names.append(name)
            region.append(r)
            kind.append(KINDS.index(k))
            scenic.append(s)
    edges: set[tuple[int, int]] = set()
    for t, trail in enumerate(_need(path, doc, "trails", list)):
        where = f"trails[{t}]"
        if len(trail) < 3 or not isinstance(trail[0], str) or not isinstance(trail[-1], str):
            raise DataError(path, f"{where}: a trail runs from a named space to a named space")
        prev = None
        for j, step in enumerate(trail):
            if isinstance(step, str):
                if step not in names:
                    raise DataError(path, f"{where}: unknown space {step!r}")
                cur = names.index(step)
                if prev is not None:
                    if isinstance(trail[j - 1], str):
                        raise DataError(
                            path, f"{where}: put a mile count between {trail[j - 1]!r} and {step!r}"
                        )
                    miles = trail[j - 1]
                    chain = [prev]
                    for m in range(1, miles):
                        chain.append(len(names))
                        names.append(f"{names[prev]} - {step} mile {m}")
                        region.append(region[prev] if 2 * m <= miles else region[cur])
                        kind.append(TRAIL)
                        scenic.append(-1)
                    chain.append(cur)
                    for a, b in zip(chain, chain[1:], strict=False):
                        edges.add((min(a, b), max(a, b)))
                prev = cur
            elif isinstance(step, int) and not isinstance(step, bool):
                if not 1 <= step <= MAX_TRAIL_MILES or isinstance(trail[j - 1], int):
                    raise DataError(
                        path,
                        f"{where}: {step!r} must be one mile count from 1 to {MAX_TRAIL_MILES} "
                        "between two spaces",
                    )
            else:
                raise DataError(path, f"{where}: {step!r} is neither a space name nor a mile count")
    bear_start = []
    for r, reg in enumerate(regions):
        start = reg.get("bear_start")
        if (
            start not in names
            or kind[names.index(start)] not in (BEAR, DEN)
            or region[names.index(start)] != r
        ):
            raise DataError(
                path,
                f"region {REGIONS[r]}: bear_start {start!r} must be a bear space or den of that region",
            )
        bear_start.append(names.index(start))
    park = Park(
        tuple(names),
        tuple(region),
        tuple(kind),
        tuple(scenic),
        tuple(sorted(edges)),
        tuple(bear_start),
    )
    validate_park(path, park)
    return park


def _components(n: int, edges, removed: int = -1) -> int:
    adj: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges:
        if removed not in (a, b):
            adj[a].append(b)
            adj[b].append(a)
    seen = [False] * n
    parts = 0
    for s in range(n):
        if s == removed or seen[s]:
            continue
        parts += 1
        seen[s] = True
        todo = deque([s])
        while todo:
            x = todo.popleft()
            for y in adj[x]:
                if not seen[y]:
                    seen[y] = True
                    todo.append(y)
    return parts


def validate_park(path, park: Park) -> None:
    n = len(park.names)
    if _components(n, park.edges) != 1:
        raise DataError(path, "the trails are not all connected: every space must be reachable")
    for t, count in enumerate(SCENIC_COUNTS):
        have = park.scenic.count(t)
        if have != count:
            raise DataError(path, f"{SCENIC_TYPES[t]} scenic spots: {have}, the game has {count}")
    for r, rname in enumerate(REGIONS):
        kinds_here = [k for k, reg in zip(park.kind, park.region, strict=True) if reg == r]
        for k, what in (
            (WATER, "water spot"),
            (CAMPSITE, "campsite"),
            (BEAR, "bear space"),
            (TRAILHEAD, "trailhead"),
        ):
            if k not in kinds_here:
                raise DataError(path, f"region {rname} has no {what}")
        if kinds_here.count(DEN) != 1:
            raise DataError(path, f"region {rname} must have exactly one bear den")
        for t, tname in enumerate(SCENIC_TYPES):
            if not any(
                s == t and reg == r for s, reg in zip(park.scenic, park.region, strict=True)
            ):
                raise DataError(path, f"region {rname} has no {tname} scenic spot")
    if park.kind.count(TRAILHEAD) < MIN_TRAILHEADS:
        raise DataError(
            path, f"{park.kind.count(TRAILHEAD)} trailheads: need at least {MIN_TRAILHEADS}"
        )
    base = _components(n, park.edges)
    for s in range(n):
        if park.kind[s] == BEAR and _components(n, park.edges, removed=s) != base:
            raise DataError(
                path, f"bear space {park.names[s]!r} cuts the trails in two: put it on a loop"
            )


# ---------------------------------------------------------------------------------------- decks


def _side_hikes(path, raw: list, where: str) -> tuple[SideHike, ...]:
    out = []
    for i, card in enumerate(raw):
        w = f"{where}[{i}]"
        obj = _need(path, card, "objective", str, w + ".")
        if obj not in OBJECTIVES:
            raise DataError(path, f"{w}: unknown objective {obj!r}; known: {', '.join(OBJECTIVES)}")
        n = card.get("n", 0)
        if not isinstance(n, int) or n < 0:
            raise DataError(path, f"{w}: n = {n!r} must be a whole number of at least 0")
        st = -1
        if obj == "scenic_type":
            if card.get("type") not in SCENIC_TYPES:
                raise DataError(
                    path, f"{w}: type {card.get('type')!r} must be one of {', '.join(SCENIC_TYPES)}"
                )
            st = SCENIC_TYPES.index(card["type"])
        out.append(SideHike(obj, n, st, bool(card.get("printed", False))))
    return tuple(out)


def parse_decks(path, doc: dict) -> Decks:
    from simkit.games.hike_it.data_file import DecksFile

    check(DecksFile, doc, path)  # every key's type (simkit.core.schema), one line per problem
    if list(_need(path, doc, "items", list)) != list(ITEMS):
        raise DataError(path, f"'items' must be {list(ITEMS)}")
    gear_t = _need(path, doc, "gear", dict)
    gear = tuple(_need(path, gear_t, g, int, "gear.") for g in ITEMS[:GEAR_TYPES])
    if min(gear) < 0 or sum(gear) == 0:
        raise DataError(path, "gear: counts must be at least 0 and not all 0")
    water = _need(path, _need(path, doc, "water", dict), "tiles", int, "water.")
    sc = _need(path, doc, "skill_cards", dict)
    per_type = _need(path, sc, "per_type", int, "skill_cards.")
    paws = _need(path, sc, "paws_per_type", int, "skill_cards.")
    if per_type < 1 or not 0 <= paws <= per_type:
        raise DataError(path, "skill_cards: need per_type >= 1 and 0 <= paws_per_type <= per_type")
    cols = _need(path, _need(path, doc, "skill_sets", dict), "columns", list, "skill_sets.")
    columns = tuple(tuple(_item(path, x, "skill_sets.columns") for x in col) for col in cols)
    weather = []
    for i, w in enumerate(_need(path, doc, "weather", list)):
        name = _need(path, w, "kind", str, f"weather[{i}].")
        reqs = _need(path, w, "requires", list, f"weather[{i}].")
        if not reqs or any(not r or len(r) > 2 for r in reqs):
            raise DataError(path, f"weather[{i}]: each requirement lists one or two items")
        weather.append(
            WeatherKind(
                name,
                bool(w.get("wet", False)),
                tuple(tuple(_item(path, x, f"weather[{i}]") for x in r) for r in reqs),
            )
        )
    if [w.name for w in weather] != list(WEATHER_KINDS):
        raise DataError(path, f"weather kinds must be {', '.join(WEATHER_KINDS)} in that order")
    dice_t = _need(path, doc, "dice", dict)
    dice = tuple(tuple(d) for d in _need(path, dice_t, "weather", list, "dice."))
    for d in dice:
        if len(d) != 6 or any(f not in (*WEATHER_KINDS, "clear") for f in d):
            raise DataError(
                path,
                f"dice.weather: {list(d)} must be six faces from {', '.join(WEATHER_KINDS)}, clear",
            )
    bear = tuple(_need(path, dice_t, "bear", list, "dice."))
    if len(bear) != 12 or any(
        f not in ("paw", "den") and not (f.isdecimal() and 1 <= int(f) <= 12) for f in bear
    ):
        raise DataError(path, "dice.bear: twelve faces, each a number 1-12, paw or den")
    trail = []
    for i, t in enumerate(_need(path, doc, "trail", list)):
        kind = _need(path, t, "kind", str, f"trail[{i}].")
        if kind not in TRAIL_KINDS:
            raise DataError(
                path, f"trail[{i}]: kind {kind!r} must be one of {', '.join(TRAIL_KINDS)}"
            )
        item = _item(path, t.get("item"), f"trail[{i}]") if kind == "challenge" else -1
        trail.append(TrailCard(kind, item, _need(path, t, "count", int, f"trail[{i}].")))
    if sum(t.count for t in trail) < 1:
        raise DataError(path, "trail: the deck is empty")
    sh = _need(path, doc, "side_hikes", dict)
    easy = _side_hikes(path, _need(path, sh, "easy", list, "side_hikes."), "side_hikes.easy")
    hard = _side_hikes(
        path, _need(path, sh, "difficult", list, "side_hikes."), "side_hikes.difficult"
    )
    if len(easy) < 8 or len(hard) < 8:
        raise DataError(
            path, "side hikes: need at least 8 easy and 8 difficult cards (2 each for 4 players)"
        )
    tb = _need(path, doc, "trailhead_bonuses", dict)
    bonuses: list[tuple[int, ...]] = [(), ()]
    for n in (2, 3, 4):
        row = _need(path, tb, str(n), list, "trailhead_bonuses.")
        if len(row) > n - 1 or any(not isinstance(x, int) or x < 0 for x in row):
            raise DataError(path, f"trailhead_bonuses.{n}: at most {n - 1} non-negative points")
        bonuses.append(tuple(row))
    return Decks(
        gear,
        water,
        per_type,
        paws,
        columns,
        tuple(weather),
        dice,
        bear,
        tuple(trail),
        easy,
        hard,
        tuple(bonuses),
    )


# -------------------------------------------------------------------------------------- loading


def load_data(path) -> dict[str, Any]:
    """A designer's file into rule fields: ``park`` and/or ``decks``."""
    from simkit.games.hike_it.data_file import DataFile, DecksFile, ParkFile, part

    doc = load_toml(Path(path))
    check(DataFile, doc, path)  # every key's type, unknown keys refused, before any is used
    out: dict[str, Any] = {}
    if part(ParkFile, doc):
        out["park"] = parse_park(path, part(ParkFile, doc))
    if part(DecksFile, doc):
        out["decks"] = parse_decks(path, part(DecksFile, doc))
    if not out:
        raise DataError(
            path, "holds neither a map ([spaces], trails) nor decks (items, [[weather]])"
        )
    return out


@cache
def default_park() -> Park:
    return parse_park(PARK_FILE, load_toml(PARK_FILE))


@cache
def default_decks() -> Decks:
    return parse_decks(DECKS_FILE, load_toml(DECKS_FILE))
