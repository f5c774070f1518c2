"""``python -m quotecalc``: the same command as ``scripts/calculate.py`` and the console
command ``quotecalc`` (:func:`quotecalc.cli.run`; ``docs/contract.md`` §2)."""

import sys

from .cli import run

if __name__ == "__main__":
    sys.exit(run())
