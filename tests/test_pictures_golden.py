"""Golden pictures through the real CLI (issue 11; docs/pictures.md).

The committed files are written by ``python -B scripts/generate_pictures.py``; a change to
them is reviewed by opening them in a browser.

For every request of tests/data/examples whose result is ranked, and for every
examples/*.request.json: ``--format svg`` and ``--format html``, each in ``--lang en`` and
``--lang zh``, print exactly the committed file (under docs/pictures/ for the examples/
requests, which the docs show; under tests/data/pictures/ for the others), exit with the
plain call's exit code, write nothing on stderr, and agree with the library:
``svg_picture(analyze(raw).output, lang)`` and
``html_page(calculate(raw).output, analyze(raw).output, lang, ..., raw=raw)``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import EXAMPLES, OTHER_KIND_EXAMPLES, ROOT, run_cli
from quotecalc import analyze, calculate
from quotecalc.output.answer import purchase_of
from quotecalc.output.pictures import html_page, svg_picture
from quotecalc.output.report import render_text

GOLDEN = ROOT / "tests" / "data" / "pictures"
DOCS = ROOT / "docs" / "pictures"
FORMATS = ("svg", "html")
LANGS = ("en", "zh")


def ranked(path: Path) -> bool:
    return calculate(path.read_bytes()).output["ranking"] is not None


REQUESTS = [p for p in sorted(EXAMPLES.glob("*.request.json")) if ranked(p)]
# The planner's, converter's and event's examples are other kinds of request: no pictures.
REPO_EXAMPLES = [
    p
    for p in sorted((ROOT / "examples").glob("*.request.json"))
    if p.name not in OTHER_KIND_EXAMPLES
]
# The stress cases of issue 21 (scripts/generate_picture_cases.py), with their text report.
STRESS = sorted((ROOT / "tests" / "data" / "picture_cases").glob("*.request.json"))
CASES = [
    (request, fmt, lang)
    for request in [*REQUESTS, *REPO_EXAMPLES]
    for fmt in FORMATS
    for lang in LANGS
] + [(request, fmt, lang) for request in STRESS for fmt in (*FORMATS, "text") for lang in LANGS]
SUFFIXES = {"svg": "svg", "html": "html", "text": "txt"}


def golden_name(request: Path, fmt: str, lang: str) -> str:
    return f"{request.name.removesuffix('.request.json')}.{lang}.{SUFFIXES[fmt]}"


@pytest.mark.parametrize(
    ("request_path", "fmt", "lang"), CASES, ids=lambda v: v.name if isinstance(v, Path) else v
)
def test_picture_matches_the_golden_file(request_path: Path, fmt: str, lang: str) -> None:
    raw = request_path.read_bytes()
    plain = calculate(raw)  # the fixed call's own agreement with the CLI is tested elsewhere
    done = run_cli(raw, "--input-json", "-", "--format", fmt, "--lang", lang)
    assert done.exit_code == plain.exit_code
    assert done.stderr == b""
    name = golden_name(request_path, fmt, lang)
    folder = DOCS if request_path in REPO_EXAMPLES else GOLDEN
    assert done.stdout == (folder / name).read_bytes()
    analysis = analyze(raw).output
    if fmt == "text":
        ranked = analysis["analysis"]
        stability = None if ranked is None else ranked["stability"]
        expected = render_text(plain.output, stability, lang, ranked, purchase_of(raw))
    elif fmt == "svg":
        expected = svg_picture(analysis, lang)
    else:
        expected = html_page(plain.output, analysis, lang, purchase_of(raw), raw=raw)
    assert done.stdout == expected.encode("utf-8")


def test_no_stale_golden_files() -> None:
    wanted = {golden_name(r, f, lang) for r, f, lang in CASES if r not in REPO_EXAMPLES}
    assert {p.name for p in GOLDEN.iterdir()} == wanted
    docs = {golden_name(r, f, lang) for r, f, lang in CASES if r in REPO_EXAMPLES}
    assert {p.name for p in DOCS.iterdir() if p.suffix in (".svg", ".html")} == docs


def test_generator_check_mode_agrees() -> None:
    done = subprocess.run(
        [sys.executable, "-B", "scripts/generate_pictures.py", "--check"],
        cwd=ROOT,
        capture_output=True,
        timeout=600,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    assert done.returncode == 0, done.stdout.decode()
