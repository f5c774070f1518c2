"""Request fields in words (issue 29): where an error is, for a person, not a JSON path.

A page for people never shows ``/weights/quality`` or ``(whole input)``: it says "quality
weight" (质量权重, the form's own label) or "pack price of quote 2 (NINGBO)" (第 2 个报价
（NINGBO）的包价), and for an ``unknown_key`` error it names the key the request format does
not define (found in the request text at the error's path, against the field-rule table
:mod:`quotecalc.core.fields`: the validator's own rows, so the two never disagree).

Presentation only: the path and the code are the engine's; the words are data here. A field
this table does not know is shown as its code (the page marks it as code).
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001, RUF002

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from ..core.constraint_rules import fixed_root_fields
from ..core.fields import FieldRule, Kind
from ..core.plan_rules import PLAN_ROOT_FIELDS
from .wording import area

# One row per field inside the root ones: ``scope.name`` (the scope is the object the field is
# in: ``quotes``, ``weights``, ``qualityScale``), its words in English and in Chinese. The
# Chinese words of the quote fields are the intake template's column names. A root field's
# words are its row's (``FieldDoors.words``, issue 39).
FIELD_WORDS: Final[tuple[tuple[str, str, str], ...]] = (
    ("weights.cost", "cost weight", "成本权重"),
    ("weights.delivery", "delivery weight", "交期权重"),
    ("weights.quality", "quality weight", "质量权重"),
    ("qualityScale.definition", "scale definition", "评分标准说明"),
    ("qualityScale.minimum", "scale minimum", "评分标准最低分"),
    ("qualityScale.maximum", "scale maximum", "评分标准最高分"),
    ("quotes.supplierId", "supplier", "供应商"),
    ("quotes.specification", "specification", "规格"),
    ("quotes.currency", "currency", "币种"),
    ("quotes.packSize", "pack size", "每包数量"),
    ("quotes.minimumPacks", "minimum packs", "最小起订包数"),
    ("quotes.packPrice", "pack price", "包价"),
    ("quotes.freight", "freight", "运费"),
    ("quotes.otherFees", "other fees", "其他费用"),
    ("quotes.leadDays", "lead days", "交期天数"),
    ("quotes.qualityEvidence", "quality evidence", "质量证据"),
    ("quotes.qualityScore", "quality score", "质量分"),
    ("quotes.qualityDefinition", "quality definition", "质量定义"),
    ("quotes.priceBreaks", "price breaks", "阶梯价"),
    ("quotes.capacityPacks", "capacity (packs)", "产能（包）"),
    ("priceBreaks.minimumQuantity", "minimum quantity", "起订数量"),
    ("priceBreaks.packPrice", "pack price", "包价"),
)
WORDS: Final[dict[str, dict[str, str]]] = {
    lang: {key: row[column] for key, *row in FIELD_WORDS} for lang, column in (("en", 0), ("zh", 1))
}
PLACE: Final = area("place")
"""Where an error is, in words (the catalog's ``place.`` and the shared ones)."""
ROOT_RULES: Final = fixed_root_fields()
# The root rows a field is named by when the caller gives none of its kind's: the fixed
# request's and the plan's own.
NAMED_ROOT_RULES: Final = ROOT_RULES + PLAN_ROOT_FIELDS


def field_words(
    lang: str, name: str, scope: str = "root", root: tuple[FieldRule, ...] | None = None
) -> str | None:
    """A field's words in ``lang`` (``None`` for a field the tables do not know): a root
    field's are its row's, among ``root`` (a request kind's root rows) first."""
    if scope != "root":
        return WORDS[lang].get(f"{scope}.{name}")
    for rule in (*(root or ()), *NAMED_ROOT_RULES):
        if rule.name == name and rule.doors is not None and rule.doors.words is not None:
            return rule.doors.words.of(lang)
    return None


def field_unit(name: str, root: tuple[FieldRule, ...] | None = None) -> str | None:
    """The unit a report shows a root field's value in (its row's ``FieldDoors.unit``: ``days``
    for ``maxLeadDays``), ``None`` for none."""
    for rule in (*(root or ()), *NAMED_ROOT_RULES):
        if rule.name == name and rule.doors is not None:
            return rule.doors.unit
    return None


def load(raw: bytes | str | None) -> Any:
    """The request text as JSON (``None`` when it is not JSON): to name keys and suppliers."""
    if raw is None:
        return None
    try:
        return json.loads(raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw)
    except (ValueError, RecursionError):
        return None


def _steps(path: str) -> list[str]:
    return [part.replace("~1", "/").replace("~0", "~") for part in path.split("/")[1:]]


def _rules_at(
    steps: Sequence[str], root: tuple[FieldRule, ...] | None = None
) -> tuple[FieldRule, ...] | None:
    """The field rows of the object at ``steps`` (``None`` past what the table describes);
    ``root`` the request kind's own root rows (a plan request's), the fixed ones by default."""
    rules: tuple[FieldRule, ...] = ROOT_RULES if root is None else root
    index = 0
    while index < len(steps):
        rule = next((r for r in rules if r.name == steps[index]), None)
        if rule is None or rule.kind not in (Kind.OBJECT, Kind.ARRAY):
            return None
        if rule.kind is Kind.ARRAY:
            index += 1  # the item's index
            if index >= len(steps):
                return None
        rules = rule.fields
        index += 1
    return rules


def unknown_keys(request: Any, path: str, root: tuple[FieldRule, ...] | None = None) -> list[str]:
    """The keys of the object at ``path`` in ``request`` that the request format (``root``: its
    root rows, the fixed request's by default) does not define, in the order written (none
    when the text or the path does not lead to one)."""
    steps = _steps(path)
    node = request
    for step in steps:
        if isinstance(node, dict) and step in node:
            node = node[step]
        elif isinstance(node, list) and step.isdigit() and int(step) < len(node):
            node = node[int(step)]
        else:
            return []
    rules = _rules_at(steps, root)
    if not isinstance(node, dict) or rules is None:
        return []
    known = {rule.name for rule in rules}
    return [key for key in node if key not in known]


def place(
    lang: str,
    path: str,
    request: Any,
    *,
    words: Callable[[str], str],
    ids: Callable[[str], str],
    code: Callable[[str], str],
    root: tuple[FieldRule, ...] | None = None,
) -> str:
    """Where ``path`` is, in words: ``words`` shows our words (escaping them for a page),
    ``ids`` a supplier id, ``code`` a key the table has no words for; ``root`` the request
    kind's root rows (the fixed request's by default)."""
    templates = PLACE[lang]
    steps = _steps(path)
    shown = words(templates["the_request"])
    scope = "root"
    node = request
    index = 0
    while index < len(steps):
        step = steps[index]
        child = node.get(step) if isinstance(node, dict) else None
        if scope == "root" and step == "quotes" and index + 1 < len(steps):
            number = steps[index + 1]
            quote = child[int(number)] if isinstance(child, list) and _item(child, number) else None
            who = quote.get("supplierId") if isinstance(quote, dict) else None
            shown = words(templates["quote_of" if isinstance(who, str) else "quote"]).replace(
                "{number}", words(str(int(number) + 1) if number.isdigit() else number)
            )
            if isinstance(who, str):
                shown = shown.replace("{who}", ids(who))
            node, scope, index = quote, "quotes", index + 2
            continue
        if isinstance(node, list) or step.isdigit():
            number = words(str(int(step) + 1) if step.isdigit() else step)
            shown = words(templates["item"]).replace("{place}", shown).replace("{number}", number)
            node = node[int(step)] if _item(node, step) else None
            index += 1
            continue
        name = field_words(lang, step, scope, root)
        field = words(name) if name is not None else code(step)
        if scope == "root" and index == 0 and name is not None:
            shown = field  # a root field is named by itself: "quality weight", not "... of"
        else:
            shown = words(templates["field_of"]).replace("{place}", shown).replace("{field}", field)
        if scope == "root" and step in ("weights", "qualityScale") and index + 1 < len(steps):
            inner = field_words(lang, steps[index + 1], step)
            if inner is not None:
                shown = words(inner)
                index += 1
        node, scope = child, step
        index += 1
    return shown


def _item(items: Any, number: str) -> bool:
    return isinstance(items, list) and number.isdigit() and int(number) < len(items)


def key_place(
    lang: str,
    path: str,
    key: str,
    request: Any,
    *,
    words: Callable[[str], str],
    ids: Callable[[str], str],
    code: Callable[[str], str],
    root: tuple[FieldRule, ...] | None = None,
) -> str:
    """An unknown key and where it is: ``key “maxSuppliers” in the request``."""
    where = place(lang, path, request, words=words, ids=ids, code=code, root=root)
    return words(PLACE[lang]["key_in"]).replace("{place}", where).replace("{key}", code(key))


def error_places(
    lang: str,
    error: Mapping[str, Any],
    request: Any,
    *,
    words: Callable[[str], str],
    ids: Callable[[str], str],
    code: Callable[[str], str],
    root: tuple[FieldRule, ...] | None = None,
) -> list[str]:
    """The places of one error in words: each unknown key it is about (an ``unknown_key``
    error at an object, against ``root``: the request kind's root rows), or the field at its
    path."""
    path = str(error.get("path") or "")
    if error.get("code") == "unknown_key":
        keys = unknown_keys(request, path, root)
        if keys:
            return [
                key_place(lang, path, key, request, words=words, ids=ids, code=code, root=root)
                for key in keys
            ]
    return [place(lang, path, request, words=words, ids=ids, code=code, root=root)]
