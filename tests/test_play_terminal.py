"""``badugi play`` in a pseudo-terminal, as a person plays it: an illegal action is
explained and asked again, quit and Ctrl-C end with the final stacks, and the other seats'
draws show how many cards they took."""

from __future__ import annotations

import fcntl
import os
import select
import subprocess
import termios
import time
from collections.abc import Iterator

import pytest
from test_cli import badugi

PROMPT = "> "


class Terminal:
    """``badugi play`` run in a new session whose controlling terminal is a pseudo-terminal:
    the command sees a terminal, and a typed Ctrl-C reaches it as SIGINT."""

    def __init__(self, *argv: str) -> None:
        self.master, slave = os.openpty()
        self.process = subprocess.Popen(
            badugi("play", *argv),
            stdin=slave,
            stdout=slave,
            stderr=slave,
            start_new_session=True,
            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0),
        )
        os.close(slave)
        self.text = ""

    def read(self, until: str = PROMPT, timeout: float = 10) -> str:
        """What the command writes until the output ends with ``until`` or the command ends."""
        start = len(self.text)
        deadline = time.monotonic() + timeout
        while not self.text[start:].endswith(until) and time.monotonic() < deadline:
            if select.select([self.master], [], [], 0.1)[0]:
                try:
                    chunk = os.read(self.master, 4096)
                except OSError:  # the command ended and closed the terminal
                    break
                if not chunk:
                    break
                self.text += chunk.decode().replace("\r\n", "\n")
        return self.text[start:]

    def type(self, keys: str) -> str:
        """Type ``keys`` and read up to the next prompt."""
        os.write(self.master, keys.encode())
        return self.read()

    def wait_until_reading(self, timeout: float = 10) -> None:
        """Wait until the command sleeps in its read of the terminal (Linux: its current
        system call is ``read``). A Ctrl-C typed between its prompt and that read would
        reach Python after its last signal check and before the read began, so nothing
        would wake the read: a window of microseconds that a person never hits, but a
        test typing the moment the prompt shows can. Elsewhere: a short pause."""
        syscall = f"/proc/{self.process.pid}/syscall"
        read = {"x86_64": "0", "aarch64": "63"}.get(os.uname().machine)
        if read is None or not os.path.exists(syscall):
            time.sleep(0.5)
            return
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with open(syscall) as file:
                if file.read().split(" ", 1)[0] == read:
                    return
            time.sleep(0.01)

    def end(self) -> int:
        """Read to the end; the exit status."""
        self.read(until="\0")
        return self.process.wait(timeout=10)


@pytest.fixture
def terminal() -> Iterator[Terminal]:
    """A four-handed game against calling stations, seed 5."""
    game = Terminal("--seed", "5", "--bot", "calling-station")
    yield game
    if game.process.poll() is None:
        game.process.kill()
        game.process.wait()
    os.close(game.master)


def test_an_illegal_action_is_explained_and_asked_again(terminal: Terminal) -> None:
    first = terminal.read()
    assert "you may: fold | call 2 | raise to 4" in first
    again = terminal.type("check\n")
    assert "seat 0 cannot check: 2 to call" in again and "you may:" not in again
    again = terminal.type("raise 3\n")
    assert "raise to 3 is below the minimum 4" in again
    again = terminal.type("draw Kd\n")
    assert "no draw action now" in again
    help_text = terminal.type("?\n")
    assert "bet N, raise N" in help_text and "stand pat" in help_text and "quit" in help_text
    assert "seat 0 call 2" in terminal.type("call\n")
    assert terminal.process.poll() is None


def test_quit_prints_the_final_stacks_and_exits_0(terminal: Terminal) -> None:
    terminal.read()
    terminal.type("quit\n")
    assert terminal.end() == 0
    assert "you left the table" in terminal.text
    assert "final stacks: seat 0 (you) 200, seat 1 200, seat 2 200, seat 3 200" in terminal.text


def test_ctrl_d_leaves_the_table(terminal: Terminal) -> None:
    terminal.read()
    terminal.type("\x04")
    assert terminal.end() == 0 and "final stacks: seat 0 (you) 200" in terminal.text


def test_ctrl_c_prints_the_final_stacks_and_one_line_and_exits_130(terminal: Terminal) -> None:
    terminal.read()
    terminal.wait_until_reading()
    terminal.type("\x03")
    assert terminal.end() == 130
    tail = terminal.text.rsplit(PROMPT, 1)[1].strip().splitlines()
    assert tail[-2:] == [
        "final stacks: seat 0 (you) 200, seat 1 200, seat 2 200, seat 3 200",
        "badugi: interrupted",
    ]


def test_the_other_seats_draws_say_how_many_cards() -> None:
    game = Terminal("--seed", "5", "--players", "3", "--bot", "hand-strength", "--hands", "1")
    try:
        game.read()
        text = game.type("call\n")
        while "you may: draw" not in text:
            text = game.type("call\n" if "call" in text.rsplit("you may:", 1)[1] else "check\n")
        text = game.type("stand pat\n")
        assert " draws " in game.text and "seat 1 stands pat" not in game.text
    finally:
        game.process.kill()
        game.process.wait()
        os.close(game.master)
