"""The analyst's page on the HTTP service (issue 21; ``docs/http.md``): no JavaScript needed.

- ``GET /``: a form to upload a CSV or XLSX quote sheet (read by the intake,
  :func:`quotecalc.intake.read`: its rules, limits and messages) with the root fields, or to
  paste a request; ``?lang=zh`` for Chinese.
- ``POST /quotecalc/report`` (the form's action, ``multipart/form-data``): the HTML report
  of that request (:func:`quotecalc.output.pictures.html_page`, the answer first, with the
  best purchase plan of :func:`quotecalc.planning.document.plan` for the same bytes), with
  the calculation's status (200, 422, 500); a pasted plan request (price breaks, capacities,
  ``maxSuppliers``) is answered with its readable plan instead
  (:func:`quotecalc.output.plan_html.render_plan_html`, the bytes of ``--plan --format
  html``), with the plan's status; a sheet the intake cannot read answers a page listing
  each error's cell and message (422).
- ``POST /quotecalc/form``: the form filled with the posted values (issue 35): what a
  report page's "change the inputs" sends. Every report page ends with that button and a
  "new comparison" link; an error page holds the filled form under every error of the
  submission (the sheet's and the form fields'). A pasted request with ``exchangeRates``,
  or a sheet with the form's exchange-rate rows, is answered with the converted comparison
  (``--convert --format html``); a ``.json`` file is read as a pasted request.
- ``POST /quotecalc/intake``: the same form, or the sheet itself as the body
  (``text/csv`` or the XLSX media type, the options as query parameters), answering the
  intake's request document as JSON (200, its notes in the ``Quotecalc-Intake-Notes``
  header) or its error document (422). Every option of the intake's command line has its
  HTTP form (:mod:`quotecalc.intake.options`), and every hint names the HTTP form.

The edge is the calculation routes' own (:mod:`.edge`): the announced length and the body
read against the row's limit (413), the read timeout (408), the in-flight bound (503),
``X-Request-Id``, ``Cache-Control: no-store``; nothing of the input is echoed in an error.
A page also carries a Content-Security-Policy that allows no script and no fetch.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any, Final

import anyio
import attrs
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.routing import Route

from ..analysis.document import analyze
from ..core.limits import MAX_EVENT_BYTES
from ..engine.kinds import CONVERT, EVENT, PLAN, detect_kind
from ..planning.document import plan
from .admission import Admission, HeavyAdmission
from .edge import (
    CLOSE,
    NO_STORE,
    BodyTimeout,
    announced_length,
    early,
    error_response,
    json_response,
    outcome,
    read_body,
)
from .errors import TransportError
from .limits import Limits
from .operations import PAGES, STATUS_BY_EXIT_CODE, Page
from .page_files import (
    PAGE_KINDS,
    XLSX_MEDIA,
    asks_for_workbook,
    template_endpoint,
    with_download,
    workbook_headers,
    workbook_of,
)
from .page_html import error_page, form_page

Endpoint = Callable[[Request], Awaitable[Response]]
LANGS: Final = ("en", "zh")
PAGE_HEADERS: Final = {
    **NO_STORE,
    "Content-Security-Policy": (
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self';"
        " base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
}
FORM_MEDIA: Final = ("multipart/form-data", "application/x-www-form-urlencoded")
SHEET_MEDIA: Final = {
    "text/csv": ".csv",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ".xlsx",
}
ROOT_FIELDS: Final = (
    "quantity",
    "currency",
    "specification",
    "max_lead_days",
    "minimum_quality_score",
    "sensitivity_delta",
)
SUFFIXES: Final = (".csv", ".txt", ".xlsx", ".xlsm")
NOTES_HEADER: Final = "Quotecalc-Intake-Notes"
# The form's own names, also accepted in the query of a sheet sent as the body.
QUERY_FIELDS: Final = frozenset(
    {"sheet_name", *(f"weight_{n}" for n in ("cost", "delivery", "quality"))}
    | {f"scale_{part}" for part in ("definition", "minimum", "maximum")}
)
_PLAIN_NAME: Final = re.compile(r"[a-z_]{1,40}")


def _option_name(name: str) -> str:
    """An unknown parameter's name when it is a plain name (``--`` form for the table),
    else nothing: no other text of the request is echoed."""
    return "--" + name.replace("_", "-") if _PLAIN_NAME.fullmatch(name) else ""


UPLOAD: Final = "\x00upload"  # the uploaded sheet's key: no form field can be named so
# The page routes' own transport errors, beside the table of .errors (same body shape, fixed
# words, nothing of the request echoed); kept out of that table so the calculation routes'
# OpenAPI description is unchanged.
PAGE_ERRORS: Final = {
    error.code: error
    for error in (
        TransportError("payload_too_large", 413, "The body is larger than this route accepts."),
        TransportError(
            "unsupported_form_type",
            415,
            "The body must be multipart/form-data (or, for /quotecalc/intake, text/csv or the"
            " XLSX media type).",
        ),
    )
}


def _page_error(code: str) -> Response:
    error = PAGE_ERRORS[code]
    return json_response(error.status, error.body(), {**NO_STORE, **CLOSE})


def _lang(values: Mapping[str, Any]) -> str:
    lang = str(values.get("lang") or "en")
    return lang if lang in LANGS else "en"


def _media(request: Request) -> str:
    return request.headers.get("content-type", "").split(";")[0].strip().lower()


def _html(status: int, text: str) -> Response:
    return Response(text.encode("utf-8"), status, PAGE_HEADERS, "text/html; charset=utf-8")


def root_options(values: Mapping[str, Any]) -> dict[str, Any]:
    """The intake's root options from the form's fields (blank means not given): the plain
    ones by name, the weights from ``weight_cost`` / ``weight_delivery`` /
    ``weight_quality``, the quality scale from ``scale_definition`` / ``scale_minimum`` /
    ``scale_maximum``, ``sheet_name`` for a workbook's sheet and ``encoding`` for a CSV's
    (the form offers GB18030 for a Chinese Excel's GBK CSV). A blank weight beside filled
    ones is 0."""
    text = {key: str(value).strip() for key, value in values.items() if isinstance(value, str)}
    options: dict[str, Any] = {key: text[key] for key in ROOT_FIELDS if text.get(key)}
    weights = {
        name: text[f"weight_{name}"]
        for name in ("cost", "delivery", "quality")
        if text.get(f"weight_{name}")
    }
    if weights:
        # A blank weight beside filled ones is 0 (docs/decisions.md 29.3): the form has a
        # field per dimension, and leaving one empty means "do not weigh it".
        options["weights"] = {
            name: weights.get(name, "0") for name in ("cost", "delivery", "quality")
        }
    scale = {part: text.get(f"scale_{part}", "") for part in ("definition", "minimum", "maximum")}
    if any(scale.values()):
        options["quality_scale"] = scale
    if text.get("sheet_name"):
        options["sheet"] = text["sheet_name"]
    from ..intake.options import http_options

    # The intake's own options by their HTTP names (issue 28): encoding, include_hidden, ...
    keywords, _ = http_options(values)
    options.update({key: value for key, value in keywords.items() if key not in options})
    options["lang"] = _lang(values)  # the intake's messages in the page's language
    return options


def read_sheet(data: bytes, suffix: str, options: Mapping[str, Any]) -> tuple[Any, bytes | None]:
    """The intake on one uploaded sheet: ``(request, None)`` or ``(None, error document)``."""
    request, errors, _ = read_sheet_notes(data, suffix, options)
    return request, errors


def _read_upload(data: bytes, suffix: str, options: Mapping[str, Any]) -> Any:
    """The intake on one uploaded sheet (its :class:`quotecalc.intake.Intake`), or the error
    document of a file that is no sheet. The bytes go to a private temporary file (the intake
    reads paths) that is removed."""
    from ..intake import intake
    from ..intake.errors import IntakeError, error_document

    if suffix not in SUFFIXES:
        unsupported = [IntakeError("unsupported_file_type", "")]
        return error_document(unsupported, options["lang"], "http")
    # Each reading option is for one kind of file: the form sends them all.
    drop = "sheet" if suffix in (".csv", ".txt") else "encoding"
    options = {key: value for key, value in options.items() if key != drop}
    with tempfile.TemporaryDirectory(prefix="quotecalc-") as folder:
        path = Path(folder) / f"sheet{suffix}"
        path.write_bytes(data)
        return intake(path, door="http", **options)


def read_sheet_notes(
    data: bytes, suffix: str, options: Mapping[str, Any]
) -> tuple[Any, bytes | None, str]:
    """The intake on one uploaded sheet: ``(request, None, notes header)`` or ``(None, error
    document, "")``, its hints spelled for HTTP."""
    from ..intake.errors import notes_header

    result = _read_upload(data, suffix, options)
    if isinstance(result, bytes):
        return None, result, ""
    if result.request is None:
        return None, result.error_document(), ""
    notes = notes_header(result.notes, options["lang"]) if result.notes else ""
    return result.request, None, notes


def read_sheet_entries(
    data: bytes, suffix: str, options: Mapping[str, Any]
) -> tuple[Any, bytes | None, list[dict[str, Any]]]:
    """:func:`read_sheet_notes` with the notes as entries (``code``, ``cell``, ``message``, in
    the page's language) for the report page (issue 35)."""
    result = _read_upload(data, suffix, options)
    if isinstance(result, bytes):
        return None, result, []
    if result.request is None:  # each error naming the buyer's column (issue 40)
        return None, result.page_document(), []
    return result.request, None, [note.as_dict(options["lang"], "http") for note in result.notes]


def _reads_as_event(data: bytes, suffix: str, lang: str) -> bool:
    """Whether a workbook the comparison could not read is a sourcing event's (its Items and
    Offers sheets read by the event intake): the event box was forgotten."""
    from ..intake import intake

    if suffix not in (".xlsx", ".xlsm"):
        return False
    with tempfile.TemporaryDirectory(prefix="quotecalc-") as folder:
        path = Path(folder) / f"sheet{suffix}"
        path.write_bytes(data)
        result = intake(path, door="http", lang=lang, event=True)
    return result.request is not None or not any(
        error.code in ("event_sheet_missing", "unsupported_file_type") for error in result.errors
    )


def page_errors(
    errors: list[dict[str, Any]], data: bytes, suffix: str, options: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """The intake's errors as the page shows them: an event workbook sent without the event
    box ticked is one error saying to tick it (issue 35), not one unknown column per header."""
    from .page_html import WORDS

    lang = options["lang"]
    unknown = any(error.get("code") == "unknown_column" for error in errors)
    if unknown and not options.get("event") and _reads_as_event(data, suffix, lang):
        words = WORDS[lang]
        message = words["event_columns_message"]
        return [{"code": "event_columns", "cell": "", "message": message}]
    return errors


def _request_bytes(request: Mapping[str, Any]) -> bytes:
    return (json.dumps(request, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


Handler = Callable[[bytes], Awaitable[Response]]


def _overloaded(limits: Limits) -> Response:
    return error_response("overloaded", {"Retry-After": str(limits.retry_after)})


async def _with_body(
    request: Request, row: Page, limits: Limits, admission: Admission, handle: Handler
) -> Response:
    """``handle(body)`` under the same edge rules as the calculation routes: the body's bytes
    are reserved from the worker's budget before it is read, an early answer (413, 503) is
    sent once the unread body was drained, and the reservation is released at the end."""
    length = announced_length(request.headers)
    if length is not None and length > row.body_limit:
        return await early(request, _page_error("payload_too_large"), limits)
    size = row.body_limit + 1 if length is None else length
    if await admission.reserve(size) is None:
        outcome(request.scope, "overloaded")
        return await early(request, _overloaded(limits), limits)
    try:
        try:
            raw = await read_body(request.receive, row.body_limit, limits.read_timeout)
        except BodyTimeout:
            outcome(request.scope, "request_timeout")
            return error_response("request_timeout", CLOSE)
        except ClientDisconnect:
            outcome(request.scope, "client_disconnected")
            return error_response("client_disconnected", CLOSE)
        if len(raw) > row.body_limit:
            return await early(request, _page_error("payload_too_large"), limits)
        return await handle(raw)
    finally:
        admission.release(size)


async def _form(request: Request, raw: bytes) -> dict[str, Any]:
    """The form's fields from the body already read (uploads as bytes, with their suffix)."""
    sent = False

    async def replay() -> dict[str, Any]:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": raw, "more_body": False}

    fields: dict[str, Any] = {}
    # A field may hold a whole event request (4 MiB; the download button posts it back,
    # issue 35): Starlette's default part limit of 1 MiB would refuse it as "not a form".
    part = MAX_EVENT_BYTES + 1
    async with Request(request.scope, replay).form(
        max_files=1, max_fields=64, max_part_size=part
    ) as form:
        for key, value in form.multi_items():
            if isinstance(value, UploadFile):
                data = await value.read()
                if data:
                    fields[UPLOAD] = (data, Path(value.filename or "").suffix.lower())
            elif key != "sheet_file":  # an empty file input arrives as text
                fields[key] = value
    return fields


def form_endpoint(row: Page) -> Endpoint:
    """``GET /``: the form, in the ``lang`` of the query."""

    async def form(request: Request) -> Response:
        return _html(200, form_page(_lang(request.query_params), row.body_limit))

    return form


def _event_page(raw: bytes, lang: str) -> tuple[int, str]:
    """A sourcing event (issue 26): its award for people, as ``--event --format html``."""
    from ..output.event_report import event_currency, render_event_html
    from ..planning.event_document import award

    awarded = award(raw)
    page = render_event_html(awarded.output, awarded.exit_code, event_currency(raw), lang, raw)
    status = STATUS_BY_EXIT_CODE[awarded.exit_code]
    return status, with_download(page, raw, lang, status)


@attrs.frozen
class EventPage:
    """A pasted event's award page as the heavy worker subprocess returns it (issue 34): the
    exit code and the page's bytes (``to_json`` is the worker protocol's name for them)."""

    exit_code: int
    page: str

    def to_json(self) -> bytes:
        return self.page.encode("utf-8")


def event_page_en(raw: bytes) -> EventPage:
    """:func:`_event_page` in English, importable by the heavy worker subprocess."""
    status, page = _event_page(raw, "en")
    return EventPage(_EXIT_CODE[status], page)


def event_page_zh(raw: bytes) -> EventPage:
    """:func:`_event_page` in Chinese, importable by the heavy worker subprocess."""
    status, page = _event_page(raw, "zh")
    return EventPage(_EXIT_CODE[status], page)


EVENT_PAGES: Final = {"en": event_page_en, "zh": event_page_zh}
_EXIT_CODE: Final = {status: code for code, status in STATUS_BY_EXIT_CODE.items()}


async def _in_heavy_pool(  # noqa: PLR0917 - one helper of this module's two heavy paths
    request: Request,
    heavy: HeavyAdmission,
    limits: Limits,
    entry: Callable[[bytes], Any],
    raw: bytes,
    deadline: float,
) -> tuple[int, bytes] | Response:
    """``entry(raw)`` run in the heavy pool (issue 34): its exit code and bytes, or the 503
    that ends the request (no place free: ``overloaded``; past ``deadline``:
    ``deadline_exceeded``), with ``Retry-After``."""
    retry = {"Retry-After": str(limits.heavy_retry_after)}
    if not heavy.take_place():
        outcome(request.scope, "overloaded")
        return error_response("overloaded", retry)
    try:
        ran = await heavy.run(entry, raw, deadline)
    finally:
        heavy.leave()
    if ran is None:
        outcome(request.scope, "deadline_exceeded")
        return error_response("deadline_exceeded", retry)
    return ran


async def _workbook(
    request: Request,
    fields: Mapping[str, Any],
    raw: bytes,
    admission: Admission,
    limits: Limits,
    *,
    heavy: HeavyAdmission | None,
) -> Response:
    """The workbook of the posted request (issue 35; ``page_files``): a heavy kind's (a plan,
    an event: the same search as its page) in the heavy pool, under its place, slot and
    deadline (issue 34), any other in the light pool."""
    pasted = str(fields.get("request") or "").strip().encode("utf-8")
    lang = _lang(fields)
    if not pasted:
        return _html(422, error_page(lang, []))
    kind = detect_kind(pasted, among=PAGE_KINDS)
    if heavy is not None and kind.cost == "heavy":
        from ..export.entries import ENTRIES

        deadline = anyio.current_time() + limits.heavy_deadline
        done = await _in_heavy_pool(
            request, heavy, limits, ENTRIES[(kind.name, lang)], pasted, deadline
        )
        if isinstance(done, Response):
            return done
        code, body = done
        headers = workbook_headers(kind.name, lang)
        return Response(body, STATUS_BY_EXIT_CODE[code], headers, XLSX_MEDIA)
    ran = await admission.run(lambda _: workbook_of(pasted, lang), raw)
    if ran is None:
        outcome(request.scope, "overloaded")
        return _overloaded(limits)
    status, body, headers = ran[0]
    return Response(body, status, headers, XLSX_MEDIA)


def _with_nav(page: str, lang: str, values: Mapping[str, str], extra: str = "") -> str:
    """A report page with ``extra`` (how the sheet was read) after its answer, and the
    "change the inputs" / "new comparison" links (issue 35) before its footer (or the end of
    its main part), their style in its head. The report's own bytes are otherwise untouched."""
    from .page_html import NAV_STYLE, again_nav

    nav = again_nav(lang, values)
    answer = page.find('id="answer"')
    after = page.find("</section>\n", answer) if answer >= 0 else -1
    if extra and after >= 0:
        after += len("</section>\n")
        page = page[:after] + extra + page[after:]
        extra = ""
    for anchor in ("<footer", "</main>", "</body>"):
        at = page.rfind(anchor)
        if at >= 0:
            page = page[:at] + extra + nav + page[at:]
            break
    head = page.find("</head>")
    if head >= 0:
        page = page[:head] + f"<style>{NAV_STYLE}</style>\n" + page[head:]
    return page


def _converted_page(raw: bytes, lang: str) -> tuple[int, str]:
    """A converted comparison (issue 27), as ``--convert --format html``."""
    from ..output.conversion_text import converted_report
    from ..output.pictures.conversion import converted_page

    shown = converted_report(raw, lang, False, converted_page)
    status = STATUS_BY_EXIT_CODE[shown.exit_code]
    return status, with_download(shown.body.decode("utf-8"), raw, lang, status)


def field_errors(
    options: Mapping[str, Any], fields: Mapping[str, Any], lang: str
) -> list[dict[str, str]]:
    """The form fields' own errors, found with the sheet's (issue 35: one round): the
    calculator's validation of a request made of the form's root fields (and its exchange-rate
    rows, validated by the converted comparison) and no quote, the errors about the missing
    quotes left out, each with its place in words (a rate by the form's row and label)."""
    from ..api import calculate
    from ..intake.request import ROOT_OPTIONS, root_fields
    from ..output.fieldnames import error_places
    from ..output.pictures.markup import supplier, text
    from ..output.pictures.text import escape
    from ..output.wording import ERROR_TEXT
    from ..planning.conversion import convert
    from .page_html import exchange_rates, filled_rate_rows, rate_place

    root, _ = root_fields({key: options[key] for key in ROOT_OPTIONS if key in options})
    request: dict[str, Any] = {"schemaVersion": 1, **root, "quotes": []}
    rates = exchange_rates(fields)
    if rates:
        request = {"schemaVersion": 1, **root, "exchangeRates": rates, "quotes": []}
        result = convert(_request_bytes(request)).output["result"]
    else:
        result = calculate(_request_bytes(request)).output
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
        found.append(
            {
                "code": code,
                "cell": "",
                "place": ", ".join(places),
                "message": ERROR_TEXT[lang].get(code, code),
            }
        )
    return found


def _notes_section(
    lang: str, notes: list[dict[str, Any]], detected: str | None, built: Mapping[str, Any]
) -> str:
    """How the sheet was read, on a report page (issue 35): a missing pack-price column named
    as such, the encoding detected, each note's message and its cells."""
    from .page_html import WORDS, cell_words

    words = WORDS[lang]
    items = []
    quotes = built.get("quotes")
    if isinstance(quotes, list) and quotes and not any("packPrice" in q for q in quotes):
        items.append(f"<li><strong>{_escape_html(words['hint.no_price'])}</strong></li>")
    if detected == "gb18030":
        items.append(f"<li>{_escape_html(words['note.encoding_detected'])}</li>")
    grouped: dict[str, tuple[str, list[str]]] = {}
    for note in notes:
        code = str(note["code"])
        message, cells = grouped.setdefault(code, (str(note["message"]), []))
        shown = cell_words(lang, code, str(note["cell"]))
        if "scale" in note:  # a column's unit: its scale and currency, from the unit table
            unit = " ".join(str(note[key]) for key in ("currency",) if note.get(key))
            shown += f" (\u00d7{note['scale']}{' ' + unit if unit else ''})"
        cells.append(shown)
    for code, (message, cells) in grouped.items():
        where = ", ".join(cells)
        items.append(
            f'<li>{_escape_html(message)} <span class="note">{_escape_html(where)}</span>'
            f" <code>{_escape_html(code)}</code></li>"
        )
    if not items:
        return ""
    return (
        f'<section id="intake-notes"><h2>{_escape_html(words["notes_title"])}</h2>\n'
        f"<p>{_escape_html(words['notes_intro'])}</p>\n<ul>\n" + "\n".join(items) + "\n</ul>\n"
        "</section>\n"
    )


def _escape_html(value: str) -> str:
    from ..output.pictures.text import escape

    return escape(value)


UNIT_NOTES: Final = frozenset({"unit_scaled", "column_unit_read", "currency_name_read"})


def _conversion_words(page: str, lang: str, notes: list[dict[str, Any]]) -> str:
    """Where the intake converted units or read currency names, the calculator's "no
    conversion was done" limitation is said as what it is: the calculator converted nothing,
    the intake read the sheet's units (listed under "how the sheet was read")."""
    from ..output.wording import LIMITATION_TEXT
    from .page_html import WORDS

    if not any(note["code"] in UNIT_NOTES for note in notes):
        return page
    said = _escape_html(LIMITATION_TEXT[lang]["no_conversion"])
    return page.replace(said, _escape_html(WORDS[lang]["converted_by_intake"]))


def _pasted_page(raw: bytes, lang: str) -> tuple[int, str] | None:
    """The page of a pasted (or uploaded) JSON request of another kind than the comparison:
    an event, a plan, a conversion; ``None`` for a comparison."""
    kind = detect_kind(raw, among=PAGE_KINDS)
    if kind is EVENT:
        return _event_page(raw, lang)
    if kind is PLAN:
        # A plan request (issue 25): its readable plan, as --plan --format html.
        from ..output.plan_html import render_plan_html

        planned_only = plan(raw)
        page = render_plan_html(planned_only.output, lang, raw)
        status = STATUS_BY_EXIT_CODE[planned_only.exit_code]
        return status, with_download(page, raw, lang, status)
    if kind is CONVERT:
        return _converted_page(raw, lang)
    return None


def _comparison(raw: bytes, lang: str) -> tuple[int, str]:
    """The comparison's report: the answer, its weight analysis and the best plan."""
    from ..output.answer import purchase_of
    from ..output.pictures import html_page

    done = analyze(raw)
    assert done.result is not None  # the analysis row always renders the plain result
    planned = None
    if done.result["status"] in ("completed", "partial"):
        # The best purchase plan beside the answer (issue 20): the planner's own document.
        planned = plan(raw).output
    page = html_page(done.result, done.output, lang, purchase_of(raw), planned, raw=raw)
    status = STATUS_BY_EXIT_CODE[done.exit_code]
    return status, with_download(page, raw, lang, status)


def _pasted(fields: Mapping[str, Any]) -> bytes | None:
    """The request pasted in the form, or (issue 35) the bytes of a ``.json`` file chosen in
    the file field; ``None`` when there is neither (the pasted text wins over a file)."""
    pasted = str(fields.get("request") or "").strip()
    if pasted:
        return pasted.encode("utf-8")
    if UPLOAD in fields and fields[UPLOAD][1] == ".json":
        return bytes(fields[UPLOAD][0])
    return None


def _sheet(
    fields: Mapping[str, Any], lang: str, values: Mapping[str, str], limit: int
) -> tuple[int, str]:
    """An uploaded sheet: its report (with how it was read, and converted at the form's exchange
    rates when any are given), or every error of the submission on one page: the sheet's and
    the form fields' (issue 35), above the filled form."""
    from .page_html import exchange_rates

    data, suffix = fields[UPLOAD]
    options = root_options(fields)
    detected: str | None = None
    if suffix in (".csv", ".txt") and "encoding" not in options:
        from ..intake.csv_reader import detect_encoding

        detected = detect_encoding(data)
        if detected in ("gb18030", "utf-16"):
            options["encoding"] = detected
    built, errors, notes = read_sheet_entries(data, suffix, options)
    if errors is not None:
        found = page_errors(json.loads(errors)["errors"], data, suffix, options)
        if not options.get("event"):
            found += field_errors(options, fields, lang)
        return 422, error_page(lang, found, values, limit)
    extra = _notes_section(lang, notes, detected, built)
    raw = _request_bytes(built)
    if detect_kind(raw, among=PAGE_KINDS) is EVENT:  # an event workbook read with event=true
        status, page = _event_page(raw, lang)
        return status, _with_nav(page, lang, values, extra)
    rates = exchange_rates(fields)
    if rates:
        status, page = _converted_page(_request_bytes({**built, "exchangeRates": rates}), lang)
    else:
        status, page = _comparison(raw, lang)
    page = _conversion_words(page, lang, notes)
    return status, _with_nav(page, lang, values, extra)


def report_endpoint(
    row: Page, limits: Limits, admission: Admission, heavy: HeavyAdmission | None = None
) -> Endpoint:
    """``POST /quotecalc/report``: the form in, the HTML report (or the intake's errors) out.
    A pasted sourcing event is heavy work (issue 34): with ``heavy`` it is awarded in the heavy
    pool, under its place, slot and deadline, as ``POST /quotecalc/event`` is."""

    def work(fields: Mapping[str, Any]) -> tuple[int, str]:
        from .page_html import HAD_FILE, kept_values

        lang = _lang(fields)
        values = kept_values(fields)
        if UPLOAD in fields:
            values[HAD_FILE] = "1"
        raw = _pasted(fields)
        if raw is not None:
            status, page = _pasted_page(raw, lang) or _comparison(raw, lang)
            return status, _with_nav(page, lang, values)
        if UPLOAD not in fields:
            return 422, error_page(lang, [], values, row.body_limit)
        return _sheet(fields, lang, values, row.body_limit)

    async def report(request: Request) -> Response:
        deadline = anyio.current_time() + limits.heavy_deadline
        if _media(request) not in FORM_MEDIA:
            return await early(request, _page_error("unsupported_form_type"), limits)

        async def answer(raw: bytes) -> Response:
            try:
                fields = await _form(request, raw)
            except (MultiPartException, HTTPException):  # no boundary: not a form
                return _page_error("unsupported_form_type")
            if asks_for_workbook(fields):  # the report's download button (issue 35)
                return await _workbook(request, fields, raw, admission, limits, heavy=heavy)
            pasted = _pasted(fields)
            if heavy is not None and pasted is not None and detect_kind(pasted) is EVENT:
                return await heavy_event(fields, pasted)
            ran = await admission.run(lambda _: work(fields), raw)
            if ran is None:
                outcome(request.scope, "overloaded")
                return _overloaded(limits)
            return _html(*ran[0])

        async def heavy_event(fields: Mapping[str, Any], pasted: bytes) -> Response:
            from .page_html import HAD_FILE, kept_values

            assert heavy is not None
            lang = _lang(fields)
            values = kept_values(fields)
            if UPLOAD in fields:
                values[HAD_FILE] = "1"
            ran = await _in_heavy_pool(request, heavy, limits, EVENT_PAGES[lang], pasted, deadline)
            if isinstance(ran, Response):
                return ran
            code, page = ran
            return _html(STATUS_BY_EXIT_CODE[code], _with_nav(page.decode("utf-8"), lang, values))

        return await _with_body(request, row, limits, admission, answer)

    return report


def refill_endpoint(row: Page, limits: Limits, admission: Admission) -> Endpoint:
    """``POST /quotecalc/form``: the form filled with the posted values (issue 35): what a
    report page's "change the inputs" sends back. Nothing is calculated."""

    async def refill(request: Request) -> Response:
        if _media(request) not in FORM_MEDIA:
            return await early(request, _page_error("unsupported_form_type"), limits)

        async def answer(raw: bytes) -> Response:
            from .page_html import kept_values

            try:
                fields = await _form(request, raw)
            except (MultiPartException, HTTPException):
                return _page_error("unsupported_form_type")
            lang = _lang(fields)
            return _html(200, form_page(lang, row.body_limit, kept_values(fields)))

        return await _with_body(request, row, limits, admission, answer)

    return refill


def intake_endpoint(row: Page, limits: Limits, admission: Admission) -> Endpoint:
    """``POST /quotecalc/intake``: a sheet in (the form, or the file as the body), the
    intake's request document (200) or error document (422) out, as JSON."""

    def work(fields: Mapping[str, Any], strict: bool) -> tuple[int, bytes, str]:
        from ..intake.errors import IntakeError, error_document
        from ..intake.options import http_options

        lang = _lang(fields)
        _, refused = http_options(fields, strict=strict)
        refused = [name for name in refused if name not in QUERY_FIELDS and name != UPLOAD]
        if refused:  # a switch that is not on/off, or (query) a name that is no option
            wrong = [IntakeError("invalid_option", "", _option_name(name)) for name in refused]
            return 422, error_document(wrong, lang, "http"), ""
        if UPLOAD not in fields:
            return 422, error_document([IntakeError("no_quotes", "")], lang, "http"), ""
        data, suffix = fields[UPLOAD]
        built, errors, notes = read_sheet_notes(data, suffix, root_options(fields))
        if errors is not None:
            return 422, errors, ""
        return 200, _request_bytes(built), notes

    async def intake(request: Request) -> Response:
        media = _media(request)
        if media not in FORM_MEDIA and media not in SHEET_MEDIA:
            return await early(request, _page_error("unsupported_form_type"), limits)

        async def answer(raw: bytes) -> Response:
            if media in SHEET_MEDIA:
                fields: dict[str, Any] = dict(request.query_params)
                if raw:
                    fields[UPLOAD] = (raw, SHEET_MEDIA[media])
            else:
                try:
                    fields = await _form(request, raw)
                except (MultiPartException, HTTPException):  # no boundary: not a form
                    return _page_error("unsupported_form_type")
            strict = media in SHEET_MEDIA
            ran = await admission.run(lambda _: work(fields, strict), raw)
            if ran is None:
                outcome(request.scope, "overloaded")
                return _overloaded(limits)
            status, body, notes = ran[0]
            headers = {**NO_STORE, NOTES_HEADER: notes} if notes else NO_STORE
            return Response(body, status, headers, "application/json")

        return await _with_body(request, row, limits, admission, answer)

    return intake


def page_routes(
    limits: Limits, admission: Admission, heavy: HeavyAdmission | None = None
) -> list[Route]:
    """One route per row of :data:`.operations.PAGES` (the calculation routes' admission
    shared: one body budget and one set of calculation slots per worker)."""
    made: list[Route] = []
    for row in PAGES:
        if row.kind == "form":
            endpoint = form_endpoint(row)
        elif row.kind == "refill":
            endpoint = refill_endpoint(row, limits, admission)
        elif row.kind == "report":
            endpoint = report_endpoint(row, limits, admission, heavy)
        elif row.kind == "template":
            endpoint = template_endpoint(row)
        else:
            endpoint = intake_endpoint(row, limits, admission)
        made.append(Route(row.path, endpoint, methods=[row.method]))
    return made
