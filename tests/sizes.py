"""Test sizes: statistical tests run reduced in CI and full with SIMKIT_FULL=1."""

import os

FULL = bool(os.environ.get("SIMKIT_FULL"))


def size(ci: int, full: int) -> int:
    return full if FULL else ci
