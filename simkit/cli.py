"""The simkit command line: one thin click group over the core."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import click

from simkit import __version__
from simkit.core import registry
from simkit.core.errors import SimkitError


class SimkitGroup(click.Group):
    """Turns every user's mistake (a SimkitError) into one line and a non-zero exit, and so does a
    file the system refuses (a full disk, a folder without write permission)."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except SimkitError as exc:
            raise click.ClickException(str(exc)) from None
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            raise click.ClickException(f"{where}{exc.strerror or exc}") from None


def _game(value: str) -> str:
    """A game's registered name or a plug-in's import path (package.module:GAME), checked."""
    try:
        registry.game(value)
    except SimkitError as exc:
        raise click.BadParameter(str(exc)) from None
    return value


def _strategy_list(_ctx, _param, values):
    """Every --strategies given, each split by simkit.core.strategy.split_strategies."""
    from simkit.core.strategy import split_strategies

    names = [name for value in values for name in split_strategies(value)]
    if values and not names:
        raise click.BadParameter("name at least one strategy", param_hint="--strategies")
    return names or None


STRATEGIES_HELP = (
    "A strategy for every seat, or one per seat in order. Repeat the option or separate with "
    "commas or ';': bold,greedy. Parameters follow a colon: threshold:hike=5,drop=7 (a key=value "
    "after a comma belongs to the strategy before it). Your own: package.module:Class."
)


def _players(_ctx, _param, value):
    if value is None:
        return None
    try:
        counts = [int(v) for v in value.split(",") if v.strip()]
    except ValueError:
        raise click.BadParameter(f"'{value}': give a player count or a list like 2,3,4") from None
    return counts[0] if len(counts) == 1 else counts


@click.group(cls=SimkitGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="simkit")
def main():
    """simkit: Monte Carlo balance analysis for tabletop games.

    \b
    Example:
      simkit run --game lets-take-a-hike --players 4 --games 20000 --seed 1 --out runs/lth
      simkit report runs/lth
    """


@main.command()
def games():
    """The registered games (simkit's and installed plug-ins) and their player counts.

    \b
    Example:
      simkit games
    """
    specs = list(registry.games().values())
    name_width = max(len(spec.name) for spec in specs)
    title_width = max(len(spec.title) for spec in specs)
    for spec in specs:
        counts = (
            f"{spec.min_players}-{spec.max_players}"
            if spec.max_players > spec.min_players
            else f"{spec.min_players}"
        )
        click.echo(
            f"{spec.name:{name_width}}  {spec.title:{title_width}}  {counts:>4} players"
            f"  (default strategy: {spec.default_strategy})"
        )


@main.command()
@click.argument("game")
def strategies(game):
    """The strategies for GAME, what each plays like, and its parameters with their defaults.

    \b
    Example:
      simkit strategies lets-take-a-hike
    """
    from simkit.core.presets import presets_for
    from simkit.core.strategy import strategies_for

    _game(game)
    default = registry.game(game).default_strategy
    for name, info in strategies_for(game).items():
        params = ", ".join(f"{k}={v}" for k, v in info.params().items())
        mark = " (default)" if name == default else ""
        click.echo(f"{name}{mark}" + (f"  [{params}]" if params else ""))
        click.echo(f"    {info.summary}")
        meanings = info.param_help()
        for key, value in info.params().items():
            click.echo(f"      {key}={value}: {meanings.get(key) or 'no description'}")
        for preset, entry in presets_for(game, name).items():
            stored = ", ".join(f"{k}={v}" for k, v in entry.get("params", {}).items())
            click.echo(
                f"    preset {name}@{preset}: {stored} ({entry.get('gain', 'no gain noted')})"
            )


@main.command()
@click.argument("game")
def rules(game):
    """Every rule field of GAME with its default, what it allows and what it means; change one
    with --set FIELD=VALUE or a study's [rules] table.

    \b
    Example:
      simkit rules lets-take-a-hike
    """
    from simkit.core.rules import describe_rules

    spec = registry.game(_game(game))
    click.echo(f"{spec.title}: rule fields (--set FIELD=VALUE)")
    for field in describe_rules(spec.default_rules()):
        click.echo(f"{field.name} = {field.default}  ({field.allowed})")
        if field.help:
            click.echo(f"    {field.help}")


