"""The rules rooms play, as the importer turns them on for the room that plays them
(docs/guide/rooms.md): each fixture is a public room hand's wording with made-up names
(tests/test_phh_rooms.py imports, replays and pays every fixture as the room paid it);
here each hand is checked to need its rule, the engine's defaults refusing it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from badugi_fast import phh
from badugi_fast.errors import InvalidHistory, PayoutMismatch
from badugi_fast.phh.rooms import decode
from badugi_fast.phh.settings import engine_seats

ROOMS = Path(__file__).parent / "data" / "rooms"


def hands_of(room: str, name: str) -> list[phh.HandHistory]:
    return phh.from_room(decode((ROOMS / room / name).read_bytes()))


def without(history: phh.HandHistory, *names: str) -> phh.HandHistory:
    """The history with these user fields taken out (the engine's defaults)."""
    data = history.to_dict()
    for name in names:
        data.pop(name, None)
    return phh.HandHistory.from_dict(data)


def test_pokerstars_folds_absent_players_and_completes_all_ins_for_less() -> None:
    """Tournament Badugi: an absent big blind folded after limps, a small blind all in and
    sitting out folded, and two raises that complete an all-in for less to the next rung
    (180 after 150 at 60/120, 600 after 550 at 300/600)."""
    hands = hands_of("pokerstars", "badugi-limit-tournament-absent-players-and-short-all-ins.txt")
    refusals = [
        "p2 cannot fold: nothing to call, check instead",
        "acts out of turn",
        "raise to 180 is below the minimum 210",
        "raise to 600 is below the minimum 850",
    ]
    assert len(hands) == len(refusals)
    for history, refusal in zip(hands, refusals, strict=True):
        fields = history.user_fields
        assert fields["_free_folds"] is True and fields["_bet_ladder"] is True
        assert phh.replay(history).is_over
        with pytest.raises(InvalidHistory, match=re.escape(refusal)):
            phh.replay(without(history, "_free_folds", "_bet_ladder"))
    sitting_out, small_blind = phh.replay(hands[1]), engine_seats(hands[1])[0]
    assert sitting_out.folded(small_blind) and sitting_out.contributed[small_blind] == 25


def test_full_tilt_posts_the_big_blind_left_of_the_button_when_no_small_blind() -> None:
    folded_to, played = hands_of("fulltilt", "single-draw-27-no-limit-no-small-blind.txt")
    for history in (folded_to, played):
        assert list(history.blinds_or_straddles or ())[:2] == [40, 0]
        state, big_blind = phh.replay(history), engine_seats(history)[0]
        assert state.no_small_blind and state.contributed[big_blind] >= 40 + 10
    assert phh.replay(folded_to).stacks[engine_seats(folded_to)[0]] == 6115  # the antes


def test_merge_half_pot_limit_badugi_is_played_on_antes_alone() -> None:
    (history,) = hands_of("merge", "badugi-half-pot-limit-antes.txt")
    assert list(history.blinds_or_straddles or ()) == [0, 0, 0] and history.min_bet == 50
    assert list(history.antes) == [50, 50, 50]
    state = phh.replay(history)
    assert state.rules.structure == "half-pot-limit" and state.blinds == (0, 0)


def test_kings_club_deals_ace_to_five_single_draw() -> None:
    (history,) = hands_of("kingsclub", "single-draw-a5-limit.txt")
    assert history.variant == "XFA5L1D"
    assert phh.replay(history).stacks == (148900, 77400)


@pytest.mark.parametrize(
    ("name", "player", "posts", "dead"),
    [
        ("single-draw-27-no-limit-unstated-dead-blind.txt", 4, [0, 12500], 12500),
        ("triple-draw-27-limit-blind-and-unstated-dead-blind.txt", 5, [4400, 2200], 2200),
    ],
)
def test_kings_club_nets_find_a_dead_blind_no_line_states(
    name: str, player: int, posts: list[int], dead: int
) -> None:
    """A returning player charged a dead small blind that no line posts (no line at all,
    or ``posts blind 44`` alone while the summary's net says 77 with the ante): the
    summary's nets find it; it is posted dead and said in ``_warnings``."""
    (history,) = hands_of("kingsclub", name)
    missed = history.user_fields["_missed_blinds"]
    assert missed[player] == posts and sum(map(sum, missed)) == sum(posts)
    (warning,) = history.user_fields["_warnings"]
    assert warning.startswith(f"p{player + 1} (") and f"charged {dead} that no line" in warning
    assert phh.replay(history).dead_money == dead
    text = (ROOMS / "kingsclub" / name).read_text()
    no_nets = re.sub(r"(?m)^(Seat [0-9]+: .+\)) [+-][0-9,.]+$", r"\1", text)
    (unsaid,) = phh.read_room(no_nets)
    assert isinstance(unsaid, phh.HandHistory) and "_warnings" not in unsaid.user_fields
    with pytest.raises(PayoutMismatch):
        phh.replay(unsaid)
