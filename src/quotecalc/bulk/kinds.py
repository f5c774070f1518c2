"""What a bulk job computes for each line: the kind table's bulk kinds (``--kind``).

Each request kind of :mod:`quotecalc.kinds` has a bulk kind (its row's
``doors.bulk_kind``: ``result``, ``analysis``, ``plan``, ``event``, ``convert``). A line's
bytes (cut as ``--input-jsonl -`` cuts them, but to the kind's own limit: :data:`KEPT`) become
the exact bytes the single-request door prints for them -- ``--input-json -`` with the kind's
option -- and the status of that answer, by the row's run. The
bulk door adds no rule of its own.

Each line is kept to its kind's body limit plus one byte (enough to be answered
``input_too_large``), so an event line up to its 4194304-byte limit is answered as on the CLI
(issue 34). A plan needs no solver library (its search is the award engine's integer branch
and bound); an event beyond what the exact search without a solver answers needs the ``plan``
extra (OR-Tools) on the workers.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Final

from ..kinds import KINDS as REQUEST_KINDS
from ..kinds import RequestKind

Answer = tuple[bytes, str]
"""One line's output bytes (a JSON object and its newline) and its status."""

LineFunction = Callable[[bytes], Answer]


def answer_line(kind: RequestKind, raw: bytes) -> Answer:
    """The kind's document for one line, exactly what ``--input-json -`` with the kind's
    option prints for it, and its status."""
    answer = kind.run(raw)
    return answer.to_json(), answer.status


KINDS: Final[dict[str, LineFunction]] = {
    kind.doors.bulk_kind: functools.partial(answer_line, kind) for kind in REQUEST_KINDS
}
"""The accepted ``--kind`` values, in the order ``--help`` lists them (the kind table's)."""
KEPT: Final[dict[str, int]] = {kind.doors.bulk_kind: kind.body_limit + 1 for kind in REQUEST_KINDS}
"""The bytes kept of a line of each bulk kind: its row's body limit, plus one to tell."""
