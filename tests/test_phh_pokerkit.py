"""PHH both ways with PokerKit (which needs Python 3.11+).

PokerKit plays random hands of ``FixedLimitBadugi`` and ``FixedLimitDeuceToSevenLowballTripleDraw``
(2-6 players, stacks down to one chip so that blinds, calls, bets and raises go all in for
less than a full bet and make side pots, six-handed draws that run the stub out) and writes
them with its own ``HandHistory``; they must load here field for field and replay to
PokerKit's finishing stacks. This engine's ``FB``/``F2L3D`` hands, as short, must load and
replay in PokerKit to the same stacks. 300 hands each way; 2,000 with ``BADUGI_SOAK=full``.
No-limit single draw (``NoLimitDeuceToSevenLowballSingleDraw``, ``N2L1D``) the same way:
150 hands each way; 2,000 with ``BADUGI_SOAK=full``.
"""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pokerkit
import pokerkit_play
import pytest
from soak import size
from test_phh_cli import WIKIPEDIA_BADUGI, WSOP_F2L3D
from test_phh_files import SPEC_EXAMPLE
from test_phh_real_hands import WSOP_2023_43
from test_phh_replay import HANDS_EACH_WAY, engine_hand, round_trip
from test_phh_unknown import masked

from badugi_fast import phh
from badugi_fast.engine import Action, BettingRules
from badugi_fast.phh import notation

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # PokerKit's dealing advice
POKERKIT_SEEDS = HANDS_EACH_WAY * 3 // 2  # about a third run PokerKit's stub out
PHH_GAMES = {
    "FB": pokerkit.FixedLimitBadugi,
    "F2L3D": pokerkit.FixedLimitDeuceToSevenLowballTripleDraw,
}
N2L1D_HANDS = size(150, 2000)
"""No-limit single-draw hands each way."""
SHORT_STACKS = (1, 2, 3, 5, 9, 30, 200, 200)
"""Stack sizes of the random hands both ways: a blind, a bet or a raise often goes all in
for less than a full one."""
BET_SIZES = (2, 2, 4, 4)
"""The bet of each betting round of the random hands (blinds 1-2, bets 2-4)."""


def short_stacks(seed: int, players: int) -> list[int]:
    """The starting stacks of random hand ``seed``."""
    rng = random.Random(seed)
    return [rng.choice(SHORT_STACKS) for _ in range(players)]


def raised_all_in_for_less(history: list[Action]) -> bool:
    """Whether a bet or raise of the hand was an all-in for less than a full one (under
    PokerKit's rules a full raise is the round's bet or more)."""
    street = level = 0
    for record in history:
        amount = record.amount or 0
        if record.kind == "burn":
            street, level = street + 1, 0
        elif record.kind == "post-blind":
            level = max(level, amount)
        elif record.kind in ("bet", "raise"):
            if amount - level < BET_SIZES[street]:
                return True
            level = amount
    return False


def pokerkit_histories(count: int, game_class: type[Any] = pokerkit.FixedLimitBadugi) -> list[Any]:
    """PokerKit's own HandHistory of ``count`` hands it played, 2-6 players."""
    game = pokerkit_play.make_game(game_class)
    stacks = [30, 200, 12, 200, 50, 200]
    return [
        pokerkit.HandHistory.from_game_state(
            game, pokerkit_play.play(game, seed, 2 + seed % 5, stacks).state
        )
        for seed in range(count)
    ]


def same_fields(ours: phh.HandHistory, theirs: Any) -> None:
    """Every field PokerKit keeps equals ours."""
    for name, value in ours.to_dict().items():
        if name.startswith("_"):
            assert theirs.user_defined_fields[name] == value
        else:
            expected = getattr(theirs, name)
            assert (list(expected) if isinstance(expected, tuple) else expected) == value, name


