"""Without an optional dependency, the first call that needs it names the extra to install
(issue 28, item 6): numpy for the batch evaluators and VectorGame, the ``rl`` extra for the
environments, PokerKit for its interop, matplotlib for the training example's figure."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import badugi_fast as bf
from badugi_fast.vector import VectorGame


def hide(monkeypatch: pytest.MonkeyPatch, *packages: str) -> None:
    """Make ``packages`` unimportable, and forget the modules that imported them, so the
    next import of those runs again (monkeypatch puts everything back)."""
    for package in packages:
        monkeypatch.setitem(sys.modules, package, None)
    for name in [
        name for name in sys.modules if name.startswith(("badugi_fast.envs", "badugi_fast.interop"))
    ]:
        monkeypatch.delitem(sys.modules, name)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: bf.evaluate_many([[0, 5, 10, 15]]), r"the batch evaluators \(evaluate_many"),
        (lambda: bf.evaluate_ace_five_many([[0, 5, 10, 15, 20]]), "the batch evaluators"),
        (lambda: VectorGame(2), "VectorGame"),
    ],
)
def test_numpy_missing_names_the_numpy_extra(
    monkeypatch: pytest.MonkeyPatch, call: Callable[[], object], message: str
) -> None:
    hide(monkeypatch, "numpy")
    with pytest.raises(ModuleNotFoundError, match=message) as raised:
        call()
    assert raised.value.name == "numpy"
    assert str(raised.value).endswith(": numpy is not installed (pip install 'badugi_fast[numpy]')")


@pytest.mark.parametrize(
    ("module", "missing", "user"),
    [
        ("badugi_fast.envs.single", "numpy", "badugi_fast.envs"),
        ("badugi_fast.envs.badugi_v0", "numpy", "badugi_fast.envs"),
        ("badugi_fast.envs.single", "gymnasium", "badugi_fast.envs"),
        ("badugi_fast.envs.badugi_v0", "pettingzoo", "badugi_fast.envs.badugi_v0"),
        ("badugi_fast.interop.pokerkit", "pokerkit", "badugi_fast.interop.pokerkit"),
    ],
)
def test_a_missing_package_names_its_extra(
    monkeypatch: pytest.MonkeyPatch, module: str, missing: str, user: str
) -> None:
    hide(monkeypatch, missing)
    extra = module.split(".")[-1] if "interop" in module else "rl"
    with pytest.raises(ModuleNotFoundError) as raised:
        importlib.import_module(module)
    assert str(raised.value) == (
        f"{user}: {missing} is not installed (pip install 'badugi_fast[{extra}]')"
    )


def test_the_training_example_says_it_draws_no_figure_without_matplotlib(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("numpy")
    script = Path(__file__).resolve().parent.parent / "docs" / "examples" / "selfplay.py"
    spec = importlib.util.spec_from_file_location("selfplay", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    hide(monkeypatch, "matplotlib")
    out = tmp_path / "curve.png"
    module.main(["--hands", "512", "--evaluations", "1", "--eval-hands", "100", "--out", str(out)])
    printed = capsys.readouterr()
    assert printed.err == "no figure: matplotlib is not installed (pip install matplotlib)\n"
    assert printed.out.count("big blinds a hand") == 4
    assert not out.exists()
