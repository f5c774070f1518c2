"""The batch body (quotecalc.batch.body, .split): which bodies are a batch, and the exact source
bytes each request is cut to (issue #10). Expected items are written out by hand."""

from __future__ import annotations

import json

import pytest

from quotecalc import calculate
from quotecalc.batch import MAX_BATCH_BYTES, MAX_BATCH_ITEMS, calculate_batch
from quotecalc.batch.body import check_body
from quotecalc.batch.split import item_spans, split_items
from quotecalc.core.codes import BATCH_BODY_ERRORS, BATCH_ERROR_MESSAGES, ERROR_MESSAGES
from quotecalc.core.limits import MAX_BATCH_NESTING
from quotecalc.stages.parse import MAX_NESTING

# (body, the items exactly as cut)
SPLITS = [
    (b'{"requests":[{}]}', [b"{}"]),
    (b'{"requests":[1e3,-0,185.00]}', [b"1e3", b"-0", b"185.00"]),
    (b'{"requests":[{"a":1,"a":2}]}', [b'{"a":1,"a":2}']),
    (
        b' \n{ "requests" :\t[ {"x": [1, {"y": []}]} ,\r\n [ ] ] }\n',
        [b'{"x": [1, {"y": []}]}', b"[ ]"],
    ),
    (b'{"requests":["[", "]", "{", "}", ","]}', [b'"["', b'"]"', b'"{"', b'"}"', b'","']),
    (b'{"requests":["a\\"],[", {"k\\\\":"\\\\"}]}', [b'"a\\"],["', b'{"k\\\\":"\\\\"}']),
    (b'{"requests":[null,true,false,"\\u005d"]}', [b"null", b"true", b"false", b'"\\u005d"']),
    ('{"requests":[{"s":"中文]"}]}'.encode(), ['{"s":"中文]"}'.encode()]),
    (b'{"requests":[[[[[]]]],{"a":{"b":{"c":{}}}}]}', [b"[[[[]]]]", b'{"a":{"b":{"c":{}}}}']),
    (b'{"re\\u0071uests":[{"q":"\\u0022,]"}]}', [b'{"q":"\\u0022,]"}']),
]


@pytest.mark.parametrize(("body", "items"), SPLITS)
def test_items_are_cut_byte_for_byte(body: bytes, items: list[bytes]) -> None:
    assert check_body(body) == len(items)
    assert split_items(body) == items
    assert [body[start:end] for start, end in item_spans(body)] == items


def _errors(body: bytes) -> list[tuple[str, str]]:
    answer = calculate_batch(body)
    assert answer.status == "invalid_input"
    assert answer.exit_code == 2
    assert answer.output["status"] == "invalid_input"
    return [(entry["code"], entry["path"]) for entry in answer.output["limitations"]]


def _requests(count: int) -> bytes:
    return json.dumps({"requests": [{}] * count}).encode()


# (body, the (code, path) pairs of its one invalid_input answer)
REFUSED = [
    (b"", [("invalid_json", "")]),
    (b"\xef\xbb\xbf{}", [("invalid_encoding", "")]),
    (b'{"requests":["\xff"]}', [("invalid_encoding", "")]),
    (b'{"requests":[{}]} x', [("invalid_json", "")]),
    (b'{"requests":[{}]}{}', [("invalid_json", "")]),
    (b'{"requests":[{},]}', [("invalid_json", "")]),
    (b'{"requests":[NaN]}', [("non_finite_number", "")]),
    (b"[]", [("invalid_type", "")]),
    (b'"requests"', [("invalid_type", "")]),
    (b"{}", [("missing_required", "/requests")]),
    (b'{"requests":[{}],"requests":[{}]}', [("duplicate_key", "")]),
    (b'{"requests":null}', [("null_not_allowed", "/requests")]),
    (b'{"requests":{}}', [("invalid_type", "/requests")]),
    (b'{"requests":"[{}]"}', [("invalid_type", "/requests")]),
    (b'{"requests":[]}', [("out_of_range", "/requests")]),
    (_requests(MAX_BATCH_ITEMS + 1), [("out_of_range", "/requests")]),
    (b'{"requests":[{}],"extra":1}', [("unknown_key", "")]),
    (b'{"requests":[],"extra":1}', [("out_of_range", "/requests"), ("unknown_key", "")]),
    (b'{"Requests":[{}]}', [("missing_required", "/requests"), ("unknown_key", "")]),
]


