"""The readable plan's notes (issues 25, 27): why there is no plan, the limitations, the
errors where they are, the status line, the conversions and the prepaid balances."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..cells import clean
from ..layout import Table
from ..wording import ERROR_TEXT, LIMITATION_TEXT, REASON_TEXT
from .base import Reader, Section


def reason_words(read: Reader, reason: Mapping[str, Any]) -> str:
    code = str(reason.get("code"))
    named = [clean(str(reason[key])) for key in ("supplierId", "field") if reason.get(key)]
    what = " ".join(named) if named else read.words["unknown"]
    template = REASON_TEXT[read.lang].get(code)
    return clean(code) if template is None else template.format(what=what)


def limitations_section(read: Reader, limitations: Sequence[Mapping[str, Any]]) -> Section:
    shown = []
    for entry in limitations:
        code = str(entry.get("code"))
        text = LIMITATION_TEXT[read.lang].get(code)
        shown.append(clean(code) if text is None else text)
    return Section("limitations", read.words["limitations"], items=tuple(shown))


def errors_section(
    read: Reader, errors: Sequence[Mapping[str, Any]], raw: bytes | str | None
) -> Section:
    """The errors, each where it is: in words for a page for people when the request text is
    known (:func:`quotecalc.output.fieldnames.error_places`: "pack price of quote 2 (X)", the
    unknown key by name), else its path."""
    if raw is not None:
        from ...planning.document import RUNNER
        from ..fieldnames import error_places, load

        # the plan validator's own rows (issue 34), never rebuilt here
        plan_rows = RUNNER.root_fields()
        request = load(raw)
        known = list(errors)
        where = [
            read.join(
                error_places(
                    read.lang, error, request, words=str, ids=clean, code=_quoted, root=plan_rows
                )
            )
            for error in known
        ]
    else:
        where = [
            clean(str(error.get("path"))) if error.get("path") else read.words["whole_input"]
            for error in errors
        ]
    rows = tuple(
        (
            place,
            ERROR_TEXT[read.lang].get(str(error.get("code")), clean(str(error.get("code")))),
        )
        for place, error in zip(where, errors, strict=True)
    )
    column = "col.where" if raw is not None else "col.path"
    # No code column: a code with words is not shown after them (issue 40, item 7).
    headers = (read.words[column], read.words["col.meaning"])
    return Section(
        "errors", read.words["errors"], table=Table(headers, rows, frozenset(), frozenset())
    )


def status_line(read: Reader, status: str) -> str:
    label = read.words.get(f"status.{status}", clean(status))
    # No exit code: the page is for people (issue 29); the CLI's exit code says it already.
    return read.say("status_line", status=label)


def conversions_section(read: Reader, document: Mapping[str, Any]) -> Section | None:
    """Each converted quote with its figures as quoted and the rate used, and each rate no
    quote used (issue 27): every converted figure says where it came from."""
    if "conversions" not in document:
        return None
    items = []
    for entry in document["conversions"]:
        rate = entry["convertedAt"]
        original = read.join(
            [f"{name} {clean(str(value))}" for name, value in entry["original"].items()]
        )
        items.append(
            read.say(
                "converted",
                who=clean(str(entry["supplierId"])),
                currency=clean(str(entry["currency"])),
                original=original,
                **_rate_words(rate),
            )
        )
    items.extend(read.say("unused_rate", **_rate_words(r)) for r in document["unusedRates"])
    return Section("conversions", read.words["converted_at_rates"], items=tuple(items))


def _rate_words(rate: Mapping[str, Any]) -> dict[str, str]:
    return {
        "rate": clean(str(rate["rate"])),
        "pair": f"{clean(str(rate['from']))}→{clean(str(rate['to']))}",
        "source": clean(str(rate["source"])),
        "as_of": clean(str(rate["asOf"])),
    }


def balances_section(read: Reader, plan: Mapping[str, Any]) -> Section | None:
    """Each prepaid balance and what became of it, and the goods cost this need takes."""
    balances = plan.get("balances")
    if balances is None:
        return None
    as_of = clean(str(balances["asOf"]))
    items = []
    for entry in balances["balances"]:
        status = str(entry["status"])
        items.append(
            read.say(
                "balance",
                who=clean(str(entry["supplierId"])),
                units=str(entry["units"]),
                expires=clean(str(entry["expiresAt"])),
                status=read.say(f"balance.{status}", used=str(entry["unitsUsed"]), as_of=as_of),
            )
        )
    paragraphs: tuple[str, ...] = ()
    if balances["allocatedGoodsCost"] is not None and balances["leftoverUnits"] is not None:
        paragraphs = (
            read.say(
                "allocated",
                allocated=read.money(balances["allocatedGoodsCost"]),
                currency=clean(str(plan["currency"])),
                leftover=str(balances["leftoverUnits"]),
            ),
        )
    return Section("balances", read.words["balances"], paragraphs=paragraphs, items=tuple(items))


def _quoted(key: str) -> str:
    return f"`{clean(key)}`"
