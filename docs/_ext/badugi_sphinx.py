"""Sphinx extension: reference pages generated from the code, so they cannot drift from it.

- ``.. badugi-api::`` documents every name in the ``__all__`` of each module listed in the
  ``badugi_api_modules`` setting (autodoc: signature, type hints and docstring), with a
  summary table. A name added to ``__all__`` appears without editing the docs; a listed
  module that does not exist yet is skipped, one that fails to import fails the build.
- ``.. badugi-c-api:: path/to/badugi.h`` documents the macros, types and functions declared
  in the header's CDEF block (the block the Python binding is built from). A comment
  describes the declarations below it up to the next blank line; a comment whose first line
  reads ``---- Title ----`` opens a section, the rest of it shown as written. A declaration
  of a form this parser does not know is a warning, so it fails a ``-W`` build.

The command line's reference is sphinx-argparse's (``sphinxarg.ext``). The two directives
here have no maintained replacement that fits: hawkmoth documents one ``/** */`` comment per
declaration through libclang, while this header's comments describe groups of declarations
and open sections, as C readers expect of it, and the docs would need libclang to build;
autosummary writes a page per name from stub templates, while this reference keeps each
package's public names on one page under its summary table.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles
from sphinx.util.typing import stringify_annotation

logger = logging.getLogger(__name__)

CDEF_BEGIN = "/* BEGIN CDEF"
CDEF_END = "/* END CDEF */"


# ---- Python API ---------------------------------------------------------------------------


def existing_modules(names: list[str]) -> Iterator[ModuleType]:
    """Import every listed module that exists; a module that exists but fails raises."""
    for name in names:
        if importlib.util.find_spec(name) is None:
            logger.info("badugi-api: %s does not exist here, skipped", name)
            continue
        yield importlib.import_module(name)


def public_names(module: ModuleType) -> list[str]:
    """The module's ``__all__``, which every public module of the package defines."""
    names = getattr(module, "__all__", None)
    if names is None:
        raise ValueError(f"{module.__name__} has no __all__ to document")
    return list(names)


def kind_of(value: object) -> str:
    """Which group of the reference a public object belongs in."""
    if inspect.isclass(value) and issubclass(value, BaseException):
        return "Exceptions"
    if inspect.isclass(value):
        return "Classes"
    if inspect.isroutine(value):
        return "Functions"
    return "Types and constants"


KINDS = ("Functions", "Classes", "Types and constants", "Exceptions")


def attribute_doc(root: str, name: str, value: object) -> list[str]:
    """The docstring written under ``name = ...`` in whichever module of ``root`` defines it."""
    for module_name, module in sorted(sys.modules.items()):
        if module_name.split(".")[0] != root or getattr(module, name, None) is not value:
            continue
        docs = ModuleAnalyzer.for_module(module_name).find_attr_docs()
        if ("", name) in docs:
            return list(docs["", name])
    return []


def docstring(module: ModuleType, name: str, value: object) -> list[str]:
    """The lines of a public object's docstring (of its assignment, for a type alias)."""
    if kind_of(value) == "Types and constants":
        return attribute_doc(module.__name__.split(".")[0], name, value)
    return (inspect.getdoc(value) or "").splitlines()


def summary(doc: list[str]) -> str:
    """The first paragraph of a docstring, on one line."""
    first: list[str] = []
    for line in doc:
        if line.strip():
            first.append(line.strip())
        elif first:
            break
    return " ".join(first)


def builtin_bases(cls: type) -> str:
    """The builtin classes in a class's MRO, whose members the reference leaves out."""
    return ", ".join(base.__name__ for base in cls.__mro__[1:] if base.__module__ == "builtins")


