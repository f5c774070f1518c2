"""The field-rule table: one row per input field drives validation (CONTRACT §4.3).

Each row is a small frozen :class:`FieldRule` built by a public factory (:func:`decimal_field`,
:func:`integer_field`, :func:`text_field`, :func:`currency_field`, :func:`object_field`,
:func:`array_field`, :func:`schema_version_field`). A row says the JSON name, the kind of
value, whether it is ``required`` (absent -> ``missing_required``), ``core`` (absent -> the
result is partial, §5) or ``optional``, and its bounds. The validator reads rows, never field
names, so the published JSON Schema can be generated from the same rows.

A root row also carries what the doors show and take of it (:class:`FieldDoors`, issue 39):
its words in English and Chinese, one line saying what it does, its schema note, its option
at the intake and on the analyst's page, and whether the command line takes it as a flag. Every
door reads these (the intake's options and usage, the page's form, the fields named in words,
the schemas' notes, the README's tables) instead of a list of its own, so a new root field or
constraint is one row.

Rules that relate several fields (duplicate supplier ids, weight sum, scale order, the
``requires_*`` rules) are the cross-field table in ``stages/validate.py``.
"""

# The Chinese words of the doors use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import enum
from collections.abc import Mapping
from decimal import Decimal
from typing import Any, Final, NamedTuple

import attrs

from .records import Record

# Values the validator accepted, by contract field name: integer fields are ints, decimal
# fields Decimals (with the input's own digits), text fields strs, nested objects read-only
# mappings. The row says which; the type checker cannot, hence ``Any``. Here, below the context
# and the rule tables that both name it (a circle otherwise, issue 33).
Fields = Mapping[str, Any]


class Presence(enum.Enum):
    """What omitting a field means."""

    REQUIRED = "required"
    CORE = "core"
    OPTIONAL = "optional"


class Kind(enum.Enum):
    """The kinds of value a field can hold; each has one reader in the validator."""

    DECIMAL = "decimal"
    INTEGER = "integer"
    TEXT = "text"
    CURRENCY = "currency"
    SCHEMA_VERSION = "schemaVersion"
    OBJECT = "object"
    ARRAY = "array"
    RATE = "rate"
    DATE = "date"
    CHOICE = "choice"


MAX_DECIMAL: Final = Decimal(10) ** 15
MAX_INTEGER: Final = 10**9
CURRENCY_PATTERN: Final = "^[A-Z]{3}$"


@attrs.frozen(eq=False, repr=False)
class Bounds(Record):
    """An interval for a numeric field; ``low_open``/``high_open`` exclude the end point."""

    low: Decimal
    high: Decimal
    low_open: bool = False
    high_open: bool = False

    def contains(self, value: Decimal | int) -> bool:
        above = value > self.low if self.low_open else value >= self.low
        below = value < self.high if self.high_open else value <= self.high
        return above and below


# The door details are NamedTuples, not attrs records: the fixed call imports this module, and
# building two more attrs classes cost it half a millisecond more than these (issue 39).
class Words(NamedTuple):
    """One text in each language of the doors: ``en`` and ``zh``."""

    en: str
    zh: str

    def of(self, lang: str) -> str:
        """The text in ``lang`` (``en`` or ``zh``)."""
        return self.zh if lang == "zh" else self.en