@main.command("new-game")
@click.argument("name")
@click.option(
    "--into",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("."),
    show_default="the current folder",
    help="Where the game's folder goes.",
)
def new_game(name, into):
    """Write a new game package NAME to start from: a renamed copy of the example game Summit
    Dice, with its rules, strategies, a study and tests (docs/adding-a-game.md says what to change).

    \b
    Example:
      simkit new-game river-race --into games-of-mine
    """
    from simkit.core.scaffold import new_game as write

    folder = write(name, into)
    module = name.replace("-", "_")
    click.echo(f"written: {folder}")
    click.echo(f"  install it: pip install -e {folder}, then: simkit check {name}")
    click.echo(f"  or, from {folder}: simkit check {module}:GAME")


@main.command()
@click.argument("spec", required=False, type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--game",
    help="Game to play: a registered name (simkit games) or your own, package.module:GAME; "
    "unless SPEC names it.",
)
@click.option(
    "--players",
    callback=_players,
    help="Players per game, or a list: 2,3,4.",
    show_default="study's, else the game's usual count",
)
@click.option(
    "--strategies",
    multiple=True,
    callback=_strategy_list,
    help=STRATEGIES_HELP,
    show_default="study's, else the game's default",
)
@click.option("--rotate/--no-rotate", default=None, help="Rotate the strategies over the seats.")
@click.option(
    "--games",
    "n_games",
    type=click.IntRange(min=1),
    help="Games per variant and player count.",
    show_default="study's, else 1000",
)
@click.option(
    "--seed",
    type=click.IntRange(min=0),
    help="Root seed (decides everything).",
    show_default="study's, else 0",
)
@click.option(
    "--jobs", type=int, default=-1, show_default=True, help="Worker processes (-1: all cores)."
)
@click.option("--chunk", type=click.IntRange(min=1), help="Games per Parquet part.")
@click.option(
    "--set",
    "sets",
    multiple=True,
    metavar="FIELD=VALUE",
    help="Override a rule, e.g. --set hazards.bear=0 (repeatable).",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Run directory.",
    show_default="runs/GAME/STUDY, or runs/GAME/run-ID for a command line, ID naming its settings",
)
@click.option(
    "--backend",
    type=click.Choice(["loky", "dask"]),
    default="loky",
    show_default=True,
    help="loky: processes on this machine; dask: a Dask cluster.",
)
@click.option("--scheduler", help="Dask scheduler address, tcp://HOST:PORT (with --backend dask).")
@click.option(
    "--engine",
    type=click.Choice(["auto", "python", "compiled"]),
    default="auto",
    show_default=True,
    help="auto: the compiled engine when every strategy has a compiled form, else Python.",
)
@click.option("--quiet", is_flag=True, help="No progress bar.")
@click.option(
    "--trace", is_flag=True, help="Also record every seat's score after each turn (traces/)."
)
@click.option(
    "--time-limit",
    type=click.FloatRange(min=0, min_open=True),
    help="Seconds a game may take; a game that runs longer stops the run naming the strategy, "
    "seat and seed.",
)
@click.option(
    "--repair",
    is_flag=True,
    help="Rebuild a damaged run.json of --out from this command (each part is checked against "
    "it; wrong ones are played again).",
)
@click.option(
    "--target-ci",
    type=click.FloatRange(min=0, min_open=True),
    help="Add games until every first-player-advantage interval is narrower than this "
    "(total width, e.g. 0.02); --games is then the budget.",
)
def run(
    spec,
    game,
    players,
    strategies,
    rotate,
    n_games,
    seed,
    jobs,
    chunk,
    sets,
    out,
    backend,
    scheduler,
    engine,
    quiet,
    trace,
    time_limit,
    repair,
    target_ci,
):
    """Play a batch of games and write their rows as Parquet.

    \b
    Examples:
      simkit run experiments/lets-take-a-hike/first-player.toml
      simkit run --game lets-take-a-hike --players 4 --games 20000 --seed 1 --out runs/lth
      simkit run --game lets-take-a-hike --strategies bold,greedy,cautious,random --rotate
      simkit run --game lets-take-a-hike --players 2 --strategies threshold:hike=5,drop=7
      simkit run --game lets-take-a-hike --players 2 --games 200000 --target-ci 0.01 --trace
    """
    from simkit.core.experiment import Experiment, default_run_dir
    from simkit.core.rules import parse_set
    from simkit.core.runner import run as run_experiment
    from simkit.core.runner import run_lock

    cli = {
        "game": game,
        "players": players,
        "strategies": strategies,
        "rotate": rotate,
        "games": n_games,
        "seed": seed,
        "chunk": chunk,
    }
    if sets:
        cli["set"] = parse_set(list(sets))
    if spec is not None:
        if not spec.is_file():
            raise click.BadParameter(f"no experiment file '{spec}'", param_hint="SPEC")
        exp = Experiment.from_file(spec, **cli)
    else:
        if not game:
            raise click.UsageError("name a game with --game, or give an experiment file")
        _game(game)
        exp = Experiment.from_dict({"name": registry.game(game).name}, **cli)
    out = out or default_run_dir(exp, from_file=spec is not None)
    options = {
        "progress": not quiet,
        "backend": backend,
        "scheduler": scheduler,
        "trace": trace,
        "engine": engine,
        "time_limit": time_limit,
        "repair": repair,
    }
    with run_lock(out):  # held until the command is recorded: no other run writes in between
        if target_ci is None:
            meta = run_experiment(exp, out, jobs=jobs, **options)
        else:
            from simkit.core.sequential import run_to_target

            meta = run_to_target(exp, out, target_ci, jobs=jobs, **options)
        _record_command(out)
    rate = meta["games_played_now"] / meta["seconds_now"] if meta["seconds_now"] else 0.0
    click.echo(
        f"{meta['games_total']} games in {out} ({meta['games_played_now']} played now, "
        f"{rate:.0f} games/s on {_count(meta['workers'], 'worker')}, {meta['engine']} engine)"
    )
    if target_ci is not None:
        seq = meta["sequential"]
        widest = seq["rounds"][-1]["widest_fpa_interval"]
        click.echo(
            f"{seq['games_per_cell']} games per cell: widest FPA interval {widest:.4f} "
            + ("below" if seq["reached"] else "still above")
            + f" the target {target_ci} (budget {seq['budget_per_cell']})"
        )


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _record_command(out: Path) -> None:
    """Keep the command that made a run in its run.json, for the report's provenance."""
    from simkit.core.results import read_run_meta, write_json

    meta = read_run_meta(out)
    meta["command"] = _command_line()
    write_json(out / "run.json", meta)


