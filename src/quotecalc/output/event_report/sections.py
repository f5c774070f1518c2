"""The event report's sections (issues 26, 27, 35): the award's tables (suppliers, lines,
items), the baselines, the conversions and balances, the errors; each a heading, paragraphs,
listed entries and a table, unescaped."""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from ..layout import Table
from ..people import grouped
from .answer import single_supplier
from .figures import BASELINE_WORDS, BASELINES, SUPPLIER_MONEY, Money
from .limits import alone_reasons, split_reasons
from .reasons import error_place, figure_words
from .request import NO_REQUEST, day_count, lead_days, specifications, suppliers_of
from .words import WORDS


class Listed(NamedTuple):
    """One entry of a list: its words, and the code it stands for (shown as code beside the
    words, as the comparison's page does), if any."""

    words: str
    code: str | None = None


class EventSection(NamedTuple):
    """One section: its key (an HTML id), heading, paragraphs, list entries and table."""

    key: str
    heading: str
    paragraphs: tuple[str, ...] = ()
    items: tuple[Listed, ...] = ()
    table: Table | None = None


class EventView(NamedTuple):
    """The award for people, unescaped: title, the answer (headline first), the status line
    and its explanation, the sections."""

    title: str
    answer: tuple[str, ...]
    status: str
    explanation: str
    sections: tuple[EventSection, ...]


def error_sections(document: Mapping[str, Any], request: Any, lang: str) -> list[EventSection]:
    from ..wording import ERROR_TEXT

    words = WORDS[lang]
    rows = []
    for reason in document.get("reasons") or ():
        code = str(reason.get("code"))
        where = (
            str(reason.get("path") or "")
            if request is NO_REQUEST
            else error_place(reason, request, lang)
        )
        # No code column (issue 40, item 7): a code without words of ours shows the document's
        # message.
        rows.append((where, ERROR_TEXT[lang].get(code) or str(reason.get("message") or code)))
    headers = (words["col.where"], words["col.meaning"])
    shown = Table(headers, tuple(rows), frozenset(), frozenset())
    return [EventSection("errors", words["errors"], table=shown)]


def _with_specification(table: Table, specs: Mapping[str, str], blank: str) -> Table:
    """The table with the specification of each row's item (column 0) beside it, when the
    request gives any."""
    if not specs:
        return table
    headers = (table.headers[0], blank, *table.headers[1:])
    rows = tuple((row[0], specs.get(row[0], "-"), *row[1:]) for row in table.rows)
    return Table(
        headers,
        rows,
        frozenset(i + 1 for i in table.numeric),
        frozenset(i + 1 if i else 0 for i in table.ids),
    )


def award_sections(
    shown: Mapping[str, Any], request: Any, lang: str, money: Money
) -> list[EventSection]:
    words = WORDS[lang]
    leads = lead_days(request)
    specs = specifications(request)

    def lead(who: Any) -> str:
        days = day_count(leads.get(str(who)))
        return "-" if days is None else str(days)

    def cols(*names: str) -> tuple[str, ...]:
        return tuple(words[f"col.{name}"] for name in names)

    lines = Table(
        cols("item", "supplier", "packs", "delivered", "pack_price", "goods_subtotal"),
        tuple(
            (
                str(line["itemId"]),
                str(line["supplierId"]),
                grouped(str(line["packs"])),
                grouped(str(line["deliveredQuantity"])),
                money(line["packPrice"]),
                money(line["goodsSubtotal"]),
            )
            for line in shown["lines"]
        ),
        frozenset({2, 3, 4, 5}),
        frozenset({1}),
    )
    suppliers = Table(
        cols("supplier", "goods_subtotal", "discount", "freight", "other_fees", "landed", "lead"),
        tuple(
            (str(s["supplierId"]), *(money(s[k]) for k in SUPPLIER_MONEY), lead(s["supplierId"]))
            for s in shown["suppliers"]
        ),
        frozenset({1, 2, 3, 4, 5, 6}),
    )
    items = Table(
        cols("item", "need", "delivered", "overbuy", "suppliers"),
        tuple(
            (
                str(i["itemId"]),
                grouped(str(i["quantity"])),
                grouped(str(i["deliveredQuantity"])),
                grouped(str(i["overbuyQuantity"])),
                words["and"].join(str(s) for s in i["suppliers"]),
            )
            for i in shown["items"]
        ),
        frozenset({1, 2, 3}),
        frozenset({4}),
    )
    spec = words["col.specification"]
    return [
        EventSection("event-suppliers", words["suppliers"], table=suppliers),
        EventSection(
            "event-lines", words["award_lines"], table=_with_specification(lines, specs, spec)
        ),
        EventSection(
            "event-items",
            words["items"],
            paragraphs=split_reasons(shown, request, lang, money),
            table=_with_specification(items, specs, spec),
        ),
    ]


