"""Text of the pictures: the words they use (en/zh), and how user text is made safe to show.

The words reuse :mod:`quotecalc.output.report`'s tables (dimension names, limitation and error
texts, column labels); only what a picture says and the report does not is defined here.

User text (supplier ids, scale definitions) is arbitrary: it may hold ``<``, ``&``, quotes,
control or bidi-override characters, right-to-left letters, or be 64 characters long. It is
shown after :func:`display`: control, format, surrogate and separator characters become
visible ``\\uXXXX`` escapes (the report's own rule), and so does every character XML 1.0
cannot carry (``U+FFFE``, ``U+FFFF``); then it is shortened with :func:`shorten` where space is
tight (the legend and the HTML tables show it whole) and finally escaped for XML/HTML.
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from ..answer import WORDS as ANSWER_WORDS
from ..cells import clean, display_width
from ..fieldnames import field_words
from ..wording import DIMENSION_TEXT, ERROR_TEXT, LIMITATION_TEXT

LANGUAGES: Final = ("en", "zh")
ELLIPSIS: Final = "…"
# First-strong isolate / pop directional isolate: a right-to-left id cannot reorder the
# commas and words around it.
ISOLATE_START: Final = "\u2068"
ISOLATE_END: Final = "\u2069"

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "caption_winner": "At your weights {who} ranks first.",
        "caption_tie": "At your weights {who} tie for first.",
        "on_line": "only on a line",
        "at_point": "only at a point",
        "cannot_win_one": "1 supplier cannot rank first for any weights.",
        "cannot_win_count": "{count} suppliers cannot rank first for any weights.",
        "more_regions": (
            "{count} more regions ({first}–{last}, {suppliers} suppliers): the page"
            " (--format html) lists each with its suppliers."
        ),
        "dominated_one": "1 supplier is dominated by another (no better on any dimension).",
        "dominated_count": (
            "{count} suppliers are dominated by another (no better on any dimension)."
        ),
        "bar_axis": "share of the weight on {second} (the rest on {first})",
        "dominance_count": "Dominated suppliers: {count} (listed below the map).",
        "dominance_explained": (
            "{dominated} dominated, {cannot} cannot rank first: a dominated supplier (another"
            " is at least as good on every dimension) can still tie for first on the map's edge,"
            " where the dimensions it is worse on weigh nothing ({edge} here), and a supplier"
            " no single other dominates can still be beaten everywhere by some mix of others"
            " ({mixed} here)."
        ),
        "cannot_win_first": "The first {shown}:",
        "show_all": "All {count}",
        "dominance_first": "Dominated suppliers, the first {shown} of {count}:",
        "ranking_first": "The first {shown} of {count} ranked quotes; the others below.",
        "ranking_rest": "The other {count}",
        "below_tenth": "less than 0.1 %",
        "cannot_win_list": "Cannot rank first for any weights ({count}):",
        "map_title": "Weight map: who ranks first for which weights",
        "cannot_win": "cannot win",
        "area": "area share {value}",
        "length": "length share {value}",
        "your_weights": "your weights",
        "switching_point": "nearest switching point",
        "switching": "Nearest switch: move {distance} of the weight to reach {who}",
        "no_switch": "No other supplier ranks first for any weights.",
        "winner_everywhere": "Only one mapped dimension: its best supplier ranks first.",
        "no_map": "No weight map",
        "why": "There is no ranking, so there is no weight map:",
        "no_map_page": (
            "There is no ranking, so there is no weight map; the answer above and the"
            " limitations below say why."
        ),
        "shares": "{dimension} {value}",
        "excluded": "Not mapped (a supplier lacks its value): {dimensions}",
        "legend_ids": "supplier",
        "times": "({count}×)",
        "labelled": "{label}: {value}",
        "aside": "{text} ({aside})",
        "landed": "Landed cost per supplier",
        "landed_note": (
            "Each bar is goods + freight + other fees, drawn to scale against the largest"
            " landed total ({largest})."
        ),
        "goods": "Goods",
        "freight": "Freight",
        "other_fees": "Other fees",
        "overbuy": "overbuy {overbuy} units (delivered {delivered} units)",
        "not_comparable": "Not drawn: the quote is not comparable ({why})",
        "missing": "Not drawn: the landed total is unknown because {fields} was not given.",
        "unknown_total": "Not drawn: the landed total is unknown (it depends on an omitted field).",
        "weight_map": "Weight map",
        "weight_map_note": (
            "Every point of the map is one way to share the weight between the mapped"
            " dimensions; its colour is the supplier ranking first there."
        ),
        "mapped": "Mapped dimensions",
        "winners": "Ranks first at your weights",
        "dominated": "{who} is dominated by {by}.",
        "no_dominance": "No supplier is dominated by another.",
        "dominance": "Dominance",
        "col.key": "Key",
        "col.region": "Supplier(s)",
        "col.can_win": "Can rank first",
        "col.share": "Share of the map",
        "generated": "Generated by quotecalc {version} from the result and its weight analysis.",
    },
    "zh": {
        "caption_winner": "按您的权重，{who} 排名第一。",
        "caption_tie": "按您的权重，{who} 并列第一。",
        "on_line": "仅在一条线上",
        "at_point": "仅在一个点上",
        "cannot_win_one": "1 家供应商在任何权重下都不能排第一。",
        "cannot_win_count": "{count} 家供应商在任何权重下都不能排第一。",
        "more_regions": (
            "另有 {count} 个区域（{first}–{last}，{suppliers} 家供应商）："
            "网页（--format html）逐一列出各区域的供应商。"
        ),
        "dominated_one": "1 家供应商被其他供应商支配（没有任何维度更好）。",
        "dominated_count": "{count} 家供应商被其他供应商支配（没有任何维度更好）。",
        "bar_axis": "{second}所占的权重份额（其余为{first}）",
        "dominance_count": "被支配的供应商：{count} 家（列在权重图下方）。",
        "dominance_explained": (
            "被支配 {dominated} 家，不能排第一 {cannot} 家：被支配的供应商（另有供应商在每个维度上"
            "都不差于它）在它较差的维度权重为 0 的图边上仍可能并列第一（此处 {edge} 家）；"
            "没有被任何单个供应商支配的，也可能在任何权重下都被其他供应商超过（此处 {mixed} 家）。"
        ),
        "cannot_win_first": "前 {shown} 家：",
        "show_all": "全部 {count} 家",
        "dominance_first": "被支配的供应商（共 {count} 家）中的前 {shown} 家：",
        "ranking_first": "参与排名的 {count} 个报价中的前 {shown} 个；其余在下方。",
        "ranking_rest": "其余 {count} 个",
        "below_tenth": "不到 0.1%",
        "cannot_win_list": "在任何权重下都不能排第一（{count} 家）：",
        "map_title": "权重图：在哪些权重下谁排第一",
        "cannot_win": "在任何权重下都不能排第一",
        "area": "面积占比 {value}",
        "length": "长度占比 {value}",
        "your_weights": "您的权重",
        "switching_point": "最近的切换点",
        "switching": "最近的切换：移动 {distance} 的权重即由 {who} 排第一",
        "no_switch": "在任何权重下都没有其他供应商排第一。",
        "winner_everywhere": "只有一个可映射的维度：该维度最好的供应商排第一。",
        "no_map": "无权重图",
        "why": "没有排名，因此没有权重图：",
        "no_map_page": "没有排名，因此没有权重图；原因见上方的结论和下方的局限与说明。",
        "shares": "{dimension} {value}",
        "excluded": "未映射（有供应商缺少该项数值）：{dimensions}",
        "legend_ids": "供应商",
        "times": "（{count} 次）",
        "labelled": "{label}：{value}",
        "aside": "{text}（{aside}）",
        "landed": "各供应商的到岸成本构成",
        "landed_note": (
            "每条横条为货款 + 运费 + 其他费用，按最大的到岸总价（{largest}）等比例绘制。"
        ),
        "goods": "货款",
        "freight": "运费",
        "other_fees": "其他费用",
        "overbuy": "超购 {overbuy} 件（到货 {delivered} 件）",
        "not_comparable": "未绘制：该报价不可比较（{why}）",
        "missing": "未绘制：未提供 {fields}，到岸总价未知。",
        "unknown_total": "未绘制：到岸总价未知（依赖缺失的字段）。",
        "weight_map": "权重图",
        "weight_map_note": (
            "图中每个点代表一种在各映射维度之间分配权重的方式；颜色表示在该处排第一的供应商。"
        ),
        "mapped": "映射的维度",
        "winners": "按您的权重排第一",
        "dominated": "{who} 被 {by} 支配。",
        "no_dominance": "没有供应商被其他供应商支配。",
        "dominance": "支配关系",
        "col.key": "编号",
        "col.region": "供应商",
        "col.can_win": "能否排第一",
        "col.share": "占权重图的比例",
        "generated": "由 quotecalc {version} 根据计算结果及其权重分析生成。",
    },
}

# Characters XML 1.0 cannot carry even as references (beyond what ``clean`` escapes).
_NOT_XML: Final = re.compile("[\ufffe\uffff]")


def check_lang(lang: str) -> str:
    """``lang`` itself, or :class:`ValueError` for a language the pictures do not speak."""
    if lang not in LANGUAGES:
        raise ValueError(f"unsupported language: {lang}")
    return lang


def display(text: str) -> str:
    """User text made visible and XML-safe (before escaping): see the module docstring."""
    return _NOT_XML.sub(lambda match: f"\\u{ord(match.group()):04x}", clean(text))


def shorten(text: str, columns: int) -> str:
    """``text`` cut to at most ``columns`` display columns, ending in ``…`` when cut."""
    if display_width(text) <= columns:
        return text
    kept: list[str] = []
    width = display_width(ELLIPSIS)
    for char in text:
        char_width = display_width(char)
        if width + char_width > columns:
            break
        kept.append(char)
        width += char_width
    return "".join(kept) + ELLIPSIS


def escape(text: str) -> str:
    """XML/HTML escaping for text and attribute values (``& < > " '``)."""
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#39;")
    )


