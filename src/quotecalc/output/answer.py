"""The answer first (issue 21): what is bought, who ranks first, the runner-up and the gap,
how robust the answer is, or why there is no ranking and what to give to get one.

A reader of the documents, nothing more: the winner and the runner-up are the result's
``ranking`` (rank 1 and the next rank), their landed totals and costs per delivered unit the
``normalizedQuotes``' own strings, the robustness the analysis' ``switchingDistance`` (shown
as a percentage, :func:`.people.percent`). The only arithmetic is the gap between two landed
totals (an exact decimal subtraction, for the reader); money is shown in the pages' one
format (:func:`.people.money`) and every quantity with its unit.

:func:`answer` gives sentences as templates and typed values; the text report, the page and
the picture each show them in their own way (:func:`render_plain` for the text report).
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Any, Final, NamedTuple

from ..analysis.document import BLOCKING_CODES
from ..core.constraint_rules import CONSTRAINT_RULES
from .people import money, percent
from .wording import DIMENSION_TEXT, ERROR_TEXT, LIMITATION_TEXT

_PLACEHOLDER: Final = re.compile(r"\{([a-z_]+)\}")
_PLAN_LINES: Final = {"-": "plan_line_units", "1": "plan_line_one"}  # no pack count, one pack
MONEY_FIELDS: Final = ("goodsSubtotal", "freight", "otherFees", "landedTotal")

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "heading": "The answer",
        "purchase": "Buying {quantity} units of “{item}”, priced in {currency}.",
        "purchase_no_quantity": "Buying “{item}”, priced in {currency}.",
        "winner": (
            "{who} ranks first at your weights: landed total {total}, {per_unit} per"
            " delivered unit."
        ),
        "winner_unknown": "{who} ranks first at your weights.",
        "winner_tie": (
            "{who} ties for first at your weights: landed total {total}, {per_unit} per"
            " delivered unit."
        ),
        "winner_tie_unknown": "{who} ties for first at your weights.",
        "robust_many": "{share} of the weight must move before {who} rank first (or tie).",
        "title_tie": "{item}: {who} tie for first",
        "title_tie_plain": "{who} tie for first",
        "runner_up": (
            "Runner-up: {who}, landed total {total} ({gap}); score {score} against {first}."
        ),
        "runner_up_tie": "{who} ties for first (same score {score}).",
        "more": "{amount} more",
        "less": "{amount} less",
        "same": "the same landed total",
        "no_runner_up": "No runner-up: only one quote was ranked.",
        "robust": "{share} of the weight must move before {who} ranks first (or ties).",
        "robust_everywhere": "No other supplier ranks first for any weights.",
        "robust_one": (
            "Only one dimension can be compared, so the answer does not depend on weights."
        ),
        "no_ranking": "No supplier ranks first: there is no ranking.",
        "plan": "Best purchase plan: {lines}; landed total {total}{saving}{proven}.",
        "plan_line": "{who} {quantity} units ({packs} packs)",
        "plan_line_units": "{who} {quantity} units",
        "plan_line_one": "{who} {quantity} units (1 pack)",
        "plan_saving": ", {amount} less than the best single source",
        "plan_same": ", the same as the best single source",
        "plan_unproven": " (not proven best)",
        "because": "Why: {reason}",
        "give": "To get a ranking: {what}",
        "invalid": (
            "The request is not valid, so nothing was calculated: correct the field(s) listed"
            " under Errors ({count})."
        ),
        "internal": "An internal error occurred; this is a bug in quotecalc, not in the input.",
        "title_winner": "{item}: {who} ranks first",
        "title_none": "{item}: no ranking",
        "title_plain": "quotecalc report",
        "join": ", ",
        "give.ranking_not_requested": "give weights for cost, delivery and quality.",
        "give.ranking_blocked_by_conflict": (
            "make every quote comparable (the requested specification and currency, exactly)"
            " and its quality information consistent."
        ),
        "give.ranking_blocked_by_unknown_constraint": (
            "give the {checked} the hard constraints check ({who})."
        ),
        "give.ranking_blocked_by_missing_value": (
            "give the {dimension} value ({who}), or set the {dimension} weight to 0."
        ),
        "give.missing_exchange_rate": (
            "give the exchange rate {pairs} ({who}): with exchange rates (the page's"
            " exchange-rate rows, or exchangeRates with --convert) their quotes are converted"
            " exactly and compared."
        ),
        "pair": "from {source} to {target}",
        "plan_question": (
            " The ranking answers which one supplier suits your weights best; the plan answers"
            " how to buy the quantity at the lowest landed total, from one supplier or several."
        ),
        "give.all_candidates_excluded": "relax {limits}, or add quotes that meet them.",
        "give.other": "give what the limitations below name.",
    },
    "zh": {
        "heading": "结论",
        "purchase": "采购：{item}，数量 {quantity} 件，币种 {currency}。",
        "purchase_no_quantity": "采购：{item}，币种 {currency}。",
        "winner": "按您的权重，{who} 排名第一：到岸总价 {total}，每到货单位成本 {per_unit}。",
        "winner_unknown": "按您的权重，{who} 排名第一。",
        "winner_tie": "按您的权重，{who} 并列第一：到岸总价 {total}，每到货单位成本 {per_unit}。",
        "winner_tie_unknown": "按您的权重，{who} 并列第一。",
        "robust_many": "至少要移动 {share} 的权重，{who} 才会排名第一（或并列）。",
        "title_tie": "{item}：{who} 并列第一",
        "title_tie_plain": "{who} 并列第一",
        "runner_up": "第二名：{who}，到岸总价 {total}（{gap}）；得分 {score}，第一名 {first}。",
        "runner_up_tie": "{who} 并列第一（得分同为 {score}）。",
        "more": "多 {amount}",
        "less": "少 {amount}",
        "same": "到岸总价相同",
        "no_runner_up": "没有第二名：只有一个报价参与排名。",
        "robust": "至少要移动 {share} 的权重，{who} 才会排名第一（或并列）。",
        "robust_everywhere": "在任何权重下都没有其他供应商排名第一。",
        "robust_one": "只有一个维度可比较，结论与权重无关。",
        "no_ranking": "没有供应商排名第一：未能排名。",
        "plan": "最佳采购方案：{lines}；到岸总价 {total}{saving}{proven}。",
        "plan_line": "{who} {quantity} 件（{packs} 包）",
        "plan_line_units": "{who} {quantity} 件",
        "plan_line_one": "{who} {quantity} 件（1 包）",
        "plan_saving": "，比最佳单一供应商少 {amount}",
        "plan_same": "，与最佳单一供应商相同",
        "plan_unproven": "（未证明为最优）",
        "because": "原因：{reason}",
        "give": "要得到排名：{what}",
        "invalid": "请求无效，未进行计算：请更正下方“错误”中列出的字段（{count} 项）。",
        "internal": "发生内部错误；这是 quotecalc 的缺陷，与输入无关。",
        "title_winner": "{item}：{who} 排名第一",
        "title_none": "{item}：未能排名",
        "title_plain": "quotecalc 报告",
        "join": "、",
        "give.ranking_not_requested": "请给出成本、交期和质量的权重。",
        "give.ranking_blocked_by_conflict": (
            "请使每个报价可比较（规格和币种与需求完全一致），并使质量信息一致。"
        ),
        "give.ranking_blocked_by_unknown_constraint": "请给出硬约束要检查的{checked}（{who}）。",
        "give.ranking_blocked_by_missing_value": (
            "请给出{dimension}数值（{who}），或把{dimension}权重设为 0。"
        ),
        "give.missing_exchange_rate": (
            "请给出汇率：{pairs}（{who}）；有了汇率（页面上的“汇率”行，"
            "或命令行 --convert 请求中的汇率），这些报价会按汇率精确换算后参与比较。"
        ),
        "pair": "从 {source} 到 {target}",
        "plan_question": (
            "排名回答的是：按您的权重，哪一家供应商最合适；采购方案回答的是："
            "以最低到岸总价买到所需数量，可以向一家或几家供应商购买。"
        ),
        "give.all_candidates_excluded": "请放宽{limits}，或补充满足约束的报价。",
        "give.other": "请补充下方局限与说明中列出的内容。",
    },
}


def _listed(items: Sequence[str], lang: str, last: str) -> str:
    """``a, b and c`` (``a、b和c``): ``last`` joins the last two."""
    *others, final = items
    if not others:
        return final
    return (WORDS[lang]["join"].join(others)) + last + final


def constraint_words(lang: str) -> dict[str, str]:
    """What the hints say of the hard constraints, from their rows (issue 39): ``limits``, the
    limits to relax ("the maximum lead days or the minimum quality score"), and ``checked``,
    the quote values they check ("lead days and quality score")."""
    doors = [rule.field.doors for rule in CONSTRAINT_RULES]
    limits = [d.words.of(lang) for d in doors if d is not None and d.words is not None]
    checked = [d.checks.of(lang) for d in doors if d is not None and d.checks is not None]
    if lang == "zh":
        return {"limits": "或".join(limits), "checked": _listed(checked, lang, "和")}
    return {
        "limits": " or ".join(f"the {words}" for words in limits),
        "checked": _listed(checked, lang, " and "),
    }


class Value(NamedTuple):
    """One value put into a sentence: ``kind`` is ``ids`` (supplier ids, a tuple), ``text``
    (user text such as the item) or ``plain`` (a number or words of ours)."""

    kind: str
    value: Any


class Sentence(NamedTuple):
    """One sentence of the answer: its role, its template (our words) and its values."""

    role: str
    template: str
    values: Mapping[str, Value]


class Answer(NamedTuple):
    """The answer of one result: the sentences in order and the page title's sentence."""

    sentences: tuple[Sentence, ...]
    title: Sentence
    winners: tuple[str, ...]


