"""Cut each request's exact source bytes out of a batch body (a small byte-level scanner).

The body has already passed :func:`quotecalc.batch.body.check_body`, so it is one strict JSON
object whose only key is ``requests`` and whose value is an array: the scanner only has to
find that array's top-level commas. It walks strings (with their escapes) and brackets only;
everything else -- numbers, literals, whitespace -- is skipped by the pattern, and strings are
taken whole, so a bracket, comma or quote inside a string never counts. One left-to-right pass
with a possessive pattern: linear in the body's length whatever it holds.

Each request is the text between its separators with JSON whitespace trimmed, byte for byte
as the host wrote it: ``1e3``, ``-0``, ``185.00`` and repeated keys reach the calculation as
they would on the command line.
"""

from __future__ import annotations

import re
from typing import Final

# A whole string (escapes included), or one bracket or comma. Possessive: no backtracking.
_TOKEN: Final = re.compile(rb'"(?:[^"\\]++|\\.)*+"|[\[\]{},]', re.DOTALL)
_WHITESPACE: Final = b" \t\n\r"
_OPEN: Final = frozenset(b"[{")
_CLOSE: Final = frozenset(b"]}")
_COMMA: Final = ord(",")
_QUOTE: Final = ord('"')
# {"requests": [ item, item ]}: the items' separators lie two brackets deep.
_ITEM_DEPTH: Final = 2


def item_spans(body: bytes) -> list[tuple[int, int]]:
    """The ``(start, end)`` byte offsets of each element of the body's one array, in order
    (whitespace around an element excluded)."""
    spans: list[tuple[int, int]] = []
    depth, start = 0, 0
    for token in _TOKEN.finditer(body):
        first = body[token.start()]
        if first == _QUOTE:
            continue
        if first in _OPEN:
            depth += 1
            if depth == _ITEM_DEPTH:
                start = token.end()
        elif first in _CLOSE:
            if depth == _ITEM_DEPTH:
                spans.append(_trimmed(body, start, token.start()))
            depth -= 1
        elif depth == _ITEM_DEPTH:  # a comma between two items
            spans.append(_trimmed(body, start, token.start()))
            start = token.end()
    return spans


def _trimmed(body: bytes, start: int, end: int) -> tuple[int, int]:
    while start < end and body[start] in _WHITESPACE:
        start += 1
    while end > start and body[end - 1] in _WHITESPACE:
        end -= 1
    return start, end


def split_items(body: bytes) -> list[bytes]:
    """Each request of a checked batch body as its exact source bytes."""
    return [body[start:end] for start, end in item_spans(body)]
