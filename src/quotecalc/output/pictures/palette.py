"""The fixed fills of the weight map (``docs/pictures.md``).

Regions that can win take, in the analysis document's region order, the seven Okabe-Ito
colours other than black (safe for the common colour-vision deficiencies; black would hide
the labels). Past seven regions the colours repeat with a white hatch over them, one style per
round: diagonal, the other diagonal, cross-hatch; past 28 regions the whole cycle repeats
(the legend still names every region). A fill is a plain colour or ``url(#qc-fill-<s>-<c>)``;
the pattern ids name their content, so they are the same in every picture.
"""

from __future__ import annotations

from typing import Final

OKABE_ITO: Final = (
    "#E69F00",  # orange
    "#56B4E9",  # sky blue
    "#009E73",  # bluish green
    "#F0E442",  # yellow
    "#0072B2",  # blue
    "#D55E00",  # vermillion
    "#CC79A7",  # reddish purple
)
HATCHES: Final = ("solid", "diagonal", "antidiagonal", "cross")
EMPTY_FILL: Final = "none"


def fill_of(index: int) -> tuple[str, str | None]:
    """The fill of the ``index``-th region that can win, and the ``<pattern>`` element it
    needs (``None`` for a plain colour)."""
    colour_index = index % len(OKABE_ITO)
    style_index = index // len(OKABE_ITO) % len(HATCHES)
    colour = OKABE_ITO[colour_index]
    if style_index == 0:
        return colour, None
    pattern_id = f"qc-fill-{style_index}-{colour_index}"
    lines = {
        1: '<path d="M0,8 L8,0 M-2,2 L2,-2 M6,10 L10,6"',
        2: '<path d="M0,0 L8,8 M-2,6 L2,10 M6,-2 L10,2"',
        3: '<path d="M0,8 L8,0 M-2,2 L2,-2 M6,10 L10,6 M0,0 L8,8 M-2,6 L2,10 M6,-2 L10,2"',
    }[style_index]
    pattern = (
        f'<pattern id="{pattern_id}" patternUnits="userSpaceOnUse" width="8" height="8">'
        f'<rect width="8" height="8" fill="{colour}"/>'
        f'{lines} stroke="#FFFFFF" stroke-width="1.5"/></pattern>'
    )
    return f"url(#{pattern_id})", pattern


def colour_of(fill: str) -> str:
    """The plain colour under a fill (a hatch pattern's background colour)."""
    if not fill.startswith("url(#qc-fill-"):
        return fill
    colour_index = int(fill.removesuffix(")").rsplit("-", 1)[1])
    return OKABE_ITO[colour_index]