def isolate(text: str) -> str:
    """``text`` wrapped in a bidi isolate."""
    return f"{ISOLATE_START}{text}{ISOLATE_END}"


def ids_label(ids: list[str], columns: int) -> str:
    """Supplier ids joined by ``, ``, each made visible and isolated; shortened to
    ``columns`` display columns as a whole (isolates are zero-width and kept balanced)."""
    shown: list[str] = []
    used = 0
    for position, supplier in enumerate(ids):
        text = display(supplier)
        separator = 2 if position else 0
        room = columns - used - separator
        if room <= display_width(ELLIPSIS):
            shown.append(ELLIPSIS)
            break
        cut = shorten(text, room)
        shown.append(isolate(cut))
        used += separator + display_width(cut)
        if cut != text:
            break
    return ", ".join(shown)


def _tokens(text: str) -> list[str]:
    """Words, single spaces, and each wide character on its own (a line may break there)."""
    tokens: list[str] = []
    word = ""
    for char in text:
        wide = display_width(char) == 2
        if char.isspace() or wide:
            if word:
                tokens.append(word)
                word = ""
            tokens.append(" " if char.isspace() else char)
        else:
            word += char
    if word:
        tokens.append(word)
    return tokens


def _prefix(token: str, columns: int) -> str:
    """The longest prefix of ``token`` at most ``columns`` wide (at least one character)."""
    width = 0
    for index, char in enumerate(token):
        width += display_width(char)
        if width > columns:
            return token[: max(index, 1)]
    return token


