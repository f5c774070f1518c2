"""quotecalc as an MCP tool server: the optional ``mcp`` extra (``pip install 'quotecalc[mcp]'``).

``python -m quotecalc.mcp`` serves one tool over stdio with the official MCP Python SDK; see
``docs/mcp.md``. The tool's descriptor is :func:`quotecalc.schema.mcp_tool` (committed as
``docs/tool/mcp-tool.json``) and a call runs :func:`quotecalc.calculate` on the call's arguments.

This package itself never imports the SDK: :mod:`quotecalc.mcp.request` (arguments to request
bytes) is plain Python, and only :mod:`quotecalc.mcp.server` needs the extra. The core package
(``import quotecalc``) never imports anything under here.
"""

from __future__ import annotations

from typing import Final

INSTALL_HINT: Final = (
    "quotecalc.mcp needs the optional MCP SDK: pip install 'quotecalc[mcp]'"
    " (in a checkout: pip install -e '.[mcp]')"
)
