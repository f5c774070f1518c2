"""The exact search of a one-item event (issue 25, ``docs/plan.md``, "The search and its
proof"; issue 33: the package's one-item search, a purchase plan being such an event): a branch
and bound on Python integers, with no solver library and no integer limit. An offer below is a
line of the event, the one offer of its supplier for the item.

Plans are compared by one exact integer key (:mod:`.key`), which holds the whole order, ties
included. A node of the search fixes, for some offers, a pack range (and whether the offer may
be left out); the others keep their full range.

**The bound** of a node is the largest of three relaxations (:mod:`.relax`): the least sum of
cover hulls filling the need; the same with the supplier weight taken off each offer and added
back once per supplier every plan of the node needs (whole suppliers, where the first may buy
half a supplier's fees); and, when the first opens more offers than ``max_suppliers`` allows,
the fill that counts ``max_suppliers``. Each is rounded down to a whole key, never above the key
of any plan of the node.

**The branches.** The first relaxation leaves at most one offer part-way along a segment. If
that segment opens the offer (starts at 0 units), the node splits into "left out" and
"bought"; otherwise its pack range splits at the fractional count. A relaxation that is itself
a plan of at most ``max_suppliers`` offers is the node's best plan; one that opens more splits
on a free offer it opened. When ``max_suppliers`` offers are bought, the rest are left out; an
offer left out takes its identical later-id clones with it (they can never come first).

**The proof.** The search is depth first, from the best single source and the fullest plan;
a node is dropped when its bound is not below the best key found. When no node is left the best
plan is proven. The budget is a count of nodes (:data:`DEFAULT_NODES`), so the same request
always stops at the same place; a search stopped by it (with nodes left that could still hold
a better plan) returns the best plan found, not proven, and the least bound of the nodes left:
an exact lower bound of the least landed total.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from heapq import merge
from typing import Final

import attrs

from ...core.exact import EXACT
from ...core.records import Record
from .costing import costing
from .cover import Domain
from .key import Keyed, keyed_lines
from .model import (
    INFEASIBLE,
    Award,
    Event,
    Refusal,
    alone_packs,
    one_item,
    pack_ceiling,
    price_at,
    usable,
)
from .relax import Relaxation, Relaxer

DEFAULT_NODES: Final = 20_000
"""The proof budget: nodes of the search tree, the same count on every machine."""


class _Search:
    """One search: the keyed offers, two relaxations, the clones and the cover order.

    The second relaxation takes the supplier weight (less the whole id range, so every key
    stays positive) off each offer and adds it back once per supplier that every plan of the
    node needs (:meth:`least_suppliers`): a bound that counts suppliers in whole numbers, which
    the first cannot do (it may buy half a supplier's fees).
    """

    def __init__(self, event: Event, most: int) -> None:
        quantity = event.needs[0].quantity
        self.quantity, self.most = quantity, most
        self.weights, self.items = keyed_lines(event)
        w = self.weights
        self.relief = w.suppliers - 2 ** len(event.lines) * w.ids
        self.plain = Relaxer(w, self.items, quantity, most, 0)
        self.counted = Relaxer(w, self.items, quantity, most, self.relief)
        self.reaches = [item.line.pack_size * item.high for item in self.items]
        self.by_reach = sorted(
            range(len(self.items)),
            key=lambda index: -self.items[index].line.pack_size * self.items[index].high,
        )
        self.clones = _clones(self.items)

    def key_of(self, packs: Sequence[int]) -> int:
        return sum(item.key(count) for item, count in zip(self.items, packs, strict=True))

    def least_suppliers(self, domains: dict[int, Domain | None]) -> int | None:
        """The fewest offers any plan of the node buys (those bought for sure, then the free
        ones that reach furthest in the node), or ``None`` when even all of them fall short.

        The free offers are taken by their reach in the node: those the node leaves at their
        root range in the root's order, merged with those whose range a branch cut, sorted by
        what they reach now (a cut offer can fall behind offers it led at the root)."""
        count, reach = 0, 0
        cut = []
        for index, domain in domains.items():
            if domain is None:
                continue
            units = self.items[index].line.pack_size * domain.high
            if domain.optional:
                cut.append(-units)
            else:
                count += 1
                reach += units
        cut.sort()
        kept = (-self.reaches[index] for index in self.by_reach if index not in domains)
        for units in merge(kept, cut):
            if reach >= self.quantity:
                break
            count += 1
            reach -= units
        return count if reach >= self.quantity else None

    def bound(self, domains: dict[int, Domain | None]) -> tuple[int, Relaxation] | None:
        """The node's bound (the larger of the two relaxations') and the first relaxation,
        which the branches read; ``None`` when no plan of the node covers the need."""
        least = self.least_suppliers(domains)
        if least is None or least > self.most:
            return None
        relaxed = self.plain.relax(domains)
        if relaxed is None:
            return None
        counted = self.counted.relax(domains)
        if counted is None:
            return None
        bound = max(relaxed.bound, counted.bound + least * self.relief)
        bought = sum(1 for d in domains.values() if d is not None and not d.optional)
        opened = sum(1 for index, count in relaxed.packs.items() if count) - bought
        if relaxed.partial is not None and relaxed.partial.n1 == 0:
            opened += 1
        if opened > self.most - bought:
            slotted = self.plain.slotted(domains)
            if slotted is None:
                return None
            bound = max(bound, slotted)
        return bound, relaxed


def _clones(items: Sequence[Keyed]) -> dict[int, tuple[int, ...]]:
    """For each offer, the offers identical to it but for a later supplier id.

    Of two identical offers a best plan never buys the later without the earlier (buying the
    earlier instead costs, counts and delivers the same, with an earlier id), so leaving an
    offer out leaves its later clones out too.
    """
    groups: dict[object, list[int]] = {}
    for index, item in enumerate(items):
        line = item.line
        shape = (
            line.pack_size,
            line.least_packs,
            item.fees,
            line.pack_price,
            line.breaks,
            item.high,
        )
        groups.setdefault(shape, []).append(index)
    later: dict[int, tuple[int, ...]] = {}
    for members in groups.values():
        members.sort(key=lambda index: items[index].rank)
        for position, index in enumerate(members):
            later[index] = tuple(members[position + 1 :])
    return later


@attrs.frozen(eq=False, repr=False)
class _Node(Record):
    bound: int
    domains: dict[int, Domain | None]


def _domain(search: _Search, domains: dict[int, Domain | None], index: int) -> Domain | None:
    if index in domains:
        return domains[index]
    item = search.items[index]
    return Domain(True, item.low, item.high)


def search(event: Event, max_suppliers: int | None, nodes: int = DEFAULT_NODES) -> Award | Refusal:
    """The best award of a one-item event over its usable lines (see the module docstring), or
    ``event_infeasible``."""
    kept = [index for index in range(len(event.lines)) if usable(event, index)]
    if not kept:
        return Refusal(INFEASIBLE, (0,))
    chosen = attrs.evolve(event, lines=tuple(event.lines[index] for index in kept))
    most = len(kept) if max_suppliers is None else min(max_suppliers, len(kept))
    start = fullest_plan(chosen, most)
    if start is None:
        return Refusal(INFEASIBLE, (0,))
    run = _Search(chosen, most)
    best_packs = list(start)
    best = run.key_of(best_packs)
    single = best_single(chosen)
    if single is not None and run.key_of(single) < best:
        best_packs, best = list(single), run.key_of(single)
    stack = [_Node(-1, {})]
    visited = 0
    while stack:
        if visited == nodes:
            left = _least_bound_left(run, stack, best)
            if left is None:
                break
            lower = left // run.weights.cost
            return _award(event, kept, best_packs, run, proven=False, lower=lower, nodes=visited)
        node = stack.pop()
        if node.bound >= best:
            continue
        visited += 1
        found_bound = run.bound(node.domains)
        if found_bound is None:
            continue
        bound, relaxed = found_bound
        if bound >= best:
            continue
        for packs in _candidates(run, node.domains, relaxed):
            key = run.key_of(packs)
            if key < best:
                best_packs, best = packs, key
        if bound >= best:
            continue
        for child in _children(run, node.domains, relaxed):
            stack.append(_Node(bound, child))
    lower = best // run.weights.cost
    return _award(event, kept, best_packs, run, proven=True, lower=lower, nodes=visited)


def _least_bound_left(run: _Search, stack: list[_Node], best: int) -> int | None:
    """The least bound of the nodes left that could still hold a plan better than ``best``
    (each node's own bound, not its parent's), or ``None`` when none could: then the budget
    did not stop the proof."""
    bounds = []
    for node in stack:
        found = run.bound(node.domains)
        if found is not None and found[0] < best:
            bounds.append(found[0])
    return max(min(bounds), 0) if bounds else None


def _counts(run: _Search, relaxed: Relaxation) -> list[int]:
    packs = [0] * len(run.items)
    for index, count in relaxed.packs.items():
        packs[index] = count
    return packs


def _candidates(
    run: _Search, domains: dict[int, Domain | None], relaxed: Relaxation
) -> list[list[int]]:
    """Plans read off the relaxation: the relaxation itself when it is one, else the partial
    offer at its cheapest count covering the need, and at its segment's end."""
    packs = _counts(run, relaxed)
    if relaxed.partial is None:
        used = sum(1 for count in packs if count)
        return [packs] if used <= run.most else []
    index, _, u1, _, n2, rest = relaxed.partial
    item = run.items[index]
    domain = _domain(run, domains, index)
    assert domain is not None
    need = max(domain.low, -(-(u1 + rest) // item.line.pack_size))
    found = []
    for count in sorted({item.cheapest(need, domain.high), n2}):
        trial = list(packs)
        trial[index] = count
        if sum(1 for c in trial if c) <= run.most:
            found.append(trial)
    return found


def _children(
    run: _Search, domains: dict[int, Domain | None], relaxed: Relaxation
) -> list[dict[int, Domain | None]]:
    """The node's two parts (see the module docstring), the more promising last (it is popped
    first)."""
    if relaxed.partial is None:
        # A plan of too many offers: split on the last free offer it opened.
        opened = [
            (index, domain)
            for index, count in relaxed.packs.items()
            if count and (domain := _domain(run, domains, index)) is not None and domain.optional
        ]
        index, domain = opened[-1]
        return [
            {**domains, index: Domain(False, domain.low, domain.high)},
            _left_out(run, domains, index),
        ]
    index, n1, u1, _, _, rest = relaxed.partial
    domain = _domain(run, domains, index)
    assert domain is not None
    zero, low, high = domain
    if n1 == 0:
        return [_left_out(run, domains, index), {**domains, index: Domain(False, low, high)}]
    split = (u1 + rest) // run.items[index].line.pack_size
    return [
        {**domains, index: Domain(zero, low, split)},
        {**domains, index: Domain(False, split + 1, high)},
    ]


def _left_out(
    run: _Search, domains: dict[int, Domain | None], index: int
) -> dict[int, Domain | None]:
    """The node with ``index`` left out, and with it its later clones (:func:`_clones`)."""
    return {**domains, index: None, **dict.fromkeys(run.clones[index])}


def _award(
    event: Event,
    kept: Sequence[int],
    packs: Sequence[int],
    run: _Search,
    *,
    proven: bool,
    lower: int,
    nodes: int,
) -> Award:
    full = [0] * len(event.lines)
    for index, count in zip(kept, packs, strict=True):
        full[index] = count
    total = costing(event, full).landed_total
    # Unproven: the bound in the money's own places (the scale is 10^places), never rounded.
    bound = total if proven else Decimal(lower).scaleb(-(len(str(run.weights.scale)) - 1))
    cost_proven = proven or bound == total
    return Award(tuple(full), proven, bound, not proven, nodes, cost_proven=cost_proven)


def fullest_plan(event: Event, most: int | None) -> tuple[int, ...] | None:
    """An award covering the need if any does: the usable lines that deliver the most at their
    pack ceiling, largest first, at most ``most`` of them, each at its ceiling; ``None`` when
    even they fall short (then no award covers the need)."""
    quantity = event.needs[0].quantity
    reach = {index: pack_ceiling(event, index) for index in range(len(event.lines))}
    order = sorted(
        (index for index in reach if usable(event, index)),
        key=lambda index: -reach[index] * event.lines[index].pack_size,
    )
    packs = [0] * len(event.lines)
    covered = 0
    for index in order[:most]:
        if covered >= quantity:
            break
        packs[index] = reach[index]
        covered += packs[index] * event.lines[index].pack_size
    return tuple(packs) if covered >= quantity else None


def best_single(event: Event) -> tuple[int, ...] | None:
    """The best single-source award (one line at its :func:`~.costing.alone_packs` count), or
    ``None`` when no line covers the need alone. By the award's order a one-line award is
    ``(landed total, 1, delivered, (its id,))``, the pack counts deciding nothing more."""
    found = []
    for index, line in enumerate(event.lines):
        count = alone_packs(event, index)
        if count is None:
            continue
        vendor = event.vendors[line.vendor]
        goods = EXACT.multiply(price_at(line, count), count)
        landed = EXACT.add(goods, EXACT.add(vendor.freight, vendor.other_fees))
        found.append((landed, line.pack_size * count, vendor.supplier_id, index, count))
    if not found:
        return None
    *_, index, count = min(found)
    packs = [0] * len(event.lines)
    packs[index] = count
    return tuple(packs)


def award_one(event: Event, nodes: int = DEFAULT_NODES) -> Award | Refusal:
    """The best award of a one-item event (:func:`~quotecalc.solvers.award.model.one_item`),
    or ``event_infeasible``; ``nodes`` is the budget, and an award stopped by it has
    ``budget_stopped`` and the exact bound of the nodes left. The need's and the event's
    ``max_suppliers`` bind as the fewer of the two.

    With one line, or one supplier allowed, the best award is the best single source, proven
    without a search, and there is none exactly when no line covers the need alone (the fullest
    award of one line is then short too); otherwise :func:`search`, which decides feasibility
    by the fullest award itself.
    """
    assert one_item(event), "the branch and bound answers one item without tiers or minimums"
    limits = [m for m in (event.needs[0].max_suppliers, event.max_suppliers) if m is not None]
    most = min(limits, default=None)
    if len(event.lines) == 1 or most == 1:
        single = best_single(event)
        if single is None:
            return Refusal(INFEASIBLE, (0,))
        return Award(single, True, costing(event, single).landed_total, False, 0)
    return search(event, most, nodes)
