"""The text report of a settlement: each pot and its winners, then a per-seat table."""

from __future__ import annotations

from typing import SupportsIndex

from badugi_fast.checks import check_int, check_type
from badugi_fast.errors import InvalidOption
from badugi_fast.pots.results import Half, Settlement


def format_settlement(
    result: Settlement, *, runs: SupportsIndex = 1, run: SupportsIndex = 0
) -> str:
    """A compact human-readable account: each pot and its winners, then a per-seat table.

    A hand run more than once (docs/rules.md, "Running it twice") names each run's share:
    give ``runs`` (``state.run``) for the hand's result, whose pots are each run's in turn,
    or ``run`` for one run's settlement (``state.run_results[run - 1]``), whose pots hold
    that run's share of the hand's (its ``dead_money``), not chips carried in."""
    check_type(
        "result", result, Settlement, "settle() gives one; a hand's result is None until it is over"
    )
    runs = check_int("runs", runs, 1)
    run = check_int("run", run, 0)
    if len(result.pots) % runs or (run and runs > 1):
        raise InvalidOption(
            f"runs={runs}, run={run}: a hand's result of {len(result.pots)} pots is not "
            f"{runs} runs' (give runs for a hand's result, run for one run's settlement)"
        )
    lines = [f"{result.game}, button seat {result.button}, unit {result.unit}"]
    if run:
        lines.append(f"run {run}'s share of the pots: {result.dead_money}")
    elif result.dead_money:
        lines.append(f"dead money: {result.dead_money} (carried in, in the main pot)")
    each = len(result.pots) // runs
    for number, pot in enumerate(result.pots):
        title = "main pot" if number % max(each, 1) == 0 else f"side pot {number % each}"
        if runs > 1 or run:
            title = f"run {run or number // each + 1} {title}"
        seats = " ".join(map(str, pot.eligible))
        lines.append(f"{title} {pot.amount}, eligible seats {seats}")
        for half in pot.halves:
            lines.append(f"  {_format_half(half, half.kind == pot.odd_cut)}")
    lines.append("")
    lines.append(f"{'seat':>4} {'put in':>9} {'returned':>9} {'payout':>9} {'net':>9}")
    for seat, row in enumerate(
        zip(result.contributed, result.returned, result.payouts, result.net, strict=True)
    ):
        put_in, returned, payout, net = row
        lines.append(f"{seat:>4} {put_in:>9} {returned:>9} {payout:>9} {net:>+9}")
    if result.carried_over:
        lines.append(f"carried over: {result.carried_over}")
    return "\n".join(lines)


def _format_half(half: Half, odd_cut: bool) -> str:
    """One line for one half: its amount, notes and each winner's share and hand."""
    if not half.winners:
        return f"{half.kind}: {half.note}"
    head = f"{half.kind} {half.amount}"
    if odd_cut:
        head += " (incl. the odd unit of the cut)"
    if half.note:
        head += f" ({half.note})"
    odd = {unit.seat for unit in half.odd_units}
    shares = [
        f"seat {w.seat} wins {w.amount}"
        + (" (incl. an odd unit)" if w.seat in odd else "")
        + (f" with {w.hand}" if w.hand else "")
        for w in half.winners
    ]
    return f"{head}: {'; '.join(shares)}"
