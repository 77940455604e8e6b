"""The balance command line: README commands run, bad input refused before any game, safe files,
interruption and resumption."""

from __future__ import annotations

import re
import shlex
import time
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from ftwkit.analysis import load, simulate
from ftwkit.analysis import runner as runner_mod
from ftwkit.analysis.__main__ import EXIT_INTERRUPTED, EXIT_USAGE, main, parse_variant

ROOT = Path(__file__).resolve().parent.parent
QUICK = ["--serial", "--no-progress"]


def readme_commands() -> list[list[str]]:
    """Every ``python -m ftwkit.analysis`` command in the README's shell blocks, as arguments."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = []
    for block in re.findall(r"```(?:sh|bash)\n(.*?)```", text, flags=re.S):
        for line in block.replace("\\\n", " ").splitlines():
            words = shlex.split(line.split("#")[0])
            if words[:3] == ["python", "-m", "ftwkit.analysis"]:
                commands.append(words[3:])
    return commands


def _small(args: list[str], tmp: Path) -> list[str]:
    """A README command made cheap: 2 games, paths in ``tmp``, a tiny skill trace."""
    out = []
    skip = False
    for i, word in enumerate(args):
        if skip:
            skip = False
            continue
        if word in ("--games", "--out"):
            skip = True
            value = args[i + 1]
            out += [word, "2" if word == "--games" else str(tmp / Path(value).name)]
            continue
        out.append(word)
    if out[0] == "report":
        out += ["--levels", "2,4", "--trace-games", "2"]
    return out + QUICK


def test_the_readme_shows_commands_and_every_one_runs(tmp_path: Path) -> None:
    commands = readme_commands()
    assert len(commands) >= 3 and any(c[0] == "report" for c in commands)
    assert any("nomax:max_capture=none" in c for c in commands)
    for args in commands:
        assert main(_small(args, tmp_path)) == 0, args
    assert (tmp_path / "playwin-report" / "report.html").exists()
    saved = load(tmp_path / "results.parquet")
    assert saved.variants == {"default": {}, "nomax": {"max_capture": "none"}}


def test_option_values_are_read_by_the_options_type() -> None:
    assert parse_variant("nomax:max_capture=none", "playwin") == (
        "nomax",
        {"max_capture": "none"},
    )
    _, options = parse_variant("x:max_plies_without_capture=none", "playwin")
    assert options == {"max_plies_without_capture": None}
    assert parse_variant("twelve:lines=12", "playwin") == ("twelve", {"lines": 12})
    with pytest.raises(ValueError, match="has no option 'nope'"):
        parse_variant("x:nope=1", "playwin")
    with pytest.raises(ValueError, match="max_capture"):
        parse_variant("x:max_capture=sometimes", "playwin")


@pytest.fixture
def no_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if any game is played."""

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a game was played")

    monkeypatch.setattr(runner_mod, "play_game", refuse)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["playwin", "--batch-size", "-3"], "--batch-size must be a positive"),
        (["playwin", "--games", "0"], "--games must be a positive"),
        (["playwin", "--max-plies", "0"], "--max-plies must be a positive"),
        (["nogame"], "unknown game 'nogame'"),
        (["playwin", "--variant", "a", "--variant", "a:lines=12"], "given twice"),
        (["playwin", "--out", "/no/such/folder/r.jsonl"], "does not exist"),
        (["playwin", "--out", "r.csv"], ".parquet or .jsonl"),
        (["playwin", "--holes", "/proc/version/drafts"], "is a file, not a folder"),
        (["playwin", "--agents", "random,nobody"], "unknown agent"),
        (["playwin", "--resume"], "--resume needs --out"),
    ],
)
def test_bad_arguments_and_paths_are_refused_before_any_game(
    args: list[str], message: str, no_game: None, capsys: Any
) -> None:
    start = time.perf_counter()
    assert main([*args, *QUICK]) == EXIT_USAGE
    assert message in capsys.readouterr().err
    assert time.perf_counter() - start < 5  # nothing played (and no_game would have failed)


def test_out_is_never_overwritten_without_force_and_written_atomically(
    tmp_path: Path, capsys: Any
) -> None:
    out = tmp_path / "r.jsonl"
    out.write_text("precious\n", encoding="utf-8")
    args = ["playwin", "--agents", "random,random", "--games", "2", "--out", str(out), *QUICK]
    assert main(args) == EXIT_USAGE
    assert "add --force" in capsys.readouterr().err
    assert out.read_text(encoding="utf-8") == "precious\n"
    assert main([*args, "--force"]) == 0
    assert len(load(out).games) == 2
    assert [p.name for p in tmp_path.iterdir()] == ["r.jsonl"]  # no temporary file left


def test_an_interrupted_run_exits_130_and_resume_gives_the_uninterrupted_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "r.jsonl"
    args = ["playwin", "--variant", "default", "--variant", "nf:approach=no_farther"]
    args += ["--agents", "random,random", "--games", "4", "--batch-size", "1", "--seed", "5"]
    args += ["--out", str(out), *QUICK]
    original = runner_mod.play_game

    def interrupted(batch: Any, index: int) -> dict[str, Any]:
        if index == 2:
            raise KeyboardInterrupt
        return original(batch, index)

    monkeypatch.setattr(runner_mod, "play_game", interrupted)
    assert main(args) == EXIT_INTERRUPTED
    partial = load(out)
    assert partial.interrupted and 0 < len(partial.games) < 8
    monkeypatch.setattr(runner_mod, "play_game", original)
    assert main([*args, "--resume"]) == 0
    resumed = load(out)
    assert not resumed.interrupted
    whole = simulate(
        "playwin",
        variants={"default": {}, "nf": {"approach": "no_farther"}},
        agents=("random", "random"),
        games=4,
        seed=5,
        executor=None,
        progress=False,
    )
    pd.testing.assert_frame_equal(resumed.games, whole.games)
    other = [a if a != "5" else "6" for a in args]
    assert main([*other, "--resume"]) == EXIT_USAGE  # another seed: another study
