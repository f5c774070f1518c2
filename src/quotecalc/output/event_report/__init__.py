"""The event award for people (issues 26, 35): ``--event --format text|html [--lang en|zh]``.

A reader of the event-award document, laid out like the comparison's report (issue 35): the
answer first, in the page's language ("Award A the bolts and nuts, W the washers: 1,175.00 CNY,
proven. Saves 275.00 CNY (19.0 %) against the best single supplier, A alone, which costs
1,450.00 CNY; ..." and when it arrives), then the status in words, then the award's lines,
suppliers (with their lead days) and items (each with its specification, and why an item is
split), the baselines (and why one is impossible), the conversions, the balances, the reasons
and the limitations, each in words (a code only when it has no words, no JSON path). Every
figure is the document's own string: money in the one money format
(:func:`quotecalc.output.people.money`: grouped by thousands, the currency's places, zeros
added and no digit dropped; issue 39), quantities grouped by thousands. The only arithmetic is
the saving as a share of a baseline's total (:func:`quotecalc.output.people.percent`, rounded
once, half-up), and whether a capacity covers a need (:mod:`.limits`). Lead days,
specifications and capacities are read from the request's text (the document does not repeat
them). Text from the request (ids) is escaped for the terminal
(:func:`quotecalc.output.cells.clean`) or for HTML (the page's ``escape``). The currency is the
request's own ``currency`` (:func:`.request.event_currency`).

The package, one module per idea: :mod:`.words` (the words, per language), :mod:`.request`
(what is read from the request's text), :mod:`.figures` (money and quantities as shown),
:mod:`.answer` (the answer's sentences), :mod:`.reasons` (reasons, limitations and errors in
words), :mod:`.limits` (why an item is split, why a baseline is impossible: issue 40),
:mod:`.sections` (the tables and lists), :mod:`.view` (the award for people), :mod:`.text` and
:mod:`.html` (the two layouts).
"""

from __future__ import annotations

from ..people import grouped
from ..wording import LANG_TAGS
from .answer import answer_parts, arrival_sentence
from .figures import BASELINE_WORDS, BASELINES
from .html import render_event_html
from .reasons import error_place, limitation_in_words, place_in_words, reason_in_words
from .request import event_currency
from .sections import EventSection, EventView, Listed
from .text import render_event_text
from .view import event_view
from .words import WORDS

__all__ = [
    "BASELINES",
    "BASELINE_WORDS",
    "LANG_TAGS",
    "WORDS",
    "EventSection",
    "EventView",
    "Listed",
    "answer_parts",
    "arrival_sentence",
    "error_place",
    "event_currency",
    "event_view",
    "grouped",
    "limitation_in_words",
    "place_in_words",
    "reason_in_words",
    "render_event_html",
    "render_event_text",
]
