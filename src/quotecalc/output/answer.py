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

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Any, Final, NamedTuple

from ..analysis.document import BLOCKING_CODES
from ..core.constraint_rules import CONSTRAINT_RULES
from .people import money, percent
from .wording import DIMENSION_TEXT, ERROR_TEXT, LIMITATION_TEXT, area

_PLACEHOLDER: Final = re.compile(r"\{([a-z_]+)\}")
_PLAN_LINES: Final = {"-": "plan_line_units", "1": "plan_line_one"}  # no pack count, one pack

WORDS: Final = area("answer")
"""The answer's words (the catalog's ``answer.`` and the shared ones)."""


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
        key = "robust_one" if len(analysis["dimensions"]) == 1 else "nobody_else_first"
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
            # the least total proven (issue 38: the tie order may be open) says nothing more
            "proven": Value(
                "plain",
                "" if best.get("proven") or best.get("costProven") else words["plan_unproven"],
            ),
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
