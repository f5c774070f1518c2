"""The kinds of request the page answers (issue 34): the kind table's rows with a page label,
told apart by :func:`quotecalc.kinds.detect_kind`. Plain Python."""

from __future__ import annotations

from typing import Final

from ...kinds import KINDS

PAGE_KINDS: Final = tuple(kind for kind in KINDS if kind.doors.page_label is not None)
"""The kinds the page answers a body of (the comparison with its report, the plan, the
event's award, the converted comparison), told apart by
:func:`quotecalc.kinds.detect_kind`."""
