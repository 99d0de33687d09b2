"""Money a room charged that no line of its hand states, found from the nets its summary
gives (docs/guide/rooms.md, "How a hand is read", "Money no line states").

Kings Club writes each player's net for the hand (``Seat 2: Ann (2,295.88) -77``) but not
always every chip behind it: a player back from missing the blinds may be charged a dead
small blind that no line names (``posts blind 44`` alone, where the net says 77 went in
with an ante of 11), or one with no line at all. The hand is played once as the lines tell
it; what the room kept from each player beyond what the rules took is a dead blind that
player posted, added to ``_missed_blinds`` and said in ``_warnings``.
"""

from __future__ import annotations

from typing import Any

from badugi_fast.errors import BadugiError
from badugi_fast.phh.history import HandHistory
from badugi_fast.phh.payouts import PAYOUT_FIELDS
from badugi_fast.phh.replay import replay
from badugi_fast.phh.settings import engine_seats


def add_unstated_blinds(data: dict[str, Any], nets: list[int | None]) -> None:
    """Where ``nets`` (each player's net in the room's summary, None where it gives none)
    say the room kept more of a player than the hand ``data`` tells, that much more is the
    player's dead blind: it goes into ``data``'s ``_missed_blinds``, with a warning. A hand
    that does not replay as written is left as it is, for the import to refuse by name.
    The hand is replayed only when its lines, read at a glance, do not account for every
    net (most hands: a replay costs three times the reading)."""
    received = data.get("_collected")
    if received is not None and "_paid" not in data and _accounted(data, received, nets):
        return
    try:
        history = HandHistory.from_dict({k: v for k, v in data.items() if k not in PAYOUT_FIELDS})
        state = replay(history)
    except (BadugiError, ValueError):
        return
    if not state.is_over or state.result is None:
        return
    result = state.result
    dead = [0] * state.n_seats
    for record in state.history:
        if record.seat is not None and (
            record.kind == "post-dead" or (record.kind == "post-ante" and state.big_blind_ante)
        ):
            dead[record.seat] += record.amount or 0
    paid = data.get("_paid")
    received = paid if paid is not None else data.get("_collected")
    if received is None:
        return
    missed = data.get("_missed_blinds") or [[0, 0] for _ in nets]
    warnings = []
    for player, (seat, net) in enumerate(zip(engine_seats(history), nets, strict=True)):
        if net is None:
            continue
        returned = result.returned[seat]
        kept = received[player] - (returned if paid is not None else 0) - net
        missing = kept - (result.contributed[seat] + dead[seat] - returned)
        if missing > 0:
            missed[player] = [missed[player][0], missed[player][1] + missing]
            warnings.append(
                f"p{player + 1} ({data['players'][player]}) was charged {missing} that no line"
                " states (the summary's net): posted as a dead blind"
            )
    if warnings:
        data["_missed_blinds"] = missed
        data["_warnings"] = [*data.get("_warnings", ()), *warnings]


def _accounted(data: dict[str, Any], collected: list[int], nets: list[int | None]) -> bool:
    """Whether the chips each player's lines put in, less the uncalled part of the largest
    (the layer no other player reached), are what the room kept of it: its winnings less
    its net. A glance, not the rules: False sends the hand to a replay."""
    blinds = list(data["blinds_or_straddles"])
    stacks = data["starting_stacks"]
    missed = data.get("_missed_blinds") or [[0, 0] for _ in stacks]
    put = [ante + dead for ante, (_, dead) in zip(data["antes"], missed, strict=True)]
    bets = [
        min(blind + live, stack - paid)
        for blind, (live, _), stack, paid in zip(blinds, missed, stacks, put, strict=True)
    ]
    level = max(bets)
    for line in data["actions"]:
        words = line.split()
        if words[0] == "d" or len(words) < 2:
            continue
        player = int(words[0][1:]) - 1
        if words[1] == "sd" and any(bets):  # a draw: the round's bets are in
            put = [p + b for p, b in zip(put, bets, strict=True)]
            bets, level = [0] * len(bets), 0
        elif words[1] == "cbr":
            bets[player] = level = int(words[2])
        elif words[1] == "cc":
            bets[player] = min(level, stacks[player] - put[player])
    put = [p + b for p, b in zip(put, bets, strict=True)]
    top = sorted(put)[-2:]
    for player, (paid, net) in enumerate(zip(put, nets, strict=True)):
        returned = paid - top[0] if paid == top[-1] else 0
        if net is not None and collected[player] - net != paid - returned:
            return False
    return True