def wrap(text: str, columns: int) -> list[str]:
    """Greedy line wrapping by display width: at spaces, or beside any wide (CJK) character;
    a word longer than a line is split."""
    lines: list[str] = []
    current = ""
    for word in _tokens(text):
        token = word
        if token == " ":
            if current and not current.endswith(" "):
                current += " "
            continue
        while display_width(token) > columns:
            if current.strip():
                lines.append(current.rstrip())
                current = ""
            head = _prefix(token, columns)
            lines.append(head)
            token = token[len(head) :]
        if current.strip() and display_width(current + token) > columns:
            lines.append(current.rstrip())
            current = ""
        current += token
    if current.strip():
        lines.append(current.rstrip())
    return lines


def dimension_name(lang: str, dimension: str) -> str:
    """A dimension's localised name (``cost`` / ``成本``); an unknown one shown as itself."""
    return DIMENSION_TEXT[lang].get(dimension, display(dimension))


def reason_words(lang: str, reason: Mapping[str, Any]) -> str:
    """One reason object of the analysis document (a limitation or an error) in plain words,
    as the text report words it."""
    code = str(reason.get("code"))
    template = LIMITATION_TEXT[lang].get(code)
    if template is None:
        return ERROR_TEXT[lang].get(code, display(code))
    field = reason.get("field")
    dimension = reason.get("dimension")
    return template.format(
        field="-" if field is None else field_name(lang, str(field), reason.get("supplierId")),
        dimension="-" if dimension is None else dimension_name(lang, str(dimension)),
    )


def field_name(lang: str, field: str, supplier_id: Any = None) -> str:
    """A request field in words (a quote's field when the reason names a supplier), or the
    field's name made visible when the words table does not know it."""
    scope = "root" if supplier_id is None else "quotes"
    return field_words(lang, field, scope) or field_words(lang, field) or display(field)


def separator(lang: str) -> str:
    """The list separator of ``lang``: ``, `` or ``、``."""
    return ANSWER_WORDS[lang]["join"]


def join(lang: str, parts: list[str]) -> str:
    """Parts of a list joined the language's way (``, `` or ``、``)."""
    return separator(lang).join(parts)


def share_words(lang: str, region: Mapping[str, Any]) -> str:
    """A winning region's share for people, the same in the legend and the table: "only at
    a point" / "only on a line" for a region without area, "less than 0.1 %" for a share that
    would round to 0.0, else the percentage."""
    from fractions import Fraction

    from ..people import percent

    if Fraction(region["areaShareExact"]) == 0:
        return WORDS[lang]["at_point" if len(region["vertices"]) == 1 else "on_line"]
    shown = percent(region["areaShareExact"], lang)
    if shown.startswith("0.0") and shown[3] in " %":
        return WORDS[lang]["below_tenth"]
    return shown
