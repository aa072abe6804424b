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
    if value not in registry.games():
        raise click.BadParameter(
            f"unknown game '{value}'; registered: {', '.join(registry.games())}"
        )
    return value


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
    """The registered games and their player counts.

    Example: simkit games
    """
    for spec in registry.games().values():
        click.echo(
            f"{spec.name:24} {spec.title:28} {spec.min_players}-{spec.max_players} players"
            f"  (default strategy: {spec.default_strategy})"
        )


@main.command()
@click.argument("game")
def strategies(game):
    """The strategies for GAME and what each plays like.

    Example: simkit strategies lets-take-a-hike
    """
    from simkit.core.strategy import strategies_for

    _game(game)
    default = registry.game(game).default_strategy
    for name, info in strategies_for(game).items():
        params = ", ".join(f"{k}={v}" for k, v in info.params().items())
        mark = " (default)" if name == default else ""
        click.echo(f"{name}{mark}" + (f"  [{params}]" if params else ""))
        click.echo(f"    {info.summary}")


@main.command()
@click.argument("spec", required=False, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--game", help="Game to play (registry name), unless SPEC names it.")
@click.option("--players", callback=_players, help="Players per game, or a list: 2,3,4.")
@click.option("--strategies", help="One strategy for every seat, or one per seat, comma-separated.")
@click.option("--rotate/--no-rotate", default=None, help="Rotate the strategies over the seats.")
@click.option(
    "--games", "n_games", type=click.IntRange(min=1), help="Games per variant and player count."
)
@click.option("--seed", type=click.IntRange(min=0), help="Root seed (decides everything).")
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
    help="Run directory (default runs/<name>).",
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
        exp = Experiment.from_dict({"name": game}, **cli)
    out = out or default_run_dir(exp.name)
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
        f"{rate:.0f} games/s on {meta['workers']} workers, {meta['engine']} engine)"
    )
    if target_ci is not None:
        seq = meta["sequential"]
        widest = seq["rounds"][-1]["widest_fpa_interval"]
        click.echo(
            f"{seq['games_per_cell']} games per cell: widest FPA interval {widest:.4f} "
            + ("below" if seq["reached"] else "still above")
            + f" the target {target_ci} (budget {seq['budget_per_cell']})"
        )


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
    help="Where a comparison of several runs goes (default runs/comparison).",
)
def report(run_dirs, quiet, out):
    """Charts and an HTML report for a run (RUN_DIR/report/index.html), or several runs side by
    side.

    \b
    Examples:
      simkit report runs/lth
      simkit report runs/lth-bold runs/lth-search --out runs/bold-vs-search
    """
    from simkit.core.results import read_run_meta

    for run_dir in run_dirs:
        if not (run_dir / "run.json").is_file():
            raise click.BadParameter(f"'{run_dir}' is not a run directory (no run.json)")
        read_run_meta(run_dir)  # a damaged run.json: one line and how to repair it
    if len(run_dirs) == 1:
        from reports.balance import build

        page = build(run_dirs[0], quiet=quiet)
    else:
        from reports.compare import build_comparison

        page = build_comparison(list(run_dirs), out or Path("runs") / "comparison")
    click.echo(f"report: {page}")


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
@click.option("--strategies", help="Strategies, as for simkit run.")
@click.option("--seed", type=click.IntRange(min=0), help="Root seed.")
@click.option("--jobs", type=int, default=-1, show_default=True, help="Worker processes.")
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Where the settings' runs and tune.json go (default runs/tune-GAME).",
)
def tune(game, space_file, objective, target, budget, players, strategies, seed, jobs, out):
    """Search rule settings for the ones that best meet an objective (successive halving on
    common random numbers) and compare the best with the rulebook.

    \b
    Example:
      simkit tune lets-take-a-hike --space experiments/lets-take-a-hike/tune-fpa.toml
    """
    from simkit.core.tune import TuneSpec
    from simkit.core.tune import tune as run_tune

    _game(game)
    if not space_file.is_file():
        raise click.BadParameter(f"no tune file '{space_file}'", param_hint="--space")
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
    result = run_tune(spec, out or Path("runs") / f"tune-{game}", jobs=jobs, say=click.echo)
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
            f"length {row['mean_turns']:.1f}, {paired} over {row['games']:,} games"
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
def replay(run_dir, index, allow_import):
    """Replay one recorded game from its seed and tell it turn by turn.

    A strategy the run names by import path (module:Class) is code: replay imports it only with
    --allow-import.

    Example: simkit replay runs/lth --index 17
    """
    from simkit.core.replay import replay as replay_game

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
@click.option("--players", callback=_players, help="Player counts (default: all the game's).")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True)
@click.option(
    "--rules",
    "rules_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="A TOML file of rule overrides (a [rules] table or top-level fields).",
)
@click.option("--set", "sets", multiple=True, metavar="FIELD=VALUE", help="Override a rule.")
def check(game, n_games, players, seed, rules_file, sets):
    """Property checks: random legal play with every invariant checked after every action.

    Example: simkit check lets-take-a-hike --games 500 --set hazards.bear=4
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
    """Games/s and decisions/s per core for each game, and the two-worker speed-up.

    Example: simkit bench lets-take-a-hike --json bench.json
    """
    from simkit.core.bench import run_bench

    names = [_game(g) for g in games] or list(registry.games())
    result = run_bench(names, seconds)
    click.echo(
        f"{'game':24} {'strategy':12} {'games/s':>9} {'decisions/s':>12} {'2 workers':>10}"
        f" {'compiled g/s':>13} {'fast path':>10}"
    )
    for r in result["results"]:
        compiled = r.get("compiled_games_per_s_one_core")
        fast = (
            f"{compiled:13.0f} {r['fast_path_ratio']:9.1f}x" if compiled else f"{'-':>13} {'-':>10}"
        )
        click.echo(
            f"{r['game']:24} {r['strategy']:12} {r['games_per_s_one_core']:9.1f} "
            f"{r['decisions_per_s_one_core']:12.0f} {r['speedup_two_workers']:9.2f}x {fast}"
        )
    if json_path:
        json_path.write_text(json.dumps(result, indent=2))
        click.echo(f"written: {json_path}")
