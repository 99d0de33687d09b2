"""The sdist builds an abi3 wheel without build scripts, which works in a new environment."""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MUST_SHIP = [
    "pyproject.toml",
    "setup.py",
    "README.md",
    "MANIFEST.in",
    "csrc/badugi.h",
    "csrc/badugi.c",
    "csrc/cards.c",
    "csrc/tables.h",
    "csrc/Makefile",
    "tables/generate.py",
    "csrc/ffi_build.py",
    "badugi_fast/py.typed",
]


@pytest.mark.packaging
def test_sdist_builds_installs_and_runs(tmp_path: Path) -> None:
    # without --sdist/--wheel, build makes the sdist and then the wheel from that sdist;
    # unoptimised, as what is checked here is the packaging, not the code's speed
    flags = f"{os.environ.get('BADUGI_CFLAGS', '')} -O0"
    subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
        env={**os.environ, "BADUGI_CFLAGS": flags},
    )
    (sdist,) = tmp_path.glob("badugi_fast-*.tar.gz")
    (wheel,) = tmp_path.glob("badugi_fast-*.whl")
    assert "-cp310-abi3-" in wheel.name  # one wheel for every CPython >= 3.10
    with zipfile.ZipFile(wheel) as archive:
        shipped = archive.namelist()
    assert not [name for name in shipped if "ffi_build" in name or name.endswith(".c")]
    assert [name for name in shipped if name.endswith(".abi3.so")]
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert not [path for path in MUST_SHIP if path not in names]
    assert not [name for name in names if name.endswith((".so", ".o")) or "build/" in name]

    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", str(wheel)], check=True)
    smoke = (
        "import badugi_fast as b; "
        "assert b.evaluate('As 2c 3h 4d') == 1; "
        "assert str(b.Hand('Ks 7h 3d 2c')) == 'K-7-3-2 (king badugi)'; "
        "assert b.evaluate_deuce_seven('7s 5h 4d 3c 2s') == 1"
    )
    subprocess.run([str(python), "-c", smoke], check=True, cwd=tmp_path)
    shown = subprocess.run(
        [str(env_dir / "bin" / "badugi"), "eval", "As 2c 3h 4d"],
        check=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert "perfect badugi" in shown.stdout