@pytest.mark.parametrize(("body", "errors"), REFUSED)
def test_a_body_that_is_not_a_batch_is_one_invalid_input(
    body: bytes, errors: list[tuple[str, str]]
) -> None:
    assert _errors(body) == errors
    assert not calculate_batch(body).too_large


def test_errors_carry_fixed_messages_and_nothing_of_the_body() -> None:
    answer = calculate_batch(b'{"requests":[],"secret-key":"secret-value"}')
    assert b"secret" not in answer.to_json()
    for entry in answer.output["limitations"]:
        assert entry["message"] == ERROR_MESSAGES[entry["code"]]
        assert entry["code"] in BATCH_BODY_ERRORS


def test_item_counts_one_and_twenty_four_are_answered() -> None:
    for count in (1, MAX_BATCH_ITEMS):
        answer = calculate_batch(_requests(count))
        assert (answer.status, answer.exit_code, answer.too_large) == ("answered", 0, False)
        assert answer.output == {"results": [calculate(b"{}").output] * count}


def test_too_large_is_flagged_and_has_its_own_true_message() -> None:
    assert BATCH_ERROR_MESSAGES["batch_too_large"] == (
        f"The batch is larger than {MAX_BATCH_BYTES} bytes."
    )
    head = b'{"requests":[{"specification":"'
    tail = b'"}]}'
    exact = head + b"x" * (MAX_BATCH_BYTES - len(head) - len(tail)) + tail
    assert len(exact) == MAX_BATCH_BYTES
    answered = calculate_batch(exact)
    assert answered.status == "answered"  # the item itself is over 262144 bytes
    assert answered.output["results"][0]["limitations"][0]["code"] == "input_too_large"
    over = calculate_batch(exact + b" ")
    assert (over.status, over.exit_code, over.too_large) == ("invalid_input", 2, True)
    assert [entry["code"] for entry in over.output["limitations"]] == ["batch_too_large"]
    assert over.output["limitations"][0]["message"] == BATCH_ERROR_MESSAGES["batch_too_large"]


def test_nesting_a_single_call_accepts_is_accepted_in_a_batch() -> None:
    assert MAX_BATCH_NESTING == MAX_NESTING + 2
    deepest = b"[" * (MAX_NESTING - 2) + b"{}" + b"]" * (MAX_NESTING - 2)  # item: 256 deep
    item = b'{"x":' + deepest + b"}"
    assert calculate(item).output["limitations"][0]["code"] != "invalid_json"
    answer = calculate_batch(b'{"requests":[' + item + b"]}")
    assert answer.output == {"results": [calculate(item).output]}
    too_deep = b'{"x":[' + deepest + b"]}"
    assert calculate(too_deep).output["limitations"][0]["code"] == "invalid_json"
    assert _errors(b'{"requests":[' + too_deep + b"]}") == [("invalid_json", "")]


def test_to_json_is_one_compact_line() -> None:
    answer = calculate_batch('{"requests":[{"specification":"螺栓"}]}'.encode())
    text = answer.to_json()
    assert text.endswith(b"\n")
    assert text.count(b"\n") == 1
    assert json.loads(text) == answer.output
    assert (
        text
        == (json.dumps(answer.output, ensure_ascii=False, separators=(",", ":")) + "\n").encode()
    )


def test_a_scanner_that_disagrees_with_the_parse_stage_is_an_internal_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from quotecalc.batch import run
    from quotecalc.engine.render import render_internal_error

    monkeypatch.setattr(run, "split_items", lambda body: [b"{}"] * 2)
    answer = calculate_batch(b'{"requests":[{}]}')
    assert (answer.status, answer.exit_code, answer.too_large) == ("internal_error", 1, False)
    assert answer.output == render_internal_error()
