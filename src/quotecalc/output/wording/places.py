"""Where an error is, in words (issue 29), ``place.``: "pack price of quote 2 (NINGBO)"."""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

from typing import Final

from .word import Word

ROWS: Final[tuple[Word, ...]] = (
    Word("place.quote", "quote {number}", "第 {number} 个报价"),
    Word("place.quote_of", "quote {number} ({who})", "第 {number} 个报价（{who}）"),
    Word("place.field_of", "{field} of {place}", "{place}的{field}"),
    Word("place.key_in", "key {key} in {place}", "{place}中的键 {key}"),
    Word("place.item", "item {number} of {place}", "{place}的第 {number} 项"),
)
