"""The analyst's page read by a buyer, not a developer (issue 29), through the real app.

- A CSV that a Chinese Excel saves as "CSV (逗号分隔)" is GBK: the form offers the encoding
  (GB18030, a superset of GBK) and says which export needs it; with it the page answers what
  the intake CLI answers with ``--encoding gb18030``; without it the error's "what to do"
  names the form's field, never a command-line flag.
- A blank weight beside filled ones is 0 (docs/decisions.md 29.3): the same page as the
  intake CLI's request with that weight 0.
- Every error names its field in words, and an unknown key by name; no JSON path, no
  "(whole input)", no exit code.
- One money format (two places where exact in them, all digits otherwise) and every
  quantity with its unit; a Chinese page's field names, lists and constraints in Chinese.
- The 100-supplier page: shares read the same in the table and the legend, and the
  dominated / cannot-win counts come with the sentence that tells them apart.

Expected values come from the other doors (the intake CLI, the calculator CLI) or by hand.
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT, run_cli
from http_support import HAS_HTTP, error_rows, without_download
from test_http_page import CLI_OPTIONS, FORM, HEADERS_ZH, ROWS, intake_cli, split_plan

pytestmark = pytest.mark.skipif(not HAS_HTTP, reason="needs the http extra")


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    from starlette.testclient import TestClient

    from quotecalc.http.app import create_app

    with TestClient(create_app()) as test_client:
        yield test_client


class Visible(HTMLParser):
    """A page's text a person reads: outside <style>, <code> and <title>; ``codes`` apart."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.words: list[str] = []
        self.codes: list[str] = []
        self._skip: list[str] = []
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "code", "title"):
            self._skip.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self._skip and self._skip[-1] == tag:
            self._skip.pop()

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.words.append(data)
        elif self._skip[-1] == "code":
            self.codes.append(data)

    @property
    def text(self) -> str:
        return " ".join(self.words)


def gbk_sheet(tmp_path: Path) -> Path:
    """The test sheet as a Chinese Excel writes "CSV (逗号分隔)": GBK, CRLF."""
    path = tmp_path / "报价.csv"
    lines = [",".join(row) for row in [HEADERS_ZH, *ROWS]]
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode("gbk"))
    return path


def test_the_form_offers_the_encoding_of_chinese_excel(client: Any) -> None:
    for lang, label, hint in (
        ("zh", "CSV 编码", "中文 Excel 的“CSV（逗号分隔）”是 GBK"),
        ("en", "CSV encoding", "a Chinese Excel's “CSV (comma delimited)” is GBK"),
    ):
        page = client.get(f"/?lang={lang}").text
        assert '<select name="encoding"' in page
        assert label in Visible(page).text and hint in Visible(page).text
        assert '<option value="gb18030">' in page and '<option value="">' in page


def test_a_gbk_csv_from_chinese_excel_is_read(client: Any, tmp_path: Path) -> None:
    path = gbk_sheet(tmp_path)
    expected = intake_cli(path, *CLI_OPTIONS, "--encoding", "gb18030")
    assert expected.returncode == 0, expected.stdout
    files = {"sheet_file": (path.name, path.read_bytes())}
    answer = client.post(
        "/quotecalc/report", data={**FORM, "encoding": "gb18030", "lang": "zh"}, files=files
    )
    assert answer.status_code == 200
    cli_page = run_cli(expected.stdout, "--input-json", "-", "--format", "html", "--lang", "zh")
    assert split_plan(without_download(answer.content), expected.stdout) == cli_page.stdout
    assert "宁波紧固件" in answer.text


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_gbk_csv_is_read_without_choosing_and_the_page_says_so(
    client: Any, tmp_path: Path, lang: str
) -> None:
    """Issue 35: the default "detect" reads a file that is not UTF-8 but is GB18030 as
    GB18030: the same report as the intake CLI with ``--encoding gb18030``, and the page
    names the encoding it read under "how the sheet was read"."""
    from test_http_page import split_door

    path = gbk_sheet(tmp_path)
    expected = intake_cli(path, *CLI_OPTIONS, "--encoding", "gb18030")
    assert expected.returncode == 0, expected.stdout
    files = {"sheet_file": (path.name, path.read_bytes())}
    answer = client.post("/quotecalc/report", data={**FORM, "lang": lang}, files=files)
    assert answer.status_code == 200
    section = re.search(r'<section id="intake-notes">.*?</section>\n', answer.text, re.DOTALL)
    assert section is not None
    said = {"en": "it was read as GB18030 (GBK)", "zh": "已按 GB18030（GBK）读取"}[lang]
    assert said in section.group(0)
    cli_page = run_cli(expected.stdout, "--input-json", "-", "--format", "html", "--lang", lang)
    without = without_download(answer.text.replace(section.group(0), "", 1).encode())
    assert split_plan(without, expected.stdout) == cli_page.stdout
    assert split_door(answer.text).count("宁波紧固件") >= 1


