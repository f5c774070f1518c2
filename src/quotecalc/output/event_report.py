"""The event award for people (issues 26, 35): ``--event --format text|html [--lang en|zh]``.

A reader of the event-award document, laid out like the comparison's report (issue 35): the
answer first, in the page's language ("Award A the bolts and nuts, W the washers: 1,175.00
CNY, proven; 19.0 % below the best single supplier, A alone (1,450.00 CNY); ..." and when it
arrives), then the status in words, then the award's lines, suppliers (with their lead days)
and items, the baselines, the conversions, the balances, the reasons and the limitations, each
in words (no code without its words, no JSON path). Every figure is the document's own string
(grouped by thousands for reading); money is padded with zeros to one number of places across
the whole page (:func:`money_places_of`: the currency's usual places, or more when any amount
of the document has more; decision 35.40), so no amount changes and ``0`` never stands beside
``20.00``. The only arithmetic is the saving as a share of a baseline's total
(:func:`.people.percent`, rounded once, half-up). Lead days and the limit on them are read from
the request's text (the document does not repeat them). Text from the request (ids) is escaped
for the terminal (:func:`.cells.clean`) or for HTML (the page's ``escape``). The currency is
the request's own ``currency`` (:func:`event_currency`).
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any, Final, NamedTuple

from .cells import clean, table
from .people import MINOR_UNITS, pad, percent, places
from .plan_view import Table

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "title": "quotecalc {version} event award",
        "status": "Status: {status} (exit code {exit})",
        "status_page": "Status: {status}",
        "heading": "The answer",
        "page_title": "Sourcing event: award to {who}",
        "page_title_none": "Sourcing event: no award",
        "page_title_invalid": "Sourcing event: the request is not valid",
        "status.completed": "completed",
        "status.partial": "partial",
        "status.invalid_input": "invalid request",
        "status.internal_error": "internal error",
        "explain.completed": (
            "Every value the award needs was given. This is a calculation only: nothing was"
            " verified and no order was placed."
        ),
        "explain.partial": (
            "A value is missing or the search stopped at its budget: read the reasons below."
        ),
        "explain.invalid_input": "The request was rejected; nothing was awarded.",
        "explain.internal_error": "quotecalc hit a bug; this is not a problem with the request.",
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
        "singleSupplier_named": "the best single supplier, {who} alone",
        "cheapestPerItem": "buying each item from its cheapest supplier",
        "arrives": "Arrives in {days} days, when its slowest supplier does ({who}).",
        "arrives_one": "Arrives in {days} days ({who}).",
        "arrives_unknown": "Arrival unknown: the lead days of {who} are not given.",
        "days": "{days} days",
        "no_award": "No award.",
        "invalid": "The request is not valid: nothing was awarded.",
        "internal": "An internal error occurred: nothing was awarded.",
        "lines": "Award lines",
        "suppliers": "Suppliers awarded",
        "items": "Items",
        "baselines": "Baselines",
        "baselines_note": (
            "What the same items would cost bought another way; the saving is the award's"
            " landed total below it."
        ),
        "reasons": "Reasons",
        "limitations": "Limitations",
        "errors": "Errors",
        "col.item": "Item",
        "col.supplier": "Supplier",
        "col.packs": "Packs",
        "col.delivered": "Delivered (units)",
        "col.pack_price": "Pack price",
        "col.goods": "Goods",
        "col.discount": "Discount",
        "col.freight": "Freight",
        "col.fees": "Other fees",
        "col.landed": "Landed total",
        "col.lead": "Lead days",
        "col.need": "Need (units)",
        "col.overbuy": "Overbuy (units)",
        "col.suppliers": "Suppliers",
        "col.baseline": "Baseline",
        "col.saving": "Award saves",
        "col.code": "Code",
        "col.about": "About",
        "col.path": "Path",
        "col.message": "Message",
        "col.meaning": "What it means",
        "none": "none",
        "money_note": "Amounts in {currency}, each with {places} decimal places.",
        "money_note_none": "Amounts each with {places} decimal places.",
        "conversions": "Converted at the rates given",
        "conversions_note": (
            "Each figure below was quoted in another currency and converted at the rate given"
            " in the request; the figures above are the converted ones."
        ),
        "balances": "Prepaid balances",
        "col.figure": "Figure",
        "col.currency": "Quoted in",
        "col.rate": "Rate",
        "col.source": "Source, as of",
        "col.original": "As quoted",
        "col.units": "Units",
        "col.expires": "Expires",
        "col.status": "What became of it",
        "col.used": "Used",
        "unused": "not used",
        "rate": "1 {from_} = {rate} {to}",
        "unused_rate": (
            "Not used (no offer in {from_}): 1 {from_} = {rate} {to} ({source}, {as_of})."
        ),
        "balance.used": "used",
        "balance.not_needed": "not needed",
        "balance.expired": "expired",
        "balance.quote_not_usable": "its offer takes no part",
        "field.packPrice": "pack price",
        "field.freight": "freight",
        "field.otherFees": "other fees",
        "field.minimumOrderValue": "minimum order value",
        "field.minimumSpend": "minimum spend",
        "field.leadDays": "lead days",
        "field.quantity": "quantity",
        "field.specification": "specification",
        "field.currency": "currency",
        "field.packSize": "pack size",
        "field.minimumPacks": "minimum packs",
        "field.maxLeadDays": "maximum lead days",
        "field.asOf": "date of the balances (asOf)",
        "field_of": "the {field} of {place}",
        "supplier_named": "supplier {who}",
        "item_named": "item {who}",
        "offer_of": "the offer for {item}",
        "offer_of_supplier": "{supplier}'s offer for {item}",
        "reason.event_supplier_excluded": (
            "Supplier {supplier} takes no part: its lead days ({value}) are above the event's"
            " maximum ({limit})."
        ),
        "reason.event_supplier_excluded_bare": (
            "Supplier {supplier} takes no part: its lead days are above the event's maximum lead"
            " days."
        ),
        "reason.event_offer_not_comparable": (
            "{offer} takes no part: its specification differs from the item's, or its"
            " supplier's currency from the event's."
        ),
        "reason.event_missing_value": ("No award: {what} is missing (omitted is not zero)."),
        "reason.event_constraint_unknown": (
            "No award: the event has a maximum lead days and the lead days of supplier {supplier}"
            " are not given (unknown is not passing)."
        ),
        "reason.event_balance_expiry_unknown": (
            "No award: balances were given without their date (asOf), so whether they expired"
            " is unknown."
        ),
        "reason.event_infeasible": (
            "No award covers every item: {item} cannot be covered (no usable offer, capacities,"
            " the maximum number of suppliers or minimum order values)."
        ),
        "reason.event_infeasible_bare": (
            "No award covers every item (no usable offer, capacities, the maximum number of"
            " suppliers or minimum order values)."
        ),
        "reason.event_out_of_range": (
            "No award: the totals of this event exceed the solver's exact integer range."
        ),
        "reason.event_solver_unavailable": (
            "No award searched: the solver is not installed (pip install 'quotecalc[plan]')."
        ),
        "reason.event_unsolved": (
            "No award found within the search budget, and none was proven impossible."
        ),
        "reason.event_not_proven": (
            "The search stopped at its budget: the best award found is given with its exact"
            " lower bound; the least total lies between them."
        ),
        "baseline_infeasible": "no such award: it would break a limit of the event",
    },
    "zh": {
        "title": "quotecalc {version} 寻源授标",
        "status": "状态：{status}（退出码 {exit}）",
        "status_page": "状态：{status}",
        "heading": "结论",
        "page_title": "寻源授标：{who} 中标",
        "page_title_none": "寻源授标：无授标",
        "page_title_invalid": "寻源授标：请求无效",
        "status.completed": "完成",
        "status.partial": "部分完成",
        "status.invalid_input": "输入无效",
        "status.internal_error": "内部错误",
        "explain.completed": (
            "授标所需的数值均已给出。这只是一次计算：未核实任何证据，也未下任何订单。"
        ),
        "explain.partial": "有数值缺失，或搜索在预算内停止：请看下方的原因。",
        "explain.invalid_input": "请求被拒绝；未授标。",
        "explain.internal_error": "quotecalc 出现程序错误；这不是请求的问题。",
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
        "singleSupplier_named": "最佳单一供应商（仅 {who}）",
        "cheapestPerItem": "各物料取最便宜供应商",
        "arrives": "{days} 天后到齐，即最慢的供应商（{who}）到货之时。",
        "arrives_one": "{days} 天后到货（{who}）。",
        "arrives_unknown": "到货时间未知：{who} 的交期天数未给出。",
        "days": "{days} 天",
        "no_award": "无授标。",
        "invalid": "请求无效：未授标。",
        "internal": "发生内部错误：未授标。",
        "lines": "授标明细",
        "suppliers": "中标供应商",
        "items": "物料",
        "baselines": "基准",
        "baselines_note": "同样的物料换一种买法的费用；节省即授标的到岸总额比它低多少。",
        "reasons": "原因",
        "limitations": "局限与说明",
        "errors": "错误",
        "col.item": "物料",
        "col.supplier": "供应商",
        "col.packs": "包数",
        "col.delivered": "交付数量（件）",
        "col.pack_price": "每包价格",
        "col.goods": "货款",
        "col.discount": "折扣",
        "col.freight": "运费",
        "col.fees": "其他费用",
        "col.landed": "到岸总额",
        "col.lead": "交期天数",
        "col.need": "需求（件）",
        "col.overbuy": "超买（件）",
        "col.suppliers": "供应商",
        "col.baseline": "基准",
        "col.saving": "授标节省",
        "col.code": "代码",
        "col.about": "对象",
        "col.path": "路径",
        "col.message": "说明",
        "col.meaning": "含义",
        "none": "无",
        "money_note": "金额单位 {currency}，均保留 {places} 位小数。",
        "money_note_none": "金额均保留 {places} 位小数。",
        "conversions": "按所给汇率换算",
        "conversions_note": (
            "以下各数原以其他币种报价，已按请求中给出的汇率换算；上方的数字均为换算后的数字。"
        ),
        "balances": "预付余额",
        "col.figure": "项目",
        "col.currency": "原报价币种",
        "col.rate": "汇率",
        "col.source": "来源与日期",
        "col.original": "原报价",
        "col.units": "数量",
        "col.expires": "到期日",
        "col.status": "处理",
        "col.used": "已用",
        "unused": "未使用",
        "rate": "1 {from_} = {rate} {to}",
        "unused_rate": (
            "未使用（没有 {from_} 报价）：1 {from_} = {rate} {to}（{source}，{as_of}）。"
        ),
        "balance.used": "已使用",
        "balance.not_needed": "不需要",
        "balance.expired": "已过期",
        "balance.quote_not_usable": "其报价未参与",
        "field.packPrice": "包价",
        "field.freight": "运费",
        "field.otherFees": "其他费用",
        "field.minimumOrderValue": "最低订单金额",
        "field.minimumSpend": "采购额门槛",
        "field.leadDays": "交期天数",
        "field.quantity": "数量",
        "field.specification": "规格",
        "field.currency": "币种",
        "field.packSize": "每包数量",
        "field.minimumPacks": "最小起订包数",
        "field.maxLeadDays": "最长交期天数",
        "field.asOf": "余额日期（asOf）",
        "field_of": "{place}的{field}",
        "supplier_named": "供应商 {who}",
        "item_named": "物料 {who}",
        "offer_of": "{item} 的报价",
        "offer_of_supplier": "{supplier} 对 {item} 的报价",
        "reason.event_supplier_excluded": (
            "供应商 {supplier} 未参与：其交期天数（{value}）超过本次寻源的最长交期（{limit}）。"
        ),
        "reason.event_supplier_excluded_bare": (
            "供应商 {supplier} 未参与：其交期天数超过最长交期天数。"
        ),
        "reason.event_offer_not_comparable": (
            "{offer}未参与：其规格与物料的规格不同，或其供应商的币种与本次寻源的币种不同。"
        ),
        "reason.event_missing_value": "无授标：缺少{what}（未给出不等于零）。",
        "reason.event_constraint_unknown": (
            "无授标：本次寻源设有最长交期天数，而供应商 {supplier} 的交期天数未给出"
            "（未知不算符合）。"
        ),
        "reason.event_balance_expiry_unknown": (
            "无授标：给出了预付余额但没有余额日期（asOf），无法判断是否已过期。"
        ),
        "reason.event_infeasible": (
            "没有能覆盖所有物料的授标：{item} 无法覆盖"
            "（没有可用报价、产能、最多供应商数或最低订单金额所限）。"
        ),
        "reason.event_infeasible_bare": (
            "没有能覆盖所有物料的授标（没有可用报价、产能、最多供应商数或最低订单金额所限）。"
        ),
        "reason.event_out_of_range": "无授标：本次寻源的总额超出求解器的精确整数范围。",
        "reason.event_solver_unavailable": (
            "未搜索授标：未安装求解器（pip install 'quotecalc[plan]'）。"
        ),
        "reason.event_unsolved": "在搜索预算内未找到授标，也未证明不存在授标。",
        "reason.event_not_proven": (
            "搜索在预算内停止：给出的是找到的最佳授标及其精确下界；最低总额介于两者之间。"
        ),
        "baseline_infeasible": "无此授标：它会违反本次寻源的限制",
    },
}
LANG_TAGS: Final = {"en": "en", "zh": "zh-Hans"}
BASELINES: Final = ("singleSupplier", "cheapestPerItem")
Escape = Callable[[str], str]


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


AWARD_MONEY: Final = ("landedTotal", "lowerBound")
LINE_MONEY: Final = ("packPrice", "goodsSubtotal")
SUPPLIER_MONEY: Final = ("goodsSubtotal", "discount", "freight", "otherFees", "landedTotal")


def _award_amounts(shown: Mapping[str, Any] | None) -> Iterable[Any]:
    if not isinstance(shown, Mapping):
        return
    for key in AWARD_MONEY:
        yield shown.get(key)
    for line in shown.get("lines") or ():
        yield from (line.get(key) for key in LINE_MONEY)
    for entry in shown.get("suppliers") or ():
        yield from (entry.get(key) for key in SUPPLIER_MONEY)


def _amounts(document: Mapping[str, Any]) -> Iterable[Any]:
    """Every amount of money the report shows in the event's currency: the award's, the
    baselines' totals and savings (not the baselines' lines, which it does not show)."""
    yield from _award_amounts(document.get("award"))
    for name in BASELINES:
        entry = (document.get("baselines") or {}).get(name) or {}
        shown = entry.get("award")
        yield shown.get("landedTotal") if isinstance(shown, Mapping) else None
        yield entry.get("saving")


def _originals(document: Mapping[str, Any], currency: str) -> Iterable[Any]:
    """The converted figures as quoted in ``currency``."""
    for entry in document.get("conversions") or ():
        if entry.get("currency") == currency:
            yield from (entry.get("original") or {}).values()


def _places(amounts: Iterable[Any], currency: str | None) -> int:
    usual = MINOR_UNITS.get(currency or "", 2)
    return max([usual, *(places(value) for value in amounts if isinstance(value, str))])


def money_places_of(document: Mapping[str, Any], currency: str | None) -> int:
    """The one number of places every amount in the event's currency is shown with
    (decision 35.40): the currency's usual places (:data:`.people.MINOR_UNITS`, else two), or
    the most any such amount of the document has when that is more. Padding only: no amount
    is cut or rounded. A figure as quoted in another currency (a conversion's ``original``)
    is shown the same way with its own currency's places."""
    return _places(_amounts(document), currency)


class _Money:
    """The report's one money format: grouped by thousands, padded to the page's places
    (:meth:`quoted`: those of a converted figure's own currency)."""

    def __init__(self, document: Mapping[str, Any], currency: str | None) -> None:
        self.document = document
        self.places = money_places_of(document, currency)

    def __call__(self, value: Any) -> str:
        return grouped(pad(str(value), self.places))

    def quoted(self, value: Any, currency: str) -> str:
        count = _places(_originals(self.document, currency), currency)
        return grouped(pad(str(value), count))


def _with_currency(amount: str, currency: str | None) -> str:
    """``currency`` is already escaped for where it is shown."""
    return amount + ("" if currency is None else f" {currency}")


def _single_supplier(baselines: Mapping[str, Any]) -> list[str]:
    """The supplier(s) of the best single-supplier baseline (one, by its definition)."""
    shown = (baselines.get("singleSupplier") or {}).get("award") or {}
    return [str(s["supplierId"]) for s in shown.get("suppliers") or ()]


def _comparison(  # noqa: PLR0917 - one call site, each argument a different thing
    words: Mapping[str, str],
    baselines: Mapping[str, Any],
    currency: str | None,
    lang: str,
    escape: Escape,
    money: Callable[[Any], str],
) -> list[str]:
    found = []
    for name in BASELINES:
        entry = baselines.get(name) or {}
        shown, saving = entry.get("award"), entry.get("saving")
        if shown is None or saving is None:
            continue
        who = _single_supplier(baselines) if name == "singleSupplier" else []
        baseline = (
            words["singleSupplier_named"].format(who=words["and"].join(escape(w) for w in who))
            if who
            else words[name]
        )
        total = shown["landedTotal"]
        if Fraction(saving) == 0:
            found.append(words["equal"].format(baseline=baseline))
            continue
        share = percent(abs(Fraction(saving)) / Fraction(total), lang) if Fraction(total) else ""
        key = "below" if Fraction(saving) > 0 else "above"
        found.append(
            words[key].format(
                share=share, baseline=baseline, total=_with_currency(money(total), currency)
            )
        )
    return found


def answer_sentence(
    document: Mapping[str, Any], currency: str | None, lang: str, escape: Escape
) -> str:
    """The answer in one sentence (:func:`answer_parts` joined): the award, then how it
    compares with the baselines."""
    award, more = _answer(document, currency, lang, escape)
    separator = "；" if lang == "zh" else "; "
    return separator.join([award, *more]) + ("。" if lang == "zh" else ".")


def answer_parts(
    document: Mapping[str, Any], currency: str | None, lang: str, escape: Escape
) -> tuple[str, str | None]:
    """The answer as the page shows it (issue 35): the award in its own sentence, then the
    comparison with the baselines in a second one (``None`` without a baseline to compare)."""
    award, more = _answer(document, currency, lang, escape)
    end = "。" if lang == "zh" else "."
    if not more:
        return award + end, None
    compared = ("；" if lang == "zh" else "; ").join(more)
    return award + end, compared[:1].upper() + compared[1:] + end


def _answer(
    document: Mapping[str, Any], currency: str | None, lang: str, escape: Escape
) -> tuple[str, list[str]]:
    """The answer's clauses, without the final stop: what is awarded to whom, the total,
    whether it is proven the least; then how it compares with the best single supplier
    (named) and with buying each item from its cheapest supplier. ``escape`` applies to every
    id from the request and to the currency."""
    words = WORDS[lang]
    money = _Money(document, currency)
    currency = None if currency is None else escape(currency)
    status = document.get("status")
    if status == "invalid_input":
        return words["invalid"].rstrip("。."), []
    if status == "internal_error":
        return words["internal"].rstrip("。."), []
    shown = document.get("award")
    if shown is None:
        return words["no_award"].rstrip("。."), []
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
        else words["not_proven"].format(bound=_with_currency(money(shown["lowerBound"]), currency))
    )
    text = words["award"].format(
        parts=words["comma"].join(parts),
        total=_with_currency(money(shown["landedTotal"]), currency),
        proof=proof,
    )
    more = _comparison(words, document.get("baselines") or {}, currency, lang, escape, money)
    return text, more