class _Number(str):
    """A JSON number literal, kept as its text (never a float)."""


def purchase_of(raw: bytes | str) -> dict[str, Any] | None:
    """What is bought, read from the request text the engine accepted: ``quantity``,
    ``currency`` and ``specification`` as given (``None`` when the text is not a JSON
    object, e.g. for an invalid request). Only for display beside a completed result."""
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw
        loaded = json.loads(text, parse_float=_Number, parse_int=_Number)
    except (ValueError, RecursionError):
        return None
    if not isinstance(loaded, dict):
        return None
    found = {
        key: loaded[key] for key in ("currency", "specification") if type(loaded.get(key)) is str
    }
    if isinstance(loaded.get("quantity"), str):  # a number literal as written, or a string
        found = {"quantity": str(loaded["quantity"]), **found}
    return found


def _money(value: str, currency: str | None) -> str:
    """An amount and its currency in the pages' one money format (:func:`.people.money`)."""
    shown = money(value, currency)
    return f"{shown} {currency}" if currency else shown


def _quotes_by_id(result: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    return {str(q["supplierId"]): q for q in result.get("normalizedQuotes") or []}


def _purchase(
    words: Mapping[str, str], result: Mapping[str, Any], purchase: Mapping[str, Any] | None
) -> Sentence | None:
    given = dict(purchase or {})
    comparable = [q for q in result.get("normalizedQuotes") or [] if q.get("comparable")]
    if comparable:
        # A comparable quote's specification and currency are the request's, exactly.
        given.setdefault("specification", comparable[0]["specification"])
        given.setdefault("currency", comparable[0]["currency"])
    if given.get("specification") is None or given.get("currency") is None:
        return None
    values = {
        "item": Value("text", str(given["specification"])),
        "currency": Value("text", str(given["currency"])),
    }
    if given.get("quantity") is None:
        return Sentence("purchase", words["purchase_no_quantity"], values)
    values["quantity"] = Value("plain", str(given["quantity"]))
    return Sentence("purchase", words["purchase"], values)


def _currency(bought: Sentence | None) -> str | None:
    return None if bought is None else str(bought.values["currency"].value)


def _robustness(
    words: Mapping[str, str], analysis: Mapping[str, Any] | None, lang: str
) -> Sentence | None:
    if analysis is None:
        return None
    switch = analysis.get("switchingDistance")
    if switch is None:
        key = "robust_one" if len(analysis["dimensions"]) == 1 else "robust_everywhere"
        return Sentence("robustness", words[key], {})
    many = len(switch["supplierIds"]) > 1
    return Sentence(
        "robustness",
        words["robust_many" if many else "robust"],
        {
            "share": Value("plain", percent(switch["distanceExact"], lang)),
            "who": Value("ids", tuple(switch["supplierIds"])),
        },
    )


def _ranked(
    words: Mapping[str, str], result: Mapping[str, Any], lang: str
) -> tuple[list[Sentence], tuple[str, ...]]:
    ranking = result["ranking"]
    quotes = _quotes_by_id(result)
    first = [entry for entry in ranking if entry["rank"] == ranking[0]["rank"]]
    winners = tuple(str(entry["supplierId"]) for entry in first)
    sentences: list[Sentence] = []
    for entry in first:
        quote = quotes.get(str(entry["supplierId"]), {})
        who = {"who": Value("ids", (str(entry["supplierId"]),))}
        if quote.get("landedTotal") is None:
            key = "winner_tie_unknown" if len(first) > 1 else "winner_unknown"
            sentences.append(Sentence("winner", words[key], who))
            continue
        currency = quote.get("currency")
        per_unit = quote.get("costPerDeliveredUnit")
        sentences.append(
            Sentence(
                "winner",
                words["winner_tie" if len(first) > 1 else "winner"],
                {
                    **who,
                    "total": Value("plain", _money(quote["landedTotal"], currency)),
                    "per_unit": Value(
                        "plain", "-" if per_unit is None else _money(per_unit, currency)
                    ),
                },
            )
        )
    rest = [entry for entry in ranking if entry["rank"] != ranking[0]["rank"]]
    if not rest:
        if len(first) == 1:
            sentences.append(Sentence("runner_up", words["no_runner_up"], {}))
        return sentences, winners
    second = [entry for entry in rest if entry["rank"] == rest[0]["rank"]]
    top = quotes.get(winners[0], {})
    for entry in second:
        quote = quotes.get(str(entry["supplierId"]), {})
        total, best = quote.get("landedTotal"), top.get("landedTotal")
        currency = quote.get("currency")
        if total is None or best is None:
            gap = "-"
        else:
            difference = Decimal(total) - Decimal(best)
            amount = _money(str(abs(difference)), currency)
            gap = (
                words["same"]
                if difference == 0
                else words["more" if difference > 0 else "less"].format(amount=amount)
            )
        sentences.append(
            Sentence(
                "runner_up",
                words["runner_up"],
                {
                    "who": Value("ids", (str(entry["supplierId"]),)),
                    "total": Value("plain", "-" if total is None else _money(total, currency)),
                    "gap": Value("plain", gap),
                    "score": Value("plain", str(entry["score"])),
                    "first": Value("plain", str(first[0]["score"])),
                },
            )
        )
    return sentences, winners


def _unconverted(
    result: Mapping[str, Any], who: Sequence[str], currency: str | None
) -> tuple[str, ...] | None:
    """The currencies of the quotes ``who`` when every one of them is not comparable only
    because its currency is not the request's (``currency_mismatch``): what an exchange rate
    would make comparable (issue 35). ``None`` otherwise."""
    if currency is None or not who:
        return None
    mismatched = {
        str(entry.get("supplierId"))
        for entry in result.get("limitations") or []
        if entry.get("code") == "currency_mismatch"
    }
    quotes = _quotes_by_id(result)
    found: list[str] = []
    for supplier_id in who:
        quote = quotes.get(supplier_id)
        if supplier_id not in mismatched or quote is None:
            return None
        own = str(quote.get("currency"))
        if own not in found:
            found.append(own)
    return tuple(found)


def _why_not(
    words: Mapping[str, str],
    reasons: Sequence[Mapping[str, Any]],
    lang: str,
    result: Mapping[str, Any] | None = None,
    currency: str | None = None,
) -> list[Sentence]:
    sentences = [Sentence("no_ranking", words["no_ranking"], {})]
    seen: dict[str, list[str]] = {}
    for reason in reasons:
        code = str(reason.get("code"))
        who = reason.get("supplierId")
        entry = seen.setdefault(code, [])
        if who is not None and str(who) not in entry:
            entry.append(str(who))
    for code, who in seen.items():
        template = LIMITATION_TEXT[lang].get(code) or ERROR_TEXT[lang].get(code, code)
        dimension = next(
            (str(r["dimension"]) for r in reasons if r.get("code") == code and r.get("dimension")),
            None,
        )
        dimension_words = (
            "-" if dimension is None else DIMENSION_TEXT[lang].get(dimension, dimension)
        )
        field = next(
            (str(r["field"]) for r in reasons if r.get("code") == code and r.get("field")), "-"
        )
        reason_text = template.format(field=field, dimension=dimension_words)
        sentences.append(Sentence("why", words["because"], {"reason": Value("text", reason_text)}))
        hint = words.get(f"give.{code}", words["give.other"])
        given: dict[str, Value] = {
            "who": Value("ids", tuple(who)),
            "dimension": Value("plain", dimension_words),
            **{key: Value("plain", text) for key, text in constraint_words(lang).items()},
        }
        unconverted = (
            _unconverted(result, who, currency)
            if result is not None
            and code == "ranking_blocked_by_missing_value"
            and dimension == "cost"
            else None
        )
        if unconverted:
            # The cost is missing because the quote is in another currency: the missing
            # thing is the exchange rate, not a cost value (issue 35).
            hint = words["give.missing_exchange_rate"]
            pairs = words["join"].join(
                words["pair"].format(source=source, target=currency) for source in unconverted
            )
            given["pairs"] = Value("plain", pairs)
        sentences.append(
            Sentence(
                "give",
                words["give"],
                {
                    "what": Value(
                        "hint",
                        (hint, given),
                    )
                },
            )
        )
    return sentences


def _plan(
    words: Mapping[str, str],
    plan_doc: Mapping[str, Any] | None,
    currency: str | None,
    *,
    ranked: bool = False,
) -> Sentence | None:
    """The best plan of a purchase-plan document (issue 20), read as written: its lines
    (supplier and delivered quantity), landed total, saving against the best single source
    and whether it is proven best."""
    plan = None if plan_doc is None else plan_doc.get("plan")
    best = None if plan is None else plan.get("best")
    if best is None:
        return None
    saving = best.get("savingVsSingleSource")
    if saving is None:
        saving_words = ""
    elif Decimal(saving) == 0:
        saving_words = words["plan_same"]
    else:
        saving_words = words["plan_saving"].format(amount=_money(saving, currency))
    lines = tuple(
        (str(line["supplierId"]), str(line["deliveredQuantity"]), str(line.get("packs", "-")))
        for line in best["lines"]
    )
    # Beside a ranking, the plan's sentence says which question each answers (issue 35): a
    # ranking winner and a plan that buys from someone else are both right.
    return Sentence(
        "plan",
        words["plan"] + (words["plan_question"] if ranked else ""),
        {
            "lines": Value("lines", lines),
            "total": Value("plain", _money(best["landedTotal"], currency)),
            "saving": Value("plain", saving_words),
            "proven": Value("plain", "" if best.get("proven") else words["plan_unproven"]),
        },
    )


def answer(
    result: Mapping[str, Any],
    analysis_doc: Mapping[str, Any] | None,
    lang: str,
    purchase: Mapping[str, Any] | None = None,
    plan: Mapping[str, Any] | None = None,
) -> Answer:
    """The answer of a result (and its weight-analysis document, when there is one; and the
    best plan of its purchase-plan document, when one is given)."""
    words = WORDS[lang]
    status = result["status"]
    if status == "invalid_input":
        count = Value("plain", str(len(result["limitations"])))
        invalid = Sentence("invalid", words["invalid"], {"count": count})
        return Answer((invalid,), Sentence("title", words["title_plain"], {}), ())
    if status == "internal_error":
        internal = Sentence("internal", words["internal"], {})
        return Answer((internal,), Sentence("title", words["title_plain"], {}), ())
    sentences: list[Sentence] = []
    bought = _purchase(words, result, purchase)
    if bought is not None:
        sentences.append(bought)
    item = {"item": bought.values["item"]} if bought is not None else None
    analysis = None if analysis_doc is None else analysis_doc.get("analysis")
    if result["ranking"]:
        ranked, winners = _ranked(words, result, lang)
        sentences.extend(ranked)
        robust = _robustness(words, analysis, lang)
        if robust is not None:
            sentences.append(robust)
        planned = _plan(words, plan, _currency(bought), ranked=True)
        if planned is not None:
            sentences.append(planned)
        tie = len(winners) > 1
        who = {"who": Value("ids", winners)}
        if item:
            title = Sentence(
                "title", words["title_tie" if tie else "title_winner"], {**item, **who}
            )
        else:
            title = Sentence("title", words["title_tie_plain" if tie else "winner_unknown"], who)
        return Answer(tuple(sentences), title, winners)
    reasons = (analysis_doc.get("reasons") if analysis_doc is not None else None) or [
        r for r in result["limitations"] if r.get("code") in BLOCKING_CODES
    ]
    sentences.extend(_why_not(words, reasons, lang, result, _currency(bought)))
    planned = _plan(words, plan, _currency(bought))
    if planned is not None:
        sentences.append(planned)
    title = (
        Sentence("title", words["title_none"], item)
        if item
        else Sentence("title", words["title_plain"], {})
    )
    return Answer(tuple(sentences), title, ())


def fill(
    sentence: Sentence,
    lang: str,
    words: Callable[[str], str],
    ids: Callable[[Sequence[str]], str],
    user: Callable[[str], str],
) -> str:
    """A sentence shown: ``words`` shows our words (escaping them for a page), ``ids`` a
    list of supplier ids, ``user`` user text; each placeholder is filled once."""

    def part(match: re.Match[str]) -> str:
        value = sentence.values.get(match.group(1))
        if value is None:
            return match.group(0)
        if value.kind == "ids":
            return ids(value.value)
        if value.kind == "text":
            return user(value.value)
        if value.kind == "lines":
            return words(WORDS[lang]["join"]).join(
                words(WORDS[lang][_PLAN_LINES.get(packs, "plan_line")])
                .replace("{quantity}", words(count))
                .replace("{packs}", words(packs))
                .replace("{who}", ids((who,)))
                for who, count, packs in value.value
            )
        if value.kind == "hint":
            template, inner = value.value
            return fill(Sentence("hint", template, inner), lang, words, ids, user)
        return words(value.value)

    # One pass: a filled-in value is never searched for placeholders again.
    return _PLACEHOLDER.sub(part, words(sentence.template))


def render_plain(sentence: Sentence, lang: str, clean: Callable[[str], str]) -> str:
    """A sentence as plain text (the text report): ids and user text made visible."""
    join = WORDS[lang]["join"]
    return fill(
        sentence,
        lang,
        lambda text: text,
        lambda ids: join.join(clean(i) for i in ids),
        clean,
    )
