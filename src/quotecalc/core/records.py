"""Equality, hashing and repr written once for every frozen attrs class of the engine.

attrs generates and compiles an ``__init__``, ``__eq__``, ``__hash__`` and ``__repr__`` for
each class it builds. The fixed host call starts one process per request, and compiling the
last three for the ~35 classes on the calculation path was a measurable share of its start-up
(``docs/performance.md``). So those classes are declared ``@attrs.frozen(eq=False,
repr=False)`` and inherit the three methods from :class:`Record`, which behave as attrs' own:

- equal iff the other object is of the very same class and every field is equal (else
  ``NotImplemented``);
- the hash of the class and the field values (so equal records hash equal);
- ``ClassName(field=value, ...)`` with each value's ``repr``, in field order.

The classes stay frozen, slotted attrs classes: attrs still writes their ``__init__`` and
frozen ``__setattr__``, and ``attrs.evolve`` / ``attrs.fields`` work on them.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, cast

import attrs

FieldValues = Callable[[object], tuple[object, ...]]

# One getter per class, built on first use: a tuple of the values of the fields compared.
_VALUES: dict[type, FieldValues] = {}


def _fields(cls: type) -> tuple[attrs.Attribute[Any], ...]:
    fields: tuple[attrs.Attribute[Any], ...] = attrs.fields(cast("type[attrs.AttrsInstance]", cls))
    return fields


def _values_getter(cls: type) -> FieldValues:
    names = [field.name for field in _fields(cls) if field.eq]
    if len(names) >= 2:
        return attrgetter(*names)  # a tuple for 2+ names
    # attrgetter returns the bare value for one name; keep the answer a tuple.
    return lambda record: tuple(getattr(record, name) for name in names)


def field_values(record: object) -> tuple[object, ...]:
    """The values of ``record``'s compared fields, in field order."""
    cls = record.__class__
    getter = _VALUES.get(cls)
    if getter is None:
        getter = _VALUES[cls] = _values_getter(cls)
    return getter(record)


class Record:
    """The shared ``__eq__``, ``__hash__`` and ``__repr__`` (see the module docstring)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return field_values(self) == field_values(other)

    def __hash__(self) -> int:
        return hash((self.__class__, *field_values(self)))

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{field.name}={getattr(self, field.name)!r}"
            for field in _fields(self.__class__)
            if field.repr
        )
        # As attrs does: a class defined in a function shows without its "<locals>." prefix.
        name = self.__class__.__qualname__.rsplit(">.", 1)[-1]
        return f"{name}({shown})"
