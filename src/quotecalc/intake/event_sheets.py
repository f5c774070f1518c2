"""The event workbook's sheets and columns, as data (``docs/intake.md``, "Sourcing events").

A sourcing event (issue 26, ``docs/event.md``) is read from one workbook (``--event``):

- the sheets are found by name (:data:`SHEETS`, compared after the header folding): an
  **items** sheet and an **offers** sheet (one row per supplier x item), an optional
  **suppliers** sheet (one row per supplier: its currency, freight, fees, minimum order
  value, lead time and spend tiers), optional **exchange rates** and **balances** sheets;
  any other sheet is not read;
- each sheet's columns are named by the contract's field name or a synonym
  (:data:`COLUMNS`, the first Chinese and the first English name are the template's);
  the quote sheet's names are reused where the field is the same (``headers.SYNONYMS``);
- a list field is a numbered pair of columns (:data:`PAIRS`): ``Break 1 minimum quantity``
  and ``Break 1 pack price`` (``阶梯1数量``, ``阶梯1包价``) for ``priceBreaks``, up to the
  contract's 20; ``Tier 1 minimum spend`` and ``Tier 1 percent`` (``折扣1起点金额``,
  ``折扣1百分比``) for ``spendDiscounts``, up to 10. A pair column's field is written
  ``priceBreaks.1.packPrice``;
- the supplier-level columns (:data:`SUPPLIER_LEVEL`) may be on the offers sheet instead of a
  suppliers sheet, repeated on every row of the supplier (``event.py`` checks they agree).

Each sheet is a :class:`~quotecalc.intake.table.Layout`: every trust rule of the quote sheet
applies to it unchanged (hidden rows and columns, totals rows, formulas, number formats,
units such as ``包价(万元)`` on every money column, invisible characters).
"""

# Chinese text is this module's subject.
from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ..core.conversion_rules import EVENT_BALANCE_FIELDS, RATE_FIELDS
from ..core.event_rules import (
    ITEM_FIELDS,
    MAX_ITEMS,
    MAX_SUPPLIERS,
    MAX_TIERS,
    OFFER_FIELDS,
    SUPPLIER_FIELDS,
    TIER_FIELDS,
)
from ..core.fields import FieldRule, Kind
from ..core.plan_rules import BREAK_FIELDS, MAX_BREAKS
from .header_table import IGNORE_ROWS, headers_for
from .headers import SYNONYMS, header_key, synonym_index
from .table import Layout

# role -> the sheet names that mean it (English first, then Chinese), and whether it must
# be in the workbook.
SHEETS: Final[dict[str, tuple[tuple[str, ...], bool]]] = {
    "items": (("Items", "Item list", "物料", "物料清单"), True),
    "offers": (("Offers", "Quotes", "报价", "报价明细"), True),
    "suppliers": (("Suppliers", "供应商"), False),
    "rates": (("Exchange rates", "Rates", "汇率"), False),
    "balances": (("Balances", "Prepaid balances", "预付余额", "余额"), False),
}
SHEET_ROLES: Final = synonym_index((role, names) for role, (names, _) in SHEETS.items())
REQUIRED_SHEETS: Final = tuple(role for role, (_, required) in SHEETS.items() if required)

