"""CI smoke of the fuzz harness (issue #7): ``fuzz/harness.py`` without atheris, in seconds.

1. every seed (shared and repository examples, the JSONTestSuite corpus, generated requests,
   number-form requests) passes every finding check;
2. a fixed-seed run of the JSON-aware mutator (a few thousand mutants, chained) passes too;
3. the checker itself is tested: a target showing each kind of finding is caught;
4. if atheris is installed, a short coverage-guided run of the real harness finds nothing
   (skipped otherwise; CI does not need atheris).

The long run and its figures are in ``docs/testing.md``.
"""

from __future__ import annotations

import importlib.util
import io
import json
import random
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, BinaryIO

import pytest

from quotecalc import Result, calculate
from quotecalc.cli import main as cli_main
from quotecalc.core.codes import ERROR_MESSAGES

ROOT = Path(__file__).resolve().parent.parent
HARNESS_PATH = ROOT / "fuzz" / "harness.py"
MUTANTS = 2000
TIME_BUDGET_S = 60.0


def _load_harness() -> ModuleType:
    spec = importlib.util.spec_from_file_location("quotecalc_fuzz_harness", HARNESS_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


harness = _load_harness()


def test_every_seed_passes_every_check() -> None:
    seeds = harness.seed_inputs()
    assert len(seeds) > 400  # the sources are all there
    assert any(name.startswith("jsontestsuite-") for name in seeds)
    assert any(name.startswith("example-") for name in seeds)
    for name, raw in seeds.items():
        try:
            harness.check_input(raw)
        except harness.Finding as finding:
            pytest.fail(f"seed {name}: {finding}")


def test_mutants_of_the_seeds_pass_every_check() -> None:
    rng = random.Random(20251130)
    pool = [raw for raw in harness.seed_inputs().values() if len(raw) <= 32768]
    started = time.monotonic()
    statuses: dict[str, int] = {}
    for count in range(MUTANTS):
        if time.monotonic() - started > TIME_BUDGET_S:
            break
        data = rng.choice(pool)
        for _ in range(rng.randint(1, 3)):
            data = harness.mutate(data, 32768, rng.getrandbits(32))
        assert isinstance(data, bytes) and len(data) <= 32768
        try:
            harness.check_input(data)
        except harness.Finding as finding:
            pytest.fail(f"mutant {count} {data[:200]!r}...: {finding}")
        status = calculate(data).status
        statuses[status] = statuses.get(status, 0) + 1
        if rng.random() < 0.2:
            pool.append(data)
    # The mutator reaches past validation, not only into parse errors.
    assert statuses.get("invalid_input", 0) > 0
    assert statuses.get("completed", 0) + statuses.get("partial", 0) > 0


def test_the_mutator_is_deterministic_per_seed() -> None:
    raw = (ROOT / "tests" / "data" / "examples" / "01-example-from-brief.request.json").read_bytes()
    for seed in range(50):
        assert harness.mutate(raw, 4096, seed) == harness.mutate(raw, 4096, seed)


# ---- the checker catches each kind of finding ----


class _Fake:
    """A stand-in ``Result`` whose bytes and exit code the test chooses."""

    def __init__(self, output: dict[str, Any], exit_code: int, stdout: bytes | None = None):
        self.output = output
        self.exit_code = exit_code
        self._stdout = stdout

    def to_json(self) -> bytes:
        if self._stdout is not None:
            return self._stdout
        return Result(self.output, self.exit_code).to_json()


def _targets(
    calc: Callable[[bytes], Any],
    cli: Callable[[list[str], BinaryIO, BinaryIO, BinaryIO], int] | None = None,
) -> Any:
    def same_as_library(argv: list[str], stdin: BinaryIO, stdout: BinaryIO, _: BinaryIO) -> int:
        result = calc(stdin.read())
        stdout.write(result.to_json())
        return int(result.exit_code)

    return harness.Targets(calc, cli or same_as_library, ERROR_MESSAGES)


VALID = (ROOT / "tests" / "data" / "examples" / "01-example-from-brief.request.json").read_bytes()
SECRET = b'{"schemaVersion":1,"quotes":[{"supplierId":"SECRET-SUPPLIER-7"}],"zz":1}'


def _raising(raw: bytes) -> Any:
    raise ZeroDivisionError


def _two_lines(raw: bytes) -> Any:
    real = calculate(raw)
    return _Fake(real.output, real.exit_code, real.to_json() + b"{}\n")


def _wrong_exit(raw: bytes) -> Any:
    real = calculate(raw)
    return _Fake(real.output, 1 if real.exit_code == 0 else 0)


def _internal_error(raw: bytes) -> Any:
    output = calculate(raw).output
    return _Fake({**output, "status": "internal_error"}, 1)


def _echoing(raw: bytes) -> Any:
    real = calculate(raw)
    errors = [
        {**error, "path": "/quotes/0/SECRET-SUPPLIER-7"} for error in real.output["limitations"]
    ]
    return _Fake({**real.output, "limitations": errors}, real.exit_code)


def _echo_in_message(raw: bytes) -> Any:
    real = calculate(raw)
    errors = [
        {**error, "message": "unknown key SECRET-SUPPLIER-7"}
        for error in real.output["limitations"]
    ]
    return _Fake({**real.output, "limitations": errors}, real.exit_code)


def _float_out(raw: bytes) -> Any:
    real = calculate(raw)
    return _Fake({**real.output, "ranking": [{"rank": 1, "score": 0.5}]}, real.exit_code)


def _differing_cli(argv: list[str], stdin: BinaryIO, stdout: BinaryIO, stderr: BinaryIO) -> int:
    buffer = io.BytesIO()
    code = cli_main(argv, stdin, buffer, stderr)
    stdout.write(buffer.getvalue().replace(b'"status"', b'"status" '))  # one byte differs
    return code


def _noisy_cli(argv: list[str], stdin: BinaryIO, stdout: BinaryIO, stderr: BinaryIO) -> int:
    stderr.write(b"debug\n")
    return cli_main(argv, stdin, stdout, stderr)


def _escaping_cli(argv: list[str], stdin: BinaryIO, stdout: BinaryIO, stderr: BinaryIO) -> int:
    raise RecursionError


@pytest.mark.parametrize(
    ("raw", "calc", "cli", "expected"),
    [
        (VALID, _raising, None, "exception escaped calculate"),
        (VALID, _two_lines, None, "one line"),
        (VALID, _wrong_exit, None, "exit code does not match"),
        (SECRET, _wrong_exit, None, "exit code does not match"),
        (VALID, _internal_error, None, "internal_error"),
        (SECRET, _echoing, None, "path not built from contract field names"),
        (SECRET, _echo_in_message, None, "fixed text"),
        (VALID, _float_out, None, "float"),
        (VALID, calculate, _differing_cli, "different bytes"),
        (VALID, calculate, _noisy_cli, "stderr"),
        (SECRET, calculate, _escaping_cli, "exception escaped cli.main"),
    ],
)
def test_the_checker_catches_each_kind_of_finding(
    raw: bytes, calc: Any, cli: Any, expected: str
) -> None:
    with pytest.raises(harness.Finding, match=expected):
        harness.check_input(raw, _targets(calc, cli))


def test_the_echo_check_ignores_the_fixed_vocabulary_and_finds_free_text() -> None:
    # Field names and words of the fixed messages may appear in the input and the output.
    fair = b'{"schemaVersion":1,"quotes":[{"supplierId":"packPrice","The input":"The input"}]}'
    harness.check_input(fair)
    found = harness.input_strings(b'{"k\\u00e9y-one":["SECRET-VALUE", "123456"]} trailing')
    assert {"k\\u00e9y-one", "k\u00e9y-one", "SECRET-VALUE"} <= found
    assert "123456" not in found  # index-like: a path index may spell it by coincidence
    output = calculate(SECRET).output
    leaked = {**output, "limitations": [{**output["limitations"][0], "code": "SECRET-SUPPLIER-7"}]}
    with pytest.raises(harness.Finding):
        harness.check_input(SECRET, _targets(lambda raw: _Fake(leaked, 2)))


def test_replay_mode_checks_files(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_bytes(VALID)
    (tmp_path / "b.json").write_bytes(b"[" * 5000)
    out = io.StringIO()
    sys_stdout, sys.stdout = sys.stdout, out
    try:
        assert harness.replay([str(tmp_path)]) == 0
    finally:
        sys.stdout = sys_stdout
    assert "replayed 2 inputs, 0 findings" in out.getvalue()


@pytest.mark.parametrize("given", ["missing", "empty"])
def test_replay_of_nothing_is_an_error(tmp_path: Path, given: str) -> None:
    """A missing path, or a folder holding no file, is exit status 2 and a line on stderr
    (a replay of zero inputs that "passes" is a check that cannot fail)."""
    (tmp_path / "empty").mkdir()
    run = subprocess.run(
        [sys.executable, "-B", str(ROOT / "fuzz" / "harness.py"), "--replay", str(tmp_path / given)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr.startswith("--replay: ")


def test_the_documented_replay_works_on_a_fresh_clone(tmp_path: Path) -> None:
    """``--replay fuzz/seeds`` (docs/testing.md) rebuilds the seeds, so it replays them all
    even where the folder does not exist yet; here on a copy of the harness's folder."""
    fuzz = tmp_path / "fuzz"
    fuzz.mkdir()
    shutil.copy(ROOT / "fuzz" / "harness.py", fuzz / "harness.py")
    for folder in ("src", "tests", "examples"):
        (tmp_path / folder).symlink_to(ROOT / folder)
    run = subprocess.run(
        [sys.executable, "-B", "fuzz/harness.py", "--replay", "fuzz/seeds"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    count = int(run.stdout.split()[1])
    assert count == len(list((fuzz / "seeds").iterdir())) > 400


def test_short_atheris_run_finds_nothing(tmp_path: Path) -> None:
    pytest.importorskip("atheris", reason="atheris is not installed (the smoke above suffices)")
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name in ("01-example-from-brief", "11-unknown-keys-everywhere-no-echo"):
        raw = (ROOT / "tests" / "data" / "examples" / f"{name}.request.json").read_bytes()
        (corpus / f"{name}.json").write_bytes(raw)
    done = subprocess.run(
        [
            sys.executable,
            str(HARNESS_PATH),
            "-atheris_runs=3000",
            "-max_len=8192",
            "-timeout=20",
            f"-dict={ROOT / 'fuzz' / 'json.dict'}",
            f"-artifact_prefix={tmp_path}/",
            str(corpus),
        ],
        capture_output=True,
        cwd=ROOT,
        timeout=110,
        check=False,
    )
    log = done.stderr.decode(errors="replace")
    assert done.returncode == 0, log[-3000:]
    assert "Uncaught Python exception" not in log, log[-3000:]
    assert not list(tmp_path.glob("crash-*"))


def test_the_dictionary_is_valid_libfuzzer_syntax() -> None:
    lines = (ROOT / "fuzz" / "json.dict").read_text().splitlines()
    entries = [line for line in lines if line and not line.startswith("#")]
    assert len(entries) > 100
    for line in entries:
        assert line.startswith('"') and line.endswith('"'), line
        json.loads(line.replace("\\x", "\\u00"))  # escapes are \\, \" and \xNN only
