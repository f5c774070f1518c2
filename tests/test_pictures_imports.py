"""The pictures are a door: stdlib only, loaded only by the picture formats, never by the
core or the JSON path (docs/pictures.md)."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "src" / "quotecalc"


def imports(path: Path) -> list[tuple[int, str]]:
    """(level, module) of every import statement of one file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((0, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            found.append((node.level, node.module or ""))
    return found


def test_pictures_use_the_standard_library_and_the_report_tables_only() -> None:
    files = sorted((PACKAGE / "output" / "pictures").glob("*.py"))
    assert [f.name for f in files] == [
        "__init__.py",
        "conversion.py",
        "costbars.py",
        "geometry.py",
        "html.py",
        "labels.py",
        "markup.py",
        "palette.py",
        "svg.py",
        "text.py",
        "weightmap.py",
    ]
    for path in files:
        for level, module in imports(path):
            if level == 0:
                assert module.split(".")[0] in sys.stdlib_module_names, (path.name, module)
            elif level == 2:  # the output layer's own tables (field words too), the answer, numbers
                # conversion_text: the converted comparison's words and rows (issue 27)
                allowed = ("wording", "cells", "answer", "people", "fieldnames", "conversion_text")
                assert module in allowed, (path.name, module)
            elif level == 3:  # the engine's result constants
                assert module == "engine.render", (path.name, module)
            else:
                assert level == 1, (path.name, module)


def test_only_the_comparison_row_imports_them_and_only_inside_a_function() -> None:
    # The HTTP door's analyst page (issue 21) renders the same page, inside its functions; so
    # does the readable plan's page (issue 25), itself loaded only by --plan --format html.
    page_modules = {
        *(PACKAGE / "http" / "page").glob("*.py"),
        PACKAGE / "output" / "plan_html.py",
        # The event award's page (issue 35) is built from the comparison page's parts, loaded
        # inside render_event_html only (--event --format html and the HTTP page).
        PACKAGE / "output" / "event_report" / "html.py",
        # The conversion's page (issue 27), imported inside its row's presenter (issue 39).
        PACKAGE / "kinds" / "convert.py",
    }
    for path in sorted(PACKAGE.rglob("*.py")):
        if "pictures" in path.parts or path == PACKAGE / "kinds" / "comparison.py":
            continue
        if path in page_modules:
            tree = ast.parse(path.read_text(encoding="utf-8"))
            top = [n for n in tree.body if isinstance(n, ast.ImportFrom)]
            assert not [n for n in top if "pictures" in (n.module or "")], path
            continue
        for _, module in imports(path):
            assert "pictures" not in module, path
    # The command line's pictures are the comparison row's presenters (issue 39): the SVG
    # picture and the HTML page, each imported inside its presenter.
    row = ast.parse((PACKAGE / "kinds" / "comparison.py").read_text(encoding="utf-8"))
    at_module_level = [
        node.module
        for node in row.body
        if isinstance(node, ast.ImportFrom) and "pictures" in (node.module or "")
    ]
    assert at_module_level == []
    inside_functions = [
        node.module
        for function in row.body
        if isinstance(function, ast.FunctionDef)
        for node in ast.walk(function)
        if isinstance(node, ast.ImportFrom) and node.module == "output.pictures"
    ]
    assert inside_functions == ["output.pictures", "output.pictures"]


def test_json_path_does_not_import_the_pictures() -> None:
    code = (
        "import io, sys; sys.path.insert(0, 'src');"
        "import quotecalc.cli as cli; from quotecalc import calculate;"
        "raw = open('tests/data/examples/01-example-from-brief.request.json','rb').read();"
        "calculate(raw);"
        "out = io.BytesIO(); cli.main(['--input-json', '-'], io.BytesIO(raw), out, io.BytesIO());"
        "assert out.getvalue().startswith(b'{');"
        "print('quotecalc.output.pictures' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-B", "-c", code],
        cwd=ROOT,
        capture_output=True,
        check=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    assert done.stdout.split() == [b"False"]
