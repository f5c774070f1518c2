"""The weight map as one byte-deterministic SVG (issues 11 and 21; ``docs/pictures.md``).

A pure renderer of the weight-analysis document (``docs/analysis.md``): every region, area
share, winner, switching point and reason is read from it, never recomputed. Three mapped
dimensions draw the triangle of shares (``dimensions[0]`` bottom-left, ``[1]`` bottom-right,
``[2]`` top), two a horizontal bar from ``dimensions[0] = 1`` (left) to ``dimensions[1] = 1``
(right) with a percentage scale, one a single dot; no ranking (``analysis: null``) a short
picture saying why, each error with its field path.

The answer comes first (a caption under the title: who ranks first at the user's weights and
how much of the weight must move before someone else does). Each region that can win has a
key number (its legend row); its label is placed by :mod:`.labels` so that no two labels
overlap and none leaves the picture. The legend lists the regions that can win with their
full ids (wrapped, never cut) and their share as a percentage; the regions that cannot win
are one line (their count), so are the dominated suppliers. Element order is fixed; every
coordinate comes from :mod:`.geometry` (exact, rounded once to two places); no timestamps,
no random ids. ``<title>`` and ``<desc>`` carry the picture's facts for screen readers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

from ..answer import WORDS as ANSWER_WORDS
from ..cells import display_width
from ..fieldnames import error_places
from ..people import percent
from ..wording import ERROR_TEXT, LANG_TAGS, say
from .geometry import BarLayout, TriangleLayout, centroid, exact, fixed2, plane
from .labels import Box, Placed, Placer, Point, badge_box, text_box
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
    share_words,
    shorten,
    wrap,
)
from .weightmap import FIRST_FEW

WIDTH: Final = 640
FONT: Final = (
    "system-ui, -apple-system, 'Segoe UI', 'Noto Sans', 'Noto Sans CJK SC', 'PingFang SC',"
    " 'Microsoft YaHei', sans-serif"
)
CAPTION_TOP: Final = 54
CAPTION_LINES: Final = 3  # the caption's room is fixed, so the map's place is too
MAP_TOP: Final = CAPTION_TOP + 18 * CAPTION_LINES
TRIANGLE: Final = TriangleLayout(left=120, base=MAP_TOP + 382, side=400)
BAR: Final = BarLayout(left=80, length=480)
BAR_TOP: Final = MAP_TOP + 28
BAR_HEIGHT: Final = 32
MARKER_Y: Final = BAR_TOP + BAR_HEIGHT // 2  # the weights and switching markers sit on the bar
CAPTION_ID_COLUMNS: Final = 30
TICKS: Final = (Fraction(0), Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), Fraction(1))
LABEL_COLUMNS: Final = 18
LEGEND_LINE_COLUMNS: Final = 52
CAPTION_COLUMNS: Final = 72
TEXT_COLUMNS: Final = 80
LINE: Final = 16
SLOT_STEP: Final = 24
LEGEND_FEW: Final = FIRST_FEW  # regions listed whole: as many as the page's long lists show


class _Frame:
    """Where the map sits: the picture's width, the triangle's and the bar's layouts, the
    map's top, and whether it is the narrow picture of a phone's page (issue 29): that one is
    drawn at :data:`NARROW_WIDTH`, about the width it is shown at on a 390 px screen, so its
    text keeps its size; it holds the map and its key numbers only, because the page shows
    the caption and the legend as text beside it."""

    def __init__(self, width: int, triangle: TriangleLayout, bar: BarLayout, top: int) -> None:
        self.width = width
        self.triangle = triangle
        self.bar = bar
        self.top = top
        self.narrow = width != WIDTH
        self.slot_gap = 25 if self.narrow else 60


NARROW_WIDTH: Final = 340
WIDE: Final = _Frame(WIDTH, TRIANGLE, BAR, MAP_TOP)
NARROW: Final = _Frame(
    NARROW_WIDTH,
    TriangleLayout(left=40, base=26 + 226, side=260),
    BarLayout(left=30, length=280),
    0,
)

SharePoint = Mapping[str, str]


class _Canvas:
    """The elements of one picture, in drawing order."""

    def __init__(self, lang: str, title: str, frame: _Frame = WIDE) -> None:
        self.lang = lang
        self.frame = frame
        self.title = title
        self.description: list[str] = []
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
        width = self.frame.width
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"'
            f' viewBox="0 0 {width} {height}" role="img" aria-labelledby="qc-map-title"'
            ' aria-describedby="qc-map-desc"'
            f' xml:lang="{LANG_TAGS[self.lang]}" font-family="{FONT}" font-size="13"'
            ' fill="#1A1A1A">'
        )
        description = " ".join(self.description)
        parts = [
            head,
            f'<title id="qc-map-title">{escape(self.title)}</title>',
            f'<desc id="qc-map-desc">{escape(description)}</desc>',
        ]
        if self.defs:
            parts.append("<defs>" + "".join(self.defs) + "</defs>")
        parts.append(f'<rect width="{width}" height="{height}" fill="#FFFFFF"/>')
        parts.extend(self.body)
        parts.append("</svg>")
        text = "\n".join(parts) + "\n"
        if self.frame.narrow:  # its own ids: the page holds both pictures
            text = text.replace('"qc-', '"qcn-').replace("#qc-", "#qcn-")
        return text


def _ids_title(ids: Sequence[str]) -> str:
    return "<title>" + escape(", ".join(display(i) for i in ids)) + "</title>"


def _join(lang: str, ids: Sequence[str], columns: int) -> str:
    """Ids joined in the caption's words, each shortened to ``columns`` (the legend and the
    shapes' titles have them whole)."""
    return ANSWER_WORDS[lang]["join"].join(isolate(shorten(display(i), columns)) for i in ids)


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