def _lead_days(request: Any) -> dict[str, Any]:
    """Each supplier's ``leadDays`` as the request gives it (absent: not in the map)."""
    found: dict[str, Any] = {}
    suppliers = request.get("suppliers") if isinstance(request, dict) else None
    for entry in suppliers if isinstance(suppliers, list) else ():
        if (
            isinstance(entry, dict)
            and isinstance(entry.get("supplierId"), str)
            and ("leadDays" in entry)
        ):
            found[entry["supplierId"]] = entry["leadDays"]
    return found


def _days(value: Any) -> int | None:
    """A lead-days value the validator accepted (an integer, or its decimal string)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return None


def arrival_sentence(
    document: Mapping[str, Any], request: Any, lang: str, escape: Escape
) -> str | None:
    """When the award arrives: the slowest awarded supplier's lead days, as the request gives
    them; unknown (never zero) when an awarded supplier has none. ``None`` without an award or
    without the request's text."""
    shown = document.get("award")
    if shown is None or not isinstance(request, dict):
        return None
    words = WORDS[lang]
    leads = _lead_days(request)
    who = [str(entry["supplierId"]) for entry in shown["suppliers"]]
    days = {w: _days(leads.get(w)) for w in who}
    unknown = [w for w in who if days[w] is None]
    if unknown:
        return words["arrives_unknown"].format(who=words["and"].join(escape(w) for w in unknown))
    slowest = max(d for d in days.values() if d is not None)
    named = words["and"].join(escape(w) for w in who if days[w] == slowest)
    key = "arrives_one" if len(who) == 1 else "arrives"
    return words[key].format(days=str(slowest), who=named)


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


