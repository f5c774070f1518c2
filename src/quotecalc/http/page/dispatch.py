"""Which answer a submission of the form gets (issues 21, 25-27, 35): a pasted request (or a
``.json`` file) its kind's report page, an uploaded sheet its report (converted at the form's
rates when any are given, an event workbook its award) or every error of the submission on
one page, nothing sent the page that says so.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

import attrs

from ...kinds import BY_NAME, COMPARISON, detect_kind
from ...kinds.flags import FlagDisagrees
from ..operations import HEAVY, LIGHT, STATUS_BY_EXIT_CODE
from .errors_html import error_page
from .field_errors import field_errors
from .fields import (
    HAD_FILE,
    UPLOAD,
    exchange_rates,
    frame_fields,
    kept_values,
    pasted,
    root_options,
)
from .kinds import PAGE_KINDS
from .marks import SHEET, option_control, option_error
from .nav import with_nav
from .notes import conversion_words, notes_section
from .report import comparison_page, conversion_page, event_page, pasted_page
from .sheet import page_errors, read_sheet_entries, request_bytes
from .words import WORDS, lang_of

_SETS: Final = {"weight_cost": "weights", "scale_definition": "scale"}


def about_control(lang: str, error: Mapping[str, str]) -> dict[str, str]:
    """An intake error with the form control it is about (issue 40, item 5): an option
    refused, its own control, named by its label and said in the page's words (item 3); any
    other, the file field (the sheet is mended and chosen again)."""
    from .form_html import control_label
    from .html import escape

    if error["code"] != "invalid_option":
        return {**error, "field": SHEET}
    control = option_control(str(error.get("option", "")))
    if control is None:  # an option the form has no control of (a hand-made post)
        return dict(error)
    # The weights and the quality scale are one option each: named by their set's legend.
    label = WORDS[lang][_SETS[control]] if control in _SETS else control_label(lang, control)
    return {**option_error(lang, error, label), "place": escape(label), "field": control}


def sheet_page(
    fields: Mapping[str, Any], lang: str, values: Mapping[str, str], limit: int
) -> tuple[int, str]:
    """An uploaded sheet: its report (with how it was read, and converted at the form's exchange
    rates when any are given), or every error of the submission on one page: the sheet's and
    the form fields' (issue 35), above the filled form."""
    data, suffix = fields[UPLOAD]
    options = root_options(fields)
    detected: str | None = None
    if suffix in (".csv", ".txt") and "encoding" not in options:
        from ...intake.csv_reader import detect_encoding

        detected = detect_encoding(data)
        if detected in ("gb18030", "utf-16"):
            options["encoding"] = detected
    built, errors, notes = read_sheet_entries(data, suffix, options)
    # One round, one flow (issue 40): the sheet's errors and the form fields' own, each
    # linking to its control, above the form kept as typed with those controls marked; a
    # good sheet with a wrong field gets that same page, never the report.
    found = [] if options.get("event") else field_errors(options, fields, lang)
    if errors is not None:
        read = page_errors(json.loads(errors)["errors"], data, suffix, options)
        found = [*(about_control(lang, error) for error in read), *found]
    if found:
        return 422, error_page(lang, found, values, limit)
    extra = notes_section(lang, notes, detected, built)
    raw = request_bytes(built)
    if detect_kind(raw, among=PAGE_KINDS) is BY_NAME["event"]:  # an event workbook, event=true
        status, page = event_page(raw, lang)
        return status, with_nav(page, lang, values, extra)
    rates = exchange_rates(fields)
    if rates:
        status, page = conversion_page(request_bytes({**built, "exchangeRates": rates}), lang)
    else:
        status, page = comparison_page(raw, lang)
    page = conversion_words(page, lang, notes)
    return status, with_nav(page, lang, values, extra)


def clash_page(lang: str, clash: FlagDisagrees, values: Mapping[str, str], limit: int) -> str:
    """A form control and the pasted request saying two values: refused, never guessed."""
    from .form_html import flag_label, flag_option
    from .html import escape
    from .words import WORDS

    error = {
        "code": "invalid_option",
        "cell": "",
        "place": escape(flag_label(lang, clash.name)),
        "message": WORDS[lang]["flag_disagrees"],
        "field": flag_option(clash.name).name,
    }
    return error_page(lang, [error], values, limit)


def report_page(fields: Mapping[str, Any], limit: int) -> tuple[int, str]:
    """The answer to a submitted form (``POST /quotecalc/report``): its status and page. The
    page keeps every typed value behind "change the inputs" (issue 35)."""
    lang = lang_of(fields)
    values = kept_values(fields)
    if UPLOAD in fields:
        values[HAD_FILE] = "1"
    try:
        raw = pasted(fields)
    except FlagDisagrees as clash:
        return 422, clash_page(lang, clash, values, limit)
    if raw is not None:
        status, page = pasted_page(raw, lang) or comparison_page(raw, lang)
        return status, with_nav(page, lang, values)
    if UPLOAD not in fields:
        return 422, error_page(lang, [], values, limit)
    return sheet_page(fields, lang, values, limit)


# The kinds each answer runs, when more than its own: the comparison's report shows its weight
# analysis and, beside it, the best purchase plan (issue 20) -- the planner's search.
RUNS: Final = {COMPARISON.name: ("analysis", "plan")}
EXIT_CODE_BY_STATUS: Final = {status: code for code, status in STATUS_BY_EXIT_CODE.items()}


def answer_kind(fields: Mapping[str, Any]) -> str | None:
    """The kind of the answer a submission gets, known before it is worked out (issue 39): a
    pasted request's (:func:`quotecalc.kinds.detect_kind` among the page's kinds); an
    uploaded sheet's from the form -- the event box ticked, an event; exchange rates given, a
    converted comparison; else a comparison; ``None`` when nothing was sent."""
    try:
        sent = pasted(fields)
    except FlagDisagrees:
        return None  # the page of the refusal, no work of any kind
    if sent is not None:
        return detect_kind(sent, among=PAGE_KINDS).name
    if UPLOAD not in fields:
        return None
    if root_options(fields).get("event"):
        return "event"
    return "convert" if exchange_rates(fields) else COMPARISON.name


def cost_class(fields: Mapping[str, Any]) -> str:
    """The cost class of a submission's answer: heavy when any kind it runs is (the kind
    table's ``cost``), so a page's work is admitted like the routes of those kinds."""
    kind = answer_kind(fields)
    if kind is None:
        return LIGHT
    heavy = any(BY_NAME[name].cost == HEAVY for name in RUNS.get(kind, (kind,)))
    return HEAVY if heavy else LIGHT


@attrs.frozen
class PageAnswer:
    """A report page in the worker protocol's shape (issue 34): the exit code of its status
    and the page's bytes (``to_json`` is the protocol's name for them)."""

    exit_code: int
    page: str

    def to_json(self) -> bytes:
        return self.page.encode("utf-8")


def report(frame: bytes) -> PageAnswer:
    """:func:`report_page` of a submission framed by :func:`.fields.form_frame`: the entry
    point a worker runs, in a thread or (heavy) in the heavy worker subprocess."""
    fields, limit = frame_fields(frame)
    status, page = report_page(fields, limit)
    return PageAnswer(EXIT_CODE_BY_STATUS[status], page)
