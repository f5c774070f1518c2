"""``docs/intake.md`` states the code's tables: the synonym table row for row, and every
error code of the intake (``docs/intake.md`` is what users read; it must not drift)."""

from __future__ import annotations

from conftest import ROOT
from quotecalc.intake.errors import INTAKE_MESSAGES, MESSAGES
from quotecalc.intake.headers import SYNONYMS

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
