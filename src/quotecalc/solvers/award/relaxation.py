"""The linear relaxation of the event's model, solved by HiGHS, and the exact lower bound its
duals prove (issue 38, ``docs/event-solver.md``, "The relaxation").

Imported only inside :func:`quotecalc.solvers.award.best_award` (``highspy``, the ``[plan]``
extra). The relaxation is :mod:`.linear`'s model with every column continuous in ``[0,
upper]`` and the landed cost (times ``U``) as its objective. HiGHS solves it in floating point;
nothing it returns is trusted as a figure:

- its column values only *guide* the search over supplier sets (:mod:`.sets`), whose awards
  are costed exactly;
- its row duals ``y`` are turned into an exact bound (:func:`safe_bound`): for any ``y`` and any
  ``x`` the model allows, ``c x = (c - A^T y) x + y A x >= sum_j min(0, d_j) upper_j + sum_r
  y_r b_r`` (``d = c - A^T y``, ``b_r`` the row's lower bound where ``y_r > 0`` and its upper
  bound where ``y_r < 0``; a ``y_r`` whose side has no bound is taken as 0). The right side is
  computed in Python integers from ``y`` rounded to multiples of ``2^-BITS``, so it is a lower
  bound of every allowed award's cost whatever HiGHS's rounding errors were; it is near the
  relaxation's optimum when ``y`` is near its optimal duals.

Reproducible: one thread, HiGHS's fixed defaults, an iteration limit (a count, never a clock),
so the same event gives the same values on any machine of one architecture. A model above
:data:`~.work.SIMPLEX_LEVELS` price levels is solved by the interior point method instead of
the dual simplex, which took 72 s of CPU on an adversarial event of 44,521 rows.
"""

from __future__ import annotations

import ctypes
import os
import sys
import threading
from collections.abc import Iterable
from typing import Final, NamedTuple

import highspy
import numpy as np

from .linear import Formulation

# The duals are rounded to multiples of 2^-BITS before the exact bound is computed: any
# rounding keeps the bound valid, and 2^-30 keeps it within far less than a cent of HiGHS's.
BITS: Final = 30


_FIRST = threading.Lock()
_quiet = False


def _highs() -> highspy.Highs:
    """A silent HiGHS instance. HiGHS writes its banner with C ``printf`` on the process's first
    instance, before any option can turn output off, and the CLI's and MCP's standard output is
    the answer (one JSON object, or the protocol's lines): so the first instance is made while
    file descriptor 1 points into a pipe that is then emptied (the C buffer flushed first), and
    every instance gets ``output_flag`` off. Later instances print nothing."""
    global _quiet  # noqa: PLW0603 (once per process)
    with _FIRST:
        if _quiet:
            return _silenced(highspy.Highs())  # type: ignore[no-untyped-call]  # no hints
        try:
            libc = ctypes.CDLL(None)
            sys.stdout.flush()
            libc.fflush(None)
            kept = os.dup(1)
        except (OSError, AttributeError, ValueError):
            # No C library to flush or no descriptor 1 to keep: nothing of ours to protect.
            highs = highspy.Highs()  # type: ignore[no-untyped-call]  # no hints
        else:
            drain, sink = os.pipe()
            try:
                os.dup2(sink, 1)
                highs = highspy.Highs()  # type: ignore[no-untyped-call]  # no hints
                libc.fflush(None)
            finally:
                os.dup2(kept, 1)
                for descriptor in (kept, sink, drain):
                    os.close(descriptor)
        _quiet = True
        return _silenced(highs)


def _silenced(highs: highspy.Highs) -> highspy.Highs:
    highs.setOptionValue("output_flag", False)
    highs.setOptionValue("log_to_console", False)
    return highs


class Solved(NamedTuple):
    """An optimal solution of the relaxation: its objective (a float, for guidance only), the
    column values, the row duals and the columns' reduced costs."""

    objective: float
    values: tuple[float, ...]
    duals: tuple[float, ...]
    reduced: tuple[float, ...]


class Relaxation:
    """The relaxation of one formulation in HiGHS, solved again with vendors closed."""

    def __init__(self, form: Formulation, iterations: int, interior: bool = False) -> None:
        self.form = form
        b = form.b
        highs = _highs()
        highs.setOptionValue("threads", 1)
        if interior:
            # A large model: the interior point method's few dozen iterations, without the
            # crossover to a basis (its duals prove the bound as well; decision 38.10).
            highs.setOptionValue("solver", "ipm")
            highs.setOptionValue("run_crossover", "off")
            highs.setOptionValue("ipm_iteration_limit", iterations)
        else:
            highs.setOptionValue("simplex_iteration_limit", iterations)
        count = len(b.upper)
        costs = np.zeros(count)
        for coefficient, column in form.cost:
            costs[column] += coefficient
        empty = np.zeros(count + 1, dtype=np.int32)
        highs.addCols(
            count,
            costs,
            np.zeros(count),
            np.array(b.upper, dtype=np.float64),
            0,
            empty,
            np.zeros(0, dtype=np.int32),
            np.zeros(0),
        )
        starts, indices, values = [0], [], []
        lows, highs_ = [], []
        for row in b.rows:
            for coefficient, column in row.terms:
                indices.append(column)
                values.append(float(coefficient))
            starts.append(len(indices))
            lows.append(-highspy.kHighsInf if row.low is None else float(row.low))
            highs_.append(highspy.kHighsInf if row.high is None else float(row.high))
        highs.addRows(
            len(b.rows),
            np.array(lows),
            np.array(highs_),
            len(indices),
            np.array(starts[:-1], dtype=np.int32),
            np.array(indices, dtype=np.int32),
            np.array(values),
        )
        self.highs = highs
        self.iterations = 0

    def solve(self, closed: Iterable[int] = ()) -> Solved | None:
        """The relaxation with the vendors ``closed`` awarded nothing (their use column fixed
        at 0, every other vendor's free again); ``None`` when HiGHS stops short of an optimum
        (the iteration limit, or no allowed point)."""
        shut = set(closed)
        for vendor, column in self.form.vendor_use.items():
            self.highs.changeColBounds(column, 0.0, 0.0 if vendor in shut else 1.0)
        self.highs.run()
        info = self.highs.getInfo()
        self.iterations += info.simplex_iteration_count + info.ipm_iteration_count
        if self.highs.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            return None
        solution = self.highs.getSolution()
        return Solved(
            self.highs.getInfo().objective_function_value,
            tuple(solution.col_value),
            tuple(solution.row_dual),
            tuple(solution.col_dual),
        )


def safe_bound(form: Formulation, duals: tuple[float, ...]) -> int:
    """An exact lower bound of the model's cost (times ``U``, an integer) over every allowed
    award, from any row duals (see the module docstring): ``ceil`` of the dual bound, computed
    in integers scaled by ``2^BITS``."""
    b = form.b
    reduced = [0] * len(b.upper)
    for coefficient, column in form.cost:
        reduced[column] += coefficient << BITS
    total = 0
    for row, dual in zip(b.rows, duals, strict=True):
        y = round(dual * (1 << BITS))
        side = row.low if y > 0 else row.high
        if y == 0 or side is None:
            # No bound on the side the dual needs: that row is left out (y_r = 0).
            continue
        total += y * side
        for coefficient, column in row.terms:
            reduced[column] -= y * coefficient
    total += sum(d * high for d, high in zip(reduced, b.upper, strict=True) if d < 0)
    return -((-total) >> BITS)
