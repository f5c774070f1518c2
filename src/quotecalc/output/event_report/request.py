"""What the event report reads from the request's text (the document does not repeat it):
the currency, each supplier's lead days, the suppliers by id. Presentation only; the request
may be any JSON (an invalid request's too), so every reader tolerates any shape."""

from __future__ import annotations

import json
from typing import Any, Final

NO_REQUEST: Final = object()


def event_currency(raw: bytes) -> str | None:
    """The request's ``currency`` when the bytes are an object holding a string there (the
    document has no currency of its own); ``None`` otherwise. Presentation only."""
    try:
        document = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    found = document.get("currency") if isinstance(document, dict) else None
    return found if isinstance(found, str) else None


def lead_days(request: Any) -> dict[str, Any]:
    """Each supplier's ``leadDays`` as the request gives it (absent: not in the map)."""
    found: dict[str, Any] = {}
    suppliers = request.get("suppliers") if isinstance(request, dict) else None
    for entry in suppliers if isinstance(suppliers, list) else ():
        if (
            isinstance(entry, dict)
            and isinstance(entry.get("supplierId"), str)
            and ("leadDays" in entry)
        ):
            found[entry["supplierId"]] = entry["leadDays"]
    return found


def day_count(value: Any) -> int | None:
    """A lead-days value the validator accepted (an integer, or its decimal string)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return None


def suppliers_of(request: Any) -> dict[str, Any]:
    suppliers = request.get("suppliers") if isinstance(request, dict) else None
    return {
        str(entry["supplierId"]): entry
        for entry in (suppliers if isinstance(suppliers, list) else ())
        if isinstance(entry, dict) and isinstance(entry.get("supplierId"), str)
    }


def specifications(request: Any) -> dict[str, str]:
    """Each item's ``specification`` as the request gives it (a string; absent otherwise)."""
    items = request.get("items") if isinstance(request, dict) else None
    return {
        str(entry["itemId"]): entry["specification"]
        for entry in (items if isinstance(items, list) else ())
        if isinstance(entry, dict)
        and isinstance(entry.get("itemId"), str)
        and isinstance(entry.get("specification"), str)
    }


def offers_of(supplier: Any) -> dict[str, dict[str, Any]]:
    """A supplier's offers by ``itemId`` (the first for an id; any shape tolerated)."""
    offers = supplier.get("offers") if isinstance(supplier, dict) else None
    found: dict[str, dict[str, Any]] = {}
    for entry in offers if isinstance(offers, list) else ():
        if isinstance(entry, dict) and isinstance(entry.get("itemId"), str):
            found.setdefault(entry["itemId"], entry)
    return found
