"""Build glue: generate the rank tables, then compile the cffi extension for the stable ABI.

Everything declarative lives in pyproject.toml. The tables are generated in
``build_ext`` (not ``build_clib``, which editable installs skip). The version is read
from ``csrc/badugi.h``, its one definition.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "csrc"))
from ffi_build import GENERATED_TABLES  # noqa: E402


def header_version() -> str:
    """BADUGI_VERSION_STRING from the C header, checked against its MAJOR/MINOR/PATCH."""
    header = (ROOT / "csrc" / "badugi.h").read_text()
    (version,) = re.findall(r'#define BADUGI_VERSION_STRING "([^"]+)"', header)
    parts = [
        re.findall(rf"#define BADUGI_VERSION_{part} (\d+)", header)[0]
        for part in ("MAJOR", "MINOR", "PATCH")
    ]
    if ".".join(parts) != version:
        raise SystemExit(f"badugi.h: version {version} != {'.'.join(parts)}")
    return version


class BuildExtWithTables(build_ext):
    """build_ext that first writes the generated rank tables."""

    def run(self) -> None:
        subprocess.run(
            [sys.executable, str(ROOT / "tables" / "generate.py"), str(GENERATED_TABLES)],
            check=True,
        )
        super().run()


setup(
    version=header_version(),
    cmdclass={"build_ext": BuildExtWithTables},
    cffi_modules=["csrc/ffi_build.py:ffibuilder"],
    options={"bdist_wheel": {"py_limited_api": "cp310"}},
)
