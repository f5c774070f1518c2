"""The form's HTML (issues 21, 29, 35): a plain ``<form>`` posting ``multipart/form-data``
to ``/quotecalc/report``, empty (``GET /``) or filled with what was typed (after an error,
``POST /quotecalc/form``), and the "change the inputs" / "new comparison" links under every
report page. No script; nothing a user sent is shown back but the form's own values.
"""

# The brackets a label keeps whole are Chinese (fullwidth) ones too, on purpose.
# ruff: noqa: RUF001, RUF002

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

from ...core.constraint_rules import CONSTRAINT_RULES
from ...core.fields import Kind
from ...intake.options import EVENT_ONLY, QUOTE_ROOT, Option
from .fields import (
    ENCODINGS,
    HAD_FILE,
    PARTS,
    RATE_KEYS,
    RATE_PARTS,
    RATE_ROWS,
    rate_name,
    rate_place,
)
from .html import document, escape
from .templates import template_links
from .words import WORDS

_CONSTRAINED: Final = frozenset(rule.name for rule in CONSTRAINT_RULES)
_INPUT_MODES: Final = {Kind.INTEGER: ' inputmode="numeric"', Kind.DECIMAL: ' inputmode="decimal"'}
# A bracket pair and what it holds (issue 40, item 6: a label never breaks inside one).
_BRACKETS: Final = re.compile(r"（[^（）]*(?:（[^（）]*）[^（）]*)*）|\([^()]*\)")
Marks = Mapping[str, str]
"""The controls an error is about (issue 40, item 5): a control's name to the words of its
errors, shown under it."""


def label_text(text: str) -> str:
    """A label's words, escaped, each bracket pair (``（…）``, ``(…)``) kept on one line (a
    text without one is only escaped)."""
    shown, at = [], 0
    for found in _BRACKETS.finditer(text):
        shown.append(escape(text[at : found.start()]))
        shown.append(f'<span class="nb">{escape(found.group())}</span>')
        at = found.end()
    return "".join(shown) + escape(text[at:])


def _words(text: str) -> str:
    """A label's words as one box of its grid (a bracket's span is no row of its own)."""
    shown = label_text(text)
    return f"<span>{shown}</span>" if "<span" in shown else shown


def control_id(name: str) -> str:
    """A control's element id: what an error at the top of the page links to."""
    return f"field-{name}"


def _marked(name: str, marks: Marks, described: str = "") -> tuple[str, str]:
    """A control's id, and, when an error is about it, ``aria-invalid`` with the error's words
    named by ``aria-describedby`` (after the control's own hint, ``described``), and those
    words shown after it: ``(attributes, words)``."""
    said = marks.get(name)
    ids = [described] if described else []
    after = ""
    if said is not None:
        ids.append(f"{control_id(name)}-error")
        after = f'<span class="field-error" id="{control_id(name)}-error">{escape(said)}</span>'
    attributes = f' id="{control_id(name)}"'
    if said is not None:
        attributes += ' aria-invalid="true"'
    if ids:
        attributes += f' aria-describedby="{" ".join(ids)}"'
    return attributes, after


def _value(values: Mapping[str, str], name: str) -> str:
    value = values.get(name, "")
    return f' value="{escape(value)}"' if value else ""


def _field(
    words: Mapping[str, str],
    name: str,
    kind: str = "text",
    extra: str = "",
    values: Mapping[str, str] | None = None,
    *,
    label: str | None = None,
    marks: Marks | None = None,
    described: str = "",
) -> str:
    shown = _words(words[name] if label is None else label)
    marked, after = _marked(name, marks or {}, described)
    if kind == "checkbox":
        state = " checked" if (values or {}).get(name) == "true" else ""
        return (
            f'<label class="check"><input type="{kind}" name="{name}"{extra}{marked}{state}>'
            f'<span class="words">{shown}</span>{after}</label>\n'
        )
    value = _value(values or {}, name)
    return (
        f'<label>{shown}<input type="{kind}" name="{name}"{extra}{marked}{value}>{after}</label>\n'
    )


def _encoding(words: Mapping[str, str], chosen: str, marks: Marks) -> str:
    """The CSV encoding choice, with the hint that names Chinese Excel's GBK CSV."""
    options = "".join(
        f'<option value="{code}"{" selected" if code and code == chosen else ""}>'
        f"{escape(words['encoding.' + code])}</option>"
        for code in ENCODINGS
    )
    marked, after = _marked("encoding", marks, "encoding-hint")
    return (
        f'<label>{_words(words["encoding"])}<select name="encoding"{marked}>{options}'
        f'</select>{after}<span class="note" id="encoding-hint">'
        f"{escape(words['encoding_hint'])}</span></label>\n"
    )


