"""The page's weight-map section and the colour swatches that match the map (issue 21).

Read from the weight-analysis document only: the facts (mapped dimensions, who ranks first,
the user's weights and the nearest switching point as percentages, a count of dominated
suppliers), the SVG (:func:`.svg.svg_picture`), a table of the regions that can win (key
number, swatch, ids, share), then the suppliers that cannot win and the dominance list,
below the map.

A swatch is the region's map fill: the palette colour, and for the hatched rounds a CSS
stripe in the same direction as the SVG pattern (:mod:`.palette`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..people import percent
from .markup import items, paragraph, section, supplier, table, text
from .palette import OKABE_ITO, fill_of
from .text import WORDS, dimension_name, escape, join, separator, share_words

# A long list (100 suppliers) shows its first few; the rest sit in a closed <details>.
FIRST_FEW: Final = 10

# The hatch of each round, as CSS: white stripes over the colour, like the SVG patterns.
HATCH_CSS: Final = (
    ".hatch-1{background-image:repeating-linear-gradient(-45deg,transparent 0 3px,"
    "#fff 3px 4.5px)}"
    ".hatch-2{background-image:repeating-linear-gradient(45deg,transparent 0 3px,"
    "#fff 3px 4.5px)}"
    ".hatch-3{background-image:repeating-linear-gradient(-45deg,transparent 0 3px,"
    "#fff 3px 4.5px),repeating-linear-gradient(45deg,transparent 0 3px,#fff 3px 4.5px)}"
)


def swatch_of(index: int) -> str:
    """The swatch of the ``index``-th region that can win (decorative: hidden from screen
    readers, the ids beside it say who it is)."""
    colour = OKABE_ITO[index % len(OKABE_ITO)]
    fill, _ = fill_of(index)
    style = 0 if not fill.startswith("url(") else int(fill.split("-")[2])
    hatch = f" hatch-{style}" if style else ""
    return (
        f'<span class="swatch map{hatch}" style="background-color:{colour}"'
        ' aria-hidden="true"></span>'
    )


def swatches(document: Mapping[str, Any] | None) -> dict[str, str]:
    """Each supplier id whose region can win, and its swatch (none without a map)."""
    analysis = None if document is None else document.get("analysis")
    if analysis is None:
        return {}
    found: dict[str, str] = {}
    winning = 0
    for region in analysis["regions"]:
        if region["vertices"]:
            for supplier_id in region["supplierIds"]:
                found[str(supplier_id)] = swatch_of(winning)
            winning += 1
    return found


def _ids(ids: Sequence[str], lang: str = "en") -> str:
    return escape(separator(lang)).join(supplier(i) for i in ids) if ids else ""


def _first_few(lang: str, entries: Sequence[str], lead: str, list_ids: bool) -> str:
    """A long list summarised: its first :data:`FIRST_FEW` entries, then all of them in a
    closed disclosure (a short list whole). ``entries`` are escaped HTML."""
    words = WORDS[lang]

    def shown(part: Sequence[str]) -> str:
        if list_ids:
            return paragraph(escape(separator(lang)).join(part))
        return items(part)

    if len(entries) <= FIRST_FEW:
        return paragraph(lead) + shown(entries)
    first = escape(words["cannot_win_first"].format(shown=FIRST_FEW))
    summary = escape(words["show_all"].format(count=len(entries)))
    return (
        paragraph(lead + " " + first)
        + shown(entries[:FIRST_FEW])
        + f"<details><summary>{summary}</summary>\n{shown(entries)}</details>\n"
    )


def _labelled(lang: str, label: str, value: str) -> str:
    template = escape(WORDS[lang]["labelled"])
    return template.replace("{label}", escape(label)).replace("{value}", value)


def _point(lang: str, point: Mapping[str, str]) -> str:
    return escape(separator(lang)).join(
        f"{escape(dimension_name(lang, d))} {escape(percent(share, lang))}"
        for d, share in point.items()
    )


def weight_map(lang: str, document: Mapping[str, Any], svg: str, narrow: str = "") -> str:
    """The section: facts, the map, the regions that can win, then what cannot. ``narrow``
    is the phone's picture (the map and its key numbers, drawn at the width it is shown at):
    a phone's page shows it instead of ``svg``, so no text of the map shrinks (issue 29)."""
    words = WORDS[lang]
    analysis = document.get("analysis")
    figure = (
        f'<figure>\n<div class="map-wide">\n{svg}</div>\n'
        f'<div class="map-narrow">\n{narrow}</div>\n</figure>\n'
    )
    if analysis is None:
        # No map: the page says why in its own words (the answer and the limitations above
        # and below give each reason with its code, marked as code), not in a picture.
        return section("weight-map", words["weight_map"], paragraph(escape(words["no_map_page"])))
    dimensions = [escape(dimension_name(lang, d)) for d in analysis["dimensions"]]
    facts = [
        _labelled(lang, words["mapped"], escape(separator(lang)).join(dimensions)),
        _labelled(lang, words["winners"], _ids(analysis["winners"], lang)),
        _labelled(lang, words["your_weights"].capitalize(), _point(lang, analysis["weights"])),
    ]
    if analysis["excludedDimensions"]:
        names = join(
            lang,
            [dimension_name(lang, str(e["dimension"])) for e in analysis["excludedDimensions"]],
        )
        facts.append(escape(words["excluded"].format(dimensions=names)))
    switching = analysis["switchingDistance"]
    if switching is None:
        key = "winner_everywhere" if len(dimensions) == 1 else "nobody_else_first"
        facts.append(escape(words[key]))
    else:
        facts.append(_labelled(lang, words["switching_point"], _point(lang, switching["point"])))
    dominance = analysis["dominance"]
    regions = analysis["regions"]
    cannot_ids = [str(i) for r in regions if not r["vertices"] for i in r["supplierIds"]]
    if dominance:
        facts.append(escape(words["dominance_count"].format(count=len(dominance))))
        dominated = {str(entry["supplierId"]) for entry in dominance}
        if len(dominated) != len(cannot_ids) or dominated != set(cannot_ids):
            # Two counts that differ need the sentence that says why (issue 29).
            facts.append(
                escape(
                    words["dominance_explained"].format(
                        dominated=len(dominated),
                        cannot=len(cannot_ids),
                        edge=len(dominated - set(cannot_ids)),
                        mixed=len(set(cannot_ids) - dominated),
                    )
                )
            )
    else:
        facts.append(escape(words["no_dominance"]))
    colours = swatches(document)
    rows: list[list[str]] = []
    cannot: list[str] = []
    for region in analysis["regions"]:
        if not region["vertices"]:
            cannot.extend(str(i) for i in region["supplierIds"])
            continue
        ids = list(region["supplierIds"])
        rows.append(
            [
                str(len(rows) + 1),
                colours[str(ids[0])] + _ids(ids, lang),
                escape(share_words(lang, region)),
            ]
        )
    headers = [words["col.key"], words["col.region"], words["col.share"]]
    body = (
        paragraph(escape(words["weight_map_note"]), "note")
        + items(facts)
        + '<div class="map-row">\n'
        + figure
        + table(headers, rows, frozenset({0, 2}), words["weight_map"])
        + "</div>\n"
    )
    if cannot:
        lead = escape(words["cannot_win_list"].format(count=len(cannot)))
        body += _first_few(lang, [supplier(i) for i in cannot], lead, True)
    if dominance:
        lines = [
            escape(words["dominated"])
            .replace("{who}", supplier(entry["supplierId"]))
            .replace("{by}", _ids(entry["dominatedBy"], lang))
            for entry in dominance
        ]
        body += f"<h3>{escape(words['dominance'])}</h3>\n"
        if len(lines) <= FIRST_FEW:
            body += items(lines)
        else:  # the first few dominated ids, every "who is dominated by whom" disclosed
            first = [supplier(entry["supplierId"]) for entry in dominance[:FIRST_FEW]]
            lead = escape(words["dominance_first"].format(shown=FIRST_FEW, count=len(lines)))
            summary = escape(words["show_all"].format(count=len(lines)))
            body += (
                paragraph(lead + " " + escape(separator(lang)).join(first))
                + f"<details><summary>{summary}</summary>\n{items(lines)}</details>\n"
            )
    return section("weight-map", words["weight_map"], body)


__all__ = ["HATCH_CSS", "swatches", "text", "weight_map"]
