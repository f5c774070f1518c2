"""The plan schema's error entries accept the plan request's own paths (issue 20).

Found by schemathesis over ``POST /quotecalc/plan``: an ``invalid_input`` plan document whose
error points at ``/maxSuppliers`` broke the published schema, whose error paths were the
fixed request's. Each request below is invalid at a field only a plan request has.
"""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

from conftest import ROOT
from quotecalc import plan

SCHEMA = json.loads((ROOT / "docs" / "schema" / "plan.schema.json").read_text(encoding="utf-8"))
QUOTE = (
    '{"supplierId":"A","currency":"CNY","specification":"M6","packSize":10,"minimumPacks":1,'
    '"packPrice":"5.00","freight":"1","otherFees":"0"%s}'
)
REQUEST = '{"schemaVersion":1,"quantity":100,"currency":"CNY","specification":"M6","quotes":[%s]%s}'


@pytest.mark.parametrize(
    ("quote_extra", "root_extra", "path"),
    [
        ("", ',"maxSuppliers":0', "/maxSuppliers"),
        ("", ',"maxSuppliers":"two"', "/maxSuppliers"),
        (',"capacityPacks":-1', "", "/quotes/0/capacityPacks"),
        (
            ',"priceBreaks":[{"minimumQuantity":5,"packPrice":"x"}]',
            "",
            "/quotes/0/priceBreaks/0/packPrice",
        ),
    ],
)
def test_an_error_at_a_plan_field_conforms(quote_extra: str, root_extra: str, path: str) -> None:
    document = plan(REQUEST % (QUOTE % quote_extra, root_extra)).output
    assert document["status"] == "invalid_input"
    assert path in [reason["path"] for reason in document["reasons"]]
    Draft202012Validator(SCHEMA).validate(document)