def _shares(canvas: _Canvas, point: SharePoint, dimensions: Sequence[str]) -> str:
    """A share point as percentages: ``cost 50.0 %, delivery 30.0 %, quality 20.0 %`` (the
    Chinese list separator ``、`` in Chinese)."""
    return ANSWER_WORDS[canvas.lang]["join"].join(
        canvas.words("shares").format(
            dimension=dimension_name(canvas.lang, name), value=percent(point[name], canvas.lang)
        )
        for name in dimensions
    )


def _id_lines(ids: Sequence[str]) -> list[str]:
    """The legend's lines of ids: every id whole (one longer than a line is wrapped), packed
    ``LEGEND_LINE_COLUMNS`` wide, each piece bidi-isolated."""
    lines: list[str] = []
    current: list[str] = []
    width = 0
    for position, supplier in enumerate(ids):
        comma = "," if position < len(ids) - 1 else ""
        pieces = wrap(display(supplier), LEGEND_LINE_COLUMNS - 1) or [""]
        for index, piece in enumerate(pieces):
            size = display_width(piece)
            if current and width + 1 + size > LEGEND_LINE_COLUMNS:
                lines.append(" ".join(current))
                current, width = [], 0
            tail = comma if index == len(pieces) - 1 else ""
            current.append(isolate(piece) + tail)
            width += size + len(tail) + (1 if width else 0)
    if current:
        lines.append(" ".join(current))
    return lines


def _write(canvas: _Canvas, x: int, y: int, lines: Sequence[str], css_class: str) -> int:
    """Lines of (unescaped) text from ``y`` down; returns the y of the next line."""
    for line in lines:
        canvas.text(x, y, escape(line), class_=css_class)
        y += LINE
    return y