def _command_line() -> str:
    """The current command as the user could type it again (from click's parsed parameters)."""
    ctx = click.get_current_context()
    words = ["simkit", ctx.info_name]
    for param in ctx.command.params:
        value = ctx.params.get(param.name)
        if value is None or value == () or value == param.default:
            continue
        if isinstance(param, click.Argument):
            words.append(str(value))
        elif getattr(param, "is_flag", False):
            if value or param.secondary_opts:
                words.append(param.opts[0] if value else param.secondary_opts[0])
        else:
            values = value if param.multiple else [value]
            for v in values:
                text = ",".join(map(str, v)) if isinstance(v, list) else str(v)
                words += [param.opts[0], text]
    return shlex.join(words)


@main.command()
@click.argument("run_dirs", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--quiet", is_flag=True, help="Do not print the summary.")
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Where a comparison of several runs goes.",
    show_default="runs/comparison-ID, ID naming the runs",
)
def report(run_dirs, quiet, out):
    """Charts and an HTML report for a run (RUN_DIR/report/index.html), or several runs side by
    side.

    \b
    Examples:
      simkit report runs/lth
      simkit report runs/lth runs/lets-take-a-hike/first-player --out runs/lth-vs-study
    """
    from simkit.core.results import read_run_meta

    for run_dir in run_dirs:
        if not (run_dir / "run.json").is_file():
            raise click.BadParameter(f"'{run_dir}' is not a run directory (no run.json)")
        read_run_meta(run_dir)  # a damaged run.json: one line and how to repair it
    if len(run_dirs) == 1:
        from simkit.reports.balance import build

        page = build(run_dirs[0], quiet=quiet)
    else:
        from simkit.reports.compare import build_comparison

        page = build_comparison(list(run_dirs), out or _comparison_dir(run_dirs))
    click.echo(f"report: {page}")


