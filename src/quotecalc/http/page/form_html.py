"""The form's HTML (issues 21, 29, 35): a plain ``<form>`` posting ``multipart/form-data``
to ``/quotecalc/report``, empty (``GET /``) or filled with what was typed (after an error,
``POST /quotecalc/form``), and the "change the inputs" / "new comparison" links under every
report page. No script; nothing a user sent is shown back but the form's own values.
"""

from __future__ import annotations

from collections.abc import Mapping

from .fields import ENCODINGS, HAD_FILE, RATE_PARTS, RATE_ROWS, rate_name
from .html import document, escape
from .templates import template_links
from .words import WORDS


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
) -> str:
    shown = escape(words[name] if label is None else label)
    if kind == "checkbox":
        state = " checked" if (values or {}).get(name) == "true" else ""
        return f'<label>{shown}<input type="{kind}" name="{name}"{extra}{state}></label>\n'
    value = _value(values or {}, name)
    return f'<label>{shown}<input type="{kind}" name="{name}"{extra}{value}></label>\n'


def _encoding(words: Mapping[str, str], chosen: str) -> str:
    """The CSV encoding choice, with the hint that names Chinese Excel's GBK CSV."""
    options = "".join(
        f'<option value="{code}"{" selected" if code and code == chosen else ""}>'
        f"{escape(words['encoding.' + code])}</option>"
        for code in ENCODINGS
    )
    return (
        f'<label>{escape(words["encoding"])}<select name="encoding"'
        f' aria-describedby="encoding-hint">{options}</select>'
        f'<span class="note" id="encoding-hint">{escape(words["encoding_hint"])}</span></label>\n'
    )


def _rates(words: Mapping[str, str], values: Mapping[str, str]) -> str:
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
                label=words["rate" if part == "rate" else f"rate_{part}"],
            )
            for part in RATE_PARTS
        )
        legend = escape(words["rate_row"].format(n=row))
        rows.append(f'<fieldset class="rate"><legend>{legend}</legend>\n{parts}</fieldset>\n')
    return (
        f"<fieldset><legend>{escape(words['rates'])}</legend>\n"
        f'<p class="note">{escape(words["rates_hint"])}</p>\n' + "".join(rows) + "</fieldset>\n"
    )


def form_body(lang: str, limit: int, values: Mapping[str, str] | None = None) -> str:
    """The upload form in ``lang``, its fields filled with ``values`` (the form's own names;
    a kept form says that the file must be chosen again)."""
    words = WORDS[lang]
    values = values or {}
    mib = str(limit // (1024 * 1024))
    decimal = ' inputmode="decimal"'
    numeric = ' inputmode="numeric"'
    chosen_lang = values.get("lang", lang)
    options = "".join(
        f'<option value="{code}"{" selected" if code == chosen_lang else ""}>{name}</option>'
        for code, name in (("en", "English"), ("zh", "中文"))
    )
    kept = ""
    if values.get(HAD_FILE) == "1":
        kept = f'<p class="kept" id="kept">{escape(words["kept"])}</p>\n'
    return (
        kept + '<form method="post" action="/quotecalc/report" enctype="multipart/form-data">\n'
        f"<label>{escape(words['sheet'].format(limit=mib))}"
        '<input type="file" name="sheet_file" aria-describedby="json-file" accept=".csv,.xlsx,'
        ".json,text/csv,application/json,"
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet">'
        f'<span class="note" id="json-file">{escape(words["json_file"])}</span></label>\n'
        + _field(words, "sheet_name", values=values)
        + _encoding(words, values.get("encoding", ""))
        + _field(words, "quantity", "text", numeric, values)
        + _field(words, "currency", "text", "", values)
        + _field(words, "specification", values=values)
        + f"<fieldset><legend>{escape(words['weights'])}</legend>\n"
        + f'<p class="note">{escape(words["weights_hint"])}</p>\n'
        + _field(words, "weight_cost", "text", decimal, values)
        + _field(words, "weight_delivery", "text", decimal, values)
        + _field(words, "weight_quality", "text", decimal, values)
        + f"</fieldset>\n<fieldset><legend>{escape(words['scale'])}</legend>\n"
        + _field(words, "scale_definition", values=values)
        + _field(words, "scale_minimum", "text", decimal, values)
        + _field(words, "scale_maximum", "text", decimal, values)
        + f"</fieldset>\n<fieldset><legend>{escape(words['constraints'])}</legend>\n"
        + _field(words, "max_lead_days", "text", numeric, values)
        + _field(words, "minimum_quality_score", "text", decimal, values)
        + "</fieldset>\n"
        + _field(words, "sensitivity_delta", "text", decimal, values)
        + _rates(words, values)
        + f"<fieldset><legend>{escape(words['event_set'])}</legend>\n"
        + f'<p class="note" id="event-hint">{escape(words["event_hint"])}</p>\n'
        + _field(words, "event", "checkbox", ' value="true" aria-describedby="event-hint"', values)
        + _field(words, "max_suppliers", "text", numeric, values)
        + _field(words, "as_of", "text", "", values)
        + "</fieldset>\n"
        + f'<label>{escape(words["or"])}<textarea name="request"'
        f' aria-label="{escape(words["request"])}" spellcheck="false">'
        f"{escape(values.get('request', ''))}</textarea></label>\n"
        f'<label>{escape(words["lang"])}<select name="lang">{options}</select></label>\n'
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
