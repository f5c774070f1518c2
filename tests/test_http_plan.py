"""``POST /quotecalc/plan`` on a real server (issue 20): the CLI's ``--plan`` bytes for the
same body, through a foreign client (httpx) on 127.0.0.1; the route and its components in the
OpenAPI document come from the one operation row."""

from __future__ import annotations

import json
from typing import Any

import pytest

from http_support import EXAMPLE_PATHS, HAS_HTTP, JSON, example_id

if not HAS_HTTP:
    pytest.skip("the optional http extra is not installed", allow_module_level=True)

import httpx

from conftest import ROOT, run_cli
from test_http_server import LIMIT, STATUS, client, server  # noqa: F401 - the fixtures

PLAN = "/quotecalc/plan"


@pytest.mark.parametrize("path", EXAMPLE_PATHS, ids=example_id)
def test_every_example_plan_matches_the_cli(client: httpx.Client, path: Any) -> None:  # noqa: F811
    raw = path.read_bytes()
    cli = run_cli(raw, "--input-json", "-", "--plan")  # validated against the plan schema
    response = client.post(PLAN, content=raw, headers={"Content-Type": JSON})
    assert response.content == cli.stdout
    assert response.status_code == STATUS[cli.exit_code]


def test_the_example_plan_is_proven_over_http(client: httpx.Client) -> None:  # noqa: F811
    raw = (ROOT / "examples" / "plan.request.json").read_bytes()
    response = client.post(PLAN, content=raw, headers={"Content-Type": JSON})
    assert response.status_code == 200
    best = response.json()["plan"]["best"]
    assert (best["landedTotal"], best["proven"]) == ("475.00", True)


def test_plan_over_the_limit_matches_the_cli(client: httpx.Client) -> None:  # noqa: F811
    raw = b" " * (LIMIT + 1)
    cli = run_cli(raw, "--input-json", "-", "--plan")
    response = client.post(PLAN, content=raw, headers={"Content-Type": JSON})
    assert (response.status_code, response.content) == (413, cli.stdout)
    assert [reason["code"] for reason in cli.output["reasons"]] == ["input_too_large"]


def test_the_openapi_document_describes_the_plan_route() -> None:
    document = json.loads((ROOT / "docs" / "openapi.json").read_bytes())
    operation = document["paths"][PLAN]["post"]
    assert operation["operationId"] == "plan_purchase"
    body = operation["requestBody"]["content"][JSON]["schema"]
    assert body == {"$ref": "#/components/schemas/PlanRequest"}
    assert "Plan" in document["components"]["schemas"]
