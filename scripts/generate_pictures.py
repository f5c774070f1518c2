"""Write the committed pictures: ``python -B scripts/generate_pictures.py [--check]``.

Runs the real CLI (``scripts/calculate.py --input-json - --format svg|html --lang en|zh``)
on every example that has something to draw and writes its stdout, byte for byte, to:

- ``docs/pictures/<example>.<lang>.<svg|html>``: the pictures shown in the docs, for each
  ``examples/*.request.json`` (also their golden files);
- ``tests/data/pictures/<example>.<lang>.<svg|html>``: the golden files of
  ``tests/test_pictures_golden.py`` for each request of ``tests/data/examples`` whose result
  has a ranking, and for the stress cases of ``tests/data/picture_cases`` (12 long Chinese
  names, 100 quotes, two mapped dimensions, one dominant supplier; written by
  ``scripts/generate_picture_cases.py``), which also get their text report (``.txt``).

With ``--check`` nothing is written: it lists the files that would change (or are stale
extras) and exits 1 if any would. See docs/pictures.md.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "tests" / "data" / "examples"
CASES = ROOT / "tests" / "data" / "picture_cases"
GOLDEN = ROOT / "tests" / "data" / "pictures"
DOCS = ROOT / "docs" / "pictures"
FORMATS = ("svg", "html")
SUFFIXES = {"svg": "svg", "html": "html", "text": "txt"}
# The planner's, converter's and event's examples are other kinds of request (issues 20, 26,
# 27), not calculation requests: no pictures.
PLAN_REQUESTS = frozenset({"plan.request.json", "convert.request.json", "event.request.json"})
LANGS = ("en", "zh")


def run_cli(raw: bytes, *argv: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-B", "scripts/calculate.py", *argv],
        input=raw,
        capture_output=True,
        cwd=ROOT,
        timeout=120,
        check=False,
        env={**os.environ, "PYTHONPATH": os.fspath(ROOT / "src")},
    )


def sources() -> list[tuple[Path, bool, tuple[str, ...]]]:
    """(request, also shown in docs/, formats) for every example with a golden picture."""
    found: list[tuple[Path, bool, tuple[str, ...]]] = []
    for request in sorted(EXAMPLES.glob("*.request.json")):
        result = json.loads(run_cli(request.read_bytes(), "--input-json", "-").stdout)
        if result["ranking"] is not None:
            found.append((request, False, FORMATS))
    found.extend((request, False, (*FORMATS, "text")) for request in sorted(CASES.glob("*.json")))
    found.extend(
        (request, True, FORMATS)
        for request in sorted((ROOT / "examples").glob("*.request.json"))
        if request.name not in PLAN_REQUESTS
    )
    return found


def pictures() -> dict[Path, bytes]:
    """Every committed picture's path and the bytes the CLI prints for it now."""
    files: dict[Path, bytes] = {}
    for request, in_docs, formats in sources():
        name = request.name.removesuffix(".request.json")
        for fmt in formats:
            for lang in LANGS:
                done = run_cli(
                    request.read_bytes(), "--input-json", "-", "--format", fmt, "--lang", lang
                )
                if done.stderr or not done.stdout or done.stdout.startswith(b"{"):
                    raise SystemExit(f"{request.name} --format {fmt} --lang {lang}: no picture")
                folder = DOCS if in_docs else GOLDEN
                files[folder / f"{name}.{lang}.{SUFFIXES[fmt]}"] = done.stdout
    return files


def main(argv: list[str]) -> int:
    if argv not in ([], ["--check"]):
        sys.stderr.write("usage: python -B scripts/generate_pictures.py [--check]\n")
        return 2
    check = argv == ["--check"]
    wanted = pictures()
    stale = [
        path
        for path, content in wanted.items()
        if not path.is_file() or path.read_bytes() != content
    ]
    extras = [
        path
        for folder in (GOLDEN, DOCS)
        if folder.is_dir()
        for path in sorted(folder.iterdir())
        if path.suffix in (".svg", ".html", ".txt") and path not in wanted
    ]
    if not check:
        for path in stale:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(wanted[path])
        for path in extras:
            path.unlink()
    verb = "out of date" if check else "written"
    for path in stale:
        sys.stdout.write(f"{verb}: {path.relative_to(ROOT)}\n")
    for path in extras:
        sys.stdout.write(f"{'stale' if check else 'removed'}: {path.relative_to(ROOT)}\n")
    return 1 if check and (stale or extras) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