def _comparison_dir(run_dirs) -> Path:
    import hashlib

    key = "\n".join(str(Path(d).resolve()) for d in run_dirs)
    return Path("runs") / f"comparison-{hashlib.sha256(key.encode()).hexdigest()[:8]}"


@main.command()
@click.argument("game")
@click.option(
    "--space",
    "space_file",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="Tune file: [space] of rule fields (lists of values or {lo, hi}) and the settings below.",
)
@click.option("--objective", type=click.Choice(["fpa", "length", "spread"]), help="What to meet.")
@click.option("--target", type=float, help="Target mean game length or score spread.")
@click.option("--budget", type=click.IntRange(min=10), help="Games to spend in all.")
@click.option("--players", type=click.IntRange(min=1), help="Players per game.")
@click.option(
    "--strategies", multiple=True, callback=_strategy_list, help="Strategies, as for simkit run."
)
@click.option("--seed", type=click.IntRange(min=0), help="Root seed.")
@click.option("--jobs", type=int, default=-1, show_default=True, help="Worker processes.")
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Where the settings' runs and tune.json go.",
    show_default="runs/GAME/tune-SPACE, SPACE the tune file's name",
)
@click.option(
    "--preset",
    help="Player tunes: store a winner proven better than the defaults as STRATEGY@PRESET.",
)
def tune(game, space_file, objective, target, budget, players, strategies, seed, jobs, out, preset):
    """Search rule settings for the ones that best meet an objective (successive halving on
    common random numbers) and compare the best with the rulebook; or, with `strategy = ...` in
    the tune file, a strategy's parameters for the best win share against a field.

    \b
    Examples:
      simkit tune lets-take-a-hike --space experiments/lets-take-a-hike/tune-fpa.toml
      simkit tune lets-take-a-hike --space experiments/lets-take-a-hike/tune-threshold.toml
    """
    from simkit.core.rules import load_toml

    _game(game)
    if not space_file.is_file():
        raise click.BadParameter(f"no tune file '{space_file}'", param_hint="--space")
    out = out or Path("runs") / registry.game(game).name / f"tune-{space_file.stem}"
    if "strategy" in load_toml(space_file):
        _tune_players(game, space_file, budget, players, seed, jobs, out, preset)
        return
    from simkit.core.tune import TuneSpec
    from simkit.core.tune import tune as run_tune

    cli = {
        "game": game,
        "objective": objective,
        "target": target,
        "budget": budget,
        "players": players,
        "strategies": strategies,
        "seed": seed,
    }
    spec = TuneSpec.from_file(space_file, **cli)
    result = run_tune(spec, out, jobs=jobs, say=click.echo)
    click.echo(
        f"{result['settings_tried']} settings, {result['games_spent']:,} games spent "
        f"(budget {result['budget']:,}); objective {result['objective']}"
    )
    for label, row in [("rulebook", result["rulebook"])] + [
        (best["name"], best) for best in result["best"]
    ]:
        paired = (
            "the reference"
            if label == "rulebook"
            else f"seat 0 vs rulebook {row['seat0_diff_vs_rulebook']:+.4f} "
            f"[{row['seat0_diff_lo']:+.4f}, {row['seat0_diff_hi']:+.4f}]"
        )
        click.echo(
            f"  {label}: FPA {row['fpa']:+.4f} [{row['fpa_lo']:+.4f}, {row['fpa_hi']:+.4f}], "
            f"length {row['mean_turns']:.1f}, {paired} over {row['games']:,} games "
            f"(objective {row['objective']:.4f})"
        )
    if result["confirmation"]["verdict"] != "better":
        click.echo(
            f"Not proven: {result['confirmation']['name']} could not be told apart from the "
            f"rulebook ({', '.join(f'{k}={v}' for k, v in result['rulebook_values'].items())})."
        )


