"""Display coordinates of the weight map: exact until the one rounding (``docs/pictures.md``).

Nothing here decides a region, a winner or a distance: those come from the analysis
document. This module only places its exact points on the page.

- A share point ``{d0: s0, d1: s1, d2: s2}`` (exact ``"p/q"`` strings) is drawn on an
  equilateral triangle with ``d0`` bottom-left, ``d1`` bottom-right and ``d2`` on top, the
  layout the analysis document's vertex order refers to: ``x = s1 + s2 / 2``,
  ``y = s2 * sqrt(3) / 2`` in units of the side, y up.
- ``sqrt(3)`` is the fixed 40-digit decimal :data:`SQRT3`; every coordinate is an exact
  :class:`~fractions.Fraction` until :func:`fixed2` rounds it once, half-up (away from zero),
  to two places. No float is used.
- A label sits at the centroid of its region, computed exactly from the vertices (the area
  centroid of a polygon, the midpoint of a segment, the point itself); the map is affine, so
  the centroid is computed in share space and then placed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Final

# sqrt(3) to 40 significant digits; the error (< 1e-39) is far below the 0.01 display step.
SQRT3: Final = Fraction(Decimal("1.732050807568877293527446341505872366943"))

SharePoint = Mapping[str, str]


def exact(text: str) -> Fraction:
    """An exact value of the analysis document (``"p/q"`` or ``"n"``) as a Fraction."""
    return Fraction(text)


def fixed2(value: Fraction) -> str:
    """``value`` rounded once, half-up (away from zero), to exactly two places: ``"12.35"``."""
    magnitude = abs(value)
    cents = (magnitude * 200 + 1) // 2  # floor(|v| * 100 + 1/2)
    whole, fraction = divmod(int(cents), 100)
    sign = "-" if value < 0 and cents else ""
    return f"{sign}{whole}.{fraction:02d}"


def plane(point: SharePoint, dimensions: Sequence[str]) -> tuple[Fraction, Fraction]:
    """The share-plane coordinates ``(share of dimensions[1], share of dimensions[2])``."""
    second = exact(point[dimensions[1]]) if len(dimensions) > 1 else Fraction(0)
    third = exact(point[dimensions[2]]) if len(dimensions) > 2 else Fraction(0)
    return second, third


def centroid(points: Sequence[tuple[Fraction, Fraction]]) -> tuple[Fraction, Fraction]:
    """The exact centroid of a region's vertices in the share plane: the area centroid of a
    polygon (shoelace), else (segment, point, or collinear vertices) the vertices' mean."""
    count = len(points)
    if count == 0:
        raise ValueError("an empty region has no centroid")
    mean = (
        sum((x for x, _ in points), Fraction(0)) / count,
        sum((y for _, y in points), Fraction(0)) / count,
    )
    if count < 3:
        return mean
    twice_area = Fraction(0)
    sum_x = Fraction(0)
    sum_y = Fraction(0)
    for index in range(count):
        x0, y0 = points[index]
        x1, y1 = points[(index + 1) % count]
        cross = x0 * y1 - x1 * y0
        twice_area += cross
        sum_x += (x0 + x1) * cross
        sum_y += (y0 + y1) * cross
    if twice_area == 0:
        return mean  # collinear vertices (not produced by a correct analysis)
    return sum_x / (3 * twice_area), sum_y / (3 * twice_area)


class TriangleLayout:
    """Where the triangle sits on the page: bottom-left corner ``(left, base)`` and ``side``
    (page units, y down)."""

    def __init__(self, left: int, base: int, side: int) -> None:
        self.left = left
        self.base = base
        self.side = side

    def page(self, x: Fraction, y: Fraction) -> tuple[Fraction, Fraction]:
        """The exact page position of share-plane ``(x, y)`` (``x = s1``, ``y = s2``)."""
        return (
            self.left + self.side * (x + y / 2),
            self.base - self.side * y * SQRT3 / 2,
        )

    def point(self, point: SharePoint, dimensions: Sequence[str]) -> tuple[str, str]:
        """The rounded page position of a share point, as SVG attribute strings."""
        x, y = self.page(*plane(point, dimensions))
        return fixed2(x), fixed2(y)


class BarLayout:
    """Where the two-dimension bar sits: ``dimensions[0] = 1`` at ``left``, ``dimensions[1] = 1``
    at ``left + length``."""

    def __init__(self, left: int, length: int) -> None:
        self.left = left
        self.length = length

    def x(self, point: SharePoint, dimensions: Sequence[str]) -> Fraction:
        """The exact page x of a share point on the bar."""
        return self.left + self.length * exact(point[dimensions[1]])
