"""The intake's own header table: the names a buyer writes beyond the synonym table
(``docs/intake.md``, "Column names the intake knows", issue 40).

Every name of a header row is looked up by its key (``headers.header_key``: full width and
case folded, no whitespace, any bracket as ``()``), first whole, then as a *base* name and a
bracketed *unit* (``交货期(天)``, ``单价（元）``, ``MOQ (packs)``). Each row of
:data:`HEADER_ROWS` says what its names are:

- ``alias``: another name of a field, read as the field (``交货期`` is ``leadDays``). The
  row ``单价`` / ``Unit price`` is a price *per unit*: its value times the row's pack size is
  the pack price, exactly (``table.py``; ``docs/decisions.md`` 40.4);
- ``ignore``: a column that is not read at all, with a note saying so (``备注``, ``Remarks``,
  ``序号``);
- ``ask``: a name that can mean two things (``MOQ``: units or packs?); it is refused with the
  row's question, never guessed. A unit that settles the question makes it an alias
  (``MOQ (packs)``, ``最小起订量（包）``, ``Lead time (days)``, ``价格（元/个）``);
- ``refuse``: a name that is plainly not a field of a quote (``金额``: an amount is not a
  pack price; ``交货日期``: a date is not a number of days), refused with the row's reason.

A unit after a name is read by the field's unit words (:data:`UNIT_WORDS`: days, packs, units
per pack) or, for a money column, by ``units.UNITS`` (``万元`` x10000) with an optional
``/个`` (per unit) or ``/包`` (per pack). Any other name is refused with the nearest accepted
name as a suggestion (:func:`nearest_name`), in the script the buyer wrote (a Chinese header
gets a Chinese name).
"""

# Chinese text and full-width forms are this module's subject.
# ruff: noqa: RUF001, RUF002
from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from typing import Final, Literal

import attrs

from .headers import NAME_TO_FIELD, SYNONYMS, header_key
from .units import MONEY_FIELDS, UNIT_KEYS, Unit

Verdict = Literal["alias", "ignore", "ask", "refuse"]


@attrs.frozen
class Words:
    """One explanation in English and Chinese: an ``ask`` row's question, a ``refuse`` row's
    reason, or what an ignored column is."""

    en: str
    zh: str

    def text(self, lang: str) -> str:
        return {"en": self.en, "zh": self.zh}[lang]


@attrs.frozen
class HeaderRow:
    """One row of the header table: what its names are (module docstring), the field they
    name (``alias``) or most likely mean (``ask``/``refuse``: the cells are checked as that
    field and its name is suggested; ``""``: none), the names in Chinese and English, the
    explanation's key in :data:`EXPLANATIONS`, and the accepted names to suggest instead
    (Chinese, English; default: the field's template names)."""

    verdict: Verdict
    field: str
    zh: tuple[str, ...]
    en: tuple[str, ...]
    explain: str = ""
    per_unit: bool = False  # a price of one unit, not of one pack (单价)
    suggest: tuple[str, str] | None = None
    settled_by: Literal["unit", "per", ""] = ""  # ask: what in brackets settles it


