"""The text report of a settlement: each pot and its winners, then a per-seat table."""

from __future__ import annotations

from badugi_fast.checks import check_type
from badugi_fast.pots.results import Half, Settlement


def format_settlement(result: Settlement) -> str:
    """A compact human-readable account: each pot and its winners, then a per-seat table."""
    check_type(
        "result", result, Settlement, "settle() gives one; a hand's result is None until it is over"
    )
    lines = [f"{result.game}, button seat {result.button}, unit {result.unit}"]
    if result.dead_money:
        lines.append(f"dead money: {result.dead_money} (carried in, in the main pot)")
    for number, pot in enumerate(result.pots):
        title = "main pot" if number == 0 else f"side pot {number}"
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
