"""The event award for people (issue 26): ``--event --format text|html [--lang en|zh]``.

A reader of the event-award document, nothing more: the answer first ("Award A the bolts and
nuts, W the washers: 1,175.00 CNY, proven; 19.0 % below the best single supplier"), then the
award's lines, suppliers and items, the baselines, the reasons and the limitations. Every
figure is the document's own string (grouped by thousands for reading); the only arithmetic is
the saving as a share of a baseline's total (:func:`.people.percent`, rounded once, half-up).
Text from the request (ids) is escaped for the terminal (:func:`.cells.clean`) or for HTML
(:func:`html.escape`). The currency is the request's own ``currency`` (:func:`event_currency`).
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import html
import json
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, Final

from .cells import clean, table
from .people import percent

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "title": "quotecalc {version} event award",
        "status": "Status: {status} (exit code {exit})",
        "status_page": "Status: {status}",
        "col.where": "Where",
        "the_request": "the request",
        "of": " of ",
        "key_in": "key `{key}` in {place}",
        "entry.suppliers": "supplier {number}",
        "entry.items": "item {number}",
        "entry.offers": "offer {number}",
        "entry.priceBreaks": "price break {number}",
        "entry.spendDiscounts": "spend tier {number}",
        "entry.exchangeRates": "exchange rate {number}",
        "entry.balances": "balance {number}",
        "award": "Award {parts}: {total}, {proof}",
        "part": "{who} the {items}",
        "part_split": "{who} part of the {items}",
        "and": " and ",
        "comma": ", ",
        "proven": "proven",
        "not_proven": "not proven (the least total is at least {bound})",
        "below": "{share} below {baseline} ({total})",
        "above": "{share} above {baseline} ({total})",
        "equal": "the same as {baseline}",
        "singleSupplier": "the best single supplier",
        "cheapestPerItem": "buying each item from its cheapest supplier",
        "no_award": "No award.",
        "invalid": "The request is not valid: nothing was awarded.",
        "internal": "An internal error occurred: nothing was awarded.",
        "lines": "Award lines",
        "suppliers": "Suppliers awarded",
        "items": "Items",
        "baselines": "Baselines",
        "reasons": "Reasons",
        "limitations": "Limitations",
        "errors": "Errors",
        "col.item": "Item",
        "col.supplier": "Supplier",
        "col.packs": "Packs",
        "col.delivered": "Delivered",
        "col.pack_price": "Pack price",
        "col.goods": "Goods",
        "col.discount": "Discount",
        "col.freight": "Freight",
        "col.fees": "Other fees",
        "col.landed": "Landed total",
        "col.need": "Need",
        "col.overbuy": "Overbuy",
        "col.suppliers": "Suppliers",
        "col.baseline": "Baseline",
        "col.saving": "Award saves",
        "col.code": "Code",
        "col.about": "About",
        "col.path": "Path",
        "col.message": "Message",
        "none": "none",
        "conversions": "Converted at the rates given",
        "balances": "Prepaid balances",
        "col.currency": "Quoted in",
        "col.rate": "Converted at",
        "col.source": "Source, as of",
        "col.original": "As quoted",
        "col.units": "Units",
        "col.expires": "Expires",
        "col.status": "What became of it",
        "col.used": "Used",
        "unused": "not used",
    },
    "zh": {
        "title": "quotecalc {version} 寻源授标",
        "status": "状态：{status}（退出码 {exit}）",
        "status_page": "状态：{status}",
        "col.where": "位置",
        "the_request": "请求",
        "of": "的",
        "key_in": "{place}中的键 `{key}`",
        "entry.suppliers": "第 {number} 个供应商",
        "entry.items": "第 {number} 个物料",
        "entry.offers": "第 {number} 个报价",
        "entry.priceBreaks": "第 {number} 档数量折扣",
        "entry.spendDiscounts": "第 {number} 档采购额折扣",
        "entry.exchangeRates": "第 {number} 个汇率",
        "entry.balances": "第 {number} 笔预付余额",
        "award": "授标：{parts}：{total}，{proof}",
        "part": "{who} 供应 {items}",
        "part_split": "{who} 供应部分 {items}",
        "and": "、",
        "comma": "；",
        "proven": "已证明最优",
        "not_proven": "未证明最优（最低总额不低于 {bound}）",
        "below": "比{baseline}低 {share}（{total}）",
        "above": "比{baseline}高 {share}（{total}）",
        "equal": "与{baseline}相同",
        "singleSupplier": "最佳单一供应商",
        "cheapestPerItem": "各物料取最便宜供应商",
        "no_award": "无授标。",
        "invalid": "请求无效：未授标。",
        "internal": "发生内部错误：未授标。",
        "lines": "授标明细",
        "suppliers": "中标供应商",
        "items": "物料",
        "baselines": "基准",
        "reasons": "原因",
        "limitations": "局限",
        "errors": "错误",
        "col.item": "物料",
        "col.supplier": "供应商",
        "col.packs": "包数",
        "col.delivered": "交付数量",
        "col.pack_price": "每包价格",
        "col.goods": "货款",
        "col.discount": "折扣",
        "col.freight": "运费",
        "col.fees": "其他费用",
        "col.landed": "到岸总额",
        "col.need": "需求",
        "col.overbuy": "超买",
        "col.suppliers": "供应商",
        "col.baseline": "基准",
        "col.saving": "授标节省",
        "col.code": "代码",
        "col.about": "对象",
        "col.path": "路径",
        "col.message": "说明",
        "none": "无",
        "conversions": "按所给汇率换算",
        "balances": "预付余额",
        "col.currency": "原报价币种",
        "col.rate": "换算汇率",
        "col.source": "来源与日期",
        "col.original": "原报价",
        "col.units": "数量",
        "col.expires": "到期日",
        "col.status": "处理",
        "col.used": "已用",
        "unused": "未使用",
    },
}
LANG_TAGS: Final = {"en": "en", "zh": "zh-Hans"}
BASELINES: Final = ("singleSupplier", "cheapestPerItem")


def event_currency(raw: bytes) -> str | None:
    """The request's ``currency`` when the bytes are an object holding a string there (the
    document has no currency of its own); ``None`` otherwise. Presentation only."""
    try:
        document = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    found = document.get("currency") if isinstance(document, dict) else None
    return found if isinstance(found, str) else None


def grouped(value: str) -> str:
    """A decimal string with its whole part grouped by thousands: ``12345.60`` -> ``12,345.60``."""
    sign = "-" if value.startswith("-") else ""
    whole, dot, fraction = value.lstrip("-").partition(".")
    groups: list[str] = []
    while len(whole) > 3:
        whole, tail = whole[:-3], whole[-3:]
        groups.insert(0, tail)
    return sign + ",".join([whole, *groups]) + dot + fraction


def _money(value: str, currency: str | None) -> str:
    """``currency`` is already escaped for where it is shown."""
    return grouped(value) + ("" if currency is None else f" {currency}")


def _comparison(
    words: Mapping[str, str], baselines: Mapping[str, Any], currency: str | None, lang: str
) -> list[str]:
    found = []
    for name in BASELINES:
        entry = baselines.get(name) or {}
        shown, saving = entry.get("award"), entry.get("saving")
        if shown is None or saving is None:
            continue
        total = shown["landedTotal"]
        if Fraction(saving) == 0:
            found.append(words["equal"].format(baseline=words[name]))
            continue
        share = percent(abs(Fraction(saving)) / Fraction(total), lang) if Fraction(total) else ""
        key = "below" if Fraction(saving) > 0 else "above"
        found.append(
            words[key].format(share=share, baseline=words[name], total=_money(total, currency))
        )
    return found


def answer_sentence(
    document: Mapping[str, Any], currency: str | None, lang: str, escape: Callable[[str], str]
) -> str:
    """The answer first, one sentence; ``escape`` applies to every id from the request and to
    the currency."""
    words = WORDS[lang]
    currency = None if currency is None else escape(currency)
    status = document.get("status")
    if status == "invalid_input":
        return words["invalid"]
    if status == "internal_error":
        return words["internal"]
    shown = document.get("award")
    if shown is None:
        return words["no_award"]
    split = {i["itemId"] for i in shown["items"] if len(i["suppliers"]) > 1}
    parts = []
    for entry in shown["suppliers"]:
        who = entry["supplierId"]
        ids = [line["itemId"] for line in shown["lines"] if line["supplierId"] == who]
        whole = [i for i in ids if i not in split]
        if whole:
            items = words["and"].join(escape(i) for i in whole)
            parts.append(words["part"].format(who=escape(who), items=items))
        shared = [i for i in ids if i in split]
        if shared:
            items = words["and"].join(escape(i) for i in shared)
            parts.append(words["part_split"].format(who=escape(who), items=items))
    proof = (
        words["proven"]
        if shown["proven"]
        else words["not_proven"].format(bound=_money(shown["lowerBound"], currency))
    )
    text = words["award"].format(
        parts=words["comma"].join(parts),
        total=_money(shown["landedTotal"], currency),
        proof=proof,
    )
    more = _comparison(words, document.get("baselines") or {}, currency, lang)
    separator = "；" if lang == "zh" else "; "
    return separator.join([text, *more]) + ("。" if lang == "zh" else ".")


_NO_REQUEST: Final = object()
_IDS: Final = {"suppliers": "supplierId", "items": "itemId", "offers": "itemId"}


def place_in_words(path: str, request: Any, lang: str) -> str:
    """Where ``path`` points in an event request, in words: ``packPrice`` of offer 2 (nuts)
    of supplier 1 (A); the request's own ids name its entries where the text has them."""
    words = WORDS[lang]
    steps = [part.replace("~1", "/").replace("~0", "~") for part in path.split("/")[1:]]
    parts: list[str] = []
    node = request
    index = 0
    while index < len(steps):
        step = steps[index]
        child = node.get(step) if isinstance(node, dict) else None
        number = steps[index + 1] if index + 1 < len(steps) else ""
        if f"entry.{step}" in words and number.isdigit():
            entry = (
                child[int(number)] if isinstance(child, list) and int(number) < len(child) else None
            )
            shown = words[f"entry.{step}"].format(number=int(number) + 1)
            # Only suppliers, items and offers have ids; a price break's (or a tier's) text under
            # some key is not its name, whatever the key.
            id_key = _IDS.get(step)
            ident = entry.get(id_key) if id_key is not None and isinstance(entry, dict) else None
            if isinstance(ident, str):
                shown = f"{shown} ({ident})" if lang == "en" else f"{shown}（{ident}）"
            parts.append(shown)
            node, index = entry, index + 2
            continue
        parts.append(f"`{step}`")
        node, index = child, index + 1
    if not parts:
        return words["the_request"]
    # English reads inside out ("x of offer 2 of supplier 1"), Chinese outside in.
    return words["of"].join(reversed(parts) if lang == "en" else parts)


