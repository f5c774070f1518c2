"""The analyst's page: one self-contained HTML document (issue 11; ``docs/pictures.md``).

``html_page(result, analysis_doc, lang)`` holds the text report's facts as tables (quotes,
hard constraints, ranking with scores and components, sensitivity, the stability intervals
of the analysis document, quality issues, every limitation in plain words), the landed-cost
breakdown (:mod:`.costbars`) and the weight map (:func:`.svg.svg_picture`) with the
analysis' facts. A pure renderer: numbers are the documents' own strings; the words are the
text report's tables (:mod:`quotecalc.output.report`). Inline CSS and inline SVG only: no script,
no external reference, nothing fetched. Same documents and language, same bytes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..answer import WORDS as ANSWER_WORDS
from ..answer import answer, fill
from ..fieldnames import error_places, field_unit, field_words, load
from ..people import money
from ..wording import (
    CONSTRAINT_STATUS_TEXT,
    DIRECTION_TEXT,
    ERROR_TEXT,
    ISSUE_TEXT,
    LANG_TAGS,
    LIMITATION_TEXT,
    area,
    status_words,
)
from .costbars import cost_bars
from .markup import items, paragraph, section, supplier, table, text
from .svg import svg_picture
from .text import WORDS, check_lang, dimension_name, display, escape, reason_words
from .weightmap import FIRST_FEW, HATCH_CSS, swatches, weight_map

STYLE: Final = (
    """
