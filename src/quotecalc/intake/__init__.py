"""Spreadsheet intake: CSV or XLSX quotes to one request (``docs/intake.md``).

A door like HTTP or MCP: the core never imports it, and it never re-implements a rule. Each
row's cells are checked with the calculator's own field rules so an error can point at its
cell; the root fields come from options and are left to the calculator.

``read(path, **options) -> dict`` returns the request object or raises
:class:`IntakeFailed` with every error. ``intake(...)`` returns the request, the errors and the
notes at once. Both take the same keywords: the reading options (``sheet``, ``encoding``,
``delimiter``), the language of the messages (``lang``: ``"en"`` or ``"zh"``), the flags that
relax a trust rule (``include_hidden``, ``skip_totals``, ``trim``, ``read_as_written``) and
the root fields (each root row's own option, :mod:`.options`).
With ``event=True`` a workbook of a sourcing event (items, offers and optional suppliers,
exchange rates and balances sheets, ``event.py``) becomes an event request instead.
The CSV part needs nothing beyond the core's own dependencies; XLSX needs the ``xlsx`` extra.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

import attrs

from . import options
from .errors import IntakeError, IntakeFailed, Note, error_document, report
from .messages import LANGS
from .options import DOORS
from .request import RootValue, build_request, root_fields
from .table import Flags, Grid, read_table

__all__ = ["LANGS", "Intake", "IntakeError", "IntakeFailed", "Note", "intake", "read"]

CSV_SUFFIXES = (".csv", ".txt")
XLSX_SUFFIXES = (".xlsx", ".xlsm")


@attrs.frozen
class Intake:
    """One file read: the request (``None`` on any error), the errors and the notes."""

    request: dict[str, Any] | None
    errors: tuple[IntakeError, ...]
    notes: tuple[Note, ...]
    lang: str = "en"
    door: str = "cli"

    def error_document(self) -> bytes:
        """The errors as the call's door prints them, in the call's language."""
        return error_document(self.errors, self.lang, self.door)

    def page_document(self) -> bytes:
        """The errors as the buyer's page says them (``sentences.py``): each naming its column
        by the header the buyer wrote, with what to do, in the call's language."""
        from .sentences import page_document

        return page_document(self.errors, self.lang)

    def notes_document(self) -> list[dict[str, str | int]]:
        """The notes as entries (``code``, ``cell``, ``message``) for the call's door."""
        return [note.as_dict(self.lang, self.door) for note in self.notes]


def _option_error(option: str) -> Grid:
    return Grid(errors=(IntakeError("invalid_option", "", option),))


def _grid(
    path: Path, sheet: str | None, encoding: str | None, delimiter: str | None, hidden: bool
) -> Grid:
    """The file's grid by its suffix; an option for the other kind of file is refused."""
    suffix = path.suffix.lower()
    if suffix in CSV_SUFFIXES:
        from .csv_reader import read_csv

        if sheet is not None:
            return _option_error("--sheet")
        if hidden:  # a CSV file hides nothing
            return _option_error("--include-hidden")
        if delimiter is not None and not _one_char(delimiter):
            return _option_error("--delimiter")
        return read_csv(path, encoding, delimiter or ",")
    if suffix in XLSX_SUFFIXES:
        from .xlsx_reader import XlsxSupportMissing, read_xlsx

        if encoding is not None:
            return _option_error("--encoding")
        if delimiter is not None:
            return _option_error("--delimiter")
        try:
            return read_xlsx(path, sheet)
        except XlsxSupportMissing:
            return Grid(errors=(IntakeError("xlsx_support_missing", ""),))
    return Grid(errors=(IntakeError("unsupported_file_type", ""),))


# The root options of each kind of request (the others are refused with invalid_option): the
# root rows' own (options.QUOTE_ROOT, options.EVENT_ROOT).
QUOTE_ONLY: Final = tuple(option.name for option in options.QUOTE_ONLY)
EVENT_ONLY: Final = tuple(option.name for option in options.EVENT_ONLY)


