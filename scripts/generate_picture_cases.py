# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001
"""Write the four requests that stress the pictures (issue 21):
``python -B scripts/generate_picture_cases.py``.

Deterministic (a fixed linear congruential sequence, no clock, no randomness), so a rerun
rewrites the same bytes into ``tests/data/picture_cases/``:

- ``long-cjk-names``: 12 suppliers with long Chinese names (26 characters);
- ``hundred-quotes``: 100 quotes, most of which cannot rank first for any weights;
- ``two-dimensions``: the multi-supplier example without quality (two mapped dimensions);
- ``dominant-supplier``: one supplier better than the others on every dimension;
- ``many-winners``: 100 quotes on a convex trade-off between cost, lead time and quality, so
  that many of them rank first somewhere on the map (issue 35: the SVG's legend summarised).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

SCALE = {"definition": "供应商审核评分 1-5（5 为最好）", "minimum": "1", "maximum": "5"}


def quote(sid, pack, minp, price, freight, fees, lead, q, spec):  # noqa: PLR0917
    d = {
        "supplierId": sid,
        "specification": spec,
        "currency": "CNY",
        "packSize": pack,
        "minimumPacks": minp,
        "packPrice": price,
        "freight": freight,
        "otherFees": fees,
        "leadDays": lead,
        "qualityEvidence": "审核报告",
    }
    if q is not None:
        d["qualityScore"] = q
        d["qualityDefinition"] = SCALE["definition"]
    return d


def base(spec, quotes, weights, scale=True, qty=12000):
    r = {
        "schemaVersion": 1,
        "quantity": qty,
        "currency": "CNY",
        "specification": spec,
        "weights": weights,
    }
    if scale:
        r["qualityScale"] = SCALE
    r["quotes"] = quotes
    return r


CITIES = [
    "宁波",
    "温州",
    "苏州",
    "天津",
    "嘉兴",
    "东莞",
    "佛山",
    "无锡",
    "常州",
    "台州",
    "泉州",
    "青岛",
]


def long_names():
    spec = "M8x30 六角螺栓，A2-70 不锈钢，DIN 933"
    qs = []
    for i, c in enumerate(CITIES):
        sid = f"{c}市精密紧固件制造有限公司华东第{i + 1}销售分公司"
        price = f"{300 + (i * 37) % 90}.00"
        lead = 8 + (i * 5) % 23
        q = f"{3 + ((i * 7) % 20) / 10:.1f}"
        qs.append(quote(sid, 1000, 0, price, f"{(i * 53) % 300}.00", "0", lead, q, spec))
    return base(spec, qs, {"cost": "0.5", "delivery": "0.3", "quality": "0.2"})


def hundred():
    spec = "M6 flat washer, A2 stainless"
    qs = []
    x = 12345
    for i in range(100):
        x = (x * 1103515245 + 12345) % 2**31
        price = 200 + x % 200
        x = (x * 1103515245 + 12345) % 2**31
        lead = 5 + x % 40
        x = (x * 1103515245 + 12345) % 2**31
        q = 10 + x % 41
        qs.append(
            quote(
                f"SUPPLIER-{i + 1:03d}-HARDWARE",
                1000,
                0,
                f"{price}.00",
                "0",
                "0",
                lead,
                f"{q / 10:.1f}",
                spec,
            )
        )
    return base(spec, qs, {"cost": "0.5", "delivery": "0.3", "quality": "0.2"}, qty=10000)


def two_dims():
    r = json.loads((ROOT / "examples" / "multi-supplier.request.json").read_text())
    r.pop("qualityScale")
    r.pop("minimumQualityScore")
    r["weights"] = {"cost": "0.6", "delivery": "0.4", "quality": "0"}
    for q in r["quotes"]:
        q.pop("qualityScore")
        q.pop("qualityDefinition")
    return r


def dominant():
    spec = "M10 hex nut, A4 stainless"
    qs = [quote("SUZHOU-PRECISION", 500, 0, "150.00", "0", "0", 5, "4.9", spec)]
    for i, c in enumerate(["NINGBO", "WENZHOU", "TIANJIN", "JIAXING", "DONGGUAN", "FOSHAN"]):
        qs.append(
            quote(
                f"{c}-FASTENERS",
                500,
                0,
                f"{160 + i * 9}.00",
                f"{i * 40}.00",
                "0",
                7 + i * 3,
                f"{4.5 - i * 0.3:.1f}",
                spec,
            )
        )
    return base(spec, qs, {"cost": "0.5", "delivery": "0.3", "quality": "0.2"}, qty=5000)


def many_winners():
    # Points on an octant of a sphere (cheaper is costlier in days and quality): every one is
    # on the convex front, so most rank first for some weights; rounding to cents, whole days
    # and hundredths of a point leaves a few ties and near misses.
    spec = "M10 hex nut, grade 8"
    qs = []
    for i in range(100):
        a = math.pi / 2 * ((i % 10) + 0.5) / 10
        b = math.pi / 2 * ((i // 10) + 0.5) / 10
        x, y, z = math.cos(a) * math.cos(b), math.sin(a) * math.cos(b), math.sin(b)
        price = f"{400 - 150 * x:.2f}"
        lead = round(60 - 50 * y)
        q = f"{1 + 4 * z:.2f}"
        qs.append(quote(f"MW-{i + 1:03d}", 1000, 0, price, "0", "0", lead, q, spec))
    return base(spec, qs, {"cost": "0.4", "delivery": "0.3", "quality": "0.3"}, qty=10000)


ROOT = Path(__file__).resolve().parent.parent
out = ROOT / "tests" / "data" / "picture_cases"
for name, fn in [
    ("long-cjk-names", long_names),
    ("hundred-quotes", hundred),
    ("two-dimensions", two_dims),
    ("dominant-supplier", dominant),
    ("many-winners", many_winners),
]:
    (out / f"{name}.request.json").write_text(
        json.dumps(fn(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