def error_place(error: Mapping[str, Any], request: Any, lang: str) -> str:
    """One error's place in words; an ``unknown_key`` error names the keys it is about."""
    path = str(error.get("path") or "")
    where = place_in_words(path, request, lang)
    if error.get("code") != "unknown_key":
        return where
    from ..core.event_rules import EVENT_ROOT_FIELDS
    from .fieldnames import unknown_keys

    keys = unknown_keys(request, path, EVENT_ROOT_FIELDS)
    if not keys:
        return where
    return WORDS[lang]["comma"].join(
        WORDS[lang]["key_in"].format(key=key, place=where) for key in keys
    )


def _sections(
    document: Mapping[str, Any], lang: str, request: Any = _NO_REQUEST
) -> list[tuple[str, list[str], list[list[str]], frozenset[int]]]:
    """Each table as (heading, headers, rows, right-aligned columns), cells unescaped: the
    renderer escapes every cell for where it is shown."""

    words = WORDS[lang]

    def col(*names: str) -> list[str]:
        return [words[f"col.{name}"] for name in names]

    found: list[tuple[str, list[str], list[list[str]], frozenset[int]]] = []
    if document.get("status") in ("invalid_input", "internal_error"):
        if request is not _NO_REQUEST:
            # A page for people (issue 29): each error where it is, in words, not a path.
            from .wording import ERROR_TEXT

            rows = [
                [
                    r["code"],
                    error_place(r, request, lang),
                    ERROR_TEXT[lang].get(r["code"], r["message"]),
                ]
                for r in document["reasons"]
            ]
            return [(words["errors"], col("code", "where", "message"), rows, frozenset())]
        rows = [[r["code"], r.get("path", ""), r["message"]] for r in document["reasons"]]
        return [(words["errors"], col("code", "path", "message"), rows, frozenset())]
    shown = document.get("award")
    if shown is not None:
        found.append(
            (
                words["lines"],
                col("item", "supplier", "packs", "delivered", "pack_price", "goods"),
                [
                    [
                        line["itemId"],
                        line["supplierId"],
                        grouped(line["packs"]),
                        grouped(line["deliveredQuantity"]),
                        grouped(line["packPrice"]),
                        grouped(line["goodsSubtotal"]),
                    ]
                    for line in shown["lines"]
                ],
                frozenset({2, 3, 4, 5}),
            )
        )
        found.append(
            (
                words["suppliers"],
                col("supplier", "goods", "discount", "freight", "fees", "landed"),
                [
                    [s["supplierId"]]
                    + [
                        grouped(s[k])
                        for k in (
                            "goodsSubtotal",
                            "discount",
                            "freight",
                            "otherFees",
                            "landedTotal",
                        )
                    ]
                    for s in shown["suppliers"]
                ],
                frozenset({1, 2, 3, 4, 5}),
            )
        )
        found.append(
            (
                words["items"],
                col("item", "need", "delivered", "overbuy", "suppliers"),
                [
                    [
                        i["itemId"],
                        grouped(i["quantity"]),
                        grouped(i["deliveredQuantity"]),
                        grouped(i["overbuyQuantity"]),
                        words["and"].join(s for s in i["suppliers"]),
                    ]
                    for i in shown["items"]
                ],
                frozenset({1, 2, 3}),
            )
        )
    baselines = document.get("baselines")
    if baselines is not None:
        rows = []
        for name in BASELINES:
            entry = baselines[name]
            award = entry["award"]
            rows.append(
                [
                    words[name],
                    words["none"] if award is None else grouped(award["landedTotal"]),
                    entry["reason"]
                    or ("" if entry["saving"] is None else grouped(entry["saving"])),
                ]
            )
        found.append(
            (words["baselines"], col("baseline", "landed", "saving"), rows, frozenset({1, 2}))
        )
    found.extend(_conversion_sections(document, words, col))
    if document.get("reasons"):
        rows = [
            [
                r["code"],
                " ".join(r[k] for k in ("supplierId", "itemId", "field") if k in r),
            ]
            for r in document["reasons"]
        ]
        found.append((words["reasons"], col("code", "about"), rows, frozenset()))
    if document.get("limitations"):
        rows = [[item["code"], item["message"]] for item in document["limitations"]]
        found.append((words["limitations"], col("code", "message"), rows, frozenset()))
    return found