def _tune_players(game, space_file, budget, players, seed, jobs, out, preset):
    from simkit.core.tune_players import PlayerTuneSpec, tune_players

    cli = {"game": game, "budget": budget, "players": players, "seed": seed, "preset": preset}
    spec = PlayerTuneSpec.from_file(space_file, **cli)
    result = tune_players(spec, out, jobs=jobs, say=click.echo)
    click.echo(
        f"{result['settings_tried']} settings of {result['strategy']}, "
        f"{result['games_spent']:,} games spent (budget {result['budget']:,})"
    )


@main.command()
@click.argument("run_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--index",
    "index",
    type=click.IntRange(min=0),
    required=True,
    help="game_index of the game to replay.",
)
@click.option(
    "--allow-import",
    is_flag=True,
    help="Let the run's strategies that are not registered be imported (runs their code: only "
    "for a run directory you trust).",
)
@click.option(
    "--decision",
    type=click.IntRange(min=0),
    help="Stop at this decision (0 = the first) and show the position and the legal moves.",
)
def replay(run_dir, index, allow_import, decision):
    """Replay one recorded game from its seed and tell it turn by turn.

    A strategy the run names by import path (module:Class) is code: replay imports it only with
    --allow-import.

    \b
    Examples:
      simkit replay runs/lth --index 17
      simkit replay runs/lets-take-a-hike/audit-bold --index 0 --decision 2
    """
    from simkit.core.replay import replay as replay_game

    if decision is not None:
        _show_position(run_dir, index, decision, allow_import)
        return
    state, rows, mismatches = replay_game(run_dir, index, allow_import=allow_import)
    first = rows.row(0, named=True)
    click.echo(
        f"Game {index}: {first['game']}, {first['n_players']} players, variant "
        f"{first['variant']}, seed {first['seed']}"
    )
    for seat, name in enumerate(rows["strategy"].to_list()):
        click.echo(f"  seat {seat}: {name}")
    for line in state.events:
        click.echo(line)
    outcome = state.outcome()
    click.echo(
        f"Result: scores {list(outcome.scores)}, ranks {list(outcome.ranks)}, "
        f"{outcome.turns} turns, end: {outcome.end_reason}"
    )
    if mismatches:
        raise SimkitError("replay does not match the recorded row: " + "; ".join(mismatches))
    click.echo("The replay matches the recorded row.")


# ---------------------------------------------------------------- instruments of player quality
# (issue 11: simkit audit, simkit ladder, simkit skill; simkit tune --strategy)


def _show_position(run_dir: Path, index: int, decision: int, allow_import: bool) -> None:
    from simkit.core.audit import position
    from simkit.core.replay import import_guard

    with import_guard(allow_import):
        events, state, played = position(run_dir, index, decision)
    for line in events:
        click.echo(line)
    seat = state.current_player()
    click.echo(f"Decision {decision}: seat {seat} to choose; scores so far {list(state.scores())}")
    for action in state.legal_actions():
        mark = "  <- played" if action == played else ""
        click.echo(f"  {state.action_text(action)}{mark}")


