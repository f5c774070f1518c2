"""The size and count limits of every door, as data in one place (``docs/limits.md``).

A single request's byte and nesting limits are read by the parse stage (the field table keeps
its own per-field bounds); the batch limits are here so that the batch door
(``quotecalc.batch``) and the published batch schemas (``quotecalc.contract``) read the same
numbers without the core importing a door.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "MAX_BATCH_BYTES",
    "MAX_BATCH_ITEMS",
    "MAX_BATCH_NESTING",
    "MAX_EVENT_BYTES",
    "MAX_INPUT_BYTES",
    "MAX_NESTING",
]

# CONTRACT §4.1: a request is at most 262144 bytes.
MAX_INPUT_BYTES: Final = 262144
# A request is at most 3 levels deep; anything past this is refused before decoding, so the
# answer never depends on how deep the caller's own stack already is (the decoder's limit is
# Python's recursion limit, counted from the caller; see ``stages.parse._decode``).
MAX_NESTING: Final = 256

# An ERP agent's batch tool takes up to 24 items per call (issue #10).
MAX_BATCH_ITEMS: Final = 24
# 2 MiB: 24 requests of 100 fully described quotes each, pretty-printed (about 48 KB each),
# fit with room to spare; the body is held and decoded once in memory, so it stays bounded.
# Its message is codes.BATCH_ERROR_MESSAGES["batch_too_large"] (checked by the tests).
MAX_BATCH_BYTES: Final = 2_097_152
# A request sits two levels down ({"requests": [ ... ]}), so every request the single call
# accepts as to depth is accepted inside a batch too.
MAX_BATCH_NESTING: Final = MAX_NESTING + 2

# Issue 26: an event request (``--event``), at least 2 MiB by the issue. 4 MiB: the bench's
# largest event (300 items x 40 suppliers quoting about 60 % of them, up to 5 breaks each) is
# about 2.2 MB of compact JSON, so it fits with room, while the body is still small enough to
# hold and decode once in memory (``docs/limits.md``).
MAX_EVENT_BYTES: Final = 4_194_304
