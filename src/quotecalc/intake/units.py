"""Units in column names and the names of the renminbi in currency cells, as data
(``docs/intake.md``, "Units and currency names").

- A **column unit**: the name of a money column (``packPrice``, ``freight``, ``otherFees``:
  any of its names in the synonym table) followed by a unit in brackets (``包价（万元）``,
  ``运费(万元)``, ``Pack price (kCNY)``, ``Freight (CNY thousand)``), compared after the
  header folding. The column's values are read at the unit's exact scale (:data:`UNITS`:
  ``万元`` x10000, ``千元``/``kCNY``/``CNY thousand`` x1000, ``元``/``CNY``/``RMB`` x1), with one
  ``column_unit_read`` note at the header. A bracketed word after a money column's name that
  is not in the table is ``unknown_header_unit`` at the header: never ignored, never guessed.
  Every unit of the table names the renminbi except the bare scales ``万`` and ``千``.
- A **currency name**: a currency cell holding a name of the renminbi (:data:`CNY_NAMES`:
  ``人民币``, ``RMB`` in any case, ``元``) is ``CNY``, with a ``currency_name_read`` note; the
  code ``CNY`` is itself only as written (``cny`` stays the calculator's
  ``invalid_currency``). ``¥`` (``￥``) is the yuan's sign and the yen's: it is ``CNY`` only
  beside a CNY context (the root currency, a renminbi name or ``CNY`` in a currency cell, a
  column unit, a number format naming only CNY) on a sheet that mentions no yen
  (:data:`YEN_WORDS`, or the word ``JPY`` or ``yen``, in any text cell; a number format
  naming JPY); otherwise
  ``ambiguous_currency``. ``$`` is ambiguous always (US, Hong Kong, Taiwan, Singapore...
  dollars). Any other text with a currency sign (``US$``, ``HK$``, ``NT$``, ``€``) is
  ``currency_not_iso``: the intake translates only the renminbi's names, and the request
  needs the ISO 4217 code.
"""

# Chinese text and full-width forms are this module's subject.
# ruff: noqa: RUF001, RUF002
from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from typing import Final

import attrs

from .headers import NAME_TO_FIELD, fold, header_key

MONEY_FIELDS: Final = frozenset({"packPrice", "freight", "otherFees"})


@attrs.frozen
class Unit:
    """A column unit: its exact scale and the currency it names (``None`` for a bare
    scale)."""

    scale: int
    currency: str | None


# folded unit -> its meaning; one literal table, in the folded form (fold() is checked on it).
UNITS: Final[dict[str, Unit]] = {
    "元": Unit(1, "CNY"),
    "人民币": Unit(1, "CNY"),
    "人民币元": Unit(1, "CNY"),
    "cny": Unit(1, "CNY"),
    "rmb": Unit(1, "CNY"),
    "千元": Unit(10**3, "CNY"),
    "kcny": Unit(10**3, "CNY"),
    "cny thousand": Unit(10**3, "CNY"),
    "thousand cny": Unit(10**3, "CNY"),
    "krmb": Unit(10**3, "CNY"),
    "rmb thousand": Unit(10**3, "CNY"),
    "万元": Unit(10**4, "CNY"),
    "万元人民币": Unit(10**4, "CNY"),
    "千": Unit(10**3, None),
    "万": Unit(10**4, None),
}
# The same table by the header key of each unit (no whitespace: "cny thousand" -> "cnythousand").
UNIT_KEYS: Final[dict[str, Unit]] = {"".join(name.split()): unit for name, unit in UNITS.items()}

# The ISO code itself is not folded: ``cny`` stays the calculator's ``invalid_currency``.
CNY_NAMES: Final = frozenset(fold(name) for name in ("人民币", "人民幣", "RMB", "元"))
YUAN_SIGNS: Final = frozenset({"¥", "￥"})
DOLLAR_SIGNS: Final = frozenset({fold("$"), fold("＄")})
CURRENCY_SIGNS: Final = frozenset("$¥￥€£₩₹₽")
# The Chinese and Japanese words anywhere in a text; the Latin ones as whole words only
# ("Hayen Fasteners" does not name the yen).
YEN_WORDS: Final = ("日元", "日圆", "日圓", "円")
_YEN_WORD: Final = re.compile(r"(?<![a-z])(?:jpy|yen)(?![a-z])")
_UNIT: Final = re.compile(r"(.*?)\(([^()]*)\)")


@attrs.frozen
class UnknownUnit:
    """A money column's name with a bracketed word that is not a unit of the table."""

    field: str


def column_unit(
    name: str,
    index: Mapping[str, str] = NAME_TO_FIELD,
    money: Collection[str] = MONEY_FIELDS,
) -> tuple[str, Unit] | UnknownUnit | None:
    """``(field, unit)`` for a money column's name with a unit, :class:`UnknownUnit` for
    one with an unknown bracketed word, ``None`` for any other name; ``index`` and ``money``
    are the sheet's names and money fields (the quote sheet's by default)."""
    match = _UNIT.fullmatch(header_key(name))
    if match is None:
        return None
    field = index.get(match.group(1))
    if field not in money:
        return None
    assert field is not None
    unit = UNIT_KEYS.get(match.group(2))
    return UnknownUnit(field) if unit is None else (field, unit)


def mentions_yen(texts: Iterable[str], formats: Iterable[str]) -> bool:
    """Whether a text cell names the yen or a number format names JPY (``[$¥-411]`` is
    Japanese Excel's yen)."""
    for text in texts:
        folded = fold(text)
        if any(word in folded for word in YEN_WORDS) or _YEN_WORD.search(folded):
            return True
    return any("JPY" in form or "-411]" in form for form in formats)


@attrs.frozen
class CurrencyName:
    """A currency cell read as an ISO code (``noted``: a name was translated)."""

    code: str
    noted: bool


def read_currency(text: str, *, cny_context: bool, yen: bool) -> CurrencyName | str:
    """The code a currency cell's text means, or an error code (module docstring). Text that
    is neither a renminbi name nor a sign is left to the calculator's own rule."""
    folded = fold(text)
    if text == "CNY":
        return CurrencyName("CNY", False)
    if folded in CNY_NAMES:
        return CurrencyName("CNY", True)
    if folded in YUAN_SIGNS:
        return CurrencyName("CNY", True) if cny_context and not yen else "ambiguous_currency"
    if folded in DOLLAR_SIGNS:
        return "ambiguous_currency"
    if any(char in CURRENCY_SIGNS for char in folded):
        return "currency_not_iso"
    return CurrencyName(text, False)
