"""The table of request kinds (issues 34, 39): every row, in the order every door lists them.

Adding a kind is adding its row here (a module beside this one names its runner, presenters,
contract builders and names at each door, ``docs/extending.md``); every door iterates this
tuple. Nothing else is written here, so the doors' lookups (``quotecalc.kinds``) are built
from whatever this tuple holds.
"""

from __future__ import annotations

from .comparison import ANALYSIS, COMPARISON
from .convert import CONVERT
from .event import EVENT
from .plan import PLAN
from .row import RequestKind

KINDS: tuple[RequestKind, ...] = (COMPARISON, ANALYSIS, PLAN, EVENT, CONVERT)
"""Every kind, in the order every door lists them."""
DETECTION: tuple[RequestKind, ...] = (EVENT, PLAN, CONVERT)
"""The kinds ``detect_kind`` tells apart, tried in this order: an event first (its ``items``
and ``suppliers`` are its own), then a plan (its rows include the conversion's, so before a
converted comparison); a body none of them marks is a comparison."""