def entry(qualified: str, value: Any, doc: list[str]) -> list[str]:
    """The reST for one public object."""
    kind = kind_of(value)
    if kind == "Functions":
        return [f".. autofunction:: {qualified}", ""]
    if kind == "Exceptions":
        return [f".. autoexception:: {qualified}", "   :show-inheritance:", ""]
    if kind == "Classes":
        lines = [
            f".. autoclass:: {qualified}",
            "   :members:",
            f"   :inherited-members: {builtin_bases(value)}",
        ]
        if not any(base.__name__.startswith("_") for base in value.__bases__):
            lines.append("   :show-inheritance:")  # only bases a reader can look up
        if hasattr(value, "__dataclass_fields__"):
            lines.append("   :undoc-members:")  # the fields, documented in the class docstring
        return [*lines, ""]
    module, _, name = qualified.rpartition(".")
    shown = stringify_annotation(value, "fully-qualified-except-typing")
    return [
        f".. py:data:: {name}",
        f"   :module: {module}",
        f"   :value: {shown}",
        "",
        *(f"   {line}" for line in doc),
        "",
    ]


class PublicApi(SphinxDirective):
    """``.. badugi-api::``: a section per module of ``badugi_api_modules``, every name in it."""

    def run(self) -> list[nodes.Node]:
        lines: list[str] = []
        documented: dict[int, str] = {}
        for module in existing_modules(self.config.badugi_api_modules):
            lines += self.module_lines(module, documented)
        content = StringList(lines, source="<badugi-api>")
        holder = nodes.section()
        nested_parse_with_titles(self.state, content, holder)
        return holder.children

    def module_lines(self, module: ModuleType, documented: dict[int, str]) -> list[str]:
        """A module's section: its docstring, a summary table, then each name by kind.

        A class or function that an earlier module re-exports is described once, in the
        first module that lists it (``documented`` maps its id to that entry's name); the
        other modules' tables link to it.
        """
        title = f"``{module.__name__}``"
        lines = [title, "=" * len(title), "", f".. automodule:: {module.__name__}", ""]
        names = public_names(module)
        lines += [".. list-table::", "   :widths: 30 70", ""]
        by_kind: dict[str, list[str]] = {kind: [] for kind in KINDS}
        for name in names:
            value = getattr(module, name)
            qualified = f"{module.__name__}.{name}"
            doc = docstring(module, name, value)
            text = summary(doc)
            if not text:
                logger.warning("badugi-api: %s has no docstring", qualified)
            if kind_of(value) != "Types and constants":
                if id(value) in documented:
                    link = f":py:obj:`{name} <{documented[id(value)]}>`"
                    lines += [f"   * - {link}", f"     - {text}"]
                    continue
                documented[id(value)] = qualified
            lines += [f"   * - :py:obj:`~{qualified}`", f"     - {text}"]
            by_kind[kind_of(value)] += entry(qualified, value, doc)
        lines.append("")
        for kind in KINDS:
            if by_kind[kind]:
                lines += [kind, "-" * len(kind), "", *by_kind[kind]]
        return lines


# ---- C header -----------------------------------------------------------------------------


@dataclass
class CItem:
    """One declaration of the CDEF block."""

    kind: str  # "macro", "function", "type" or "struct"
    name: str
    declaration: str
    members: list[tuple[str, str]] = field(default_factory=list)  # struct: (member, comment)


@dataclass
class CGroup:
    """Declarations that follow one comment (or none) without a blank line between."""

    comment: str
    items: list[CItem] = field(default_factory=list)


@dataclass
class CSection:
    """A part of the block that a ``/* ---- Title ---- ... */`` comment opens."""

    title: str
    intro: str
    groups: list[CGroup] = field(default_factory=list)


SECTION_TITLE = re.compile(r"^-{2,}\s*(.*?)\s*-{2,}$")
COMMENT = re.compile(r"/\*.*?\*/", re.S)
IDENTIFIER_BEFORE_PAREN = re.compile(r"(\w+)\s*\(")
FUNCTION_POINTER_NAME = re.compile(r"\(\s*\*\s*(\w+)\s*\)")
LAST_IDENTIFIER = re.compile(r"(\w+)\s*(?:\[[^\]]*\]\s*)*$")