@main.command()
@click.argument("game")
@click.option("--strategy", "strategy_name", help="Strategy to audit (default: the game's).")
@click.option(
    "--decisions",
    type=click.IntRange(min=1),
    default=200,
    show_default=True,
    help="Decisions to sample (a few from each game).",
)
@click.option("--players", type=click.IntRange(min=1), help="Players per game (default: typical).")
@click.option(
    "--playouts",
    type=click.IntRange(min=2),
    default=None,
    help="Paired playouts per legal move (default 32; 128 where the game's compiled engine "
    "plays them).",
)
@click.option(
    "--policy", default="", help="Playout policy (default: the game's default heuristic)."
)
@click.option(
    "--horizon",
    type=click.IntRange(min=0),
    default=0,
    help="Cut playouts after this many decisions (0: to the end).",
)
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True)
@click.option("--set", "sets", multiple=True, metavar="FIELD=VALUE", help="Override a rule.")
@click.option("--jobs", type=int, default=1, show_default=True, help="Worker processes (-1: all).")
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Default runs/GAME/audit-STRATEGY.",
)
@click.option(
    "--value",
    type=click.Choice(["win", "margin"]),
    default="win",
    show_default=True,
    help="Judge blunders on win share (the margin breaking ties), or on the score margin.",
)
@click.option(
    "--confirm",
    type=click.IntRange(min=0),
    default=4,
    show_default=True,
    help="Second stage: the best and the played move again with this many times the playouts "
    "on fresh worlds (0: judge on the first stage alone).",
)
@click.option(
    "--rounds",
    type=click.IntRange(min=1),
    default=4,
    show_default=True,
    help="Looks of the second stage at a decision still in doubt.",
)
@click.option(
    "--against",
    default="",
    help="Also judge this strategy's move at the same positions: the paired difference in "
    "blunder rate and cost (e.g. a planted blunderer against its source).",
)
def audit(
    game,
    strategy_name,
    decisions,
    players,
    playouts,
    policy,
    horizon,
    seed,
    sets,
    jobs,
    out,
    value,
    confirm,
    rounds,
    against,
):
    """Blunder audit: value every legal move at sampled decisions of STRATEGY's games by paired
    playouts and report how often, and how dearly, its choice is clearly worse than the best.

    \b
    Example:
      simkit audit lets-take-a-hike --strategy bold --decisions 200 --players 2 --jobs 2
    """
    from simkit.core.audit import AuditSpec, compared_text, run_audit
    from simkit.core.rules import parse_set

    spec = registry.game(_game(game))
    name = strategy_name or spec.default_strategy
    plan = AuditSpec(
        game,
        name,
        decisions,
        players,
        seed,
        playouts or 0,
        policy,
        horizon,
        parse_set(list(sets)),
        value,
        confirm,
        rounds,
        against,
    )
    out = out or Path("runs") / spec.name / f"audit-{name.replace(':', '-')}"
    summary = run_audit(plan, out, jobs=jobs, progress=True)
    if not summary["decisions"]:
        click.echo("no decision with a real choice was found (moves that play out differently)")
        return
    click.echo(
        f"{summary['strategy']}: {summary['decisions']} decisions with a real choice from "
        f"{summary['games']} games ({summary['trivial']} whose moves all played out alike left "
        "out); "
        f"blunder rate {summary['blunder_rate']:.1%} [{summary['blunder_rate_lo']:.1%}, "
        f"{summary['blunder_rate_hi']:.1%}], mean cost {summary['mean_cost']:.4f} win share "
        f"[{summary['mean_cost_lo']:.4f}, {summary['mean_cost_hi']:.4f}] "
        f"(held out: {summary['heldout_cost']:.4f} [{summary['heldout_cost_lo']:.4f}, "
        f"{summary['heldout_cost_hi']:.4f}])"
    )
    if "against" in summary:
        click.echo(compared_text(summary))
    for w in summary["worst"]:
        click.echo(
            f"  cost {w['cost']:.3f}: played {w['played']}, best {w['best_move']}: {w['replay']}"
        )
    click.echo(f"written: {out / 'audit.parquet'}, {out / 'audit.html'}")


@main.command()
@click.argument("game")
@click.option(
    "--players", type=click.IntRange(min=1), help="Seats per game (default 2, or the least)."
)
@click.option(
    "--games",
    "n_games",
    type=click.IntRange(min=1),
    default=20,
    show_default=True,
    help="Shared seeds per pair (each played in every seat order).",
)
@click.option("--levels", default="2,8,32", show_default=True, help="Search playout counts.")
@click.option(
    "--horizon",
    type=click.IntRange(min=0),
    default=0,
    help="Cut the search levels' playouts after this many decisions (0: to the end).",
)
@click.option(
    "--strategies",
    "names",
    help="Strategies to rank, ';'-separated (default: the game's whole field).",
)
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True)
@click.option("--jobs", type=int, default=1, show_default=True, help="Worker processes (-1: all).")
@click.option(
    "--out", type=click.Path(file_okay=False, path_type=Path), help="Default runs/GAME/ladder."
)
def ladder(game, players, n_games, levels, horizon, names, seed, jobs, out):
    """Skill ladder: a round robin of random, the heuristics, their presets and search at rising
    playout counts, with Bradley-Terry ratings, the head-to-head matrix and the skill trace.

    \b
    Example:
      simkit ladder lets-take-a-hike --games 50 --levels 2,8,32 --jobs 2
    """
    from simkit.core.ladder import LadderSpec, ladder_text
    from simkit.core.ladder import ladder as run_ladder

    _game(game)
    try:
        counts = tuple(int(v) for v in levels.split(",") if v.strip())
    except ValueError:
        raise click.BadParameter(
            f"'{levels}': give playout counts like 2,8,32", param_hint="--levels"
        ) from None
    if any(c < 2 for c in counts):
        raise click.BadParameter(
            "every search level needs at least 2 playouts", param_hint="--levels"
        )
    field = [s.strip() for s in names.split(";") if s.strip()] if names else []
    plan = LadderSpec(game, players, n_games, seed, counts, field, horizon=horizon)
    out = out or Path("runs") / registry.game(game).name / "ladder"
    result = run_ladder(plan, out, jobs=jobs, progress=True)
    for line in ladder_text(result):
        click.echo(line)


