"""The weight map as one byte-deterministic SVG (issue 11; ``docs/pictures.md``).

A pure renderer of the weight-analysis document (``docs/analysis.md``): every region, area
share, winner, switching point and reason is read from it, never recomputed. Three mapped
dimensions draw the triangle of shares (``dimensions[0]`` bottom-left, ``[1]`` bottom-right,
``[2]`` top), two a horizontal bar from ``dimensions[0] = 1`` (left) to ``dimensions[1] = 1``
(right), one a single dot; no ranking (``analysis: null``) a short picture saying why.

Element order is fixed (title, defs, frame, regions in document order with polygons below
segments below points, labels, the switching path and markers, corner names, legend); every
coordinate comes from :mod:`.geometry` (exact, rounded once to two places); no timestamps,
no random ids. The full supplier ids are in each shape's ``<title>`` and in the legend; the
labels on the map are shortened.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

from ..cells import display_width
from .geometry import BarLayout, TriangleLayout, centroid, exact, fixed2, plane
from .palette import EMPTY_FILL, colour_of, fill_of
from .text import (
    WORDS,
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

WIDTH: Final = 640
FONT: Final = (
    "system-ui, -apple-system, 'Segoe UI', 'Noto Sans', 'Noto Sans CJK SC', 'PingFang SC',"
    " 'Microsoft YaHei', sans-serif"
)
TRIANGLE: Final = TriangleLayout(left=120, base=420, side=400)
BAR: Final = BarLayout(left=80, length=480)
BAR_TOP: Final = 110
BAR_HEIGHT: Final = 32
MARKER_Y: Final = 88  # the row above the bar where the weights and switching markers sit
DOT: Final = (320, 110)
LABEL_COLUMNS: Final = 18
LEGEND_ID_COLUMNS: Final = 40
LEGEND_LINE_COLUMNS: Final = 46
TEXT_COLUMNS: Final = 80
LINE: Final = 20
LANG_TAGS: Final = {"en": "en", "zh": "zh-Hans"}

Point = Mapping[str, str]


class _Canvas:
    """The elements of one picture, in drawing order."""

    def __init__(self, lang: str, title: str) -> None:
        self.lang = lang
        self.title = title
        self.defs: list[str] = []
        self.body: list[str] = []

    def words(self, key: str) -> str:
        return WORDS[self.lang][key]

    def add(self, element: str) -> None:
        self.body.append(element)

    def define(self, element: str | None) -> None:
        if element is not None and element not in self.defs:
            self.defs.append(element)

    def text(self, x: str | int, y: str | int, content: str, **attributes: str) -> None:
        """A ``<text>`` whose content is already escaped."""
        extra = "".join(
            f' {name.rstrip("_").replace("_", "-")}="{value}"' for name, value in attributes.items()
        )
        self.add(f'<text x="{x}" y="{y}"{extra}>{content}</text>')

    def render(self, height: int) -> str:
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}"'
            f' viewBox="0 0 {WIDTH} {height}" role="img" aria-labelledby="qc-map-title"'
            f' xml:lang="{LANG_TAGS[self.lang]}" font-family="{FONT}" font-size="13"'
            ' fill="#1A1A1A">'
        )
        parts = [head, f'<title id="qc-map-title">{escape(self.title)}</title>']
        if self.defs:
            parts.append("<defs>" + "".join(self.defs) + "</defs>")
        parts.append(f'<rect width="{WIDTH}" height="{height}" fill="#FFFFFF"/>')
        parts.extend(self.body)
        parts.append("</svg>")
        return "\n".join(parts) + "\n"


def _ids_title(ids: Sequence[str]) -> str:
    return "<title>" + escape(", ".join(display(i) for i in ids)) + "</title>"


def _fills(canvas: _Canvas, regions: Sequence[Mapping[str, Any]]) -> list[str]:
    """Each region's fill: palette entries in order for the regions that can win."""
    fills: list[str] = []
    winning = 0
    for region in regions:
        if region["vertices"]:
            fill, pattern = fill_of(winning)
            canvas.define(pattern)
            fills.append(fill)
            winning += 1
        else:
            fills.append(EMPTY_FILL)
    return fills


def _shares(canvas: _Canvas, point: Point, dimensions: Sequence[str]) -> str:
    return ", ".join(
        canvas.words("shares").format(
            dimension=dimension_name(canvas.lang, name), value=point[name]
        )
        for name in dimensions
    )