def _conversion_sections(
    document: Mapping[str, Any], words: Mapping[str, str], col: Any
) -> list[tuple[str, list[str], list[list[str]], frozenset[int]]]:
    """Where converted figures came from (issue 27): each converted supplier with its values
    as quoted and the rate, source and date used, each rate no supplier used; then each
    prepaid balance's fate."""
    found: list[tuple[str, list[str], list[list[str]], frozenset[int]]] = []
    if "conversions" in document:
        rows = []
        for entry in document["conversions"]:
            rate = entry["convertedAt"]
            rows.append(
                [
                    entry["supplierId"],
                    entry["currency"],
                    f"{rate['rate']} {rate['from']}→{rate['to']}",
                    f"{rate['source']}, {rate['asOf']}",
                    words["comma"].join(f"{k} {v}" for k, v in entry["original"].items()),
                ]
            )
        for rate in document["unusedRates"]:
            rows.append(
                [
                    words["unused"],
                    rate["from"],
                    f"{rate['rate']} {rate['from']}→{rate['to']}",
                    f"{rate['source']}, {rate['asOf']}",
                    "",
                ]
            )
        found.append(
            (
                words["conversions"],
                col("supplier", "currency", "rate", "source", "original"),
                rows,
                frozenset(),
            )
        )
    if "balances" in document:
        rows = [
            [
                b["supplierId"],
                b["itemId"],
                grouped(b["units"]),
                b["expiresAt"],
                b["status"],
                grouped(b["unitsUsed"]),
            ]
            for b in document["balances"]["balances"]
        ]
        found.append(
            (
                words["balances"],
                col("supplier", "item", "units", "expires", "status", "used"),
                rows,
                frozenset({2, 5}),
            )
        )
    return found


