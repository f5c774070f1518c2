"""The docs name only files that exist (issue 39).

Every path in code format (```output/wording/```, ```tests/test_xlsx.py```,
```solvers/award/model.alone_packs```) in the README and ``docs/*.md`` names a file or a
directory of this repository (a path under a package of ``src/quotecalc`` may leave the package
out; a glob must match; ``{en,zh}`` is each of both), and every dotted module name
(```quotecalc.output.people```, ```quotecalc.planning.document.same_places```) names a module
and, after it, a name that module defines. A file of the past (a mutation run's modules) is
named in plain text with what it became. ``docs/decisions.md`` is a log: it names what was
true when it was decided and is left as written.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

from conftest import ROOT

PACKAGE = ROOT / "src" / "quotecalc"
DOCS = [
    ROOT / "README.md",
    *sorted(path for path in (ROOT / "docs").glob("*.md") if path.name != "decisions.md"),
    *sorted((ROOT / "examples").glob("*.md")),
]
ROOTS = ("src/", "tests/", "docs/", "scripts/", "examples/", "fuzz/", ".ci/")
# Another project's sources (granian's, hyper's), quoted where their behaviour is explained.
ELSEWHERE = (".rs",)
TOKEN = re.compile(r"`([^`\s]+)`")
DOTTED = re.compile(r"^quotecalc(\.[A-Za-z_]\w*)+$")
FILE_SUFFIXES = (".py", ".md", ".json", ".png", ".html", ".svg", ".txt", ".csv", ".xlsx")


def packages() -> tuple[str, ...]:
    return tuple(p.name for p in PACKAGE.iterdir() if p.is_dir() and not p.name.startswith("_"))


def braces(text: str) -> list[str]:
    """``a.{en,zh}.png`` as ``a.en.png`` and ``a.zh.png``."""
    found = re.search(r"\{([^{}]*)\}", text)
    if found is None:
        return [text]
    return [
        each
        for choice in found.group(1).split(",")
        for each in braces(text[: found.start()] + choice + text[found.end() :])
    ]


def exists(path: Path) -> bool:
    if any(char in str(path) for char in "*?["):
        return any(ROOT.glob(str(path.relative_to(ROOT))))
    return path.exists()


def named(token: str) -> list[list[Path]] | None:
    """For each path ``token`` names (after braces), the files any of which is it; ``None``
    for a token that is not a path of this repository."""
    text = token.split("::", maxsplit=1)[0].rstrip(".,;:)")
    if "<" in text or text.endswith(ELSEWHERE):
        return None
    if text.startswith(ROOTS):
        bases = [ROOT]
    elif "/" in text and text.split("/")[0] in packages():
        bases = [PACKAGE, ROOT]
    else:
        return None
    found = []
    for each in braces(text):
        head, _, tail = each.rpartition("/")
        names = [each]
        if "." in tail and not tail.endswith(FILE_SUFFIXES):
            names.append(f"{head}/{tail.split('.')[0]}")  # a module, then a name in it
        found.append(
            [base / name for base in bases for name in names]
            + [base / f"{name}.py" for base in bases for name in names]
        )
    return found


@functools.cache
def defined(path: Path) -> frozenset[str]:
    """The top-level names of one module (functions, classes, assignments, imports)."""
    found: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.add(node.name)
        elif isinstance(node, ast.Assign):
            found.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            found.add(node.target.id)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            found.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return frozenset(found)


def module_name_exists(token: str) -> bool:
    """``quotecalc.a.b.name``: the longest module prefix exists and defines the next name."""
    parts = token.split(".")
    module: Path | None = None
    index = 0
    while index < len(parts):
        here = PACKAGE.parent.joinpath(*parts[: index + 1])
        if here.is_dir():
            module, index = here / "__init__.py", index + 1
        elif here.with_suffix(".py").exists():
            module, index = here.with_suffix(".py"), index + 1
            break
        else:
            break
    if module is None:
        return False
    rest = parts[index:]
    return not rest or rest[0] in defined(module)


def missing(doc: Path) -> list[str]:
    found = []
    for number, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
        for match in TOKEN.finditer(line):
            token = match.group(1)
            paths = named(token)
            if paths is not None and not all(any(exists(p) for p in each) for each in paths):
                found.append(f"{doc.name}:{number}: {token}")
            dotted = token.rstrip(".,;:)").split("(", maxsplit=1)[0]
            # a mutant's id (``..._mutmut_74``) names no module
            mutant = "__mutmut_" in dotted
            if DOTTED.match(dotted) and not mutant and not module_name_exists(dotted):
                found.append(f"{doc.name}:{number}: {dotted}")
    return found


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: path.name)
def test_every_path_a_doc_names_exists(doc: Path) -> None:
    assert missing(doc) == []


def test_a_path_that_is_gone_is_caught(tmp_path: Path) -> None:
    doc = tmp_path / "old.md"
    doc.write_text(
        "See `output/plan_words.py`, `solvers/award/model.py`, `quotecalc.output.plan_words`,"
        " `quotecalc.output.people.money`, `quotecalc.output.people.nothing_here`,"
        " `docs/pictures/plan-request.{en,xx}.390.png` and `hyper/src/conn.rs`.\n",
        encoding="utf-8",
    )
    assert missing(doc) == [
        "old.md:1: output/plan_words.py",
        "old.md:1: quotecalc.output.plan_words",
        "old.md:1: quotecalc.output.people.nothing_here",
        "old.md:1: docs/pictures/plan-request.{en,xx}.390.png",
    ]