class FieldDoors(NamedTuple):
    """What the doors show and take of one root field (issue 39).

    - ``words``: the field in words, where a page or report names it ("maximum lead days";
      ``None``: shown as its key);
    - ``hint``: what it does, in one line (the README's tables, the form's note beside its
      control; ``None`` outside them);
    - ``checks``: a hard constraint's quote value in words ("lead days"): what the answer asks
      a quote to give when the constraint cannot be checked;
    - ``note``: its description in the published schemas (``None``: the schema's own kind text
      only; a kind may still give it a note of its own);
    - ``option``: its keyword at the intake (``max_lead_days``: ``--max-lead-days`` on the
      command line, ``max_lead_days`` over HTTP and on the analyst's form), ``None`` when no
      option sets it; ``option_text``: that option's description (``--help``, OpenAPI);
    - ``metavar``: what the intake's usage writes after the option (``None``: by its kind);
    - ``label``: the form's label (``None``: the words, capitalised);
    - ``unit``: the unit a report shows its value in (``days``: a key of the pages' words);
    - ``flag``: the command line also takes it as ``--<name>`` with the kinds that read it,
      the same as writing the field (``--effort proof``).
    """

    words: Words | None
    hint: Words | None
    note: str | None = None
    checks: Words | None = None
    option: str | None = None
    option_text: str = ""
    metavar: Words | None = None
    label: Words | None = None
    unit: str | None = None
    flag: bool = False


@attrs.frozen(eq=False, repr=False)
class FieldRule(Record):
    """One input field: see the module docstring. Build rows with the factory functions."""

    name: str
    kind: Kind
    presence: Presence
    bounds: Bounds | None = None
    max_length: int | None = None
    fields: tuple[FieldRule, ...] = ()
    min_items: int = 0
    max_items: int = 0
    doors: FieldDoors | None = None
    choices: tuple[str, ...] = ()
    """A choice's names (``choice_field``), in the order the doors list them."""


def decimal_field(
    name: str,
    presence: Presence = Presence.OPTIONAL,
    *,
    low: Decimal = Decimal(0),
    high: Decimal = MAX_DECIMAL,
    low_open: bool = False,
    high_open: bool = False,
    doors: FieldDoors | None = None,
) -> FieldRule:
    """A decimal ``0 <= v <= 10^15`` unless narrower bounds are given."""
    bounds = Bounds(low, high, low_open, high_open)
    return FieldRule(name, Kind.DECIMAL, presence, bounds, doors=doors)


def integer_field(
    name: str,
    presence: Presence = Presence.OPTIONAL,
    *,
    positive: bool = False,
    doors: FieldDoors | None = None,
) -> FieldRule:
    """An integer ``0 <= v <= 10^9`` (``1 <= v`` when ``positive``)."""
    low = Decimal(1) if positive else Decimal(0)
    return FieldRule(name, Kind.INTEGER, presence, Bounds(low, Decimal(MAX_INTEGER)), doors=doors)


def text_field(
    name: str, presence: Presence, max_length: int, *, doors: FieldDoors | None = None
) -> FieldRule:
    """A non-blank string of at most ``max_length`` code points."""
    return FieldRule(name, Kind.TEXT, presence, max_length=max_length, doors=doors)


def currency_field(name: str, presence: Presence, *, doors: FieldDoors | None = None) -> FieldRule:
    """A string matching ``^[A-Z]{3}$``."""
    return FieldRule(name, Kind.CURRENCY, presence, doors=doors)


def with_rows(root_fields: tuple[FieldRule, ...], *rows: FieldRule) -> tuple[FieldRule, ...]:
    """``root_fields`` and then ``rows`` (each name once, in order): a request kind's root rows
    built on another's."""
    known = {rule.name for rule in root_fields}
    return root_fields + tuple(rule for rule in rows if rule.name not in known)


def rate_field(name: str, presence: Presence) -> FieldRule:
    """An exchange rate: a plain decimal ``0 < v <= 10^9`` with up to 10 fractional digits
    (issue 27: the one extension of the number grammar, and only here)."""
    return FieldRule(name, Kind.RATE, presence, Bounds(Decimal(0), Decimal(10**9), low_open=True))


def date_field(name: str, presence: Presence, *, doors: FieldDoors | None = None) -> FieldRule:
    """A calendar date written ``YYYY-MM-DD`` (issue 27); read as a ``datetime.date``."""
    return FieldRule(name, Kind.DATE, presence, doors=doors)