def _pack_ids(ids: Sequence[str]) -> list[str]:
    """The legend's lines of ids: every id (shortened to ``LEGEND_ID_COLUMNS``), packed."""
    lines: list[str] = []
    current: list[str] = []
    width = 0
    for supplier in ids:
        shown = shorten(display(supplier), LEGEND_ID_COLUMNS)
        size = display_width(shown)
        if current and width + 2 + size > LEGEND_LINE_COLUMNS:
            lines.append(", ".join(current) + ",")
            current, width = [], 0
        width += size + (2 if current else 0)
        current.append(isolate(shown))
    lines.append(", ".join(current))
    return lines


def _write(canvas: _Canvas, x: int, y: int, lines: Sequence[str], css_class: str) -> int:
    """Lines of (unescaped) text from ``y`` down; returns the y of the next line."""
    for line in lines:
        canvas.text(x, y, escape(line), class_=css_class)
        y += 16
    return y


def _legend(
    canvas: _Canvas,
    analysis: Mapping[str, Any],
    fills: Sequence[str],
    top: int,
    share_key: str,
) -> int:
    """Legend rows from ``top``: each region (all its ids, its share or "cannot win"), the
    two markers, the unmapped dimensions; returns the picture's height."""
    y = top
    for region, fill in zip(analysis["regions"], fills, strict=True):
        ids = list(region["supplierIds"])
        if region["vertices"]:
            swatch = f'fill="{fill}" stroke="#1A1A1A" stroke-width="0.5"'
            note = canvas.words(share_key).format(value=str(region["areaShare"]))
        else:
            swatch = 'fill="none" stroke="#1A1A1A" stroke-width="1" stroke-dasharray="2 2"'
            note = canvas.words("cannot_win")
        canvas.add(
            f'<g class="legend-entry"><rect x="40" y="{y - 11}" width="14" height="14"'
            f" {swatch}/>{_ids_title(ids)}</g>"
        )
        canvas.text(WIDTH - 40, y, escape(note), class_="legend-note", text_anchor="end")
        y = _write(canvas, 62, y, _pack_ids(ids), "legend-ids") + 6
    y += 10
    dimensions = analysis["dimensions"]
    weights = analysis["weights"]
    canvas.add(
        f'<circle cx="47" cy="{y - 4}" r="5" fill="#FFFFFF" stroke="#000000" stroke-width="2"/>'
    )
    words = canvas.words("labelled").format(
        label=canvas.words("your_weights"), value=_shares(canvas, weights, dimensions)
    )
    y = _write(canvas, 62, y, wrap(words, TEXT_COLUMNS - 10), "legend-weights") + 6
    switching = analysis.get("switchingDistance")
    if switching is None:
        sentence = canvas.words("winner_everywhere" if len(dimensions) == 1 else "no_switch")
    else:
        canvas.add(f'<circle cx="47" cy="{y - 4}" r="4" fill="#000000"/>')
        who = ", ".join(isolate(display(i)) for i in switching["supplierIds"])
        where = _shares(canvas, switching["point"], dimensions)
        sentence = canvas.words("aside").format(
            text=canvas.words("switching").format(distance=switching["distance"], who=who),
            aside=canvas.words("labelled").format(
                label=canvas.words("switching_point"), value=where
            ),
        )
    y = _write(canvas, 62, y, wrap(sentence, TEXT_COLUMNS - 10), "legend-switch") + 6
    excluded = analysis.get("excludedDimensions") or []
    if excluded:
        names = ", ".join(dimension_name(canvas.lang, str(e["dimension"])) for e in excluded)
        text = canvas.words("excluded").format(dimensions=names)
        y = _write(canvas, 40, y + 4, wrap(text, TEXT_COLUMNS - 6), "legend-excluded")
    return y + 10


def _label(canvas: _Canvas, x: Fraction, y: Fraction, ids: list[str]) -> None:
    canvas.text(
        fixed2(x),
        fixed2(y),
        escape(ids_label(ids, LABEL_COLUMNS)),
        class_="region-label",
        text_anchor="middle",
        dominant_baseline="central",
        font_size="12",
        font_weight="600",
        stroke="#FFFFFF",
        stroke_width="3",
        paint_order="stroke",
    )


def _markers(canvas: _Canvas, weights: tuple[str, str], switch: tuple[str, str] | None) -> None:
    if switch is not None:
        canvas.add(
            f'<line class="switch-path" x1="{weights[0]}" y1="{weights[1]}" x2="{switch[0]}"'
            f' y2="{switch[1]}" stroke="#000000" stroke-width="1.5" stroke-dasharray="5 4"/>'
        )
    canvas.add(
        f'<circle class="weights" cx="{weights[0]}" cy="{weights[1]}" r="6" fill="#FFFFFF"'
        ' stroke="#000000" stroke-width="2"/>'
    )
    if switch is not None:
        canvas.add(
            f'<circle class="switch" cx="{switch[0]}" cy="{switch[1]}" r="4" fill="#000000"'
            ' stroke="#FFFFFF" stroke-width="1"/>'
        )


