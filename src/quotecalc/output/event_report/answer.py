"""The event award's answer in sentences (issues 26, 35): what is awarded to whom, the total,
whether it is proven the least, how it compares with the baselines, and when it arrives."""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from ..people import percent
from .figures import BASELINE_WORDS, BASELINES, Money, with_currency
from .request import day_count, lead_days
from .words import WORDS

Escape = Callable[[str], str]


def single_supplier(baselines: Mapping[str, Any]) -> list[str]:
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
        who = single_supplier(baselines) if name == "singleSupplier" else []
        baseline = (
            words["singleSupplier_named"].format(who=words["and"].join(escape(w) for w in who))
            if who
            else words[BASELINE_WORDS[name]]
        )
        total = shown["landedTotal"]
        if Fraction(saving) == 0:
            found.append(words["equal"].format(baseline=baseline))
            continue
        share = percent(abs(Fraction(saving)) / Fraction(total), lang) if Fraction(total) else ""
        key = "below" if Fraction(saving) > 0 else "above"
        # The saving is the document's own figure; only its sign becomes words.
        amount = with_currency(money(str(saving).lstrip("-")), currency)
        found.append(
            words[key].format(
                saving=amount,
                share=share,
                baseline=baseline,
                total=with_currency(money(total), currency),
            )
        )
    return found


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
    money = Money(currency)
    currency = None if currency is None else escape(currency)
    status = document.get("status")
    if status == "invalid_input":
        return words["invalid"].rstrip("。."), []
    if status == "internal_error":
        return words["internal_none"].rstrip("。."), []
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
    if shown["proven"]:
        proof = words["least_total_proven"]
    elif shown.get("costProven") is True:
        # The least total is proven (issue 38): only the tie order is open.
        proof = words["ties_open"]
    else:
        bound = with_currency(money(shown["lowerBound"]), currency)
        proof = words["not_proven"].format(bound=bound)
    text = words["award"].format(
        parts=words["join_clauses"].join(parts),
        total=with_currency(money(shown["landedTotal"]), currency),
        proof=proof,
    )
    more = _comparison(words, document.get("baselines") or {}, currency, lang, escape, money)
    return text, more


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
    leads = lead_days(request)
    who = [str(entry["supplierId"]) for entry in shown["suppliers"]]
    days = {w: day_count(leads.get(w)) for w in who}
    unknown = [w for w in who if days[w] is None]
    if unknown:
        return words["arrives_unknown"].format(who=words["and"].join(escape(w) for w in unknown))
    slowest = max(d for d in days.values() if d is not None)
    named = words["and"].join(escape(w) for w in who if days[w] == slowest)
    key = "arrives_one" if len(who) == 1 else "arrives"
    return words[key].format(days=str(slowest), who=named)