def _event(
    path: Path,
    reading: dict[str, str | None],
    flags: Flags,
    root: dict[str, RootValue | None],
) -> tuple[dict[str, Any] | None, tuple[IntakeError, ...], tuple[Note, ...]]:
    """An event workbook to an event request (``event.py``)."""
    from .event import EVENT_ROOT_OPTIONS, build_event, choose_sheets
    from .event import root_fields as event_root

    if set(root) - set(EVENT_ROOT_OPTIONS) - set(QUOTE_ONLY):
        raise TypeError("unknown root option")
    errors = tuple(
        IntakeError("invalid_option", "", "--" + name.replace("_", "-"))
        for name in (*reading, *QUOTE_ONLY)
        if (reading.get(name) if name in reading else root.get(name)) is not None
    )
    suffix = path.suffix.lower()
    if suffix in CSV_SUFFIXES:
        return None, (*errors, IntakeError("event_needs_workbook", "")), ()
    if suffix not in XLSX_SUFFIXES:
        return None, (*errors, IntakeError("unsupported_file_type", "")), ()
    from .xlsx_reader import XlsxSupportMissing, read_xlsx_sheets

    try:
        grids = read_xlsx_sheets(path, lambda info: choose_sheets(info, flags.include_hidden))
    except XlsxSupportMissing:
        return None, (*errors, IntakeError("xlsx_support_missing", "")), ()
    if isinstance(grids, Grid):
        return None, (*errors, *grids.errors), grids.notes
    read = build_event(grids, flags, event_root(root))
    return read.request, (*errors, *read.errors), read.notes


def _one_char(delimiter: str) -> bool:
    return len(delimiter) == 1 and delimiter not in '"\r\n'


def intake(
    path: str | Path,
    *,
    sheet: str | None = None,
    encoding: str | None = None,
    delimiter: str | None = None,
    lang: str = "en",
    include_hidden: bool = False,
    skip_totals: bool = False,
    trim: bool = False,
    read_as_written: bool = False,
    door: str = "cli",
    event: bool = False,
    **root: RootValue | None,
) -> Intake:
    """Read ``path`` (``.csv``/``.txt`` or ``.xlsx``/``.xlsm``) into a request.

    ``sheet`` and ``include_hidden`` are for workbooks only, ``encoding`` and ``delimiter``
    (default ``,``) for CSV only (``invalid_option`` otherwise). ``lang`` (``"en"``,
    ``"zh"``) is the language of the messages. ``skip_totals`` skips totals rows and
    ``trim`` removes whitespace around text, each with a note where it acted. ``root`` holds
    the root fields by their options' names (:data:`.options.QUOTE_ROOT`: ``quantity``,
    ``currency``, ``max_lead_days``, ...); ``None`` means not given. ``read_as_written``
    reads a currency sign that can only mean the row's currency and 1,234,567.89 thousands
    separators, each noted. ``door`` (``"cli"``,
    ``"http"``) is where the messages are shown: their hints name the options as that door
    spells them. ``event`` reads a workbook of a sourcing event into an event request (the
    event's root options, :data:`.options.EVENT_ROOT`; ``sheet``, ``encoding``, ``delimiter``
    and the quote-only root options are ``invalid_option`` with it, and a CSV file is
    ``event_needs_workbook``).
    """
    if door not in DOORS:
        raise ValueError("unknown door")
    if lang not in LANGS:
        return Intake(None, (IntakeError("invalid_option", "", "--lang"),), (), door=door)
    currency = root.get("currency")
    flags = Flags(
        trim,
        skip_totals,
        include_hidden,
        None if currency is None else str(currency),
        read_as_written,
    )
    if event:
        reading = {"sheet": sheet, "encoding": encoding, "delimiter": delimiter}
        request, found, event_notes = _event(Path(path), reading, flags, root)
        if request is not None and not found:
            return Intake(request, (), event_notes, lang, door)
        return Intake(None, report(found), event_notes, lang, door)
    refused = [name for name in EVENT_ONLY if root.pop(name, None) is not None]
    fields, errors = root_fields(root)
    errors += [IntakeError("invalid_option", "", "--" + name.replace("_", "-")) for name in refused]
    grid = _grid(Path(path), sheet, encoding, delimiter, include_hidden)
    errors += grid.errors
    notes: tuple[Note, ...] = grid.notes
    if grid.rows or not grid.errors:
        table = read_table(grid, flags)
        errors += table.errors
        notes = table.notes
        if not errors:
            return Intake(build_request(fields, table.quotes), (), notes, lang, door)
    return Intake(None, report(errors), notes, lang, door)


def read(path: str | Path, **options: Any) -> dict[str, Any]:
    """The request object for ``path``; raises :class:`IntakeFailed` with every error (in
    the language ``lang`` of the call: ``IntakeFailed.document()``)."""
    result = intake(path, **options)
    if result.request is None:
        raise IntakeFailed(result.errors, result.lang, result.door)
    return result.request
