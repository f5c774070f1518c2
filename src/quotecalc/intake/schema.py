"""The published schema of the intake's error document, generated from the code table
(``docs/schema/intake/errors.schema.json``, one of ``quotecalc.published``'s files, written
by ``scripts/generate_contract.py``; the tests compare the committed file).

One entry per code: its fixed message and hint in either language (``messages.py``), the cell
reference as a string, for an option's error the option's name (``--sheet`` on the command
line, ``sheet`` over HTTP), and for the codes of :data:`DETAILS` what the cell shows and
stores, where its invisible character is, or, for a refused column name, the accepted name to
write instead and the header table's question or reason (``header_table.EXPLANATIONS``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Final

from .errors import MAX_ERRORS
from .header_table import ASKED_EXPLANATIONS, EXPLANATIONS, REFUSED_EXPLANATIONS, Words
from .messages import LANGS, TEXTS
from .options import door_text

INTAKE_ERRORS_SCHEMA_PATH: Final = "docs/schema/intake/errors.schema.json"
_SHOWN: Final = {
    "shown": {"type": "string", "description": "The text the cell shows."},
    "stored": {"type": "string", "description": "The value the cell stores."},
}
_WHERE: Final = {
    "position": {"type": "integer", "minimum": 1, "description": "1-based character index."},
    "character": {"type": "string", "pattern": "^U\\+[0-9A-F]{4,6}$"},
}
_SUGGESTION: Final = {
    "suggestion": {
        "type": "string",
        "description": "An accepted column name to write instead (from the intake's tables).",
    }
}


def _explained(key: str, words: tuple[Words, ...]) -> dict[str, Any]:
    texts = [text for word in words for text in (word.en, word.zh)]
    return {key: {"enum": list(dict.fromkeys(texts))}}


_ASKED: Final = tuple(EXPLANATIONS[key] for key in sorted(ASKED_EXPLANATIONS))
_REFUSED: Final = tuple(EXPLANATIONS[key] for key in sorted(REFUSED_EXPLANATIONS))
DETAILS: Final[dict[str, dict[str, Any]]] = {
    "value_not_displayed": _SHOWN,
    "display_rounds_value": _SHOWN,
    "display_scales_value": _SHOWN,
    "float_tail_not_displayed": _SHOWN,
    "unsupported_number_format": _SHOWN,
    "unit_conflict": _SHOWN,
    "invisible_character": _WHERE,
    "unknown_column": {**_SUGGESTION, **_explained("reason", _REFUSED)},
    "ambiguous_column": {**_SUGGESTION, **_explained("question", _ASKED)},
    "unknown_header_unit": _SUGGESTION,
    "unit_in_value": _SUGGESTION,
}
# The details an entry of these codes always carries (the others are present when they apply).
REQUIRED_DETAILS: Final = {"position", "character", "stored", "question"}


def _variants(text: Callable[[str], str]) -> list[str]:
    """The text in each language, then as HTTP spells its options where that differs."""
    found = [text(lang) for lang in LANGS]
    found += [door_text(text(lang), "http") for lang in LANGS]
    return list(dict.fromkeys(found))


def _entry(code: str) -> dict[str, Any]:
    text = TEXTS[code]
    properties: dict[str, Any] = {
        "code": {"const": code},
        "cell": {"type": "string"},
        "message": {"enum": _variants(text.message)},
    }
    required = ["code", "cell", "message"]
    if text.hint_en:
        properties["hint"] = {"enum": _variants(text.hint)}
        required.append("hint")
    properties["option"] = {"type": "string", "pattern": "^(--[a-z-]+|[a-z_]+)$"}
    details = DETAILS.get(code, {})
    properties.update(details)
    required += [name for name in details if name in REQUIRED_DETAILS]
    return {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


def errors_schema() -> dict[str, Any]:
    """The schema object."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$comment": "Generated from quotecalc.intake.messages by quotecalc.intake.schema.",
        "title": "quotecalc intake errors",
        "description": (
            "What python -m quotecalc.intake prints on stdout when a spreadsheet cannot become"
            " a request (exit 2; exit 1 for internal_error): at most 100 errors in position"
            " order, each a fixed code at a cell reference (Sheet1!C7, C7, 7:7 for a row, or"
            " the empty string for the file or the command line) with its fixed message in"
            " English or Chinese (--lang), a fix hint where one exists and the option it"
            " concerns, if any. POST /quotecalc/intake answers the same document with"
            " options spelled as HTTP spells them (encoding=gb18030, not --encoding gb18030)."
        ),
        "type": "object",
        "properties": {
            "schemaVersion": {"const": 1},
            "errors": {
                "type": "array",
                "minItems": 1,
                "maxItems": MAX_ERRORS,
                "items": {"oneOf": [_entry(code) for code in sorted(TEXTS)]},
            },
        },
        "required": ["schemaVersion", "errors"],
        "additionalProperties": False,
    }


def errors_schema_bytes() -> bytes:
    """The committed file's bytes: indented JSON, UTF-8, a final newline."""
    text = json.dumps(errors_schema(), ensure_ascii=False, indent=2)
    return (text + "\n").encode()