# id -> its words; the questions say how to rename the column, in the buyer's words.
EXPLANATIONS: Final[dict[str, Words]] = {
    "moq": Words(
        "Does it count units or packs? The quote's minimum order is in packs: if the column"
        " counts packs, name it Minimum packs (起订包数); if it counts units, divide each value"
        " by the pack size first.",
        "这一列数的是件数（个）还是包数？报价的起订量按包计：如果是包数，请把列名改为“起订包数”；"
        "如果是件数，请先把每个值除以每包数量。",
    ),
    "price": Words(
        "Is it the price of one unit or of one pack? Name it Unit price (单价) if it is per"
        " unit (it is then multiplied by the pack size), or Pack price (包价) if it is per pack.",
        "这是一件的价格还是一包的价格？如果是每件的价格，请把列名改为“单价”（会乘以每包数量）；"
        "如果是每包的价格，请改为“包价”。",
    ),
    "quantity": Words(
        "Which quantity? The quantity you buy is given with the request, not in the sheet;"
        " the units in one pack go in a column named Pack size (每包数量).",
        "是哪一个数量？采购数量在请求中填写，不写在表里；每包里的件数请写在名为“每包数量”的列中。",
    ),
    "lead_time": Words(
        "Is the lead time in days or in weeks? Name the column Lead time (days) (交期（天）)"
        " and give it in days.",
        "交期是按天还是按周？请把列名改为“交期（天）”，并按天填写。",
    ),
    "delivery_time": Words(
        "Is it a number of days or a date? The lead time is a number of days: name the column"
        " 交期（天） (Lead days) and give the days; a date is not read.",
        "这是天数还是日期？交期是天数：请把列名改为“交期（天）”并填写天数；日期不会被读取。",
    ),
    "working_days": Words(
        "Working days or calendar days? The lead time counts calendar days: give them and name"
        " the column 交期（天） (Lead days).",
        "是工作日还是日历天？交期按日历天计：请按日历天填写，并把列名改为“交期（天）”。",
    ),
    "weeks": Words(
        "The lead time is counted in days: give it in days and name the column 交期（天）"
        " (Lead days).",
        "交期按天计：请按天填写，并把列名改为“交期（天）”。",
    ),
    "units_not_packs": Words(
        "The quote's minimum order is counted in packs, not units: divide each value by the"
        " pack size and name the column 起订包数 (Minimum packs).",
        "报价的起订量按包计，不按件计：请把每个值除以每包数量，并把列名改为“起订包数”。",
    ),
    "amount": Words(
        "An amount is the price of a whole order, not of one pack: give the price of one pack"
        " in a column named Pack price (包价); the totals are calculated.",
        "金额是整笔订单的价格，不是一包的价格：请在名为“包价”的列中填写一包的价格；总价会自动计算。",
    ),
    "date": Words(
        "A date is not a lead time: give the number of days in a column named 交期（天）"
        " (Lead days).",
        "日期不是交期：请在名为“交期（天）”的列中填写天数。",
    ),
    "uom": Words(
        "The unit of measure is not read: the pack size, the quantity and the prices all count"
        " one unit. Once every row counts the same unit, delete this column.",
        "计量单位不会被读取：每包数量、采购数量和价格都按同一个单位计。"
        "请确认每一行的单位都相同后删除这一列。",
    ),
    "remark": Words(
        "A remarks or row-number column: it is not read.",
        "备注或序号列：不读取。",
    ),
}

