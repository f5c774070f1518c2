"""README.md: the Chinese section (``## 中文说明``) covers everything the English one does
(issue 14). Each English ``##``/``###`` heading has a Chinese heading one level deeper that
names it in parentheses, and every command-line flag, status and error code the English part
names is named in the Chinese part too; the test command's duration is stated in both."""

# The Chinese headings use fullwidth parentheses on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import re

from conftest import ROOT
from quotecalc.core.codes import ERROR_MESSAGES

README = (ROOT / "README.md").read_text(encoding="utf-8")
ENGLISH, CHINESE = README.split("\n## 中文说明\n", 1)
HEADING = re.compile(r"^(#{2,4}) (.+)$", re.MULTILINE)


def test_every_english_heading_has_its_chinese_section() -> None:
    english = [(len(marks), title) for marks, title in HEADING.findall(ENGLISH)]
    chinese = {}
    for marks, title in HEADING.findall(CHINESE):
        named = re.search(r"（(.+)）$", title)
        if named:
            chinese[named.group(1)] = len(marks)
    missing = [title for level, title in english if chinese.get(title) != level + 1]
    assert english and not missing, f"no Chinese section for: {missing}"


def test_every_flag_status_and_code_is_named_in_chinese() -> None:
    flags = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", ENGLISH))
    assert {"--input-json", "--input-jsonl", "--trace", "--format", "--lang"} <= flags
    assert {"--print-schema", "--help"} <= flags
    words = flags | set(ERROR_MESSAGES) | {"completed", "partial", "invalid_input"}
    words |= {"internal_error", "quotecalc.mcp", "stability(", "calculate(", "TypeError"}
    words |= set(re.findall(r"docs/[\w/.-]+\.(?:md|json)", ENGLISH))
    missing = sorted(word for word in words if word not in CHINESE)
    assert not missing, f"named in English only: {missing}"


def test_test_duration_is_stated_in_both_languages() -> None:
    assert re.search(r"The whole suite takes about \d+ (?:seconds|minutes?)", ENGLISH)
    assert re.search(r"全部测试约需 \d+ (?:秒|分钟)", CHINESE)


def test_the_test_command_is_what_ci_runs_and_needs_no_sudo() -> None:
    """Issue 35: the README's test command is ``bash .ci/run`` in both languages, the file
    CI runs; it calls no ``sudo`` (root installs with apt-get itself) and installs no
    Debian ``npm`` (which conflicts with a NodeSource Node.js): it uses the ``npm`` found."""
    for part in (ENGLISH, CHINESE):
        assert "```\nbash .ci/run\n```" in part
        assert "sudo apt-get update && sudo apt-get install" not in part
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "sudo" not in script
    installs = re.findall(r"apt-get install[^\n]*\n[^\n]*", script)
    assert installs and all(" npm" not in line for line in installs)
    assert 'if [ "$(id -u)" = 0 ]' in script and "command -v npm" in script
    assert script.rstrip().endswith("python -m pytest")


def test_the_root_field_tables_are_the_rows() -> None:
    """Issue 39: the Input tables (both languages) are written from the root rows
    (``scripts/generate_contract.py`` rewrites them), so a table that drifts from its rows --
    a row's hint, its presence, a field added or left out -- fails here."""
    from quotecalc.core.constraint_rules import listed_root_fields
    from quotecalc.published import readme_with_tables, root_field_table

    assert readme_with_tables(README) == README
    for lang, text in (("en", ENGLISH), ("zh", CHINESE)):
        table = root_field_table(lang)
        assert table in text
        names = re.findall(r"^\| `(\w+)` \|", table, re.MULTILINE)
        assert names == [rule.name for rule in listed_root_fields()]
    drifted = README.replace("| `quantity` | core |", "| `quantity` | yes |", 1)
    assert readme_with_tables(drifted) != drifted
