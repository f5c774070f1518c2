"""The intake on an uploaded sheet (issues 21, 29, 35): its bytes to a private temporary file
read by :func:`quotecalc.intake.intake` with the form's options, its request or its error
document, its notes, and an event workbook sent without the event box told as such.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from .words import WORDS

SUFFIXES: Final = (".csv", ".txt", ".xlsx", ".xlsm")


def read_upload(data: bytes, suffix: str, options: Mapping[str, Any]) -> Any:
    """The intake on one uploaded sheet (its :class:`quotecalc.intake.Intake`), or the error
    document of a file that is no sheet. The bytes go to a private temporary file (the intake
    reads paths) that is removed."""
    from ...intake import intake
    from ...intake.errors import IntakeError, error_document

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
    from ...intake.errors import notes_header

    result = read_upload(data, suffix, options)
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
    result = read_upload(data, suffix, options)
    if isinstance(result, bytes):
        return None, result, []
    if result.request is None:
        return None, result.page_document(), []  # each error naming the buyer's column (issue 40)
    return result.request, None, [note.as_dict(options["lang"], "http") for note in result.notes]


def _reads_as_event(data: bytes, suffix: str, lang: str) -> bool:
    """Whether a workbook the comparison could not read is a sourcing event's (its Items and
    Offers sheets read by the event intake): the event box was forgotten."""
    from ...intake import intake

    if suffix not in (".xlsx", ".xlsm"):
        return False
    with tempfile.TemporaryDirectory(prefix="quotecalc-") as folder:
        path = Path(folder) / f"sheet{suffix}"
        path.write_bytes(data)
        result = intake(path, door="http", lang=lang, event=True)
    return result.request is not None or not any(
        error.code in ("event_sheet_missing", "unsupported_file_type") for error in result.errors
    )


def request_bytes(request: Mapping[str, Any]) -> bytes:
    """A request the intake built, as the bytes the calculator reads (compact JSON, UTF-8)."""
    return (json.dumps(request, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def page_errors(
    errors: list[dict[str, Any]], data: bytes, suffix: str, options: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """The intake's errors as the page shows them: an event workbook sent without the event
    box ticked is one error saying to tick it (issue 35), not one unknown column per header."""
    lang = options["lang"]
    unknown = any(error.get("code") == "unknown_column" for error in errors)
    if unknown and not options.get("event") and _reads_as_event(data, suffix, lang):
        words = WORDS[lang]
        message = words["event_columns_message"]
        return [{"code": "event_columns", "cell": "", "message": message}]
    return errors