def pokerkit_hands(reshuffled: bool) -> Iterator[tuple[int, tuple[int, ...], str]]:
    """(seed, PokerKit's finishing stacks, its PHH text) of PokerKit's random hands whose
    stub did or did not run out."""
    for seed, stacks, text, ran_out in _pokerkit_played():
        if ran_out == reshuffled:
            yield seed, stacks, text


@cache
def _pokerkit_played() -> tuple[tuple[int, tuple[int, ...], str, bool], ...]:
    """Every random hand PokerKit plays for these tests, played once for all of them."""
    played = []
    for seed in range(POKERKIT_SEEDS):
        game = pokerkit_play.make_game(PHH_GAMES["FB" if seed % 2 else "F2L3D"])
        hand = pokerkit_play.play(game, seed, 2 + seed % 5, short_stacks(seed, 6))
        text = pokerkit.HandHistory.from_game_state(game, hand.state).dumps()
        played.append((seed, tuple(hand.state.stacks), text, hand.reshuffled))
    return tuple(played)


def test_pokerkit_hands_replay_to_pokerkits_stacks() -> None:
    short = side_pots = mucked = replayed = 0
    for seed, stacks, text in pokerkit_hands(reshuffled=False):
        ours = phh.replay(phh.loads(text))
        assert ours.is_over, seed
        assert ours.stacks == stacks, seed
        short += raised_all_in_for_less(ours.history)
        side_pots += len(ours.result.pots) > 1  # type: ignore[union-attr]
        mucked += any(record.kind == "muck" for record in ours.history)
        replayed += 1
    # PokerKit mucks (a bare ``sm``) every hand that cannot win: those replay as mucks
    assert replayed >= HANDS_EACH_WAY and mucked > HANDS_EACH_WAY / 20
    assert short > HANDS_EACH_WAY / 20 and side_pots > HANDS_EACH_WAY / 20, (short, side_pots)


def test_pokerkit_hands_that_reshuffled_replay_to_pokerkits_stacks() -> None:
    """Where PokerKit's stub ran out it reshuffled every card out of play, this draw's
    discards and the burns included. The manual dealer deals any card no player holds, so
    these replay exactly too, each with a reshuffle in the record: once the stub holds
    only burned cards (unknown here), the next card must come from a reshuffle
    (docs/rules.md, "Hand histories")."""
    replayed = reshuffled = 0
    for seed, stacks, text in pokerkit_hands(reshuffled=True):
        state = phh.replay(phh.loads(text))
        assert state.is_over and state.stacks == stacks, seed
        reshuffled += any(record.kind == "reshuffle" for record in state.history)
        replayed += 1
    assert replayed > POKERKIT_SEEDS / 5 and reshuffled == replayed


def test_the_specification_example_loads_in_pokerkit_as_here() -> None:
    with SPEC_EXAMPLE.open("rb") as file:
        history = phh.load(file)
    same_fields(history, pokerkit.HandHistory.loads(phh.dumps(history)))


def test_files_pokerkit_writes_load_here_and_back() -> None:
    for theirs in pokerkit_histories(60):
        ours = phh.loads(theirs.dumps())
        same_fields(ours, theirs)
        text = phh.dumps(ours)
        assert phh.loads(text) == ours
        same_fields(ours, pokerkit.HandHistory.loads(text))


def test_phhs_both_ways() -> None:
    theirs = pokerkit_histories(8, pokerkit.FixedLimitDeuceToSevenLowballTripleDraw)
    ours = phh.loads_all(pokerkit.HandHistory.dumps_all(theirs))
    assert len(ours) == 8
    for mine, reference in zip(ours, theirs, strict=True):
        same_fields(mine, reference)
    text = phh.dumps_all(ours)
    assert phh.loads_all(text) == ours
    back = list(pokerkit.HandHistory.loads_all(text))
    for mine, reference in zip(ours, back, strict=True):
        same_fields(mine, reference)
    buffer = io.StringIO()
    phh.dump_all(ours, buffer)
    assert phh.load_all(io.BytesIO(buffer.getvalue().encode())) == ours


