"""The bounded error collector of the validate stage (issue 13: memory at the floor).

``ErrorReport`` must show exactly what :func:`report` shows for the full error list, and count
the distinct errors as ``len(set(errors))`` did, while holding at most 100 keys. Checked on
hand-made lists and on every request of the byte-identity baseline that reaches validation
(the rule it relies on -- no ``(code, path)`` reported twice -- is checked there as well).
"""

from __future__ import annotations

import byte_identity
from quotecalc.core.context import FieldError
from quotecalc.stages.parse import parse_json
from quotecalc.stages.validate import MAX_ERRORS, ErrorReport, Validate, read_fields, report


def collected(errors: list[FieldError]) -> ErrorReport:
    sink = ErrorReport()
    for error in errors:
        sink.append(error)
    return sink


def test_keeps_the_first_100_by_path_then_code_and_counts_the_rest() -> None:
    errors = [FieldError("out_of_range", f"/quotes/{i}/packSize") for i in reversed(range(150))]
    errors.append(FieldError("invalid_type", "/quotes/0/packSize"))
    sink = collected(errors)
    assert sink.shown() == report(errors)
    assert len(sink.shown()) == MAX_ERRORS
    assert sink.distinct == 151
    assert len(sink) == sink.appended == 151
    assert len(sink._kept) == MAX_ERRORS  # bounded, whatever was appended


def test_a_repeat_within_the_kept_errors_is_shown_and_counted_once() -> None:
    errors = [FieldError("unknown_key", "")] * 150 + [FieldError("out_of_range", "/quotes")]
    sink = collected(errors)
    assert sink.shown() == (FieldError("unknown_key", ""), FieldError("out_of_range", "/quotes"))
    assert sink.distinct == 2
    assert len(sink) == 151  # readers see every append, repeats included


def test_empty_is_falsy() -> None:
    assert not ErrorReport()
    assert ErrorReport().shown() == ()


def test_agrees_with_the_unbounded_report_on_every_baseline_request() -> None:
    rules = Validate()
    checked = 0
    for raw in byte_identity.cases().values():
        document = parse_json(raw)
        if not isinstance(document, dict):
            continue
        everything: list[FieldError] = []
        values = read_fields(rules.root_fields, document, "", everything)
        for rule in rules.cross_field_rules:
            rule(document, values, everything)
        sink = ErrorReport()
        values = read_fields(rules.root_fields, document, "", sink)
        for rule in rules.cross_field_rules:
            rule(document, values, sink)
        assert len(set(everything)) == len(everything), "a (code, path) was reported twice"
        assert sink.shown() == report(everything)
        assert sink.distinct == len(set(everything))
        checked += bool(everything)
    assert checked > 100


def test_validating_131k_bad_elements_holds_no_object_per_error() -> None:
    """The worst memory case of issue 13: a 262144-byte ``quotes`` array of 131k numbers made
    the validate stage peak at 31 MiB (one error object per element). Bounded now: the
    stage's own allocations stay far below that (tracemalloc counts exactly, no timing)."""
    import tracemalloc

    from quotecalc.core.context import Context
    from quotecalc.stages.parse import Parse

    raw = b'{"schemaVersion":1,"quotes":[' + b",".join([b"0"] * 131000) + b"]}"
    parsed = Parse()(Context(raw=raw))
    tracemalloc.start()
    try:
        validated = Validate()(parsed)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(validated.errors) == MAX_ERRORS
    assert validated.halt is not None and validated.halt.reason == "131001 validation error(s)"
    assert peak < 8 * 2**20, f"{peak / 2**20:.1f} MiB"