def _field(words: Mapping[str, str], name: str) -> str:
    return words.get(f"field.{name}", name)


def _figure_words(key: str, supplier: Any, lang: str) -> str:
    """A converted figure's place in words: ``freight``; ``pack price of offer 1 (bolts)``;
    ``pack price of price break 2 of offer 1 (bolts)``; the request's ids name the offers."""
    words = WORDS[lang]
    steps = key.split("/")
    parts: list[str] = []
    node = supplier
    index = 0
    while index + 1 < len(steps):
        step, number = steps[index], steps[index + 1]
        child = node.get(step) if isinstance(node, dict) else None
        if f"entry.{step}" not in words or not number.isdigit():
            break
        entry = child[int(number)] if isinstance(child, list) and int(number) < len(child) else None
        shown = words[f"entry.{step}"].format(number=int(number) + 1)
        ident = entry.get("itemId") if step == "offers" and isinstance(entry, dict) else None
        if isinstance(ident, str):
            shown = f"{shown} ({ident})" if lang == "en" else f"{shown}（{ident}）"
        parts.append(shown)
        node, index = entry, index + 2
    name = _field(words, "/".join(steps[index:]))
    if not parts:
        return name
    place = words["of"].join(reversed(parts) if lang == "en" else parts)
    return words["field_of"].format(field=name, place=place).removeprefix("the ")


