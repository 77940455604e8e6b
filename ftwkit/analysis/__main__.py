"""Command line for long balance studies: ``python -m ftwkit.analysis GAME [options]``.

Examples::

    python -m ftwkit.analysis playwin --games 1000 --agents mcts,random --out pw.parquet
    python -m ftwkit.analysis pnrz --variant default --variant printed:quadrant_count=printed \\
        --agents "mcts:iterations=200,random" --scheduler tcp://scheduler:8786

Prints the metrics in words (and the comparison of each variant with the first), saves the
results with ``--out`` (load them with ``ftwkit.analysis.load``) and writes casebook drafts of
the rule holes with ``--holes DIR``. Every argument and path is checked before the first game;
``--out`` is written atomically, never over an existing file without ``--force``; an interrupted
study (Ctrl-C, SIGTERM) saves what it has, exits with status 130 and continues with
``--resume``. The default agents are the game's study-level searcher in every seat (skilled
play); ``--agents random,random`` studies random play.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = [
    "EXIT_INTERRUPTED",
    "EXIT_USAGE",
    "check_folder",
    "check_out",
    "main",
    "option_value",
    "parse_agents",
    "parse_value",
    "parse_variant",
]


def parse_value(text: str) -> Any:
    """An option value from text: ``true``/``false``, ``none``/``null``, an integer, or text.

    >>> [parse_value(t) for t in ("true", "3", "none", "end_of_move")]
    [True, 3, None, 'end_of_move']
    """
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if low in ("none", "null"):
        return None
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


def _pairs(text: str, what: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in filter(None, text.split(",")):
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"{what}: expected name=value, not {item!r}")
        out[key.strip()] = value.strip()
    return out


def option_value(spec: Any, text: str) -> Any:
    """An option value from text, read by the option's type: a choice is kept as the text it
    names (so ``none`` in ``max_capture=none`` stays the string ``"none"``), ``none``/``off``
    means None only for an option that may be off, a number for an integer option.

    >>> from ftwkit.options import OptionSpec
    >>> choice = OptionSpec("max_capture", "global", ("global", "per_piece", "none"), "choice", "")
    >>> option_value(choice, "none")
    'none'
    """
    low = text.lower()
    if spec.kind == "bool":
        if low in ("true", "yes", "on", "1"):
            return True
        if low in ("false", "no", "off", "0"):
            return False
        raise ValueError(f"option {spec.name!r} is true or false, not {text!r}")
    for choice in spec.choices or ():
        if isinstance(choice, str) and choice == text:
            return choice
        if not isinstance(choice, str) and str(choice) == text:
            return choice  # a numeric choice (Play Win's lines = 6 or 12)
    if spec.kind.startswith("optional_") and low in ("none", "null", "off"):
        return None
    if spec.kind in ("int", "optional_int"):
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"option {spec.name!r} is a whole number, not {text!r}") from None
    return text


def parse_variant(text: str, game: str | None = None) -> tuple[str, dict[str, Any]]:
    """``name:opt=value,opt2=value`` (or just ``name`` for the defaults) as ``(name, options)``.

    With ``game``, each value is read by its option's type (see :func:`option_value`) and an
    unknown option is refused naming the valid ones; without it, by :func:`parse_value`.

    >>> parse_variant("strict:removal=end_of_move")
    ('strict', {'removal': 'end_of_move'})
    >>> parse_variant("nomax:max_capture=none", "playwin")
    ('nomax', {'max_capture': 'none'})
    """
    name, _, options = text.partition(":")
    name = name.strip()
    if not name:
        raise ValueError(f"variant {text!r}: give a name, e.g. default or strict:opt=value")
    raw = _pairs(options, f"variant {name}")
    if game is None:
        return name, {k: parse_value(v) for k, v in raw.items()}
    import ftwkit
    from ftwkit.options import describe_options

    specs = {s.name: s for s in describe_options(ftwkit.rules(game).Options)}
    out: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in specs:
            raise ValueError(
                f"variant {name}: {game} has no option {key!r}; options: {', '.join(specs)}"
            )
        out[key] = option_value(specs[key], value)
    ftwkit.rules(game, **out)  # checks the values (choices, ranges) now, before any game
    return name, out


def _typed(pairs: dict[str, str]) -> dict[str, Any]:
    return {k: parse_value(v) for k, v in pairs.items()}


def parse_agents(text: str) -> list[Any]:
    """``mcts:iterations=200,random`` as agent specs: a name, or ``(name, params)``.

    Parameters follow their agent's colon; a comma starts the next agent unless it continues
    that agent's ``key=value`` list.

    >>> parse_agents("mcts:iterations=200,seconds=1,random")
    [('mcts', {'iterations': 200, 'seconds': 1}), 'random']
    """
    specs: list[Any] = []
    for item in filter(None, (t.strip() for t in text.split(","))):
        if "=" in item and ":" not in item and specs:
            last = specs[-1]
            if isinstance(last, str):
                raise ValueError(f"agents: parameter {item!r} follows {last!r} without a colon")
            last[1].update(_typed(_pairs(item, f"agent {last[0]}")))
            continue
        name, sep, params = item.partition(":")
        specs.append((name, _typed(_pairs(params, f"agent {name}"))) if sep else name)
    return specs


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m ftwkit.analysis",
        description=(
            "Self-play balance study: metrics per variant, saved results, rule holes. "
            "'python -m ftwkit.analysis report GAME …' writes a report to hand out."
        ),
    )
    study_arguments(parser)
    parser.add_argument("--batch-size", type=int, default=None, help="games per task")
    parser.add_argument(
        "--until",
        choices=("all", "decided"),
        default="all",
        help="'decided': play in rounds until each comparison with the first variant is "
        "decided by a sequential test, --games being the budget per variant",
    )
    parser.add_argument("--out", default=None, help="save results (.parquet or .jsonl)")
    parser.add_argument("--force", action="store_true", help="overwrite an existing --out")
    parser.add_argument(
        "--resume",
        action="store_true",
        help="continue the interrupted study saved in --out (same seeds, same table)",
    )
    parser.add_argument("--holes", default=None, metavar="DIR", help="write casebook drafts")
    parser.add_argument(
        "--scheduler", default=None, help="Dask scheduler address (tcp://host:8786)"
    )
    running_arguments(parser)
    return parser


def study_arguments(parser: argparse.ArgumentParser) -> None:
    """The options that say which games a study plays (shared with ``report``)."""
    parser.add_argument("game", help="game id, e.g. playwin")
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME[:OPT=VALUE,...]",
        help="a variant to study (repeat for an A/B comparison); default: the default rules",
    )
    parser.add_argument(
        "--agents",
        default=None,
        help="one agent per seat, e.g. mcts:iterations=200,random; default: the game's "
        "study-level searcher (MCTS at the game's study budget) in every seat",
    )
    parser.add_argument(
        "--players", type=int, default=None, help="players per game; default: the game's default"
    )
    parser.add_argument("--games", type=int, default=100, help="games per variant")
    parser.add_argument(
        "--seed", type=int, default=0, help="fixes every game of the study (default 0)"
    )
    parser.add_argument(
        "--max-plies",
        type=int,
        default=None,
        help="stop a game after this many moves (a timeout); default 1000",
    )


def running_arguments(parser: argparse.ArgumentParser) -> None:
    """The options that say how a study runs (shared with ``report``)."""
    parser.add_argument("--serial", action="store_true", help="play in this process only")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


EXIT_USAGE = 2
"""Exit status of a refused command line (bad argument or path): nothing was played."""
EXIT_INTERRUPTED = 130
"""Exit status of an interrupted study (as a shell reports Ctrl-C): the games played so far are
saved to ``--out`` when given, and ``--resume`` continues them."""


class UsageError(ValueError):
    """A command line refused before any game is played."""


def _positive(name: str, value: int | None, allow_none: bool = True) -> None:
    if value is None and allow_none:
        return
    if value is None or value < 1:
        raise UsageError(f"{name} must be a positive whole number, not {value}")


def check_out(path: str, *, force: bool, resume: bool) -> Path:
    """The ``--out`` path, checked before any game: a known suffix, a writable folder, and no
    existing file unless ``--force`` (overwrite) or ``--resume`` (continue it)."""
    out = Path(path)
    if out.suffix not in (".parquet", ".jsonl"):
        raise UsageError(f"--out {path}: results are saved as .parquet or .jsonl")
    folder = out.parent if str(out.parent) else Path(".")
    if not folder.is_dir():
        raise UsageError(f"--out {path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        raise UsageError(f"--out {path}: the folder {folder} is not writable")
    if out.is_dir():
        raise UsageError(f"--out {path} is a folder, not a file")
    if resume and not out.exists():
        raise UsageError(f"--resume: there is no saved study at {path}")
    if out.exists() and not (force or resume):
        raise UsageError(
            f"--out {path} exists: add --force to overwrite it or --resume to continue it"
        )
    if out.suffix == ".parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise UsageError("--out …parquet needs pyarrow: use .jsonl instead") from None
    return out


def check_folder(path: str, what: str) -> Path:
    """A folder to write into, checked before any game: it is not a file, and it exists or will
    be created inside the nearest existing folder above it, which must be writable."""
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{what} {path} is a file, not a folder")
    parent = folder
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        raise UsageError(f"{what} {path}: {parent} is a file, not a folder")
    if not os.access(parent, os.W_OK):
        raise UsageError(f"{what} {path}: {parent} is not writable")
    return folder


def _variants(game: str, texts: Sequence[str]) -> dict[str, dict[str, Any]] | None:
    variants: dict[str, dict[str, Any]] = {}
    for text in texts:
        name, options = parse_variant(text, game)
        if name in variants:
            raise UsageError(f"--variant {name!r} is given twice: give each variant its own name")
        variants[name] = options
    return variants or None


def _check_game(game: str) -> None:
    import ftwkit

    if game not in ftwkit.game_ids():
        raise UsageError(f"unknown game {game!r}; games: {', '.join(ftwkit.game_ids())}")


def _on_sigterm(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


CHECKPOINT_SECONDS = 20.0
"""With ``--out``, the games played so far are saved at most this often while a study runs, so
that even a killed run can be resumed."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 done, 2 refused, 130 interrupted)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list[:1] == ["report"]:
        from ftwkit.analysis.report import main as report_main

        return report_main(args_list[1:])
    args = _parser().parse_args(args_list)
    try:
        _check_game(args.game)
        _positive("--games", args.games, allow_none=False)
        _positive("--batch-size", args.batch_size)
        _positive("--max-plies", args.max_plies)
        _positive("--players", args.players)
        variants = _variants(args.game, args.variant)
        agents = None if args.agents is None else parse_agents(args.agents)
        out = (
            None if args.out is None else check_out(args.out, force=args.force, resume=args.resume)
        )
        if args.resume and out is None:
            raise UsageError("--resume needs --out: the saved study to continue")
        holes = None if args.holes is None else check_folder(args.holes, "--holes")
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return EXIT_USAGE
    return _run(args, variants, agents, out, holes)