def _rates(words: Mapping[str, str], values: Mapping[str, str], marks: Marks) -> str:
    """The exchange-rate rows: from, to, rate, date, source (issue 35)."""
    decimal = ' inputmode="decimal"'
    rows = []
    for row in range(1, RATE_ROWS + 1):
        parts = "".join(
            _field(
                words,
                rate_name(part, row),
                "text",
                decimal if part == "rate" else "",
                values,
                label=words["col.rate" if part == "rate" else f"rate_{part}"],
                marks=marks,
            )
            for part in RATE_PARTS
        )
        legend = escape(words["rate_row"].format(n=row))
        rows.append(f'<fieldset class="rate"><legend>{legend}</legend>\n{parts}</fieldset>\n')
    return (
        f"<fieldset><legend>{label_text(words['rates'])}</legend>\n"
        f'<p class="note">{escape(words["rates_hint"])}</p>\n' + "".join(rows) + "</fieldset>\n"
    )


def field_label(lang: str, option: Option) -> str:
    """A root option's label on the form: its row's label, else its words capitalised."""
    rule = option.field
    assert rule is not None and rule.doors is not None
    if rule.doors.label is not None:
        return rule.doors.label.of(lang)
    assert rule.doors.words is not None
    words = rule.doors.words.of(lang)
    return words[:1].upper() + words[1:]


def _root_field(lang: str, option: Option, values: Mapping[str, str], marks: Marks) -> str:
    """One root option's field, its label and input mode the row's; a choice (issue 38:
    ``effort``) is a list of its names after a blank "default", with the row's hint."""
    rule = option.field
    assert rule is not None and rule.doors is not None
    label = field_label(lang, option)
    if rule.kind is not Kind.CHOICE:
        mode = _INPUT_MODES.get(rule.kind, "")
        return _field({}, option.name, "text", mode, values, label=label, marks=marks)
    chosen = values.get(option.name, "")
    listed = "".join(
        f'<option value="{name}"{" selected" if name and name == chosen else ""}>'
        f"{escape(name or WORDS[lang]['choice_default'])}</option>"
        for name in ("", *rule.choices)
    )
    hint = rule.doors.hint.of(lang).replace("`", "") if rule.doors.hint is not None else ""
    note = f"{option.name}-hint"
    marked, after = _marked(option.name, marks, note)
    return (
        f'<label>{_words(label)}<select name="{option.name}"{marked}>'
        f'{listed}</select>{after}<span class="note" id="{note}">{escape(hint)}</span></label>\n'
    )


def flag_label(lang: str, name: str) -> str:
    """The form's label of the root field ``name`` that a control sets (issue 38)."""
    return field_label(lang, flag_option(name))


def flag_option(name: str) -> Option:
    """The root option of the root field ``name`` (its form control is the option's name)."""
    return next(o for o in (*QUOTE_ROOT, *EVENT_ONLY) if o.field and o.field.name == name)


def control_label(lang: str, control: str) -> str:
    """The form's label of a control (by its name): what an error about it is called."""
    words = WORDS[lang]
    for option in (*QUOTE_ROOT, *EVENT_ONLY):
        if option.name == control and option.field is not None:
            return field_label(lang, option)
    if control in words:
        return words[control]
    part, _, row = control.rpartition("_")
    if row.isdigit():  # an exchange-rate row's part: "Rate 2: Date (YYYY-MM-DD)"
        return rate_place(lang, int(row), RATE_KEYS[part.removeprefix("rate_")])
    return control


def _root_fields(
    words: Mapping[str, str], lang: str, values: Mapping[str, str], marks: Marks
) -> str:
    """A quote sheet's root options in the contract's order: the weights and the scale as a
    set of fields each, the hard constraints together in one set."""
    decimal = _INPUT_MODES[Kind.DECIMAL]
    shown = ""
    constraints: list[str] = []
    for option in QUOTE_ROOT:
        assert option.field is not None
        if option.field.name in _CONSTRAINED:
            constraints.append(_root_field(lang, option, values, marks))
            continue
        if constraints:
            shown += _fieldset(words["constraints"], "".join(constraints))
            constraints = []
        if option.name == "weights":
            shown += _fieldset(
                words["weights"],
                f'<p class="note">{escape(words["weights_hint"])}</p>\n'
                + "".join(
                    _field(words, name, "text", decimal, values, marks=marks)
                    for name in PARTS["weights"]
                ),
            )
        elif option.name == "quality_scale":
            definition, *bounds = PARTS["quality_scale"]
            shown += _fieldset(
                words["scale"],
                _field(words, definition, values=values, marks=marks)
                + "".join(
                    _field(words, name, "text", decimal, values, marks=marks) for name in bounds
                ),
            )
        else:
            shown += _root_field(lang, option, values, marks)
    if constraints:
        shown += _fieldset(words["constraints"], "".join(constraints))
    return shown