# field -> (Chinese names, English names) beyond the quote sheet's (headers.SYNONYMS).
_OWN: Final[dict[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    "itemId": (("物料编号", "物料", "料号"), ("Item", "Item ID", "Part number")),
    "quantity": (("需求数量", "数量"), ("Quantity", "Qty")),
    "maxSuppliers": (("最多供应商数",), ("Max suppliers",)),
    "capacityPacks": (("最多包数", "产能包数"), ("Capacity packs", "Capacity (packs)")),
    "minimumOrderValue": (("最低订单金额", "起订金额"), ("Minimum order value", "MOV")),
    "from": (("原币种",), ("From",)),
    "to": (("目标币种",), ("To",)),
    "rate": (("汇率",), ("Rate",)),
    "asOf": (("汇率日期",), ("As of",)),
    "source": (("汇率来源", "来源"), ("Source",)),
    "units": (("余额数量", "预付数量"), ("Units",)),
    "expiresAt": (("到期日",), ("Expires at", "Expiry")),
}
NAMES: Final = {**SYNONYMS, **_OWN}

# list field -> (its element rules, how many pairs, {leaf: (Chinese, English) name with "{n}"})
PAIRS: Final[dict[str, tuple[tuple[FieldRule, ...], int, dict[str, tuple[str, str]]]]] = {
    "priceBreaks": (
        BREAK_FIELDS,
        MAX_BREAKS,
        {
            "minimumQuantity": ("阶梯{n}数量", "Break {n} minimum quantity"),
            "packPrice": ("阶梯{n}包价", "Break {n} pack price"),
        },
    ),
    "spendDiscounts": (
        TIER_FIELDS,
        MAX_TIERS,
        {
            "minimumSpend": ("折扣{n}起点金额", "Tier {n} minimum spend"),
            "percent": ("折扣{n}百分比", "Tier {n} percent"),
        },
    ),
}
MONEY_LEAVES: Final = frozenset(
    {"packPrice", "freight", "otherFees", "minimumOrderValue", "minimumSpend"}
)
# The supplier's own fields, which the offers sheet may carry instead of a suppliers sheet.
SUPPLIER_LEVEL: Final = tuple(
    rule.name for rule in SUPPLIER_FIELDS if rule.name not in ("supplierId", "offers")
)
MAX_OFFER_ROWS: Final = 9999  # a sheet of 10000 rows (sheet_scan's bound) and its header
MAX_LIST_ROWS: Final = 100  # exchange rates and balances (the contract's own limits)


def pair_field(group: str, number: int, leaf: str) -> str:
    """A pair column's field: ``priceBreaks.1.packPrice``."""
    return f"{group}.{number}.{leaf}"


def split_pair(field: str) -> tuple[str, int, str] | None:
    """``("priceBreaks", 1, "packPrice")`` for a pair column's field, else ``None``."""
    parts = field.split(".")
    if len(parts) != 3:
        return None
    return parts[0], int(parts[1]), parts[2]


def _pair_columns(group: str) -> Iterable[tuple[str, Kind, tuple[str, ...]]]:
    rules, count, names = PAIRS[group]
    kinds = {rule.name: rule.kind for rule in rules}
    for number in range(1, count + 1):
        for leaf, (chinese, english) in names.items():
            field = pair_field(group, number, leaf)
            spelled = (chinese.format(n=number), english.format(n=number))
            yield field, kinds[leaf], (f"{group}[{number}].{leaf}", *spelled)


def _layout(
    rules: Iterable[FieldRule],
    key: str,
    required: tuple[tuple[str, str], ...],
    max_rows: int,
    pairs: tuple[str, ...] = (),
    *,
    optional: bool = False,
) -> Layout:
    """A sheet of these flat fields (by their contract names and :data:`NAMES`) and pairs."""
    kinds: dict[str, Kind] = {}
    names: list[tuple[str, tuple[str, ...]]] = []
    for rule in rules:
        kinds[rule.name] = rule.kind
        chinese, english = NAMES.get(rule.name, ((), ()))
        names.append((rule.name, (rule.name, *chinese, *english)))
    for group in pairs:
        for field, kind, spelled in _pair_columns(group):
            kinds[field] = kind
            names.append((field, spelled))
    index = synonym_index(names, header_key)
    money = frozenset(field for field in kinds if field.rpartition(".")[2] in MONEY_LEAVES)
    written = [(field, spellings[1:]) for field, spellings in names]  # not the contract name
    return Layout(
        kinds,
        headers_for(index, written, money, IGNORE_ROWS),
        key,
        required,
        max_rows,
        "" if optional else "no_rows",
        shape_when_named=False,
    )


_SUPPLIER_RULES: Final = tuple(rule for rule in SUPPLIER_FIELDS if rule.kind is not Kind.ARRAY)
_ITEM_COLUMN: Final = (("itemId", "missing_item_column"),)
_SUPPLIER_COLUMN: Final = (("supplierId", "missing_supplier_column"),)

LAYOUTS: Final[dict[str, Layout]] = {
    "items": _layout(ITEM_FIELDS, "itemId", _ITEM_COLUMN, MAX_ITEMS),
    "offers": _layout(
        (
            SUPPLIER_FIELDS[0],
            *(rule for rule in OFFER_FIELDS if rule.kind is not Kind.ARRAY),
            *(rule for rule in _SUPPLIER_RULES if rule.name != "supplierId"),
        ),
        "supplierId",
        _SUPPLIER_COLUMN + _ITEM_COLUMN,
        MAX_OFFER_ROWS,
        ("priceBreaks", "spendDiscounts"),
    ),
    "suppliers": _layout(
        _SUPPLIER_RULES,
        "supplierId",
        _SUPPLIER_COLUMN,
        MAX_SUPPLIERS,
        ("spendDiscounts",),
        optional=True,
    ),
    "rates": _layout(RATE_FIELDS, "from", (), MAX_LIST_ROWS, optional=True),
    "balances": _layout(EVENT_BALANCE_FIELDS, "supplierId", (), MAX_LIST_ROWS, optional=True),
}
"""Each sheet's layout. The offers sheet's ``currency`` column, when there, is its
supplier's (so its numbers' currency formats are judged against it). An optional sheet with
only its header row is as if it were absent (a template's empty Balances sheet)."""


def template_fields(role: str) -> tuple[str, ...]:
    """The fields a template's sheet of ``role`` has columns for: every flat field and the
    first of each pair; the offers sheet without the supplier columns (the template has a
    suppliers sheet)."""
    fields: list[str] = []
    for field in LAYOUTS[role].kinds:
        pair = split_pair(field)
        group = field if pair is None else pair[0]
        if role == "offers" and group in SUPPLIER_LEVEL:
            continue
        if pair is None or pair[1] == 1:
            fields.append(field)
    return tuple(fields)


def column_name(field: str, lang: str) -> str:
    """A field's first name in ``lang`` (``zh``/``en``), the contract name without one."""
    column = 0 if lang == "zh" else 1
    pair = split_pair(field)
    if pair is not None:
        return PAIRS[pair[0]][2][pair[2]][column].format(n=pair[1])
    spelled = NAMES.get(field, ((), ()))[column]
    return spelled[0] if spelled else field
