"""Every fixed code of the contract with its one fixed message (CONTRACT §4.4, §12, §16).

Each error or limitation code always carries the same text, and no text here is ever built
from the input: the output of an ``invalid_input`` call is assembled only from these tables
and from JSON pointers made of contract field names and array indices.
"""

from __future__ import annotations

from typing import Final

ERROR_MESSAGES: Final[dict[str, str]] = {
    "input_too_large": "The input is larger than 262144 bytes.",
    "invalid_encoding": "The input is not valid UTF-8 without a byte-order mark.",
    "invalid_json": "The input is not one strict RFC 8259 JSON value.",
    "invalid_string": "A string contains an unpaired UTF-16 surrogate.",
    "non_finite_number": "A number is not finite.",
    "duplicate_key": "An object contains the same key twice.",
    "unknown_key": "An object contains a key that is not part of the contract.",
    "missing_required": "A required field is missing.",
    "null_not_allowed": "Explicit null is not allowed.",
    "invalid_type": "The value has the wrong JSON type.",
    "invalid_number_format": "The number is not a plain decimal.",
    "exponent_not_allowed": "Exponent notation is not allowed.",
    "too_many_decimals": "More than 6 fractional digits.",
    "number_too_long": "The number is longer than 48 characters.",
    "negative_value": "Negative values are not allowed.",
    "out_of_range": "The value is outside the allowed range.",
    "not_integer": "The value must be an integer.",
    "string_too_long": "The string is longer than allowed.",
    "empty_string": "The string must contain a non-whitespace character.",
    "invalid_currency": "The currency must be three upper-case letters A-Z.",
    "unsupported_schema_version": "Only schemaVersion 1 is supported.",
    "duplicate_supplier_id": "The supplierId is used by an earlier quote.",
    "weights_sum_zero": "The weights must not all be zero.",
    "invalid_quality_scale": "The quality scale minimum must be below its maximum.",
    "requires_quality_scale": "This field needs qualityScale.",
    "requires_weights": "This field needs weights.",
    "invalid_arguments": "The command line is not one the contract accepts.",
}

# Codes only a request with conversions can be refused with (issue 27, docs/conversions.md):
# their rows (``exchangeRates``, ``asOf``, ``balances``) are read only by the plan and
# ``--convert`` pipelines, so the fixed call never gives them and its result schema does not
# list them; the plan and converted-comparison schemas do.
CONVERSION_ERROR_MESSAGES: Final[dict[str, str]] = {
    "too_many_rate_decimals": "More than 10 fractional digits in an exchange rate.",
    "invalid_date": "The date must be a real calendar date written YYYY-MM-DD.",
    "same_currency_pair": "An exchange rate must convert between two different currencies.",
    "duplicate_rate_pair": "An earlier exchange rate has the same from and to currencies.",
    "unknown_balance_supplier": "The balance names a supplierId that no quote has.",
    "unknown_balance_item": "The balance names an itemId that no item of the event has.",
}

# The limitation that replaces ``no_conversion`` when a quote was converted (issue 27); only
# the plan and ``--convert`` pipelines can give it.
CONVERSION_LIMITATION_MESSAGES: Final[dict[str, str]] = {
    "converted_at_given_rates": (
        "Quotes in other currencies were converted at the exchange rates given in the request;"
        " every converted figure depends on them."
    ),
}

# Codes only the batch door answers for a whole body (``quotecalc.batch``, docs/limits.md). A
# single call never gives them, so they are kept out of ERROR_MESSAGES, whose codes the result
# schema lists; the batch result schema lists both.
BATCH_ERROR_MESSAGES: Final[dict[str, str]] = {
    "batch_too_large": "The batch is larger than 2097152 bytes.",
}
# Every code a batch body itself can be refused with (its size, the parse stage's syntax
# rules, and the shape of {"requests": [...]}), in the order they are checked.
BATCH_BODY_ERRORS: Final = (
    "batch_too_large",
    "invalid_encoding",
    "invalid_json",
    "non_finite_number",
    "invalid_type",
    "duplicate_key",
    "missing_required",
    "null_not_allowed",
    "out_of_range",
    "unknown_key",
)

LIMITATION_MESSAGES: Final[dict[str, str]] = {
    "quality_unverified": (
        "Quality evidence and scores are claims from the materials;"
        " nothing was verified or certified."
    ),
    "fees_as_given": "Only the fees given were used; taxes, duties and other costs are unverified.",
    "lead_days_basis": (
        "Whether leadDays includes transport and when it starts"
        " must be checked against the materials."
    ),
    "not_an_order": (
        "A calculation only: no evidence verification, no order, no delivery acceptance,"
        " no calculationReceipt."
    ),
    "no_conversion": "No currency or unit conversion was done.",
    "total_spend_basis": (
        "Lowest cost is the lowest total spend of this order;"
        " read overbuyQuantity and costPerDeliveredUnit beside it."
    ),
    "missing_field": "A field was omitted; every value that depends on it is null.",
    "specification_mismatch": (
        "The quote's specification differs from the requested one; the quote is not comparable."
    ),
    "currency_mismatch": (
        "The quote's currency differs from the requested one; the quote is not comparable."
    ),
    "ranking_not_requested": "No weights were given; no ranking was requested.",
    "ranking_blocked_by_conflict": (
        "Ranking blocked: a root field is missing, a quote is not comparable,"
        " or a quality conflict exists."
    ),
    "ranking_blocked_by_unknown_constraint": (
        "Ranking blocked: a hard constraint could not be evaluated for a quote."
    ),
    "ranking_blocked_by_missing_value": (
        "Ranking blocked: a positively weighted dimension lacks a value for a candidate."
    ),
    "all_candidates_excluded": "Every quote is excluded by the hard constraints.",
    "component_unavailable": (
        "A zero-weight dimension lacks a value for some candidate; its components are null."
    ),
    "sensitivity_unavailable": "A sensitivity delta was given but there is no ranking to perturb.",
}

INTERNAL_ERROR_CODE: Final = "internal_error"
INTERNAL_ERROR_MESSAGE: Final = (
    "An internal error occurred; this is a bug in quotecalc, not in the input."
)

# The limitations every completed or partial result carries (CONTRACT §12, "always").
ALWAYS_LIMITATIONS: Final = (
    "quality_unverified",
    "fees_as_given",
    "lead_days_basis",
    "not_an_order",
    "no_conversion",
)
