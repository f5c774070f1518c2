"""The one path every POST entry is served by (issue 39, ``docs/http.md``): the calculation
routes, the page's report (a paste, an upload, a download) and filled form, the intake for
programs. Cross-cutting limits live here, once; an entry (:class:`Entry`) only says what it
accepts and what its body asks for.

In order, for every entry:

1. the head's own checks (:attr:`Entry.refused`: the media type, 415; a door option such as a
   workbook's ``lang``, 400), then the announced length against the entry's limit
   (:attr:`Entry.too_large`, 413) -- answers decided before the body is used, sent once the
   body was drained (:func:`.edge.early`);
2. the body held before it is read: a place in the heavy pool when the route's cost class is
   known to be heavy (none free: 503 ``overloaded`` at once), else the announced length (a
   chunked body: the limit + 1) reserved from the worker's body budget (none within
   ``queue_timeout``: 503);
3. the body read once, within the read timeout (408) and the limit (413);
4. what the body asks for (:attr:`Entry.work`): the :class:`Work` to run, with its cost
   class -- the route's, or learned from the body (a page's paste, upload or download) -- or
   an answer that needs no calculation (a form that is no form, 415; the filled form);
5. admission by that class (:func:`run_admitted`): a light calculation takes a slot
   (``queue_timeout``, then 503 with ``Retry-After: 1``) and runs in a worker thread; a heavy
   one takes a heavy place if it holds none (503 at once), a heavy slot and runs in a killable
   worker subprocess, answered within ``heavy_deadline`` of its arrival or 503
   ``deadline_exceeded`` (``Retry-After: 30``) -- heavy work never runs in a light thread;
6. the client watched while its work waits or runs: one gone is logged and counted
   ``client_disconnected``, and its heavy work is stopped (the subprocess is killed: nobody
   will read it, and its slot is worth more to the next caller); a light call, milliseconds
   long, runs to its end as before (decision 34.26) and its answer is dropped.

The pool of every admission, its waits, refusals and deadlines go to the access record and
the metrics the same way for every entry.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import anyio
import attrs
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response

from .access import DISCONNECTED
from .admission import Admission, HeavyAdmission
from .edge import (
    CLOSE,
    BodyTimeout,
    access_of,
    announced_length,
    early,
    error_response,
    outcome,
    read_body,
)
from .limits import Limits
from .metrics import Metrics
from .operations import HEAVY, LIGHT, Calculated

Endpoint = Callable[[Request], Awaitable[Response]]


@attrs.frozen
class Ran:
    """What the heavy worker subprocess returned: the entry point's exit code and bytes (the
    shape of a calculator's result: ``exit_code`` and ``to_json()``)."""

    exit_code: int
    body: bytes

    def to_json(self) -> bytes:
        return self.body


@attrs.frozen
class Work:
    """What an admitted entry runs: ``run(raw)`` in the pool of ``cost_class``, its result
    turned into the answer by ``respond``. A heavy ``run`` is a module-level function or a
    kind's run (:func:`.worker.target_of`: the subprocess imports it by name); its result
    comes back as a :class:`Ran`."""

    cost_class: str = attrs.field(validator=attrs.validators.in_((LIGHT, HEAVY)))
    run: Callable[[bytes], Calculated]
    raw: bytes
    respond: Callable[[Calculated], Response]


@attrs.frozen
class Entry:
    """A POST entry as the edge serves it.

    - ``body_limit``: the most body bytes it reads;
    - ``refused``: the answer to a head it refuses (its outcome marked), else ``None``;
    - ``too_large``: its answer to a body over the limit (announced or read), its outcome
      marked if it is a transport error;
    - ``work``: what the body read asks for (:class:`Work`), or an answer at once;
    - ``cost_class``: the route's class when the route alone decides it, ``None`` when only
      the body tells (the body budget is then held while it is read).
    """

    body_limit: int
    refused: Callable[[Request], Response | None]
    too_large: Callable[[Request], Response]
    work: Callable[[Request, bytes], Awaitable[Work | Response]]
    cost_class: str | None = None


@attrs.frozen
class Pools:
    """One worker's admissions, shared by every entry: the light pool (body budget, slots,
    threads) and the heavy pool (places, slots, deadline, subprocesses)."""

    limits: Limits
    metrics: Metrics
    light: Admission
    heavy: HeavyAdmission

    def overloaded(self, cost_class: str) -> Response:
        """503 ``overloaded`` with the ``Retry-After`` of the class's pool."""
        seconds = self.limits.heavy_retry_after if cost_class == HEAVY else self.limits.retry_after
        return error_response("overloaded", {"Retry-After": str(seconds)})


def in_pool(request: Request, cost_class: str) -> None:
    """Mark the pool the request is admitted by (its refusals are counted under it)."""
    record = access_of(request.scope)
    if record is not None:
        record.pool = cost_class


def gone(request: Request) -> bool:
    """Whether the client went away before its answer (as the access record says)."""
    record = access_of(request.scope)
    return record is not None and record.outcome == DISCONNECTED


