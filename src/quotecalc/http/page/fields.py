"""What a submitted form says (issues 21, 29, 35): the form's own fields (kept after an error
and behind "change the inputs"), its exchange-rate rows, the request pasted (or a ``.json``
file), and the intake's root options read from the form's fields. Plain Python.
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001, RUF002

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from ...core.fields import Kind
from ...intake.options import EVENT_ONLY, QUOTE_ROOT
from ...kinds import detect_kind
from ...kinds.flags import with_flags
from .kinds import PAGE_KINDS
from .words import WORDS, lang_of

# The form's plain root fields: a quote sheet's root options that hold one value (issue 39:
# the root rows' own; the weights and the scale have a field per part).
ROOT_FIELDS: Final = tuple(
    option.name
    for option in QUOTE_ROOT
    if option.field is not None and option.field.kind not in (Kind.OBJECT, Kind.ARRAY)
)
UPLOAD: Final = "\x00upload"  # the uploaded sheet's key: no form field can be named so
WEIGHT_PARTS: Final = ("cost", "delivery", "quality")
SCALE_PARTS: Final = ("definition", "minimum", "maximum")
PARTS: Final = {
    "weights": tuple(f"weight_{part}" for part in WEIGHT_PARTS),
    "quality_scale": tuple(f"scale_{part}" for part in SCALE_PARTS),
}
# The form's root fields are the root rows' own options (issue 39): a quote sheet's in the
# contract's order, then the event's own; the weights and the quality scale have a field per
# part. A value typed in any field comes back filled after an error and behind "change the
# inputs" (issue 35).
TEXT_FIELDS: Final = (
    "sheet_name",
    *(name for option in QUOTE_ROOT for name in PARTS.get(option.name, (option.name,))),
    *(option.name for option in EVENT_ONLY),
)
RATE_ROWS: Final = 3
RATE_PARTS: Final = ("from", "to", "rate", "date", "source")
RATE_KEYS: Final = {"from": "from", "to": "to", "rate": "rate", "date": "asOf", "source": "source"}
CHOICES: Final = ("encoding", "lang", "event", "read_as_written", "request")
ENCODINGS: Final = ("", "utf-8", "gb18030", "utf-16")  # blank: detect (UTF-8, else GB18030)
HAD_FILE: Final = "had_file"  # a kept form's mark that a file was chosen (never its bytes)


def rate_name(part: str, row: int) -> str:
    """The form field of one part of one exchange-rate row: ``rate_from_1``, ``rate_1``."""
    return f"rate_{row}" if part == "rate" else f"rate_{part}_{row}"


def all_fields() -> tuple[str, ...]:
    """Every field the form keeps (its text fields, rate rows, choices)."""
    rates = tuple(rate_name(part, row) for row in range(1, RATE_ROWS + 1) for part in RATE_PARTS)
    return (*TEXT_FIELDS, *rates, *CHOICES)


def kept_values(fields: Mapping[str, object]) -> dict[str, str]:
    """The typed values of a submitted form (text only: a file's bytes are never kept)."""
    kept = {
        name: value
        for name in all_fields()
        if isinstance(value := fields.get(name), str) and value != ""
    }
    if fields.get(HAD_FILE) == "1":
        kept[HAD_FILE] = "1"
    return kept


def exchange_rates(fields: Mapping[str, object]) -> list[dict[str, str]]:
    """The form's exchange-rate rows as the request's ``exchangeRates`` entries: a row with any
    part filled is an entry, its blank parts omitted (the calculator then names them)."""
    rates: list[dict[str, str]] = []
    for row in range(1, RATE_ROWS + 1):
        entry = {}
        for part in RATE_PARTS:
            value = fields.get(rate_name(part, row))
            if isinstance(value, str) and value.strip():
                text = value.strip()
                entry[RATE_KEYS[part]] = text.upper() if part in ("from", "to") else text
        if entry:
            rates.append(entry)
    return rates


def filled_rate_rows(fields: Mapping[str, object]) -> list[int]:
    """The numbers of the exchange-rate rows with any part filled, in the order of
    :func:`exchange_rates`' entries (for naming an entry's error by its row)."""
    return [
        row
        for row in range(1, RATE_ROWS + 1)
        if any(
            isinstance(value := fields.get(rate_name(part, row)), str) and value.strip()
            for part in RATE_PARTS
        )
    ]


def rate_place(lang: str, row: int, key: str) -> str:
    """An exchange-rate entry's field by the form's words: "Rate 2: Rate", "汇率 2：日期"."""
    words = WORDS[lang]
    part = {value: key for key, value in RATE_KEYS.items()}.get(key)
    label = words["col.rate" if part == "rate" else f"rate_{part}"] if part else key
    separator = "：" if lang == "zh" else ": "
    return words["rate_row"].format(n=row) + separator + label


def root_options(values: Mapping[str, Any]) -> dict[str, Any]:
    """The intake's root options from the form's fields (blank means not given): the plain
    ones by name, the weights from ``weight_cost`` / ``weight_delivery`` /
    ``weight_quality``, the quality scale from ``scale_definition`` / ``scale_minimum`` /
    ``scale_maximum``, ``sheet_name`` for a workbook's sheet and ``encoding`` for a CSV's
    (the form offers GB18030 for a Chinese Excel's GBK CSV). A blank weight beside filled
    ones is 0."""
    text = {key: str(value).strip() for key, value in values.items() if isinstance(value, str)}
    options: dict[str, Any] = {key: text[key] for key in ROOT_FIELDS if text.get(key)}
    weights = {name: text[f"weight_{name}"] for name in WEIGHT_PARTS if text.get(f"weight_{name}")}
    if weights:
        # A blank weight beside filled ones is 0 (docs/decisions.md 29.3): the form has a
        # field per dimension, and leaving one empty means "do not weigh it".
        options["weights"] = {name: weights.get(name, "0") for name in WEIGHT_PARTS}
    scale = {part: text.get(f"scale_{part}", "") for part in SCALE_PARTS}
    if any(scale.values()):
        options["quality_scale"] = scale
    if text.get("sheet_name"):
        options["sheet"] = text["sheet_name"]
    from ...intake.options import http_options

    # The intake's own options by their HTTP names (issue 28): encoding, include_hidden, ...
    keywords, _ = http_options(values)
    options.update({key: value for key, value in keywords.items() if key not in options})
    options["lang"] = lang_of(values)  # the intake's messages in the page's language
    return options


def pasted(fields: Mapping[str, Any]) -> bytes | None:
    """The request pasted in the form, or (issue 35) the bytes of a ``.json`` file chosen in
    the file field; ``None`` when there is neither (the pasted text wins over a file). The
    form's controls of the kind's flag rows (issue 38: ``effort``) are written into it as the
    command line's flags are (:func:`quotecalc.kinds.flags.with_flags`; ``FlagDisagrees``
    when the request states another value)."""
    text = str(fields.get("request") or "").strip()
    if text:
        raw = text.encode("utf-8")
    elif UPLOAD in fields and fields[UPLOAD][1] == ".json":
        raw = bytes(fields[UPLOAD][0])
    else:
        return None
    kind = detect_kind(raw, among=PAGE_KINDS)
    given = {
        rule.name: str(fields[rule.doors.option]).strip()
        for rule in kind.flags
        if rule.doors is not None
        and rule.doors.option is not None
        and str(fields.get(rule.doors.option) or "").strip()
    }
    return with_flags(raw, given, kind.body_limit)


def asks_for_workbook(fields: Mapping[str, Any]) -> bool:
    """Whether the form asks for the workbook (``format=xlsx``)."""
    return str(fields.get("format") or "") == "xlsx"


def form_frame(fields: Mapping[str, Any], limit: int) -> bytes:
    """A submitted form as the bytes a worker reads (issue 39: the page's work runs in the
    pool of its cost class, a heavy one in a subprocess): one JSON line of the text fields,
    the upload's suffix and the route's limit, then the upload's bytes."""
    upload = fields.get(UPLOAD)
    head = {
        "fields": {key: value for key, value in fields.items() if isinstance(value, str)},
        "suffix": None if upload is None else upload[1],
        "limit": limit,
    }
    line = json.dumps(head, ensure_ascii=True, separators=(",", ":")).encode("ascii")
    return line + b"\n" + (b"" if upload is None else bytes(upload[0]))


def frame_fields(frame: bytes) -> tuple[dict[str, Any], int]:
    """The form's fields and the route's limit from :func:`form_frame`'s bytes."""
    line, _, data = frame.partition(b"\n")
    head = json.loads(line)
    fields: dict[str, Any] = dict(head["fields"])
    if head["suffix"] is not None:
        fields[UPLOAD] = (data, head["suffix"])
    return fields, int(head["limit"])
