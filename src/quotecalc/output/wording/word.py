"""One row of the word catalog: a key and its words in each language."""

from __future__ import annotations

from typing import NamedTuple


class Word(NamedTuple):
    """A word (a label, a sentence, a template with ``{placeholders}``) in English and in
    Simplified Chinese, under the one key every reader looks it up by."""

    key: str
    en: str
    zh: str