@main.command()
@click.argument("study", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--seed", type=click.IntRange(min=0), help="Root seed (shared by every level).")
@click.option(
    "--games",
    "n_games",
    type=click.IntRange(min=1),
    help="Games per cell at every level (default: the study's `games`).",
)
@click.option("--jobs", type=int, default=1, show_default=True, help="Worker processes (-1: all).")
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Default runs/GAME/levels-STUDY.",
)
def levels(study, seed, n_games, jobs, out):
    """Verdicts across skill: play a study file's `levels = [...]` (weak to strong) on the same
    seeds and say, per player count and variant, whether the verdict holds at every level.

    \b
    Example:
      simkit levels experiments/lets-take-a-hike/first-player-across-skill.toml --jobs 2
    """
    from simkit.core.levels import run_levels

    if not study.is_file():
        raise click.BadParameter(f"no study file '{study}'", param_hint="STUDY")
    if out is None:
        from simkit.core.rules import load_toml

        game = load_toml(study).get("game")
        folder = registry.game(game).name if isinstance(game, str) else "levels"
        out = Path("runs") / folder / f"levels-{study.stem}"
    summary = run_levels(study, out, jobs=jobs, progress=True, seed=seed, games=n_games)
    for line in summary["findings"]:
        click.echo(line)
    click.echo(f"written: {out / 'levels.json'}, {out / 'levels.parquet'}")


@main.command()
@click.argument("game")
@click.option(
    "--games",
    "n_games",
    type=click.IntRange(min=1),
    default=100,
    show_default=True,
    help="Random games per player count.",
)
@click.option(
    "--players",
    callback=_players,
    help="Player counts: 3, or a list 2,3,4.",
    show_default="every count the game allows",
)
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True, help="Root seed.")
@click.option(
    "--rules",
    "rules_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="A TOML file of rule overrides (a [rules] table or top-level fields).",
)
@click.option("--set", "sets", multiple=True, metavar="FIELD=VALUE", help="Override a rule.")
def check(game, n_games, players, seed, rules_file, sets):
    """Property checks: random legal play with every invariant checked after every action.

    \b
    Example:
      simkit check lets-take-a-hike --games 500 --set hazards.bear=4
    """
    from simkit.core.check import run_check
    from simkit.core.rules import load_toml, make_rules, parse_set
    from simkit.core.schema import rules_file_overrides

    spec = registry.game(_game(game))
    overrides = {}
    base_dir = None
    if rules_file:
        overrides.update(rules_file_overrides(load_toml(rules_file), rules_file))
        base_dir = rules_file.parent
    overrides.update(parse_set(list(sets)))
    rules = make_rules(spec, overrides, base_dir)
    counts = (
        players if isinstance(players, list) else [players] if players else list(spec.player_counts)
    )
    for n in counts:
        if n not in spec.player_counts:
            raise click.BadParameter(
                f"{n}: {game} plays {spec.min_players}-{spec.max_players} players",
                param_hint="--players",
            )
    with click.progressbar(length=n_games * len(counts), label="checking") as bar:
        result = run_check(spec, rules, counts, n_games, seed, progress=bar.update)
    click.echo(
        f"{result.games} games, {result.actions} actions, "
        f"{result.turn_limit_games} ended at the turn cap"
    )
    for f in result.failures:
        click.echo(f"FAILED: seed {f.seed}, {f.n_players} players: {f.problem}")
        click.echo(f"  actions: {f.actions}")
    if result.failures:
        sys.exit(1)
    click.echo("all checks passed")


