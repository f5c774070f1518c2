"""The event award report's words (issues 26, 35): the catalog's ``event.`` words and the shared
ones (:mod:`quotecalc.output.wording`)."""

from __future__ import annotations

from typing import Final

from ..wording import area

WORDS: Final = area("event")
