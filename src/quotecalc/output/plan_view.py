"""The readable purchase plan (issue 25): a purchase-plan document read for a buyer, answer first.

A reader of the document (``quotecalc.planning.document``), nothing more: every figure is the
document's own string (cost per delivered unit, the slowest line's lead days, each break
reached or short by, the saving against the best single source, whether an order is
deliverable); the only change made to a number is padding money with zeros to the places of
the plan's other amounts (:func:`.people.pad`), so ``0`` reads ``0.00`` beside ``5.00``.

:func:`plan_view` gives the title, the answer's sentences (the first is the headline: what to
buy, the total and the currency, whether it is proven the least, and the saving against the
best single supplier) and the sections, as plain text with user text made visible
(:func:`.cells.clean`); :mod:`.plan_text` and :mod:`.plan_html` only lay them out.

Truthful by construction: "proven" is said only when the document's ``best.proven`` is true;
an ``atNeed`` the supplier cannot deliver (``deliverable: false``) is shown as what it can
deliver, never as a price; a missing lead day is unknown, not zero.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any, Final, NamedTuple

from .cells import clean
from .people import money_places, pad
from .plan_words import LIMITATION_WORDS, REASON_TEXT, WORDS
from .wording import ERROR_TEXT, LIMITATION_TEXT

LANGUAGES: Final = ("en", "zh")
ORDER_MONEY: Final = ("packPrice", "goodsSubtotal", "landedTotal")
LINE_MONEY: Final = ("packPrice", "goodsSubtotal", "freight", "otherFees", "landedTotal")


class Table(NamedTuple):
    """A table: plain-word headers, plain-text cells, the right-aligned (numeric) columns and
    the columns holding supplier ids."""

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    numeric: frozenset[int]
    ids: frozenset[int] = frozenset({0})


class Section(NamedTuple):
    """One section: its key (an HTML id), heading, paragraphs, list items and table."""

    key: str
    heading: str
    paragraphs: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    table: Table | None = None


class PlanView(NamedTuple):
    """The readable plan: title, the answer (headline first), status line, sections."""

    lang: str
    title: str
    answer: tuple[str, ...]
    status: str
    sections: tuple[Section, ...]


class _Reader:
    """The words of one language and the money places of one document."""

    def __init__(self, lang: str, plan: Mapping[str, Any] | None) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unsupported language: {lang}")
        self.lang = lang
        self.words = WORDS[lang]
        self.places = money_places(_amounts(plan)) if plan is not None else 0

    def say(self, key: str, **values: str) -> str:
        return self.words[key].format(**values)

    def money(self, value: Any) -> str:
        return self.words["unknown"] if value is None else clean(pad(str(value), self.places))

    def pack_word(self, packs: str) -> str:
        return self.words["pack" if packs == "1" else "packs"]

    def join(self, parts: Sequence[str]) -> str:
        if len(parts) < 2:
            return "".join(parts)
        return self.words["join"].join(parts[:-1]) + self.words["join_last"] + parts[-1]

    def lead(self, days: Any) -> str:
        return self.words["unknown"] if days is None else str(days)


def _amounts(plan: Mapping[str, Any]) -> list[str | None]:
    """Every money string of the plan, for one number of places across it."""
    found: list[str | None] = []
    for entry in plan["singleSource"]:
        for order in (entry["atNeed"], entry["cheapest"]):
            if order is not None:
                found.extend(order[key] for key in ORDER_MONEY)
                if order["nextBreak"] is not None:
                    found.append(order["nextBreak"]["packPrice"])
        found.append(entry["saving"])
    best = plan.get("best")
    if best is not None:
        for line in best["lines"]:
            found.extend(line[key] for key in LINE_MONEY)
            found.extend(b["packPrice"] for b in line["breaks"])
        found.extend((best["landedTotal"], best["lowerBound"], best["savingVsSingleSource"]))
    return found


def _single_by_id(plan: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    return {str(entry["supplierId"]): entry for entry in plan["singleSource"]}


def _headline(read: _Reader, plan: Mapping[str, Any], best: Mapping[str, Any]) -> str:
    lines = best["lines"]
    currency = clean(str(plan["currency"]))
    orders = [
        read.say(
            "order_first" if index == 0 else "order_next",
            packs=str(line["packs"]),
            pack_word=read.pack_word(str(line["packs"])),
            who=clean(str(line["supplierId"])),
        )
        for index, line in enumerate(lines)
    ]
    if best["proven"] is True:
        proof = read.say("proven")
    elif Decimal(str(best["lowerBound"])) == Decimal(str(best["landedTotal"])):
        # The total is the least; only the order among equally cheap plans was left open.
        proof = read.say("unproven_tie")
    else:
        proof = read.say("unproven", bound=read.money(best["lowerBound"]), currency=currency)
    alone_id = plan.get("bestSingleSource")
    saving = best.get("savingVsSingleSource")
    if alone_id is None or saving is None:
        compare = read.say("compare_none", quantity=str(plan["quantity"]))
    else:
        alone = _single_by_id(plan)[str(alone_id)]["cheapest"]
        values = {
            "who": clean(str(alone_id)),
            "packs": str(alone["packs"]),
            "pack_word": read.pack_word(str(alone["packs"])),
            "total": read.money(alone["landedTotal"]),
        }
        if Decimal(str(saving)) == 0:
            compare = read.say("compare_same", **values)
        else:
            compare = read.say("compare_saving", saving=read.money(saving), **values)
    return read.say(
        "buy",
        orders=read.join(orders),
        total=read.money(best["landedTotal"]),
        currency=currency,
        proof=proof,
        compare=compare,
    )


def _arrival(read: _Reader, best: Mapping[str, Any]) -> str:
    lines = best["lines"]
    days = best.get("leadDays")
    if days is None:
        unknown = [clean(str(line["supplierId"])) for line in lines if line["leadDays"] is None]
        return read.say("arrives_unknown", who=read.words["list_join"].join(unknown))
    slowest = [clean(str(line["supplierId"])) for line in lines if line["leadDays"] == days]
    key = "arrives_one" if len(lines) == 1 else "arrives"
    return read.say(key, days=str(days), who=read.words["list_join"].join(slowest))


def _break_items(read: _Reader, who: str, breaks: Sequence[Mapping[str, Any]]) -> list[str]:
    if not breaks:
        return [read.say("break_none", who=who)]
    shown = []
    for entry in breaks:
        values = {
            "who": who,
            "minimum": str(entry["minimumQuantity"]),
            "price": read.money(entry["packPrice"]),
        }
        if entry["applies"]:
            shown.append(read.say("break_applies", **values))
        elif entry["reached"]:
            shown.append(read.say("break_passed", **values))
        else:
            shown.append(read.say("break_missed", short=str(entry["shortBy"]), **values))
    return shown


def _order_breaks(read: _Reader, who: str, order: Mapping[str, Any]) -> list[str]:
    """A single source's order: the break that applies and the next one, as the document
    gives them (``breakApplied``, ``nextBreak``)."""
    applied, following = order["breakApplied"], order["nextBreak"]
    shown = []
    if applied is not None:
        shown.append(
            read.say(
                "break_applies", who=who, minimum=str(applied), price=read.money(order["packPrice"])
            )
        )
    if following is not None:
        shown.append(
            read.say(
                "break_missed",
                who=who,
                minimum=str(following["minimumQuantity"]),
                price=read.money(following["packPrice"]),
                short=str(following["shortBy"]),
            )
        )
    return shown or [read.say("break_none", who=who)]


def _alternative(read: _Reader, plan: Mapping[str, Any]) -> str | None:
    alone_id = plan.get("bestSingleSource")
    if alone_id is None:
        return None
    entry = _single_by_id(plan)[str(alone_id)]
    order = entry["cheapest"]
    days = entry["leadDays"]
    return read.say(
        "alternative",
        who=clean(str(alone_id)),
        packs=str(order["packs"]),
        pack_word=read.pack_word(str(order["packs"])),
        delivered=str(order["deliveredQuantity"]),
        over=str(order["overbuyQuantity"]),
        total=read.money(order["landedTotal"]),
        currency=clean(str(plan["currency"])),
        per_unit=str(order["costPerDeliveredUnit"]),
        lead=read.say("lead_unknown") if days is None else read.say("lead_days", days=str(days)),
    )


def _lines_table(read: _Reader, best: Mapping[str, Any]) -> Table:
    # What a buyer decides on first (packs, units, total, per unit, days), then the breakdown:
    # on a phone the first columns are the ones on screen.
    keys = (
        "supplier", "packs", "delivered", "landed", "per_unit", "lead", "pack_price", "goods",
        "freight", "other",
    )  # fmt: skip
    rows = [
        (
            clean(str(line["supplierId"])),
            str(line["packs"]),
            str(line["deliveredQuantity"]),
            read.money(line["landedTotal"]),
            str(line["costPerDeliveredUnit"]),
            read.lead(line["leadDays"]),
            read.money(line["packPrice"]),
            read.money(line["goodsSubtotal"]),
            read.money(line["freight"]),
            read.money(line["otherFees"]),
        )
        for line in best["lines"]
    ]
    blank = ""  # not a value of the plan as a whole (not unknown)
    rows.append(
        (
            read.words["total_row"],
            blank,
            str(best["deliveredQuantity"]),
            read.money(best["landedTotal"]),
            str(best["costPerDeliveredUnit"]),
            read.lead(best["leadDays"]),
            blank,
            blank,
            blank,
            blank,
        )
    )
    headers = tuple(read.words[f"col.{key}"] for key in keys)
    return Table(headers, tuple(rows), frozenset(range(1, 10)))


def _order_cell(read: _Reader, order: Mapping[str, Any] | None) -> str:
    if order is None:
        return read.words["unknown"]
    return read.say("order_cell", packs=str(order["packs"]), total=read.money(order["landedTotal"]))


def _per_unit(read: _Reader, order: Mapping[str, Any] | None) -> str:
    return read.words["unknown"] if order is None else str(order["costPerDeliveredUnit"])


def _single_table(read: _Reader, plan: Mapping[str, Any]) -> Table:
    keys = ("supplier", "at_need", "next_break", "cheapest", "saving", "per_unit", "lead")
    rows = []
    for entry in plan["singleSource"]:
        at_need = entry["atNeed"]
        cheapest = entry["cheapest"]
        if at_need["deliverable"]:
            need_cell = _order_cell(read, at_need)
        else:
            # Not a price anyone can buy at: what the supplier can deliver instead.
            need_cell = read.say(
                "cannot_deliver",
                units=read.lead(entry["capacityQuantity"]),
                packs=read.lead(entry["capacityPacks"]),
            )
        following = at_need["nextBreak"] if at_need["deliverable"] else None
        next_cell = (
            read.words["unknown"]
            if following is None
            else read.say(
                "next_cell",
                minimum=str(following["minimumQuantity"]),
                price=read.money(following["packPrice"]),
                short=str(following["shortBy"]),
            )
        )
        rows.append(
            (
                clean(str(entry["supplierId"])),
                need_cell,
                next_cell,
                _order_cell(read, cheapest),
                read.money(entry["saving"]),
                _per_unit(read, cheapest),
                read.lead(entry["leadDays"]),
            )
        )
    headers = tuple(read.words[f"col.{key}"] for key in keys)
    return Table(headers, tuple(rows), frozenset({4, 5, 6}))


def _reason(read: _Reader, reason: Mapping[str, Any]) -> str:
    code = str(reason.get("code"))
    named = [clean(str(reason[key])) for key in ("supplierId", "field") if reason.get(key)]
    what = " ".join(named) if named else read.words["unknown"]
    template = REASON_TEXT[read.lang].get(code)
    return clean(code) if template is None else template.format(what=what)


def _limitations(read: _Reader, limitations: Sequence[Mapping[str, Any]]) -> Section:
    shown = []
    for entry in limitations:
        code = str(entry.get("code"))
        text = LIMITATION_WORDS[read.lang].get(code) or LIMITATION_TEXT[read.lang].get(code)
        shown.append(clean(code) if text is None else text)
    return Section("limitations", read.words["section.limitations"], items=tuple(shown))


def _errors(read: _Reader, errors: Sequence[Mapping[str, Any]], raw: bytes | str | None) -> Section:
    """The errors, each where it is: in words for a page for people when the request text is
    known (:func:`quotecalc.output.fieldnames.error_places`: "pack price of quote 2 (X)", the
    unknown key by name), else its path."""
    if raw is not None:
        from ..planning.document import RUNNER
        from .fieldnames import error_places, load

        # the plan validator's own rows (issue 34), never rebuilt here
        plan_rows = RUNNER.root_fields()
        request = load(raw)
        known = list(errors)
        where = [
            read.join(
                error_places(
                    read.lang, error, request, words=str, ids=clean, code=_quoted, root=plan_rows
                )
            )
            for error in known
        ]
    else:
        where = [
            clean(str(error.get("path"))) if error.get("path") else read.words["whole_input"]
            for error in errors
        ]
    rows = tuple(
        (
            place,
            clean(str(error.get("code"))),
            ERROR_TEXT[read.lang].get(str(error.get("code")), clean(str(error.get("code")))),
        )
        for place, error in zip(where, errors, strict=True)
    )
    column = "col.where" if raw is not None else "col.path"
    headers = (read.words[column], read.words["col.code"], read.words["col.meaning"])
    return Section(
        "errors", read.words["section.errors"], table=Table(headers, rows, frozenset(), frozenset())
    )


def _status(read: _Reader, status: str) -> str:
    label = read.words.get(f"status.{status}", clean(status))
    # No exit code: the page is for people (issue 29); the CLI's exit code says it already.
    return read.say("status", status=label)


def _with_plan(
    read: _Reader, document: Mapping[str, Any], plan: Mapping[str, Any]
) -> tuple[list[str], list[Section]]:
    answer: list[str] = []
    sections: list[Section] = []
    best = plan.get("best")
    currency = clean(str(plan["currency"]))
    most = plan.get("maxSuppliers")
    if most is None:
        limit = read.say("limit_any")
    elif str(most) == "1":
        limit = read.say("limit_one")
    else:
        limit = read.say("limit_some", count=str(most))
    bought = read.say(
        "bought",
        quantity=str(plan["quantity"]),
        item=clean(str(plan["specification"])),
        currency=currency,
        limit=limit,
    )
    alternative = _alternative(read, plan)
    balances = plan.get("balances")
    covered = (
        None
        if balances is None
        else read.say(
            "balances",
            covered=str(balances["unitsFromBalances"]),
            as_of=clean(str(balances["asOf"])),
            to_buy=str(balances["unitsToBuy"]),
        )
    )
    if best is not None:
        answer.append(_headline(read, plan, best))
        answer.extend(line for line in (covered, bought) if line is not None)
        answer.append(
            read.say(
                "delivered",
                delivered=str(best["deliveredQuantity"]),
                over=str(best["overbuyQuantity"]),
                per_unit=str(best["costPerDeliveredUnit"]),
                currency=currency,
            )
        )
        answer.append(_arrival(read, best))
        sections.append(
            Section("lines", read.words["section.lines"], table=_lines_table(read, best))
        )
        breaks = [
            item
            for line in best["lines"]
            for item in _break_items(read, clean(str(line["supplierId"])), line["breaks"])
        ]
        sections.append(Section("breaks", read.words["section.breaks"], items=tuple(breaks)))
    else:
        reasons = document["reasons"]
        first = _reason(read, reasons[0]) if reasons else read.words["unknown"]
        answer.append(read.say("no_best", reason=first))
        answer.extend(line for line in (covered, bought) if line is not None)
        if alternative is not None:
            alone = _single_by_id(plan)[str(plan["bestSingleSource"])]["cheapest"]
            answer.append(
                read.say(
                    "single_best",
                    who=clean(str(plan["bestSingleSource"])),
                    packs=str(alone["packs"]),
                    pack_word=read.pack_word(str(alone["packs"])),
                    total=read.money(alone["landedTotal"]),
                    currency=currency,
                    per_unit=str(alone["costPerDeliveredUnit"]),
                )
            )
        sections.append(
            Section(
                "reasons",
                read.words["section.reasons"],
                items=tuple(_reason(read, r) for r in reasons),
            )
        )
    if alternative is not None:
        alone_id = str(plan["bestSingleSource"])
        alone = _single_by_id(plan)[alone_id]["cheapest"]
        sections.append(
            Section(
                "alternative",
                read.words["section.alternative"],
                paragraphs=(alternative,),
                items=tuple(_order_breaks(read, clean(alone_id), alone)),
            )
        )
    sections.append(
        Section(
            "single",
            read.words["section.single"],
            paragraphs=(read.words["single_note"],),
            table=_single_table(read, plan),
        )
    )
    return answer, sections


def _conversions(read: _Reader, document: Mapping[str, Any]) -> Section | None:
    """Each converted quote with its figures as quoted and the rate used, and each rate no
    quote used (issue 27): every converted figure says where it came from."""
    if "conversions" not in document:
        return None
    items = []
    for entry in document["conversions"]:
        rate = entry["convertedAt"]
        original = read.join(
            [f"{name} {clean(str(value))}" for name, value in entry["original"].items()]
        )
        items.append(
            read.say(
                "converted",
                who=clean(str(entry["supplierId"])),
                currency=clean(str(entry["currency"])),
                original=original,
                **_rate_words(rate),
            )
        )
    items.extend(read.say("unused_rate", **_rate_words(r)) for r in document["unusedRates"])
    return Section("conversions", read.words["section.conversions"], items=tuple(items))


def _rate_words(rate: Mapping[str, Any]) -> dict[str, str]:
    return {
        "rate": clean(str(rate["rate"])),
        "pair": f"{clean(str(rate['from']))}→{clean(str(rate['to']))}",
        "source": clean(str(rate["source"])),
        "as_of": clean(str(rate["asOf"])),
    }


def _balances(read: _Reader, plan: Mapping[str, Any]) -> Section | None:
    """Each prepaid balance and what became of it, and the goods cost this need takes."""
    balances = plan.get("balances")
    if balances is None:
        return None
    as_of = clean(str(balances["asOf"]))
    items = []
    for entry in balances["balances"]:
        status = str(entry["status"])
        items.append(
            read.say(
                "balance",
                who=clean(str(entry["supplierId"])),
                units=str(entry["units"]),
                expires=clean(str(entry["expiresAt"])),
                status=read.say(f"balance.{status}", used=str(entry["unitsUsed"]), as_of=as_of),
            )
        )
    paragraphs: tuple[str, ...] = ()
    if balances["allocatedGoodsCost"] is not None and balances["leftoverUnits"] is not None:
        paragraphs = (
            read.say(
                "allocated",
                allocated=str(balances["allocatedGoodsCost"]),
                currency=clean(str(plan["currency"])),
                leftover=str(balances["leftoverUnits"]),
            ),
        )
    return Section(
        "balances", read.words["section.balances"], paragraphs=paragraphs, items=tuple(items)
    )


def _quoted(key: str) -> str:
    return f"`{clean(key)}`"


def plan_view(
    document: Mapping[str, Any], lang: str = "en", raw: bytes | str | None = None
) -> PlanView:
    """The readable plan of one purchase-plan document (``PlanDocument.output``)."""
    plan = document.get("plan")
    read = _Reader(lang, plan)
    status = str(document["status"])
    reasons = document.get("reasons") or []
    sections: list[Section] = []
    if status == "invalid_input":
        answer = [read.say("invalid", count=str(len(reasons)))]
        sections.append(_errors(read, reasons, raw))
    elif status == "internal_error":
        answer = [read.say("internal")]
    elif plan is None:
        answer = [read.say("no_plan", count=str(len(reasons)))]
        sections.append(
            Section(
                "reasons",
                read.words["section.reasons"],
                items=tuple(_reason(read, r) for r in reasons),
            )
        )
    else:
        answer, found = _with_plan(read, document, plan)
        sections.extend(found)
        extra = (_balances(read, plan), _conversions(read, document))
        sections.extend(section for section in extra if section is not None)
    if status not in ("invalid_input", "internal_error"):
        sections.append(_limitations(read, document.get("limitations") or []))
    item = None if plan is None else plan.get("specification")
    title = read.words["title_plain"] if item is None else read.say("title", item=clean(str(item)))
    return PlanView(lang, title, tuple(answer), _status(read, status), tuple(sections))
