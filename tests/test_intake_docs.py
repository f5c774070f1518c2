"""``docs/intake.md`` states the code's tables: the synonym table row for row, and every
error code of the intake (``docs/intake.md`` is what users read; it must not drift)."""

from __future__ import annotations

from conftest import ROOT
from quotecalc.intake.errors import INTAKE_MESSAGES, MESSAGES
from quotecalc.intake.headers import SYNONYMS
from quotecalc.intake.messages import NOTES, TEXTS

DOC = (ROOT / "docs" / "intake.md").read_text(encoding="utf-8")


def synonym_rows() -> list[str]:
    return [
        f"| `{field}` | {'、'.join(chinese)} | {', '.join(english)} |"
        for field, (chinese, english) in SYNONYMS.items()
    ]


def test_synonym_table_is_the_code_table() -> None:
    header = "| field | 中文 | English |\n|---|---|---|\n"
    assert DOC.count(header) == 1
    documented = DOC.split(header)[1].split("\n\n")[0].splitlines()
    assert documented == synonym_rows()


def test_every_error_code_is_documented() -> None:
    for code in MESSAGES:
        assert f"`{code}`" in DOC, code
    assert set(INTAKE_MESSAGES) <= set(MESSAGES)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def code_tables() -> str:
    """The three tables of "Every code, its messages and the flag that relaxes it", built
    from the code table: every code with its messages, every hint, every note."""
    rows = ["| code | message | 中文 | relaxed by |", "|---|---|---|---|"]
    for code in sorted(TEXTS):
        text = TEXTS[code]
        flag = f"`{text.relaxed_by}`" if text.relaxed_by else "—"
        rows.append(f"| `{code}` | {_cell(text.en)} | {_cell(text.zh)} | {flag} |")
    rows += ["", "| code | hint | 提示 |", "|---|---|---|"]
    for code in sorted(TEXTS):
        text = TEXTS[code]
        if text.hint_en:
            rows.append(f"| `{code}` | {_cell(text.hint_en)} | {_cell(text.hint_zh)} |")
    rows += ["", "| note | message | 中文 |", "|---|---|---|"]
    rows += [
        f"| `{code}` | {_cell(NOTES[code].en)} | {_cell(NOTES[code].zh)} |"
        for code in sorted(NOTES)
    ]
    return "\n".join(rows)


def test_every_code_is_listed_with_both_messages_and_its_flag() -> None:
    assert code_tables() + "\n\n" in DOC


def test_every_code_has_both_messages_and_hints_in_both_languages_or_neither() -> None:
    for text in (*TEXTS.values(), *NOTES.values()):
        assert text.en and text.zh, text.code
        assert bool(text.hint_en) == bool(text.hint_zh), text.code
    assert set(TEXTS) == set(MESSAGES)


def test_every_relaxing_flag_is_a_command_line_flag_with_its_note() -> None:
    from quotecalc.intake.__main__ import RELAXING_FLAGS, USAGE

    flags = {text.relaxed_by for text in TEXTS.values() if text.relaxed_by}
    assert flags == set(RELAXING_FLAGS)
    for flag in flags:
        assert all(flag in usage for usage in USAGE.values()), flag
        assert any(flag in text.en and flag in text.zh for text in NOTES.values()), flag


def test_the_committed_error_schema_is_generated_from_the_code_table() -> None:
    """In process (``test_intake_cli.py`` checks it too, with real processes)."""
    import json

    from quotecalc.intake.schema import (
        INTAKE_ERRORS_SCHEMA_PATH,
        errors_schema,
        errors_schema_bytes,
    )

    committed = (ROOT / INTAKE_ERRORS_SCHEMA_PATH).read_bytes()
    assert committed == errors_schema_bytes()
    assert json.loads(committed) == errors_schema()
    entries = errors_schema()["properties"]["errors"]["items"]["oneOf"]
    by_code = {entry["properties"]["code"]["const"]: entry for entry in entries}
    assert list(by_code) == sorted(TEXTS)
    totals = by_code["totals_row"]
    assert totals["required"] == ["code", "cell", "message", "hint"]
    assert totals["properties"]["message"] == {
        "enum": [TEXTS["totals_row"].en, TEXTS["totals_row"].zh]
    }
    assert totals["additionalProperties"] is False
    assert by_code["internal_error"]["required"] == ["code", "cell", "message"]
    assert "hint" not in by_code["internal_error"]["properties"]
    assert by_code["duplicate_column"]["properties"]["option"] == {
        "type": "string",
        "pattern": "^(--[a-z-]+|[a-z_]+)$",
    }
    assert errors_schema()["properties"]["errors"]["maxItems"] == 100
    assert committed.endswith(b"}\n")
    assert "不允许使用合并单元格。".encode() in committed  # UTF-8, not \\u escapes


def header_table_rows() -> list[str]:
    """The rows of "Column names the intake knows", built from the header table."""
    from quotecalc.intake.header_table import EXPLANATIONS, HEADER_ROWS

    rows = []
    for row in HEADER_ROWS:
        what = row.verdict + (" (per unit)" if row.per_unit else "")
        field = f"`{row.field}`" if row.field else "—"
        why = EXPLANATIONS[row.explain].en if row.explain else ""
        chinese, english = "、".join(row.zh) or "—", ", ".join(row.en) or "—"
        rows.append(f"| {what} | {field} | {chinese} | {english} | {why} |")
    return rows


def unit_word_rows() -> list[str]:
    from quotecalc.intake.header_table import UNIT_WORDS

    rows = []
    for field, words in UNIT_WORDS.items():
        cells = [
            "、".join(word for word, meaning in words.items() if meaning.verdict == verdict) or "—"
            for verdict in ("ok", "ask", "refuse")
        ]
        rows.append(f"| `{field}` | " + " | ".join(cells) + " |")
    return rows


def _table_after(header: str) -> list[str]:
    assert DOC.count(header) == 1, header
    return DOC.split(header)[1].split("\n\n")[0].splitlines()


def test_the_header_table_is_the_code_table() -> None:
    header = "| what | field | 中文 | English | question or reason |\n|---|---|---|---|---|\n"
    assert _table_after(header) == header_table_rows()
    units = (
        "| field | read | asked (`ambiguous_column`) | refused (`unknown_column`) |\n"
        "|---|---|---|---|\n"
    )
    assert _table_after(units) == unit_word_rows()
