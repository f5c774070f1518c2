"""Mutation kills for ``quotecalc.pictures`` (issue 14; docs/testing.md section 2).

mutmut cannot see ``tests/test_pictures_golden.py`` (it runs the real CLI in a subprocess),
so the committed golden pictures are compared here in process as well: the golden test
already asserts that the library's ``svg_picture`` / ``html_page`` print exactly those bytes,
this only makes the same assertion visible to a mutant. The other tests compute their
expected values by hand (exact Fractions or 50-digit Decimals), independently of the code.
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest

from conftest import EXAMPLES, ROOT
from quotecalc import analyze, calculate
from quotecalc.pictures import html_page, svg_picture

GOLDEN = ROOT / "tests" / "data" / "pictures"
REQUESTS = [
    *sorted(EXAMPLES.glob("*.request.json")),
    *sorted((ROOT / "examples").glob("*.request.json")),
]


@functools.cache
def documents(path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    raw = path.read_bytes()
    return calculate(raw).output, analyze(raw).output


GOLDEN_CASES = [
    (request, fmt, lang)
    for request in REQUESTS
    for fmt in ("svg", "html")
    for lang in ("en", "zh")
    if (GOLDEN / f"{request.name.removesuffix('.request.json')}.{lang}.{fmt}").exists()
]


def test_every_golden_picture_has_a_case() -> None:
    assert len(GOLDEN_CASES) == len(list(GOLDEN.iterdir()))


@pytest.mark.parametrize(
    ("request_path", "fmt", "lang"),
    GOLDEN_CASES,
    ids=lambda v: v.name if isinstance(v, Path) else v,
)
def test_library_prints_the_golden_picture(request_path: Path, fmt: str, lang: str) -> None:
    result, analysis = documents(request_path)
    name = f"{request_path.name.removesuffix('.request.json')}.{lang}.{fmt}"
    printed = svg_picture(analysis, lang) if fmt == "svg" else html_page(result, analysis, lang)
    assert printed.encode("utf-8") == (GOLDEN / name).read_bytes()