def endpoint(entry: Entry, pools: Pools) -> Endpoint:
    """The endpoint serving ``entry`` by the one path (the module's steps 1 to 6)."""
    limits = pools.limits

    async def serve(request: Request) -> Response:
        deadline = anyio.current_time() + limits.heavy_deadline  # counted from arrival
        refusal = entry.refused(request)
        if refusal is not None:
            return await early(request, refusal, limits)
        length = announced_length(request.headers)
        if length is not None and length > entry.body_limit:
            return await early(request, entry.too_large(request), limits)
        if entry.cost_class == HEAVY:
            in_pool(request, HEAVY)
            if not pools.heavy.take_place():
                outcome(request.scope, "overloaded")
                return await early(request, pools.overloaded(HEAVY), limits)
            try:
                return await admitted(request, 0.0, deadline, place=True)
            finally:
                pools.heavy.leave()
        size = entry.body_limit + 1 if length is None else length
        waited = await pools.light.reserve(size)
        if waited is None:
            pools.metrics.queue_wait.observe(limits.queue_timeout)
            outcome(request.scope, "overloaded")
            return await early(request, pools.overloaded(LIGHT), limits)
        try:
            return await admitted(request, waited, deadline, place=False)
        finally:
            pools.light.release(size)

    async def admitted(request: Request, waited: float, deadline: float, place: bool) -> Response:
        raw = await body_within(request, entry, limits)
        if isinstance(raw, Response):
            return raw
        work = await entry.work(request, raw)
        if isinstance(work, Response):
            return work
        return await run_admitted(request, work, pools, waited, deadline, place=place)

    return serve


async def body_within(request: Request, entry: Entry, limits: Limits) -> bytes | Response:
    """The body, read once within the entry's limit and the read timeout, or the answer that
    ends the request (timeout, client gone, or over the limit)."""
    try:
        raw = await read_body(request.receive, entry.body_limit, limits.read_timeout)
    except BodyTimeout:
        outcome(request.scope, "request_timeout")
        return error_response("request_timeout", CLOSE)
    except ClientDisconnect:
        outcome(request.scope, DISCONNECTED)
        return error_response("client_disconnected", CLOSE)
    if len(raw) > entry.body_limit:
        return await early(request, entry.too_large(request), limits)
    return raw


async def run_admitted(  # noqa: PLR0917 - the path's state at step 5
    request: Request, work: Work, pools: Pools, waited: float, deadline: float, place: bool
) -> Response:
    """``work`` admitted by its cost class (step 5), its client watched (step 6): its answer,
    or the 503 or the disconnect that ends it. ``waited``: seconds already waited for the
    body budget; ``place``: a heavy place is already held."""
    in_pool(request, work.cost_class)
    if work.cost_class == LIGHT:
        if place:
            raise ValueError("a heavy route's work is heavy")
        return await _light(request, work, pools, waited)
    if not place:
        if not pools.heavy.take_place():
            outcome(request.scope, "overloaded")
            return pools.overloaded(HEAVY)
        try:
            return await _heavy(request, work, pools, waited, deadline)
        finally:
            pools.heavy.leave()
    return await _heavy(request, work, pools, waited, deadline)


async def _light(request: Request, work: Work, pools: Pools, waited: float) -> Response:
    ran = await watched(request, lambda: pools.light.run(work.run, work.raw), stop=False)
    if ran is None:
        if gone(request):
            return error_response("client_disconnected", CLOSE)
        pools.metrics.queue_wait.observe(waited + pools.limits.queue_timeout)
        outcome(request.scope, "overloaded")
        return pools.overloaded(LIGHT)
    result, slot_wait = ran
    pools.metrics.queue_wait.observe(waited + slot_wait)
    return work.respond(result)


async def _heavy(
    request: Request, work: Work, pools: Pools, waited: float, deadline: float
) -> Response:
    ran = await watched(
        request, lambda: pools.heavy.run(work.run, work.raw, deadline, waited), stop=True
    )
    if ran is None:
        if gone(request):
            return error_response("client_disconnected", CLOSE)
        outcome(request.scope, "deadline_exceeded")
        return error_response(
            "deadline_exceeded", {"Retry-After": str(pools.limits.heavy_retry_after)}
        )
    return work.respond(Ran(*ran))


async def watched(request: Request, running: Callable[[], Awaitable[Any]], stop: bool) -> Any:
    """``running()``'s result while the connection is watched (a client gone is marked
    ``client_disconnected``), or ``None`` when it gave none -- or, with ``stop``, when the
    client went away first: then it is cancelled (a heavy subprocess is killed)."""
    ran: Any = None
    async with anyio.create_task_group() as group:

        async def watch() -> None:
            # one receive after the body ended: only a disconnect can come (a server that
            # repeats the body's end instead ends the watch)
            message = await request.receive()
            if message["type"] == "http.disconnect":
                outcome(request.scope, DISCONNECTED)
                if stop:
                    group.cancel_scope.cancel()

        group.start_soon(watch)
        ran = await running()
        group.cancel_scope.cancel()
    return ran
