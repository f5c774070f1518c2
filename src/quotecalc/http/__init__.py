"""quotecalc as an HTTP service: the optional ``http`` extra (``pip install 'quotecalc[http]'``).

``python -m quotecalc.http`` serves the ToolDefinition's route ``POST /quotecalc/calculate``
(and the batch route, the weight-analysis route ``POST /quotecalc/analyze``,
``GET /openapi.json``, ``GET /healthz``, ``GET /readyz``, ``GET /metrics``) with Starlette
on granian; see ``docs/http.md``. A request body reaches :func:`quotecalc.calculate` as the
raw bytes the CLI would read on stdin, and the response body is the CLI's stdout for them,
byte for byte.

The modules split by what they need: :mod:`.limits`, :mod:`.errors`, :mod:`.operations`,
:mod:`.openapi` and :mod:`.worker` are plain Python (the OpenAPI document is generated without
the extra); :mod:`.edge`, :mod:`.serve` (the one path of every POST entry), :mod:`.admission`,
:mod:`.metrics`, :mod:`.workbooks`, :mod:`.app` and the page's request handling
(:mod:`.page`) import the extra (Starlette, anyio, prometheus-client; :mod:`.__main__` imports
granian when it starts).
This package never imports the extra itself, and the core package (``import quotecalc``)
never imports anything under here.
"""

from __future__ import annotations

from typing import Final

INSTALL_HINT: Final = (
    "quotecalc.http needs the optional HTTP stack: pip install 'quotecalc[http]'"
    " (in a checkout: pip install -e '.[http]')"
)
