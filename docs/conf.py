"""Sphinx configuration of the badugi_fast documentation site.

    python -m sphinx -W -b html docs docs/_build/html         # the site
    python -m sphinx -W -b doctest docs docs/_build/doctest   # run every example in it

The reference pages are generated from the code by the local extension ``_ext/badugi_sphinx.py``.
The build needs no network: intersphinx links to the Python and numpy docs are made only when
``BADUGI_DOCS_INTERSPHINX=1`` is set, because fetching their inventories offline would be a
warning, and warnings fail the build.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import badugi_fast

sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

project = "badugi_fast"
author = "the badugi_fast developers"
copyright = "2026, the badugi_fast developers"
release = version = badugi_fast.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.intersphinx",
    "sphinxarg.ext",
    "badugi_sphinx",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
# rules-*.md are rules drafts of feature branches that are folded into rules.md on merging.
exclude_patterns = ["_build", "rules-*.md"]

# The modules whose __all__ the Python reference documents. The feature packages are listed
# ahead of their arrival: one that does not exist is skipped, one that exists is documented.
badugi_api_modules = [
    "badugi_fast",
    "badugi_fast.engine",
    "badugi_fast.odds",
    "badugi_fast.phh",
    "badugi_fast.phh.rooms",
    "badugi_fast.vector",
    "badugi_fast.envs.badugi_v0",
    "badugi_fast.envs.single",
    "badugi_fast.envs.openspiel",
]

autodoc_typehints = "description"
autodoc_member_order = "bysource"

myst_heading_anchors = 3  # link to a section as rules.md#settling-a-pot

doctest_test_doctest_blocks = "default"  # docstring examples (>>>) run too
# Docstring examples use the package's names unqualified, as inside the package.
doctest_global_setup = "from badugi_fast import *"

intersphinx_mapping: dict[str, tuple[str, str | None]] = {}
if os.environ.get("BADUGI_DOCS_INTERSPHINX") == "1":
    intersphinx_mapping = {
        "python": ("https://docs.python.org/3", None),
        "numpy": ("https://numpy.org/doc/stable", None),
    }

html_theme = "furo"
html_title = f"badugi_fast {release}"
