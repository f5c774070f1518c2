"""Same input, same bytes (issue #7): the real CLI's stdout and exit code do not depend on
``PYTHONHASHSEED`` (set and dict iteration, string hashing) or on the locale (``LC_ALL``,
``LANG``) or on the host's stdio encoding settings.

Every variant runs ``python -B scripts/calculate.py --input-json -`` in a fresh process with
the reference environment changed in one variable; its stdout must equal the reference's byte
for byte. ``zh_CN.UTF-8`` is used when ``locale -a`` lists it and skipped otherwise.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "tests" / "data" / "examples"
CALL = [sys.executable, "-B", "scripts/calculate.py", "--input-json", "-"]

# Valid (ranked, tied, sensitivity, partial) and invalid (many errors, unknown keys, number
# forms, parse errors) requests, plus inputs whose outputs hold non-ASCII text and sets.
NAMES = ["\u00e9t\u00e9", "Zeta", "alpha", "\u4e59", "Beta", "\U0001f600", "ALPHA", "b"]
QUOTES = [
    {
        "supplierId": name,
        "specification": "\u87ba\u6813",
        "currency": "CNY",
        "packSize": 10 + index % 3,
        "minimumPacks": 0,
        "packPrice": f"{index % 4}.5",
        "freight": "0",
        "otherFees": "0",
        "leadDays": index % 2,
        "qualityScore": "3",
        "qualityDefinition": "d",
    }
    for index, name in enumerate(NAMES)
]
UNICODE_TIES = {
    "schemaVersion": 1,
    "quantity": 100,
    "currency": "CNY",
    "specification": "\u87ba\u6813",
    "weights": {"cost": "1", "delivery": "1", "quality": "1"},
    "qualityScale": {"definition": "d", "minimum": "1", "maximum": "5"},
    "sensitivityDelta": "0.5",
    "quotes": QUOTES,
}
INPUTS: dict[str, bytes] = {
    **{
        path.name.removesuffix(".request.json"): path.read_bytes()
        for path in sorted(EXAMPLES.glob("*.request.json"))
    },
    "unicode ids and ties": json.dumps(UNICODE_TIES, ensure_ascii=False).encode(),
    "many errors in many objects": (
        b'{"schemaVersion":"1","zz":1,"weights":{"a":1},"quotes":['
        + b",".join(
            b'{"supplierId":"","packSize":"-%d","leadDays":1e%d,"y":null}' % (i, i)
            for i in range(150)
        )
        + b"]}"
    ),
    "parse error": b'{"a":1,"a":2}',
    "surrogate": b'{"a":"\\ud800"}',
}


def _locales() -> set[str]:
    if shutil.which("locale") is None:
        return set()
    listed = subprocess.run(["locale", "-a"], capture_output=True, check=False).stdout
    names = listed.decode(errors="replace").split()
    return {name.lower().replace("utf-8", "utf8") for name in names}


AVAILABLE = _locales()


def _base_env() -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("LC_", "LANG"))}
    env.pop("PYTHONHASHSEED", None)
    env.pop("PYTHONIOENCODING", None)
    env.pop("PYTHONUTF8", None)
    env["PYTHONHASHSEED"] = "0"
    env["LC_ALL"] = "C.UTF-8"
    return env


VARIANTS: dict[str, dict[str, str]] = {
    "PYTHONHASHSEED=1": {"PYTHONHASHSEED": "1"},
    "PYTHONHASHSEED=12345": {"PYTHONHASHSEED": "12345"},
    "PYTHONHASHSEED=random": {"PYTHONHASHSEED": "random"},
    "PYTHONHASHSEED=random (again)": {"PYTHONHASHSEED": "random"},
    "LC_ALL=C": {"LC_ALL": "C"},
    "LC_ALL=POSIX": {"LC_ALL": "POSIX"},
    "LC_ALL=zh_CN.UTF-8": {"LC_ALL": "zh_CN.UTF-8"},
    "LANG=zh_CN.UTF-8, LC_ALL unset": {"LC_ALL": "", "LANG": "zh_CN.UTF-8"},
    "PYTHONIOENCODING=latin-1": {"PYTHONIOENCODING": "latin-1"},
    "PYTHONUTF8=0, LC_ALL=C": {"PYTHONUTF8": "0", "LC_ALL": "C"},
}


def _run(stdin: bytes, changes: dict[str, str]) -> tuple[int, bytes, bytes]:
    env = _base_env()
    for key, value in changes.items():
        if value:
            env[key] = value
        else:
            env.pop(key, None)
    done = subprocess.run(
        CALL, input=stdin, capture_output=True, cwd=ROOT, env=env, timeout=60, check=False
    )
    return done.returncode, done.stdout, done.stderr


@pytest.fixture(scope="module")
def reference() -> dict[str, tuple[int, bytes, bytes]]:
    return {name: _run(raw, {}) for name, raw in INPUTS.items()}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_output_bytes_do_not_depend_on_hash_seed_or_locale(
    variant: str, reference: dict[str, tuple[int, bytes, bytes]]
) -> None:
    changes = VARIANTS[variant]
    wanted = {changes.get("LC_ALL", ""), changes.get("LANG", "")} - {"", "C", "POSIX"}
    for name in wanted:
        if name.lower().replace("utf-8", "utf8") not in AVAILABLE:
            pytest.skip(f"locale {name} is not installed (locale -a)")
    for name, raw in INPUTS.items():
        code, stdout, stderr = _run(raw, changes)
        assert (code, stdout) == reference[name][:2], f"{name} under {variant}"
        assert stderr == b"", f"{name} under {variant}"


def test_the_reference_runs_cover_every_outcome(
    reference: dict[str, tuple[int, bytes, bytes]],
) -> None:
    codes = {code for code, _, _ in reference.values()}
    assert codes == {0, 2}
    joined = b"".join(stdout for _, stdout, _ in reference.values())
    for status in (b'"completed"', b'"partial"', b'"invalid_input"'):
        assert status in joined
    assert "\u4e59".encode() in joined  # non-ASCII text is written as UTF-8 in every locale
    ties = json.loads(reference["unicode ids and ties"][1])
    ranks = [entry["rank"] for entry in ties["ranking"]]
    assert len(ranks) == len(NAMES) and len(set(ranks)) < len(ranks)  # shared ranks
