"""Every example in the README and in ``--help`` runs: the commands (shrunk to a few games, in a
scratch folder beside the repository's experiments) and the README's Python snippets on the runs
those commands made."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from simkit.cli import main

ROOT = Path(__file__).parent.parent
README = ROOT / "README.md"
# Placeholders stand for what the reader fills in (RUN_DIR, SCHEDULER ...): a pattern, not an example.
PLACEHOLDER = re.compile(r"\b[A-Z][A-Z0-9_]{2,}\b|\.\.\.")
# Small sizes, so that every example runs in seconds; each replaces the example's own value.
SHRINK = {
    "run": {"--games": "24", "--jobs": "1", "--chunk": "12"},
    "check": {"--games": "4"},
    "tune": {"--budget": "200", "--jobs": "1"},
    "bench": {"--seconds": "0.05"},
    "audit": {"--decisions": "3", "--playouts": "2", "--confirm": "0", "--jobs": "1"},
    "ladder": {"--games": "1", "--levels": "2", "--jobs": "1"},
    "levels": {"--games": "4", "--jobs": "1"},
}
FLAGS = {"run": ["--quiet"], "report": ["--quiet"]}


def readme_commands() -> list[str]:
    """simkit commands in the README's shell blocks and inline code, in reading order."""
    text = README.read_text()
    found = []
    for match in re.finditer(r"```(\w*)\n(.*?)```|`([^`\n]+)`", text, re.S):
        if match.group(3) is not None:  # inline: `simkit run` alone names the command
            lines, least = [match.group(3)], 3
        elif match.group(1) in ("", "sh", "bash"):
            lines, least = match.group(2).replace("\\\n", " ").splitlines(), 2
        else:
            continue
        for line in lines:
            line = line.split("#")[0].strip()
            words = line.split()
            if words and words[0] in ("simkit", ".venv/bin/simkit") and len(words) >= least:
                found.append(" ".join(["simkit", *words[1:]]))
    return found


def help_commands() -> list[str]:
    """The examples in every command's --help."""
    found = []
    ctx = click.Context(main)
    texts = [main.help] + [main.get_command(ctx, name).help for name in main.list_commands(ctx)]
    for text in texts:
        for line in (text or "").splitlines():
            line = line.strip().removeprefix("Example:").strip()
            if line.startswith("simkit ") and len(line.split()) > 1:
                found.append(line)
    return found


def runnable(commands: list[str]) -> list[str]:
    return [c for c in commands if not PLACEHOLDER.search(c)]


def shrunk(command: str) -> list[str]:
    """The example's arguments with the sizes of SHRINK and the flags of FLAGS."""
    args = shlex.split(command)[1:]
    name = args[0]
    for option, value in SHRINK.get(name, {}).items():
        if option in args:
            args[args.index(option) + 1] = value
        else:
            args += [option, value]
    return args + [f for f in FLAGS.get(name, []) if f not in args]


def in_order(commands: list[str]) -> list[str]:
    """Runs first (the other examples read them), then the rest, each once, in their order."""
    unique = list(dict.fromkeys(commands))
    first = ("run", "audit")  # what the others read: runs, and the audit that replay shows
    return [c for c in unique if c.split()[1] in first] + [
        c for c in unique if c.split()[1] not in first
    ]


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    """A scratch folder with the repository's experiments, where every example has run once."""
    folder = tmp_path_factory.mktemp("examples")
    (folder / "experiments").symlink_to(ROOT / "experiments")
    failures: dict[str, str] = {}
    runner = CliRunner()
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(folder)
        for command in in_order(runnable(readme_commands() + help_commands())):
            result = runner.invoke(main, shrunk(command))
            if result.exit_code != 0:
                failures[command] = result.output[-600:] + repr(result.exception)
    return folder, failures


def test_the_examples_are_found():
    readme, helps = readme_commands(), help_commands()
    assert (
        "simkit run --game lets-take-a-hike --players 2 --strategies threshold:hike=5,drop=7"
        in (readme)
    )
    assert "simkit replay runs/lth --index 17" in readme + helps
    assert len(runnable(readme)) >= 10 and len(runnable(helps)) >= 10
    assert shrunk("simkit run --game x --games 20000") == [
        "run", "--game", "x", "--games", "24", "--jobs", "1", "--chunk", "12", "--quiet",
    ]  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("source", ["README", "--help"])
def test_every_example_command_runs(workspace, source):
    _, failures = workspace
    commands = runnable(readme_commands() if source == "README" else help_commands())
    broken = {c: failures[c] for c in commands if c in failures}
    assert not broken, "\n\n".join(f"{c}\n{why}" for c, why in broken.items())


def python_snippets() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(), re.S)


@pytest.mark.slow
@pytest.mark.parametrize("number", range(len(python_snippets())))
def test_every_readme_snippet_runs(workspace, number, monkeypatch):
    folder, _ = workspace
    monkeypatch.chdir(folder)
    exec(compile(python_snippets()[number], f"README snippet {number}", "exec"), {})


def test_there_are_snippets_for_polars_pandas_and_duckdb():
    text = "\n".join(python_snippets())
    for needle in ("pl.read_parquet(", "pd.read_parquet(", "duckdb.sql(", "union_by_name"):
        assert needle in text


def test_every_strategies_fragment_in_the_readme_names_real_strategies():
    """Option fragments (`--strategies "search:playouts=16;bold"`) build for the game they name."""
    from simkit.core.strategy import make_strategy, split_strategies

    fragments = re.findall(r"`--strategies ([^`]+)`", README.read_text())
    checked = 0
    for fragment in fragments:
        for name in split_strategies(shlex.split(fragment)[0]):
            if name.split(":")[0] in ("mypkg.mod", "my_pkg.players"):
                continue  # the reader's own module, a pattern
            make_strategy(name, "lets-take-a-hike")
            checked += 1
    assert checked >= 3