def _caption(canvas: _Canvas, analysis: Mapping[str, Any]) -> list[str]:
    """The answer in words, first: who ranks first, and how robust that is."""
    lang = canvas.lang
    who = _join(lang, analysis["winners"], CAPTION_ID_COLUMNS)
    key = "caption_tie" if len(analysis["winners"]) > 1 else "caption_winner"
    sentences = [canvas.words(key).format(who=who)]
    switching = analysis.get("switchingDistance")
    words = ANSWER_WORDS[lang]
    if switching is None:
        key = "robust_one" if len(analysis["dimensions"]) == 1 else "nobody_else_first"
        sentences.append(words[key])
    else:
        sentences.append(
            words["robust_many" if len(switching["supplierIds"]) > 1 else "robust"].format(
                share=percent(switching["distanceExact"], lang),
                who=_join(lang, switching["supplierIds"], CAPTION_ID_COLUMNS),
            )
        )
    return sentences


def _heading(canvas: _Canvas, analysis: Mapping[str, Any]) -> list[Box]:
    """Title and caption (at most :data:`CAPTION_LINES` lines); the boxes they take. The
    narrow picture has neither (the page says them above it): the caption is its ``desc``."""
    if canvas.frame.narrow:
        canvas.description.extend(_caption(canvas, analysis))
        return []
    canvas.text(40, 30, escape(canvas.title), font_size="15", font_weight="700")
    boxes: list[Box] = [(Fraction(40), Fraction(12), Fraction(WIDTH - 40), Fraction(36))]
    sentences = _caption(canvas, analysis)
    canvas.description.extend(sentences)
    separator = "" if canvas.lang == "zh" else " "
    lines = wrap(separator.join(sentences), CAPTION_COLUMNS)[:CAPTION_LINES]
    y = CAPTION_TOP
    for line in lines:
        canvas.text(40, y, escape(line), class_="caption")
        boxes.append((Fraction(40), Fraction(y - 13), Fraction(WIDTH - 40), Fraction(y + 5)))
        y += 18
    return boxes


def _legend(
    canvas: _Canvas,
    analysis: Mapping[str, Any],
    fills: Sequence[str],
    top: int,
    share_key: str,
) -> int:
    """Legend rows from ``top``: each region that can win (its key number, all its ids, its
    share), one line for those that cannot, the markers, dominance and the unmapped
    dimensions; returns the picture's height (the narrow picture has no legend: the page's
    table of regions is beside it)."""
    if canvas.frame.narrow:
        return top - 20
    return _legend_rows(canvas, analysis, fills, top, share_key)


def _region_rows(
    canvas: _Canvas,
    analysis: Mapping[str, Any],
    fills: Sequence[str],
    top: int,
    share_key: str,
) -> tuple[int, int]:
    """The legend's row of each region that can win, from ``top``: its key number, all its
    ids, its share. Past the first :data:`LEGEND_FEW` (issue 35: 100 quotes with many winners
    made a picture 2,766 px tall), the others are summarised in one line, as the page's
    section summarises a long list; every region stays in the description. Returns the next
    row's y and the number of suppliers that cannot win."""
    y = top
    number = 0
    cannot = 0
    described: list[str] = []
    more: list[int] = []  # the supplier count of each region past the first few
    for region, fill in zip(analysis["regions"], fills, strict=True):
        ids = list(region["supplierIds"])
        if not region["vertices"]:
            cannot += len(ids)
            continue
        number += 1
        share = share_words(canvas.lang, region)
        note = canvas.words(share_key).format(value=share)
        if exact(region["areaShareExact"]) == 0:
            note = share  # "only at a point": the same words as the page's table
        described.append(f"{number}. {', '.join(display(i) for i in ids)}: {note}")
        if number > LEGEND_FEW:
            more.append(len(ids))
            continue
        canvas.add(
            f'<g class="legend-entry"><rect x="40" y="{y - 11}" width="14" height="14"'
            f' fill="{fill}" stroke="#1A1A1A" stroke-width="0.5"/>{_ids_title(ids)}</g>'
        )
        canvas.text(62, y, str(number), class_="legend-key", font_weight="700")
        canvas.text(WIDTH - 40, y, escape(note), class_="legend-note", text_anchor="end")
        y = _write(canvas, 86, y, _id_lines(ids), "legend-ids") + 6
    canvas.description.extend(described)
    if more:
        line = canvas.words("more_regions").format(
            first=LEGEND_FEW + 1, last=number, count=len(more), suppliers=sum(more)
        )
        y = _write(canvas, 62, y, wrap(line, TEXT_COLUMNS - 10), "legend-more") + 6
    return y, cannot


