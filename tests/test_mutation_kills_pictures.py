# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001
"""Mutation kills for ``quotecalc.output.pictures`` (issue 14; docs/testing.md section 2).

mutmut cannot see ``tests/test_pictures_golden.py`` (it runs the real CLI in a subprocess),
so the committed golden pictures are compared here in process as well: the golden test
already asserts that the library's ``svg_picture`` / ``html_page`` print exactly those bytes,
this only makes the same assertion visible to a mutant. The other tests compute their
expected values by hand (exact Fractions or 50-digit Decimals), independently of the code.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from conftest import EXAMPLES, ROOT
from quotecalc import analyze, calculate
from quotecalc.output.answer import purchase_of
from quotecalc.output.pictures import html_page, svg_picture
from quotecalc.output.pictures.geometry import (
    SQRT3,
    BarLayout,
    TriangleLayout,
    centroid,
    fixed2,
    plane,
)
from quotecalc.output.pictures.palette import colour_of, fill_of
from quotecalc.output.pictures.text import (
    check_lang,
    dimension_name,
    display,
    escape,
    ids_label,
    isolate,
    reason_words,
    shorten,
    wrap,
)
from quotecalc.output.report import render_text

GOLDEN = ROOT / "tests" / "data" / "pictures"
DOCS = ROOT / "docs" / "pictures"  # the examples/ requests' golden pictures, shown in the docs
REQUESTS = [
    *sorted(EXAMPLES.glob("*.request.json")),
    *(  # the planner's example is a plan request (issue 20): it has no pictures
        p
        for p in sorted((ROOT / "examples").glob("*.request.json"))
        if p.name != "plan.request.json"
    ),
]


@functools.cache
def documents(path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    raw = path.read_bytes()
    return calculate(raw).output, analyze(raw).output


def folder(request: Path) -> Path:
    return DOCS if request.parent == ROOT / "examples" else GOLDEN


STRESS = sorted((ROOT / "tests" / "data" / "picture_cases").glob("*.request.json"))
SUFFIXES = {"svg": "svg", "html": "html", "text": "txt"}
GOLDEN_CASES = [
    (request, fmt, lang)
    for request in [*REQUESTS, *STRESS]
    for fmt in ("svg", "html", "text")
    for lang in ("en", "zh")
    if (
        folder(request) / f"{request.name.removesuffix('.request.json')}.{lang}.{SUFFIXES[fmt]}"
    ).exists()
]


def test_every_golden_picture_has_a_case() -> None:
    pictures = [*GOLDEN.iterdir(), *(p for p in DOCS.iterdir() if p.suffix in (".svg", ".html"))]
    assert len(GOLDEN_CASES) == len(pictures)


@pytest.mark.parametrize(
    ("request_path", "fmt", "lang"),
    GOLDEN_CASES,
    ids=lambda v: v.name if isinstance(v, Path) else v,
)
def test_library_prints_the_golden_picture(request_path: Path, fmt: str, lang: str) -> None:
    result, analysis = documents(request_path)
    name = f"{request_path.name.removesuffix('.request.json')}.{lang}.{SUFFIXES[fmt]}"
    purchase = purchase_of(request_path.read_bytes())
    if fmt == "svg":
        printed = svg_picture(analysis, lang)
    elif fmt == "html":
        printed = html_page(result, analysis, lang, purchase, raw=request_path.read_bytes())
    else:
        ranked = analysis["analysis"]
        stability = None if ranked is None else ranked["stability"]
        printed = render_text(result, stability, lang, ranked, purchase)
    assert printed.encode("utf-8") == (folder(request_path) / name).read_bytes()


# --- geometry: the one rounding and the exact placement ---------------------------------


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Fraction(0), "0.00"),
        (Fraction(5), "5.00"),
        (Fraction(1, 200), "0.01"),  # 0.005: half-up
        (Fraction(199, 40000), "0.00"),  # 0.004975
        (Fraction(1005, 1000), "1.01"),  # exact, where a float gives 1.00
        (Fraction(12345, 1000), "12.35"),
        (Fraction(-3, 2), "-1.50"),
        (Fraction(-1, 200), "-0.01"),  # away from zero
        (Fraction(-1, 201), "0.00"),  # no "-0.00"
        (Fraction(-100999, 100), "-1009.99"),
        (Fraction(12, 100), "0.12"),  # two digits of cents, zero-padded
        (Fraction(3, 100), "0.03"),
    ],
)
def test_fixed2_rounds_once_half_up_away_from_zero(value: Fraction, shown: str) -> None:
    assert fixed2(value) == shown


def test_plane_reads_the_second_and_third_dimension() -> None:
    point = {"a": "1/6", "b": "1/3", "c": "1/2"}
    assert plane(point, ["a", "b", "c"]) == (Fraction(1, 3), Fraction(1, 2))
    assert plane(point, ["c", "a"]) == (Fraction(1, 6), Fraction(0))
    assert plane(point, ["b"]) == (Fraction(0), Fraction(0))


def test_centroid_of_points_segments_and_polygons() -> None:
    with pytest.raises(ValueError, match=r"^an empty region has no centroid$"):
        centroid([])
    one = (Fraction(1, 3), Fraction(1, 5))
    assert centroid([one]) == one
    assert centroid([(Fraction(0), Fraction(1)), (Fraction(1), Fraction(3))]) == (
        Fraction(1, 2),
        Fraction(2),
    )
    # A right trapezoid: rectangle [0,1]x[0,2] (area 2, centre (1/2, 1)) plus the triangle
    # (1,0),(3,0),(1,2) (area 2, centroid (5/3, 2/3)): (13/12, 5/6); the vertex mean is (1, 1).
    trapezoid = [(Fraction(x), Fraction(y)) for x, y in [(0, 0), (3, 0), (1, 2), (0, 2)]]
    assert centroid(trapezoid) == (Fraction(13, 12), Fraction(5, 6))
    assert centroid(trapezoid[::-1]) == (Fraction(13, 12), Fraction(5, 6))
    # Collinear vertices: the mean.
    line = [(Fraction(x), Fraction(2 * x)) for x in (0, 1, 5)]
    assert centroid(line) == (Fraction(2), Fraction(4))


def test_layouts_place_points_exactly() -> None:
    triangle = TriangleLayout(left=10, base=300, side=200)
    assert (triangle.left, triangle.base, triangle.side) == (10, 300, 200)
    x, y = triangle.page(Fraction(1, 4), Fraction(1, 2))
    assert x == 10 + 200 * (Fraction(1, 4) + Fraction(1, 4))
    assert y == 300 - 200 * Fraction(1, 2) * SQRT3 / 2
    # (1/4, 1/2): x = 10 + 200 * 1/2 = 110; y = 300 - 50 * sqrt(3) = 213.397...
    assert triangle.point({"a": "1/4", "b": "1/4", "c": "1/2"}, ["a", "b", "c"]) == (
        "110.00",
        "213.40",
    )
    bar = BarLayout(left=80, length=480)
    assert (bar.left, bar.length) == (80, 480)
    assert bar.x({"a": "3/4", "b": "1/4"}, ["a", "b"]) == 200
    assert abs(SQRT3 * SQRT3 - 3) < Fraction(1, 10**38)


# --- palette: docs/pictures.md "Okabe-Ito ... regions 8-14 diagonal, 15-21 the other
# diagonal, 22-28 cross-hatched; past 28 the cycle repeats" -----------------------------


DIAGONAL = '<path d="M0,8 L8,0 M-2,2 L2,-2 M6,10 L10,6"'
ANTIDIAGONAL = '<path d="M0,0 L8,8 M-2,6 L2,10 M6,-2 L10,2"'


def pattern(style: int, colour_index: int, colour: str, lines: str) -> str:
    return (
        f'<pattern id="qc-fill-{style}-{colour_index}" patternUnits="userSpaceOnUse" width="8"'
        f' height="8"><rect width="8" height="8" fill="{colour}"/>{lines} stroke="#FFFFFF"'
        ' stroke-width="1.5"/></pattern>'
    )


def test_fills_cycle_through_colours_then_hatches() -> None:
    assert fill_of(0) == ("#E69F00", None)
    assert fill_of(6) == ("#CC79A7", None)
    assert fill_of(7) == ("url(#qc-fill-1-0)", pattern(1, 0, "#E69F00", DIAGONAL))
    assert fill_of(15) == ("url(#qc-fill-2-1)", pattern(2, 1, "#56B4E9", ANTIDIAGONAL))
    cross = '<path d="M0,8 L8,0 M-2,2 L2,-2 M6,10 L10,6 M0,0 L8,8 M-2,6 L2,10 M6,-2 L10,2"'
    assert fill_of(27) == ("url(#qc-fill-3-6)", pattern(3, 6, "#CC79A7", cross))
    assert fill_of(28) == ("#E69F00", None)
    assert fill_of(31) == ("#F0E442", None)


def test_colour_under_a_fill() -> None:
    assert colour_of("#0072B2") == "#0072B2"
    assert colour_of("none") == "none"
    assert colour_of("url(#qc-fill-2-4)") == "#0072B2"
    assert colour_of("url(#qc-fill-1-6)") == "#CC79A7"
    assert colour_of("url(#qc-fill-3-0)") == "#E69F00"


# --- text: the safe and shortened forms of user text ------------------------------------

L, R = "\u2068", "\u2069"  # first-strong isolate, pop directional isolate


def test_languages_and_safe_text() -> None:
    assert check_lang("en") == "en"
    assert check_lang("zh") == "zh"
    with pytest.raises(ValueError, match=r"^unsupported language: fr$"):
        check_lang("fr")
    assert display("a\ufffeb\uffffc") == "a\\ufffeb\\uffffc"
    assert display("x\u202ey\\") == "x\\u202ey\\u005c"
    assert escape("a&b<c>d\"e'f") == "a&amp;b&lt;c&gt;d&quot;e&#39;f"
    assert escape("&lt;") == "&amp;lt;"
    assert isolate("ab") == L + "ab" + R


@pytest.mark.parametrize(
    ("text", "columns", "shown"),
    [
        ("abcdef", 6, "abcdef"),
        ("abcdefg", 6, "abcde\u2026"),  # the ellipsis takes one column
        ("\u4e2d\u6587\u5b57\u7b26", 6, "\u4e2d\u6587\u2026"),  # 2 + 2 + 1; a third is 7
        ("\u4e2d\u6587\u5b57", 6, "\u4e2d\u6587\u5b57"),  # exactly 6
        ("ab\u4e2d", 3, "ab\u2026"),
        ("a\u0301bcd", 3, "a\u0301b\u2026"),  # the combining accent takes no column
    ],
    ids=[f"case{number}" for number in range(6)],  # ASCII ids: mutmut selects them again
)
def test_shorten_by_display_columns(text: str, columns: int, shown: str) -> None:
    assert shorten(text, columns) == shown


@pytest.mark.parametrize(
    ("ids", "label"),
    [
        (["alpha", "beta"], f"{L}alpha{R}, {L}beta{R}"),
        # 10 + 2 used, 6 columns left: the second id is cut and nothing follows it.
        (["abcdefghij", "klmnopqrstu", "z"], f"{L}abcdefghij{R}, {L}klmno\u2026{R}"),
        # 14 + 2 used: 2 columns left, one character and the ellipsis.
        (["abcdefghijklmn", "xyz"], f"{L}abcdefghijklmn{R}, {L}x\u2026{R}"),
        # 15 + 2 used: 1 column left, only the ellipsis, outside any isolate.
        (["abcdefghijklmno", "x", "y"], f"{L}abcdefghijklmno{R}, \u2026"),
        # A first id longer than the label: cut, the rest not shown.
        (["a" * 20, "b"], f"{L}{'a' * 17}\u2026{R}"),
        (["a\u202eb"], f"{L}a\\u202eb{R}"),
        # 3 + 2 + 3 = 8 used: 18 - 8 - 2 = 8 columns left for the third id.
        (["abc", "def", "ghijklmnop"], f"{L}abc{R}, {L}def{R}, {L}ghijklm\u2026{R}"),
    ],
    ids=[f"case{number}" for number in range(7)],  # ASCII ids: mutmut selects them again
)
def test_ids_label_fits_18_columns(ids: list[str], label: str) -> None:
    assert ids_label(ids, 18) == label


@pytest.mark.parametrize(
    ("text", "columns", "lines"),
    [
        ("aaa bbb ccc", 7, ["aaa bbb", "ccc"]),
        ("aaa bbb ccc", 6, ["aaa", "bbb", "ccc"]),
        ("aaa bbbb", 8, ["aaa bbbb"]),
        ("abcdefghij", 4, ["abcd", "efgh", "ij"]),
        ("xx abcdefghij", 4, ["xx", "abcd", "efgh", "ij"]),
        ("a   b", 10, ["a b"]),
        ("a\tb\nc", 10, ["a b c"]),
        ("  a  ", 5, ["a"]),
        ("", 5, []),
        ("   ", 5, []),
        ("\u4e2d\u6587\u5b57\u7b26", 4, ["\u4e2d\u6587", "\u5b57\u7b26"]),
        ("\u4e2d\u6587\u5b57", 1, ["\u4e2d", "\u6587", "\u5b57"]),
        ("ab\u4e2dcd", 3, ["ab", "\u4e2d", "cd"]),
        ("ab\u4e2dcd", 4, ["ab\u4e2d", "cd"]),
        ("a\u0301bc de", 3, ["a\u0301bc", "de"]),
        ("abc", 1, ["a", "b", "c"]),
    ],
    ids=[f"case{number}" for number in range(16)],  # ASCII ids: mutmut selects them again
)
def test_wrap_by_display_columns(text: str, columns: int, lines: list[str]) -> None:
    assert wrap(text, columns) == lines


def test_dimension_names_and_reason_words() -> None:
    assert dimension_name("en", "delivery") == "delivery"
    assert dimension_name("zh", "cost") == "\u6210\u672c"
    assert dimension_name("en", "we\u202eird") == "we\\u202eird"
    assert reason_words("en", {"code": "missing_field", "field": "quotes[0].freight"}) == (
        "The field quotes[0].freight was not given; every value that depends on it is unknown."
    )
    assert reason_words("en", {"code": "missing_field"}) == (
        "The field - was not given; every value that depends on it is unknown."
    )
    assert (
        reason_words("en", {"code": "ranking_blocked_by_missing_value", "dimension": "delivery"})
        == "No ranking: the delivery dimension has a positive weight but no value for this quote."
    )
    assert (
        reason_words("zh", {"code": "ranking_blocked_by_missing_value", "dimension": "quality"})
        == "无法排名：质量维度的权重为正，但该报价缺少此项数值。"
    )
    assert reason_words("en", {"code": "component_unavailable"}).startswith("The - dimension")
    assert reason_words("en", {"code": "input_too_large"}) == (
        "The input is larger than 262144 bytes."
    )
    assert reason_words("en", {"code": "no\u202ething"}) == "no\\u202ething"
    assert reason_words("en", {}) == "None"


# --- markup: the page's small builders, exact strings -----------------------------------


def test_markup_builders() -> None:
    from quotecalc.output.pictures import markup

    assert markup.text(None) == "-"
    assert markup.text(0) == "0"
    assert markup.text("a<b\u202e") == "a&lt;b\\u202e"
    assert markup.supplier("a&b") == '<bdi class="id">a&amp;b</bdi>'
    assert markup.supplier(None) == '<bdi class="id">-</bdi>'
    assert markup.supplier("x" * 24) == f'<bdi class="id">{"x" * 24}</bdi>'  # never breaks
    assert markup.supplier("华" * 13) == f'<bdi class="id long">{"华" * 13}</bdi>'  # 26 columns
    assert markup.cell("x") == "<td>x</td>"
    assert markup.cell("x", numeric=True) == '<td class="num">x</td>'
    assert markup.table(["A<", "B"], [["1", "2"], ["3", "4"]], frozenset({1})) == (
        '<div class="wide" tabindex="0" role="region" aria-label="A&lt;"><table>\n'
        '<thead><tr><th scope="col">A&lt;</th>'
        '<th scope="col" class="num">B</th></tr></thead>\n<tbody>\n'
        '<tr><td>1</td><td class="num">2</td></tr>\n'
        '<tr><td>3</td><td class="num">4</td></tr>\n'
        "</tbody>\n</table></div>\n"
    )
    assert markup.table(["A"], [], label="L") == (
        '<div class="wide" tabindex="0" role="region" aria-label="L"><table>\n'
        '<thead><tr><th scope="col">A</th></tr></thead>\n'
        "<tbody>\n</tbody>\n</table></div>\n"
    )
    assert markup.paragraph("w") == "<p>w</p>\n"
    assert markup.paragraph("w", "note") == '<p class="note">w</p>\n'
    assert markup.items([]) == ""
    assert markup.items(["a", "b"]) == "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n"
    assert markup.section("k", "H&", "body\n") == (
        '<section id="k">\n<h2>H&amp;</h2>\nbody\n</section>\n'
    )


# --- svg: the one-dimension picture (no golden example has one mapped dimension) ---------


def test_the_dot_picture_line_by_line() -> None:
    """tests/pictures_data.dot(): the caption's two lines at 54 and 72 (72 columns), the map
    from MAP_TOP = 54 + 3 * 18 = 108: the dot at (320, 108 + 50), its label 30 below, the
    corner name 24 above; the legend from y = 158 + 80 = 238: the entry that can win (swatch
    11 above the line, key at 62, ids at 86, 16 per line + 6 after), the one line for the
    region that cannot win, 8 more before the weights line (ring 4 above it), the dominance
    and the excluded dimensions 4 lower each, and 10 below the last line."""
    import pictures_data as data

    font = (
        "system-ui, -apple-system, 'Segoe UI', 'Noto Sans', 'Noto Sans CJK SC', 'PingFang SC',"
        " 'Microsoft YaHei', sans-serif"
    )
    title = "Weight map: who ranks first for which weights"
    label_style = (
        'class="region-label" text-anchor="middle" dominant-baseline="central" font-size="12"'
        ' font-weight="600" stroke="#FFFFFF" stroke-width="3" paint-order="stroke"'
    )
    first = f"At your weights {L}A{R} ranks first."
    one = "Only one dimension can be compared, so the answer does not depend on weights."
    cannot = "1 supplier cannot rank first for any weights."
    dominated = "1 supplier is dominated by another (no better on any dimension)."
    excluded = "Not mapped (a supplier lacks its value): cost, delivery"
    description = (
        f"{first} {one} 1. A: length share 100.0 % {cannot} your weights: quality 100.0 %"
        f" {dominated} {excluded}"
    )
    expected = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="362"'
        ' viewBox="0 0 640 362" role="img" aria-labelledby="qc-map-title"'
        ' aria-describedby="qc-map-desc" xml:lang="en"'
        f' font-family="{font}" font-size="13" fill="#1A1A1A">',
        f'<title id="qc-map-title">{title}</title>',
        f'<desc id="qc-map-desc">{description}</desc>',
        '<rect width="640" height="362" fill="#FFFFFF"/>',
        f'<text x="40" y="30" font-size="15" font-weight="700">{title}</text>',
        # 30 + 1 + 38 = 69 columns on the first line (" the" would make 73 > 72)
        f'<text x="40" y="54" class="caption">{first} {one[:38]}</text>',
        f'<text x="40" y="72" class="caption">{one[39:]}</text>',
        '<circle class="region" cx="320.00" cy="158.00" r="12" fill="#E69F00"'
        ' stroke="#1A1A1A" stroke-width="1"><title>A</title></circle>',
        f'<text x="320.00" y="188.00" {label_style}>{L}A{R}</text>',
        '<circle class="weights" cx="320.00" cy="158.00" r="6" fill="#FFFFFF"'
        ' stroke="#000000" stroke-width="2"/>',
        '<text x="320" y="134" class="corner" text-anchor="middle" font-size="14"'
        ' font-weight="700">quality</text>',
        '<g class="legend-entry"><rect x="40" y="227" width="14" height="14" fill="#E69F00"'
        ' stroke="#1A1A1A" stroke-width="0.5"/><title>A</title></g>',
        '<text x="62" y="238" class="legend-key" font-weight="700">1</text>',
        '<text x="600" y="238" class="legend-note" text-anchor="end">length share 100.0 %</text>',
        f'<text x="86" y="238" class="legend-ids">{L}A{R}</text>',
        '<rect x="40" y="249" width="14" height="14" fill="none" stroke="#1A1A1A"'
        ' stroke-width="1" stroke-dasharray="2 2"/>',
        f'<text x="62" y="260" class="legend-cannot">{cannot}</text>',
        '<circle cx="47" cy="286" r="5" fill="#FFFFFF" stroke="#000000" stroke-width="2"/>',
        '<text x="62" y="290" class="legend-weights">your weights: quality 100.0 %</text>',
        f'<text x="40" y="316" class="legend-dominance">{dominated}</text>',
        f'<text x="40" y="336" class="legend-excluded">{excluded}</text>',
        "</svg>",
    ]
    assert svg_picture(data.dot(), "en") == "\n".join(expected) + "\n"


# --- costbars: unknown totals, a zero largest total, the reasons in words ----------------


def quote(supplier_id: str, total: str | None, **fields: Any) -> dict[str, Any]:
    return {
        "supplierId": supplier_id,
        "currency": "USD",
        "landedTotal": total,
        "goodsSubtotal": total,
        "freight": None if total is None else "0",
        "otherFees": None if total is None else "0",
        "overbuyQuantity": None,
        "deliveredQuantity": None,
        "comparable": True,
        "conflicts": [],
        "missingFields": [],
        **fields,
    }


def test_no_known_total_draws_no_bar_and_no_scale_note() -> None:
    from quotecalc.output.pictures.costbars import cost_bars

    html = cost_bars(
        [
            quote("A", None, comparable=False, conflicts=["currency_mismatch", "odd\u202e"]),
            quote("B", None, missingFields=["freight", "otherFees"]),
            quote("C", None),
        ],
        "en",
    )
    assert html.endswith("</div>\n")  # no note after the rows
    assert 'class="note"' not in html
    assert "width:" not in html
    reasons = [part.split("</div>")[0] for part in html.split('<div class="why">')[1:]]
    # The words (ISSUE_TEXT), an unknown code shown as itself, one space between.
    assert reasons[0] == (
        "Not drawn: the quote is not comparable"
        " (The currency differs from the requested one. odd\\u202e)"
    )
    assert reasons[1] == (
        "Not drawn: the landed total is unknown because freight, other fees was not given."
    )
    assert reasons[2] == (
        "Not drawn: the landed total is unknown (it depends on an omitted field)."
    )


def test_a_zero_largest_total_draws_empty_bars() -> None:
    from quotecalc.output.pictures.costbars import cost_bars

    html = cost_bars([quote("A", "0.00"), quote("B", "0")], "en")
    assert html.count('style="width:0.00%"') == 8  # two bars of three segments each
    assert "largest landed total (0.00)." in html  # the first text of the largest total


# --- svg: hatches, drawing order, no switch, the legend's packing and wrapping -----------


def svg_lines(document: dict[str, Any], css_class: str) -> list[str]:
    """The contents of the ``<text class=css_class>`` lines, isolates kept."""
    marker = f'class="{css_class}"'
    return [
        line.split(">", 1)[1].removesuffix("</text>")
        for line in svg_picture(document, "en").splitlines()
        if line.startswith("<text") and marker in line
    ]


def test_hatch_patterns_are_defined_once_in_defs() -> None:
    import pictures_data as data

    document = data.triangle()
    point = {**document["analysis"]["regions"][0], "vertices": [data.pt("1", "0", "0")]}
    document["analysis"]["regions"] = [point] * 9
    lines = svg_picture(document, "en").splitlines()
    defs = "".join(
        [
            "<defs>",
            pattern(1, 0, "#E69F00", DIAGONAL),
            pattern(1, 1, "#56B4E9", DIAGONAL),
            "</defs>",
        ]
    )
    assert lines[3] == defs  # after the <svg> head, the <title> and the <desc>
    assert lines[4].startswith("<rect ")


def test_polygons_below_segments_below_points_whatever_the_region_order() -> None:
    import pictures_data as data

    document = data.triangle()
    a, c, b, d = document["analysis"]["regions"]
    dot_region = {**b, "vertices": [data.pt("0", "1", "0")]}
    document["analysis"]["regions"] = [d, dot_region, c, a]  # empty first, polygon last
    shapes = [
        line.split(" ", 1)[0]
        for line in svg_picture(document, "en").splitlines()
        if 'class="region"' in line
    ]
    assert shapes == ["<polygon", "<line", "<circle"]


def test_a_triangle_without_a_switching_point() -> None:
    import pictures_data as data

    document = data.triangle()
    document["analysis"]["switchingDistance"] = None
    svg = svg_picture(document, "en")
    assert 'class="switch"' not in svg
    assert 'class="switch-path"' not in svg
    assert svg_lines(document, "legend-switch") == []
    caption = " ".join(svg_lines(document, "caption"))
    assert (
        caption
        == f"At your weights {L}A{R} ranks first. No other supplier ranks first for any weights."
    )


def test_bar_point_region_is_called_out_below_the_axis_and_empty_regions_are_skipped() -> None:
    import pictures_data as data

    document = data.bar()
    regions = document["analysis"]["regions"]
    empty = {**regions[0], "supplierIds": ["E"], "vertices": [], "canWin": False}
    document["analysis"]["regions"] = [empty, *regions]
    svg = svg_picture(document, "en")
    labels = [line for line in svg.splitlines() if 'class="region-label"' in line]
    assert len(labels) == 3  # A, B and C; E cannot win
    # C wins only at delivery share 1/2: its dot at x = 80 + 480 / 2 on the bar's middle line
    # (BAR_TOP 136 + 32 / 2 = 152); a point holds no text, so its key number 2 is called out.
    (leader,) = [line for line in svg.splitlines() if 'class="leader"' in line]
    assert 'x2="320.00" y2="152.00"' in leader
    (called,) = [line for line in labels if ">2</text>" in line]
    # the callout row is 28 below the axis caption (136 + 32 + 37 = 205): y = 233
    assert ' y="233.00"' in called


def test_legend_packs_whole_ids_into_52_columns() -> None:
    """Ids are never cut: each with its comma, one space between; a line breaks before an id
    that would pass 52 columns (exactly 52 stays); an id longer than a line is wrapped."""
    import pictures_data as data

    document = data.triangle()
    ids = ["x" * 25, "y" * 24, "z" * 60, "u" * 26, "v" * 24]
    document["analysis"]["regions"][0]["supplierIds"] = ids
    lines = svg_lines(document, "legend-ids")
    assert lines[:5] == [
        f"{L}{'x' * 25}{R}, {L}{'y' * 24}{R},",  # 26 + 1 + 25 = 52: one line
        f"{L}{'z' * 51}{R}",  # 60 columns: 51 on a line (one left for the comma)...
        f"{L}{'z' * 9}{R}, {L}{'u' * 26}{R},",  # the rest, then 10 + 1 + 27 = 38
        f"{L}{'v' * 24}{R}",  # 38 + 1 + 24 = 63 > 52: a new line; the last id has no comma
        f"{L}C{R}",  # the next region
    ]


def test_legend_sentences_wrap_at_74_columns() -> None:
    import pictures_data as data

    document = data.triangle()
    # "Not mapped (a supplier lacks its value): " (41) + 32 + "," = 74.
    document["analysis"]["excludedDimensions"] = [
        {"dimension": "n" * 32, "reason": "component_unavailable"},
        {"dimension": "abc", "reason": "component_unavailable"},
    ]
    assert svg_lines(document, "legend-excluded") == [
        f"Not mapped (a supplier lacks its value): {'n' * 32},",
        "abc",
    ]


def test_a_reason_given_twice_is_counted() -> None:
    import pictures_data as data

    reasons = [{"code": "unknown_key", "path": p, "message": "m"} for p in ("/a", "/a")]
    svg = svg_picture(data.unranked("invalid_input", reasons), "en")
    assert "unknown_key" not in svg  # the words alone (issue 40, item 7)
    assert "define. (2\u00d7)</text>" in svg  # counted after the words


# --- html: codes and statuses without words are shown as themselves ----------------------


def brief() -> tuple[dict[str, Any], dict[str, Any]]:
    import copy

    result, analysis = documents(EXAMPLES / "01-example-from-brief.request.json")
    return copy.deepcopy(result), copy.deepcopy(analysis)


def test_page_shows_unknown_codes_and_statuses_as_themselves() -> None:
    result, analysis = brief()
    result["status"] = "odd\u202estatus"
    quote = result["normalizedQuotes"][0]
    quote["constraintStatus"] = "odd\u202econstraint"
    quote["conflicts"] = ["currency_mismatch", "odd\u202econflict"]
    result["ranking"] = result["ranking"][:1]
    result["ranking"][0]["components"]["odd\u202ecomponent"] = "0.5"
    result["sensitivity"][0]["direction"] = "odd\u202edirection"
    result["quality"]["issues"] = [{"supplierId": "A", "code": "odd\u202eissue"}]
    page = html_page(result, analysis, "en")
    # Status: the escaped status itself, no exit code (issue 29), no explanation paragraph.
    assert '<p class="status">Status: odd\\u202estatus</p>\n<section id="quotes">' in page
    assert "<td>odd\\u202econstraint</td>" in page
    assert ": The currency differs from the requested one. odd\\u202econflict</li>" in page
    assert '<th scope="col" class="num">odd\\u202ecomponent</th>' in page
    assert "<td>odd\\u202edirection</td>" in page
    # a code without words is its only name, marked as code, shown once (issue 40, item 7)
    assert ": <code>odd\\u202eissue</code></li>" in page


def test_error_page_whole_input_and_unknown_error_code() -> None:
    result, _ = brief()
    result = {
        "status": "invalid_input",
        "toolVersion": result["toolVersion"],
        "limitations": [
            {"code": "odd\u202eerror", "path": ""},
            {"code": "input_too_large", "path": "/x"},
        ],
    }
    page = html_page(result, {"analysis": None, "reasons": []}, "en")
    # the place in words (issue 29): the request itself, or an unknown key marked as code
    assert "<tr><td>the request</td><td><code>odd\\u202eerror</code></td></tr>" in page
    assert (
        "<tr><td><code>x</code> of the request</td>"
        "<td>The input is larger than 262144 bytes.</td></tr>" in page
    )


def test_one_dimension_page_and_a_tie_at_f_1() -> None:
    import pictures_data as data

    result, _ = brief()
    analysis = data.dot()
    tie = {
        "lower": "1",
        "upper": "1",
        "lowerOpen": False,
        "upperOpen": False,
        "lowerExact": "1",
        "upperExact": "1",
        "lowerSwaps": [["A", "B"]],
        "upperSwaps": [["A", "B"]],
    }
    analysis["analysis"]["stability"] = [
        {"dimension": "quality", "weight": "1", "rankingInterval": tie, "winnerInterval": tie}
    ]
    page = html_page(result, analysis, "en")
    assert "<li>Only one mapped dimension: its best supplier ranks first.</li>" in page
    assert "<li>Not mapped (a supplier lacks its value): cost, delivery</li>" in page
    assert "<td>[1, 1]</td><td>[1, 1]</td></tr>" in page
    assert (
        '<li>quality, ranking: <bdi class="id">A</bdi> and <bdi class="id">B</bdi> are'
        " exactly tied at f = 1; any change of this weight breaks the tie.</li>" in page
    )


def test_legend_counts_the_comma_and_the_space_between_ids_on_a_line() -> None:
    import pictures_data as data

    document = data.triangle()
    regions = document["analysis"]["regions"]
    regions[0]["supplierIds"] = ["p" * 10, "q" * 10, "r" * 30]  # 11 + 1 + 11 + 1 + 30 = 54
    regions[1]["supplierIds"] = ["p" * 10, "q" * 10, "s" * 28]  # 52
    assert svg_lines(document, "legend-ids")[:3] == [
        f"{L}{'p' * 10}{R}, {L}{'q' * 10}{R},",
        f"{L}{'r' * 30}{R}",
        f"{L}{'p' * 10}{R}, {L}{'q' * 10}{R}, {L}{'s' * 28}{R}",
    ]
