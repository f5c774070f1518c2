"""The shared equality, hashing and repr of the engine's attrs classes (``quotecalc.core.records``).

They must behave as the attrs-generated methods they replace: same class and equal fields ->
equal, equal -> same hash, ``Name(field=value, ...)``; and the classes stay frozen, slotted
attrs classes that ``attrs.evolve`` and ``attrs.fields`` work on.
"""

from __future__ import annotations

from decimal import Decimal

import attrs
import pytest

from quotecalc.core.context import Context, FieldError, Halt, Request
from quotecalc.core.exact import Ratio
from quotecalc.core.records import Record
from quotecalc.engine.pipeline import DEFAULT_PIPELINE
from quotecalc.stages.parse import Parse


def test_equal_iff_same_class_and_equal_fields() -> None:
    assert FieldError("a", "/x") == FieldError("a", "/x")
    assert FieldError("a", "/x") != FieldError("a", "/y")
    assert FieldError("a", "/x") != FieldError("b", "/x")
    assert Halt("a", "/x") != FieldError("a", "/x")  # same values, other class
    assert FieldError("a", "/x") != ("a", "/x")
    assert Ratio(1, 2) != Ratio(2, 4)  # fields, not the value they stand for
    assert Parse() == Parse()


def test_equal_records_hash_equal_and_work_in_sets() -> None:
    assert hash(Ratio(1, 2)) == hash(Ratio(1, 2))
    assert {FieldError("a", ""), FieldError("a", ""), FieldError("b", "")} == {
        FieldError("a", ""),
        FieldError("b", ""),
    }


def test_repr_is_the_attrs_form() -> None:
    assert repr(FieldError("a", "/x")) == "FieldError(code='a', path='/x')"
    assert repr(Ratio(1, 3)) == "Ratio(numerator=1, denominator=3)"
    request = Request(fields={}, quotes=({"supplierId": "A"},))
    assert repr(request) == (
        "Request(fields={}, quotes=({'supplierId': 'A'},), supplier_ids=('A',))"
    )


def test_still_frozen_slotted_attrs_classes() -> None:
    ctx = Context(raw=b"{}")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        ctx.raw = b"[]"  # type: ignore[misc]
    assert not hasattr(ctx, "__dict__")
    assert attrs.evolve(ctx, status="completed").status == "completed"
    assert [field.name for field in attrs.fields(FieldError)] == ["code", "path"]
    for cls in (Context, FieldError, Ratio, Parse, type(DEFAULT_PIPELINE)):
        assert attrs.has(cls) and issubclass(cls, Record)
        assert "__slots__" in cls.__dict__
    for stage in DEFAULT_PIPELINE.stages:
        assert attrs.has(type(stage)) and isinstance(stage, Record)


def test_fields_with_unhashable_values_compare_but_do_not_hash() -> None:
    ctx = Context(raw=b"{}", document={"a": [Decimal(1)]})
    assert ctx == Context(raw=b"{}", document={"a": [Decimal(1)]})
    with pytest.raises(TypeError):
        hash(ctx)
