"""A hand as the room told it (a ``Draft``) made a ``HandHistory``, by the rules every room
shares (docs/guide/rooms.md, "How a hand is read"): players in PHH order from the left of
the button, only those dealt in; the blinds where the engine posts them (blinds posted
elsewhere are a returning player's missed blinds); unknown cards as ``??``; each draw's
discards before its replacements; the showdown in the engine's show order; the room's
payouts in user fields, checked against the room's own arithmetic.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from badugi_fast.cards import Card, format_cards
from badugi_fast.engine import show_order
from badugi_fast.engine.rules import MAX_SEATS
from badugi_fast.errors import InvalidHistory
from badugi_fast.games import game_rule
from badugi_fast.phh.history import HandHistory
from badugi_fast.phh.notation import Notation, Verb, format_line, parse_cards
from badugi_fast.phh.rooms.core import Draft, Unreadable, refuse
from badugi_fast.phh.rooms.nets import add_unstated_blinds
from badugi_fast.phh.variants import code_for


def history(draft: Draft) -> HandHistory:
    """The hand as a ``HandHistory``, or the refusal saying why it cannot be one."""
    if draft.game is None or draft.structure is None:
        raise refuse("summary-only hand", "no game header")
    return _Builder(draft, _players(draft)).history()


def _players(draft: Draft) -> list[str]:
    """Those dealt in, in PHH order: from the first seat left of the button round to
    the button. A seated player is dealt in when it takes part in the hand (posts,
    acts, is dealt or shows): in a tournament, one the room marks as sitting out is
    still dealt in, posts and folds; at a cash table it is not."""
    named = {name for _, name, _, _ in draft.posts} | {name for _, name, _ in draft.events}
    dealt = [n for n in draft.seats if n in named]
    if len(dealt) < 2 and len([n for n in draft.seats if n not in draft.out]) < 2:
        raise refuse("dead hand", "fewer than two players dealt in")
    if not draft.events and draft.posts:
        raise refuse("dead hand", "blinds posted, but nobody was dealt in")
    if not draft.events:
        raise refuse("summary-only hand", "no actions")
    dealt.sort(key=lambda name: (draft.seats[name][0] <= draft.button, draft.seats[name][0]))
    if len(dealt) < 2:
        raise refuse("dead hand", "fewer than two players dealt in")
    if len(dealt) > MAX_SEATS:
        raise refuse("too many players", f"{len(dealt)} dealt in, the engine deals {MAX_SEATS}")
    return dealt


class _Builder:
    """The conversion of one draft, with the player order fixed."""

    def __init__(self, draft: Draft, players: list[str]) -> None:
        self.draft = draft
        self.players = players
        self.index = {name: i for i, name in enumerate(players)}
        self.n = len(players)
        self.rule = game_rule(draft.game)

    def history(self) -> HandHistory:
        draft = self.draft
        lines = self._actions()
        stacks = [draft.seats[name][1] for name in self.players]
        blinds, missed, no_small_blind = self._blinds()
        antes = self._antes()
        data: dict[str, Any] = {
            "variant": code_for(draft.game, draft.structure, standard=False),  # type: ignore[arg-type]
            "antes": [antes] * self.n,
            "blinds_or_straddles": (
                [blinds[1], 0] if no_small_blind else [*blinds]  # p1's big blind alone
            )
            + [0] * (self.n - 2),
            "starting_stacks": stacks,
            "actions": lines.result(),
        }
        if draft.runs > 1:
            data.update(_runs=draft.runs, _run_starts=lines.run_starts)
        if lines.stated:
            data["_stated"] = lines.stated
        if lines.warnings:
            data["_warnings"] = lines.warnings
        if draft.structure == "fixed-limit":
            data["small_bet"], data["big_bet"] = draft.stakes
            data.update(_max_raises=3, _cap_heads_up=False)
            if draft.bet_ladder:
                data["_bet_ladder"] = True
        else:
            data["min_bet"] = blinds[1] or draft.stakes[1]  # antes alone: the stakes' bet
        data["_free_folds"] = True  # rooms fold a player sitting out, even one all in
        data.update(draft.fields)
        data.update(
            venue=draft.room,
            players=list(self.players),
            seats=[draft.seats[name][0] + 1 - draft.seats_from for name in self.players],
        )
        if draft.number.isdigit() and len(draft.number) < 19:
            data["hand"] = int(draft.number)
        else:
            data["hand"] = draft.number
        if missed:
            data["_missed_blinds"] = [list(missed.get(seat, (0, 0))) for seat in range(self.n)]
        data.update(self._payouts())
        if draft.nets:
            add_unstated_blinds(data, [draft.nets.get(name) for name in self.players])
        try:
            return HandHistory.from_dict(data)
        except InvalidHistory as error:
            raise refuse("hand the rules refuse", str(error)) from None

    def _blinds(self) -> tuple[tuple[int, int], dict[int, tuple[int, int]], bool]:
        """The blinds (small, big), the missed blinds posted, ``{player: (live, dead)}``
        (docs/rules.md, "Seats and the button"), and whether the small blind's seat is
        empty: a big blind posted left of the button with no small blind (Full Tilt) is
        ``no_small_blind``; a hand of antes alone (Merge's half-pot limit Badugi) has no
        blinds; a small blind posted by another seat than the engine's small blind is a
        dead blind, a big blind posted by another seat than the engine's big blind a live
        one, and "small & big blinds" both."""
        draft = self.draft
        small_seat, big_seat = (self.n - 1, 0) if self.n == 2 else (0, 1)
        small = big = None
        no_small_blind = False
        returning: list[tuple[int, str, str, int, bool]] = []
        for kind, name, amount, all_in in draft.posts:
            seat = self.index.get(name)
            if seat is None or kind == "ante":
                continue
            if kind == "small" and seat == small_seat:
                small = (amount, all_in)
            elif kind == "big" and seat == big_seat:
                big = (amount, all_in)
            elif kind == "big" and seat == small_seat and all(p[0] != "small" for p in draft.posts):
                big, no_small_blind = (amount, all_in), True  # the small blind's seat is empty
            else:
                returning.append((seat, kind, name, amount, all_in))
        if big is None and small is None and not returning:
            return (0, 0), {}, False  # antes alone
        if big is None:
            raise refuse(
                "blinds not where the engine posts them",
                "no big blind from the seat after the small blind",
            )
        if draft.structure == "fixed-limit":
            bb = draft.stakes[0]
            sb = small[0] if small and not small[1] else bb // 2 if small else 0
        else:
            sb, bb = draft.stakes
            sb = sb if small else 0
        for posted, nominal, what in ((small, sb, "small"), (big, bb, "big")):
            if posted and posted[0] != nominal and not (posted[1] and posted[0] < nominal):
                raise refuse(
                    "blinds not where the engine posts them",
                    f"the {what} blind is {posted[0]}, the stakes say {nominal}",
                )
        missed: dict[int, tuple[int, int]] = {}
        for seat, kind, name, amount, all_in in returning:
            live, dead = missed.get(seat, (0, 0))
            if kind == "small":
                dead += amount
            elif kind == "big" and (amount == bb or (all_in and amount < bb)):
                live = bb
            elif kind == "both" and (amount > bb or (all_in and amount)):
                live, dead = bb, amount - bb if amount > bb else sb or bb // 2
            else:
                raise refuse(
                    "blinds not where the engine posts them",
                    f"{name} posts {amount} as a returning player's blinds, the big blind is {bb}",
                )
            missed[seat] = (live, dead)
        return (sb, bb), missed, no_small_blind

    def _antes(self) -> int:
        """The ante every player posts (a short stack all in for less)."""
        posts = self.draft.posts
        posted = {name: (amount, all_in) for kind, name, amount, all_in in posts if kind == "ante"}
        if not posted:
            return 0
        ante = max(amount for amount, _ in posted.values())
        for name in self.players:
            amount, all_in = posted.get(name, (0, False))
            if amount != ante and not all_in:
                raise refuse(
                    "antes the engine does not play", f"{name} antes {amount}, others {ante}"
                )
        return ante

    def _actions(self) -> _Lines:
        """The PHH action lines, each event in turn; a refusal names the event's line."""
        draft, lines = self.draft, _Lines(self.players, self.rule.cards)
        for at, (kind, name, value) in enumerate(draft.events):
            line = draft.lines[at] if at < len(draft.lines) else None
            try:
                if kind == "run":
                    lines.run()
                    continue
                if name not in self.index:
                    raise refuse("player not dealt in acts", repr(name[:40]))
                lines.event(kind, self.index[name], value, draft.kept.get(at), line)
                if at in draft.stated:
                    lines.state(draft.stated[at])
            except Unreadable as why:
                why.line = line
                raise
        return lines

    def _payouts(self) -> dict[str, Any]:
        """The room's payouts as user fields: ``_collected`` and ``_returned`` per player,
        ``_rake``, and ``_pots`` (net of rake, main first) when the room lists them."""
        draft = self.draft
        for name in (*draft.collected, *draft.returned):
            if name not in self.index:
                raise refuse("player not dealt in is paid", repr(name[:40]))
        fields: dict[str, Any] = {
            "_paid" if draft.paid_in_all else "_collected": [
                draft.collected[name] for name in self.players
            ]
        }
        if draft.rake is not None:  # else the room did not say (Merge)
            fields["_rake"] = draft.rake
        if draft.reports_returned:
            fields["_returned"] = [draft.returned[name] for name in self.players]
        if len(draft.pots) > 1:
            fields["_pots"] = list(draft.pots)
        if draft.total is not None:
            paid = sum(draft.collected.values()) + (draft.rake or 0)
            if draft.pots and sum(draft.pots) + (draft.rake or 0) != draft.total:
                raise refuse(
                    "pots that do not add up",
                    f"the pots {draft.pots} and the rake {draft.rake} for a total of {draft.total}",
                )
            if paid != draft.total:
                raise refuse(
                    "pots that do not add up",
                    f"collected {paid - (draft.rake or 0)} plus rake {draft.rake or 0} "
                    f"is not the total pot {draft.total}",
                )
        return fields


class _Lines:
    """The action lines of one hand, built event by event: the deal, each action, each
    draw's discards then its replacements, the showdown in the engine's show order (at
    the end of each run, in a pot run more than once)."""

    def __init__(self, players: list[str], size: int) -> None:
        self.n, self.size = len(players), size
        self.names = [f"p{seat + 1} ({name[:40]})" for seat, name in enumerate(players)]
        self.known: dict[int, tuple[Card, ...]] = {}
        """The cards the room shows each player dealt first (the hero's)."""
        self.body: list[str] = []
        self.deals: list[list[Any]] = []
        """[seat, count, cards or None] of each replacement owed in the draw in progress."""
        self.drew: set[int] = set()
        """Who has discarded in the draw in progress."""
        self.drawing = False
        self.first_deal = True
        """No draw yet: a hand the room shows dealt is the first deal."""
        self.folded: set[int] = set()
        self.aggressor: int | None = None
        """The last to bet or raise in the betting round in progress."""
        self.shows: dict[int, tuple[Card | None, ...] | None] = {}
        self.runs: list[int] = []
        """Where each run begins in ``body``."""
        self.unnamed: set[int] = set()
        """Who has been dealt cards the room does not name in the run in progress."""
        self.run_starts: list[int] = []
        """Where each run begins in the action lines (once ``result`` has made them)."""
        self.holds: dict[int, set[Card]] = {}
        """The cards each player the room shows dealt holds, while they are all known."""
        self.stated: list[str] = []
        """``_stated``: what the room said of a bet, call or raise, by action line."""
        self.forgotten: set[int] = set()
        """The players whose cards a garbled line made unknown, from the deal on."""
        self.warnings: list[str] = []
        """``_warnings``: the cards the room wrote that could not be read, made unknown."""

    def run(self) -> None:
        """A run of a pot run more than once begins: the run before it ends shown."""
        self.flush()
        self.drawing = False
        if self.runs:
            self._showdown()
        self.unnamed.clear()
        self.runs.append(len(self.body))

    def event(
        self, kind: str, seat: int, value: Any, kept: str | None = None, line: int | None = None
    ) -> None:
        """One event of the room's, with the cards a ``dealt`` one says were ``kept`` and
        the file's ``line`` it was read from."""
        if kind == "dealt":
            self._dealt(seat, value, kept, line)
        elif kind == "discard":
            if self.drawing and seat in self.drew:  # the next draw, with no betting between
                self.flush()
            if not self.drawing:
                self.aggressor = None
            self.drawing, self.first_deal = True, False
            self.drew.add(seat)
            if seat in self.forgotten and value:
                value = (None,) * len(value)
            self.body.append(_line("sd", seat, value or None))
            if value:
                self.deals.append([seat, len(value), None])
            held = self.holds.get(seat)
            if held is not None and value:
                if None in value:  # cards it holds, thrown unknown: a garbled line
                    self._forget(seat, line, "the cards thrown could not be read")
                else:
                    held.difference_update(value)
        elif kind in ("show", "muck"):
            self.shows[seat] = value if kind == "show" else None
        else:
            self.flush()
            self.drawing = False
            if kind == "fold":
                self.folded.add(seat)
                self.body.append(_line("f", seat))
            elif kind in ("check", "call"):
                self.body.append(_line("cc", seat))
            else:
                self.aggressor = seat
                self.body.append(_line("cbr", seat, amount=value))

    def _dealt(self, seat: int, value: str, kept: str | None, line: int | None) -> None:
        """The cards the room shows a player dealt: its hand, or a draw's replacements
        after the ``kept`` cards it names. Cards that cannot be read (a garbled line, the
        wrong number of them) are dealt unknown, with a warning; kept cards that are not
        what the player holds refuse the hand."""
        pending = [deal for deal in self.deals if deal[0] == seat]
        if seat in self.forgotten or (not self.first_deal and not pending):
            return
        count = self.size if self.first_deal else pending[-1][1]
        what = "dealt" if self.first_deal else "dealt in the draw"
        try:
            cards = _cards(value, count, what)
        except Unreadable as why:
            self._forget(seat, line, f"the cards {what} could not be read ({why.detail})")
            return
        if self.first_deal:
            self.known[seat] = cards
            self.holds[seat] = set(cards)
            return
        pending[-1][2] = cards
        held = self.holds.get(seat)
        if held is None:
            return
        if kept is not None and set(kept.split()) != set(map(str, held)):  # as written
            try:
                said = set(_cards(kept, len(kept.split()), "kept"))
            except Unreadable as why:
                self._forget(seat, line, f"the cards kept could not be read ({why.detail})")
                return
            if said != held:
                raise refuse(
                    "kept cards that disagree",
                    f"{self.names[seat]} keeps {kept.strip()[:40]}, holds "
                    f"{format_cards(sorted(held))}",
                )
        held.update(cards)

    def _forget(self, seat: int, line: int | None, why: str) -> None:
        """A garbled line of a player whose cards the room shows: every card of its hand so
        far becomes unknown (??), its replacements in the draw in progress too, and the
        history says so in ``_warnings`` (the betting and the payouts are intact)."""
        where = f"line {line}: " if line is not None else ""
        self.warnings.append(f"{where}{self.names[seat]}: {why}; its cards are unknown (??)")
        self.forgotten.add(seat)
        self.known.pop(seat, None)
        self.holds.pop(seat, None)
        mine = (f"p{seat + 1} sd ", f"d dh p{seat + 1} ")
        for at, text in enumerate(self.body):
            if text.startswith(mine):
                head, _, cards = text.rpartition(" ")
                self.body[at] = f"{head} {'??' * (len(cards) // 2)}"
        for deal in self.deals:
            if deal[0] == seat:
                deal[2] = None

    def state(self, stated: str) -> None:
        """What the room said of the bet, call or raise just made (``Draft.stated``)."""
        self.stated.append(f"{self.n + len(self.body) - 1} {stated}")

    def flush(self) -> None:
        """The replacements of the draw in progress, after all its discards."""
        for seat, count, cards in self.deals:
            dealt = cards if cards is not None else (None,) * count
            if cards is None and self.runs:
                self.unnamed.add(seat)
            self.body.append(_line("dh", seat, tuple(dealt)))
        self.deals.clear()
        self.drew.clear()

    def _showdown(self) -> None:
        """The shows and mucks read since the last showdown, in the engine's show order. In
        a run, a hand dealt cards the room does not name that it does not show mucks: the
        room did not table it, so it claims nothing from the run."""
        live = [seat for seat in range(self.n) if seat not in self.folded]
        if len(live) > 1:
            first = self.aggressor if self.aggressor in live else None
            for seat in show_order(live, first, self.n - 1, self.n):
                if seat in self.shows:
                    self.body.append(_line("sm", seat, self.shows[seat]))
                elif seat in self.unnamed:
                    self.body.append(_line("sm", seat))
        self.shows.clear()

    def result(self) -> list[str]:
        self.flush()
        self._showdown()
        self.run_starts = [start + self.n for start in self.runs]
        deal = [
            _line("dh", seat, self.known.get(seat, (None,) * self.size)) for seat in range(self.n)
        ]
        return deal + self.body


@lru_cache(maxsize=4096)
def _line(
    verb: Verb,
    seat: int,
    cards: tuple[Card | None, ...] | None = None,
    amount: int | None = None,
) -> str:
    """One action line, made once: the hands of a file repeat the same few lines."""
    return format_line(Notation(verb, seat, cards, amount))


def _cards(text: str, count: int, what: str) -> tuple[Card, ...]:
    """Cards the room wrote (``Qs 7s 3c``), exactly ``count`` of them."""
    try:
        cards = parse_cards("".join(text.split()))
    except ValueError as error:
        raise refuse("cards not understood", str(error)) from None
    if len(cards) != count or None in cards:
        raise refuse("cards not understood", f"{len(cards)} cards {what}, expected {count}")
    return cards  # type: ignore[return-value]
