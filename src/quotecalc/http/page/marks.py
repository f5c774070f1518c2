"""Which control of the form an error is about (issue 40, item 5: one flow for every error).

Every error page shows the form kept as typed with each control an error is about marked, and
lists the errors at its top, each linking to its control. An error's control (its ``field``
entry: a form field's name) is found here, from what the error says:

- a root field's or exchange-rate row's error of the calculator, by its path (``/quantity``,
  ``/weights/cost``, ``/exchangeRates/1/rate``: the form's row 2 when row 1 was left blank);
- an intake option refused (``invalid_option``, its ``option`` as HTTP spells it), by the
  option's control: an event's own field on a comparison, a comparison's own field or a
  reading option with the event box ticked;
- a cell or the file of the sheet: the file field (the sheet must be chosen again).

An option refused gets the page's own words (item 3): its control named by its label, what to
do (tick the event box or clear the field), never an option's spelling or a developer's route.
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from ...intake.options import EVENT_ONLY, QUOTE_ONLY, QUOTE_ROOT
from .fields import PARTS, RATE_KEYS, SCALE_PARTS, WEIGHT_PARTS, rate_name
from .words import WORDS

SHEET: Final = "sheet_file"  # the file field: where a sheet's cell errors are mended
# A root field's control by its key in the request (issue 39: the root rows' own options);
# the weights and the quality scale have a control per part.
_ROOT_CONTROLS: Final = {
    option.field.name: option.name for option in QUOTE_ROOT if option.field is not None
}
_EVENT_ONLY: Final = frozenset(option.name for option in EVENT_ONLY)
_QUOTE_ONLY: Final = frozenset(option.name for option in QUOTE_ONLY)
# The reading options the form has a control of, by the option's name.
_READING: Final = {"sheet": "sheet_name", "encoding": "encoding"}


def path_control(path: str, rows: Sequence[int]) -> str | None:
    """The form control of a calculator error at ``path`` in the request the form's fields
    made (``rows``: the numbers of the filled exchange-rate rows, in the entries' order), or
    ``None`` for a place the form has no control of."""
    steps = path.split("/")[1:] if path.startswith("/") else []
    if not steps:
        return None
    head, rest = steps[0], steps[1:]
    if head == "weights":
        part = rest[0] if rest and rest[0] in WEIGHT_PARTS else WEIGHT_PARTS[0]
        return f"weight_{part}"
    if head == "qualityScale":
        part = rest[0] if rest and rest[0] in SCALE_PARTS else SCALE_PARTS[0]
        return f"scale_{part}"
    if head == "exchangeRates":
        if not rest or not rest[0].isdigit() or int(rest[0]) >= len(rows):
            return rate_name("from", rows[0]) if rows else None
        parts = {key: part for part, key in RATE_KEYS.items()}
        part = parts.get(rest[1], "from") if len(rest) > 1 else "from"
        return rate_name(part, rows[int(rest[0])])
    return _ROOT_CONTROLS.get(head)


def option_control(option: str) -> str | None:
    """The form control of an intake option (its HTTP name), or ``None``."""
    if option in _READING:
        return _READING[option]
    if option in PARTS:
        return PARTS[option][0]
    if option in _ROOT_CONTROLS.values() or option in _EVENT_ONLY:
        return option
    return None


def option_error(lang: str, error: Mapping[str, str], label: str) -> dict[str, str]:
    """An intake option refused (``invalid_option``) in the page's words: the control named by
    its ``label`` (the form's), why it does not apply and what to do, the control marked."""
    words = WORDS[lang]
    option = str(error.get("option", ""))
    if option in _EVENT_ONLY:
        message, fix = words["option.event_only"], words["option.event_only_fix"]
    elif option in _QUOTE_ONLY:
        message, fix = words["option.quote_only"], words["option.quote_only_fix"]
    else:
        message, fix = words["option.not_here"], words["option.not_here_fix"]
    event = words["event_short"]
    return {
        **error,
        "message": message.format(label=label, event=event),
        "fix": fix.format(label=label, event=event),
    }


def controls_of(errors: Sequence[Mapping[str, str]]) -> dict[str, list[int]]:
    """Each control an error is about, with the numbers (from 1, in the page's order) of its
    errors."""
    found: dict[str, list[int]] = {}
    for number, error in enumerate(errors, 1):
        control = error.get("field")
        if control:
            found.setdefault(control, []).append(number)
    return found