def baseline_section(
    document: Mapping[str, Any], request: Any, lang: str, money: Callable[[Any], str]
) -> EventSection:
    words = WORDS[lang]
    baselines = document["baselines"]
    rows = []
    for name in BASELINES:
        entry = baselines.get(name) or {}
        award = entry.get("award")
        who = single_supplier(baselines) if name == "singleSupplier" else []
        label = (
            words["singleSupplier_named"].format(who=words["and"].join(who))
            if who
            else words[BASELINE_WORDS[name]]
        )
        reason = entry.get("reason")
        saving = entry.get("saving")
        rows.append(
            (
                label,
                words["none"] if award is None else money(award["landedTotal"]),
                words.get(str(reason), str(reason))
                if reason
                else ("-" if saving is None else money(saving)),
            )
        )
    headers = (words["col.baseline"], words["col.landed"], words["col.award_saves"])
    return EventSection(
        "event-baselines",
        words["baselines"],
        paragraphs=(words["baselines_note"], *alone_reasons(document, request, lang)),
        table=Table(headers, tuple(rows), frozenset({1, 2}), frozenset()),
    )


def conversion_sections(
    document: Mapping[str, Any], request: Any, lang: str, money: Money
) -> list[EventSection]:
    """Where converted figures came from (issue 27), in words (issue 35): each figure as
    quoted, with the rate, source and date used; each rate no supplier used; then each
    prepaid balance's fate."""
    words = WORDS[lang]
    found: list[EventSection] = []
    suppliers = suppliers_of(request)
    if "conversions" in document:
        rows = []
        for entry in document["conversions"]:
            rate = entry["convertedAt"]
            shown_rate = words["rate"].format(
                from_=rate["from"], rate=grouped(str(rate["rate"])), to=rate["to"]
            )
            source = (
                f"{rate['source']}, {rate['asOf']}"
                if lang == "en"
                else (f"{rate['source']}，{rate['asOf']}")
            )
            for key, value in entry["original"].items():
                rows.append(
                    (
                        str(entry["supplierId"]),
                        figure_words(key, suppliers.get(str(entry["supplierId"])), lang),
                        f"{money.quoted(value, str(entry['currency']))} {entry['currency']}",
                        shown_rate,
                        source,
                    )
                )
        headers = tuple(
            words[f"col.{k}"] for k in ("supplier", "figure", "as_quoted", "rate", "source")
        )
        unused = tuple(
            words["unused_rate"].format(
                from_=rate["from"],
                rate=grouped(str(rate["rate"])),
                to=rate["to"],
                source=rate["source"],
                as_of=rate["asOf"],
            )
            for rate in document.get("unusedRates") or ()
        )
        found.append(
            EventSection(
                "event-conversions",
                words["converted_at_rates"],
                paragraphs=(words["conversions_note"], *unused),
                table=Table(headers, tuple(rows), frozenset({2})) if rows else None,
            )
        )
    if "balances" in document:
        fates = [
            (
                str(b["supplierId"]),
                str(b["itemId"]),
                grouped(str(b["units"])),
                str(b["expiresAt"]),
                words.get(f"balance.{b['status']}", str(b["status"])),
                grouped(str(b["unitsUsed"])),
            )
            for b in document["balances"]["balances"]
        ]
        headers = tuple(
            words[f"col.{k}"] for k in ("supplier", "item", "units", "expires", "status", "used")
        )
        found.append(
            EventSection(
                "event-balances",
                words["balances"],
                table=Table(headers, tuple(fates), frozenset({2, 5})),
            )
        )
    return found
