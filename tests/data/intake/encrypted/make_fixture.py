"""Make ``quotes-password-1234.xlsx``: a one-quote workbook encrypted with the password
``1234`` as Excel encrypts it (ECMA-376 agile encryption, an OLE compound file, not a zip),
by msoffcrypto-tool (``pip install msoffcrypto-tool``). Run it only to remake the file; the
tests read the committed file.

    python tests/data/intake/encrypted/make_fixture.py
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    import xlsxwriter
    from msoffcrypto.format.ooxml import OOXMLFile

    plain = io.BytesIO()
    workbook = xlsxwriter.Workbook(plain, {"in_memory": True})
    sheet = workbook.add_worksheet()
    sheet.write_row(0, 0, ["supplierId", "packPrice"])
    sheet.write_row(1, 0, ["A", 35])
    workbook.close()
    plain.seek(0)
    with (HERE / "quotes-password-1234.xlsx").open("wb") as out:
        OOXMLFile(plain).encrypt("1234", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
