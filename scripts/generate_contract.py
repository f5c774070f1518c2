"""Write quotecalc's published contract files: ``python -B scripts/generate_contract.py``.

Regenerates every published file -- the JSON Schemas under ``docs/schema/`` and the tool
descriptors under ``docs/tool/`` -- from ``quotecalc.published.published_files()`` (the engine's
own rule tables; issues #4, #10), and the README's tables of the request's root fields from
their rows (``quotecalc.published.readme_with_tables``, issue 39). With
``--check`` nothing is written: it lists the files that would change and exits 1 if any would.
``tests/test_schema.py`` fails whenever a committed file differs from what this writes.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, os.fspath(ROOT / "src"))

from quotecalc.published import (  # noqa: E402 - needs the src path above
    published_files,
    readme_with_tables,
)

README = "README.md"


def main(argv: list[str]) -> int:
    if argv not in ([], ["--check"]):
        sys.stderr.write("usage: python -B scripts/generate_contract.py [--check]\n")
        return 2
    check = argv == ["--check"]
    stale = []
    readme = (ROOT / README).read_text(encoding="utf-8")
    files = {**published_files(), README: readme_with_tables(readme).encode("utf-8")}
    for relative, content in files.items():
        target = ROOT / relative
        if target.is_file() and target.read_bytes() == content:
            continue
        stale.append(relative)
        if not check:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(content)
    verb = "out of date" if check else "written"
    for relative in stale:
        sys.stdout.write(f"{verb}: {relative}\n")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
