"""The intake's hostile files (issue 18): wall time and peak RSS of one
``python -m quotecalc.intake FILE`` per case, at and just past every cap.

Run from the repository root with the ``xlsx`` extra installed (openpyxl, defusedxml):

    python -B scripts/bench_intake.py [--repeats 3]

Each case is built once in a temporary folder (``tests/intake_hostile.py``, which the loose
test ``tests/test_intake_hostile.py`` shares), then run ``--repeats`` times; the median time
and the largest peak RSS (``os.wait4``'s ``ru_maxrss`` of that child alone) are printed with
the target of the issue: refused (or read) within 2 s and 64 MiB. A baseline (a 2-row
workbook) shows what the interpreter and the imports cost by themselves.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests"))  # the builders are shared with the loose test

from intake_hostile import CASES, _base, run_intake  # noqa: E402

TARGET_SECONDS = 2.0
TARGET_MIB = 64.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    cases = {"baseline: a 2-row workbook": (lambda folder: _base(folder, "base.xlsx"), "")}
    cases.update(CASES)
    met = True
    print(f"{'case':40} {'expected':28} {'median s':>9} {'peak MiB':>9}")
    with tempfile.TemporaryDirectory() as folder:
        for name, (build, code) in cases.items():
            path = build(Path(folder))
            runs = [run_intake(path, ROOT / "src") for _ in range(args.repeats)]
            seconds = statistics.median(run[0] for run in runs)
            peak = max(run[1] for run in runs)
            ok = seconds <= TARGET_SECONDS and peak <= TARGET_MIB
            ok = ok and all((f'"code":"{code}"'.encode() in run[2]) == bool(code) for run in runs)
            met = met and ok
            print(
                f"{name:40} {code or 'read':28} {seconds:9.3f} {peak:9.1f} {'' if ok else 'MISSED'}"
            )
            path.unlink()
    verdict = "met" if met else "MISSED"
    print(f"target: every case within {TARGET_SECONDS} s and {TARGET_MIB} MiB: {verdict}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
