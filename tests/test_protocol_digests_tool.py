"""The behaviour-proof tool's option variants: every closed option's other values, once each."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import protocol_digests


def test_variants_of_ftwcards_are_the_defaults_then_each_other_value_once() -> None:
    assert protocol_digests.variants("ftwcards") == [
        {},
        {"pass_dir": "left"},
        {"aux_subsets": "minimal_only"},
        {"tiebreak": "most_round_wins"},
        {"tiebreak": "best_single_round"},
        {"tiebreak": "last_round_score"},
        {"memory": "none"},
    ]


def test_a_variant_digest_differs_from_the_defaults_and_repeats() -> None:
    default = protocol_digests.digest("ftwcards", 2, 30)
    left = protocol_digests.digest("ftwcards", 2, 30, {"pass_dir": "left"})
    assert default == protocol_digests.digest("ftwcards", 2, 30, {})
    assert left == protocol_digests.digest("ftwcards", 2, 30, {"pass_dir": "left"})
    assert left[1] != default[1]