HEADER_ROWS: Final[tuple[HeaderRow, ...]] = (
    # aliases: unambiguous other names of a field
    HeaderRow(
        "alias", "supplierId", ("供货商", "厂商", "厂家", "供方"), ("Supplier name", "Vendor name")
    ),
    HeaderRow(
        "alias", "specification", ("型号", "产品规格", "物料规格"), ("Model", "Specifications")
    ),
    HeaderRow("alias", "currency", ("币别", "币制", "报价币种", "结算币种"), ("Curr.", "CCY")),
    HeaderRow(
        "alias",
        "packSize",
        ("每包个数", "每包件数", "每箱数量"),
        ("Qty per pack", "Quantity per pack", "Pcs per pack", "Units/pack"),
    ),
    HeaderRow(
        "alias", "minimumPacks", ("最少包数", "最低起订包数", "最小订购包数"), ("Min packs",)
    ),
    HeaderRow("alias", "packPrice", ("每包价",), ("Price/pack", "Pack cost")),
    HeaderRow(
        "alias",
        "packPrice",
        ("单价", "单位价格", "每件单价"),
        ("Unit price", "Price per unit", "Price/unit", "Unit cost"),
        per_unit=True,
    ),
    HeaderRow(
        "alias", "freight", ("运输费", "物流费"), ("Freight cost", "Shipping cost", "Shipping fee")
    ),
    HeaderRow(
        "alias", "otherFees", ("其它费用", "其他费", "杂费"), ("Other charges", "Additional fees")
    ),
    HeaderRow("alias", "leadDays", ("交货期", "货期", "交货天数", "交付天数"), ("Delivery days",)),
    HeaderRow("alias", "qualityScore", ("质量得分", "品质评分", "品质分"), ("Quality rating",)),
    # columns that are not read
    HeaderRow(
        "ignore",
        "",
        ("备注", "备注说明", "说明", "附注", "备考", "序号"),
        ("Remarks", "Remark", "Notes", "Note", "Comments", "Comment", "No.", "#"),
        "remark",
    ),
    # names that can mean two things: asked, never guessed
    HeaderRow(
        "ask",
        "minimumPacks",
        ("最小起订量", "起订量", "最低起订量", "最小订购量", "最小订货量"),
        ("MOQ", "Min order qty", "Minimum order quantity", "Minimum order"),
        "moq",
        suggest=("起订包数", "Minimum packs"),
        settled_by="unit",
    ),
    HeaderRow(
        "ask",
        "packPrice",
        ("价格", "报价", "价钱"),
        ("Price", "Quoted price", "Quote price"),
        "price",
        suggest=("", ""),  # the question names both: per unit or per pack
        settled_by="per",
    ),
    HeaderRow("ask", "", ("数量",), ("Quantity", "Qty"), "quantity"),
    HeaderRow(
        "ask",
        "leadDays",
        (),
        ("Lead time", "Delivery time"),
        "lead_time",
        suggest=("交期（天）", "Lead time (days)"),
        settled_by="unit",
    ),
    HeaderRow(
        "ask",
        "leadDays",
        ("交货时间", "交货周期", "交付周期"),
        (),
        "delivery_time",
        suggest=("交期（天）", "Lead time (days)"),
        settled_by="unit",
    ),
    # names that are plainly not a quote's field
    HeaderRow(
        "refuse",
        "",
        ("金额", "总价", "总金额", "总额", "合计"),
        ("Amount", "Total", "Total price", "Total amount"),
        "amount",
        suggest=("包价", "Pack price"),
    ),
    HeaderRow(
        "refuse",
        "",
        ("交货日期", "交期日期", "到货日期", "交付日期"),
        ("Delivery date", "Ship date"),
        "date",
        suggest=("交期（天）", "Lead time (days)"),
    ),
    HeaderRow("refuse", "", ("单位", "计量单位"), ("Unit", "UOM", "Unit of measure"), "uom"),
)


@attrs.frozen
class UnitWord:
    """A word in brackets after a count or days column's name: read (``ok``), asked about
    (``ask``, with its question) or refused (``refuse``, with its reason)."""

    verdict: Literal["ok", "ask", "refuse"]
    explain: str = ""


_OK: Final = UnitWord("ok")
_PIECES: Final = ("个", "件", "只", "支", "pcs", "pc", "piece", "pieces", "unit", "units")
_PACKS: Final = ("包", "pack", "packs")
# field -> unit word (by key) -> its meaning; one literal table per kind of count.
UNIT_WORDS: Final[dict[str, dict[str, UnitWord]]] = {
    "leadDays": {
        **dict.fromkeys(
            ("天", "日", "天数", "日历天", "自然日", "day", "days", "calendardays"), _OK
        ),
        **dict.fromkeys(
            ("工作日", "工作天", "workingdays", "businessdays", "workdays"),
            UnitWord("ask", "working_days"),
        ),
        **dict.fromkeys(
            ("周", "星期", "月", "个月", "week", "weeks", "wk", "wks", "month", "months"),
            UnitWord("refuse", "weeks"),
        ),
    },
    "minimumPacks": {
        **dict.fromkeys(_PACKS, _OK),
        **dict.fromkeys(_PIECES, UnitWord("refuse", "units_not_packs")),
    },
    "packSize": dict.fromkeys(
        (*_PIECES, "个/包", "件/包", "只/包", "支/包", "pcs/pack", "units/pack"), _OK
    ),
}
# Which explanations go with a name asked about (question) and with one refused (reason).
ASKED_EXPLANATIONS: Final = frozenset(
    {row.explain for row in HEADER_ROWS if row.verdict == "ask"}
    | {
        word.explain
        for words in UNIT_WORDS.values()
        for word in words.values()
        if word.verdict == "ask"
    }
)
REFUSED_EXPLANATIONS: Final = frozenset(
    {row.explain for row in HEADER_ROWS if row.verdict == "refuse"}
    | {
        word.explain
        for words in UNIT_WORDS.values()
        for word in words.values()
        if word.verdict == "refuse"
    }
)
# A price's denominator (``元/个``, ``CNY/pack``): per unit or per pack.
PER_UNIT: Final = frozenset(_PIECES)
PER_PACK: Final = frozenset(_PACKS)
PRICE_FIELDS: Final = frozenset({"packPrice"})