*{-webkit-print-color-adjust:exact;print-color-adjust:exact;box-sizing:border-box}
@page{margin:15mm 14mm}
body{margin:0;background:#fff;color:#1a1a1a;font:14px/1.45 system-ui,-apple-system,"Segoe UI",
"Noto Sans","Noto Sans CJK SC","PingFang SC","Microsoft YaHei",sans-serif}
main{max-width:68rem;margin:2rem auto;padding:0 1.5rem}
h1{font-size:1.45rem;margin:0 0 .3rem}
h2{font-size:1.1rem;margin:1.8rem 0 .5rem;padding-bottom:.2rem;border-bottom:1px solid #bbb}
h3{font-size:.95rem;margin:1rem 0 .3rem}
p{margin:.35rem 0}
.answer{border-left:4px solid #0072B2;background:#f3f7fa;padding:.5rem .9rem;margin:.6rem 0 1rem}
.answer p{margin:.2rem 0}
.answer .winner{font-size:1.08rem;font-weight:600}
.status{color:#333;font-size:.86rem}
.note{color:#444;font-size:.85rem}
table{border-collapse:collapse;width:100%;font-size:.86rem;margin:.4rem 0}
th,td{border-bottom:1px solid #ddd;padding:.25rem .45rem;text-align:left;vertical-align:top}
th{background:#f2f2f2;font-weight:600;word-break:keep-all}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
th.num{white-space:normal}
.wide{overflow-x:auto;background:linear-gradient(to right,#fff 30%,#fff0) left/2.5rem 100%,
linear-gradient(to left,#fff 30%,#fff0) right/2.5rem 100%,
linear-gradient(to right,#0003,#0000) left/.9rem 100%,
linear-gradient(to left,#0003,#0000) right/.9rem 100%;background-repeat:no-repeat;
background-attachment:local,local,scroll,scroll}
.wide:focus{outline:2px solid #0072B2;outline-offset:2px}
.wide th:first-child,.wide td:first-child{position:sticky;left:0;z-index:1;background:#fff;
box-shadow:1px 0 0 #ddd}
.wide th:first-child{background:#f2f2f2}
#event-lines td:nth-child(2),#event-items td:nth-child(2){min-width:11em}
.id{white-space:nowrap}
.id.long{white-space:normal;overflow-wrap:anywhere}
td .id.long{display:inline-block;min-width:9em}
ul{margin:.3rem 0;padding-left:1.3rem}
code{font-size:.85em;color:#555}
.key-row{display:flex;flex-wrap:wrap;gap:.3rem 1.2rem;font-size:.85rem;margin:.3rem 0 .5rem}
.swatch{display:inline-block;width:.8rem;height:.8rem;margin-right:.3rem;vertical-align:-.1rem}
.swatch.map{border:1px solid #1a1a1a}
.seg-goods{background:#0072B2}.seg-freight{background:#E69F00}.seg-other_fees{background:#CC79A7}
.row{display:grid;grid-template-columns:minmax(0,11rem) minmax(0,1fr) minmax(0,13rem);gap:.6rem;
align-items:center;margin:.3rem 0;break-inside:avoid}
.row.missing{grid-template-columns:minmax(0,11rem) minmax(0,1fr)}
.who{font-weight:600;min-width:0;overflow-wrap:anywhere}
.who .id{white-space:normal}
.track{background:#f2f2f2;height:1.1rem}
.bar{display:flex;height:100%}
.seg{display:block;height:100%}
.total{font-variant-numeric:tabular-nums;font-size:.86rem}
.parts{display:block;color:#555;font-size:.78rem}
.overbuy{display:block;color:#a33a00;font-size:.78rem;font-weight:600}
.why{color:#444;font-size:.86rem;font-style:italic}
figure{margin:.6rem 0}
figure svg{max-width:100%;height:auto;display:block}
.map-row{display:flex;flex-wrap:wrap;gap:0 1.5rem;align-items:flex-start}
.map-row figure{flex:0 1 640px;min-width:0}
.map-row>.wide{flex:1 1 18rem;min-width:0}
.map-narrow{display:none}
details{margin:.3rem 0}
summary{cursor:pointer;color:#0057a0}
footer{margin-top:2rem;color:#555;font-size:.78rem}
@media (max-width:40rem){main{margin:1rem auto;padding:0 .8rem}
.wide:has(th:nth-child(5))::before{content:"The table scrolls sideways →";display:block;
position:sticky;left:0;width:max-content;color:#444;font-size:.8rem;margin:0 0 .2rem}
:lang(zh) .wide:has(th:nth-child(5))::before{content:"表格可左右滑动 →"}
.row,.row.missing{grid-template-columns:minmax(0,1fr);gap:.15rem;margin:.6rem 0}
.map-wide{display:none}.map-narrow{display:block}}
@media print{main{margin:0;max-width:none;padding:0}.wide{overflow:visible}
h2,h3{break-after:avoid}tr,li,.row{break-inside:avoid}body{font-size:10pt}}
"""
    + HATCH_CSS
    + "\n"
)


MONEY: Final = frozenset({"landedTotal", "costPerDeliveredUnit"})
LABELS: Final = area("report")
"""The page's words: the text report's and the shared ones (the page has none of its own)."""
LONG_RANKING: Final = 2 * FIRST_FEW  # a longer ranking shows its first few, the rest disclosed


class _Page:
    """The page's words in one language."""

    def __init__(self, lang: str, colours: Mapping[str, str] | None = None) -> None:
        self.lang = check_lang(lang)
        self.colours = dict(colours or {})

    def who(self, supplier_id: Any) -> str:
        """A supplier id, after its map swatch when its region can win."""
        return self.colours.get(str(supplier_id), "") + supplier(supplier_id)

    def label(self, key: str) -> str:
        return LABELS[self.lang][key]

    def word(self, key: str) -> str:
        return WORDS[self.lang][key]

    def yes_no(self, flag: bool) -> str:
        return escape(self.label("yes" if flag else "no"))

    def constraint_status(self, status: Any) -> str:
        return escape(CONSTRAINT_STATUS_TEXT[self.lang].get(str(status), display(str(status))))

    def columns(self, *keys: str) -> list[str]:
        return [self.label(key) for key in keys]


def _header(page: _Page, result: Mapping[str, Any]) -> str:
    status = str(result["status"])
    label, explanation = status_words(page.lang, status)
    line = page.label("status_line").format(status=display(label))
    return paragraph(escape(line), "status") + (
        paragraph(escape(explanation)) if explanation else ""
    )


def _errors(page: _Page, errors: Sequence[Mapping[str, Any]], request: Any) -> str:
    """Each error: where it is in words (the field, or the unknown key and where it is;
    :mod:`quotecalc.output.fieldnames`) and what it means; a code without words is its own
    meaning, marked as code (issue 40, item 7: no code after words)."""
    rows = [
        [
            escape(page.label("join")).join(
                error_places(
                    page.lang,
                    error,
                    request,
                    words=escape,
                    ids=supplier,
                    code=lambda key: f"<code>{text(key)}</code>",
                )
            ),
            _worded(ERROR_TEXT[page.lang], error.get("code")),
        ]
        for error in errors
    ]
    return section(
        "errors",
        page.label("errors"),
        table(page.columns("col.where", "col.meaning"), rows, label=page.label("errors")),
    )


def _worded(texts: Mapping[str, str], code: Any) -> str:
    """A code's words, escaped; a code without words is its only name, marked as code."""
    found = texts.get(str(code))
    return escape(found) if found is not None else f"<code>{text(code)}</code>"


def _quotes(page: _Page, quotes: Sequence[Mapping[str, Any]]) -> str:
    fields = (
        "currency",
        "packsPurchased",
        "deliveredQuantity",
        "overbuyQuantity",
        "landedTotal",
        "costPerDeliveredUnit",
        "leadDays",
        "qualityScore",
    )
    rows = [
        [
            supplier(quote["supplierId"]),
            page.yes_no(bool(quote["comparable"])),
            *(
                text(
                    money(quote[field], quote["currency"])
                    if field in MONEY and quote[field]
                    else quote[field]
                )
                for field in fields
            ),
            page.constraint_status(quote["constraintStatus"]),
        ]
        for quote in quotes
    ]
    headers = page.columns(
        "col.supplier", "col.comparable", "col.currency", "col.packs_purchased", "col.delivered",
        "col.overbuy", "col.landed", "col.per_unit", "col.lead", "col.quality_score",
        "col.constraint_status",
    )  # fmt: skip
    body = table(headers, rows, frozenset(range(3, 10)), page.label("quotes"))
    if any(quote[field] is None for quote in quotes for field in fields):
        body += paragraph(escape(page.label("unknown_note")), "note")
    conflicted = [quote for quote in quotes if quote["conflicts"]]
    if conflicted:
        body += paragraph(escape(page.label("conflicts")))
        body += items(
            supplier(quote["supplierId"])
            + ": "
            + escape(" ".join(ISSUE_TEXT[page.lang].get(c, display(c)) for c in quote["conflicts"]))
            for quote in conflicted
        )
    html = section("quotes", page.label("quotes"), body)
    checks = [(quote, check) for quote in quotes for check in quote["constraints"]]
    if checks:
        rows = [
            [
                supplier(quote["supplierId"]),
                _constraint_name(page, str(check["constraint"])),
                _with_unit(page, str(check["constraint"]), check["limit"]),
                _with_unit(page, str(check["constraint"]), check["value"]),
                page.constraint_status(check["status"]),
            ]
            for quote, check in checks
        ]
        columns = page.columns(
            "col.supplier", "col.constraint", "col.limit", "col.quote_value", "col.result"
        )
        html += section(
            "constraints",
            page.label("hard_constraints"),
            table(columns, rows, frozenset({2, 3}), page.label("hard_constraints")),
        )
    return html


def _constraint_name(page: _Page, constraint: str) -> str:
    """A constraint in words (its field's words), or its code marked as code."""
    name = field_words(page.lang, constraint)
    return escape(name) if name is not None else f"<code>{text(constraint)}</code>"


def _with_unit(page: _Page, constraint: str, value: Any) -> str:
    unit = field_unit(constraint)  # its row's (none: a score on the request's scale, money)
    if value is None or unit is None:
        return text(value)
    # A unit's words are the catalog's word of its name, the value in the placeholder of that
    # name ("days": "{days} days").
    return escape(page.label(unit)).replace(f"{{{unit}}}", text(value))


def _ranking(page: _Page, ranking: Sequence[Mapping[str, Any]] | None) -> str:
    if not ranking:
        return section(
            "ranking", page.label("ranking"), paragraph(escape(page.label("no_ranking")))
        )
    names = list(ranking[0]["components"])
    headers = [
        *page.columns("col.rank", "col.supplier", "col.score"),
        *(LABELS[page.lang].get(name) or display(name) for name in names),
    ]
    rows = [
        [
            str(entry["rank"]),
            page.who(entry["supplierId"]),
            text(entry["score"]),
            *(text(entry["components"][name]) for name in names),
        ]
        for entry in ranking
    ]
    numeric = frozenset(range(len(headers))) - {1}
    if len(rows) <= LONG_RANKING:
        body = table(headers, rows, numeric, page.label("ranking"))
    else:  # 100 quotes: the first few, the others in a disclosure (issue 29)
        first = page.word("ranking_first").format(shown=FIRST_FEW, count=len(rows))
        rest = page.word("ranking_rest").format(count=len(rows) - FIRST_FEW)
        body = (
            paragraph(escape(first))
            + table(headers, rows[:FIRST_FEW], numeric, page.label("ranking"))
            + f"<details><summary>{escape(rest)}</summary>\n"
            + table(headers, rows[FIRST_FEW:], numeric, rest)
            + "</details>\n"
        )
    body += paragraph(escape(page.label("ranking_note")), "note")
    return section("ranking", page.label("ranking"), body)


def _sensitivity(page: _Page, scenarios: Sequence[Mapping[str, Any]]) -> str:
    if not scenarios:
        body = paragraph(escape(page.label("no_sensitivity")))
        return section("sensitivity", page.label("sensitivity"), body)
    rows = [
        [
            escape(dimension_name(page.lang, str(scenario["dimension"]))),
            escape(
                DIRECTION_TEXT[page.lang].get(
                    str(scenario["direction"]), display(str(scenario["direction"]))
                )
            ),
            text(scenario["factor"]),
            " / ".join(text(weight) for weight in scenario["weights"].values()),
            escape(page.label("join")).join(
                f"{entry['rank']} {supplier(entry['supplierId'])}" for entry in scenario["ranking"]
            ),
            page.yes_no(bool(scenario["rankingChanged"])),
        ]
        for scenario in scenarios
    ]
    headers = page.columns(
        "col.dimension", "col.direction", "col.factor", "col.weights", "ranking", "col.changed"
    )
    body = table(headers, rows, frozenset({2}), page.label("sensitivity")) + paragraph(
        escape(page.label("sensitivity_note")), "note"
    )
    return section("sensitivity", page.label("sensitivity"), body)


def _interval(page: _Page, interval: Mapping[str, Any]) -> str:
    opening = "(" if interval["lowerOpen"] else "["
    closing = ")" if interval["upperOpen"] else "]"
    upper = escape(page.word("infinity")) if interval["upper"] is None else text(interval["upper"])
    return f"{opening}{text(interval['lower'])}, {upper}{closing}"


def _pairs(page: _Page, pairs: Sequence[Sequence[str]], key: str = "pair") -> str:
    """Pairs of ids in the report's wording; the ids isolated (the result is escaped HTML)."""
    template = escape(page.label(key)).replace("{first}", "\0").replace("{second}", "\1")
    return escape(page.label("join_clauses")).join(
        template.replace("\0", supplier(first)).replace("\1", supplier(second))
        for first, second in pairs
    )


def _fill(template: str, **values: str) -> str:
    """A report template with already-escaped values put in (the template escaped here)."""
    escaped = escape(template)
    for name, value in values.items():
        escaped = escaped.replace("{" + name + "}", value)
    return escaped


def _bound_notes(page: _Page, dimension: str, which: str, interval: Mapping[str, Any]) -> list[str]:
    """The report's plain-words lines for the bounds of one interval (same rule as the text
    report's: a ``[1, 1]`` tie, an excluded ``f = 0``, a lower and an upper crossing)."""
    words = {
        "dimension": escape(dimension_name(page.lang, dimension)),
        "which": escape(page.label(f"which.{which}")),
    }
    lower_swaps, upper_swaps = interval["lowerSwaps"], interval["upperSwaps"]
    if not interval["lowerOpen"] and not interval["upperOpen"]:
        return [_fill(page.label("swap.tie"), pairs=_pairs(page, lower_swaps), **words)]
    notes: list[str] = []
    if interval["lowerOpen"] and interval["lowerExact"] == "0/1":
        key = "swap.zero" if lower_swaps else "swap.no_weight"
        notes.append(_fill(page.label(key), pairs=_pairs(page, lower_swaps), **words))
    elif lower_swaps:
        notes.append(
            _fill(
                page.label("swap.lower"),
                exact=text(interval["lowerExact"]),
                decimal=text(interval["lower"]),
                pairs=_pairs(page, lower_swaps),
                reversed=_pairs(page, lower_swaps, "reversed"),
                **words,
            )
        )
    if upper_swaps:
        notes.append(
            _fill(
                page.label("swap.upper"),
                exact=text(interval["upperExact"]),
                decimal=text(interval["upper"]),
                pairs=_pairs(page, upper_swaps),
                reversed=_pairs(page, upper_swaps, "reversed"),
                **words,
            )
        )
    return notes


def _stability(page: _Page, entries: Sequence[Mapping[str, Any]]) -> str:
    rows = [
        [
            escape(dimension_name(page.lang, str(entry["dimension"]))),
            text(entry["weight"]),
            _interval(page, entry["rankingInterval"]),
            _interval(page, entry["winnerInterval"]),
        ]
        for entry in entries
    ]
    notes: list[str] = []
    for entry in entries:
        dimension = str(entry["dimension"])
        notes.extend(_bound_notes(page, dimension, "ranking", entry["rankingInterval"]))
        if entry["winnerInterval"] != entry["rankingInterval"]:
            notes.extend(_bound_notes(page, dimension, "winner", entry["winnerInterval"]))
    headers = page.columns("col.dimension", "col.weight", "col.same_ranking", "col.same_winner")
    body = (
        paragraph(escape(page.label("stability_note")), "note")
        + table(headers, rows, frozenset({1}), page.label("stability"))
        + items(notes)
    )
    return section("stability", page.label("stability"), body)


def _quality(page: _Page, quality: Mapping[str, Any]) -> str:
    scale = quality.get("scale")
    if scale is None:
        body = paragraph(escape(page.label("no_scale")))
    else:
        body = paragraph(
            _fill(
                page.label("scale"),
                definition=text(scale["definition"]),
                minimum=text(scale["minimum"]),
                maximum=text(scale["maximum"]),
            )
        )
    issues = quality.get("issues") or []
    if not issues:
        body += paragraph(escape(page.label("no_issues")))
    body += items(
        f"{supplier(issue['supplierId'])}: {_worded(ISSUE_TEXT[page.lang], issue['code'])}"
        for issue in issues
    )
    body += paragraph(escape(page.label("not_certified")))
    return section("quality", page.label("quality"), body)


def _limitations(page: _Page, limitations: Sequence[Mapping[str, Any]]) -> str:
    entries = []
    for limitation in limitations:
        who = limitation.get("supplierId")
        prefix = "" if who is None else f"{supplier(who)}: "
        code = str(limitation.get("code"))
        known = code in LIMITATION_TEXT[page.lang] or code in ERROR_TEXT[page.lang]
        words = escape(reason_words(page.lang, limitation)) if known else _worded({}, code)
        entries.append(f"{prefix}{words}")
    return section("limitations", page.label("limitations"), items(entries))


def _answer(page: _Page, facts: Any) -> str:
    """The answer section: the sentences of :func:`quotecalc.output.answer.answer`."""
    join = escape(ANSWER_WORDS[page.lang]["join"])
    lines = []
    for sentence in facts.sentences:
        shown = fill(
            sentence,
            page.lang,
            escape,
            lambda ids: join.join(supplier(i) for i in ids),
            lambda value: escape(display(value)),
        )
        css = "winner" if sentence.role in ("winner", "no_ranking", "invalid") else ""
        lines.append(paragraph(shown, css))
    body = "".join(lines)
    heading = escape(ANSWER_WORDS[page.lang]["heading"])
    return f'<section id="answer" class="answer" aria-label="{heading}">\n{body}</section>\n'


def html_page(
    result: Mapping[str, Any],
    analysis_doc: Mapping[str, Any],
    lang: str,
    purchase: Mapping[str, Any] | None = None,
    plan: Mapping[str, Any] | None = None,
    *,
    raw: bytes | str | None = None,
    after_answer: str = "",
    weight_map_shown: bool = True,
) -> str:
    """One self-contained HTML page of a result object and its weight-analysis document;
    ``lang`` is ``"en"`` or ``"zh"``; ``purchase`` what is bought (the request's quantity,
    currency and specification: :func:`quotecalc.output.answer.purchase_of`), when known;
    ``raw`` the request text, when known, to name an error's unknown key and its supplier.
    The answer comes first (with the best plan of ``plan``, a purchase-plan document, when
    given); the title names the item and the winner. A document around the result may add a
    section right after the answer (``after_answer``, escaped HTML: the converted comparison's
    rates) and leave out the weight map it does not compute. Ends with a newline."""
    page = _Page(lang, swatches(analysis_doc))
    facts = answer(result, analysis_doc, lang, purchase, plan)
    join = ANSWER_WORDS[lang]["join"]
    title = fill(
        facts.title, lang, lambda t: t, lambda ids: join.join(display(i) for i in ids), display
    )
    version = page.label("title").format(version=display(str(result.get("toolVersion"))))
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{LANG_TAGS[lang]}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)} · {escape(version)}</title>",
        f"<style>{STYLE}</style>",
        "</head>",
        "<body>",
        "<main>",
        f"<h1>{escape(title)}</h1>",
        _answer(page, facts),
        *([after_answer] if after_answer else []),
        _header(page, result),
    ]
    status = result["status"]
    if status == "invalid_input":
        parts.append(_errors(page, result["limitations"], load(raw)))
    elif status == "internal_error":
        parts.append(_limitations(page, result["limitations"]))
    else:
        quotes = result["normalizedQuotes"]
        analysis = analysis_doc.get("analysis")
        parts.extend(
            [
                _quotes(page, quotes),
                section("landed", page.word("landed"), cost_bars(quotes, lang)),
                _ranking(page, result["ranking"]),
                *(
                    [
                        weight_map(
                            lang,
                            analysis_doc,
                            svg_picture(analysis_doc, lang),
                            svg_picture(analysis_doc, lang, narrow=True),
                        )
                    ]
                    if weight_map_shown
                    else []
                ),
                _sensitivity(page, result["sensitivity"]),
            ]
        )
        if analysis is not None:
            parts.append(_stability(page, analysis["stability"]))
        parts.extend([_quality(page, result["quality"]), _limitations(page, result["limitations"])])
    footer = escape(page.word("generated").format(version=display(str(result.get("toolVersion")))))
    parts.extend([f"<footer>{footer}</footer>", "</main>", "</body>", "</html>"])
    return "\n".join(part.rstrip("\n") for part in parts) + "\n"