def _suppliers_of(request: Any) -> dict[str, Any]:
    suppliers = request.get("suppliers") if isinstance(request, dict) else None
    return {
        str(entry["supplierId"]): entry
        for entry in (suppliers if isinstance(suppliers, list) else ())
        if isinstance(entry, dict) and isinstance(entry.get("supplierId"), str)
    }


def reason_in_words(reason: Mapping[str, Any], request: Any, lang: str) -> str:
    """One reason of the event document in the page's words (the document's own message for
    a code the words do not know)."""
    words = WORDS[lang]
    code = str(reason.get("code"))
    who, item, field = reason.get("supplierId"), reason.get("itemId"), reason.get("field")
    supplier = "" if who is None else str(who)
    if code == "event_supplier_excluded":
        value = _days(_lead_days(request).get(str(who)))
        limit = _days(request.get("maxLeadDays")) if isinstance(request, dict) else None
        if value is None or limit is None:
            return words["reason.event_supplier_excluded_bare"].format(supplier=supplier)
        return words["reason.event_supplier_excluded"].format(
            supplier=supplier,
            value=words["days"].format(days=value),
            limit=words["days"].format(days=limit),
        )
    if code == "event_offer_not_comparable":
        offer = words["offer_of_supplier" if who is not None else "offer_of"].format(
            supplier=supplier, item=item
        )
        return words["reason.event_offer_not_comparable"].format(offer=offer)
    if code == "event_missing_value":
        if who is not None and item is not None:
            place = words["offer_of_supplier"].format(supplier=supplier, item=item)
        elif who is not None:
            place = words["supplier_named"].format(who=who)
        elif item is not None:
            place = words["item_named"].format(who=item)
        else:
            place = words["the_request"]
        name = _field(words, str(field)) if field is not None else "-"
        what = words["field_of"].format(field=name, place=place)
        return words["reason.event_missing_value"].format(what=what)
    if code == "event_constraint_unknown":
        return words["reason.event_constraint_unknown"].format(supplier=supplier or "-")
    if code == "event_infeasible":
        if item is None:
            return words["reason.event_infeasible_bare"]
        return words["reason.event_infeasible"].format(item=words["item_named"].format(who=item))
    found = words.get(f"reason.{code}")
    return found if found is not None else str(reason.get("message", code))