def render_event_text(
    document: Mapping[str, Any], exit_code: int, currency: str | None, lang: str
) -> str:
    """The terminal report: title, status, the answer, then the tables. Ends with a newline."""
    words = WORDS[lang]
    lines = [
        words["title"].format(version=document.get("toolVersion")),
        words["status"].format(status=document.get("status"), exit=exit_code),
        "",
        answer_sentence(document, currency, lang, clean),
    ]
    for heading, headers, rows, right in _sections(document, lang):
        lines += ["", heading, *table(headers, [[clean(c) for c in row] for row in rows], right)]
    return "\n".join(lines) + "\n"


STYLE: Final = (
    "body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem;color:#111}"
    "table{border-collapse:collapse;margin:.5rem 0 1.5rem}"
    "th,td{border:1px solid #bbb;padding:.25rem .6rem;text-align:left}"
    "td.n{text-align:right;font-variant-numeric:tabular-nums}"
    ".answer{font-size:1.25rem;font-weight:600}"
)


def render_event_html(
    document: Mapping[str, Any],
    exit_code: int,
    currency: str | None,
    lang: str,
    raw: bytes | None = None,
) -> str:
    """One self-contained HTML page (no script, no external resource): the answer first,
    then the tables; with the request's text (``raw``), an error is shown where it is, in
    words. Ends with a newline."""
    words = WORDS[lang]
    request: Any = _NO_REQUEST
    if raw is not None:
        from .fieldnames import load

        request = load(raw)
    title = words["title"].format(version=html.escape(str(document.get("toolVersion"))))
    # A page is for people: no exit code on it (issue 29); the terminal report keeps it.
    status = words["status_page"].format(status=document.get("status"))
    sentence = answer_sentence(document, currency, lang, html.escape)
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{LANG_TAGS[lang]}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{title}</title>",
        f"<style>{STYLE}</style>",
        "</head>",
        "<body>",
        "<main>",
        f"<h1>{title}</h1>",
        f"<p>{html.escape(status)}</p>",
        f'<p class="answer">{sentence}</p>',
    ]
    for heading, headers, rows, right in _sections(document, lang, request):
        parts.append(f"<h2>{html.escape(heading)}</h2>")
        parts.append("<table>")
        parts.append("<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in headers) + "</tr>")
        for row in rows:
            cells = "".join(
                f'<td class="n">{html.escape(cell)}</td>'
                if index in right
                else f"<td>{html.escape(cell)}</td>"
                for index, cell in enumerate(row)
            )
            parts.append(f"<tr>{cells}</tr>")
        parts.append("</table>")
    parts += ["</main>", "</body>", "</html>"]
    return "\n".join(parts) + "\n"
