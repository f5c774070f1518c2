"""The form fields' own errors, found with the sheet's (issue 35: one round)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .fields import exchange_rates, filled_rate_rows, rate_place
from .marks import path_control
from .sheet import request_bytes


def field_errors(
    options: Mapping[str, Any], fields: Mapping[str, Any], lang: str
) -> list[dict[str, str]]:
    """The form fields' own errors, found with the sheet's (issue 35: one round): the
    calculator's validation of a request made of the form's root fields (and its exchange-rate
    rows, validated by the converted comparison) and no quote, the errors about the missing
    quotes left out, each with its place in words (a rate by the form's row and label) and the
    control it is about (``field``, issue 40)."""
    from ...api import calculate
    from ...intake.request import ROOT_OPTIONS, root_fields
    from ...output.fieldnames import error_places
    from ...output.pictures.markup import supplier, text
    from ...output.pictures.text import escape
    from ...output.wording import ERROR_TEXT
    from ...planning.conversion import convert

    root, _ = root_fields({key: options[key] for key in ROOT_OPTIONS if key in options})
    request: dict[str, Any] = {"schemaVersion": 1, **root, "quotes": []}
    rates = exchange_rates(fields)
    if rates:
        request = {"schemaVersion": 1, **root, "exchangeRates": rates, "quotes": []}
        result = convert(request_bytes(request)).output["result"]
    else:
        result = calculate(request_bytes(request)).output
    if result["status"] != "invalid_input":
        return []
    rows = filled_rate_rows(fields)
    found = []
    for error in result["limitations"]:
        path = str(error.get("path") or "")
        steps = path.split("/")
        if path == "/quotes" or path.startswith("/quotes/"):
            continue
        if len(steps) == 4 and steps[1] == "exchangeRates" and steps[2].isdigit():
            places = [escape(rate_place(lang, rows[int(steps[2])], steps[3]))]
        else:
            places = error_places(
                lang,
                error,
                request,
                words=escape,
                ids=supplier,
                code=lambda k: f"<code>{text(k)}</code>",
            )
        code = str(error.get("code"))
        entry = {
            "code": code,
            "cell": "",
            "place": ", ".join(places),
            "message": ERROR_TEXT[lang].get(code, code),
        }
        control = path_control(path, rows)
        if control is not None:  # the form's control it is about, marked (issue 40)
            entry["field"] = control
        found.append(entry)
    return found