def limitation_in_words(limitation: Mapping[str, Any], lang: str) -> str:
    """A limitation in the page's words: the comparison's words for the same code."""
    from .wording import LIMITATION_TEXT

    code = str(limitation.get("code"))
    return LIMITATION_TEXT[lang].get(code) or str(limitation.get("message", code))


def _status(document: Mapping[str, Any], lang: str) -> tuple[str, str]:
    words = WORDS[lang]
    status = str(document.get("status"))
    label = words.get(f"status.{status}", status)
    return words["status_page"].format(status=label), words.get(f"explain.{status}", "")


def _title(document: Mapping[str, Any], lang: str) -> str:
    words = WORDS[lang]
    if document.get("status") in ("invalid_input", "internal_error"):
        return words["page_title_invalid"]
    shown = document.get("award")
    if shown is None:
        return words["page_title_none"]
    who = [str(entry["supplierId"]) for entry in shown["suppliers"]]
    return words["page_title"].format(who=words["and"].join(who))


def _error_sections(document: Mapping[str, Any], request: Any, lang: str) -> list[EventSection]:
    from .wording import ERROR_TEXT

    words = WORDS[lang]
    rows = []
    for reason in document.get("reasons") or ():
        code = str(reason.get("code"))
        where = (
            str(reason.get("path") or "")
            if request is _NO_REQUEST
            else error_place(reason, request, lang)
        )
        rows.append((where, ERROR_TEXT[lang].get(code, str(reason.get("message"))), code))
    headers = (words["col.where"], words["col.meaning"], words["col.code"])
    shown = Table(headers, tuple(rows), frozenset(), frozenset())
    return [EventSection("errors", words["errors"], table=shown)]