def choice_field(
    name: str, presence: Presence, choices: tuple[str, ...], *, doors: FieldDoors | None = None
) -> FieldRule:
    """One of the names ``choices``, as a JSON string (issue 38: ``effort``): another string
    is ``out_of_range`` (the names are the field's whole range), another type
    ``invalid_type``."""
    return FieldRule(name, Kind.CHOICE, presence, doors=doors, choices=choices)


def schema_version_field(name: str, *, doors: FieldDoors | None = None) -> FieldRule:
    """A JSON number literal equal to 1."""
    return FieldRule(name, Kind.SCHEMA_VERSION, Presence.REQUIRED, doors=doors)


def object_field(
    name: str,
    presence: Presence,
    fields: tuple[FieldRule, ...],
    *,
    doors: FieldDoors | None = None,
) -> FieldRule:
    """An object whose keys are exactly the whitelisted ``fields``."""
    return FieldRule(name, Kind.OBJECT, presence, fields=fields, doors=doors)


def array_field(
    name: str,
    presence: Presence,
    items: tuple[FieldRule, ...],
    *,
    min_items: int,
    max_items: int,
    doors: FieldDoors | None = None,
) -> FieldRule:
    """An array of ``min_items`` to ``max_items`` objects, each with the ``items`` fields."""
    return FieldRule(
        name,
        Kind.ARRAY,
        presence,
        fields=items,
        min_items=min_items,
        max_items=max_items,
        doors=doors,
    )


REQUIRED: Final = Presence.REQUIRED
CORE: Final = Presence.CORE
OPTIONAL: Final = Presence.OPTIONAL

QUOTE_FIELDS: Final = (
    text_field("supplierId", REQUIRED, 64),
    text_field("specification", CORE, 256),
    currency_field("currency", CORE),
    integer_field("packSize", CORE, positive=True),
    integer_field("minimumPacks", CORE),
    decimal_field("packPrice", CORE),
    decimal_field("freight", CORE),
    decimal_field("otherFees", CORE),
    integer_field("leadDays", CORE),
    text_field("qualityEvidence", OPTIONAL, 2000),
    decimal_field("qualityScore", OPTIONAL),
    text_field("qualityDefinition", OPTIONAL, 512),
)

WEIGHT_FIELDS: Final = (
    decimal_field("cost", REQUIRED),
    decimal_field("delivery", REQUIRED),
    decimal_field("quality", REQUIRED),
)

QUALITY_SCALE_FIELDS: Final = (
    text_field("definition", REQUIRED, 512),
    decimal_field("minimum", REQUIRED),
    decimal_field("maximum", REQUIRED),
)

MAX_QUOTES: Final = 100

