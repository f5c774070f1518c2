"""A command-line flag that writes a root field (issue 38: ``--effort proof``).

A row of a kind's own root rows with ``FieldDoors.flag`` is also an option of that kind's
command line (and a control of the analyst's form): giving it is the same as writing the field
in the request. :func:`with_flags` writes it into the request's bytes -- at the start of the
root object, every other byte kept as sent -- so the document is exactly the one of the request
with the field written. A request that already states the field with the same value is left
as it is; one that states another value is refused (:class:`FlagDisagrees`): the door does not
guess which of the two was meant. A body that is not a JSON object, or over the kind's limit,
is left as it is for the kind's own validation to answer.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any


class FlagDisagrees(Exception):
    """The request states a field with another value than its flag: refused, not guessed."""

    def __init__(self, name: str, given: str, written: Any) -> None:
        super().__init__(name)
        self.name = name
        self.given = given
        self.written = written


def with_flags(raw: bytes, given: Mapping[str, str], limit: int) -> bytes:
    """``raw`` with each field of ``given`` (name -> value) written at the start of its root
    object, unless the request already states it with that value; :class:`FlagDisagrees`
    when it states another."""
    if not given or len(raw) > limit:
        return raw
    try:
        loaded = json.loads(raw.decode("utf-8-sig"))
    except (ValueError, RecursionError):
        return raw
    if not isinstance(loaded, dict):
        return raw
    missing = {}
    for name, value in given.items():
        if name not in loaded:
            missing[name] = value
        elif loaded[name] != value:
            raise FlagDisagrees(name, value, loaded[name])
    if not missing:
        return raw
    written = ",".join(f"{json.dumps(name)}:{json.dumps(value)}" for name, value in missing.items())
    start = raw.index(b"{") + 1
    comma = b"," if loaded else b""
    return raw[:start] + written.encode("utf-8") + comma + raw[start:]
