"""Where the compiled Timber Tom engine spends its time, by function, with ``perf``.

perf sees numba's code as anonymous JIT memory. This script keeps the object code numba loads
from its cache, reads the symbols of each with ``nm`` and writes them where they were loaded into
``/tmp/perf-PID.map`` (perf's map for JIT code), then plays the games. Relies on numba's
``CPUCodeLibrary._set_compiled_object`` (numba 0.6x): a profiling aid, not part of simkit.

    perf record -F 999 -o perf.data python experiments/timber-tom/profile_compiled.py \\
        --strategy trailblazer --players 4 --games 1500
    perf report -i perf.data --no-children --sort sym

The two unnamed hot addresses of another mapping are numba's reference counting
(``NRT_incref``/``NRT_decref``, compiled at start-up outside any cache).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import tempfile
import time

from numba.core import codegen

_loaded: list = []
_keep = codegen.CPUCodeLibrary._set_compiled_object


def _keeping(library, value):
    """numba hands a cached object to LLVM and forgets it: keep it for its symbols."""
    _loaded.append((library, value))
    _keep(library, value)


codegen.CPUCodeLibrary._set_compiled_object = _keeping


def _functions(obj: bytes) -> dict[str, tuple[int, int, bool]]:
    """Offset, size and whether it is the object's own (not a weak copy of a callee's) of every
    function in an object file."""
    with tempfile.NamedTemporaryFile(suffix=".o") as f:
        f.write(obj)
        f.flush()
        listing = subprocess.run(
            ["nm", "-S", "--defined-only", f.name], capture_output=True, text=True, check=True
        ).stdout
    functions = {}
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tTwW":
            functions[parts[3]] = (int(parts[0], 16), int(parts[1], 16), parts[2] == "T")
    return functions


def write_perf_map() -> int:
    """Name every loaded function for perf; returns how many."""
    lines = []
    for library, obj in _loaded:
        functions = _functions(obj)
        # an own function places the object (a weak one may resolve to another object's copy)
        anchor = next((name for name, (_, _, own) in functions.items() if own), None)
        if anchor is None:
            continue
        base = library.get_pointer_to_function(anchor) - functions[anchor][0]
        lines += [f"{base + off:x} {size:x} {name}\n" for name, (off, size, _) in functions.items()]
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as out:
        out.writelines(lines)
    return len(lines)


def main() -> None:
    from simkit.core.strategy import make_strategy  # noqa: PLC0415  (after the hook)
    from simkit.games.timber_tom import fast  # noqa: PLC0415
    from simkit.games.timber_tom.rules import Rules  # noqa: PLC0415

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--strategy", default="trailblazer")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=12345)
    args = parser.parse_args()
    players = [make_strategy(args.strategy, "timber-tom") for _ in range(args.players)]
    engine = fast.compiled(Rules())
    kinds, params = fast.seat_codes([players] * args.games)
    engine.play(args.seed, 0, 1, kinds[:1], params[:1])  # load (or compile) first
    print(f"{write_perf_map()} functions named")
    started = time.process_time()
    played = engine.play(args.seed, 0, args.games, kinds, params)
    spent = time.process_time() - started
    print(
        f"{args.games} games, {args.players} x {args.strategy}: {args.games / spent:.0f} games/s "
        f"(process CPU), {played[-1] / args.games:.0f} decisions a game"
    )


if __name__ == "__main__":
    main()