# The fixed request's root rows without the hard-constraint fields: each constraint row brings
# its own field row (``constraint_rules.py``), and the pipeline appends those after these. The
# contract's table (§4.3) and every door list the constraints before the analysis options
# (``SENSITIVITY_ROOT_FIELDS``): ``constraint_rules.listed_root_fields``.
REQUEST_ROOT_FIELDS: Final = (
    schema_version_field(
        "schemaVersion",
        doors=FieldDoors(
            Words("schema version", "格式版本"),
            Words("the number `1`", "数字 `1`"),
            note="Request format version.",
        ),
    ),
    array_field(
        "quotes",
        REQUIRED,
        QUOTE_FIELDS,
        min_items=1,
        max_items=MAX_QUOTES,
        doors=FieldDoors(
            Words("quotes", "报价列表"),
            Words("1–100 quote objects (below)", "1–100 个报价对象（见下）"),
            note="The supplier quotes to compare, one object per supplier.",
        ),
    ),
    integer_field(
        "quantity",
        CORE,
        positive=True,
        doors=FieldDoors(
            Words("quantity", "数量"),
            Words("units needed (positive integer)", "需要的数量（正整数）"),
            note="Units required (the unit is part of specification).",
            option="quantity",
            option_text="The request's quantity (root field, passed as given).",
        ),
    ),
    currency_field(
        "currency",
        CORE,
        doors=FieldDoors(
            Words("currency", "币种"),
            Words(
                "`^[A-Z]{3}$`, the currency every quote must be in",
                "`^[A-Z]{3}$`，所有报价必须使用的币种",
            ),
            note=(
                "Purchase currency; a quote in another currency is not comparable (no"
                " exchange-rate conversion)."
            ),
            option="currency",
            option_text="The request's currency (root field, passed as given).",
            label=Words("Currency (e.g. CNY)", "币种（如 CNY）"),
        ),
    ),
    text_field(
        "specification",
        CORE,
        256,
        doors=FieldDoors(
            Words("specification", "规格"),
            Words(
                "the item, compared by exact string equality (≤ 256 chars)",
                "物品规格，按字符串精确比较（≤ 256 字符）",
            ),
            note=(
                "The requested item; compared by exact string equality (no trimming, case"
                " folding or normalisation)."
            ),
            option="specification",
            option_text="The request's specification (root field).",
        ),
    ),
    object_field(
        "weights",
        OPTIONAL,
        WEIGHT_FIELDS,
        doors=FieldDoors(
            Words("weights", "权重"),
            Words(
                '`{"cost", "delivery", "quality"}`, each ≥ 0, sum > 0; never redistributed',
                '`{"cost", "delivery", "quality"}`，各 ≥ 0，总和 > 0；不会重新分配',
            ),
            note=(
                "Scoring weights; without them no ranking is computed. They need not sum to 1"
                " (scores divide by their sum, which must be above 0) and are never"
                " redistributed."
            ),
            option="weights",
            option_text="The weights: cost=W,delivery=W,quality=W (root field).",
            metavar=Words("cost=W,delivery=W,quality=W", "cost=W,delivery=W,quality=W"),
        ),
    ),
    object_field(
        "qualityScale",
        OPTIONAL,
        QUALITY_SCALE_FIELDS,
        doors=FieldDoors(
            Words("quality scale", "质量评分标准"),
            Words(
                '`{"definition", "minimum", "maximum"}` with `minimum < maximum`',
                '`{"definition", "minimum", "maximum"}`，`minimum < maximum`',
            ),
            note="The user's quality scale; minimum must be below maximum.",
            option="quality_scale",
            option_text="The quality scale: DEFINITION;MIN;MAX (root field).",
            metavar=Words('"DEFINITION;MIN;MAX"', '"定义;最小值;最大值"'),
        ),
    ),
)
SENSITIVITY_ROOT_FIELDS: Final = (
    decimal_field(
        "sensitivityDelta",
        OPTIONAL,
        low=Decimal(0),
        high=Decimal(1),
        low_open=True,
        high_open=True,
        doors=FieldDoors(
            Words("sensitivity delta", "敏感性幅度"),
            Words(
                "`0 < δ < 1`: move each positive weight by ×(1+δ) and ×(1−δ) (needs `weights`)",
                "`0 < δ < 1`：把每个正权重分别乘以 (1+δ) 和 (1−δ)（需要 `weights`）",
            ),
            note=(
                "Relative weight change for the one-at-a-time sensitivity analysis (each"
                " positive weight times 1+delta and 1-delta); needs weights."
            ),
            option="sensitivity_delta",
            option_text="The sensitivity analysis's step (root field).",
            label=Words("Sensitivity delta (optional)", "敏感性幅度（可选）"),
        ),
    ),
)
BASE_ROOT_FIELDS: Final = REQUEST_ROOT_FIELDS + SENSITIVITY_ROOT_FIELDS
"""The root rows the validator reads before the constraint rows (its order, and the 0.1.0
schema's)."""

ROOT_CORE_FIELDS: Final = tuple(rule.name for rule in BASE_ROOT_FIELDS if rule.presence is CORE)
QUOTE_CORE_FIELDS: Final = tuple(rule.name for rule in QUOTE_FIELDS if rule.presence is CORE)
