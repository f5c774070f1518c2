"""The readable purchase plan (issue 25): a purchase-plan document read for a buyer, answer first.

A reader of the document (``quotecalc.planning.document``), nothing more: every figure is the
document's own string (cost per delivered unit, the slowest line's lead days, each break
reached or short by, the saving against the best single source, whether an order is
deliverable); money, the cost per delivered unit included, is in the one money format
(:func:`quotecalc.output.people.money`: grouped by thousands, the currency's places, zeros
added and no digit dropped).

:func:`plan_view` gives the title, the answer's sentences (the first is the headline: what to
buy, the total and the currency, whether it is proven the least, and the saving against the
best single supplier) and the sections, as plain text with user text made visible
(:func:`quotecalc.output.cells.clean`); :mod:`quotecalc.output.plan_text` and
:mod:`quotecalc.output.plan_html` only lay them out.

Truthful by construction: "proven" is said only when the document's ``best.costProven`` is
true (issue 38: "the least total is proven", and whether the tie order among equally cheap
plans is settled, ``best.proven``); an ``atNeed`` the supplier cannot deliver
(``deliverable: false``) is shown as what it can deliver, never as a price; a missing lead day
is unknown, not zero.

The package: :mod:`.base` (the view's types, the reader), :mod:`.answer` (the sentences),
:mod:`.tables` (lines, single suppliers, breaks), :mod:`.notes` (reasons, limitations, errors,
conversions, balances) and :mod:`.view` (the whole, in order).
"""

from __future__ import annotations

from ..layout import Table
from .base import LANGUAGES, WORDS, PlanView, Section
from .view import plan_view

__all__ = ["LANGUAGES", "WORDS", "PlanView", "Section", "Table", "plan_view"]
