"""Command line for long balance studies: ``python -m ftwkit.analysis GAME [options]``.

Examples::

    python -m ftwkit.analysis playwin --games 1000 --agents mcts,random --out pw.parquet
    python -m ftwkit.analysis pnrz --variant default --variant printed:quadrant_count=printed \\
        --agents "mcts:iterations=200,random" --scheduler tcp://scheduler:8786

Prints the metrics table (and the comparison of the first two variants), saves the results with
``--out`` (load them with ``ftwkit.analysis.load``) and writes casebook drafts of the rule holes
with ``--holes DIR``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

__all__ = ["main", "parse_agents", "parse_value", "parse_variant"]


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
        return text


def _pairs(text: str, what: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in filter(None, text.split(",")):
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise ValueError(f"{what}: expected name=value, not {item!r}")
        out[key.strip()] = parse_value(value.strip())
    return out


def parse_variant(text: str) -> tuple[str, dict[str, Any]]:
    """``name:opt=value,opt2=value`` (or just ``name`` for the defaults) as ``(name, options)``.

    >>> parse_variant("strict:removal=end_of_move")
    ('strict', {'removal': 'end_of_move'})
    """
    name, _, options = text.partition(":")
    if not name:
        raise ValueError(f"variant {text!r}: give a name, e.g. default or strict:opt=value")
    return name, _pairs(options, f"variant {name}")


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
            last[1].update(_pairs(item, f"agent {last[0]}"))
            continue
        name, sep, params = item.partition(":")
        specs.append((name, _pairs(params, f"agent {name}")) if sep else name)
    return specs


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m ftwkit.analysis",
        description="Self-play balance study: metrics per variant, saved results, rule holes.",
    )
    parser.add_argument("game", help="game id, e.g. playwin")
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME[:OPT=VALUE,...]",
        help="a variant to study (repeat for an A/B comparison); default: the default rules",
    )
    parser.add_argument("--agents", default="random,random", help="one agent per seat")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=100, help="games per variant")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-plies", type=int, default=None)
    parser.add_argument("--batch-size", type=int, default=None, help="games per task")
    parser.add_argument("--out", default=None, help="save results (.parquet or .jsonl)")
    parser.add_argument("--holes", default=None, metavar="DIR", help="write casebook drafts")
    parser.add_argument(
        "--scheduler", default=None, help="Dask scheduler address (tcp://host:8786)"
    )
    parser.add_argument("--serial", action="store_true", help="play in this process only")
    parser.add_argument("--no-progress", action="store_true")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    import pandas as pd

    from ftwkit.analysis.execution import SerialExecutor
    from ftwkit.analysis.study import simulate

    args = _parser().parse_args(argv)
    try:
        variants = dict(parse_variant(v) for v in args.variant) or None
        agents = parse_agents(args.agents)
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    client: Any = None
    executor: Any = SerialExecutor() if args.serial else None
    if args.scheduler:
        try:
            from dask.distributed import Client
        except ImportError:
            print("error: --scheduler needs Dask: pip install 'ftwkit[dask]'", file=sys.stderr)
            return 2
        client = executor = Client(args.scheduler)
    try:
        results = simulate(
            args.game,
            variants=variants,
            agents=agents,
            players=args.players,
            games=args.games,
            seed=args.seed,
            executor=executor,
            progress=not args.no_progress,
            max_plies=args.max_plies,
            batch_size=args.batch_size,
        )
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    finally:
        if client is not None:
            client.close()
    with pd.option_context("display.max_rows", 200, "display.width", 120):
        print(results.metrics().T.to_string(float_format=lambda x: f"{x:.4g}"))
    names = list(results.variants)
    if len(names) >= 2:
        print()
        for sentence in results.compare(names[0], names[1])["sentence"]:
            print(sentence)
    if results.interrupted:
        print(f"\ninterrupted: {len(results.games)} games kept", file=sys.stderr)
    if args.out:
        print(f"\nsaved {results.save(args.out)}")
    if args.holes:
        paths = results.write_drafts(args.holes)
        print(f"{len(paths)} casebook drafts in {args.holes}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