@attrs.frozen
class Column:
    """An accepted column: its field, the unit its name gives (a money unit's scale and
    currency; ``None`` for none or a count's unit), and whether it is a price per unit."""

    field: str
    unit: Unit | None = None
    per_unit: bool = False


@attrs.frozen
class Ignored:
    """A column that is not read (a remark), noted at its header."""


@attrs.frozen
class Refused:
    """A refused column name: the error code (``unknown_column``, ``ambiguous_column``,
    ``unknown_header_unit``), the field its cells are checked as (``""``: not read), an
    accepted name to write instead (``""``: none found) and the key of its explanation."""

    code: str
    field: str = ""
    suggestion: str = ""
    explain: str = ""


Reading = Column | Ignored | Refused

_CJK: Final = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_BASE_AND_UNIT: Final = re.compile(r"(.+?)\(([^()]*)\)")


def is_chinese(name: str) -> bool:
    """Whether a name is written in Chinese (any CJK ideograph): its suggestion is then the
    Chinese name."""
    return _CJK.search(name) is not None


def template_name(field: str, chinese: bool) -> str:
    """A field's template name in Chinese or English (``headers.SYNONYMS``)."""
    return SYNONYMS[field][0 if chinese else 1][0]


@attrs.frozen
class HeaderIndex:
    """The names one kind of sheet accepts (``accepted``: key -> the column it is), the header
    table's other rows it uses (``rows``: key -> row), its money fields (whose names take
    ``units.UNITS``), and the accepted names a refused one is compared with for a suggestion
    (``names``: key -> the name as written)."""

    accepted: Mapping[str, Column]
    rows: Mapping[str, HeaderRow]
    money: frozenset[str]
    names: Mapping[str, str]

    def read(self, name: str) -> Reading:
        """What a header cell's text means (module docstring)."""
        key = header_key(name)
        chinese = is_chinese(name)
        if key in self.accepted:
            return self.accepted[key]
        if key in self.rows:
            return _row_reading(self.rows[key], chinese)
        split = _BASE_AND_UNIT.fullmatch(key)
        if split is not None:
            base, unit = split.groups()
            if base in self.accepted or base in self.rows:
                return self._with_unit(base, unit, chinese)
            key = base
        suggestion = nearest_name(key, self.names, chinese)
        if suggestion is None:
            return Refused("unknown_column")
        return Refused("unknown_column", self.accepted[header_key(suggestion)].field, suggestion)

    def _with_unit(self, base: str, unit: str, chinese: bool) -> Reading:
        """A known name with a bracketed unit (module docstring)."""
        column = self.accepted.get(base)
        row = self.rows.get(base)
        if row is not None and (row.verdict != "ask" or not row.field):
            return _row_reading(row, chinese)
        field = column.field if column is not None else row.field if row is not None else ""
        if field in self.money:
            per_unit = column is not None and column.per_unit
            return self._money(field, unit, chinese, per_unit=per_unit, row=row)
        word = UNIT_WORDS.get(field, {}).get(unit)
        if word is None:
            return Refused("unknown_column", field, template_name(field, chinese))
        if word.verdict == "ask":
            return Refused(
                "ambiguous_column", field, _suggestion(row, field, chinese), word.explain
            )
        if word.verdict == "refuse":
            return Refused("unknown_column", field, _suggestion(row, field, chinese), word.explain)
        if row is not None and row.settled_by != "unit":
            return _row_reading(row, chinese)
        return Column(field)

    def _money(
        self, field: str, unit: str, chinese: bool, *, per_unit: bool, row: HeaderRow | None
    ) -> Reading:
        """A money column's unit: ``units.UNITS``; for a price also per unit (``元/个``) or per
        pack (``元/包``), which settles a price asked about (``价格（元/个）``)."""
        amount, _, per = unit.partition("/")
        found = UNIT_KEYS.get(amount)
        refused = Refused("unknown_header_unit", field, template_name(field, chinese))
        if found is None:
            return refused
        if per:
            if field not in PRICE_FIELDS:
                return refused
            if per in PER_PACK:
                return Column(field, found)
            if per in PER_UNIT and (per_unit or row is not None):
                return Column(field, found, per_unit=True)
            return refused
        if row is not None:  # a price asked about: per unit or per pack is still not said
            return _row_reading(row, chinese)
        return Column(field, found, per_unit=per_unit)


