"""What the readable views hand their renderers: a table for people (plain-word headers,
plain-text cells, which columns are numbers and which hold supplier ids), laid out by the
terminal report (:func:`quotecalc.output.cells.table`) or the page's markup."""

from __future__ import annotations

from typing import NamedTuple


class Table(NamedTuple):
    """A table: plain-word headers, plain-text cells, the right-aligned (numeric) columns and
    the columns holding supplier ids."""

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    numeric: frozenset[int]
    ids: frozenset[int] = frozenset({0})
