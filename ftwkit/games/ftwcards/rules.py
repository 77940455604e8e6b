"""FTW?! (Friedemann Friese, 2F-Spiele 2023): the card-game rule engine, game id ``ftwcards``.

The engine follows the canonical model of RULINGS.md §3; every option names the ruling it switches.

Rules in brief
--------------
* Cards 1–36 for 2–3 players, 1–48 for 4, 1–60 for 5–6. Every round the deck is shuffled (a new
  seeded shuffle per round, derived from the game seed and the round number) and dealt: 12 cards
  each, 10 each with 6 players. With 2 players the 12 remaining cards go aside, unseen (FT1).
* **Pass**: each player secretly picks 3 of their dealt cards. The engine models the simultaneous
  pass as successive secret choices (``pass`` moves, starting with the round's start player and
  going clockwise); nobody's observation shows another player's choice. When all have chosen,
  every seat passes to its right-hand neighbour, seat ``i-1`` (FT2), at once; a received card
  cannot be passed on (FT3).
* **Turns** go clockwise from the round's start player. On a turn, choose one of:

  - **A** ``play 23``: a card higher than the top card onto the pile, or any card onto an empty
    pile (FT4).
  - **B** ``aux 6 take 25``: a card lower than the top card face up in front of you as an
    auxiliary card; then take any one card of the pile (the top card included, FT5) into your hand
    for everyone to see; the rest of the pile goes face down out of the round.
  - **C** ``play 2 with 6+11``: a card lower than the top card (FT6) onto the pile, with one or
    more of your auxiliary cards whose sum lifts it strictly above the top card (FT7); those
    auxiliary cards go face down out of the round.

  B and C may be chosen while A is possible (FT8). A player always has a move (FT10).
* **Round end**: as soon as the active player has exactly one card in hand after their turn
  (FT11); B never changes the hand size, so it cannot end a round. Each player scores
  ``max(0, highest card − the other cards in hand)`` (FT15); auxiliary cards do not count and do
  not carry over (FT9).
* **Game**: as many rounds as players; the start seat moves clockwise each round (FT14); the
  round-1 start seat is drawn from the seed. The highest total wins, ties share the win (FT12).

Seats and directions
--------------------
::

    seats 0..N-1 clockwise; play order 0 → 1 → … → N-1 → 0
    pass (FT2, default): seat i gives its 3 cards to seat i-1 (its right-hand neighbour)
    pass_dir = left    : seat i gives its 3 cards to seat i+1

Notation (``str(move)``; ``parse_move`` reads it back, case and spacing free)
-----------------------------------------------------------------------------
* ``pass 3 17 30`` — choose the 3 cards to pass; ``targets`` are the 3 cards, in any order.
* ``play 23`` — option A; ``targets == (23,)``.
* ``aux 6 take 25`` — option B; ``targets == (6, 25)`` (the card placed, then the card taken).
* ``play 2 with 6+11`` — option C; ``targets == (2, 6, 11)`` (the card, then the helpers).

JSON position (API.md) and the keys this engine adds
----------------------------------------------------
``players``, ``round`` (from 1), ``start`` (the seat that began this round), ``to_play`` (``null``
once the game is over), ``phase`` (``"pass"`` or ``"play"``), ``hands``, ``passing`` (in the
pass phase each player's chosen cards, in flight — out of the hand — or ``null``; on loading,
chosen cards also listed in the hand are taken out of it), ``pile`` (bottom first), ``aux``,
``out`` (set aside face down this round), ``aside`` (the 2-player unseen cards), ``scores``
(running totals). Added, all optional on load: ``seed`` (future shuffles), ``passed`` (in the play
phase, the 3 cards each player passed this round), ``taken`` (cards taken from the pile with option
B that are still in that hand: public knowledge), ``round_points`` (each finished round's points)
and ``last_round`` (``{"round", "ender", "hands", "points"}`` of the round just scored, so a UI can
show what just happened). Cards in a hand, in ``aux``, ``out`` and ``aside`` are kept sorted.
Once the game is over, ``to_play`` is ``null``, ``phase`` stays ``"play"`` and the final hands
stay in place. ``new(seed=None)`` draws a fresh seed and stores it; a position loaded without a
seed deals its later rounds from ``random.Random(f"None/{round}")``, so it too replays exactly.

Hidden information (FT13): ``observation(p)`` shows p's hand and pass choice, the cards p received
(once passed), and everything public; other hands become lists of ``null`` of the right length,
others' choices ``null``, the 2-player aside ``null`` cards and the seed ``null``.
``rules.sample(state, p, rng)`` (information-set search) builds a full position from that
observation alone, every hidden card and the seed of later shuffles drawn afresh.

Search hooks: ``random_move`` draws a pass by sampling 3 cards (not the 220-move list);
``_policy_move`` is a cheap rollout policy; ``evaluate`` (``_heuristic``) scores a position for a
player from that player's view.

Options
-------
* ``pass_dir`` — FT2: ``"right"`` (default, seat ``i-1``) or ``"left"`` (house rule).
* ``aux_subsets`` — FT7: ``"all"`` (default) lists every legal set of auxiliary cards;
  ``"minimal_only"`` is an engine shortcut, not a rule: ``legal_moves()`` lists only sets from
  which no card can be dropped, but ``play`` still accepts every legal set, as FT7 demands.
* ``tiebreak`` — FT12: ``"shared"`` (default: tied players share the win); the invented
  ``"most_round_wins"``, ``"best_single_round"`` and ``"last_round_score"``.
* ``memory`` — FT13: ``"full"`` (default: the face-down ``out`` cards were seen face up, so
  observations show them) or ``"none"`` (observations hide them as ``null``).

>>> import ftwkit
>>> state = ftwkit.rules("ftwcards").new(players=3, seed=7)
>>> state.phase, len(state.hands[0]), len(state.legal_moves())
('pass', 12, 220)
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import operator
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, cast

from ftwkit.clicks import Clicks
from ftwkit.errors import IllegalMove, InvalidState
from ftwkit.errors import excerpt as _excerpt
from ftwkit.games.ftwcards import interaction
from ftwkit.options import Wording
from ftwkit.protocol import Move, Rules, State, check_keys, is_int, state_dataclass

__all__ = [
    "PASS_COUNT",
    "RULES",
    "AuxMove",
    "FtwCardsOptions",
    "FtwCardsRules",
    "FtwCardsState",
    "HelpMove",
    "PassMove",
    "PlayMove",
    "RoundResult",
    "deck_size",
    "hand_size",
    "round_points",
]

DECK_SIZES: dict[int, int] = {2: 36, 3: 36, 4: 48, 5: 60, 6: 60}
"""The highest card used for each player count (cards 1..n)."""

PASS_COUNT = 3
"""How many cards each player passes."""

Cards = tuple[int, ...]


def deck_size(players: int) -> int:
    """The highest card in play for ``players`` players (the deck is 1..that card)."""
    return DECK_SIZES[players]


def hand_size(players: int) -> int:
    """Cards dealt to each player: 12, or 10 with 6 players."""
    return 10 if players == 6 else 12


def round_points(hand: Sequence[int]) -> int:
    """A hand's round score: highest card minus the others, never below 0 (FT15).

    >>> round_points([7, 34])
    27
    >>> round_points([3, 10, 20, 30])
    0
    """
    top = max(hand)
    return max(0, 2 * top - sum(hand))


# --------------------------------------------------------------------------- options
@dataclass(frozen=True)
class FtwCardsOptions:
    """Variant switches of FTW?!; the defaults are the RECOMMENDED rulings of RULINGS.md §3."""

    IN_WORDS: ClassVar[Mapping[str, Wording]] = {
        "pass_dir": Wording(
            "FT2",
            "pass to the right-hand neighbour (seat *i − 1*); or to the left (seat *i + 1*, a "
            "house rule)",
        ),
        "aux_subsets": Wording(
            "FT7",
            "list every legal set of helping cards for option C; or only sets from which no card "
            "could be dropped (an engine shortcut: every legal set is still accepted when played)",
        ),
        "tiebreak": Wording(
            "FT12",
            "tied players share the win; or (invented) the tied player who topped the most rounds, "
            "who had the best single round, or who scored most in the last round wins",
        ),
        "memory": Wording(
            "FT13",
            "a player's view includes the cards set aside face down (all were seen face up "
            "before); or hides them",
        ),
    }
    """Each switch in words, for the switches, the dashboards and the rule page's options table
    (``tools/option_tables.py`` writes ``docs/rules/ftwcards.md``'s from here)."""

    pass_dir: Literal["right", "left"] = "right"
    """FT2: ``right`` passes to seat i-1 (the seed's right-hand neighbour); ``left`` to seat i+1
    (a house rule)."""
    aux_subsets: Literal["all", "minimal_only"] = "all"
    """FT7: ``all`` lists every legal set of auxiliary cards for option C; ``minimal_only`` is an
    engine shortcut, not a rule: legal_moves lists only sets from which no card can be dropped,
    while play still accepts every legal set."""
    tiebreak: Literal["shared", "most_round_wins", "best_single_round", "last_round_score"] = (
        "shared"
    )
    """FT12: ``shared`` (tied players share the win). Invented, in no published rule:
    ``most_round_wins`` (rounds in which the player scored highest), ``best_single_round``,
    ``last_round_score``; players still tied after the tie-break share the win."""
    memory: Literal["full", "none"] = "full"
    """FT13: ``full`` shows the face-down set-aside cards (all were seen face up) in observations;
    ``none`` hides them as nulls."""


# --------------------------------------------------------------------------- moves
def _join(cards: Sequence[int], sep: str = " ") -> str:
    return sep.join(str(c) for c in cards)


@dataclass(frozen=True, slots=True)
class PassMove(Move):
    """Choose the cards to pass (``pass 3 17 30``); ``cards`` are kept sorted."""

    cards: Cards
    unordered_targets: ClassVar[bool] = True

    def __post_init__(self) -> None:
        cards = self.cards
        if len(cards) == PASS_COUNT and cards[0] < cards[1] < cards[2]:
            return  # already in order: the common case, kept cheap for move generation
        self._normalise(cards=tuple(sorted(cards)))

    @property
    def targets(self) -> tuple[int, ...]:
        """The cards chosen, clicked in any order."""
        return self.cards

    def __str__(self) -> str:
        return f"pass {_join(self.cards)}"


def _sorted_pass(cards: Cards) -> PassMove:
    """A ``PassMove`` of cards already in order, built without the re-sort check.

    The pass phase lists C(12, 3) = 220 of these per decision, so this keeps it cheap.
    """
    return PassMove._build(cards=cards)


@dataclass(frozen=True, slots=True)
class PlayMove(Move):
    """Option A: a higher card onto the pile, or any card onto an empty pile (``play 23``)."""

    card: int

    @property
    def targets(self) -> tuple[int, ...]:
        """The card played."""
        return (self.card,)

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class AuxMove(Move):
    """Option B: a lower card in front of you, then take one pile card (``aux 6 take 25``)."""

    card: int
    take: int

    @property
    def targets(self) -> tuple[int, ...]:
        """The card placed in front, then the pile card taken."""
        return (self.card, self.take)

    def __str__(self) -> str:
        return f"aux {self.card} take {self.take}"


@dataclass(frozen=True, slots=True)
class HelpMove(Move):
    """Option C: a lower card onto the pile with auxiliary cards (``play 2 with 6+11``)."""

    card: int
    helpers: Cards
    unordered_targets: ClassVar[bool] = True

    def __post_init__(self) -> None:
        helpers = self.helpers
        if len(helpers) > 1:
            self._normalise(helpers=tuple(sorted(helpers)))

    @property
    def targets(self) -> tuple[int, ...]:
        """The card played, then the auxiliary cards used."""
        return (self.card, *self.helpers)

    def __str__(self) -> str:
        return f"play {self.card} with {_join(self.helpers, '+')}"


# Moves are values, so the engine hands out one shared object per move: a playout then builds no
# move objects at all once the tables are warm (each is bounded by the 60-card deck).
_TOP = max(DECK_SIZES.values())
_PLAY: tuple[PlayMove, ...] = tuple(PlayMove(card) for card in range(_TOP + 1))
_AUX: tuple[tuple[AuxMove, ...], ...] = tuple(
    tuple(AuxMove(card, take) for take in range(_TOP + 1)) for card in range(_TOP + 1)
)


class _PassTable(dict[Cards, PassMove]):
    """Pass moves by sorted card triple (at most C(60, 3) = 34,220), made on first use.

    Its own small class, not a :class:`~ftwkit.tables.SelfFillingTable`: the pass phase reads
    220 of these per decision, and the shared table (whose ``__missing__`` also checks a limit)
    measured +0.24 % instructions a protocol ply (+0.68 % with the collector off)."""

    def __missing__(self, cards: Cards) -> PassMove:
        move = self[cards] = _sorted_pass(cards)
        return move


_PASSES = _PassTable()
_HELPS: dict[tuple[int, Cards], HelpMove] = {}
"""Option C moves by (card, sorted helpers); cleared when it grows past ``_HELPS_LIMIT``.

A plain dictionary read with ``get`` and filled by :func:`_help_move`, not a
:class:`~ftwkit.tables.SelfFillingTable`: the move list reads it for every helper set of every
card, and reading it through a table (a subscript, or ``get`` then a subscript) measured +1.1 %
(+1.9 %) instructions a protocol ply, since CPython 3.11 routes a look-up in a ``dict`` subclass
through a method look-up."""
_HELPS_LIMIT = 50_000


def _help_move(card: int, helpers: Cards) -> HelpMove:
    """The shared ``HelpMove`` of ``card`` with ``helpers`` (in increasing order)."""
    key = (card, helpers)
    move = _HELPS.get(key)
    if move is None:
        if len(_HELPS) >= _HELPS_LIMIT:
            _HELPS.clear()
        # ``helpers`` is already in order: built without the re-sort (a playout meets more
        # distinct moves than the table keeps)
        move = _HELPS[key] = HelpMove._build(card=card, helpers=helpers)
    return move


# --------------------------------------------------------------------------- state
@dataclass(frozen=True)
class RoundResult:
    """The outcome of a finished round: who ended it, the final hands and each player's points."""

    round: int
    ender: int
    hands: tuple[Cards, ...]
    points: Cards

    def to_json(self) -> dict[str, Any]:
        """The JSON form written under ``last_round``."""
        return {
            "round": self.round,
            "ender": self.ender,
            "hands": [list(h) for h in self.hands],
            "points": list(self.points),
        }


def _without(cards: Cards, remove: Cards | tuple[int]) -> Cards:
    """``cards`` without those in ``remove``, in their order (a C-level filter)."""
    return tuple(itertools.filterfalse(remove.__contains__, cards))


def _with(cards: Cards, *add: int) -> Cards:
    return tuple(sorted(cards + add))


# These helpers edit a short tuple through one list (two allocations), which costs less than
# joining slices of it (four or five).
def _drop(cards: Cards, card: int) -> Cards:
    """``cards`` without one ``card`` that it holds."""
    edited = list(cards)
    edited.remove(card)
    return tuple(edited)


def _insert(cards: Cards, card: int) -> Cards:
    """The sorted ``cards`` with ``card`` added in its place."""
    edited = list(cards)
    bisect.insort(edited, card)
    return tuple(edited)


def _exchange(cards: Cards, card: int, other: int) -> Cards:
    """The sorted ``cards`` with ``card`` (which it holds) given for ``other``, put in its place:
    ``_insert(_drop(cards, card), other)`` through one list."""
    edited = list(cards)
    edited.remove(card)
    bisect.insort(edited, other)
    return tuple(edited)


def _replace(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``items`` with the entry at ``index`` replaced by ``value``."""
    edited = list(items)
    edited[index] = value
    return tuple(edited)


@state_dataclass
class FtwCardsState(State):
    """A position of FTW?!: one round's cards plus the running scores (see the module docs).

    Attributes:
        player_count: the number of players (``players``).
        seed: the game seed; round ``r`` is dealt from ``random.Random(f"{seed}/{r}")``.
        round: the round being played, from 1.
        start: the seat that began this round.
        active: the seat to act (``to_play``), ``None`` once the game is over.
        phase: ``"pass"`` while cards are chosen for the pass, else ``"play"``.
        hands: each player's hand, sorted.
        passing: pass phase: each player's chosen cards (in flight) or ``None``.
        passed: play phase: the cards each player passed this round (``None`` before).
        pile: the face-up discard pile, bottom first.
        aux: each player's face-up auxiliary cards, sorted.
        out: the cards set aside face down this round, sorted.
        aside: the 2-player unseen cards, sorted.
        taken: the cards each player took with option B that are still in their hand.
        totals: the running scores (``scores``).
        round_points: the points of each finished round.
        last_round: the result of the last finished round, or ``None``.
    """

    rules: FtwCardsRules
    player_count: int
    seed: int | None
    round: int
    start: int
    active: int | None
    phase: str
    hands: tuple[Cards, ...]
    passing: tuple[Cards | None, ...]
    passed: tuple[Cards | None, ...]
    pile: Cards
    aux: tuple[Cards, ...]
    out: Cards
    aside: Cards
    taken: tuple[Cards, ...]
    totals: Cards
    round_points: tuple[Cards, ...]
    last_round: RoundResult | None

    # ----------------------------------------------------------------- protocol properties
    @property
    def players(self) -> int:
        """The number of players."""
        return self.player_count

    @property
    def to_play(self) -> int | None:
        """The player to act (choose a pass or take a turn); ``None`` once over."""
        return self.active

    @property
    def is_over(self) -> bool:
        """Whether the last round has been scored."""
        return self.active is None

    @property
    def scores(self) -> tuple[int, ...]:
        """The running totals of the finished rounds."""
        return self.totals

    @property
    def winners(self) -> tuple[int, ...]:
        """The players with the highest total (FT12: ties share, or the tie-break option)."""
        if self.active is not None:
            return ()
        best = max(self.totals)
        tied = [p for p in range(self.player_count) if self.totals[p] == best]
        rule = self.options.tiebreak
        if len(tied) > 1 and rule != "shared" and self.round_points:
            key = self._tiebreak_key(rule)
            top = max(key[p] for p in tied)
            tied = [p for p in tied if key[p] == top]
        return tuple(tied)

    @property
    def options(self) -> FtwCardsOptions:
        """The variant switches this state is played under."""
        return self.rules.options

    def _tiebreak_key(self, rule: str) -> list[int]:
        n = self.player_count
        if rule == "most_round_wins":
            wins = [0] * n
            for points in self.round_points:
                high = max(points)
                for p in range(n):
                    wins[p] += points[p] == high
            return wins
        if rule == "best_single_round":
            return [max(points[p] for points in self.round_points) for p in range(n)]
        return list(self.round_points[-1])

    @property
    def top(self) -> int | None:
        """The top card of the pile, or ``None`` when the pile is empty."""
        return self.pile[-1] if self.pile else None

    def receiver(self, player: int) -> int:
        """The seat that receives ``player``'s passed cards (FT2 and option ``pass_dir``)."""
        step = -1 if self.options.pass_dir == "right" else 1
        return (player + step) % self.player_count

    def giver(self, player: int) -> int:
        """The seat whose passed cards ``player`` receives."""
        step = 1 if self.options.pass_dir == "right" else -1
        return (player + step) % self.player_count

    @property
    def rounds(self) -> int:
        """How many rounds the game lasts: one per player (FT14)."""
        return self.player_count

    def hand_seen_by(self, player: int, view: int | None) -> tuple[int | None, ...]:
        """``player``'s hand as ``view`` may see it (FT13): another player's cards are ``None``
        until the game is over; ``view=None`` sees everything."""
        hand = self.hands[player]
        if view is None or view == player or self.active is None:
            return hand
        return (None,) * len(hand)

    def passing_seen_by(self, player: int, view: int | None) -> tuple[int | None, ...] | None:
        """The cards ``player`` has chosen to pass, as ``view`` may see them (FT13): ``None``
        before choosing, else one entry per card, ``None`` for each card hidden from ``view``
        (another player's choice; its size is no secret, the hand is that much shorter)."""
        chosen = self.passing[player]
        if chosen is None or view is None or view == player:
            return chosen
        return (None,) * len(chosen)

    def deck(self) -> Cards:
        """The cards in play this round (1..deck size)."""
        return tuple(range(1, deck_size(self.player_count) + 1))

    def _name(self, player: int) -> str:
        return self.rules.player_names(self.player_count)[player]

    # ----------------------------------------------------------------- moves
    def _generate_moves(self) -> list[Move]:
        """The pass phase's passes, or the turn's moves in hand order: per card above the top
        card option A; per other card option B with every pile card (in card order), then
        option C with every set of auxiliary cards that lifts it (in ``_helper_subsets``
        order). One function, not a turn helper it calls: a playout lists moves every turn."""
        player = self.active
        assert player is not None
        hand = self.hands[player]
        if self.phase == "pass":
            # a C-level loop: the table makes each move once, then hands out the same object
            passes = list(map(_PASSES.__getitem__, itertools.combinations(hand, PASS_COUNT)))
            return cast("list[Move]", passes)
        pile = self.pile
        if not pile:  # any card starts the pile (the hand is never empty on a turn: FT10, FT11)
            return list(map(_PLAY.__getitem__, hand))
        top = pile[-1]
        # the hand is sorted: the cards up to the top card first, then those above it
        split = bisect.bisect_right(hand, top)
        moves: list[Move] = []
        if split:
            append, extend = moves.append, moves.extend
            helpers = self.aux[player]
            subsets = _helper_subsets(helpers) if helpers else ()
            minimal = subsets and self.rules._minimal_only
            take = pile[0]
            # the option B moves of one card: ``row[take]`` for every pile card, in card order
            takes = operator.itemgetter(*sorted(pile)) if len(pile) > 1 else None
            helps = _HELPS
            for card in hand[:split]:
                row = _AUX[card]
                if takes is None:
                    append(row[take])
                else:
                    extend(takes(row))
                if subsets:
                    need = top - card
                    for total, combo in subsets:
                        if total > need and (not minimal or total - combo[0] <= need):
                            append(helps.get((card, combo)) or _help_move(card, combo))
        if split < len(hand):
            moves += map(_PLAY.__getitem__, hand[split:])
        assert moves, f"FT10: {self._name(player)} has no move; this cannot happen"
        return moves

    def _random_move(self, rng: random.Random) -> Move:
        """A uniform legal move, drawn without listing the pass phase's 220 choices."""
        player = self.active
        assert player is not None
        if self.phase == "pass":
            return _PASSES[tuple(sorted(rng.sample(self.hands[player], PASS_COUNT)))]
        return rng.choice(self.legal_moves())

    def _is_legal(self, move: Move) -> bool:
        """Whether ``move`` may be played now: one that ``legal_moves()`` handed out, else checked
        directly (without listing every move). A pass is always checked directly: three cards
        looked up in the hand cost less than finding it among the 220 listed passes."""
        if type(move) is PassMove:
            return self._refusal(move) is None
        return self._listed(move) or self._refusal(move) is None

    def _why_illegal(self, move: Move) -> str:
        reason = self._refusal(move)
        assert reason is not None
        return reason

    def _refusal(self, move: Move) -> str | None:
        """Why ``move`` is refused, naming the rule, or ``None`` when it is legal."""
        player = self.active
        if player is None:
            return f"{move} is not possible: the game is over"
        if isinstance(move, PassMove):
            return self._pass_refusal(move, player)
        name = self._name(player)
        if not isinstance(move, PlayMove | AuxMove | HelpMove):
            return f"{move!r} is not a FTW?! move"
        if self.phase == "pass":
            return (
                f"{move} is not possible yet: {name} must first choose {PASS_COUNT} cards to pass "
                f"(everyone passes {PASS_COUNT} cards before the first turn)"
            )
        if move.card not in self.hands[player]:
            return f"{move}: {name} does not hold card {move.card}"
        top = self.top
        if isinstance(move, PlayMove):
            if top is not None and move.card < top:
                return (
                    f"{move}: {move.card} is lower than the top card {top}; option A needs a "
                    f"higher card (place it in front of you with option B, or play it with the "
                    f"help of auxiliary cards, option C)"
                )
            return None
        if top is None:
            if isinstance(move, AuxMove):
                need = "option B needs a discard pile to take from"
            else:
                need = "option C needs a top card to beat"
            return f"{move}: {need}; the pile is empty, so play any card to start it"
        if move.card > top:
            return (
                f"{move}: {move.card} is higher than the top card {top}; options B and C are for "
                f"a lower card (play {move.card} onto the pile, option A)"
            )
        if isinstance(move, AuxMove):
            if move.take not in self.pile:
                return f"{move}: card {move.take} is not in the discard pile ({_join(self.pile)})"
            return None
        return self._help_refusal(move, player, name, top)

    def _pass_refusal(self, move: PassMove, player: int) -> str | None:
        """Why the pass ``move`` is refused, or ``None``; the player's name is looked up only
        for a refusal (every pass played is checked here)."""
        if self.phase != "pass":
            return (
                f"{move} is not possible now: the cards were already passed this round "
                f"(each player passes {PASS_COUNT} cards once, before the first turn)"
            )
        cards = move.cards
        if len(cards) != PASS_COUNT:
            return f"{move}: exactly {PASS_COUNT} cards are passed, not {len(cards)}"
        if len(set(cards)) != len(cards):
            return f"{move}: the {PASS_COUNT} cards passed must be different cards"
        for card in cards:
            if card not in self.hands[player]:
                return f"{move}: {self._name(player)} does not hold card {card}"
        return None

    def _help_refusal(self, move: HelpMove, player: int, name: str, top: int) -> str | None:
        helpers = move.helpers
        if not helpers:
            return f"{move}: option C needs at least one auxiliary card"
        if len(set(helpers)) != len(helpers):
            return f"{move}: each auxiliary card can be used once"
        for card in helpers:
            if card not in self.aux[player]:
                shown = _join(self.aux[player]) or "none"
                return f"{move}: {card} is not one of {name}'s auxiliary cards ({shown})"
        total = move.card + sum(helpers)
        if total <= top:
            parts = " + ".join(str(c) for c in (move.card, *helpers))
            return (
                f"{move}: {parts} = {total} does not exceed the top card {top}; with help, the "
                f"card plus the auxiliary cards must be higher than the top card"
            )
        return None

    # ----------------------------------------------------------------- applying moves
    def _apply(self, move: Move) -> FtwCardsState:
        player = self.active
        assert player is not None
        kind = type(move)
        if kind is PassMove:
            assert isinstance(move, PassMove)
            return self._apply_pass(player, move.cards)
        hand = self.hands[player]
        taken = self.taken
        mine = taken[player]
        if kind is PlayMove and len(hand) != 2:
            # the most common turn, option A, when it does not end the round (FT11): only the
            # hand, the pile and maybe ``taken`` change (what ``_after_turn`` would give)
            assert isinstance(move, PlayMove)
            card = move.card
            if card in mine:
                taken = _replace(taken, player, _drop(mine, card))
            return self._derive(
                active=(player + 1) % self.player_count,
                hands=_replace(self.hands, player, _drop(hand, card)),
                pile=(*self.pile, card),
                taken=taken,
            )
        aux = self.aux
        out = self.out
        if kind is AuxMove:
            assert isinstance(move, AuxMove)
            card, take = move.card, move.take
            kept = _drop(self.pile, take)
            # the card placed leaves the hand (and ``taken``); the card taken joins both
            mine = _exchange(mine, card, take) if card in mine else _insert(mine, take)
            # B keeps the hand size, so it never ends the round (FT11): the next player's turn
            return self._derive(
                active=(player + 1) % self.player_count,
                hands=_replace(self.hands, player, _exchange(hand, card, take)),
                pile=(),
                aux=_replace(aux, player, _insert(aux[player], card)),
                out=tuple(sorted(out + kept)) if kept else out,
                taken=_replace(taken, player, mine),
            )
        assert kind is PlayMove or kind is HelpMove
        card = cast("PlayMove | HelpMove", move).card
        if card in mine:
            taken = _replace(taken, player, _drop(mine, card))
        if kind is HelpMove:
            assert isinstance(move, HelpMove)
            helpers = move.helpers
            aux = _replace(aux, player, _without(aux[player], helpers))
            out = tuple(sorted(out + helpers))
        return self._after_turn(
            player,
            _replace(self.hands, player, _drop(hand, card)),
            (*self.pile, card),
            aux,
            out,
            taken,
        )

    def _apply_pass(self, player: int, cards: Cards) -> FtwCardsState:
        hands = _replace(self.hands, player, _without(self.hands[player], cards))
        passing = _replace(self.passing, player, cards)
        n = self.player_count
        for step in range(1, n):
            nxt = (player + step) % n
            if passing[nxt] is None:
                return self._derive(hands=hands, passing=passing, active=nxt)
        # Everyone has chosen: all seats pass at the same moment (FT2, FT3).
        received = list(hands)
        for seat, chosen in enumerate(passing):
            assert chosen is not None
            target = self.receiver(seat)
            received[target] = _with(received[target], *chosen)
        return self._derive(
            hands=tuple(received),
            passing=(None,) * n,
            passed=passing,
            phase="play",
            active=self.start,
        )

    def _after_turn(
        self,
        player: int,
        hands: tuple[Cards, ...],
        pile: Cards,
        aux: tuple[Cards, ...],
        out: Cards,
        taken: tuple[Cards, ...],
    ) -> FtwCardsState:
        """The state after ``player``'s turn changed these fields: next player, or round end."""
        if len(hands[player]) != 1:
            return self._derive(
                active=(player + 1) % self.player_count,
                hands=hands,
                pile=pile,
                aux=aux,
                out=out,
                taken=taken,
            )
        changes = {"hands": hands, "pile": pile, "aux": aux, "out": out, "taken": taken}
        # FT11: only the active player's hand changed, so only they can end the round.
        points = tuple(round_points(h) for h in hands)
        totals = tuple(a + b for a, b in zip(self.totals, points, strict=True))
        result = RoundResult(self.round, player, hands, points)
        history = (*self.round_points, points)
        if self.round >= self.rounds:  # FT14: the last round is scored
            return self._derive(
                active=None, totals=totals, round_points=history, last_round=result, **changes
            )
        # the next round's deal: every field is new, but derived rather than built through the
        # frozen ``__init__`` (one attribute write per field)
        return self._derive(
            **_dealt(
                self.player_count,
                self.seed,
                self.round + 1,
                (self.start + 1) % self.player_count,  # FT14
                totals,
                history,
                result,
            )
        )

    # ----------------------------------------------------------------- search hooks
    def _heuristic(self, player: int) -> float:
        """How well ``player`` stands, in ``[0, 1]``, from what ``player`` may see (FT13).

        Each player's expected final total is their running total plus, for the rounds still
        to come, an average round, and for this round: ``player``'s own hand as it would score
        now (FT15) — others' hands are unseen, so their size stands in (fewer cards, nearer to
        a good score). The value is a logistic of ``player``'s lead over the best other player,
        scaled by the deck's top card.
        """
        n = self.player_count
        top = deck_size(n)
        hand = self.hands[player]
        rounds_left = n - self.round
        average = top / (2 * n)
        own = self.totals[player] + rounds_left * average + (round_points(hand) if hand else 0)
        best_other = max(
            self.totals[q] + rounds_left * average + top / (2 * max(1, len(self.hands[q]) - 1))
            for q in range(n)
            if q != player
        )
        return 1.0 / (1.0 + math.exp(-(own - best_other) / (top / 3)))

    def _policy_move(self, rng: random.Random) -> Move:
        """A cheap rollout policy: mostly sensible, sometimes (1 in 5) uniform.

        Pass the three lowest cards (keep the high ones, FT15). On a turn, play the lowest card
        that beats the top card (A), else the lowest card with the fewest auxiliary cards that
        lift it (C), else put the lowest card in front and take the highest pile card (B).
        """
        if rng.random() < 0.2:
            return self._random_move(rng)
        player = self.active
        assert player is not None
        hand = self.hands[player]
        if self.phase == "pass":
            return _PASSES[hand[:PASS_COUNT]]
        pile = self.pile
        if not pile:
            return _PLAY[hand[0]]
        top = pile[-1]
        higher = [card for card in hand if card > top]
        if higher:
            return _PLAY[higher[0]]
        low = hand[0]
        best: tuple[int, Cards] | None = None
        for total, combo in _helper_subsets(self.aux[player]):
            if low + total > top and (best is None or len(combo) < len(best[1])):
                best = (total, combo)
        if best is not None:
            return _help_move(low, best[1])
        return _AUX[low][max(pile)]

    # ----------------------------------------------------------------- JSON and views
    def _position_json(self) -> dict[str, Any]:
        return {
            "players": self.player_count,
            "seed": self.seed,
            "round": self.round,
            "start": self.start,
            "to_play": self.active,
            "phase": self.phase,
            "hands": [list(h) for h in self.hands],
            "passing": [None if c is None else list(c) for c in self.passing],
            "passed": [None if c is None else list(c) for c in self.passed],
            "pile": list(self.pile),
            "aux": [list(a) for a in self.aux],
            "out": list(self.out),
            "aside": list(self.aside),
            "taken": [list(t) for t in self.taken],
            "scores": list(self.totals),
            "round_points": [list(p) for p in self.round_points],
            "last_round": None if self.last_round is None else self.last_round.to_json(),
        }

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see (FT13): the same keys as ``to_json()`` with secrets ``null``.

        Hidden: other players' hands (``null`` per card) until the game is over, other players'
        pass choices, the passed cards except one's own and those received, the 2-player aside,
        the seed, and with option ``memory = none`` the face-down ``out`` cards.
        """
        self._check_player(player)
        data = self.to_json()
        data["seed"] = None
        players = range(self.player_count)
        data["hands"] = [list(self.hand_seen_by(p, player)) for p in players]
        data["passing"] = [c if p == player else None for p, c in enumerate(data["passing"])]
        seen = {player, self.giver(player)}
        data["passed"] = [c if p in seen else None for p, c in enumerate(data["passed"])]
        data["aside"] = [None] * len(self.aside)
        if self.options.memory == "none":
            data["out"] = [None] * len(self.out)
        return data

    def status(self) -> str:
        """Whose turn, the phase, the round and the pile top, on one line."""
        rounds = f"round {self.round} of {self.rounds}"
        if self.active is None:
            names = self.rules.player_names(self.player_count)
            won = " and ".join(names[p] for p in self.winners)
            totals = ", ".join(str(t) for t in self.totals)
            return f"Game over after {self.rounds} rounds: {won} won (scores {totals})"
        name = self._name(self.active)
        if self.phase == "pass":
            return f"{name} to choose {PASS_COUNT} cards to pass — passing, {rounds}"
        top = "pile empty" if self.top is None else f"pile top {self.top}"
        return f"{name} to play — playing, {rounds}, {top}"

    def __str__(self) -> str:
        names = self.rules.player_names(self.player_count)
        width = max(len(n) for n in names)
        lines = [f"FTW?! — {self.status()}"]
        pile = _join(self.pile) or "(empty)"
        lines.append(f"Pile (bottom first): {pile}")
        for p in range(self.player_count):
            mark = ">" if p == self.active else " "
            hand = _join(self.hands[p]) or "-"
            aux = _join(self.aux[p]) or "-"
            line = f"{mark} {names[p]:<{width}}  hand: {hand:<35}  aux: {aux:<14}  "
            line += f"score: {self.totals[p]}"
            if self.phase == "pass":
                chosen = self.passing[p]
                line += "  passing: " + ("(not chosen)" if chosen is None else _join(chosen))
            lines.append(line.rstrip())
        lines.append(f"Set aside face down: {_join(self.out) or '-'}")
        if self.aside:
            lines.append(f"Aside, unseen (2 players): {len(self.aside)} cards")
        if self.last_round is not None:
            points = ", ".join(f"{names[p]} {pts}" for p, pts in enumerate(self.last_round.points))
            lines.append(
                f"Round {self.last_round.round} ended by {names[self.last_round.ender]}: {points}"
            )
        return "\n".join(lines)


def _make_state(rules: FtwCardsRules, values: dict[str, Any]) -> FtwCardsState:
    """Build a state from its fields."""
    return FtwCardsState(rules, **values)


def _dealt(
    players: int,
    seed: int | None,
    round_: int,
    start: int,
    totals: Cards,
    history: tuple[Cards, ...],
    last_round: RoundResult | None,
) -> dict[str, Any]:
    """The fields of round ``round_``, shuffled and dealt from ``random.Random(f"{seed}/{round_}")``
    (FT1)."""
    deck = list(range(1, deck_size(players) + 1))
    random.Random(f"{seed}/{round_}").shuffle(deck)
    size = hand_size(players)
    hands = tuple(tuple(sorted(deck[p * size : (p + 1) * size])) for p in range(players))
    empty: tuple[Cards, ...] = ((),) * players
    return dict(
        player_count=players,
        seed=seed,
        round=round_,
        start=start,
        active=start,
        phase="pass",
        hands=hands,
        passing=(None,) * players,
        passed=(None,) * players,
        pile=(),
        aux=empty,
        out=(),
        aside=tuple(sorted(deck[players * size :])),
        taken=empty,
        totals=totals,
        round_points=history,
        last_round=last_round,
    )


# --------------------------------------------------------------------------- loading
_POSITION_KEYS = frozenset(
    {
        "players",
        "seed",
        "round",
        "start",
        "to_play",
        "phase",
        "hands",
        "passing",
        "passed",
        "pile",
        "aux",
        "out",
        "aside",
        "taken",
        "scores",
        "round_points",
        "last_round",
    }
)
_LAST_ROUND_KEYS = frozenset({"round", "ender", "hands", "points"})


class _Loader:
    """Validates a JSON position field by field; every error names the field."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        check_keys(data, _POSITION_KEYS)
        self.data = data
        if "hands" not in data:
            raise InvalidState("hands: missing (expected one list of cards per player)")
        hands = data["hands"]
        if not isinstance(hands, list):
            raise InvalidState("hands: expected a list with one list of cards per player")
        players = data.get("players", len(hands))
        if not is_int(players) or players not in DECK_SIZES:
            raise InvalidState(f"players: FTW?! is for 2–6 players, not {_excerpt(players)}")
        if len(hands) != players:
            raise InvalidState(
                f"hands: expected {players} hands (one per player), got {len(hands)}"
            )
        self.players = players
        self.top_card = deck_size(players)
        self.seen: dict[int, str] = {}

    def seat(self, key: str, default: int | None, allow_null: bool = False) -> int | None:
        value = self.data.get(key, default)
        if value is None and allow_null:
            return None
        if not is_int(value) or not 0 <= value < self.players:
            raise InvalidState(
                f"{key}: expected a seat from 0 to {self.players - 1}, got {_excerpt(value)}"
            )
        return int(value)

    def cards(self, value: Any, field: str, unique: bool = True) -> Cards:
        """A list of cards in the deck; with ``unique``, each card in one place only.

        A list longer than the deck is refused before its cards are looked at, so the work is
        bounded by the deck size whatever the input.
        """
        if not isinstance(value, list):
            raise InvalidState(f"{field}: expected a list of cards, got {_excerpt(value)}")
        if len(value) > self.top_card:
            raise InvalidState(
                f"{field}: {len(value)} cards, but the deck for {self.players} players has only "
                f"{self.top_card} (FT1)"
            )
        once: set[int] = set()
        for card in value:
            if not is_int(card) or not 1 <= card <= self.top_card:
                raise InvalidState(
                    f"{field}: card {_excerpt(card)} is outside the deck for {self.players} "
                    "players "
                    f"(1–{self.top_card})"
                )
            if unique:
                if card in self.seen:
                    raise InvalidState(
                        f"{field}: duplicate card {card} (also in {self.seen[card]})"
                    )
                self.seen[card] = field
            elif card in once:
                raise InvalidState(f"{field}: duplicate card {card}")
            else:
                once.add(card)
        return tuple(value)

    def per_player(self, key: str, default: Any) -> list[Any]:
        value = self.data.get(key, default)
        if not isinstance(value, list) or len(value) != self.players:
            raise InvalidState(f"{key}: expected a list with one entry per player ({self.players})")
        return value

    def points(self, value: Any, field: str) -> Cards:
        """Per-player points, each from 0 to what a whole game can give (FT15: a round scores
        at most its highest card; as many rounds as players). Positions made up for tests may
        hold any such value; beyond it no game goes."""
        most = self.top_card * self.players
        if (
            not isinstance(value, list)
            or len(value) != self.players
            or not all(is_int(v) and 0 <= v <= most for v in value)
        ):
            raise InvalidState(
                f"{field}: expected {self.players} non-negative integers up to {most} "
                f"({self.players} rounds of at most {self.top_card} points, FT15), "
                f"got {_excerpt(value)}"
            )
        return tuple(value)


def _chosen_out_of_hands(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """Accept a pass choice written while still in the hand, as the engine writes it: in flight.

    API.md leaves open whether ``passing[p]`` cards are still in ``hands[p]``. The engine writes
    them out of the hand; a position that lists them in both places means the same choice, so
    the loader takes them out of the hand (any other double listing is still refused).
    """
    hands, passing = data.get("hands"), data.get("passing")
    if data.get("phase") != "pass" or not isinstance(hands, list) or not isinstance(passing, list):
        return data
    fixed = list(hands)
    for p, (hand, chosen) in enumerate(zip(hands, passing, strict=False)):
        if (
            isinstance(hand, list)
            and isinstance(chosen, list)
            and 0 < len(chosen) <= PASS_COUNT
            and len(hand) <= max(DECK_SIZES.values())  # longer lists: the loader refuses them
            and all(is_int(card) for card in chosen)
            and len(set(chosen)) == len(chosen)
            and all(card in hand for card in chosen)
        ):
            fixed[p] = [card for card in hand if card not in chosen]
    return {**data, "hands": fixed}


def _load(rules: FtwCardsRules, data: Mapping[str, Any]) -> FtwCardsState:
    data = _chosen_out_of_hands(data)
    ld = _Loader(data)
    n = ld.players
    seed = data.get("seed")
    if seed is not None and (not is_int(seed) or abs(seed) >= 10**100):
        raise InvalidState(
            f"seed: expected an integer of at most 100 digits or null, got {_excerpt(seed)}"
        )
    round_ = data.get("round", 1)
    if not is_int(round_) or not 1 <= round_ <= n:
        raise InvalidState(f"round: expected a round from 1 to {n}, got {_excerpt(round_)}")
    start = ld.seat("start", 0)
    assert start is not None
    phase = data.get("phase", "play")
    if phase not in ("pass", "play"):
        raise InvalidState(f"phase: expected 'pass' or 'play', got {_excerpt(phase)}")
    hands = tuple(tuple(sorted(ld.cards(h, f"hands[{p}]"))) for p, h in enumerate(data["hands"]))
    passing = tuple(
        None if c is None else tuple(sorted(ld.cards(c, f"passing[{p}]")))
        for p, c in enumerate(ld.per_player("passing", [None] * n))
    )
    passed = tuple(
        None if c is None else tuple(sorted(ld.cards(c, f"passed[{p}]", unique=False)))
        for p, c in enumerate(ld.per_player("passed", [None] * n))
    )
    pile = ld.cards(data.get("pile", []), "pile")
    aux = tuple(
        tuple(sorted(ld.cards(a, f"aux[{p}]")))
        for p, a in enumerate(ld.per_player("aux", [[]] * n))
    )
    out = tuple(sorted(ld.cards(data.get("out", []), "out")))
    aside = tuple(sorted(ld.cards(data.get("aside", []), "aside")))
    taken = tuple(
        tuple(sorted(ld.cards(t, f"taken[{p}]", unique=False)))
        for p, t in enumerate(ld.per_player("taken", [[]] * n))
    )
    totals = ld.points(data.get("scores", [0] * n), "scores")
    history_raw = data.get("round_points", [])
    if not isinstance(history_raw, list) or len(history_raw) > n:
        raise InvalidState(
            f"round_points: expected a list of at most {n} per-round point lists (one per "
            "finished round)"
        )
    history = tuple(ld.points(pts, f"round_points[{i}]") for i, pts in enumerate(history_raw))
    last_round = _load_last_round(ld, data.get("last_round"))
    default_active: int | None = start
    if phase == "pass":
        default_active = next(
            ((start + i) % n for i in range(n) if passing[(start + i) % n] is None), start
        )
    active = ld.seat("to_play", default_active, allow_null=True)
    _check_consistency(
        ld,
        phase,
        round_,
        active,
        hands,
        passing,
        passed,
        pile,
        aux,
        out,
        aside,
        taken,
        history,
    )
    return _make_state(
        rules,
        dict(
            player_count=n,
            seed=seed,
            round=round_,
            start=start,
            active=active,
            phase=phase,
            hands=hands,
            passing=passing,
            passed=passed,
            pile=pile,
            aux=aux,
            out=out,
            aside=aside,
            taken=taken,
            totals=totals,
            round_points=history,
            last_round=last_round,
        ),
    )


def _load_last_round(ld: _Loader, value: Any) -> RoundResult | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise InvalidState("last_round: expected an object or null")
    check_keys(value, _LAST_ROUND_KEYS, "last_round")
    round_: Any = value.get("round")
    if not is_int(round_) or not 1 <= round_ <= ld.players:
        raise InvalidState(f"last_round.round: expected a round from 1 to {ld.players}")
    ender: Any = value.get("ender")
    if not is_int(ender) or not 0 <= ender < ld.players:
        raise InvalidState(f"last_round.ender: expected a seat from 0 to {ld.players - 1}")
    hands = value.get("hands")
    if not isinstance(hands, list) or len(hands) != ld.players:
        raise InvalidState(f"last_round.hands: expected {ld.players} hands")
    final = tuple(
        tuple(sorted(ld.cards(h, f"last_round.hands[{p}]", unique=False)))
        for p, h in enumerate(hands)
    )
    points = ld.points(value.get("points"), "last_round.points")
    return RoundResult(round_, ender, final, points)


def _check_consistency(
    ld: _Loader,
    phase: str,
    round_: int,
    active: int | None,
    hands: tuple[Cards, ...],
    passing: tuple[Cards | None, ...],
    passed: tuple[Cards | None, ...],
    pile: Cards,
    aux: tuple[Cards, ...],
    out: Cards,
    aside: Cards,
    taken: tuple[Cards, ...],
    history: tuple[Cards, ...],
) -> None:
    """Refuse positions that no game can reach, naming the field at fault."""
    n = ld.players
    if aside and n != 2:
        raise InvalidState("aside: only a 2-player game sets cards aside (FT1)")
    for p, chosen in enumerate(passing):
        if chosen is not None and len(chosen) != PASS_COUNT:
            raise InvalidState(f"passing[{p}]: a pass is exactly {PASS_COUNT} cards")
    for p, gave in enumerate(passed):
        if gave is not None and len(gave) != PASS_COUNT:
            raise InvalidState(f"passed[{p}]: a pass is exactly {PASS_COUNT} cards")
    for p, cards in enumerate(taken):
        for card in cards:
            if card not in hands[p]:
                raise InvalidState(
                    f"taken[{p}]: card {card} is not in hands[{p}] (taken lists cards taken "
                    f"from the pile that are still in the hand)"
                )
    dealt = hand_size(n)
    for p, hand in enumerate(hands):
        held = len(hand) + len(passing[p] or ())
        if held > dealt:
            raise InvalidState(
                f"hands[{p}]: {held} cards, but a hand holds at most the {dealt} dealt (FT1: "
                "passing swaps 3 for 3 and no turn adds a card to the hand)"
            )
    finished = len(history)
    if phase == "pass":
        _check_pass_phase(active, hands, passing, passed, pile, aux, out, taken)
        limit = round_ - 1
    else:
        if any(c is not None for c in passing):
            raise InvalidState("passing: must be all null once the cards have been passed")
        if active is None:
            if round_ != n:
                raise InvalidState(
                    f"to_play: null means the game is over, but round {round_} of {n} is running"
                )
            limit = n
        else:
            for p, hand in enumerate(hands):
                if len(hand) < 2:
                    raise InvalidState(
                        f"hands[{p}]: {len(hand)} card(s) during play; a round ends as soon as "
                        f"a player has one card left (FT11)"
                    )
            limit = round_ - 1
    if finished > limit:
        raise InvalidState(f"round_points: {finished} finished rounds listed in round {round_}")


def _check_pass_phase(
    active: int | None,
    hands: tuple[Cards, ...],
    passing: tuple[Cards | None, ...],
    passed: tuple[Cards | None, ...],
    pile: Cards,
    aux: tuple[Cards, ...],
    out: Cards,
    taken: tuple[Cards, ...],
) -> None:
    for key, value in (("pile", pile), ("out", out)):
        if value:
            raise InvalidState(f"{key}: must be empty while the players choose cards to pass")
    for key, lists in (("aux", aux), ("taken", taken)):
        if any(lists):
            raise InvalidState(f"{key}: must be empty while the players choose cards to pass")
    if any(c is not None for c in passed):
        raise InvalidState("passed: must be all null before the cards are passed")
    if active is None:
        raise InvalidState("to_play: a player must be choosing cards in the pass phase")
    if passing[active] is not None:
        raise InvalidState(f"to_play: player {active} has already chosen the cards to pass")
    for p, hand in enumerate(hands):
        if passing[p] is None and len(hand) < PASS_COUNT:
            raise InvalidState(
                f"hands[{p}]: {len(hand)} card(s), but {PASS_COUNT} must still be chosen to pass"
            )


@functools.lru_cache(maxsize=4096)
def _helper_subsets(helpers: Cards) -> tuple[tuple[int, Cards], ...]:
    """Every non-empty set of auxiliary cards with its sum (sorted, as ``helpers`` is), smallest
    sets first.

    Kept per set of auxiliary cards: a player's cards in front change on few turns, and the
    same subset objects each turn make the option C moves' table keys compare by identity.
    """
    return tuple(
        (sum(combo), combo)
        for size in range(1, len(helpers) + 1)
        for combo in itertools.combinations(helpers, size)
    )


# --------------------------------------------------------------------------- sampling
def _sample_position(
    obs: dict[str, Any], player: int, pass_dir: str, rng: random.Random
) -> dict[str, Any]:
    """A JSON position that ``player`` cannot tell from ``obs`` (their observation), with every
    hidden card placed at random among the places it may be (see ``FtwCardsRules.sample``)."""
    n: int = obs["players"]
    receiver = (player + (-1 if pass_dir == "right" else 1)) % n
    data = dict(obs)
    hands: list[list[Any]] = [list(h) for h in obs["hands"]]
    passing: list[Any] = list(obs["passing"])
    known: set[int] = {c for h in hands for c in h if c is not None}
    known.update(passing[player] or ())
    known.update(obs["pile"])
    known.update(c for a in obs["aux"] for c in a)
    known.update(c for c in obs["out"] if c is not None)
    # Places with hidden cards, (key, seat) -> how many, and the cards known to be there.
    slots: dict[tuple[str, int], int] = {}
    fixed: dict[tuple[str, int], list[int]] = {}
    for q, hand in enumerate(hands):
        hidden = sum(1 for c in hand if c is None)
        if hidden:
            taken = [c for c in obs["taken"][q] if c not in known]  # public: taken from the pile
            fixed[("hands", q)] = taken
            known.update(taken)
            slots[("hands", q)] = hidden - len(taken)
    if obs["phase"] == "pass":
        # who has chosen, in secret: a hand of the dealt size minus 3 tells (the chosen cards are
        # in flight); for made-up hand sizes, the seats before the chooser in turn order
        dealt = hand_size(n)
        before, seat = set(), obs["start"]
        while seat != obs["to_play"]:
            before.add(seat)
            seat = (seat + 1) % n
        for q, hand in enumerate(hands):
            size = len(hand)
            chosen = (
                size == dealt - PASS_COUNT if size in (dealt, dealt - PASS_COUNT) else q in before
            )
            if q != player and chosen:
                slots[("passing", q)] = PASS_COUNT
    if obs["aside"]:
        slots[("aside", 0)] = len(obs["aside"])
    hidden_out = sum(1 for c in obs["out"] if c is None)
    if hidden_out:
        slots[("out", 0)] = hidden_out
    pool = [c for c in range(1, DECK_SIZES[n] + 1) if c not in known]
    if obs["phase"] == "play":
        # the cards ``player`` passed that have not shown up since are still in the receiver's
        # hand (FT3: they cannot be passed on), or among face-down cards nobody remembers
        for card in sorted(c for c in obs["passed"][player] or () if c not in known):
            places = [k for k in (("hands", receiver), ("out", 0)) if slots.get(k, 0) > 0]
            if not places:
                continue  # a made-up position without the card anywhere: leave it out
            place = rng.choices(places, [slots[k] for k in places])[0]
            fixed.setdefault(place, []).append(card)
            slots[place] -= 1
            pool.remove(card)
    rng.shuffle(pool)
    for key, seat in sorted(slots):
        count = slots[(key, seat)]
        cards = sorted(fixed.get((key, seat), []) + pool[:count])
        del pool[:count]
        if key == "hands":
            hands[seat] = cards
        elif key == "passing":
            passing[seat] = cards
        else:
            data[key] = cards
    data["hands"] = hands
    data["passing"] = passing
    data["passed"] = [None if c is None or None in c else c for c in obs["passed"]]
    data["seed"] = rng.randrange(2**32)  # the later rounds' shuffles: unknown to everyone
    return data


def _sampled_state(state: FtwCardsState, data: dict[str, Any]) -> FtwCardsState:
    """The state ``rules.load(data)`` gives for a position :func:`_sample_position` drew from
    ``state``, built directly: a search draws one per iteration, and the loader's checks of a
    JSON position (two thirds of the cost of a draw) have nothing to find in one made from a
    legal state. Only the re-drawn fields change (each kept sorted, as the loader keeps it);
    every public field is ``state``'s own, which is what the observation showed.
    """

    def sorted_lists(lists: list[Any]) -> tuple[Any, ...]:
        return tuple(None if cards is None else tuple(sorted(cards)) for cards in lists)

    return state._derive(
        seed=data["seed"],
        hands=sorted_lists(data["hands"]),
        passing=sorted_lists(data["passing"]),
        passed=sorted_lists(data["passed"]),
        out=tuple(sorted(data["out"])),
        aside=tuple(sorted(data["aside"])),
    )


# --------------------------------------------------------------------------- rules
# Card numbers have at most 6 digits in notation (cards run to 60): a 5,000-digit number is
# refused as notation (IllegalMove), never handed to ``int`` (Python's digit limit, ValueError).
_N = r"\d{1,6}"
_NUMBERS = rf"{_N}(?:[\s,]+{_N})*"
_PASS_RE = re.compile(rf"pass\s+({_NUMBERS})")
_PLAY_RE = re.compile(rf"play\s+({_N})")
_AUX_RE = re.compile(rf"aux\s+({_N})\s+take\s+({_N})")
_HELP_RE = re.compile(rf"play\s+({_N})\s+with\s+({_N}(?:\s*\+\s*{_N})*)")


class FtwCardsRules(Rules):
    """The rules of FTW?! under one set of options (see the module docstring)."""

    id = "ftwcards"
    title = "FTW?!"
    min_players = 2
    max_players = 6
    Options = FtwCardsOptions
    options: FtwCardsOptions

    clicks: ClassVar[Clicks] = interaction.CardClicks(PassMove, PlayMove, AuxMove, HelpMove)
    hidden_information = True

    _minimal_only: bool
    """Whether option C lists only minimal sets of auxiliary cards (``aux_subsets``), read once
    here: every turn with auxiliary cards asks."""

    def __init__(self, options: FtwCardsOptions | None = None) -> None:
        super().__init__(options)
        self._keep("_minimal_only", self.options.aux_subsets == "minimal_only")

    def sample(self, state: State, player: int, rng: random.Random) -> State:
        """A full position consistent with ``state.observation(player)``, hidden parts re-drawn.

        Built from the observation alone (so two states that look the same to ``player`` give
        the same sample for the same ``rng``): the other hands, the other players' pass choices,
        the 2-player aside, the face-down ``out`` cards under ``memory = none`` and the seed of
        the later rounds' shuffles are drawn afresh from the cards ``player`` cannot place.
        Public facts are kept: the pile, auxiliary cards, hand sizes, the cards known to be in a
        hand (``taken``, and the cards ``player`` passed that have not shown up since), scores.
        """
        state._check_player(player)
        assert isinstance(state, FtwCardsState)
        data = _sample_position(state.observation(player), player, state.options.pass_dir, rng)
        return _sampled_state(state, data)

    def _new(self, players: int, seed: int | None) -> State:
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        start = random.Random(f"{seed}/start").randrange(players)
        return _make_state(self, _dealt(players, seed, 1, start, (0,) * players, (), None))

    def _load_position(self, data: Mapping[str, Any]) -> State:
        return _load(self, data)

    def _parse_move(self, state: State, text: str) -> Move:
        norm = " ".join(text.lower().split())
        if m := _PASS_RE.fullmatch(norm):
            return PassMove(tuple(int(c) for c in re.split(r"[\s,]+", m.group(1))))
        if m := _PLAY_RE.fullmatch(norm):
            return PlayMove(int(m.group(1)))
        if m := _AUX_RE.fullmatch(norm):
            return AuxMove(int(m.group(1)), int(m.group(2)))
        if m := _HELP_RE.fullmatch(norm):
            helpers = tuple(int(c) for c in m.group(2).split("+"))
            return HelpMove(int(m.group(1)), helpers)
        raise IllegalMove(
            f"{_excerpt(text)} is not a move in FTW?! notation; write e.g. 'pass 3 17 30', "
            "'play 23', "
            f"'aux 6 take 25' or 'play 2 with 6+11'"
        )


RULES = FtwCardsRules
"""The registry entry point."""
