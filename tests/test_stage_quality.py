"""White-box tests of the quality stage (CONTRACT §9, §16 "Quality and constraints").

Per quote: ``quality_missing`` (neither evidence nor score), ``quality_evidence_only``
(evidence, no score); when a score is present, the conflicts ``quality_scale_missing``,
``quality_definition_missing``, ``quality_definition_mismatch`` (exact equality with
``qualityScale.definition``). Conflicts are also issues. Order carries no meaning: sets.
"""

from __future__ import annotations

from decimal import Decimal
from types import MappingProxyType
from typing import Any

import pytest

from quotecalc.core.context import Context, QualityAssessment, Request
from quotecalc.stages.quality import QualityStage, assess_quality

DEFINITION = "1-5 audit score"
SCALE: dict[str, Any] = {"definition": DEFINITION, "minimum": Decimal(1), "maximum": Decimal(5)}
SCORE = Decimal(4)

ROWS: list[tuple[str, dict[str, Any], dict[str, Any] | None, set[str], set[str]]] = [
    # (why, quote, scale) -> (issues, conflicts)
    ("nothing", {}, SCALE, {"quality_missing"}, set()),
    ("nothing, no scale", {}, None, {"quality_missing"}, set()),
    # a definition alone is neither evidence nor score
    ("definition only", {"qualityDefinition": DEFINITION}, SCALE, {"quality_missing"}, set()),
    ("evidence only", {"qualityEvidence": "ISO cert"}, SCALE, {"quality_evidence_only"}, set()),
    (
        "evidence + definition, no score",
        {"qualityEvidence": "ISO cert", "qualityDefinition": "other"},
        None,
        {"quality_evidence_only"},
        set(),
    ),
    # a score with a matching definition and a scale: no issue at all
    ("score ok", {"qualityScore": SCORE, "qualityDefinition": DEFINITION}, SCALE, set(), set()),
    (
        "score ok + evidence",
        {"qualityScore": SCORE, "qualityDefinition": DEFINITION, "qualityEvidence": "x"},
        SCALE,
        set(),
        set(),
    ),
    # conflicts (only with a score)
    (
        "score, no scale, no definition",  # §16: both
        {"qualityScore": SCORE},
        None,
        {"quality_scale_missing", "quality_definition_missing"},
        {"quality_scale_missing", "quality_definition_missing"},
    ),
    (
        "score, no scale, definition",
        {"qualityScore": SCORE, "qualityDefinition": DEFINITION},
        None,
        {"quality_scale_missing"},
        {"quality_scale_missing"},
    ),
    (
        "score, scale, no definition",
        {"qualityScore": SCORE},
        SCALE,
        {"quality_definition_missing"},
        {"quality_definition_missing"},
    ),
    (
        "score, scale, other definition",
        {"qualityScore": SCORE, "qualityDefinition": "0-10 score"},
        SCALE,
        {"quality_definition_mismatch"},
        {"quality_definition_mismatch"},
    ),
    (
        "score + evidence, no scale",
        {"qualityScore": SCORE, "qualityEvidence": "x", "qualityDefinition": DEFINITION},
        None,
        {"quality_scale_missing"},
        {"quality_scale_missing"},
    ),
    # a score of 0 is a score (omitted is not zero, and zero is not omitted)
    (
        "score 0 ok",
        {"qualityScore": Decimal(0), "qualityDefinition": DEFINITION},
        {**SCALE, "minimum": Decimal(0)},
        set(),
        set(),
    ),
]


@pytest.mark.parametrize(("why", "quote", "scale", "issues", "conflicts"), ROWS)
def test_assess_quality(
    why: str,
    quote: dict[str, Any],
    scale: dict[str, Any] | None,
    issues: set[str],
    conflicts: set[str],
) -> None:
    result = assess_quality(
        MappingProxyType(quote), None if scale is None else MappingProxyType(scale)
    )
    assert set(result.issues) == issues, why
    assert set(result.conflicts) == conflicts, why
    assert len(result.issues) == len(issues)
    assert len(result.conflicts) == len(conflicts)


@pytest.mark.parametrize(
    "definition",
    [
        DEFINITION + " ",  # trailing space
        DEFINITION.upper(),  # case
        "1-5 audit sc\u00f6re",
        "1\u20135 audit score",  # EN DASH instead of hyphen
    ],
)
def test_definition_needs_exact_equality(definition: str) -> None:
    quote = MappingProxyType({"qualityScore": SCORE, "qualityDefinition": definition})
    result = assess_quality(quote, MappingProxyType(SCALE))
    assert result == QualityAssessment(
        ("quality_definition_mismatch",), ("quality_definition_mismatch",)
    )


def test_nfc_vs_nfd_definition_is_a_mismatch() -> None:
    scale = MappingProxyType({**SCALE, "definition": "qualit\u00e9"})
    quote = MappingProxyType({"qualityScore": SCORE, "qualityDefinition": "qualite\u0301"})
    assert assess_quality(quote, scale).conflicts == ("quality_definition_mismatch",)


def test_stage_uses_the_root_scale_and_keeps_quote_order() -> None:
    req = Request(
        fields=MappingProxyType({"qualityScale": MappingProxyType(SCALE)}),
        quotes=(
            MappingProxyType({"supplierId": "A"}),
            MappingProxyType({"supplierId": "B", "qualityEvidence": "x"}),
            MappingProxyType({"supplierId": "C", "qualityScore": SCORE}),
            MappingProxyType(
                {"supplierId": "D", "qualityScore": SCORE, "qualityDefinition": DEFINITION}
            ),
        ),
    )
    before = Context(raw=b"", request=req)
    ctx = QualityStage()(before)
    assert ctx.quality == (
        QualityAssessment(("quality_missing",), ()),
        QualityAssessment(("quality_evidence_only",), ()),
        QualityAssessment(("quality_definition_missing",), ("quality_definition_missing",)),
        QualityAssessment((), ()),
    )
    assert before.quality == ()


def test_stage_without_root_scale() -> None:
    req = Request(
        fields=MappingProxyType({}),
        quotes=(
            MappingProxyType(
                {"supplierId": "A", "qualityScore": SCORE, "qualityDefinition": DEFINITION}
            ),
        ),
    )
    ctx = QualityStage()(Context(raw=b"", request=req))
    assert ctx.quality == (
        QualityAssessment(("quality_scale_missing",), ("quality_scale_missing",)),
    )


def test_stage_name() -> None:
    assert QualityStage().name == "quality"