def _triangle(analysis: Mapping[str, Any], canvas: _Canvas) -> str:
    dimensions = list(analysis["dimensions"])
    regions = analysis["regions"]
    fills = _fills(canvas, regions)
    corners = [
        {name: "1" if name == corner else "0" for name in dimensions} for corner in dimensions
    ]
    corner_points = [TRIANGLE.point(corner, dimensions) for corner in corners]
    canvas.text(40, 30, escape(canvas.title), font_size="15", font_weight="700")
    canvas.add(
        '<polygon class="simplex" points="'
        + " ".join(f"{x},{y}" for x, y in corner_points)
        + '" fill="#F2F2F2" stroke="none"/>'
    )
    shapes: list[list[str]] = [[], [], []]
    labels: list[tuple[Fraction, Fraction, list[str]]] = []
    for region, fill in zip(regions, fills, strict=True):
        vertices = region["vertices"]
        if not vertices:
            continue
        ids = list(region["supplierIds"])
        points = [TRIANGLE.point(vertex, dimensions) for vertex in vertices]
        title = _ids_title(ids)
        if len(points) >= 3:
            shapes[0].append(
                '<polygon class="region" points="'
                + " ".join(f"{x},{y}" for x, y in points)
                + f'" fill="{fill}" stroke="#FFFFFF" stroke-width="1">{title}</polygon>'
            )
        elif len(points) == 2:
            (x1, y1), (x2, y2) = points
            colour = colour_of(fill)  # a line is stroked in the plain colour, never hatched
            shapes[1].append(
                f'<line class="region" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}"'
                f' stroke-width="6" stroke-linecap="round">{title}</line>'
            )
        else:
            ((x1, y1),) = points
            shapes[2].append(
                f'<circle class="region" cx="{x1}" cy="{y1}" r="7" fill="{fill}" stroke="#1A1A1A"'
                f' stroke-width="1">{title}</circle>'
            )
        labels.append((*TRIANGLE.page(*centroid([plane(v, dimensions) for v in vertices])), ids))
    for group in shapes:
        for element in group:
            canvas.add(element)
    canvas.add(
        '<polygon class="frame" points="'
        + " ".join(f"{x},{y}" for x, y in corner_points)
        + '" fill="none" stroke="#1A1A1A" stroke-width="1.5"/>'
    )
    for x, y, ids in labels:
        _label(canvas, x, y, ids)
    switching = analysis.get("switchingDistance")
    _markers(
        canvas,
        TRIANGLE.point(analysis["weights"], dimensions),
        None if switching is None else TRIANGLE.point(switching["point"], dimensions),
    )
    (left_x, left_y), (right_x, right_y), (top_x, top_y) = corner_points
    names = [escape(dimension_name(canvas.lang, name)) for name in dimensions]
    corner_style = {"class_": "corner", "font_size": "14", "font_weight": "700"}
    canvas.text(left_x, fixed2(exact(left_y) + 22), names[0], text_anchor="middle", **corner_style)
    canvas.text(
        right_x, fixed2(exact(right_y) + 22), names[1], text_anchor="middle", **corner_style
    )
    canvas.text(top_x, fixed2(exact(top_y) - 10), names[2], text_anchor="middle", **corner_style)
    height = _legend(canvas, analysis, fills, TRIANGLE.base + 60, "area")
    return canvas.render(height)


