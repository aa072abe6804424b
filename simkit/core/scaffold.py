"""``simkit new-game NAME``: a new game package to start from, a renamed copy of the example game.

The copy is Summit Dice (``examples/summit-dice``) under the new names: a complete game that passes
the conformance suite, with its rules, three strategies, a study and tests, for the designer to turn
into their own game by the guide (``docs/adding-a-game.md``).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from simkit.core.errors import SimkitError

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "summit-dice"
NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
SKIP = shutil.ignore_patterns(
    "__pycache__", "*.egg-info", "runs", ".pytest_cache", ".hypothesis", "*.pyc", "build"
)


def names(name: str) -> dict[str, str]:
    """The example's names and the new game's: package, registry name, title, classes."""
    if not NAME.match(name):
        raise SimkitError(
            f"game name '{name}': use lower-case words joined by hyphens, e.g. river-race"
        )
    title = name.replace("-", " ").title()
    camel = title.replace(" ", "")
    return {
        "summit_dice": name.replace("-", "_"),
        "summit-dice": name,
        "Summit Dice": title,
        "SummitRules": f"{camel}Rules",
        "SummitState": f"{camel}State",
    }


def new_game(name: str, parent: Path) -> Path:
    """Write the package for game ``name`` into ``parent/name``; returns that folder."""
    renames = names(name)
    target = Path(parent) / name
    if target.exists():
        raise SimkitError(f"{target} exists already: choose another name or folder")
    if not EXAMPLE.is_dir():
        raise SimkitError(
            f"the example game is not here ({EXAMPLE}): new-game copies it from a clone of "
            "the simkit repository"
        )
    shutil.copytree(EXAMPLE, target, ignore=SKIP)
    for path in sorted(target.rglob("*summit_dice*"), reverse=True):  # files before their folder
        path.rename(path.with_name(path.name.replace("summit_dice", renames["summit_dice"])))
    for path in sorted(target.rglob("*")):
        if path.is_file():
            text = path.read_text()
            for old, new in renames.items():
                text = text.replace(old, new)
            path.write_text(text)
    return target
