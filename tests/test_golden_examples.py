"""Every bundled example through the real CLI, compared by the examples' own rules.

The comparison follows ``tests/data/examples/README.md`` (a faithful port of the shared
``check-examples`` tool): exit code, root key order and key presence exact; exact decimal
strings compared by value; 6-decimal ratios and scores as exact strings; ``limitations`` and
``conflicts`` unordered; ``message`` texts free; for ``invalid_input`` the set of
``(code, path)`` pairs exact.
"""

from __future__ import annotations

import json
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

import pytest

from conftest import EXAMPLES, run_cli

SIX_PLACES = {"costPerDeliveredUnit", "unitQuotePrice", "score", "cost", "delivery", "quality"}
UNORDERED = {"limitations", "conflicts"}
REQUESTS = sorted(EXAMPLES.glob("*.request.json"))


def _without_message(items: list[Any]) -> list[str]:
    return sorted(
        json.dumps(
            {k: v for k, v in item.items() if k != "message"} if isinstance(item, dict) else item,
            sort_keys=True,
        )
        for item in items
    )


def difference(expected: Any, actual: Any, key: str = "") -> str | None:
    """Where ``actual`` departs from ``expected`` under the examples' rules, or ``None``."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        if list(expected) != list(actual) and key not in ("", "limitations"):
            return f"{key}: keys {list(actual)} != expected {list(expected)}"
        for name in expected:
            if name == "message":
                continue
            if name not in actual:
                return f"{key}.{name}: missing"
            found = difference(expected[name], actual[name], name)
            if found:
                return f"{key}.{found}" if key else found
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        if len(expected) != len(actual):
            return f"{key}: {len(actual)} items, expected {len(expected)}"
        if key in UNORDERED:
            same = _without_message(expected) == _without_message(actual)
            return None if same else f"{key}: {_without_message(actual)}"
        for index, (left, right) in enumerate(zip(expected, actual, strict=True)):
            found = difference(left, right, key)
            if found:
                return f"[{index}]{found}"
        return None
    if (
        isinstance(expected, str)
        and isinstance(actual, str)
        and key not in SIX_PLACES
        and expected != actual
    ):
        try:
            if Decimal(expected) == Decimal(actual) and "e" not in actual.lower():
                return None
        except InvalidOperation:
            pass
    same = expected == actual and type(expected) is type(actual)
    return None if same else f"{key}: {actual!r} != expected {expected!r}"


@pytest.mark.parametrize("request_path", REQUESTS, ids=lambda path: path.name)
def test_example_matches_through_the_real_cli(request_path: Path) -> None:
    expected_path = request_path.with_name(request_path.name.replace(".request.", ".expected."))
    expected = json.loads(expected_path.read_bytes())
    shown = run_cli(request_path.read_bytes())
    assert shown.stderr == b""
    assert shown.exit_code == expected["exitCode"]
    output = shown.output
    assert list(output) == list(expected["output"])  # root key order is exact too
    if expected["output"]["status"] == "invalid_input":
        assert output["status"] == "invalid_input"
        pairs = sorted((e["code"], e["path"]) for e in output["limitations"])
        assert pairs == sorted((e["code"], e["path"]) for e in expected["output"]["limitations"])
    assert difference(expected["output"], output) is None


def test_the_comparison_can_fail() -> None:
    # The comparator must tell a wrong value, a wrong 6-place string and a missing key apart.
    assert difference({"a": "400"}, {"a": "400.00"}) is None
    assert difference({"a": "400"}, {"a": "401"}) is not None
    assert difference({"score": "0.5"}, {"score": "0.500000"}) is not None
    assert difference({"q": {"a": 1, "b": 2}}, {"q": {"b": 2, "a": 1}}) is not None
    assert difference({"x": {"a": 1}}, {"x": {}}) is not None
    assert difference({"conflicts": ["a", "b"]}, {"conflicts": ["b", "a"]}) is None