def _award_sections(
    shown: Mapping[str, Any], request: Any, lang: str, money: Callable[[Any], str]
) -> list[EventSection]:
    words = WORDS[lang]
    leads = _lead_days(request)

    def lead(who: Any) -> str:
        days = _days(leads.get(str(who)))
        return "-" if days is None else str(days)

    def cols(*names: str) -> tuple[str, ...]:
        return tuple(words[f"col.{name}"] for name in names)

    lines = Table(
        cols("item", "supplier", "packs", "delivered", "pack_price", "goods"),
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
        cols("supplier", "goods", "discount", "freight", "fees", "landed", "lead"),
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
    return [
        EventSection("event-suppliers", words["suppliers"], table=suppliers),
        EventSection("event-lines", words["lines"], table=lines),
        EventSection("event-items", words["items"], table=items),
    ]


def _baseline_section(
    document: Mapping[str, Any], lang: str, money: Callable[[Any], str]
) -> EventSection:
    words = WORDS[lang]
    baselines = document["baselines"]
    rows = []
    for name in BASELINES:
        entry = baselines.get(name) or {}
        award = entry.get("award")
        who = _single_supplier(baselines) if name == "singleSupplier" else []
        label = (
            words["singleSupplier_named"].format(who=words["and"].join(who)) if who else words[name]
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
    headers = (words["col.baseline"], words["col.landed"], words["col.saving"])
    return EventSection(
        "event-baselines",
        words["baselines"],
        paragraphs=(words["baselines_note"],),
        table=Table(headers, tuple(rows), frozenset({1, 2}), frozenset()),
    )


def _conversion_sections(
    document: Mapping[str, Any], request: Any, lang: str, money: _Money
) -> list[EventSection]:
    """Where converted figures came from (issue 27), in words (issue 35): each figure as
    quoted, with the rate, source and date used; each rate no supplier used; then each
    prepaid balance's fate."""
    words = WORDS[lang]
    found: list[EventSection] = []
    suppliers = _suppliers_of(request)
    if "conversions" in document:
        rows = []
        for entry in document["conversions"]:
            rate = entry["convertedAt"]
            shown_rate = words["rate"].format(from_=rate["from"], rate=rate["rate"], to=rate["to"])
            source = (
                f"{rate['source']}, {rate['asOf']}"
                if lang == "en"
                else (f"{rate['source']}，{rate['asOf']}")
            )
            for key, value in entry["original"].items():
                rows.append(
                    (
                        str(entry["supplierId"]),
                        _figure_words(key, suppliers.get(str(entry["supplierId"])), lang),
                        f"{money.quoted(value, str(entry['currency']))} {entry['currency']}",
                        shown_rate,
                        source,
                    )
                )
        headers = tuple(
            words[f"col.{k}"] for k in ("supplier", "figure", "original", "rate", "source")
        )
        unused = tuple(
            words["unused_rate"].format(
                from_=rate["from"],
                rate=rate["rate"],
                to=rate["to"],
                source=rate["source"],
                as_of=rate["asOf"],
            )
            for rate in document.get("unusedRates") or ()
        )
        found.append(
            EventSection(
                "event-conversions",
                words["conversions"],
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


def event_view(
    document: Mapping[str, Any], currency: str | None, lang: str, request: Any = _NO_REQUEST
) -> EventView:
    """The award for people in ``lang``, unescaped (the renderers escape every text):
    ``request`` is the request's JSON when its text is known (lead days, ids in words, errors
    where they are)."""
    if lang not in WORDS:
        raise ValueError(f"unsupported language: {lang}")
    words = WORDS[lang]
    money = _Money(document, currency)
    known = None if request is _NO_REQUEST else request
    award, comparison = answer_parts(document, currency, lang, str)
    answer = [award] if comparison is None else [award, comparison]
    arrives = arrival_sentence(document, known, lang, str)
    if arrives is not None:
        answer.append(arrives)
    status, explanation = _status(document, lang)
    sections: list[EventSection] = []
    if document.get("status") in ("invalid_input", "internal_error"):
        if document.get("status") == "invalid_input":
            sections.extend(_error_sections(document, request, lang))
    else:
        shown = document.get("award")
        if shown is not None:
            sections.extend(_award_sections(shown, known, lang, money))
        if document.get("baselines") is not None:
            sections.append(_baseline_section(document, lang, money))
        sections.extend(_conversion_sections(document, known, lang, money))
        if document.get("reasons"):
            listed = tuple(
                Listed(reason_in_words(r, known, lang), str(r.get("code")))
                for r in document["reasons"]
            )
            sections.append(EventSection("event-reasons", words["reasons"], items=listed))
    limitations = document.get("limitations") or ()
    if limitations:
        listed = tuple(
            Listed(limitation_in_words(item, lang), str(item.get("code"))) for item in limitations
        )
        sections.append(EventSection("event-limitations", words["limitations"], items=listed))
    if document.get("award") is not None:
        note = (
            words["money_note"].format(currency=currency, places=money.places)
            if currency is not None
            else words["money_note_none"].format(places=money.places)
        )
        first = sections[0]
        sections[0] = first._replace(paragraphs=(note, *first.paragraphs))
    return EventView(_title(document, lang), tuple(answer), status, explanation, tuple(sections))


def render_event_text(
    document: Mapping[str, Any],
    exit_code: int,
    currency: str | None,
    lang: str,
    raw: bytes | None = None,
) -> str:
    """The terminal report, laid out like the comparison's: the answer first, then the title
    and the status (with the exit code), then the sections. Ends with a newline."""
    from .fieldnames import load

    words = WORDS[lang]
    view = event_view(document, currency, lang, _NO_REQUEST if raw is None else load(raw))
    status = str(document.get("status"))
    lines = [clean(sentence) for sentence in view.answer]
    lines += [
        "",
        words["title"].format(version=clean(str(document.get("toolVersion")))),
        words["status"].format(status=words.get(f"status.{status}", clean(status)), exit=exit_code),
    ]
    if view.explanation:
        lines.append(view.explanation)
    for shown in view.sections:
        lines += ["", f"== {shown.heading} =="]
        lines += [clean(text) for text in shown.paragraphs]
        lines += [
            f"- {clean(entry.words)}" + ("" if entry.code is None else f" [{clean(entry.code)}]")
            for entry in shown.items
        ]
        if shown.table is not None:
            cells = [[clean(cell) for cell in row] for row in shown.table.rows]
            lines += table(list(shown.table.headers), cells, shown.table.numeric)
    return "\n".join(lines) + "\n"


def render_event_html(
    document: Mapping[str, Any],
    exit_code: int,
    currency: str | None,
    lang: str,
    raw: bytes | None = None,
) -> str:
    """One self-contained HTML page built from the comparison page's parts (its style and
    markup: :mod:`quotecalc.output.pictures.markup`): the title names who is awarded, the
    answer first, the status in words, then the sections. No script, no external resource;
    no exit code (issue 29). With the request's text (``raw``), lead days are shown and an
    error is shown where it is, in words. Ends with a newline."""
    # The pictures package is loaded by the picture formats only (tests/test_pictures_imports).
    from .fieldnames import load
    from .pictures.html import STYLE
    from .pictures.markup import items, paragraph, section, supplier
    from .pictures.markup import table as html_table
    from .pictures.text import display, escape

    del exit_code  # a page is for people: the terminal report keeps it

    def plain(value: str) -> str:
        return escape(display(value))

    request: Any = _NO_REQUEST if raw is None else load(raw)
    view = event_view(document, currency, lang, request)
    heading = plain(WORDS[lang]["heading"])
    answer = "".join(
        paragraph(plain(sentence), "winner" if index == 0 else "")
        for index, sentence in enumerate(view.answer)
    )
    parts = [
        f'<section id="answer" class="answer" aria-label="{heading}">\n{answer}</section>\n',
        paragraph(plain(view.status), "status"),
    ]
    if view.explanation:
        parts.append(paragraph(plain(view.explanation), "note"))
    for shown in view.sections:
        body = "".join(paragraph(plain(text)) for text in shown.paragraphs)
        body += items(
            plain(entry.words)
            + ("" if entry.code is None else f" <code>{plain(entry.code)}</code>")
            for entry in shown.items
        )
        if shown.table is not None:
            grid = shown.table
            rows = [
                [supplier(cell) if i in grid.ids else plain(cell) for i, cell in enumerate(row)]
                for row in grid.rows
            ]
            body += html_table(grid.headers, rows, grid.numeric, shown.heading)
        parts.append(section(shown.key, shown.heading, body))
    title = plain(view.title)
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{LANG_TAGS[lang]}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{title} · quotecalc</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n"
        f"<h1>{title}</h1>\n" + "".join(parts) + "</main>\n</body>\n</html>\n"
    )