@pytest.mark.parametrize(
    ("lang", "field", "line"),
    [
        ("zh", "“CSV 编码”", "第 2 行（另有 2 行）"),
        ("en", "“CSV encoding”", "line 2 (and 2 more lines)"),
    ],
)
def test_a_csv_in_neither_encoding_is_refused_once_in_words(
    client: Any, tmp_path: Path, lang: str, field: str, line: str
) -> None:
    """A file valid in neither UTF-8 nor GB18030 is refused, nothing guessed: one row (not
    one per line), its first line in words (never "2:2", which reads as a ratio), the hint
    naming the form's field, never a command-line flag."""
    path = tmp_path / "bad.csv"
    lines = [",".join(HEADERS_ZH).encode("utf-8")] + [
        ",".join(row).encode("utf-8").replace(b"CNY", b"CN\xff") for row in ROWS
    ]
    path.write_bytes(b"\r\n".join(lines) + b"\r\n")
    files = {"sheet_file": (path.name, path.read_bytes())}
    answer = client.post("/quotecalc/report", data={**FORM, "lang": lang}, files=files)
    assert answer.status_code == 422
    rows = error_rows(answer.text)
    assert len(rows) == 1 and rows[0][0] == "undecodable_text"
    assert line in rows[0][1] and field in rows[0][1]
    assert "2:2" not in answer.text and "3:3" not in answer.text
    assert "--encoding" not in answer.text and "python -m" not in answer.text


def test_a_blank_weight_beside_filled_ones_is_zero(client: Any, tmp_path: Path) -> None:
    from test_http_page import sheet

    path = sheet(tmp_path, "csv")
    options = [o.replace("quality=0.2", "quality=0") for o in CLI_OPTIONS]
    expected = intake_cli(path, *options)
    assert expected.returncode == 0, expected.stdout
    assert json.loads(expected.stdout)["weights"]["quality"] == "0"
    files = {"sheet_file": (path.name, path.read_bytes())}
    form = {**FORM, "weight_quality": "", "lang": "zh"}
    answer = client.post("/quotecalc/report", data=form, files=files)
    assert answer.status_code == 200, answer.text
    cli_page = run_cli(expected.stdout, "--input-json", "-", "--format", "html", "--lang", "zh")
    assert split_plan(without_download(answer.content), expected.stdout) == cli_page.stdout
    assert "填了其他权重时，留空的权重按 0 计算。" in client.get("/?lang=zh").text


BAD = {
    "schemaVersion": 1,
    "quantity": 1000,
    "currency": "CNY",
    "specification": "M6 bolt",
    "notes": "from the buyer",
    "weights": {"cost": "0.5", "delivery": "0.5"},
    "quotes": [
        {"supplierId": "宁波", "specification": "M6 bolt", "currency": "CNY", "packSize": 100,
         "minimumPacks": 0, "packPrice": "-1", "freight": "3", "otherFees": "0", "leadDays": 9,
         "colour": "blue"},
    ],
}  # fmt: skip


