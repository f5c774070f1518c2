"""The published batch schemas (issue #10) accept what the batch door answers and reject what
it never could: checked with jsonschema against real answers and hand-made counter-examples."""

from __future__ import annotations

import copy
import io
import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from conftest import ROOT
from quotecalc import calculate, schema
from quotecalc.batch import MAX_BATCH_BYTES, MAX_BATCH_ITEMS, calculate_batch
from quotecalc.cli import main
from quotecalc.core.codes import BATCH_BODY_ERRORS
from test_batch_identity import EXAMPLE_REQUESTS, body_of
from test_batch_split import REFUSED

REQUEST = Draft202012Validator(schema.batch_request_schema())
RESULT = Draft202012Validator(schema.batch_result_schema())


def test_schemas_are_valid_and_self_contained() -> None:
    for document in (schema.batch_request_schema(), schema.batch_result_schema()):
        Draft202012Validator.check_schema(document)
        assert document["type"] == "object"
        text = json.dumps(document)
        assert '"$ref": "#/$defs/' in text
        assert ".json" not in text.replace("schema.json", "")  # no reference to another file


def test_the_embedded_schemas_are_the_single_call_ones() -> None:
    request = {k: v for k, v in schema.request_schema().items() if not k.startswith("$")}
    assert schema.batch_request_schema()["$defs"]["request"] == request
    single = schema.result_schema()
    defs = schema.batch_result_schema()["$defs"]
    assert defs["result"] == {k: v for k, v in single.items() if not k.startswith("$")}
    for name, definition in single["$defs"].items():
        assert defs[name] == definition


def test_request_schema_accepts_examples_and_bounds_the_count() -> None:
    requests = [json.loads(raw) for raw in EXAMPLE_REQUESTS if b'"1e3"' not in raw]
    valid = [r for r in requests if calculate(json.dumps(r).encode()).status != "invalid_input"]
    assert valid
    assert not list(REQUEST.iter_errors({"requests": valid}))
    assert list(REQUEST.iter_errors({"requests": []}))
    assert list(REQUEST.iter_errors({"requests": valid[:1] * (MAX_BATCH_ITEMS + 1)}))
    assert list(REQUEST.iter_errors({"requests": valid[:1], "extra": 1}))
    assert list(REQUEST.iter_errors({}))
    assert list(REQUEST.iter_errors({"requests": [{"schemaVersion": 1}]}))


def _answer(body: bytes) -> Any:
    return calculate_batch(body).output


def test_result_schema_accepts_every_answer_kind() -> None:
    answers = [_answer(body_of(EXAMPLE_REQUESTS)), _answer(body_of([b"{}", b"[]", b"null"]))]
    answers += [_answer(body) for body, _ in REFUSED]
    answers.append(_answer(b" " * (MAX_BATCH_BYTES + 1)))
    for answer in answers:
        assert not list(RESULT.iter_errors(answer))


@pytest.mark.parametrize(
    "spoil",
    [
        lambda a: a.update({"results": a["results"][:1] * (MAX_BATCH_ITEMS + 1)}),
        lambda a: a["results"].clear(),
        lambda a: a.update({"extra": 1}),
        lambda a: a["results"][0].update({"status": "done"}),
        lambda a: a["results"][0].pop("ranking"),
    ],
)
def test_result_schema_rejects_spoilt_answers(spoil: Any) -> None:
    answer = copy.deepcopy(_answer(body_of(EXAMPLE_REQUESTS[:2])))
    assert not list(RESULT.iter_errors(answer))
    spoil(answer)
    assert list(RESULT.iter_errors(answer))


def test_batch_error_branch_is_exact() -> None:
    refused = _answer(b'{"requests":[]}')
    assert not list(RESULT.iter_errors(refused))
    for path in ("/quotes", "/requests/0"):
        bad = copy.deepcopy(refused)
        bad["limitations"][0]["path"] = path
        assert list(RESULT.iter_errors(bad)), path
    bad = copy.deepcopy(refused)
    bad["limitations"][0]["code"] = "weights_sum_zero"  # a request's code, not a body's
    assert list(RESULT.iter_errors(bad))
    enum = schema.batch_result_schema()["$defs"]["batchError"]["properties"]["limitations"]
    assert enum["items"]["properties"]["code"]["enum"] == list(BATCH_BODY_ERRORS)


def test_every_body_error_code_is_listed_and_reachable() -> None:
    reached = {code for _, errors in REFUSED for code, _ in errors}
    reached.add(_answer(b" " * (MAX_BATCH_BYTES + 1))["limitations"][0]["code"])
    assert reached == set(BATCH_BODY_ERRORS)


@pytest.mark.parametrize("name", ["batch-request", "batch-result"])
def test_print_schema_prints_the_committed_batch_file(name: str) -> None:
    stdin, stdout = io.BytesIO(b"{}"), io.BytesIO()
    assert main(["--print-schema", name], stdin, stdout, io.BytesIO()) == 0
    assert stdout.getvalue() == (ROOT / "docs" / "schema" / f"{name}.schema.json").read_bytes()
    assert stdin.tell() == 0