def comment_text(comment: str) -> str:
    """A C comment's text without its ``/*``, ``*/`` and leading ``*`` columns."""
    body = comment.strip()[2:-2]
    lines = [re.sub(r"^\s*\* ?", "", line) for line in body.splitlines()]
    return "\n".join(lines).strip("\n")


def cdef_block(header: str) -> str:
    """The text between the header's CDEF markers, as the Python binding reads it."""
    start, end = header.index(CDEF_BEGIN), header.index(CDEF_END)
    return header[start:end].split("\n", 1)[1]


def split_declarations(block: str) -> Iterator[tuple[str, str]]:
    """(kind, text) pieces: "blank", "comment", "define" or "declaration" (up to its ``;``)."""
    lines = block.splitlines()
    index = 0
    while index < len(lines):
        stripped = lines[index].strip()
        end = index + 1
        if not stripped:
            yield "blank", ""
        elif stripped.startswith("/*"):
            while "*/" not in "\n".join(lines[index:end]) and end < len(lines):
                end += 1
            yield "comment", "\n".join(lines[index:end])
        elif stripped.startswith("#"):
            yield "define", stripped
        else:
            while not complete("\n".join(lines[index:end])) and end < len(lines):
                end += 1
            yield "declaration", "\n".join(lines[index:end]).strip()
        index = end


def complete(text: str) -> bool:
    """Whether a declaration's text has reached its final ``;`` (outside braces, comments)."""
    code = COMMENT.sub(" ", text)
    if "/*" in code:
        return False
    return code.count("{") == code.count("}") and code.rstrip().endswith(";")


def struct_members(body: str) -> list[tuple[str, str]]:
    """(declaration, trailing comment) of each member of a struct body."""
    members = []
    for match in re.finditer(r"([^;{}]+?);[ \t]*(/\*.*?\*/)?", body, re.S):
        declaration = " ".join(COMMENT.sub(" ", match.group(1)).split())
        comment = comment_text(match.group(2)) if match.group(2) else ""
        members.append((declaration, " ".join(comment.split())))
    return members


def classify(declaration: str) -> CItem | None:
    """The item a declaration declares, or None when it is of a form not handled here."""
    flat = " ".join(COMMENT.sub(" ", declaration).split()).rstrip(";").strip()
    if "{" in flat:
        body = declaration[declaration.index("{") + 1 : declaration.rindex("}")]
        tail = flat[flat.rindex("}") + 1 :].strip()
        head = flat[: flat.index("{")].split()
        name = tail or (head[-1] if len(head) > 1 else "")
        if not name:
            return None
        return CItem("struct", name, flat, struct_members(body))
    if flat.startswith("typedef"):
        pointer = FUNCTION_POINTER_NAME.search(flat)
        last = LAST_IDENTIFIER.search(flat)
        name = pointer.group(1) if pointer else last.group(1) if last else ""
        return CItem("type", name, flat[len("typedef") :].strip()) if name else None
    called = IDENTIFIER_BEFORE_PAREN.search(flat)
    if called:
        return CItem("function", called.group(1), flat)
    return None


def parse_cdef(header: str) -> tuple[list[CSection], list[str]]:
    """The CDEF block as sections of commented groups, and the declarations not understood."""
    sections = [CSection("", "")]
    group: CGroup | None = None
    unknown: list[str] = []
    for kind, text in split_declarations(cdef_block(header)):
        if kind == "blank":
            group = None
        elif kind == "comment":
            body = comment_text(text)
            first, _, rest = body.partition("\n")
            title = SECTION_TITLE.match(first.strip())
            if title:
                sections.append(CSection(title.group(1), rest.strip("\n")))
                group = None
            else:
                group = CGroup(body)
                sections[-1].groups.append(group)
        else:
            if group is None:
                group = CGroup("")
                sections[-1].groups.append(group)
            if kind == "define":
                parts = text.split(None, 2)
                if len(parts) == 3 and parts[0] == "#define":
                    group.items.append(CItem("macro", parts[1], parts[2]))
                else:
                    unknown.append(text)
                continue
            item = classify(text)
            if item is None:
                unknown.append(text)
            else:
                group.items.append(item)
    return sections, unknown


