"""The field-rule table: one row per input field drives validation (CONTRACT §4.3).

Each row is a small frozen :class:`FieldRule` built by a public factory (:func:`decimal_field`,
:func:`integer_field`, :func:`text_field`, :func:`currency_field`, :func:`object_field`,
:func:`array_field`, :func:`schema_version_field`). A row says the JSON name, the kind of
value, whether it is ``required`` (absent -> ``missing_required``), ``core`` (absent -> the
result is partial, §5) or ``optional``, and its bounds. The validator reads rows, never field
names, so the published JSON Schema can be generated from the same rows.

Rules that relate several fields (duplicate supplier ids, weight sum, scale order, the
``requires_*`` rules) are the cross-field table in ``stages/validate.py``.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from decimal import Decimal
from typing import Any, Final

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


def decimal_field(
    name: str,
    presence: Presence = Presence.OPTIONAL,
    *,
    low: Decimal = Decimal(0),
    high: Decimal = MAX_DECIMAL,
    low_open: bool = False,
    high_open: bool = False,
) -> FieldRule:
    """A decimal ``0 <= v <= 10^15`` unless narrower bounds are given."""
    return FieldRule(name, Kind.DECIMAL, presence, Bounds(low, high, low_open, high_open))


def integer_field(
    name: str, presence: Presence = Presence.OPTIONAL, *, positive: bool = False
) -> FieldRule:
    """An integer ``0 <= v <= 10^9`` (``1 <= v`` when ``positive``)."""
    low = Decimal(1) if positive else Decimal(0)
    return FieldRule(name, Kind.INTEGER, presence, Bounds(low, Decimal(MAX_INTEGER)))


def text_field(name: str, presence: Presence, max_length: int) -> FieldRule:
    """A non-blank string of at most ``max_length`` code points."""
    return FieldRule(name, Kind.TEXT, presence, max_length=max_length)


def currency_field(name: str, presence: Presence) -> FieldRule:
    """A string matching ``^[A-Z]{3}$``."""
    return FieldRule(name, Kind.CURRENCY, presence)


def rate_field(name: str, presence: Presence) -> FieldRule:
    """An exchange rate: a plain decimal ``0 < v <= 10^9`` with up to 10 fractional digits
    (issue 27: the one extension of the number grammar, and only here)."""
    return FieldRule(name, Kind.RATE, presence, Bounds(Decimal(0), Decimal(10**9), low_open=True))


def date_field(name: str, presence: Presence) -> FieldRule:
    """A calendar date written ``YYYY-MM-DD`` (issue 27); read as a ``datetime.date``."""
    return FieldRule(name, Kind.DATE, presence)


def schema_version_field(name: str) -> FieldRule:
    """A JSON number literal equal to 1."""
    return FieldRule(name, Kind.SCHEMA_VERSION, Presence.REQUIRED)


def object_field(name: str, presence: Presence, fields: tuple[FieldRule, ...]) -> FieldRule:
    """An object whose keys are exactly the whitelisted ``fields``."""
    return FieldRule(name, Kind.OBJECT, presence, fields=fields)


def array_field(
    name: str, presence: Presence, items: tuple[FieldRule, ...], *, min_items: int, max_items: int
) -> FieldRule:
    """An array of ``min_items`` to ``max_items`` objects, each with the ``items`` fields."""
    return FieldRule(
        name, Kind.ARRAY, presence, fields=items, min_items=min_items, max_items=max_items
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

# The root rows without the hard-constraint fields: each constraint row brings its own field
# row (``constraint_rules.py``), and the pipeline appends those after these.
BASE_ROOT_FIELDS: Final = (
    schema_version_field("schemaVersion"),
    array_field("quotes", REQUIRED, QUOTE_FIELDS, min_items=1, max_items=MAX_QUOTES),
    integer_field("quantity", CORE, positive=True),
    currency_field("currency", CORE),
    text_field("specification", CORE, 256),
    object_field("weights", OPTIONAL, WEIGHT_FIELDS),
    object_field("qualityScale", OPTIONAL, QUALITY_SCALE_FIELDS),
    decimal_field(
        "sensitivityDelta", OPTIONAL, low=Decimal(0), high=Decimal(1), low_open=True, high_open=True
    ),
)

ROOT_CORE_FIELDS: Final = tuple(rule.name for rule in BASE_ROOT_FIELDS if rule.presence is CORE)
QUOTE_CORE_FIELDS: Final = tuple(rule.name for rule in QUOTE_FIELDS if rule.presence is CORE)