def test_notation_round_trips_every_line_pokerkit_writes() -> None:
    for history in pokerkit_histories(30):
        for line in history.actions:
            assert notation.format_line(notation.parse_line(line)) == line


def test_engine_fb_and_f2l3d_hands_replay_in_pokerkit() -> None:
    """Half the hands are played under PokerKit's rules (each one an ``FB``/``F2L3D``), half
    under the card rooms' (an ``X`` code unless the same actions are legal to the same chips
    under PokerKit's); every ``FB``/``F2L3D`` one replays in PokerKit to the same stacks."""
    games = ["badugi", "deuce-seven-triple-draw"]
    codes = {"badugi": "FB", "deuce-seven-triple-draw": "F2L3D"}
    in_pokerkit = mucked = short = 0
    for seed in range(HANDS_EACH_WAY):
        game = games[seed % 2]
        pokerkit_rules = seed % 4 < 2
        rules = BettingRules.phh_fixed_limit(2, 4) if pokerkit_rules else "fixed-limit"
        state = engine_hand(seed, game, rules, SHORT_STACKS, mucking=seed % 3 == 0)  # type: ignore[arg-type]
        history, text = round_trip(state, seed)
        if history.variant == codes[game]:
            final = list(pokerkit.HandHistory.loads(text))[-1]
            assert list(final.stacks) == list(history.finishing_stacks or ()), seed
            in_pokerkit += 1
            mucked += any(line.endswith(" sm") for line in history.actions)
            short += raised_all_in_for_less(state.history)
        else:  # legal here, not under PokerKit's betting rules
            assert not pokerkit_rules and history.variant == "X" + codes[game], seed
    assert in_pokerkit > HANDS_EACH_WAY * 0.6 and mucked > HANDS_EACH_WAY / 20
    assert short > HANDS_EACH_WAY / 20, short


def test_the_specification_example_replays_as_pokerkit_does() -> None:
    history = phh.load(SPEC_EXAMPLE.open("rb"))
    state = phh.replay(history)
    final = list(pokerkit.HandHistory.loads(SPEC_EXAMPLE.read_text()))[-1]
    assert state.is_over and state.stacks == tuple(final.stacks) == (0, 4190000, 5910000, 12095000)


@pytest.mark.parametrize("path", WSOP_2023_43, ids=lambda path: path.stem)
def test_pokerkit_ends_the_wsop_hands_where_they_replay_here(path: Path) -> None:
    """PokerKit's own replay of each WSOP 2023 #43 single-draw hand ends at the file's
    finishing stacks, which the replay here reaches (test_phh_real_hands.py); this engine's
    export of the replay keeps the specification's code and replays in PokerKit to the
    same stacks."""
    text = path.read_text()
    history = phh.loads(text)
    theirs = list(pokerkit.HandHistory.loads(text))[-1]
    assert list(theirs.stacks) == list(history.finishing_stacks or ())
    written = phh.from_state(phh.replay(history))
    assert written.variant == history.variant
    back = list(pokerkit.HandHistory.loads(phh.dumps(written)))[-1]
    assert list(back.stacks) == list(history.finishing_stacks or ())


def test_pokerkit_single_draw_hands_replay_to_pokerkits_stacks() -> None:
    """PokerKit's random ``NoLimitDeuceToSevenLowballSingleDraw`` hands, short stacks
    included, replay here to its stacks."""
    game = pokerkit_play.make_game(pokerkit.NoLimitDeuceToSevenLowballSingleDraw)
    all_ins = 0
    for seed in range(N2L1D_HANDS):
        state = pokerkit_play.play(game, seed, 2 + seed % 5, [30, 200, 12, 200, 50, 200]).state
        text = pokerkit.HandHistory.from_game_state(game, state).dumps()
        ours = phh.replay(phh.loads(text))
        assert ours.game == "deuce-seven-single-draw" and ours.draws == 1
        assert ours.stacks == tuple(state.stacks), seed
        all_ins += any(ours.all_in(seat) for seat in range(ours.n_seats))
    assert all_ins > N2L1D_HANDS / 20


