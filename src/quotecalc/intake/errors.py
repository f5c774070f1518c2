"""The intake's fixed error and note codes, each with one fixed message (``docs/intake.md``).

An intake error is ``{"code", "cell", "message"}``, with ``"hint"`` (how to fix it) when its
code has one and ``"option"`` when it concerns an option; messages and hints are in English or
Chinese (``messages.py``, ``--lang``). ``cell`` is a cell reference
(``Sheet1!C7`` for XLSX, ``C7`` for CSV), a whole row (``Sheet1!7:7``, ``7:7``; for an
undecodable CSV it is the file's line), or ``""`` for the file or the command line. Messages
come only from the table: nothing of a cell's content is ever echoed. Errors are all
collected, sorted by position (file-level first, then row, then column) and cut to 100.

Errors about a quote field's value reuse the calculator's own codes and messages
(``quotecalc.core.codes.ERROR_MESSAGES``) because the calculator's own field rules decide them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Final

import attrs

from .header_table import EXPLANATIONS
from .messages import INTAKE_TEXTS, NOTES, TEXTS, Text
from .options import door_option, door_text

MAX_ERRORS: Final = 100

# English messages by code (kept for callers that read one language only).
MESSAGES: Final[dict[str, str]] = {code: text.en for code, text in TEXTS.items()}
INTAKE_MESSAGES: Final[dict[str, str]] = {text.code: text.en for text in INTAKE_TEXTS}
NOTE_MESSAGES: Final[dict[str, str]] = {code: text.en for code, text in NOTES.items()}

_REF: Final = re.compile(r"(?:.*!)?(?:([A-Z]+)([0-9]+)|([0-9]+):[0-9]+)")


Detail = tuple[tuple[str, str | int], ...]


def _entry(
    text: Text,
    cell: str,
    option: str,
    lang: str,
    *,
    details: Detail = (),
    door: str = "cli",
    explain: str = "",
) -> dict[str, str | int]:
    """One entry in ``lang``, its options spelled as on ``door`` (``options.door_text``);
    a header's explanation from the header table (``question`` for a name asked about,
    ``reason`` for one refused)."""
    message = door_text(text.message(lang), door)
    entry: dict[str, str | int] = {"code": text.code, "cell": cell, "message": message}
    if text.hint(lang):
        entry["hint"] = door_text(text.hint(lang), door)
    if option:
        entry["option"] = door_option(option, door)
    entry.update(details)
    if explain:
        key = "question" if text.code == "ambiguous_column" else "reason"
        entry[key] = EXPLANATIONS[explain].text(lang)
    return entry


@attrs.frozen
class IntakeError:
    """One fixed code at one cell reference (``""`` for the file or the command line), and
    the option it concerns (``"--weights"``; ``""`` for none)."""

    code: str
    cell: str
    option: str = ""
    # What the cell shows and stores ("shown", "stored"), or where an invisible character is
    # ("position", "character"): the only content of a cell an error ever carries, because
    # the analyst cannot otherwise see what was refused. A refused column name's
    # "suggestion" is an accepted name from the intake's own tables, not the cell's text.
    details: Detail = ()
    # The header table's explanation of a refused column name (header_table.EXPLANATIONS).
    explain: str = ""
    # The header text of the error's column, as the buyer wrote it: for the page's sentences
    # only (sentences.py), never in the JSON documents, which echo nothing of a cell.
    column: str = attrs.field(default="", eq=False)

    @property
    def message(self) -> str:
        return MESSAGES[self.code]

    def as_dict(self, lang: str = "en", door: str = "cli") -> dict[str, str | int]:
        """``{"code", "cell", "message"}``, ``"hint"`` when the code has one, ``"option"``,
        and the details; options named as ``door`` (``"cli"``, ``"http"``) spells them."""
        return _entry(
            TEXTS[self.code],
            self.cell,
            self.option,
            lang,
            details=self.details,
            door=door,
            explain=self.explain,
        )


@attrs.frozen
class Note:
    """A reading the user should know about (stderr): a rounded float tail, or what a
    relaxing flag (``--trim``, ``--skip-totals``, ``--include-hidden``) did and where."""

    code: str
    cell: str
    # What a column's unit means ("scale", "currency"): derived from the unit table, not
    # echoed from the cell.
    details: Detail = ()

    def as_dict(self, lang: str = "en", door: str = "cli") -> dict[str, str | int]:
        return _entry(NOTES[self.code], self.cell, "", lang, details=self.details, door=door)


class IntakeFailed(Exception):
    """Raised by :func:`quotecalc.intake.read`: the sheet cannot become a request."""

    def __init__(
        self, errors: tuple[IntakeError, ...], lang: str = "en", door: str = "cli"
    ) -> None:
        super().__init__(f"{len(errors)} intake error(s)")
        self.errors = errors
        self.lang = lang
        self.door = door

    def document(self) -> bytes:
        """The error document in the language and the door of the call."""
        return error_document(self.errors, self.lang, self.door)


def column_letters(index: int) -> str:
    """``1 -> A``, ``27 -> AA`` (spreadsheet column names)."""
    letters = ""
    while index > 0:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def cell_ref(prefix: str, row: int, column: int) -> str:
    """``{prefix}C7`` for a cell (both 1-based), ``{prefix}7:7`` for column 0 (the row)."""
    if column == 0:
        return f"{prefix}{row}:{row}"
    return f"{prefix}{column_letters(column)}{row}"


def _column_number(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


def position(error: IntakeError | Note) -> tuple[int, int, str, str]:
    """Sort key: file-level errors first, then by row, then by column, then by sheet (an
    event's workbook has several: its reference's prefix), then code."""
    match = _REF.fullmatch(error.cell)
    if match is None:
        return (0, 0, "", error.code)
    sheet = error.cell.rpartition("!")[0]
    letters, row, whole_row = match.groups()
    if whole_row is not None:
        return (int(whole_row), 0, sheet, error.code)
    return (int(row), _column_number(letters), sheet, error.code)


def report(errors: Iterable[IntakeError]) -> tuple[IntakeError, ...]:
    """Each error once, in position order, at most 100."""
    return tuple(sorted(set(errors), key=position)[:MAX_ERRORS])


def error_document(errors: Iterable[IntakeError], lang: str = "en", door: str = "cli") -> bytes:
    """The error document on stdout: one compact JSON line, messages in ``lang``, options
    as ``door`` spells them."""
    entries = [error.as_dict(lang, door) for error in report(errors)]
    document = {"schemaVersion": 1, "errors": entries}
    return (json.dumps(document, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def note_line(note: Note, lang: str = "en") -> bytes:
    """One note as a compact JSON line (stderr)."""
    return (
        json.dumps(note.as_dict(lang), ensure_ascii=False, separators=(",", ":")) + "\n"
    ).encode()


MAX_NOTES_HEADER: Final = 8192


def notes_header(notes: Iterable[Note], lang: str = "en") -> str:
    """The notes as one HTTP header value (``Quotecalc-Intake-Notes``): compact ASCII JSON,
    one entry per code in position order, ``{"code", "message", "cells"}`` with every cell
    of that code. Beyond 8 KiB the last cells of each code give way to ``"more": N``, the
    number left out (only a sheet of 100 rows with many rounded cells each comes near)."""
    groups: dict[str, list[str]] = {}
    for note in sorted(notes, key=position):
        groups.setdefault(note.code, []).append(note.cell)
    keep = max((len(cells) for cells in groups.values()), default=0)
    while True:
        entries = []
        for code, cells in groups.items():
            entry: dict[str, object] = {
                "code": code,
                "message": door_text(NOTES[code].message(lang), "http"),
                "cells": cells[:keep],
            }
            if len(cells) > keep:
                entry["more"] = len(cells) - keep
            entries.append(entry)
        text = json.dumps(entries, ensure_ascii=True, separators=(",", ":"))
        if len(text) <= MAX_NOTES_HEADER or keep == 0:
            return text
        keep //= 2