@main.command("compile")
@click.argument("games", nargs=-1)
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    help="Processes compiling at once (default: one a core, the longest compile first).",
)
def compile_engines(games, jobs):
    """Compile the games' compiled engines and their compiled playouts now (all games if none is
    named), so that no run, search or audit waits for it: numba keeps them on disk. The first
    compile takes a minute to several minutes by game; a run does it itself when it must.

    \b
    Example:
      simkit compile lets-take-a-hike
    """
    from simkit.core.runner import compile_engines

    names = [_game(g) for g in games] or list(registry.games())
    done = compile_engines(names, jobs or 0)
    click.echo(
        f"compiled: {', '.join(done) if done else 'none of these games has a compiled engine'}"
    )


@main.command()
@click.argument("games", nargs=-1)
@click.option("--seconds", type=float, default=3.0, show_default=True, help="Time per measurement.")
@click.option(
    "--json",
    "json_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write the table as JSON here.",
)
def bench(games, seconds, json_path):
    """Games/s and decisions/s per core for each game, and the two-worker speed-up; with a
    compiled engine its games/s, the ratio and the share of Python around its kernel; and the
    minutes a million games would take on two cores. A kernel with a C port (bench/c_reference,
    built with cc -O2 when first asked) is also timed beside it on the same games.

    \b
    Example:
      simkit bench lets-take-a-hike --json bench.json
    """
    from simkit.core.bench import run_bench

    names = [_game(g) for g in games] or list(registry.games())
    result = run_bench(names, seconds)
    click.echo(
        f"{'game':24} {'strategy':12} {'games/s':>9} {'decisions/s':>12} {'2 workers':>10}"
        f" {'compiled g/s':>13} {'fast path':>10} {'py share':>9} {'at 3x':>6} {'1M games':>9}"
    )
    for r in result["results"]:
        compiled = r.get("compiled_games_per_s_one_core")
        fast = (
            f"{compiled:13.0f} {r['fast_path_ratio']:9.1f}x" if compiled else f"{'-':>13} {'-':>10}"
        )
        # The share of a compiled chunk's time spent in Python around the kernel, today and with
        # a kernel three times faster.
        for key, width in (
            ("compiled_python_share", 9),
            ("compiled_python_share_faster_kernel", 6),
        ):
            share = r.get(key)
            fast += f" {share:{width}.1%}" if share is not None else f" {'-':>{width}}"
        million = f"{r['million_games_two_cores_s'] / 60:7.1f} min"
        click.echo(
            f"{r['game']:24} {r['strategy']:12} {r['games_per_s_one_core']:9.1f} "
            f"{r['decisions_per_s_one_core']:12.0f} {r['speedup_two_workers']:9.2f}x {fast}"
            f" {million}"
        )
    _echo_c_reference(result["results"])
    if json_path:
        json_path.write_text(json.dumps(result, indent=2))
        click.echo(f"written: {json_path}")


def _echo_c_reference(results: list[dict]) -> None:
    """The compiled kernels beside their C ports (same games, in turn, on one core)."""
    measured = [r for r in results if "c_reference" in r or "c_games_per_s_one_core" in r]
    if not measured:
        return
    click.echo(
        f"\n{'kernel against C':24} {'strategy':12} {'kernel g/s':>11} {'C g/s':>9}"
        f" {'C/kernel':>9} {'games':>7}  same outcomes"
    )
    for r in measured:
        if "c_reference" in r:
            click.echo(f"{r['game']:24} {r['strategy']:12} {r['c_reference']}")
            continue
        click.echo(
            f"{r['game']:24} {r['strategy']:12} {r['kernel_games_per_s_one_core']:11.0f}"
            f" {r['c_games_per_s_one_core']:9.0f} {r['c_over_kernel']:8.2f}x {r['c_games']:7d}"
            f"  {'yes' if r['c_equal'] else 'NO'}"
        )
