"""``POST /quotecalc/event`` on a real server (issue 26): the CLI's ``--event`` bytes for the
same body, through a foreign client (httpx) on 127.0.0.1, and the route in the OpenAPI
document from the one operation row."""

from __future__ import annotations

import json

import pytest

from http_support import HAS_HTTP, JSON

if not HAS_HTTP:
    pytest.skip("the optional http extra is not installed", allow_module_level=True)

import httpx

from conftest import ROOT, run_cli
from event_support import EVENT_ARGV, HAS_ENGINE
from test_event_doors import BODIES
from test_http_server import STATUS, client, server  # noqa: F401 - the fixtures

if not HAS_ENGINE:
    pytest.skip("the award engine has not landed", allow_module_level=True)

from quotecalc.core.limits import MAX_EVENT_BYTES

EVENT = "/quotecalc/event"


@pytest.mark.parametrize("name", list(BODIES))
def test_every_body_matches_the_cli(client: httpx.Client, name: str) -> None:  # noqa: F811
    raw = BODIES[name]
    cli = run_cli(raw, *EVENT_ARGV)
    response = client.post(EVENT, content=raw, headers={"Content-Type": JSON})
    assert response.content == cli.stdout
    assert response.status_code == STATUS[cli.exit_code]


def test_an_event_over_the_fixed_limit_is_answered(client: httpx.Client) -> None:  # noqa: F811
    raw = BODIES["example"][:-2] + b" " * 300_000 + b"}\n"
    cli = run_cli(raw, *EVENT_ARGV)
    assert cli.output["status"] == "completed"
    response = client.post(EVENT, content=raw, headers={"Content-Type": JSON})
    assert (response.status_code, response.content) == (200, cli.stdout)


def test_an_event_over_its_limit_is_413_with_the_cli_bytes(client: httpx.Client) -> None:  # noqa: F811
    raw = b" " * (MAX_EVENT_BYTES + 1)
    cli = run_cli(raw, *EVENT_ARGV)
    response = client.post(EVENT, content=raw, headers={"Content-Type": JSON})
    assert (response.status_code, response.content) == (413, cli.stdout)
    assert [reason["code"] for reason in cli.output["reasons"]] == ["input_too_large"]


def test_the_openapi_document_describes_the_event_route() -> None:
    document = json.loads((ROOT / "docs" / "openapi.json").read_bytes())
    operation = document["paths"][EVENT]["post"]
    assert operation["operationId"] == "award_event"
    body = operation["requestBody"]["content"][JSON]["schema"]
    assert body == {"$ref": "#/components/schemas/EventRequest"}
    assert "Event" in document["components"]["schemas"]
