"""What a workbook's zip may cost before anything in it is parsed (``docs/intake.md``,
"Safety"): bounds on the file's shape, not only on its bytes.

- The zip's central directory is read by ``zipfile`` into one object per member (about
  1 KB each): 100000 empty members in a 9 MB file cost seconds and 160 MiB. The
  end-of-central-directory record (and its ZIP64 twin) is read from the bytes first, and a
  zip declaring more than :data:`MAX_MEMBERS` members or a central directory over
  :data:`MAX_DIRECTORY_BYTES` is ``xlsx_too_complex`` (a quote workbook has about a dozen).
- Every XML part openpyxl parses whole (``fromstring``: the content types, relationships,
  the workbook, document properties, chartsheets, drawings, pivot caches ...) is at most
  :data:`MAX_XML_PART_BYTES` and holds at most :data:`MAX_PART_ELEMENTS` elements, counted
  as its ``<`` bytes (an upper bound, at C speed): ElementTree keeps every element, about
  200 bytes each, so 1.5 million nested ``<r>`` in ``docProps/core.xml`` took 469 MiB.
  Worksheets are left to the streaming pass (``sheet_scan.py``, which bounds their depth and
  elements per cell), and the parts openpyxl's read-only load never parses are left alone
  (:data:`_UNPARSED`: the calculation chain, pivot caches and tables, comments, VML
  drawings, the theme, custom XML), so a workbook whose other sheets hold many formulas or
  a pivot cache is not refused for them; their bytes still count toward the 16 MiB.
- The shared strings (at most 1 MiB, ``workbook.py``) are parsed item by item
  (``iterparse``, each ``<si>`` cleared once read), so many small items are cheap but one
  large item is not (262000 ``<r/>`` in one item: 2.5 s, 141 MiB): one streaming pass
  bounds the depth (:data:`MAX_DEPTH`) and the elements of one item
  (:data:`MAX_ITEM_ELEMENTS`).
"""

from __future__ import annotations

import struct
import zipfile
from typing import Final
from xml.parsers import expat

MAX_MEMBERS: Final = 1000
MAX_DIRECTORY_BYTES: Final = 256 * 1024
MAX_XML_PART_BYTES: Final = 1024 * 1024
MAX_PART_ELEMENTS: Final = 50000
MAX_DEPTH: Final = 32
MAX_ITEM_ELEMENTS: Final = 256
SHARED_STRINGS: Final = "xl/sharedStrings.xml"
_EOCD: Final = b"PK\x05\x06"
_EOCD_SIZE: Final = 22
_ZIP64_LOCATOR: Final = b"PK\x06\x07"
_ZIP64_EOCD: Final = b"PK\x06\x06"
_MAX_COMMENT: Final = 0xFFFF
_XML_SUFFIXES: Final = (".xml", ".rels")
_STREAMED: Final = "xl/worksheets/"
_UNPARSED: Final = (
    "xl/calcChain.xml",
    "xl/pivotCache/",
    "xl/pivotTables/",
    "xl/comments",
    "xl/theme/",
    "xl/printerSettings/",
    "customXml/",
)


def _directory(data: bytes) -> tuple[int, int] | None:
    """``(members, central directory bytes)`` as the zip declares them, or ``None`` when no
    end record is found (``zipfile`` then refuses the file itself)."""
    start = max(0, len(data) - _EOCD_SIZE - _MAX_COMMENT)
    at = data.rfind(_EOCD, start)
    if at < 0 or at + _EOCD_SIZE > len(data):
        return None
    members, size = struct.unpack_from("<HI", data, at + 10)
    locator = at - 20
    if locator >= 0 and data[locator : locator + 4] == _ZIP64_LOCATOR:
        (record,) = struct.unpack_from("<Q", data, locator + 8)
        if record + 56 > len(data) or data[record : record + 4] != _ZIP64_EOCD:
            return None
        members, size = struct.unpack_from("<QQ", data, record + 32)
    return members, size


def check_directory(data: bytes) -> bool:
    """Whether the zip's declared central directory is within the bounds (module docstring).
    ``zipfile`` reads exactly the declared directory size, whatever the declared count."""
    found = _directory(data)
    return found is None or (found[0] <= MAX_MEMBERS and found[1] <= MAX_DIRECTORY_BYTES)


def check_xml_parts(archive: zipfile.ZipFile) -> bool:
    """Whether every XML part openpyxl parses whole is within the bounds (module
    docstring); each is decompressed once, one at a time."""
    for info in archive.infolist():
        name = info.filename
        if not name.lower().endswith(_XML_SUFFIXES):
            continue
        if name.startswith(_UNPARSED) or (name.startswith(_STREAMED) and "/_rels/" not in name):
            continue
        if info.file_size > MAX_XML_PART_BYTES:
            return False
        data = archive.read(info)
        if name == SHARED_STRINGS:
            if not _items_bounded(data):
                return False
        elif data.count(b"<") > MAX_PART_ELEMENTS:
            return False
    return True


class _Bound(Exception):
    """Raised inside the parser's callbacks at the first bound passed."""


def _items_bounded(data: bytes) -> bool:
    """Whether no element nests deeper than :data:`MAX_DEPTH` and no child of the root
    (a shared string's ``<si>``) holds more than :data:`MAX_ITEM_ELEMENTS` elements.
    Malformed XML passes here: openpyxl refuses it (``xlsx_unreadable``)."""
    depth = elements = 0

    def start(_name: str, _attributes: object) -> None:
        nonlocal depth, elements
        depth += 1
        elements = 0 if depth == 2 else elements + 1
        if depth > MAX_DEPTH or elements > MAX_ITEM_ELEMENTS:
            raise _Bound

    def end(_name: str) -> None:
        nonlocal depth
        depth -= 1

    parser = expat.ParserCreate()
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        parser.Parse(data, True)
    except _Bound:
        return False
    except expat.ExpatError:
        return True
    return True
