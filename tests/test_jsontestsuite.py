"""The public JSONTestSuite parsing corpus: every file is one ``invalid_input`` (CONTRACT §4.1).

None of the 318 files is a valid request: ``n_`` files are not JSON, ``i_`` files are
implementation-defined (we reject them: invalid UTF-8, lone surrogates, huge numbers that are
not objects), ``y_`` files are JSON but not a request object. Each must give exactly one JSON
object line with status ``invalid_input`` and exit code 2, quickly and without a crash.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import CORPUS, run_cli
from quotecalc import calculate

FILES = sorted(CORPUS.iterdir())


def test_the_whole_corpus_is_here() -> None:
    assert len(FILES) == 318
    assert (CORPUS.parent / "LICENSE").is_file()


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_every_file_is_one_invalid_input(path: Path) -> None:
    result = calculate(path.read_bytes())
    line = result.to_json()
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    output = json.loads(line.decode("utf-8"))
    assert output["status"] == "invalid_input"
    assert result.exit_code == 2
    assert output["limitations"], "an invalid_input result names its errors"
    if path.name.startswith("n_"):
        # Not JSON at all: the parse stage stops it, and parse errors carry path "".
        assert [error["path"] for error in output["limitations"]] == [""]


SAMPLE = [
    "n_structure_100000_opening_arrays.json",
    "n_string_unescaped_tab.json",
    "n_number_NaN.json",
    "n_object_trailing_comma.json",
    "i_string_UTF-16LE_with_BOM.json",
    "i_string_lone_second_surrogate.json",
    "i_number_huge_exp.json",
    "y_object_duplicated_key.json",
    "y_structure_lonely_true.json",
    "y_object_empty.json",
]


@pytest.mark.parametrize("name", SAMPLE)
def test_a_sample_through_the_real_cli(name: str) -> None:
    shown = run_cli((CORPUS / name).read_bytes())
    assert shown.exit_code == 2
    assert shown.stderr == b""
    assert shown.output["status"] == "invalid_input"
