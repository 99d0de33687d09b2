"""``badugi review``: a table per hand, a summary over many, and ``--html`` one page that
needs nothing else (docs/guide/review.md)."""

from __future__ import annotations

import base64
import contextlib
import io
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from matplotlib import image as matplotlib_image
from test_review import ALL_IN, ROOMS, VILLAIN, imported

import badugi_fast as bf
from badugi_fast.cli import main


def test_the_command_prints_a_table_a_summary_and_a_page(tmp_path: Path) -> None:
    """``badugi review``: a table per hand, a summary over them, and ``--html`` one page
    that needs nothing else (every image inlined, no link to fetch)."""
    out = tmp_path / "review.html"
    status, text = run_cli(
        "review",
        str(ALL_IN),
        str(ROOMS / "merge" / "badugi-pot-limit.txt"),
        "--samples",
        "300",
        "--seed",
        "1",
        "--range",
        f"Rook Amber={VILLAIN}",
        "--html",
        str(out),
    )
    assert status == 0
    assert "badugi-limit-heads-up-all-in.txt #900000000501: badugi, Hero Finch (p2)" in text
    assert "3 of 3 hands reviewed" in text and "all-in luck over 1 hands" in text
    page = out.read_text()
    images = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    assert len(images) == 3
    assert all(base64.b64decode(image).startswith(b"\x89PNG") for image in images)
    assert not re.search(r'(src|href)="(?!data:)', page)  # self-contained


def test_the_command_names_what_it_cannot_review(tmp_path: Path) -> None:
    both = tmp_path / "both.phh"
    both.write_text(bf.phh.dumps(imported()).replace("d dh p1 ????????", "d dh p1 3c6d7hKh"))
    status, text = run_cli("review", str(both), "--samples", "100")
    assert status == 1 and "say which is you with --hero" in text
    status, text = run_cli("review", str(ALL_IN), "--hero", "Nobody", "--samples", "100")
    assert status == 1 and "Nobody did not play this hand" in text
    status, text = run_cli("review", str(ALL_IN), "--range", "Rook Amber")
    assert status == 2 and "write NAME=RANGE" in text


def run_cli(*argv: str) -> tuple[int, str]:
    """The status and the output (stdout, then stderr) of ``badugi`` run in this process."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue() + err.getvalue()


BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(
    BROWSER is None and not os.environ.get("BADUGI_BROWSER"),
    reason="no headless chromium (CI installs one and sets BADUGI_BROWSER, so it runs there)",
)
def test_the_page_renders_its_charts_in_a_real_browser(tmp_path: Path) -> None:
    """``--html``'s page, opened in headless chromium from the file alone, shows its chart:
    the screenshot holds the equity line's blue and the hindsight marks' orange (matplotlib's
    first two colours), which a page whose images did not load would not."""
    assert BROWSER is not None, "BADUGI_BROWSER is set but no chromium is on the PATH"
    page, shot = tmp_path / "review.html", tmp_path / "review.png"
    status, _ = run_cli(
        "review", str(ALL_IN), "--samples", "200", "--seed", "1", "--html", str(page)
    )
    assert status == 0
    browser = [BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
    subprocess.run(
        [*browser, "--window-size=900,700", f"--screenshot={shot}", page.as_uri()],
        capture_output=True,
        timeout=60,
        check=True,
        env=without_sanitizers(),
    )
    pixels = (matplotlib_image.imread(shot)[:, :, :3] * 255).round().astype(int)

    def count(colour: tuple[int, int, int]) -> int:
        return int((abs(pixels - colour).sum(axis=2) <= 30).sum())

    assert count((31, 119, 180)) > 200, "no equity line in the browser's rendering"
    assert count((255, 127, 14)) > 50, "no hindsight marks in the browser's rendering"


def without_sanitizers() -> dict[str, str]:
    """This environment without what CI's sanitized run preloads into its own processes,
    which the browser must not inherit."""
    dropped = ("LD_PRELOAD", "ASAN_OPTIONS", "UBSAN_OPTIONS")
    return {name: value for name, value in os.environ.items() if name not in dropped}
