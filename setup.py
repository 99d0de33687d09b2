"""Build glue: generate the rank tables, then compile the cffi extension.

Everything declarative lives in pyproject.toml. The tables are generated in
``build_ext`` (not ``build_clib``, which editable installs skip).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


class BuildExtWithTables(build_ext):
    """build_ext that first writes build/generated/badugi_tables.c."""

    def run(self) -> None:
        output = ROOT / "build" / "generated" / "badugi_tables.c"
        subprocess.run(
            [sys.executable, str(ROOT / "tables" / "generate.py"), str(output)], check=True
        )
        super().run()


setup(
    cmdclass={"build_ext": BuildExtWithTables},
    cffi_modules=["badugi_fast/_ffi_build.py:ffibuilder"],
)
