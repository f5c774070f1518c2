"""Shared by the event tests (issue 26): the engine, or until it lands the brute-force
stand-in (``event_standin.py``, tests only); and small builders of event requests."""

from __future__ import annotations

import copy
import importlib
import importlib.util
import json
import sys
from typing import Any

import event_standin

try:
    ENGINE: Any = importlib.import_module("quotecalc.solvers.award")
    HAS_ENGINE = True
except ModuleNotFoundError:
    sys.modules["quotecalc.solvers.award"] = event_standin
    ENGINE = event_standin
    HAS_ENGINE = False

from conftest import ROOT

EXAMPLE_PATH = ROOT / "examples" / "event.request.json"
EXAMPLE: dict[str, Any] = json.loads(EXAMPLE_PATH.read_bytes())
EVENT_ARGV = ("--input-json", "-", "--event")


def offer(item: str, price: str = "10", **extra: Any) -> dict[str, Any]:
    """A complete offer of ``item`` (specification ``spec-<item>``), pack of 1."""
    return {
        "itemId": item,
        "specification": f"spec-{item}",
        "packSize": 1,
        "minimumPacks": 0,
        "packPrice": price,
        **extra,
    }


def supplier(sid: str, *offers: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """A complete supplier in CNY with no fees unless ``extra`` says otherwise."""
    return {
        "supplierId": sid,
        "currency": "CNY",
        "freight": "0",
        "otherFees": "0",
        **extra,
        "offers": list(offers),
    }


def item(iid: str, quantity: int = 1, **extra: Any) -> dict[str, Any]:
    return {"itemId": iid, "specification": f"spec-{iid}", "quantity": quantity, **extra}


def event(items: list[dict[str, Any]], suppliers: list[dict[str, Any]], **root: Any) -> bytes:
    body = {"schemaVersion": 1, "currency": "CNY", "items": items, "suppliers": suppliers, **root}
    return json.dumps(body).encode("utf-8")


def answer_lines(document: Any, currency: str | None, lang: str, escape: Any = str) -> str:
    """The event answer's sentences as the text report prints them, one a line (the award, then
    the comparison with the baselines): :func:`quotecalc.output.event_report.answer_parts`."""
    from quotecalc.output.event_report import answer_parts

    award, compared = answer_parts(document, currency, lang, escape)
    return award if compared is None else f"{award}\n{compared}"


def example() -> dict[str, Any]:
    """A fresh copy of the worked example, to change."""
    return copy.deepcopy(EXAMPLE)


def engine_spec_present() -> bool:
    """Whether the real engine is importable in a fresh process (subprocess tests need it)."""
    return HAS_ENGINE and importlib.util.find_spec("quotecalc.solvers.award") is not None