def test_engine_n2l1d_hands_replay_in_pokerkit() -> None:
    """This engine's no-limit single-draw hands, half of them with a big-blind ante, are
    written as ``N2L1D`` and end in PokerKit at this engine's stacks."""
    in_pokerkit = big_blind_antes = 0
    for seed in range(N2L1D_HANDS):
        antes: dict[str, Any] = {"antes": 3, "big_blind_ante": True} if seed % 2 else {}
        state = engine_hand(seed, "deuce-seven-single-draw", "no-limit", **antes)
        history, text = round_trip(state, seed)
        if history.variant == "N2L1D":
            final = list(pokerkit.HandHistory.loads(text))[-1]
            assert list(final.stacks) == list(history.finishing_stacks or ()), seed
            in_pokerkit += 1
            big_blind_antes += state.big_blind_ante
        else:  # more than four bets and raises a round: see docs/rules.md, "Hand histories"
            assert history.variant == "XN2L1D", seed
    assert in_pokerkit > N2L1D_HANDS * 0.9 and big_blind_antes > N2L1D_HANDS * 0.4


def test_the_specification_badugi_example_with_unknown_cards_replays_as_pokerkit_does() -> None:
    """Every card dealt ``??``; the two hands shown at the showdown decide the pot."""
    state = phh.replay(phh.load(WIKIPEDIA_BADUGI.open("rb")))
    final = list(pokerkit.HandHistory.loads(WIKIPEDIA_BADUGI.read_text()))[-1]
    assert state.is_over and state.stacks == tuple(final.stacks) == (196, 220, 200, 184)


def test_the_wsop_final_table_triple_draw_hands_replay_to_pokerkits_stacks() -> None:
    """The 2023 WSOP Event #43 final table's F2L3D hands, from PokerKit's data."""
    ours = phh.load_all(WSOP_F2L3D.open("rb"))
    theirs = list(pokerkit.HandHistory.loads_all(WSOP_F2L3D.read_text()))
    assert len(ours) == len(theirs) == 7
    for history, reference in zip(ours, theirs, strict=True):
        state = phh.replay(history)
        final = list(reference)[-1]
        assert state.is_over and state.stacks == tuple(final.stacks), history.hand


MASKED_EACH_WAY = size(60, 2000)
"""Hands replayed each way with their cards hidden (test_phh_unknown.py's ``masked``)."""


def test_pokerkit_hands_with_hidden_cards_replay_to_pokerkits_stacks() -> None:
    """Every card hidden, and as one player saw it; PokerKit's reshuffles included."""
    replayed = reshuffled = 0
    for seed, stacks, text, ran_out in _pokerkit_played()[:MASKED_EACH_WAY]:
        history = phh.loads(text)
        for seen in ((), (seed % history.player_count,)):
            state = phh.replay(masked(history, seen))
            assert state.is_over and state.stacks == stacks, (seed, seen)
        replayed += 1
        reshuffled += ran_out
    assert replayed == min(MASKED_EACH_WAY, POKERKIT_SEEDS) and reshuffled > replayed / 5


def test_engine_hands_with_hidden_cards_replay_in_pokerkit() -> None:
    in_pokerkit = 0
    for seed in range(MASKED_EACH_WAY):
        game = ("badugi", "deuce-seven-triple-draw")[seed % 2]
        rules = BettingRules.phh_fixed_limit(2, 4)
        state = engine_hand(seed, game, rules, SHORT_STACKS, mucking=seed % 3 == 0)
        history = phh.from_state(state)
        for seen in ((), (seed % state.n_seats,)):
            final = list(pokerkit.HandHistory.loads(phh.dumps(masked(history, seen))))[-1]
            assert list(final.stacks) == list(history.finishing_stacks or ()), (seed, seen)
        in_pokerkit += 1
    assert in_pokerkit == MASKED_EACH_WAY