@pytest.mark.parametrize(
    ("lang", "places", "absent"),
    [
        (
            "zh",
            [
                "请求中的键 <code>notes</code>",
                '第 1 个报价（<bdi class="id">宁波</bdi>）中的键 <code>colour</code>',
                '第 1 个报价（<bdi class="id">宁波</bdi>）的包价',
                "质量权重",
            ],
            ["（整个输入）", "退出码", "/quotes", "/weights", "whole input"],
        ),
        (
            "en",
            [
                "key <code>notes</code> in the request",
                'key <code>colour</code> in quote 1 (<bdi class="id">宁波</bdi>)',
                'pack price of quote 1 (<bdi class="id">宁波</bdi>)',
                "quality weight",
            ],
            ["(whole input)", "exit code", "/quotes", "/weights"],
        ),
    ],
)
def test_every_error_names_its_field_and_key_in_words(
    client: Any, lang: str, places: list[str], absent: list[str]
) -> None:
    raw = json.dumps(BAD, ensure_ascii=False)
    answer = client.post("/quotecalc/report", data={"request": raw, "lang": lang}, files={})
    assert answer.status_code == 422
    codes = [e["code"] for e in json.loads(run_cli(raw.encode()).stdout)["limitations"]]
    assert sorted(codes) == ["missing_required", "negative_value", "unknown_key", "unknown_key"]
    cells = re.findall(r"<tr><td>(.*?)</td>", answer.text)
    assert cells == sorted(cells, key=places.index) and set(cells) == set(places)
    for word in absent:
        assert word not in Visible(answer.text).text


MONEY = {
    "schemaVersion": 1,
    "quantity": 1000,
    "currency": "CNY",
    "specification": "M6 bolt",
    "weights": {"cost": "1", "delivery": "0", "quality": "0"},
    "quotes": [
        # by hand: 10 packs x 10.0 + 3 = 103 landed, 0.103 per unit
        {"supplierId": "A", "specification": "M6 bolt", "currency": "CNY", "packSize": 100,
         "minimumPacks": 0, "packPrice": "10.0", "freight": "3", "otherFees": "0", "leadDays": 9},
        # by hand: 10 packs x 10 + 3.25 + 0 = 103.25 landed; 4 packs of 300 = 1200 units
        {"supplierId": "B", "specification": "M6 bolt", "currency": "CNY", "packSize": 300,
         "minimumPacks": 0, "packPrice": "25.4", "freight": "1.65", "otherFees": "0",
         "leadDays": 9},
    ],
}  # fmt: skip
AMOUNT = re.compile(r"(\d+(?:\.\d+)?) CNY")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_money_has_one_format_and_quantities_their_units(client: Any, lang: str) -> None:
    raw = json.dumps(MONEY)
    answer = client.post("/quotecalc/report", data={"request": raw, "lang": lang}, files={})
    assert answer.status_code == 200
    text = Visible(answer.text).text
    amounts = AMOUNT.findall(text)
    assert amounts
    for amount in amounts:
        _, _, places = amount.partition(".")
        # two places where the amount is exact in them, else every digit and no trailing 0
        assert len(places) == 2 or (len(places) > 2 and not places.endswith("0")), amount
    # by hand: A lands at 10 x 10.0 + 3 = 103, B at 4 x 25.4 + 1.65 = 103.25, 1200 units
    assert "103.00 CNY" in text and "103.25 CNY" in text and "103.0 CNY" not in text
    assert "0.103 CNY" in text  # 103 / 1000 per unit: three places, all of them shown
    unit = {"en": " units", "zh": " 件"}[lang]
    assert f"1000{unit}" in text and f"1200{unit}" in text  # what is bought, B's overbuy note
    plan_line = re.search(r"(Best purchase plan|最佳采购方案).*?</p>", answer.text)
    assert plan_line is not None
    line = re.sub(r"\s+", " ", "".join(Visible(plan_line.group(0)).words))
    # by hand: A's 1 pack (100 x 10.0 + 3 = 13) and B's 3 packs (3 x 25.4 + 1.65 = 77.85)
    if lang == "en":
        assert "A 100 units (1 pack), B 900 units (3 packs); landed total 90.85 CNY" in line
    else:
        assert "A 100 件（1 包）、B 900 件（3 包）；到岸总价 90.85 CNY" in line