def _bar(analysis: Mapping[str, Any], canvas: _Canvas) -> str:
    dimensions = list(analysis["dimensions"])
    regions = analysis["regions"]
    fills = _fills(canvas, regions)
    canvas.text(40, 30, escape(canvas.title), font_size="15", font_weight="700")
    left, right = BAR.left, BAR.left + BAR.length
    canvas.add(
        f'<rect class="simplex" x="{left}" y="{BAR_TOP}" width="{BAR.length}" height="{BAR_HEIGHT}"'
        ' fill="#F2F2F2"/>'
    )
    middle = Fraction(2 * BAR_TOP + BAR_HEIGHT, 2)
    segments: list[str] = []
    dots: list[str] = []
    labels: list[tuple[Fraction, Fraction, list[str]]] = []
    for region, fill in zip(regions, fills, strict=True):
        vertices = region["vertices"]
        if not vertices:
            continue
        ids = list(region["supplierIds"])
        xs = [BAR.x(vertex, dimensions) for vertex in vertices]
        title = _ids_title(ids)
        if len(xs) >= 2:
            start, end = min(xs), max(xs)
            segments.append(
                f'<rect class="region" x="{fixed2(start)}" y="{BAR_TOP}"'
                f' width="{fixed2(end - start)}" height="{BAR_HEIGHT}" fill="{fill}"'
                f' stroke="#FFFFFF" stroke-width="1">{title}</rect>'
            )
            labels.append(((start + end) / 2, middle, ids))
        else:
            dots.append(
                f'<circle class="region" cx="{fixed2(xs[0])}" cy="{fixed2(middle)}" r="7"'
                f' fill="{fill}" stroke="#1A1A1A" stroke-width="1">{title}</circle>'
            )
            labels.append((xs[0], Fraction(BAR_TOP + BAR_HEIGHT + 16), ids))
    for element in [*segments, *dots]:
        canvas.add(element)
    canvas.add(
        f'<rect class="frame" x="{left}" y="{BAR_TOP}" width="{BAR.length}" height="{BAR_HEIGHT}"'
        ' fill="none" stroke="#1A1A1A" stroke-width="1.5"/>'
    )
    for x, y, ids in labels:
        _label(canvas, x, y, ids)
    switching = analysis.get("switchingDistance")
    marker_y = fixed2(Fraction(MARKER_Y))
    weights = (fixed2(BAR.x(analysis["weights"], dimensions)), marker_y)
    switch = None
    if switching is not None:
        switch = (fixed2(BAR.x(switching["point"], dimensions)), marker_y)
    _markers(canvas, weights, switch)
    names = [escape(dimension_name(canvas.lang, name)) for name in dimensions]
    below = BAR_TOP + BAR_HEIGHT + 40
    corner_style = {"class_": "corner", "font_size": "14", "font_weight": "700"}
    canvas.text(left, below, names[0], text_anchor="start", **corner_style)
    canvas.text(right, below, names[1], text_anchor="end", **corner_style)
    height = _legend(canvas, analysis, fills, below + 40, "length")
    return canvas.render(height)


def _dot(analysis: Mapping[str, Any], canvas: _Canvas) -> str:
    dimensions = list(analysis["dimensions"])
    regions = analysis["regions"]
    fills = _fills(canvas, regions)
    canvas.text(40, 30, escape(canvas.title), font_size="15", font_weight="700")
    x, y = DOT
    for region, fill in zip(regions, fills, strict=True):
        if region["vertices"]:
            canvas.add(
                f'<circle class="region" cx="{x}.00" cy="{y}.00" r="12" fill="{fill}"'
                f' stroke="#1A1A1A" stroke-width="1">{_ids_title(region["supplierIds"])}</circle>'
            )
            _label(canvas, Fraction(x), Fraction(y + 30), list(region["supplierIds"]))
    _markers(canvas, (f"{x}.00", f"{y}.00"), None)
    canvas.text(
        x,
        y - 24,
        escape(dimension_name(canvas.lang, dimensions[0])),
        class_="corner",
        text_anchor="middle",
        font_size="14",
        font_weight="700",
    )
    height = _legend(canvas, analysis, fills, y + 80, "length")
    return canvas.render(height)


def _no_map(document: Mapping[str, Any], canvas: _Canvas) -> str:
    canvas.text(40, 30, escape(canvas.words("no_map")), font_size="15", font_weight="700")
    y = 58
    for line in wrap(canvas.words("why"), TEXT_COLUMNS):
        canvas.text(40, y, escape(line))
        y += 18
    seen: dict[str, int] = {}
    for reason in document.get("reasons") or []:
        words = reason_words(canvas.lang, reason)
        who = reason.get("supplierId")
        prefix = "" if who is None else isolate(display(str(who))) + ": "
        line = f"{prefix}{words} [{display(str(reason.get('code')))}]"
        seen[line] = seen.get(line, 0) + 1
    for line, count in seen.items():
        counted = f"{line} {canvas.words('times').format(count=count)}" if count > 1 else line
        for number, part in enumerate(wrap(counted, TEXT_COLUMNS - 4)):
            canvas.text(52 if number else 40, y + 6, escape(("• " if not number else "") + part))
            y += 18
        y += 4
    return canvas.render(y + 20)


def svg_picture(analysis_doc: Mapping[str, Any], lang: str) -> str:
    """The weight map of one weight-analysis document as SVG text (ends with a newline);
    ``lang`` is ``"en"`` or ``"zh"``. Same document and language, same bytes."""
    check_lang(lang)
    analysis = analysis_doc.get("analysis")
    if analysis is None:
        return _no_map(analysis_doc, _Canvas(lang, WORDS[lang]["no_map"]))
    canvas = _Canvas(lang, WORDS[lang]["map_title"])
    count = len(analysis["dimensions"])
    if count == 3:
        return _triangle(analysis, canvas)
    if count == 2:
        return _bar(analysis, canvas)
    return _dot(analysis, canvas)
