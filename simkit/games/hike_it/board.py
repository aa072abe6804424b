"""Tables precomputed once per map: neighbours, shortest distances, spaces by kind and region."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import cache

from simkit.games.hike_it.data import BEAR, CAMPSITE, DEN, REGIONS, SCENIC, TRAILHEAD, WATER, Park


@dataclass(frozen=True)
class Board:
    park: Park
    adj: tuple[tuple[int, ...], ...]
    dist: tuple[tuple[int, ...], ...]  # shortest trail miles between two spaces (ignoring bears)
    trailheads: tuple[int, ...]
    scenic_spots: tuple[int, ...]
    campsites: tuple[int, ...]
    water_spots: tuple[int, ...]
    bear_spots: tuple[tuple[int, ...], ...]  # per region: its bear spaces and its den
    dens: tuple[int, ...]  # per region
    # bear moves from a space, filled on first use (bears.paw_moves)
    paw_cache: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def size(self) -> int:
        return len(self.park.names)

    def is_campsite(self, s: int) -> bool:
        return self.park.kind[s] == CAMPSITE

    def is_water(self, s: int) -> bool:
        return self.park.kind[s] == WATER

    def is_bear_spot(self, s: int) -> bool:
        return self.park.kind[s] in (BEAR, DEN)


def _bfs(adj, start: int) -> tuple[int, ...]:
    dist = [-1] * len(adj)
    dist[start] = 0
    todo = deque([start])
    while todo:
        x = todo.popleft()
        for y in adj[x]:
            if dist[y] < 0:
                dist[y] = dist[x] + 1
                todo.append(y)
    return tuple(dist)


@cache
def board_for(park: Park) -> Board:
    n = len(park.names)
    adj: list[list[int]] = [[] for _ in range(n)]
    for a, b in park.edges:
        adj[a].append(b)
        adj[b].append(a)
    adj_t = tuple(tuple(sorted(a)) for a in adj)
    kinds = park.kind
    return Board(
        park=park,
        adj=adj_t,
        dist=tuple(_bfs(adj_t, s) for s in range(n)),
        trailheads=tuple(s for s in range(n) if kinds[s] == TRAILHEAD),
        scenic_spots=tuple(s for s in range(n) if kinds[s] == SCENIC),
        campsites=tuple(s for s in range(n) if kinds[s] == CAMPSITE),
        water_spots=tuple(s for s in range(n) if kinds[s] == WATER),
        bear_spots=tuple(
            tuple(s for s in range(n) if kinds[s] in (BEAR, DEN) and park.region[s] == r)
            for r in range(len(REGIONS))
        ),
        dens=tuple(
            next(s for s in range(n) if kinds[s] == DEN and park.region[s] == r)
            for r in range(len(REGIONS))
        ),
    )