def _run(
    args: argparse.Namespace,
    variants: dict[str, dict[str, Any]] | None,
    agents: list[Any] | None,
    out: Path | None,
    holes: Path | None,
) -> int:
    import time

    import pandas as pd

    from ftwkit.analysis.execution import SerialExecutor
    from ftwkit.analysis.readable import sample_warning
    from ftwkit.analysis.results import Results, load
    from ftwkit.analysis.study import simulate

    saved: Results | None = None
    if args.resume:
        assert out is not None
        try:
            saved = load(out)
        except (ValueError, OSError, KeyError) as err:
            print(f"error: --resume: {err}", file=sys.stderr)
            return EXIT_USAGE
    client: Any = None
    executor: Any = SerialExecutor() if args.serial else None
    if args.scheduler:
        try:
            from dask.distributed import Client
        except ImportError:
            print("error: --scheduler needs Dask: pip install 'ftwkit[dask]'", file=sys.stderr)
            return EXIT_USAGE
        client = executor = Client(args.scheduler)
    last_save = time.monotonic()

    def checkpoint(partial: Results) -> None:
        nonlocal last_save
        if out is not None and time.monotonic() - last_save > CHECKPOINT_SECONDS:
            partial.interrupted = True  # until the study completes
            partial.save(out)
            last_save = time.monotonic()

    previous = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        kwargs: dict[str, Any] = {
            "variants": variants,
            "agents": agents,
            "players": args.players,
            "seed": args.seed,
            "executor": executor,
            "progress": not args.no_progress,
            "max_plies": args.max_plies,
            "batch_size": args.batch_size,
        }
        results = simulate(
            args.game,
            games=args.games,
            until=args.until,
            resume=saved,
            on_result=checkpoint,
            **kwargs,
        )
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return EXIT_USAGE
    finally:
        signal.signal(signal.SIGTERM, previous)
        if client is not None:
            client.close()
    with pd.option_context("display.max_rows", 200, "display.width", 160):
        print(results.summary().to_string())
    counts = results.games["variant"].value_counts()
    warning = sample_warning(int(counts.min()) if len(counts) else 0)
    if warning:
        print(f"\nwarning: {warning}")
    names = list(results.variants)
    if len(names) >= 2 and not results.games.empty:
        print()
        for other in names[1:]:
            for sentence in results.compare(names[0], other)["sentence"]:
                print(sentence)
    if results.verdict is not None:
        print()
        print(results.verdict)
    if out is not None:
        print(f"\nsaved {results.save(out)}")
    if holes is not None:
        paths = results.write_drafts(holes)
        print(f"{len(paths)} casebook drafts in {holes}")
    if results.interrupted:
        how = f"; continue with --resume --out {out}" if out is not None else ""
        print(f"\ninterrupted: {len(results.games)} games kept{how}", file=sys.stderr)
        return EXIT_INTERRUPTED
    return 0


if __name__ == "__main__":
    sys.exit(main())
