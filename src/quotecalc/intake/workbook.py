"""What a workbook's own parts say before any cell is read (``docs/intake.md``, "Safety").

Read straight from the zip with defusedxml (every part here is at most 1 MiB), because
openpyxl either does not keep it or reads it wrongly for this purpose (its ``CalcProperties``
defaults ``fullCalcOnLoad`` to true when the attribute is absent):

- the byte caps on the parts openpyxl parses whole at load, before it does: the shared
  strings (``shared_strings_too_large``) and the styles (``styles_too_large``), 1 MiB each;
- ``calcPr fullCalcOnLoad``: the workbook asks to be recalculated when opened, so no saved
  formula result is trusted (xlsxwriter, and so pandas, write ``<v>0</v>`` and set it);
- the sheets in order with their state (``visible``, ``hidden``, ``veryHidden``) and the
  active tab (``bookViews/workbookView/@activeTab``, 0 when absent).

The sheet read is the one named (any state: naming it is the analyst's choice, noted as
``hidden_sheet_read``), else the active sheet when it is visible, else ``sheet_hidden``.
"""

from __future__ import annotations

import posixpath
import zipfile
from typing import Any, Final

import attrs

MAX_PART_BYTES: Final = 1024 * 1024
_SPREADSHEETML: Final = "application/vnd.openxmlformats-officedocument.spreadsheetml"
SHARED_STRINGS_TYPE: Final = f"{_SPREADSHEETML}.sharedStrings+xml"
STYLES_TYPE: Final = f"{_SPREADSHEETML}.styles+xml"
OFFICE_DOCUMENT: Final = (
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"
)
TRUE: Final = frozenset({"1", "true"})


class PartError(Exception):
    """A part is over its cap or unreadable: ``args[0]`` is the error code to report."""


@attrs.frozen
class Sheet:
    """One sheet of ``workbook.xml``: its name and state."""

    name: str
    state: str = "visible"

    @property
    def visible(self) -> bool:
        return self.state == "visible"


@attrs.frozen
class WorkbookInfo:
    """The sheets in order, the active tab and whether a full recalculation is asked for."""

    sheets: tuple[Sheet, ...]
    active: int
    full_calc_on_load: bool


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def _xml(archive: zipfile.ZipFile, name: str) -> Any:
    """The parsed part (defusedxml), or ``None`` when the zip has no such member."""
    from defusedxml.ElementTree import fromstring

    try:
        info = archive.getinfo(name)
    except KeyError:
        return None
    if info.file_size > MAX_PART_BYTES:
        raise PartError("xlsx_unreadable")
    return fromstring(archive.read(info))


def check_part_sizes(archive: zipfile.ZipFile) -> None:
    """Raise for a shared-strings or styles part over 1 MiB (declared size: ``zipfile``
    never yields more bytes than a member declares)."""
    capped = {
        "xl/sharedStrings.xml": "shared_strings_too_large",
        "xl/styles.xml": "styles_too_large",
    }
    kinds = {SHARED_STRINGS_TYPE: "shared_strings_too_large", STYLES_TYPE: "styles_too_large"}
    types = _xml(archive, "[Content_Types].xml")
    for override in types if types is not None else ():
        code = kinds.get(override.get("ContentType", ""))
        if code is not None:
            capped[override.get("PartName", "").lstrip("/")] = code
    for info in archive.infolist():
        code = capped.get(info.filename)
        if code is not None and info.file_size > MAX_PART_BYTES:
            raise PartError(code)


def _workbook_part(archive: zipfile.ZipFile) -> str:
    rels = _xml(archive, "_rels/.rels")
    for rel in rels if rels is not None else ():
        if rel.get("Type") == OFFICE_DOCUMENT:
            target: str = rel.get("Target", "")
            return posixpath.normpath(target.lstrip("/"))
    return "xl/workbook.xml"


def read_workbook_info(archive: zipfile.ZipFile) -> WorkbookInfo:
    """The sheets, the active tab and ``fullCalcOnLoad`` from ``workbook.xml``."""
    root = _xml(archive, _workbook_part(archive))
    if root is None:
        raise PartError("xlsx_unreadable")
    sheets: list[Sheet] = []
    views: list[int] = []  # the active tab of each workbook view; the first one counts
    full_calc = False
    for element in root.iter():
        tag = _local(element.tag)
        if tag == "sheet":
            sheets.append(Sheet(element.get("name", ""), element.get("state", "visible")))
        elif tag == "workbookView":
            text = element.get("activeTab", "0")
            views.append(int(text) if text.isdigit() else 0)
        elif tag == "calcPr":
            full_calc = element.get("fullCalcOnLoad", "") in TRUE
    return WorkbookInfo(tuple(sheets), views[0] if views else 0, full_calc)


def choose_sheet(info: WorkbookInfo, named: str | None) -> tuple[str | None, str]:
    """``(sheet name, "")``, ``(name, "hidden_sheet_read")`` for a named hidden sheet, or
    ``(None, error code)``."""
    if named is not None:
        for sheet in info.sheets:
            if sheet.name == named:
                return named, "" if sheet.visible else "hidden_sheet_read"
        return None, "sheet_not_found"
    if not info.sheets:
        return None, "sheet_not_found"
    index = info.active if info.active < len(info.sheets) else 0
    sheet = info.sheets[index]
    return (sheet.name, "") if sheet.visible else (None, "sheet_hidden")
