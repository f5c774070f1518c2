"""Exact lower bounds of the best award's landed total, without a solver (issue 26,
``docs/event-solver.md``, "The proof and its budget")."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

from ...core.exact import EXACT
from .model import Event, break_counts, money_places, pack_ceiling, price_at, usable


def cover_rate(event: Event, index: int) -> Fraction:
    """The least cost per unit of its need that line ``index`` can cover: the least of
    ``n * price(n) / min(n * packSize, quantity)`` over the pack counts a best award can give it
    (``least <= n <=`` :func:`pack_ceiling`). Below the fewest packs covering the need it is the
    price per unit of a level, least at a level's first count (or ``least``); from there the
    cost grows within a level, so the covering count and each higher break count are the only
    other candidates."""
    line = event.lines[index]
    need = event.needs[line.need].quantity
    least, ceiling = line.least_packs, pack_ceiling(event, index)
    covering = max(-(-need // line.pack_size), least)
    rates = [
        Fraction(price_at(line, count)) * count / min(count * line.pack_size, need)
        for count in {least, covering, *break_counts(line)}
        if least <= count <= ceiling
    ]
    return min(rates)


def plain_bound(event: Event) -> Decimal:
    """A lower bound of the best award's landed total, with no solver: each need buys its
    quantity at no less than the least :func:`cover_rate` of its usable lines, less that
    vendor's largest percent; rounded down to the unit every total is a multiple of."""
    places, percent_places = money_places(event)
    unit = 10**places * 100 * 10**percent_places
    total = Fraction(0)
    cheapest: list[list[Fraction]] = [[] for _ in event.needs]
    for index, line in enumerate(event.lines):
        if usable(event, index):
            tiers = event.vendors[line.vendor].tiers
            rest = 100 - max((Fraction(t) for _, t in tiers), default=Fraction(0))
            cheapest[line.need].append(cover_rate(event, index) * rest / 100)
    for need, rates in zip(event.needs, cheapest, strict=True):
        total += need.quantity * min(rates, default=Fraction(0))
    return EXACT.divide(Decimal(math.floor(total * unit)), Decimal(unit))