def _legend_rows(
    canvas: _Canvas,
    analysis: Mapping[str, Any],
    fills: Sequence[str],
    top: int,
    share_key: str,
) -> int:
    """The legend's rows (:func:`_legend`)."""
    y, cannot = _region_rows(canvas, analysis, fills, top, share_key)
    if cannot:
        canvas.add(
            f'<rect x="40" y="{y - 11}" width="14" height="14" fill="none" stroke="#1A1A1A"'
            ' stroke-width="1" stroke-dasharray="2 2"/>'
        )
        key = "cannot_win_one" if cannot == 1 else "cannot_win_count"
        line = canvas.words(key).format(count=cannot)
        canvas.description.append(line)
        y = _write(canvas, 62, y, wrap(line, TEXT_COLUMNS - 10), "legend-cannot") + 6
    y += 8
    dimensions = analysis["dimensions"]
    canvas.add(
        f'<circle cx="47" cy="{y - 4}" r="5" fill="#FFFFFF" stroke="#000000" stroke-width="2"/>'
    )
    words = canvas.words("labelled").format(
        label=canvas.words("your_weights"), value=_shares(canvas, analysis["weights"], dimensions)
    )
    canvas.description.append(words)
    y = _write(canvas, 62, y, wrap(words, TEXT_COLUMNS - 10), "legend-weights") + 6
    switching = analysis.get("switchingDistance")
    if switching is not None:
        canvas.add(f'<circle cx="47" cy="{y - 4}" r="4" fill="#000000"/>')
        where = canvas.words("labelled").format(
            label=canvas.words("switching_point"),
            value=_shares(canvas, switching["point"], dimensions),
        )
        canvas.description.append(where)
        y = _write(canvas, 62, y, wrap(where, TEXT_COLUMNS - 10), "legend-switch") + 6
    dominated = len(analysis.get("dominance") or [])
    if dominated:
        key = "dominated_one" if dominated == 1 else "dominated_count"
        line = canvas.words(key).format(count=dominated)
        canvas.description.append(line)
        y = _write(canvas, 40, y + 4, wrap(line, TEXT_COLUMNS - 6), "legend-dominance")
    excluded = analysis.get("excludedDimensions") or []
    if excluded:
        names = ANSWER_WORDS[canvas.lang]["join"].join(
            dimension_name(canvas.lang, str(e["dimension"])) for e in excluded
        )
        text = canvas.words("excluded").format(dimensions=names)
        canvas.description.append(text)
        y = _write(canvas, 40, y + 4, wrap(text, TEXT_COLUMNS - 6), "legend-excluded")
    return y + 10


