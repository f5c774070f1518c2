"""What the library takes (issue 14): ``calculate()`` and ``quotecalc.stability()`` take the
request as ``bytes`` or ``str`` (encoded as UTF-8, a lone surrogate with ``surrogatepass`` so it
is ``invalid_encoding``); every other type is the caller's bug and raises ``TypeError``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import EXAMPLES
from quotecalc import analyze, calculate, stability
from quotecalc.api import request_input

BRIEF = (EXAMPLES / "01-example-from-brief.request.json").read_bytes()
CJK = json.dumps({**json.loads(BRIEF), "specification": "M6 螺栓"}, ensure_ascii=False).encode(
    "utf-8"
)


@pytest.mark.parametrize("raw", [BRIEF, CJK, b"", b"{", b"\xef\xbb\xbf{}"])
def test_a_str_is_its_utf8_bytes(raw: bytes) -> None:
    text = raw.decode("utf-8")
    assert calculate(text).to_json() == calculate(raw).to_json()


def test_str_and_bytes_give_the_same_result_and_trace() -> None:
    for raw in (BRIEF, CJK):
        text = raw.decode("utf-8")
        by_text, by_bytes = calculate(text, trace=True), calculate(raw, trace=True)
        assert by_text.output == by_bytes.output
        assert [(e.stage, e.outcome, e.summary) for e in by_text.trace] == [
            (e.stage, e.outcome, e.summary) for e in by_bytes.trace
        ]
    assert calculate(BRIEF.decode()).status == "completed"


def test_a_byte_order_mark_in_a_str_is_invalid_encoding() -> None:
    result = calculate("\ufeff" + BRIEF.decode())
    assert result.exit_code == 2
    assert [e["code"] for e in result.output["limitations"]] == ["invalid_encoding"]


@pytest.mark.parametrize(
    "text",
    [
        '{"schemaVersion":1,"quotes":[{"supplierId":"A\ud800"}]}',  # in a string value
        '{"schemaVersion":1,"quotes":[{"supplierId":"A"}]}\udfff',  # outside any string
        "\ud83d",
    ],
)
def test_a_lone_surrogate_in_a_str_is_invalid_encoding(text: str) -> None:
    """A str that has no UTF-8 form is an input error, not a ``TypeError``: the same answer its
    ``surrogatepass`` bytes get from stdin, with nothing of the input echoed."""
    result = calculate(text)
    assert result.exit_code == 2 and result.status == "invalid_input"
    assert (
        result.output["limitations"]
        == calculate(text.encode("utf-8", "surrogatepass")).output["limitations"]
    )
    assert [e["code"] for e in result.output["limitations"]] == ["invalid_encoding"]


class _Bytes(bytes):
    pass


class _Str(str):
    __slots__ = ()


def test_subclasses_of_bytes_and_str_are_their_values() -> None:
    assert calculate(_Bytes(BRIEF)).to_json() == calculate(BRIEF).to_json()
    assert calculate(_Str(BRIEF.decode())).to_json() == calculate(BRIEF).to_json()
    assert type(request_input(_Bytes(BRIEF))) is bytes


@pytest.mark.parametrize(
    "raw",
    [
        bytearray(BRIEF),
        memoryview(BRIEF),
        None,
        json.loads(BRIEF),
        [BRIEF],
        1,
        Path("request.json"),
        iter([BRIEF]),
    ],
    ids=lambda value: type(value).__name__,
)
def test_any_other_type_is_a_type_error(raw: Any) -> None:
    with pytest.raises(TypeError, match=r"^calculate\(\) takes the request as bytes or str, not "):
        calculate(raw)
    with pytest.raises(TypeError, match=r"^stability\(\) takes the request as bytes or str, not "):
        stability(raw)
    with pytest.raises(TypeError, match=r"^analyze\(\) takes the request as bytes or str, not "):
        analyze(raw)


def test_the_type_error_names_the_type() -> None:
    with pytest.raises(TypeError, match=r"not bytearray$"):
        calculate(bytearray(b"{}"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"not dict$"):
        calculate({"schemaVersion": 1})  # type: ignore[arg-type]


def test_stability_takes_a_str() -> None:
    raw = (EXAMPLES / "10-sensitivity-ranking-changes.request.json").read_bytes()
    entries = stability(raw.decode("utf-8"))
    assert entries is not None and entries == stability(raw)


def test_analyze_takes_a_str() -> None:
    raw = (EXAMPLES / "10-sensitivity-ranking-changes.request.json").read_bytes()
    document = analyze(raw.decode("utf-8"))
    assert document.output["analysis"] is not None
    assert document.to_json() == analyze(raw).to_json()


@settings(max_examples=200, deadline=None)
@given(text=st.text())
def test_any_text_is_answered_as_its_bytes(text: str) -> None:
    expected = calculate(text.encode("utf-8", "surrogatepass"))
    got = calculate(text)
    assert got.to_json() == expected.to_json()
    assert got.status in ("invalid_input", "completed", "partial")