def _suggestion(row: HeaderRow | None, field: str, chinese: bool) -> str:
    if row is not None and row.suggest is not None:
        return row.suggest[0 if chinese else 1]
    return template_name(field, chinese) if field else ""


def _row_reading(row: HeaderRow, chinese: bool) -> Reading:
    if row.verdict == "alias":
        return Column(row.field, per_unit=row.per_unit)
    if row.verdict == "ignore":
        return Ignored()
    code = "ambiguous_column" if row.verdict == "ask" else "unknown_column"
    return Refused(code, row.field, _suggestion(row, row.field, chinese), row.explain)


CUTOFF: Final = 0.6


def nearest_name(key: str, names: Mapping[str, str], chinese: bool) -> str | None:
    """The accepted name nearest ``key`` (``difflib``'s ratio at least :data:`CUTOFF`), among
    the names in the same script (``names``: key -> the name as written), or ``None``."""
    candidates = sorted(k for k, shown in names.items() if is_chinese(shown) == chinese)
    close = difflib.get_close_matches(key, candidates, n=1, cutoff=CUTOFF)
    return names[close[0]] if close else None


def _row_index(rows: Iterable[HeaderRow], taken: Mapping[str, object]) -> dict[str, HeaderRow]:
    """Key -> row; a key in two rows, or already an accepted name, is a defect of the table
    (``ValueError`` at import)."""
    found: dict[str, HeaderRow] = {}
    for row in rows:
        for name in (*row.zh, *row.en):
            key = header_key(name)
            if key in taken or found.setdefault(key, row) is not row:
                raise ValueError(f"a header table name is listed twice: {name}")
    return found


def headers_for(
    index: Mapping[str, str],
    spelled: Iterable[tuple[str, Iterable[str]]],
    money: frozenset[str],
    rows: Iterable[HeaderRow],
) -> HeaderIndex:
    """A sheet's names: its ``index`` (key -> field), the names a buyer writes (``spelled``:
    field -> names, suggested for a refused name), and the header table's ``rows`` it uses
    (aliases are accepted names too)."""
    table = _row_index(rows, index)
    accepted = {key: Column(field) for key, field in index.items()}
    names = {header_key(name): name for _, names in spelled for name in names}
    for key, row in table.items():
        if row.verdict == "alias":
            accepted[key] = Column(row.field, per_unit=row.per_unit)
    for row in rows:
        if row.verdict == "alias":
            names.update({header_key(name): name for name in (*row.zh, *row.en)})
    others = {key: row for key, row in table.items() if row.verdict != "alias"}
    return HeaderIndex(accepted, others, money, names)


QUOTE_HEADERS: Final = headers_for(
    NAME_TO_FIELD,
    ((field, (*chinese, *english)) for field, (chinese, english) in SYNONYMS.items()),
    MONEY_FIELDS,
    HEADER_ROWS,
)
"""The quote sheet's names: the synonym table and every row of the header table."""
IGNORE_ROWS: Final = tuple(row for row in HEADER_ROWS if row.verdict == "ignore")