def _fieldset(legend: str, body: str) -> str:
    return f"<fieldset><legend>{label_text(legend)}</legend>\n{body}</fieldset>\n"


def form_body(
    lang: str,
    limit: int,
    values: Mapping[str, str] | None = None,
    marks: Marks | None = None,
) -> str:
    """The upload form in ``lang``, its fields filled with ``values`` (the form's own names;
    a kept form says that the file must be chosen again), each control of ``marks`` marked
    with its errors' words (issue 40)."""
    words = WORDS[lang]
    values = values or {}
    marks = marks or {}
    mib = str(limit // (1024 * 1024))
    chosen_lang = values.get("lang", lang)
    options = "".join(
        f'<option value="{code}"{" selected" if code == chosen_lang else ""}>{name}</option>'
        for code, name in (("en", "English"), ("zh", "中文"))
    )
    kept = ""
    if values.get(HAD_FILE) == "1":
        kept = f'<p class="kept" id="kept">{escape(words["kept"])}</p>\n'
    sheet, sheet_error = _marked("sheet_file", marks, "json-file")
    request, request_error = _marked("request", marks)
    chosen, _ = _marked("lang", marks)
    return (
        kept + '<form method="post" action="/quotecalc/report" enctype="multipart/form-data">\n'
        f"<label>{_words(words['sheet'].format(limit=mib))}"
        f'<input type="file" name="sheet_file"{sheet} accept=".csv,.xlsx,'
        ".json,text/csv,application/json,"
        f'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet">{sheet_error}'
        f'<span class="note" id="json-file">{escape(words["json_file"])}</span></label>\n'
        + _field(words, "sheet_name", values=values, marks=marks)
        + _encoding(words, values.get("encoding", ""), marks)
        + '<p class="note" id="read-as-written-hint">'
        + f"{escape(words['read_as_written_hint'])}</p>\n"
        + _field(
            words,
            "read_as_written",
            "checkbox",
            ' value="true"',
            values,
            marks=marks,
            described="read-as-written-hint",
        )
        + _root_fields(words, lang, values, marks)
        + _rates(words, values, marks)
        + f"<fieldset><legend>{label_text(words['event_set'])}</legend>\n"
        + f'<p class="note" id="event-hint">{escape(words["event_hint"])}</p>\n'
        + _field(
            words, "event", "checkbox", ' value="true"', values, marks=marks, described="event-hint"
        )
        + "".join(_root_field(lang, option, values, marks) for option in EVENT_ONLY)
        + "</fieldset>\n"
        + f'<label>{_words(words["or"])}<textarea name="request"{request}'
        f' aria-label="{escape(words["request"])}" spellcheck="false">'
        f"{escape(values.get('request', ''))}</textarea>{request_error}</label>\n"
        f'<label>{_words(words["lang"])}<select name="lang"{chosen}>{options}</select>'
        "</label>\n"
        f'<button type="submit">{escape(words["submit"])}</button>\n</form>\n'
        + template_links(lang)  # the blank templates (issue 35)
    )


def form_page(lang: str, limit: int, values: Mapping[str, str] | None = None) -> str:
    """``GET /`` (empty) and ``POST /quotecalc/form`` (filled): the upload form, in ``lang``."""
    words = WORDS[lang]
    return document(
        lang, words["title"], f"<p>{escape(words['intro'])}</p>\n" + form_body(lang, limit, values)
    )


def again_nav(lang: str, values: Mapping[str, str]) -> str:
    """ "Change the inputs" (the kept values posted back to ``/quotecalc/form``, which answers
    the filled form) and "new comparison" (the empty form), under every report page."""
    words = WORDS[lang]
    hidden = "".join(
        f'<input type="hidden" name="{name}" value="{escape(value)}">'
        for name, value in values.items()
    )
    return (
        f'<nav class="again" aria-label="{escape(words["again_nav"])}">'
        f'<form method="post" action="/quotecalc/form">{hidden}'
        f'<button type="submit">{escape(words["again"])}</button></form>'
        f'<a href="/?lang={lang}">{escape(words["new"])}</a></nav>\n'
    )
