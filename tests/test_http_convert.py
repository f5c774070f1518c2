"""``POST /quotecalc/convert`` on a real server (issue 27): the CLI's ``--convert`` bytes for
the same body, through a foreign client (httpx) on 127.0.0.1."""

from __future__ import annotations

import pytest

from http_support import HAS_HTTP, JSON

if not HAS_HTTP:
    pytest.skip("the optional http extra is not installed", allow_module_level=True)

import httpx

from conftest import run_cli
from quotecalc.mcp.request import request_bytes
from test_convert_doors import CALLS, ROUTE
from test_http_server import LIMIT, STATUS, client, server  # noqa: F401 - the fixtures


@pytest.mark.parametrize("name", list(CALLS))
def test_every_call_matches_the_cli(client: httpx.Client, name: str) -> None:  # noqa: F811
    raw = request_bytes(CALLS[name][0])
    cli = run_cli(raw, "--input-json", "-", "--convert")
    response = client.post(ROUTE, content=raw, headers={"Content-Type": JSON})
    assert response.content == cli.stdout
    assert response.status_code == STATUS[cli.exit_code]
    assert response.json()["status"] == CALLS[name][1]


def test_over_the_limit_matches_the_cli(client: httpx.Client) -> None:  # noqa: F811
    raw = b" " * (LIMIT + 1)
    cli = run_cli(raw, "--input-json", "-", "--convert")
    response = client.post(ROUTE, content=raw, headers={"Content-Type": JSON})
    assert (response.status_code, response.content) == (413, cli.stdout)
    codes = [error["code"] for error in cli.output["result"]["limitations"]]
    assert codes == ["input_too_large"]
