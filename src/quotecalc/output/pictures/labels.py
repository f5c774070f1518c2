"""Label placement on the weight map that never overlaps (issue 21; ``docs/pictures.md``).

Each region that can win gets its key number (its row in the legend). A label is placed by
the first rule that works, in the region order given (largest share first):

1. its ids (shortened) at the region's centroid or a nearby spot (:func:`candidates`), when
   the text's box lies inside the region (regions are convex, so its four corners inside
   suffice) and touches no box placed before;
2. else its number in a badge at one of those spots, under the same two conditions;
3. else its number in the free callout slot (beside the triangle, below the bar) nearest the
   centroid, joined to it by a leader line.

Boxes are estimated from display columns with a generous width per column
(:data:`COLUMN_WIDTH`, wider than any glyph of the fonts named), exactly in Fractions; the
obstacles (title, caption, corner names, markers) are given by the caller. A label is never
placed outside the picture or over another: when every slot is taken, the region is named
in the legend only.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Final, NamedTuple

from ..cells import display_width

# A display column of 12 px bold text is at most 9 px wide (0.75 em) in the fonts named.
COLUMN_WIDTH: Final = Fraction(3, 4)
BADGE: Final = 9  # badge radius
PAD: Final = 2
OFFSETS: Final = ((0, -22), (0, 22), (-48, 0), (48, 0), (0, -44), (0, 44), (-96, 0), (96, 0))

Box = tuple[Fraction, Fraction, Fraction, Fraction]  # left, top, right, bottom
Point = tuple[Fraction, Fraction]


class Placed(NamedTuple):
    """One label: ``kind`` ``text`` (ids at the anchor), ``badge`` (number at the anchor) or
    ``callout`` (number at ``at``, a leader line to ``anchor``)."""

    kind: str
    text: str
    at: Point
    anchor: Point


def text_box(centre: Point, text: str, size: int) -> Box:
    """The box of ``text`` centred on ``centre`` (middle anchor, central baseline)."""
    half_width = COLUMN_WIDTH * size * display_width(text) / 2 + PAD
    half_height = Fraction(size * 7, 10) + PAD
    x, y = centre
    return (x - half_width, y - half_height, x + half_width, y + half_height)


def badge_box(centre: Point, text: str) -> Box:
    """The box of a numbered badge (a circle, wider for a number list such as ``3, 4``)."""
    x, y = centre
    half = max(Fraction(BADGE), COLUMN_WIDTH * 11 * display_width(text) / 2 + 3)
    return (x - half, y - BADGE - 1, x + half, y + BADGE + 1)


def overlaps(first: Box, second: Box) -> bool:
    """Whether two boxes share interior points."""
    return not (
        first[2] <= second[0]
        or second[2] <= first[0]
        or first[3] <= second[1]
        or second[3] <= first[1]
    )


def inside_convex(box: Box, polygon: Sequence[Point]) -> bool:
    """Whether all four corners of ``box`` lie in the convex ``polygon`` (at least three
    vertices, either orientation); a segment or a point contains no box."""
    if len(polygon) < 3:
        return False
    corners = [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
    signs: set[bool] = set()
    for index, (x0, y0) in enumerate(polygon):
        x1, y1 = polygon[(index + 1) % len(polygon)]
        for cx, cy in corners:
            cross = (x1 - x0) * (cy - y0) - (y1 - y0) * (cx - x0)
            if cross == 0:
                return False
            signs.add(cross > 0)
    return len(signs) == 1


class Placer:
    """Places labels one at a time against the boxes already taken."""

    def __init__(self, bounds: Box, obstacles: Sequence[Box], slots: Sequence[Point]) -> None:
        self.bounds = bounds
        self.taken: list[Box] = list(obstacles)
        self.slots = list(slots)

    def _fits(self, box: Box) -> bool:
        left, top, right, bottom = self.bounds
        within = box[0] >= left and box[1] >= top and box[2] <= right and box[3] <= bottom
        return within and not any(overlaps(box, other) for other in self.taken)

    def place(
        self, anchor: Point, ids_text: str, number: str, region: Sequence[Point], size: int
    ) -> Placed | None:
        """The label of one region (``region``: its page polygon, empty for a line or point):
        tried at the anchor, then at the nearby positions of :func:`candidates`."""
        spots = candidates(anchor, region)
        for spot in spots:
            box = text_box(spot, ids_text, size)
            if inside_convex(box, region) and self._fits(box):
                self.taken.append(box)
                return Placed("text", ids_text, spot, spot)
        for spot in spots:
            box = badge_box(spot, number)
            if inside_convex(box, region) and self._fits(box):
                self.taken.append(box)
                return Placed("badge", number, spot, spot)
        ax, ay = anchor
        free = [
            (slot, self._inside(slot, number))
            for slot in self.slots
            if self._fits(badge_box(self._inside(slot, number), number))
        ]
        if not free:
            return None
        slot, spot = min(free, key=lambda s: ((s[1][0] - ax) ** 2 + (s[1][1] - ay) ** 2, s[1]))
        self.slots.remove(slot)
        self.taken.append(badge_box(spot, number))
        return Placed("callout", number, spot, anchor)

    def _inside(self, slot: Point, number: str) -> Point:
        """The slot moved sideways just enough for a wide badge to stay in the picture."""
        left, _, right, _ = badge_box(slot, number)
        x, y = slot
        if left < self.bounds[0]:
            x += self.bounds[0] - left + 1
        elif right > self.bounds[2]:
            x -= right - self.bounds[2] + 1
        return (x, y)


def candidates(anchor: Point, region: Sequence[Point]) -> list[Point]:
    """Where a label may go, in order: the anchor, then fixed offsets around it, then the
    points a third and two thirds of the way to each vertex (all inside a convex region)."""
    x, y = anchor
    spots = [anchor]
    spots.extend((x + dx, y + dy) for dx, dy in OFFSETS)
    for vx, vy in region:
        spots.extend(
            (x + (vx - x) * Fraction(step, 3), y + (vy - y) * Fraction(step, 3)) for step in (1, 2)
        )
    return spots
