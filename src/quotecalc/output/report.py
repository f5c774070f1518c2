"""A terminal report of one result, in English or Simplified Chinese (``--format text``).

The rules:

- Nothing is computed here. Every number is read from the engine's result object (already
  formatted decimal strings) or from the :func:`quotecalc.analysis.intervals.stability` entries; a
  ``null`` is shown as ``-``.
- Each code (limitation, error, quality issue, quote conflict) has one fixed plain-words text
  per language in the word catalog (:mod:`quotecalc.output.wording`), as every label of the
  report has; an unknown code is shown as itself.
- Cells and tables are :mod:`quotecalc.output.cells`': aligned by display width, and any text from
  the request escaped so it can neither act on the terminal nor break a table.

The code words and the cell functions are re-exported here for the callers that read them
with the report.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..engine.render import EXIT_CODES
from .answer import answer, render_plain
from .cells import COLUMN_RULES, clean, display_width, table
from .people import money
from .wording import (
    CONSTRAINT_STATUS_TEXT,
    DIMENSION_TEXT,
    DIRECTION_TEXT,
    ERROR_TEXT,
    ISSUE_TEXT,
    LANGUAGES,
    LIMITATION_TEXT,
    UNKNOWN,
    area,
    status_words,
)

__all__ = [
    "COLUMN_RULES",
    "CONSTRAINT_STATUS_TEXT",
    "DIMENSION_TEXT",
    "DIRECTION_TEXT",
    "ERROR_TEXT",
    "ISSUE_TEXT",
    "LANGUAGES",
    "LIMITATION_TEXT",
    "UNKNOWN",
    "clean",
    "display_width",
    "render_text",
    "table",
]


LABELS: Final = area("report")
"""The report's words: its own (``report.``) and the shared ones (the catalog's keys)."""


def _money(value: Any, currency: Any) -> str:
    """An amount in the one money format (:func:`.people.money`, the currency's places)."""
    if value is None:
        return UNKNOWN
    return money(str(value), None if currency is None else str(currency))


def _value(value: Any) -> str:
    return UNKNOWN if value is None else clean(str(value))


class _Writer:
    """Collects the report's lines for one language."""

    def __init__(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unsupported language: {lang}")
        self.lang = lang
        self.lines: list[str] = []

    def text(self, key: str) -> str:
        return LABELS[self.lang][key]

    def section(self, key: str) -> None:
        self.lines.extend(["", f"== {self.text(key)} =="])

    def yes_no(self, flag: bool) -> str:
        return self.text("yes" if flag else "no")

    def dimension(self, name: str) -> str:
        return DIMENSION_TEXT[self.lang].get(name, clean(name))

    def column_dimension(self, name: str) -> str:
        return LABELS[self.lang].get(name) or clean(name)

    def table(self, keys: Sequence[str], rows: Sequence[Sequence[str]], right: set[int]) -> None:
        headers = [self.text(key) for key in keys]
        self.lines.extend(table(headers, rows, frozenset(right)))


def _coded(texts: Mapping[str, Mapping[str, str]], lang: str, code: str) -> str:
    return texts[lang].get(code, clean(code))


def _header(out: _Writer, output: Mapping[str, Any]) -> None:
    status = str(output["status"])
    label, explanation = status_words(out.lang, status)
    label = clean(label)  # an unknown status is shown as itself
    out.lines.append(out.text("title").format(version=_value(output.get("toolVersion"))))
    exit_code = EXIT_CODES.get(status, 1)
    out.lines.append(out.text("status_exit").format(status=label, exit=exit_code))
    if explanation:
        out.lines.append(explanation)


def _answer(
    out: _Writer,
    output: Mapping[str, Any],
    analysis: Mapping[str, Any] | None,
    purchase: Mapping[str, Any] | None,
) -> None:
    """The answer first (issue 21): the title sentence, then each sentence of
    :func:`.answer.answer` on its own line, then a blank line."""
    facts = answer(output, None if analysis is None else {"analysis": analysis}, out.lang, purchase)
    out.lines.append(render_plain(facts.title, out.lang, clean))
    out.lines.extend(render_plain(sentence, out.lang, clean) for sentence in facts.sentences)
    out.lines.append("")


def _errors(out: _Writer, errors: Sequence[Mapping[str, Any]]) -> None:
    out.section("errors")
    rows = [
        [
            _value(error.get("path")) if error.get("path") else out.text("whole_input"),
            _value(error.get("code")),
            _coded(ERROR_TEXT, out.lang, str(error.get("code"))),
        ]
        for error in errors
    ]
    out.table(("col.path", "col.code", "col.meaning"), rows, set())


def _quotes(out: _Writer, quotes: Sequence[Mapping[str, Any]]) -> None:
    out.section("quotes")
    status_text = CONSTRAINT_STATUS_TEXT[out.lang]
    rows = [
        [
            _value(quote["supplierId"]),
            out.yes_no(bool(quote["comparable"])),
            _value(quote["currency"]),
            _value(quote["packsPurchased"]),
            _value(quote["deliveredQuantity"]),
            _value(quote["overbuyQuantity"]),
            _money(quote["landedTotal"], quote["currency"]),
            _money(quote["costPerDeliveredUnit"], quote["currency"]),
            _value(quote["leadDays"]),
            _value(quote["qualityScore"]),
            status_text.get(str(quote["constraintStatus"]), _value(quote["constraintStatus"])),
        ]
        for quote in quotes
    ]
    keys = (
        "col.supplier",
        "col.comparable",
        "col.currency",
        "col.packs_purchased",
        "col.delivered",
        "col.overbuy",
        "col.landed",
        "col.per_unit",
        "col.lead",
        "col.quality_score",
        "col.constraint_status",
    )
    out.table(keys, rows, {3, 4, 5, 6, 7, 8, 9})
    if any(cell == UNKNOWN for row in rows for cell in row):
        out.lines.append(out.text("unknown_note"))
    conflicted = [quote for quote in quotes if quote["conflicts"]]
    if conflicted:
        out.lines.append(out.text("conflicts"))
        for quote in conflicted:
            words = " ".join(_coded(ISSUE_TEXT, out.lang, code) for code in quote["conflicts"])
            out.lines.append(f"- {_value(quote['supplierId'])}: {words}")
    checks = [(quote, check) for quote in quotes for check in quote["constraints"]]
    if checks:
        out.section("hard_constraints")
        out.table(
            ("col.supplier", "col.constraint", "col.limit", "col.quote_value", "col.result"),
            [
                [
                    _value(quote["supplierId"]),
                    _value(check["constraint"]),
                    _value(check["limit"]),
                    _value(check["value"]),
                    status_text.get(str(check["status"]), _value(check["status"])),
                ]
                for quote, check in checks
            ],
            {2, 3},
        )


def _ranking(out: _Writer, ranking: Sequence[Mapping[str, Any]] | None) -> None:
    out.section("ranking")
    if not ranking:
        out.lines.append(out.text("no_ranking"))
        return
    headers = [
        out.text("col.rank"),
        out.text("col.supplier"),
        out.text("col.score"),
        *(out.column_dimension(name) for name in ranking[0]["components"]),
    ]
    rows = [
        [
            str(entry["rank"]),
            _value(entry["supplierId"]),
            _value(entry["score"]),
            *(_value(value) for value in entry["components"].values()),
        ]
        for entry in ranking
    ]
    out.lines.extend(table(headers, rows, frozenset(range(len(headers))) - {1}))
    out.lines.append(out.text("ranking_note"))


def _order(out: _Writer, ranking: Sequence[Mapping[str, Any]]) -> str:
    return out.text("ranking_join").join(
        f"{entry['rank']} {_value(entry['supplierId'])}" for entry in ranking
    )


def _sensitivity(out: _Writer, scenarios: Sequence[Mapping[str, Any]]) -> None:
    out.section("sensitivity")
    if not scenarios:
        out.lines.append(out.text("no_sensitivity"))
        return
    rows = [
        [
            out.dimension(str(scenario["dimension"])),
            DIRECTION_TEXT[out.lang].get(str(scenario["direction"]), _value(scenario["direction"])),
            _value(scenario["factor"]),
            " / ".join(_value(weight) for weight in scenario["weights"].values()),
            _order(out, scenario["ranking"]),
            out.yes_no(bool(scenario["rankingChanged"])),
        ]
        for scenario in scenarios
    ]
    keys = ("col.dimension", "col.direction", "col.factor", "col.weights", "ranking", "col.changed")
    out.table(keys, rows, {2})
    out.lines.append(out.text("sensitivity_note"))


def _interval_text(out: _Writer, interval: Mapping[str, Any]) -> str:
    opening = "(" if interval["lowerOpen"] else "["
    closing = ")" if interval["upperOpen"] else "]"
    upper = out.text("infinity") if interval["upper"] is None else _value(interval["upper"])
    return f"{opening}{_value(interval['lower'])}, {upper}{closing}"


def _pairs(out: _Writer, pairs: Sequence[Sequence[str]], key: str = "pair") -> str:
    return out.text("join_clauses").join(
        out.text(key).format(first=_value(first), second=_value(second)) for first, second in pairs
    )


def _bound_notes(out: _Writer, dimension: str, which: str, interval: Mapping[str, Any]) -> None:
    """Plain-words lines for the bounds of one interval that are not simply ``[0`` or ``+inf``."""
    words = {"dimension": out.dimension(dimension), "which": out.text(f"which.{which}")}
    lower_swaps, upper_swaps = interval["lowerSwaps"], interval["upperSwaps"]
    if not interval["lowerOpen"] and not interval["upperOpen"]:
        out.lines.append(
            "- " + out.text("swap.tie").format(pairs=_pairs(out, lower_swaps), **words)
        )
        return
    if interval["lowerOpen"] and interval["lowerExact"] == "0/1":
        key = "swap.zero" if lower_swaps else "swap.no_weight"
        out.lines.append("- " + out.text(key).format(pairs=_pairs(out, lower_swaps), **words))
    elif lower_swaps:
        out.lines.append(
            "- "
            + out.text("swap.lower").format(
                exact=_value(interval["lowerExact"]),
                decimal=_value(interval["lower"]),
                pairs=_pairs(out, lower_swaps),
                reversed=_pairs(out, lower_swaps, "reversed"),
                **words,
            )
        )
    if upper_swaps:
        out.lines.append(
            "- "
            + out.text("swap.upper").format(
                exact=_value(interval["upperExact"]),
                decimal=_value(interval["upper"]),
                pairs=_pairs(out, upper_swaps),
                reversed=_pairs(out, upper_swaps, "reversed"),
                **words,
            )
        )


def _stability(out: _Writer, entries: Sequence[Mapping[str, Any]]) -> None:
    out.section("stability")
    out.lines.append(out.text("stability_note"))
    rows = [
        [
            out.dimension(str(entry["dimension"])),
            _value(entry["weight"]),
            _interval_text(out, entry["rankingInterval"]),
            _interval_text(out, entry["winnerInterval"]),
        ]
        for entry in entries
    ]
    out.table(("col.dimension", "col.weight", "col.same_ranking", "col.same_winner"), rows, set())
    for entry in entries:
        dimension = str(entry["dimension"])
        _bound_notes(out, dimension, "ranking", entry["rankingInterval"])
        if entry["winnerInterval"] != entry["rankingInterval"]:
            _bound_notes(out, dimension, "winner", entry["winnerInterval"])


def _quality(out: _Writer, quality: Mapping[str, Any]) -> None:
    out.section("quality")
    scale = quality.get("scale")
    if scale is None:
        out.lines.append(out.text("no_scale"))
    else:
        out.lines.append(
            out.text("scale").format(
                definition=_value(scale["definition"]),
                minimum=_value(scale["minimum"]),
                maximum=_value(scale["maximum"]),
            )
        )
    issues = quality.get("issues") or []
    if not issues:
        out.lines.append(out.text("no_issues"))
    for issue in issues:
        words = _coded(ISSUE_TEXT, out.lang, str(issue["code"]))
        out.lines.append(f"- {_value(issue['supplierId'])}: {words} [{_value(issue['code'])}]")
    out.lines.append(out.text("not_certified"))


def _limitations(out: _Writer, limitations: Sequence[Mapping[str, Any]]) -> None:
    out.section("limitations")
    for limitation in limitations:
        code = str(limitation["code"])
        template = LIMITATION_TEXT[out.lang].get(code) or _coded(ERROR_TEXT, out.lang, code)
        words = template.format(
            field=_value(limitation.get("field")),
            dimension=out.dimension(str(limitation.get("dimension") or UNKNOWN)),
        )
        who = limitation.get("supplierId")
        prefix = "- " if who is None else f"- {_value(who)}: "
        out.lines.append(f"{prefix}{words} [{clean(code)}]")


def render_text(
    result_output: Mapping[str, Any],
    stability: Sequence[Mapping[str, Any]] | None,
    lang: str = "en",
    analysis: Mapping[str, Any] | None = None,
    purchase: Mapping[str, Any] | None = None,
    *,
    after_answer: Sequence[str] = (),
    after_header: Sequence[str] = (),
) -> str:
    """The terminal report of one result object (``Result.output``) and, for a ranked
    result, its stability entries and the ``analysis`` object of its weight-analysis document
    (issue 11); ``lang`` is ``"en"`` or ``"zh"``. Reads formatted values only (see the module
    docstring); ends with a newline. A document around the result adds its own lines after
    the answer's sentences (``after_answer``) and after the status (``after_header``), already
    escaped: the converted comparison's rates (:mod:`.conversion_text`)."""
    out = _Writer(lang)
    _answer(out, result_output, analysis, purchase)
    if after_answer:
        out.lines[-1:] = [*after_answer, ""]
    _header(out, result_output)
    out.lines.extend(after_header)
    status = result_output["status"]
    if status in ("invalid_input", "internal_error"):
        if status == "invalid_input":
            _errors(out, result_output["limitations"])
        else:
            out.section("limitations")
            out.lines.extend(
                f"- {_coded(ERROR_TEXT, out.lang, str(item['code']))} [{clean(str(item['code']))}]"
                for item in result_output["limitations"]
            )
        return "\n".join(out.lines) + "\n"
    _quotes(out, result_output["normalizedQuotes"])
    _ranking(out, result_output["ranking"])
    _sensitivity(out, result_output["sensitivity"])
    if stability is not None:
        _stability(out, stability)
    if analysis is not None:
        from .analysis_text import weight_analysis_lines

        out.lines.extend(weight_analysis_lines(analysis, out.lang))
    _quality(out, result_output["quality"])
    _limitations(out, result_output["limitations"])
    return "\n".join(out.lines) + "\n"
