"""``--format text`` through the real CLI: the report, its exit codes, and its argv rules."""

from __future__ import annotations

import pytest

from conftest import EXAMPLES, run_cli
from quotecalc import analyze, calculate, stability
from quotecalc.output.answer import purchase_of
from quotecalc.output.report import render_text

BRIEF = (EXAMPLES / "01-example-from-brief.request.json").read_bytes()
INVALID = (EXAMPLES / "12-number-forms-batch1.request.json").read_bytes()
PARTIAL = (EXAMPLES / "07-constraint-unknown-lead-days.request.json").read_bytes()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_text_report_is_the_report_of_the_json_result(lang: str) -> None:
    shown = run_cli(BRIEF, "--input-json", "-", "--format", "text", "--lang", lang)
    assert shown.exit_code == 0
    assert shown.stderr == b""
    analysis = analyze(BRIEF).output["analysis"]
    purchase = purchase_of(BRIEF)  # what is bought, for the answer (issue 21)
    expected = render_text(calculate(BRIEF).output, stability(BRIEF), lang, analysis, purchase)
    assert shown.stdout.decode("utf-8") == expected


def test_default_language_is_english_and_json_format_is_the_fixed_output() -> None:
    english = run_cli(BRIEF, "--format", "text", "--input-json", "-")
    assert (
        english.stdout
        == run_cli(BRIEF, "--format", "text", "--input-json", "-", "--lang", "en").stdout
    )
    assert run_cli(BRIEF, "--input-json", "-", "--format", "json").stdout == run_cli(BRIEF).stdout


@pytest.mark.parametrize(("raw", "code"), [(BRIEF, 0), (PARTIAL, 0), (INVALID, 2), (b"{", 2)])
def test_exit_codes_as_for_json(raw: bytes, code: int) -> None:
    shown = run_cli(raw, "--input-json", "-", "--format", "text")
    assert shown.exit_code == code == run_cli(raw).exit_code
    assert not shown.stdout.startswith(b"{")


@pytest.mark.parametrize(
    "argv",
    [
        ["--input-json", "-", "--format", "xml"],
        ["--input-json", "-", "--lang", "zh"],
        ["--input-json", "-", "--format", "text", "--lang", "fr"],
        ["--input-jsonl", "-", "--format", "text"],
        ["--input-json", "-", "--format"],
        ["--input-json", "-", "--format", "text", "--format", "text"],
    ],
)
def test_bad_text_argv_is_invalid_arguments(argv: list[str]) -> None:
    shown = run_cli(BRIEF, *argv)
    assert shown.exit_code == 2
    assert [(e["code"], e["path"]) for e in shown.output["limitations"]] == [
        ("invalid_arguments", "")
    ]
