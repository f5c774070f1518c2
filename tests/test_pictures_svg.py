"""The weight map (``quotecalc.output.pictures.svg_picture``, docs/pictures.md) on hand-written
analysis documents (tests/pictures_data.py).

Positions are recomputed here independently: the triangle's side, corner and base are the
picture's layout constants, the rest is this file's own arithmetic (``sqrt(3)`` from
``Decimal.sqrt`` at 50 digits, one ROUND_HALF_UP to 2 places).
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import copy
import decimal
import json
import xml.etree.ElementTree as ET
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pictures_data as data
from quotecalc.output.pictures import svg_picture
from quotecalc.output.pictures.svg import BAR, BAR_HEIGHT, BAR_TOP, MARKER_Y, TRIANGLE
from quotecalc.output.report import ERROR_TEXT, LIMITATION_TEXT

NS = "{http://www.w3.org/2000/svg}"
ISOLATES = str.maketrans("", "", "\u2068\u2069")


def sqrt3() -> Decimal:
    with decimal.localcontext() as ctx:
        ctx.prec = 50
        return Decimal(3).sqrt()


def two_places(value: Fraction | Decimal) -> str:
    number = (
        Decimal(value.numerator) / Decimal(value.denominator)
        if isinstance(value, Fraction)
        else value
    )
    with decimal.localcontext() as ctx:
        ctx.prec = 60
        return str(number.quantize(Decimal("0.01"), rounding=decimal.ROUND_HALF_UP))


def triangle_xy(cost: str, delivery: str, quality: str) -> tuple[str, str]:
    """Page position of a share point: x = left + side * (d + q / 2), y = base - side * q *
    sqrt(3) / 2, computed in 50-digit Decimals."""
    del cost
    d, q = Fraction(delivery), Fraction(quality)
    with decimal.localcontext() as ctx:
        ctx.prec = 50
        x = Decimal(TRIANGLE.left) + Decimal(TRIANGLE.side) * (
            Decimal(d.numerator) / d.denominator + Decimal(q.numerator) / (2 * q.denominator)
        )
        y = (
            Decimal(TRIANGLE.base)
            - Decimal(TRIANGLE.side) * Decimal(q.numerator) / q.denominator * sqrt3() / 2
        )
    return two_places(x), two_places(y)


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def by_class(root: ET.Element, tag: str, css_class: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{NS}{tag}") if e.get("class") == css_class]


def texts(root: ET.Element, css_class: str) -> list[str]:
    return [("".join(e.itertext())).translate(ISOLATES) for e in by_class(root, "text", css_class)]


def child(element: ET.Element, tag: str) -> ET.Element:
    found = element.find(f"{NS}{tag}")
    assert found is not None, tag
    return found


def title(element: ET.Element) -> str:
    return "".join(child(element, "title").itertext())


def points(element: ET.Element) -> list[tuple[str, str]]:
    return [tuple(pair.split(",")) for pair in element.get("points", "").split()]  # type: ignore[misc]


# --- three mapped dimensions -------------------------------------------------------------


def test_triangle_draws_one_shape_per_region_that_can_win() -> None:
    root = parse(svg_picture(data.triangle(), "en"))
    assert len(by_class(root, "polygon", "region")) == 2  # A and B
    assert len(by_class(root, "line", "region")) == 1  # C, the segment
    assert len(by_class(root, "circle", "region")) == 0
    shapes = [e for e in root.iter() if e.get("class") == "region"]
    assert len(shapes) == 3  # D (empty) is not drawn
    titles = [title(e) for e in shapes]
    assert titles == ["A", "B", "C"]  # polygons first, then segments


def test_triangle_vertices_are_placed_exactly() -> None:
    root = parse(svg_picture(data.triangle(), "en"))
    polygon_a, polygon_b = by_class(root, "polygon", "region")
    assert points(polygon_a) == [
        triangle_xy("1", "0", "0"),
        triangle_xy("1/2", "1/2", "0"),
        triangle_xy("0", "0", "1"),
    ]
    # base 490 (under the title and the three caption lines); 490 - 400 * sqrt(3) / 2 = 143.59
    assert points(polygon_a) == [("120.00", "490.00"), ("320.00", "490.00"), ("320.00", "143.59")]
    assert points(polygon_b)[1] == triangle_xy("0", "1", "0") == ("520.00", "490.00")
    (segment,) = by_class(root, "line", "region")
    assert (segment.get("x1"), segment.get("y1")) == triangle_xy("1/2", "1/2", "0")
    assert (segment.get("x2"), segment.get("y2")) == triangle_xy("0", "0", "1")
    (frame,) = by_class(root, "polygon", "frame")
    assert points(frame) == [
        triangle_xy("1", "0", "0"),
        triangle_xy("0", "1", "0"),
        triangle_xy("0", "0", "1"),
    ]


def test_weights_marker_switching_point_and_dashed_path() -> None:
    root = parse(svg_picture(data.triangle(), "en"))
    (weights,) = by_class(root, "circle", "weights")
    assert (weights.get("cx"), weights.get("cy")) == triangle_xy("1/2", "3/10", "1/5")
    # By hand: x = 120 + 400 * (3/10 + 1/10) = 280, y = 490 - 400 * (1/5) * sqrt(3)/2 = 420.72
    assert (weights.get("cx"), weights.get("cy")) == ("280.00", "420.72")
    (switch,) = by_class(root, "circle", "switch")
    assert (switch.get("cx"), switch.get("cy")) == triangle_xy("2/5", "2/5", "1/5")
    (path,) = by_class(root, "line", "switch-path")
    assert (path.get("x1"), path.get("y1"), path.get("x2"), path.get("y2")) == (
        *triangle_xy("1/2", "3/10", "1/5"),
        *triangle_xy("2/5", "2/5", "1/5"),
    )
    assert path.get("stroke-dasharray")


def test_region_labels_sit_at_the_centroids_or_call_out_a_key_number() -> None:
    root = parse(svg_picture(data.triangle(), "en"))
    labels = by_class(root, "text", "region-label")
    # Largest regions first: A and B (1/2 each, in key order), then C (key 2), a segment: no
    # text fits a line, so its key number sits in a callout beside the triangle.
    assert ["".join(label.itertext()).translate(ISOLATES) for label in labels] == ["A", "B", "2"]
    # A triangle's centroid is the mean of its corners; a segment's its midpoint.
    assert [(label.get("x"), label.get("y")) for label in labels[:2]] == [
        triangle_xy("1/2", "1/6", "1/3"),  # A: mean of (1,0,0), (1/2,1/2,0), (0,0,1)
        triangle_xy("1/6", "1/2", "1/3"),  # B
    ]
    (leader,) = by_class(root, "line", "leader")
    assert (leader.get("x2"), leader.get("y2")) == triangle_xy("1/4", "1/4", "1/2")  # C's middle
    assert (leader.get("x1"), leader.get("y1")) == (labels[2].get("x"), labels[2].get("y"))
    # the callout is outside the triangle: left of its left edge or right of its right edge
    x, y = float(labels[2].get("x") or 0), float(labels[2].get("y") or 0)
    apex_x, base_y = 320.0, 490.0
    assert abs(x - apex_x) > (y - 143.59) / (base_y - 143.59) * 200 + 9


def test_quadrilateral_label_at_its_area_centroid() -> None:
    # Example 01's A region: the triangle minus B's corner triangle q >= 4/5. In the share
    # plane (x = d, y = q): whole triangle area 1/2, centroid (1/3, 1/3); corner triangle
    # area 1/50, centroid (1/15, 13/15). Difference: area 12/25, centroid
    # ((1/2 * 1/3 - 1/50 * 1/15) / (12/25), (1/2 * 1/3 - 1/50 * 13/15) / (12/25)).
    whole, corner = Fraction(1, 2), Fraction(1, 50)
    area = whole - corner
    cx = (whole * Fraction(1, 3) - corner * Fraction(1, 15)) / area
    cy = (whole * Fraction(1, 3) - corner * Fraction(13, 15)) / area
    document = data.example_analysis(
        "01-example-from-brief", {"ranking": [], "status": "completed"}, []
    )
    root = parse(svg_picture(document, "en"))
    labels = by_class(root, "text", "region-label")
    assert (labels[0].get("x"), labels[0].get("y")) == triangle_xy(
        str(1 - cx - cy), str(cx), str(cy)
    )


def test_legend_lists_the_regions_that_can_win_and_counts_the_others() -> None:
    root = parse(svg_picture(data.triangle(), "en"))
    assert texts(root, "legend-ids") == ["A", "C", "B"]  # document order
    assert texts(root, "legend-key") == ["1", "2", "3"]
    assert texts(root, "legend-note") == [
        "area share 50.0 %",
        "only on a line",
        "area share 50.0 %",
    ]
    assert texts(root, "legend-cannot") == ["1 supplier cannot rank first for any weights."]
    assert len(by_class(root, "g", "legend-entry")) == 3
    (weights_line,) = texts(root, "legend-weights")
    assert weights_line == "your weights: cost 50.0 %, delivery 30.0 %, quality 20.0 %"
    switch_text = " ".join(texts(root, "legend-switch"))
    assert switch_text == "nearest switching point: cost 40.0 %, delivery 40.0 %, quality 20.0 %"
    assert texts(root, "legend-dominance") == [
        "1 supplier is dominated by another (no better on any dimension)."
    ]


def test_the_caption_gives_the_answer_first() -> None:
    root = parse(svg_picture(data.triangle(), "en"))
    caption = " ".join(texts(root, "caption"))
    assert caption == (
        "At your weights A ranks first. 10.0 % of the weight must move before B, C rank"
        " first (or tie)."
    )
    desc = "".join(child(root, "desc").itertext()).translate(ISOLATES)
    assert desc.startswith("At your weights A ranks first.")
    assert "1. A: area share 50.0 %" in desc and "1 supplier cannot rank first" in desc
    assert root.get("aria-describedby") == "qc-map-desc"


def test_long_ids_are_wrapped_in_the_legend_never_cut() -> None:
    long_id = "NINGBO-" + "X" * 57
    root = parse(svg_picture(data.triangle({"A": long_id}), "en"))
    lines = texts(root, "legend-ids")
    assert len(lines) == 4  # A's 64 columns on two lines, then C, B
    assert lines[0] + lines[1] == long_id


def test_fills_come_from_the_fixed_palette_in_region_order() -> None:
    root = parse(svg_picture(data.triangle(), "en"))
    entries = by_class(root, "g", "legend-entry")
    fills = [child(entry, "rect").get("fill") for entry in entries]
    assert fills == ["#E69F00", "#56B4E9", "#009E73"]


def test_beyond_the_palette_colours_repeat_with_hatching() -> None:
    regions = [
        {
            "supplierIds": [f"S{index:02d}"],
            "canWin": True,
            "vertices": [data.pt("1", "0", "0")],
            "areaShare": "0.000000",
            "areaShareExact": "0",
        }
        for index in range(9)
    ]
    document = data.triangle()
    document["analysis"]["regions"] = regions
    root = parse(svg_picture(document, "en"))
    fills = [child(e, "rect").get("fill") for e in by_class(root, "g", "legend-entry")]
    assert fills[:7] == [
        "#E69F00",
        "#56B4E9",
        "#009E73",
        "#F0E442",
        "#0072B2",
        "#D55E00",
        "#CC79A7",
    ]
    assert fills[7:] == ["url(#qc-fill-1-0)", "url(#qc-fill-1-1)"]
    pattern_ids = [p.get("id") for p in root.iter(f"{NS}pattern")]
    assert pattern_ids == ["qc-fill-1-0", "qc-fill-1-1"]
    backgrounds = [child(p, "rect").get("fill") for p in root.iter(f"{NS}pattern")]
    assert backgrounds == ["#E69F00", "#56B4E9"]
    # the nine regions are one point: drawn once, titled with every id, one label of all keys
    (dot,) = by_class(root, "circle", "region")
    assert title(dot) == ", ".join(f"S{index:02d}" for index in range(9))
    assert texts(root, "region-label") == [", ".join(str(n) for n in range(1, 10))]


def test_a_hatched_segment_region_is_stroked_in_its_plain_colour() -> None:
    document = data.triangle()
    regions = document["analysis"]["regions"]
    filler = {**regions[0], "vertices": [data.pt("1", "0", "0")]}
    document["analysis"]["regions"] = [filler] * 7 + regions  # then A, C (the segment), B, D
    root = parse(svg_picture(document, "en"))
    (segment,) = by_class(root, "line", "region")
    assert segment.get("stroke") == "#56B4E9"  # C: 9th region that can win, 2nd colour hatched


@pytest.mark.parametrize(
    ("lang", "names"), [("en", ["cost", "delivery", "quality"]), ("zh", ["成本", "交期", "质量"])]
)
def test_corners_are_named_in_the_language(lang: str, names: list[str]) -> None:
    root = parse(svg_picture(data.triangle(), lang))
    assert texts(root, "corner") == names


def test_chinese_legend() -> None:
    root = parse(svg_picture(data.triangle(), "zh"))
    assert texts(root, "legend-cannot") == ["1 家供应商在任何权重下都不能排第一。"]
    assert texts(root, "legend-weights")[0] == "您的权重：成本 50.0%、交期 30.0%、质量 20.0%"
    assert root.get("{http://www.w3.org/XML/1998/namespace}lang") == "zh-Hans"


# --- two and one mapped dimensions -------------------------------------------------------


def bar_x(delivery_share: str) -> str:
    """Left end is all weight on dimensions[0]; x grows with the share of dimensions[1]."""
    return two_places(BAR.left + BAR.length * Fraction(delivery_share))


def test_two_dimensions_draw_a_bar_split_into_segments() -> None:
    root = parse(svg_picture(data.bar(), "en"))
    rects = by_class(root, "rect", "region")
    assert [(r.get("x"), r.get("width")) for r in rects] == [
        (bar_x("0"), two_places(Fraction(BAR.length, 2))),  # A: quality share 0 .. 1/2
        (bar_x("1/2"), two_places(Fraction(BAR.length, 2))),  # B: 1/2 .. 1
    ]
    assert {r.get("y") for r in rects} == {str(BAR_TOP)}
    (point,) = by_class(root, "circle", "region")  # C: the point (1/2, 1/2)
    assert point.get("cx") == bar_x("1/2")
    middle = two_places(Fraction(2 * BAR_TOP + BAR_HEIGHT, 2))
    assert point.get("cy") == middle
    (weights,) = by_class(root, "circle", "weights")
    assert MARKER_Y == BAR_TOP + BAR_HEIGHT // 2  # the markers sit on the bar's middle line
    assert (weights.get("cx"), weights.get("cy")) == (bar_x("2/5"), middle)
    ticks = by_class(root, "line", "tick")
    assert [t.get("x1") for t in ticks] == [bar_x(s) for s in ("0", "1/4", "1/2", "3/4", "1")]
    assert texts(root, "tick-label") == ["0 %", "25 %", "50 %", "75 %", "100 %"]
    (switch,) = by_class(root, "circle", "switch")
    assert switch.get("cx") == bar_x("1/2") == "320.00"
    assert texts(root, "corner") == ["delivery", "quality"]
    assert texts(root, "legend-note") == [
        "length share 50.0 %",
        "only at a point",
        "length share 50.0 %",
    ]
    assert "cost" in " ".join(texts(root, "legend-excluded"))
    assert not by_class(root, "polygon", "region")


def test_one_dimension_is_a_dot() -> None:
    root = parse(svg_picture(data.dot(), "zh"))
    (region,) = by_class(root, "circle", "region")
    (weights,) = by_class(root, "circle", "weights")
    assert (region.get("cx"), region.get("cy")) == (weights.get("cx"), weights.get("cy"))
    assert not by_class(root, "circle", "switch")
    assert texts(root, "corner") == ["质量"]
    assert texts(root, "region-label") == ["A"]
    assert texts(root, "legend-note") == ["长度占比 100.0%"]
    assert texts(root, "legend-cannot") == ["1 家供应商在任何权重下都不能排第一。"]


# --- no ranking --------------------------------------------------------------------------


def all_text(root: ET.Element) -> str:
    return " ".join("".join(e.itertext()) for e in root.iter(f"{NS}text")).translate(ISOLATES)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_no_ranking_picture_states_the_reasons_in_words(lang: str) -> None:
    reasons = [
        {
            "code": "ranking_blocked_by_missing_value",
            "message": "x",
            "supplierId": "D",
            "dimension": "quality",
        },
        {
            "code": "ranking_blocked_by_missing_value",
            "message": "x",
            "supplierId": "E",
            "dimension": "quality",
        },
    ]
    root = parse(svg_picture(data.unranked("partial", reasons), lang))
    words = all_text(root)
    dimension = {"en": "quality", "zh": "质量"}[lang]
    sentence = LIMITATION_TEXT[lang]["ranking_blocked_by_missing_value"].format(dimension=dimension)
    assert f"D: {sentence[:20]}" in words and f"E: {sentence[:20]}" in words
    assert "ranking_blocked_by_missing_value" not in words  # words alone (issue 40, item 7)
    assert not [e for e in root.iter() if e.get("class") == "region"]


def test_invalid_input_picture_counts_repeated_codes() -> None:
    reasons = [{"code": "unknown_key", "path": p, "message": "m"} for p in ("/a", "/a", "/a")]
    reasons.append({"code": "unknown_key", "path": "/b", "message": "m"})
    reasons.append({"code": "missing_required", "path": "/quotes", "message": "m"})
    root = parse(svg_picture(data.unranked("invalid_input", reasons), "en"))
    words = all_text(root)
    # each error at its place, in words (issue 29: no JSON path on a picture for people)
    assert f"a of the request: {ERROR_TEXT['en']['unknown_key'][:30]}" in words
    # the words alone, never the code after them (issue 40, item 7); repeats counted
    assert "unknown_key" not in words and "(3×)" in words and "b of the request: " in words
    assert f"quotes: {ERROR_TEXT['en']['missing_required'][:20]}" in words
    assert "/a" not in words and "/quotes" not in words
    assert "missing_required" not in words and words.count("(3×)") == 1


# --- hostile ids, determinism, safety ----------------------------------------------------

HOSTILE = {
    "A": "<script>alert(1)</script>",
    "B": "a&b\"c'd",
    "C": "שלום-עולם",
    "D": "x" * 64,
}


def test_hostile_ids_are_escaped_and_complete() -> None:
    svg = svg_picture(data.triangle(HOSTILE), "en")
    assert "<script" not in svg
    root = parse(svg)  # well-formed XML despite the ids
    titles = [title(e) for e in root.iter() if e.get("class") == "region"]
    assert titles == [HOSTILE["A"], HOSTILE["B"], HOSTILE["C"]]
    legend = texts(root, "legend-ids")
    assert legend == [HOSTILE["A"], HOSTILE["C"], HOSTILE["B"]]
    entry_titles = [title(g) for g in by_class(root, "g", "legend-entry")]
    assert entry_titles == [HOSTILE["A"], HOSTILE["C"], HOSTILE["B"]]
    assert texts(root, "legend-cannot") == ["1 supplier cannot rank first for any weights."]
    labels = texts(root, "region-label")
    assert all(len(label) <= 18 for label in labels)
    # A's shortened id does not fit inside its half of the triangle: its key number does
    assert labels[0] == "1"


def test_control_bidi_and_non_xml_characters_become_visible_escapes() -> None:
    hostile = {"A": "ctl\u0007\u202e\ufffe", "B": "nl\nx", "C": "\U0001f600", "D": "\u0085"}
    root = parse(svg_picture(data.triangle(hostile), "en"))
    assert texts(root, "legend-ids") == [
        "ctl\\u0007\\u202e\\ufffe",
        "\U0001f600",
        "nl\\u000ax",
    ]


def test_same_document_same_bytes() -> None:
    for document in (data.triangle(HOSTILE), data.bar(), data.dot(), data.unranked("partial", [])):
        first = svg_picture(document, "en")
        again = svg_picture(json.loads(json.dumps(copy.deepcopy(document))), "en")
        assert first.encode() == again.encode()
        assert first.endswith("</svg>\n")


@pytest.mark.parametrize(
    "document", [data.triangle(HOSTILE), data.bar(), data.dot(), data.unranked("partial", [])]
)
def test_no_script_no_external_reference(document: dict[str, Any]) -> None:
    svg = svg_picture(document, "zh")
    assert "<script" not in svg.lower()
    assert svg.count("http://") == 1 and "http://www.w3.org/2000/svg" in svg
    assert "https://" not in svg
    assert "href" not in svg.replace("url(#", "")


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="language"):
        svg_picture(data.triangle(), "fr")


def visible(text: str) -> str:
    """The display rule written out independently: control, format, surrogate and separator
    characters, U+FFFE/U+FFFF, the backslash and the column rule ``|`` with its look-alikes
    (the text report's rule, so an id reads the same everywhere) become ``\\uXXXX``
    (``\\UXXXXXXXX`` above the BMP)."""
    import unicodedata

    out = []
    for char in text:
        if (
            unicodedata.category(char) in ("Cc", "Cf", "Cs", "Zl", "Zp")
            or char in "\ufffe\uffff\\|\u00a6\u01c0\u2223\u23d0\u2502\u2503\u2551\uff5c\uffe8"
        ):
            code = ord(char)
            out.append(f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")
        else:
            out.append(char)
    return "".join(out)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=64), min_size=4, max_size=4, unique=True))
def test_any_ids_give_well_formed_svg_naming_them_in_full(ids: list[str]) -> None:
    document = data.triangle(dict(zip("ABCD", ids, strict=True)))
    svg = svg_picture(document, "en")
    root = parse(svg)
    titles = [title(g) for g in by_class(root, "g", "legend-entry")]
    assert titles == [visible(ids[0]), visible(ids[2]), visible(ids[1])]
    tags = {element.tag.removeprefix(NS) for element in root.iter()}
    assert tags <= {
        "svg",
        "title",
        "desc",
        "defs",
        "pattern",
        "rect",
        "path",
        "polygon",
        "line",
        "circle",
        "text",
        "g",
    }
    assert svg == svg_picture(document, "en")


def test_many_winners_are_summarised_like_the_page_and_every_picture_fits_1400_px() -> None:
    # Issue 35: 100 quotes with many winners drew one legend row per region (2,766 px). The
    # legend lists the first 10 (the page's FIRST_FEW) and one line for the rest; the counts
    # are read here from the analysis document, not from the picture.
    from conftest import ROOT, run_cli

    raw = (ROOT / "tests" / "data" / "picture_cases" / "many-winners.request.json").read_bytes()
    analysis = json.loads(run_cli(raw, "--input-json", "-", "--analysis").stdout)["analysis"]
    winning = [r for r in analysis["regions"] if r["vertices"]]
    assert len(winning) > 50  # the stress case really has many winners
    rest = winning[10:]
    suppliers = sum(len(r["supplierIds"]) for r in rest)
    for lang, line in (
        (
            "en",
            f"{len(rest)} more regions (11–{len(winning)}, {suppliers} suppliers): the page"
            " (--format html) lists each with its suppliers.",
        ),
        (
            "zh",
            f"另有 {len(rest)} 个区域（11–{len(winning)}，{suppliers} 家供应商）："
            "网页（--format html）逐一列出各区域的供应商。",
        ),
    ):
        svg = (ROOT / "tests" / "data" / "pictures" / f"many-winners.{lang}.svg").read_text(
            encoding="utf-8"
        )
        root = parse(svg)
        assert len(by_class(root, "g", "legend-entry")) == 10
        separator = "" if lang == "zh" else " "  # the wrapped lines joined back
        assert separator.join(texts(root, "legend-more")) == line
        # Every region is still in the description a screen reader reads.
        description = "".join(root.find(f"{NS}desc").itertext())  # type: ignore[union-attr]
        assert f"{len(winning)}. " in description
    for picture in sorted((ROOT / "tests" / "data" / "pictures").glob("*.svg")):
        height = int(parse(picture.read_text(encoding="utf-8")).attrib["height"])
        assert height <= 1400, picture.name
