"""The one synonym table: column names -> contract quote fields (``docs/intake.md``).

A column name matches a field when its *folded* form equals the folded form of the field's
contract name or of one of its synonyms. Folding does exactly three things:

1. full-width forms become half-width: U+FF01-U+FF5E become U+0021-U+007E (``（`` -> ``(``,
   ``Ａ`` -> ``A``) and the ideographic space U+3000 becomes U+0020;
2. surrounding whitespace is removed (``str.strip``);
3. case is folded (``str.casefold``, Unicode full case folding).

Nothing else is changed: inner spaces, other punctuation and other compatibility forms
stay as written. The first Chinese and the first English synonym of each row are the
template's column names.

A column name is compared by its *key* (:func:`header_key`, issue 40): its folded form with
every whitespace character removed and the other brackets (``【】``, ``〔〕``, ``[]``) written
as ``()``, so ``交期 （天）``, ``交期(天)`` and ``交期【天】`` are one name, as are ``Pack size``
and ``packSize``. Beyond this table, ``header_table.py`` holds the intake's own aliases, the
columns it ignores (remarks) and the names it asks about (``MOQ``: units or packs?).
"""

# Chinese text and full-width forms are this module's subject.
# ruff: noqa: RUF001, RUF002
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

from ..core.fields import QUOTE_FIELDS

# field -> (Chinese synonyms, English synonyms); the contract name itself always matches.
SYNONYMS: Final[dict[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    "supplierId": (("供应商", "供应商编号", "供应商名称"), ("Supplier", "Supplier ID", "Vendor")),
    "specification": (("规格", "规格型号"), ("Specification", "Spec")),
    "currency": (("币种", "货币"), ("Currency",)),
    "packSize": (("每包数量", "包装数量"), ("Pack size", "Units per pack")),
    "minimumPacks": (("最小起订包数", "起订包数"), ("Minimum packs", "MOQ packs")),
    "packPrice": (("包价", "每包价格"), ("Pack price", "Price per pack")),
    "freight": (("运费",), ("Freight", "Shipping")),
    "otherFees": (("其他费用",), ("Other fees",)),
    "leadDays": (("交期（天）", "交期天数", "交期"), ("Lead days", "Lead time (days)")),
    "qualityEvidence": (("质量证据",), ("Quality evidence",)),
    "qualityScore": (("质量分", "质量评分"), ("Quality score",)),
    "qualityDefinition": (("质量定义", "质量评分定义"), ("Quality definition",)),
}

_WIDTH: Final = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}


def fold(name: str) -> str:
    """The folded form of a column name (module docstring)."""
    return name.translate(_WIDTH).strip().casefold()


_BRACKETS: Final = str.maketrans({"【": "(", "】": ")", "〔": "(", "〕": ")", "[": "(", "]": ")"})


def header_key(name: str) -> str:
    """A column name's key (module docstring): folded, brackets as ``()``, no whitespace."""
    return "".join(fold(name).translate(_BRACKETS).split())


def synonym_index(
    names: Iterable[tuple[str, Iterable[str]]], key: Callable[[str], str] = fold
) -> dict[str, str]:
    """Name's ``key`` -> field, from ``(field, names)`` rows; a key that would mean two
    fields is a defect of the table (``ValueError`` at import)."""
    index: dict[str, str] = {}
    for field, synonyms in names:
        for name in synonyms:
            if index.setdefault(key(name), field) != field:
                raise ValueError("a folded synonym names two fields")
    return index


def _index() -> dict[str, str]:
    """The quote sheet's index: each field's contract name and synonyms, by their keys."""
    return synonym_index(
        (
            (rule.name, (rule.name, *SYNONYMS[rule.name][0], *SYNONYMS[rule.name][1]))
            for rule in QUOTE_FIELDS
        ),
        header_key,
    )


NAME_TO_FIELD: Final = _index()


def field_for(name: str) -> str | None:
    """The contract field a column name of the synonym table means, or ``None``."""
    return NAME_TO_FIELD.get(header_key(name))


def template_names(lang: str) -> tuple[str, ...]:
    """The template's header row: the first synonym in ``lang`` (``zh``/``en``) per field."""
    column = 0 if lang == "zh" else 1
    return tuple(SYNONYMS[rule.name][column][0] for rule in QUOTE_FIELDS)
