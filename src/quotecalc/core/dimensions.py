"""The scoring dimensions (CONTRACT §10) and the one score formula in integers.

The table is data: each row names a dimension, the quote value it reads and whether it is
scored on the user's scale. The scoring stage ranks with it, the weight-space geometry
(``quotecalc.solvers.simplex``) and the stability intervals read it, and the published schemas
list its names; none of them keeps a copy.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import mul
from typing import Final

import attrs

from .records import Record


@attrs.frozen(eq=False, repr=False)
class Dimension(Record):
    """One scoring dimension: its name, the quote value it reads, and how it is scored."""

    name: str
    value: str
    on_user_scale: bool = False


DIMENSIONS: Final = (
    Dimension("cost", "landedTotal"),
    Dimension("delivery", "leadDays"),
    Dimension("quality", "qualityScore", on_user_scale=True),
)

NAMES: Final = tuple(dimension.name for dimension in DIMENSIONS)

# Input decimals have at most 6 places; a weight times (1 +- delta) has at most 12.
VALUE_PLACES: Final = 6
WEIGHT_PLACES: Final = 12


def share_score(vector: Sequence[int], point: Sequence[int]) -> int:
    """The §10 score at shares, in integers: ``sum_d point_d * vector_d``.

    ``vector`` is a candidate's components over some dimensions as integer numerators over one
    common denominator ``D``, ``point`` a share vector as integers over their sum ``S``; the
    score at the shares ``point / S`` is this value divided by ``S * D`` (every candidate of one
    table shares ``S * D``, so comparing these integers compares the scores exactly). Linear in
    ``vector``: applied to the difference of two candidates' vectors it gives the sign of the
    difference of their scores. The weight-space analysis (``quotecalc.solvers.simplex``)
    scores with this function only.
    """
    return sum(map(mul, vector, point))
