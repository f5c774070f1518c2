"""``python -m quotecalc.mcp``: the stdio MCP server (``docs/mcp.md``).

Without the optional SDK it prints one line saying how to install it and exits 1.
``--version`` (alone) prints the tool and its version and exits 0, SDK or not.
"""

from __future__ import annotations

import sys

from ..engine.render import TOOL, TOOL_VERSION
from . import INSTALL_HINT

USAGE = (
    "usage: python -m quotecalc.mcp  (no arguments: serves MCP over stdin/stdout;"
    " --version: print the version)"
)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--version"]:
        print(f"{TOOL} {TOOL_VERSION}")
        return 0
    if args:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        from .server import run
    except ModuleNotFoundError as exc:  # the SDK or one of its dependencies is missing
        if (exc.name or "").partition(".")[0] == "quotecalc":
            raise
        print(INSTALL_HINT, file=sys.stderr)
        return 1
    try:
        run()
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