def paragraphs(text: str) -> list[str]:
    """A comment's paragraphs: a line starts one after a blank line or a finished sentence.

    Lines indented deeper than the comment's least indented ones continue the line above.
    """
    result: list[list[str]] = []
    lines = text.splitlines()
    base = min((len(line) - len(line.lstrip()) for line in lines if line.strip()), default=0)
    for line in lines:
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        previous = result[-1] if result else []
        if not stripped:
            result.append([])
        elif previous and (indent > base or not previous[-1].endswith((".", ":"))):
            previous.append(stripped)
        else:
            result.append([stripped])
    return [" ".join(paragraph) for paragraph in result if paragraph]


def rst_text(text: str) -> str:
    """Plain comment text as reST: every character literal, text in backticks as code."""
    pieces = text.split("`")
    out = []
    for index, piece in enumerate(pieces):
        if index % 2 and piece and index < len(pieces) - 1:
            out.append(rf"\ ``{piece}``\ ")
        else:
            out.append(re.sub(r"([^A-Za-z0-9\s])", r"\\\1", piece))
    return "".join(out)


def description(comment: str, indent: str) -> list[str]:
    """A comment as indented reST paragraphs."""
    lines: list[str] = []
    for paragraph in paragraphs(comment):
        lines += [indent + rst_text(paragraph), ""]
    return lines


def group_lines(group: CGroup) -> list[str]:
    """The reST of one commented group of declarations."""
    functions = [item for item in group.items if item.kind == "function"]
    if functions and len(functions) == len(group.items):
        signatures = [item.declaration for item in functions]
        lines = [f".. c:function:: {signatures[0]}", *(f"   {sig}" for sig in signatures[1:])]
        return [*lines, "", *description(group.comment, "   ")]
    lines = description(group.comment, "") if group.comment else []
    for item in group.items:
        if item.kind == "macro":
            lines += [f".. c:macro:: {item.name}", "", f"   Value: ``{item.declaration}``", ""]
        elif item.kind == "function":
            lines += [f".. c:function:: {item.declaration}", ""]
        elif item.kind == "type":
            lines += [f".. c:type:: {item.declaration}", ""]
        else:
            lines += [f".. c:type:: {item.name}", "", "   A struct with these members:", ""]
            for member, comment in item.members:
                lines += [f"   .. c:member:: {member}", ""]
                if comment:
                    lines += ["      " + rst_text(comment), ""]
    return lines


class CHeader(SphinxDirective):
    """``.. badugi-c-api:: ../csrc/badugi.h``: every declaration of the header's CDEF block."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        relative, path = self.env.relfn2path(self.arguments[0], self.env.docname)
        if not Path(path).is_file():
            raise self.error(f"badugi-c-api: no header at {path}")
        self.env.note_dependency(relative)
        sections, unknown = parse_cdef(Path(path).read_text(encoding="utf-8"))
        for text in unknown:
            logger.warning("badugi-c-api: cannot document %r", text, location=self.get_location())
        lines: list[str] = []
        for section in sections:
            if section.title:
                title = rst_text(section.title)
                lines += [title, "-" * len(title), ""]
            if section.intro:
                lines += ["::", "", *(f"   {line}" for line in section.intro.splitlines()), ""]
            for group in section.groups:
                lines += group_lines(group)
        holder = nodes.section()
        nested_parse_with_titles(self.state, StringList(lines, source=path), holder)
        return holder.children


# ---- Command line -------------------------------------------------------------------------


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives and the ``badugi_api_modules`` setting."""
    app.add_config_value("badugi_api_modules", ["badugi_fast"], "env", types=[list])
    app.add_directive("badugi-api", PublicApi)
    app.add_directive("badugi-c-api", CHeader)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