CONSTRAINED = {
    **MONEY,
    "weights": {"cost": "0.5", "delivery": "0.5", "quality": "0"},
    "maxLeadDays": 20,
    "sensitivityDelta": "0.1",
    "quotes": [
        *MONEY["quotes"],
        {"supplierId": "C", "specification": "M6 bolt", "currency": "CNY", "packSize": 100,
         "minimumPacks": 0, "packPrice": "9", "otherFees": "0", "leadDays": 30},
    ],
}  # fmt: skip
CAMEL = re.compile(r"\b[a-z]+[A-Z][A-Za-z]*\b")


def test_the_chinese_page_speaks_chinese(client: Any) -> None:
    raw = json.dumps(CONSTRAINED)
    answer = client.post("/quotecalc/report", data={"request": raw, "lang": "zh"}, files={})
    assert answer.status_code == 200
    seen = Visible(answer.text)
    assert CAMEL.findall(seen.text) == []  # no field names such as maxLeadDays or otherFees
    assert "最长交期天数" in seen.text and "20 天" in seen.text and "30 天" in seen.text
    assert "未提供 运费" in seen.text and "freight" not in seen.text
    rankings = re.findall(r"<td>(1 <bdi[^\n]*?)</td>", answer.text)
    assert rankings and all(", " not in r and "、" in r for r in rankings)
    assert "退出码" not in seen.text and "exit" not in seen.text


def hundred_page(lang: str) -> str:
    from quotecalc.analysis.document import analyze
    from quotecalc.output.pictures import html_page

    raw = (ROOT / "tests" / "data" / "picture_cases" / "hundred-quotes.request.json").read_bytes()
    done = analyze(raw)
    return html_page(done.result, done.output, lang, raw=raw)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_shares_read_the_same_in_the_table_and_the_legend(lang: str) -> None:
    page = hundred_page(lang)
    table = page[page.index('<section id="weight-map">') :]
    table = table[table.index("<table>") : table.index("</table>")]
    shares = re.findall(r'<td class="num">([^<]*)</td></tr>', table)
    assert len(shares) == 14
    assert not any(share.startswith("0.0") for share in shares)  # never "0.0 %" beside...
    point = {"en": "only at a point", "zh": "仅在一个点上"}[lang]
    assert shares.count(point) == 5  # ...the legend's "only at a point": 5 regions, 1 vertex
    # The picture's legend lists the first 10 regions whole and summarises the other 4 in one
    # line (issue 35); each region it lists reads as the table's row for it.
    legend = re.findall(r'class="legend-note"[^>]*>([^<]*)<', page)
    assert len(legend) == 10
    assert [f"{share}" in note for share, note in zip(shares, legend, strict=False)] == [True] * 10
    assert legend.count(point) == shares[:10].count(point)
    more = {"en": "4 more regions (11", "zh": "另有 4 个区域"}[lang]
    assert more in page


def test_dominated_and_cannot_win_counts_are_explained() -> None:
    # by hand from the analysis document: 89 dominated, 86 cannot win, 4 dominated ones tie
    # for first on an edge, 1 undominated one is beaten everywhere by a mix of others
    zh = Visible(hundred_page("zh")).text
    assert "被支配 89 家，不能排第一 86 家" in zh and "此处 4 家" in zh and "此处 1 家" in zh
    en = Visible(hundred_page("en")).text
    assert "89 dominated, 86 cannot rank first" in en and "(4 here)" in en and "(1 here)" in en