def _draw_label(canvas: _Canvas, placed: Placed) -> None:
    x, y = fixed2(placed.at[0]), fixed2(placed.at[1])
    if placed.kind == "callout":
        canvas.add(
            f'<line class="leader" x1="{x}" y1="{y}" x2="{fixed2(placed.anchor[0])}"'
            f' y2="{fixed2(placed.anchor[1])}" stroke="#1A1A1A" stroke-width="1"/>'
        )
        canvas.add(
            f'<circle class="leader-end" cx="{fixed2(placed.anchor[0])}"'
            f' cy="{fixed2(placed.anchor[1])}" r="2" fill="#1A1A1A"/>'
        )
    if placed.kind != "text":
        left, top, right, bottom = badge_box(placed.at, placed.text)
        canvas.add(
            f'<rect class="badge" x="{fixed2(left + 1)}" y="{fixed2(top + 1)}"'
            f' width="{fixed2(right - left - 2)}" height="{fixed2(bottom - top - 2)}"'
            ' rx="9" fill="#FFFFFF" stroke="#1A1A1A" stroke-width="1"/>'
        )
    canvas.text(
        x,
        y,
        escape(placed.text),
        class_="region-label",
        text_anchor="middle",
        dominant_baseline="central",
        font_size="12" if placed.kind == "text" else "11",
        font_weight="600",
        stroke="#FFFFFF",
        stroke_width="3" if placed.kind == "text" else "0",
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


def _marker_box(x: Fraction, y: Fraction, radius: int) -> Box:
    return (x - radius, y - radius, x + radius, y + radius)


class _Region:
    """A region that can win, as drawn: its key number, ids, fill and page shape."""

    def __init__(self, number: int, region: Mapping[str, Any], fill: str) -> None:
        self.number = number
        self.ids = list(region["supplierIds"])
        self.fill = fill
        self.share = exact(region["areaShareExact"])
        self.vertices = list(region["vertices"])


def _winning(regions: Sequence[Mapping[str, Any]], fills: Sequence[str]) -> list[_Region]:
    found: list[_Region] = []
    for region, fill in zip(regions, fills, strict=True):
        if region["vertices"]:
            found.append(_Region(len(found) + 1, region, fill))
    return found


def _coincident(
    points: Sequence[tuple[tuple[str, str], _Region]],
) -> list[tuple[tuple[str, str], list[_Region]]]:
    """Point regions grouped by their drawn position, in order: one dot for all of them."""
    groups: dict[tuple[str, str], list[_Region]] = {}
    for where, region in points:
        groups.setdefault(where, []).append(region)
    return list(groups.items())


def _place_all(
    canvas: _Canvas,
    placer: Placer,
    items: Sequence[tuple[Point, list[_Region], Sequence[Point]]],
) -> int:
    """Place the labels, the largest region first (ties in key order), and draw them;
    returns the lowest y a callout reaches (0 without callouts)."""
    lowest = Fraction(0)
    order = sorted(items, key=lambda item: (-max(r.share for r in item[1]), item[1][0].number))
    for anchor, group, shape in order:
        ids = [supplier for region in group for supplier in region.ids]
        number = ", ".join(str(region.number) for region in group)
        text = number if canvas.frame.narrow else ids_label(ids, LABEL_COLUMNS)
        placed = placer.place(anchor, text, number, shape, 12)
        if placed is not None:
            _draw_label(canvas, placed)
            if placed.kind == "callout":
                lowest = max(lowest, placed.at[1])
    return int(lowest)


def _triangle(analysis: Mapping[str, Any], canvas: _Canvas) -> str:
    dimensions = list(analysis["dimensions"])
    regions = analysis["regions"]
    fills = _fills(canvas, regions)
    obstacles = _heading(canvas, analysis)
    frame = canvas.frame
    layout = frame.triangle
    top, base = frame.top, layout.base
    corners = [
        {name: "1" if name == corner else "0" for name in dimensions} for corner in dimensions
    ]
    corner_points = [layout.point(corner, dimensions) for corner in corners]
    canvas.add(
        '<polygon class="simplex" points="'
        + " ".join(f"{x},{y}" for x, y in corner_points)
        + '" fill="#F2F2F2" stroke="none"/>'
    )
    shapes: list[list[str]] = [[], [], []]
    items: list[tuple[Point, list[_Region], Sequence[Point]]] = []
    points: list[tuple[tuple[str, str], _Region]] = []
    for region in _winning(regions, fills):
        page = [layout.page(*plane(v, dimensions)) for v in region.vertices]
        drawn = [layout.point(vertex, dimensions) for vertex in region.vertices]
        title = _ids_title(region.ids)
        anchor = layout.page(*centroid([plane(v, dimensions) for v in region.vertices]))
        if len(drawn) >= 3:
            shapes[0].append(
                '<polygon class="region" points="'
                + " ".join(f"{x},{y}" for x, y in drawn)
                + f'" fill="{region.fill}" stroke="#FFFFFF" stroke-width="1">{title}</polygon>'
            )
            items.append((anchor, [region], page))
        elif len(drawn) == 2:
            (x1, y1), (x2, y2) = drawn
            colour = colour_of(region.fill)  # a line is stroked in the plain colour
            shapes[1].append(
                f'<line class="region" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}"'
                f' stroke-width="6" stroke-linecap="round">{title}</line>'
            )
            items.append((anchor, [region], ()))
        else:
            points.append((drawn[0], region))
    for (x1, y1), group in _coincident(points):
        ids = [supplier for region in group for supplier in region.ids]
        shapes[2].append(
            f'<circle class="region" cx="{x1}" cy="{y1}" r="7" fill="{group[0].fill}"'
            f' stroke="#1A1A1A" stroke-width="1">{_ids_title(ids)}</circle>'
        )
        items.append(((exact(x1), exact(y1)), group, ()))
    for group_elements in shapes:
        for element in group_elements:
            canvas.add(element)
    canvas.add(
        '<polygon class="frame" points="'
        + " ".join(f"{x},{y}" for x, y in corner_points)
        + '" fill="none" stroke="#1A1A1A" stroke-width="1.5"/>'
    )
    (left_x, left_y), (right_x, right_y), (top_x, top_y) = corner_points
    names = [dimension_name(canvas.lang, name) for name in dimensions]
    name_at = [
        (exact(left_x), exact(left_y) + 22),
        (exact(right_x), exact(right_y) + 22),
        (exact(top_x), exact(top_y) - 10),
    ]
    for (x, y), name in zip(name_at, names, strict=True):
        obstacles.append(text_box((x, y - 5), name, 14))
    weights = layout.page(*plane(analysis["weights"], dimensions))
    obstacles.append(_marker_box(*weights, 8))
    switching = analysis.get("switchingDistance")
    switch_page = None
    if switching is not None:
        switch_page = layout.page(*plane(switching["point"], dimensions))
        obstacles.append(_marker_box(*switch_page, 6))
    slots = [
        (Fraction(x), Fraction(y))
        for y in range(top + 16, base + 1, SLOT_STEP)
        for x in (layout.left - frame.slot_gap, layout.left + layout.side + frame.slot_gap)
    ]
    placer = Placer(
        (Fraction(0), Fraction(0), Fraction(frame.width), Fraction(base + 40)), obstacles, slots
    )
    _place_all(canvas, placer, items)
    _markers(
        canvas,
        layout.point(analysis["weights"], dimensions),
        None if switching is None else layout.point(switching["point"], dimensions),
    )
    corner_style = {"class_": "corner", "font_size": "14", "font_weight": "700"}
    for (x, y), name in zip(name_at, names, strict=True):
        canvas.text(fixed2(x), fixed2(y), escape(name), text_anchor="middle", **corner_style)
    height = _legend(canvas, analysis, fills, base + 60, "area")
    return canvas.render(height)


def _scale(canvas: _Canvas, dimensions: Sequence[str], bottom: int, obstacles: list[Box]) -> int:
    """The bar's scale: a tick and its whole percent every quarter, the axis words below;
    their boxes join the obstacles. Returns the axis words' baseline."""
    bar = canvas.frame.bar
    left, right = bar.left, bar.left + bar.length
    for tick in TICKS:
        x = fixed2(left + bar.length * tick)
        canvas.add(
            f'<line class="tick" x1="{x}" y1="{bottom}" x2="{x}" y2="{bottom + 6}"'
            ' stroke="#1A1A1A" stroke-width="1"/>'
        )
        label = say(canvas.lang, "percent", value=str(tick * 100))  # whole percents
        canvas.text(
            x, bottom + 19, escape(label), class_="tick-label", text_anchor="middle", font_size="11"
        )
        obstacles.append(text_box((left + bar.length * tick, Fraction(bottom + 15)), "100.0 %", 11))
    axis = canvas.words("bar_axis").format(
        second=dimension_name(canvas.lang, dimensions[1]),
        first=dimension_name(canvas.lang, dimensions[0]),
    )
    axis_y = bottom + 37
    # The narrow picture wraps the axis words to its width (13 px text, 3/4 em a column).
    lines = wrap(axis, 32) if canvas.frame.narrow else [axis]
    for number, line in enumerate(lines):
        if number:
            axis_y += 18
        canvas.text((left + right) // 2, axis_y, escape(line), class_="axis", text_anchor="middle")
        obstacles.append(text_box((Fraction(left + right, 2), Fraction(axis_y - 4)), line, 13))
    return axis_y


def _bar(analysis: Mapping[str, Any], canvas: _Canvas) -> str:
    dimensions = list(analysis["dimensions"])
    regions = analysis["regions"]
    fills = _fills(canvas, regions)
    obstacles = _heading(canvas, analysis)
    frame, bar = canvas.frame, canvas.frame.bar
    left, right = bar.left, bar.left + bar.length
    names = [dimension_name(canvas.lang, name) for name in dimensions]
    name_y = frame.top + 16
    corner_style = {"class_": "corner", "font_size": "14", "font_weight": "700"}
    canvas.text(left, name_y, escape(names[0]), text_anchor="start", **corner_style)
    canvas.text(right, name_y, escape(names[1]), text_anchor="end", **corner_style)
    for x, name in ((left, names[0]), (right, names[1])):
        box = text_box((Fraction(x), Fraction(name_y - 5)), name, 14)
        shift = (box[2] - box[0]) / 2 * (1 if x == left else -1)
        obstacles.append((box[0] + shift, box[1], box[2] + shift, box[3]))
    bar_top, bottom = frame.top + BAR_TOP - MAP_TOP, frame.top + BAR_TOP - MAP_TOP + BAR_HEIGHT
    canvas.add(
        f'<rect class="simplex" x="{left}" y="{bar_top}" width="{bar.length}"'
        f' height="{BAR_HEIGHT}" fill="#F2F2F2"/>'
    )
    middle = Fraction(frame.top + MARKER_Y - MAP_TOP)
    segments: list[str] = []
    dots: list[str] = []
    items: list[tuple[Point, list[_Region], Sequence[Point]]] = []
    points: list[tuple[tuple[str, str], _Region]] = []
    for region in _winning(regions, fills):
        xs = [bar.x(vertex, dimensions) for vertex in region.vertices]
        title = _ids_title(region.ids)
        if len(xs) >= 2:
            start, end = min(xs), max(xs)
            segments.append(
                f'<rect class="region" x="{fixed2(start)}" y="{bar_top}"'
                f' width="{fixed2(end - start)}" height="{BAR_HEIGHT}" fill="{region.fill}"'
                f' stroke="#FFFFFF" stroke-width="1">{title}</rect>'
            )
            shape = [
                (start, Fraction(bar_top)),
                (end, Fraction(bar_top)),
                (end, Fraction(bottom)),
                (start, Fraction(bottom)),
            ]
            items.append((((start + end) / 2, middle), [region], shape))
        else:
            points.append(((fixed2(xs[0]), fixed2(middle)), region))
    for (cx, cy), group in _coincident(points):
        ids = [supplier for region in group for supplier in region.ids]
        dots.append(
            f'<circle class="region" cx="{cx}" cy="{cy}" r="7" fill="{group[0].fill}"'
            f' stroke="#1A1A1A" stroke-width="1">{_ids_title(ids)}</circle>'
        )
        items.append(((exact(cx), exact(cy)), group, ()))
    for element in [*segments, *dots]:
        canvas.add(element)
    canvas.add(
        f'<rect class="frame" x="{left}" y="{bar_top}" width="{bar.length}"'
        f' height="{BAR_HEIGHT}" fill="none" stroke="#1A1A1A" stroke-width="1.5"/>'
    )
    axis_y = _scale(canvas, dimensions, bottom, obstacles)
    weights = bar.x(analysis["weights"], dimensions)
    obstacles.append(_marker_box(weights, middle, 8))
    switching = analysis.get("switchingDistance")
    switch = None
    if switching is not None:
        switch_x = bar.x(switching["point"], dimensions)
        obstacles.append(_marker_box(switch_x, middle, 6))
        switch = (fixed2(switch_x), fixed2(middle))
    slot_rows = (axis_y + 28, axis_y + 28 + SLOT_STEP)
    slots = [
        (Fraction(x), Fraction(y)) for y in slot_rows for x in range(left - 20, right + 21, 26)
    ]
    placer = Placer(
        (Fraction(0), Fraction(0), Fraction(frame.width), Fraction(slot_rows[-1] + 14)),
        obstacles,
        slots,
    )
    lowest = _place_all(canvas, placer, items)
    _markers(canvas, (fixed2(weights), fixed2(middle)), switch)
    height = _legend(canvas, analysis, fills, max(axis_y, lowest) + 36, "length")
    return canvas.render(height)


def _dot(analysis: Mapping[str, Any], canvas: _Canvas) -> str:
    dimensions = list(analysis["dimensions"])
    regions = analysis["regions"]
    fills = _fills(canvas, regions)
    _heading(canvas, analysis)
    x, y = canvas.frame.width // 2, canvas.frame.top + 50
    winning = _winning(regions, fills)
    if winning:
        ids = [supplier for region in winning for supplier in region.ids]
        canvas.add(
            f'<circle class="region" cx="{x}.00" cy="{y}.00" r="12" fill="{winning[0].fill}"'
            f' stroke="#1A1A1A" stroke-width="1">{_ids_title(ids)}</circle>'
        )
        label = Placed(
            "text",
            ids_label(ids, LABEL_COLUMNS * 2),
            (Fraction(x), Fraction(y + 30)),
            (Fraction(x), Fraction(y)),
        )
        _draw_label(canvas, label)
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
    canvas.description.append(canvas.words("why"))
    seen: dict[str, int] = {}
    for reason in document.get("reasons") or []:
        words = reason_words(canvas.lang, reason)
        who = reason.get("supplierId")
        prefix = "" if who is None else isolate(display(str(who))) + ": "
        if reason.get("code") in ERROR_TEXT[canvas.lang]:
            # An error names its field in words, never a JSON path (issue 29).
            where = error_places(
                canvas.lang,
                reason,
                None,
                words=str,
                ids=lambda i: isolate(display(i)),
                code=display,
            )
            prefix = f"{ANSWER_WORDS[canvas.lang]['join'].join(where)}: {prefix}"
        line = f"{prefix}{words}"
        seen[line] = seen.get(line, 0) + 1
    for line, count in seen.items():
        counted = f"{line} {canvas.words('times').format(count=count)}" if count > 1 else line
        canvas.description.append(counted)
        for number, part in enumerate(wrap(counted, TEXT_COLUMNS - 4)):
            canvas.text(52 if number else 40, y + 6, escape(("• " if not number else "") + part))
            y += 18
        y += 4
    return canvas.render(y + 20)


def svg_picture(analysis_doc: Mapping[str, Any], lang: str, *, narrow: bool = False) -> str:
    """The weight map of one weight-analysis document as SVG text (ends with a newline);
    ``lang`` is ``"en"`` or ``"zh"``. Same document and language, same bytes. ``narrow``:
    the phone's picture of the page (:class:`_Frame`), the map and its key numbers only."""
    check_lang(lang)
    analysis = analysis_doc.get("analysis")
    if analysis is None:
        # No map: the phone's page says why in its text, and has no picture for it.
        return "" if narrow else _no_map(analysis_doc, _Canvas(lang, WORDS[lang]["no_map"]))
    canvas = _Canvas(lang, WORDS[lang]["map_title"], NARROW if narrow else WIDE)
    count = len(analysis["dimensions"])
    if count == 3:
        return _triangle(analysis, canvas)
    if count == 2:
        return _bar(analysis, canvas)
    return _dot(analysis, canvas)
