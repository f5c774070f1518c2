"""What a bulk job computes for each line: the kinds table (kind -> library function).

Each row turns one line's bytes (cut as ``--input-jsonl -`` cuts them) into the exact bytes
the single-request door prints for it and the status of that answer. The bulk door adds no
rule of its own: a row only calls the library and encodes what it returns.

- ``result``: :func:`quotecalc.api.calculate` ``.to_json()``, what ``--input-jsonl -``
  prints for the line (and ``--input-json -`` for it alone);
- ``analysis``: :func:`quotecalc.analysis.document.analyze` ``.to_json()``, what
  ``--input-json - --analysis`` prints for it;
- ``plan``: :func:`quotecalc.planning.document.plan` ``.to_json()``, what
  ``--input-json - --plan`` prints for the line read as a plan request (issue 20,
  ``docs/plan.md``; a split search needs the ``plan`` extra on the workers);
- ``event``: :func:`quotecalc.planning.event_document.award` ``.to_json()``, what
  ``--input-json - --event`` prints for the line read as an event request (issue 26,
  ``docs/event.md``). A line is kept only to its first 262145 bytes (``lines.KEPT``), so an
  event line longer than 262144 bytes gets the answer of its cut bytes, not the CLI's: send
  such an event alone.
- ``convert``: :func:`quotecalc.planning.conversion.convert` ``.to_json()``, what
  ``--input-json - --convert`` prints for the line (issue 27, ``docs/conversions.md``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ..api import calculate

Answer = tuple[bytes, str]
"""One line's output bytes (a JSON object and its newline) and its status."""

LineFunction = Callable[[bytes], Answer]


def result_line(raw: bytes) -> Answer:
    """The result object, exactly what ``--input-jsonl -`` prints for the line."""
    result = calculate(raw)
    return result.to_json(), result.status


def analysis_line(raw: bytes) -> Answer:
    """The weight-analysis document, exactly what ``--input-json - --analysis`` prints."""
    from ..analysis.document import analyze

    analysis = analyze(raw)
    return analysis.to_json(), str(analysis.output["status"])


def plan_line(raw: bytes) -> Answer:
    """The purchase-plan document, exactly what ``--input-json - --plan`` prints."""
    from ..planning.document import plan

    planned = plan(raw)
    return planned.to_json(), str(planned.output["status"])


def event_line(raw: bytes) -> Answer:
    """The event-award document, exactly what ``--input-json - --event`` prints."""
    from ..planning.event_document import award

    awarded = award(raw)
    return awarded.to_json(), awarded.status


def convert_line(raw: bytes) -> Answer:
    """The converted-comparison document, exactly what ``--input-json - --convert`` prints."""
    from ..planning.conversion import convert

    answer = convert(raw)
    return answer.to_json(), str(answer.output["status"])


KINDS: Final[dict[str, LineFunction]] = {
    "result": result_line,
    "analysis": analysis_line,
    "plan": plan_line,
    "event": event_line,
    "convert": convert_line,
}
"""The accepted ``--kind`` values, in the order ``--help`` lists them."""
