"""The bulk door (issue 22): a JSONL file through Dask gives the CLI's bytes, in input order.

Real parts only: a ``distributed.LocalCluster`` of two worker processes shared by the module,
the real command line (``scripts/calculate.py --input-jsonl -``) as the reference, and a
``dask scheduler`` and ``dask worker`` started here as separate processes (loopback, own
process groups, reaped). The parts that need no cluster: ``test_bulk_units.py``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import EXAMPLES, ROOT
from quotecalc import calculate
from quotecalc.bulk import INSTALL_HINT
from quotecalc.bulk.interrupts import Interrupted
from quotecalc.bulk.lines import KEPT
from quotecalc.bulk.progress import Snapshot
from quotecalc.bulk.task import PartitionResult, answer_range

distributed = pytest.importorskip("distributed")
dask = pytest.importorskip("dask")

from quotecalc.bulk.job import FOLDER_PREFIX, BulkError, run  # noqa: E402 - needs the extra

SRC = str(ROOT / "src")
ENV = {**os.environ, "PYTHONPATH": SRC}
PARTITION = 32768  # small, so that 2,000 lines make ~80 partitions and bounds fall anywhere


def example_lines() -> list[bytes]:
    """Every example request on one line, its bytes otherwise as written (a newline is JSON
    whitespace and never inside a string, so literal forms survive)."""
    return [
        path.read_bytes().strip().replace(b"\n", b" ")
        for path in sorted(EXAMPLES.glob("*.request.json"))
    ]


ODD_LINES = [
    b"",  # blank: invalid_json
    b"   ",
    b'{"quotes": [',
    b'{"buyer": "\xff\xfe"}',  # not UTF-8
    b"\xef\xbb\xbf" + b"{}",  # a byte-order mark
    b'{"padding": "' + b"x" * (KEPT + 40000) + b'"}',  # over the limit
]


def mixed_file(path: Path, count: int) -> bytes:
    """``count`` lines cycling over the examples (one with a CRLF ending) and the odd lines,
    one of them over the limit; the last line has no newline."""
    pool = example_lines()
    pool[0] += b"\r"
    pool += ODD_LINES[:-1]
    lines = [pool[(index * 7) % len(pool)] for index in range(count)]
    lines[count // 2] = ODD_LINES[-1]  # one line over the limit, cut inside a partition
    data = b"\n".join(lines)
    path.write_bytes(data)
    return data


def cli_jsonl(data: bytes) -> bytes:
    proc = subprocess.run(
        [sys.executable, "-B", "scripts/calculate.py", "--input-jsonl", "-"],
        input=data,
        capture_output=True,
        cwd=ROOT,
        env=ENV,
        timeout=300,
        check=True,
    )
    return proc.stdout


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """One local cluster of two worker processes for the whole module (start-up dominates)."""
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address="127.0.0.1:0",
            scheduler_kwargs={"dashboard": False},
        ) as cluster,
        distributed.Client(cluster, set_as_default=False) as active,
    ):
        yield active


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, bytes]:
    """The 2,000-line file and the real CLI's answer to it."""
    path = tmp_path_factory.mktemp("bulk") / "mixed.jsonl"
    data = mixed_file(path, 2000)
    expected = cli_jsonl(data)
    assert expected.count(b"\n") == 2000
    return path, expected


def statuses_of(output: bytes) -> dict[str, int]:
    return dict(Counter(json.loads(line)["status"] for line in output.splitlines()))


def test_local_cluster_gives_the_cli_bytes_in_order(
    client: Any, mixed: tuple[Path, bytes], tmp_path: Path
) -> None:
    source, expected = mixed
    target = tmp_path / "out.jsonl"
    seen: list[Snapshot] = []
    summary = run(
        str(source), str(target), client=client, partition_bytes=PARTITION, progress=seen.append
    )
    assert target.read_bytes() == expected
    assert summary.lines == 2000
    assert dict(summary.statuses) == statuses_of(expected)
    assert {"completed", "partial", "invalid_input"} <= set(dict(summary.statuses))
    assert 1 <= summary.slowest_line <= 2000 and summary.slowest_ns > 0
    assert summary.partitions == -(-source.stat().st_size // PARTITION)
    assert [path.name for path in tmp_path.iterdir()] == ["out.jsonl"]  # no temporary left
    assert seen[-1].lines == 2000 and seen[-1].done_bytes == seen[-1].total_bytes
    assert [snap.lines for snap in seen] == sorted(snap.lines for snap in seen)


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This process's temporary folder, where a job keeps its answer files (``same_machine``),
    moved to a folder of the test's own: the workers of the module's cluster run on this
    machine, so they write where the driver says."""
    folder = tmp_path / "scratch"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def answer_files(scratch: Path) -> list[Path]:
    return sorted(scratch.glob(f"{FOLDER_PREFIX}*/*.jsonl"))


@pytest.mark.parametrize("partition_bytes", [PARTITION, None])
def test_answers_through_files_give_the_cli_bytes_and_leave_none(
    client: Any, mixed: tuple[Path, bytes], tmp_path: Path, scratch: Path, partition_bytes: Any
) -> None:
    """``same_machine``: each task writes its answers to a file of its own, which the driver
    appends in order and deletes; at the end nothing is left of the folder. With automatic
    partitions too (large first, small last: more than one for two workers)."""
    source, expected = mixed
    target = tmp_path / "out.jsonl"
    seen: list[int] = []
    summary = run(
        str(source),
        str(target),
        client=client,
        partition_bytes=partition_bytes,
        same_machine=True,
        progress=lambda snap: seen.append(len(answer_files(scratch))),
    )
    assert target.read_bytes() == expected
    assert summary.lines == 2000 and dict(summary.statuses) == statuses_of(expected)
    assert max(seen) > 0  # the answers went through files
    assert list(scratch.iterdir()) == []  # the folder and every file removed
    size = source.stat().st_size
    if partition_bytes:
        assert summary.partitions == -(-size // PARTITION)
    else:  # a quarter of what is left, rounded up, 256 KiB at least (by hand)
        assert size == 1_736_191
        assert summary.partitions == 6  # 434,048; 325,536; 262,144 x 3; 190,175


def test_answers_come_back_in_the_results_on_a_given_client(
    client: Any, mixed: tuple[Path, bytes], tmp_path: Path, scratch: Path
) -> None:
    """A client of the caller's may have workers on other machines: no answer file, unless
    ``same_machine`` says so."""
    source, expected = mixed
    seen: list[int] = []
    run(
        str(source),
        str(tmp_path / "out.jsonl"),
        client=client,
        progress=lambda snap: seen.append(len(list(scratch.iterdir()))),
    )
    assert (tmp_path / "out.jsonl").read_bytes() == expected
    assert set(seen) == {0}


@pytest.mark.parametrize("local", [True, False])
def test_answer_files_are_appended_whole_or_the_job_fails(tmp_path: Path, local: bool) -> None:
    """The driver appends an answer file after what the output holds (copied by the kernel
    into a local file, through the process into any other) and deletes it; it never writes
    answers it cannot account for (a file changed after its task ended): that fails loudly."""
    import io

    from quotecalc.bulk.job import _append

    answers = tmp_path / "0.jsonl"
    line = b'{"status":"completed"}\n'
    out: Any = (tmp_path / "out").open("wb") if local else io.BytesIO()
    with out:
        out.write(b"before\n")
        for size, ok in ((len(line), True), (30, False)):
            answers.write_bytes(line)
            part = PartitionResult(b"", 1, (("completed", 1),), (0, 1), 0, 9, 9, str(answers), size)
            if ok:
                _append(part, out)
            else:
                with pytest.raises(BulkError, match="23 bytes of answers where the task wrote 30"):
                    _append(part, out)
            assert not answers.exists()
        out.write(b"after\n")
        out.flush()
        written = (tmp_path / "out").read_bytes() if local else out.getvalue()
    assert written == b"before\n" + line * 2 + b"after\n"  # the second is there, refused


@pytest.mark.parametrize(
    ("workers", "files", "in_flight", "unwritten"),
    [(1, False, 2, 2), (2, False, 4, 4), (2, True, 4, 16), (3, True, 6, 24), (0, True, 2, 8)],
)
def test_partitions_in_flight_and_waiting(
    workers: int, files: bool, in_flight: int, unwritten: int
) -> None:
    """Two tasks per worker submitted; answers held in memory count against that, answers
    waiting in files may be eight per worker."""
    from quotecalc.bulk.job import backlog, window

    assert (window(workers), backlog(workers, files)) == (in_flight, unwritten)


def test_a_task_writes_its_answers_to_the_file_it_is_given(
    mixed: tuple[Path, bytes], tmp_path: Path
) -> None:
    """In process: the same bytes in the file as in a result, the result holding none of
    them, and a retry (the same range again) rewrites the file from its start."""
    source, expected = mixed
    size = source.stat().st_size
    path = tmp_path / "answers.jsonl"
    path.write_bytes(b"x" * (len(expected) + 10))  # a longer file of an earlier attempt
    part = answer_range(str(source), 0, size, "result", path=str(path))
    assert part.output == b"" and part.path == str(path) and part.size == len(expected)
    assert path.read_bytes() == expected
    in_result = answer_range(str(source), 0, size, "result")
    assert (in_result.output, in_result.path, in_result.size) == (expected, None, len(expected))
    assert (part.lines, part.statuses, part.stop) == (
        in_result.lines,
        in_result.statuses,
        in_result.stop,
    )


def test_fsspec_urls_for_both_files(client: Any, tmp_path: Path) -> None:
    lines = [*example_lines()[:4], b"", b"\xef\xbb\xbf{}"]
    data = b"\n".join(lines)
    (tmp_path / "in.jsonl").write_bytes(data)
    summary = run(
        (tmp_path / "in.jsonl").as_uri(),
        (tmp_path / "out.jsonl").as_uri(),
        client=client,
        partition_bytes=700,
    )
    assert (tmp_path / "out.jsonl").read_bytes() == cli_jsonl(data)
    assert summary.lines == 6 and summary.output == (tmp_path / "out.jsonl").as_uri()
    assert sorted(path.name for path in tmp_path.iterdir()) == ["in.jsonl", "out.jsonl"]


def recipe_answer(lines: list[str]) -> list[bytes]:
    """The Bag recipe's function, as docs/bulk.md shows it."""
    return [b"".join(calculate(line.removesuffix("\n")).to_json() for line in lines)]


def test_the_documented_bag_recipe_gives_the_cli_bytes(
    mixed: tuple[Path, bytes], tmp_path: Path
) -> None:
    import dask.bag as db

    source, expected = mixed
    lines = db.read_text(
        str(source), blocksize="64KiB", linedelimiter="\n", errors="surrogateescape"
    )
    lines.map_partitions(recipe_answer).to_textfiles(
        str(tmp_path / "*.jsonl"), encoding=None, name_function="{:06d}".format, scheduler="sync"
    )
    parts = sorted(tmp_path.glob("*.jsonl"))
    assert len(parts) > 10  # the long line spans several blocks: empty partitions too
    assert b"".join(part.read_bytes() for part in parts) == expected
    assert "recipe_answer" not in (ROOT / "docs" / "bulk.md").read_text()
    assert (
        'return [b"".join(quotecalc.calculate(line.removesuffix("\\n")).to_json() for line in'
        " lines)]" in (ROOT / "docs" / "bulk.md").read_text()
    )


def test_a_task_hands_the_rest_of_its_range_on(mixed: tuple[Path, bytes]) -> None:
    """In process: with a small answer budget a range is answered in several tasks, each
    starting where the last stopped (a line start), and together they give the CLI's bytes."""
    source, expected = mixed
    size = source.stat().st_size
    start, parts = 0, []
    while start < size:
        part = answer_range(str(source), start, size, "result", answer_bytes=50_000)
        assert part.start == start and start < part.stop <= part.end == size
        parts.append(part)
        start = part.stop
    assert len(parts) > 20
    assert all(len(part.output) < 50_000 + 20_000 for part in parts)
    assert b"".join(part.output for part in parts) == expected


def test_short_lines_are_answered_in_bounded_tasks(client: Any, tmp_path: Path) -> None:
    """A partition of blank lines: each 1 byte in, 357 out; the tasks hand their ranges on."""
    data = b"\n" * 3000 + b"{}\n" * 500
    (tmp_path / "in.jsonl").write_bytes(data)
    summary = run(
        str(tmp_path / "in.jsonl"),
        str(tmp_path / "out.jsonl"),
        client=client,
        partition_bytes=1 << 20,
        answer_bytes=100_000,
    )
    assert summary.partitions == 1
    assert (tmp_path / "out.jsonl").read_bytes() == cli_jsonl(data)
    assert summary.lines == 3500


def test_small_answer_budget_on_the_mixed_file(
    client: Any, mixed: tuple[Path, bytes], tmp_path: Path
) -> None:
    source, expected = mixed
    run(
        str(source),
        str(tmp_path / "out.jsonl"),
        client=client,
        partition_bytes=1 << 16,
        answer_bytes=1 << 15,
    )
    assert (tmp_path / "out.jsonl").read_bytes() == expected


def test_empty_file_is_an_empty_output(client: Any, tmp_path: Path) -> None:
    (tmp_path / "in.jsonl").write_bytes(b"")
    summary = run(str(tmp_path / "in.jsonl"), str(tmp_path / "out.jsonl"), client=client)
    assert (tmp_path / "out.jsonl").read_bytes() == b""
    assert (summary.lines, summary.statuses, summary.slowest_line) == (0, (), 0)


@pytest.mark.parametrize(
    ("options", "message"),
    [({"kind": "plans"}, "unknown kind"), ({"partition_bytes": 0}, "at least 1")],
)
def test_bad_options_are_refused_before_any_file(
    options: dict[str, Any], message: str, tmp_path: Path
) -> None:
    (tmp_path / "in.jsonl").write_bytes(b"{}\n")
    with pytest.raises(ValueError, match=message):
        run(str(tmp_path / "in.jsonl"), str(tmp_path / "out.jsonl"), **options)
    assert [path.name for path in tmp_path.iterdir()] == ["in.jsonl"]


def cli_analysis(line: bytes) -> bytes:
    proc = subprocess.run(
        [sys.executable, "-B", "scripts/calculate.py", "--input-json", "-", "--analysis"],
        input=line,
        capture_output=True,
        cwd=ROOT,
        env=ENV,
        timeout=60,
        check=False,
    )
    return proc.stdout


def test_analysis_kind_gives_the_analysis_door_bytes(client: Any, tmp_path: Path) -> None:
    pool = example_lines()
    lines = [pool[0], pool[1], pool[-1], *ODD_LINES[:1], ODD_LINES[3], ODD_LINES[-1]]
    (tmp_path / "in.jsonl").write_bytes(b"\n".join(lines) + b"\n")
    run(
        str(tmp_path / "in.jsonl"),
        str(tmp_path / "out.jsonl"),
        client=client,
        kind="analysis",
        partition_bytes=1024,
    )
    expected = b"".join(cli_analysis(line) for line in lines)
    assert (tmp_path / "out.jsonl").read_bytes() == expected
    assert all(json.loads(x)["kind"] == "weight-analysis" for x in expected.splitlines())


def cli_plan(line: bytes) -> bytes:
    proc = subprocess.run(
        [sys.executable, "-B", "scripts/calculate.py", "--input-json", "-", "--plan"],
        input=line,
        capture_output=True,
        cwd=ROOT,
        env=ENV,
        timeout=120,
        check=False,
    )
    return proc.stdout


def test_plan_kind_gives_the_plan_door_bytes(client: Any, tmp_path: Path) -> None:
    example = (ROOT / "examples" / "plan.request.json").read_bytes().strip()
    lines = [
        example.replace(b"\n", b" "),
        example.replace(b"\n", b"\r") + b"\r",  # a CRLF line; \r is JSON whitespace
        example_lines()[0],  # a calculation request is not a plan request
        *ODD_LINES[:1],
        ODD_LINES[3],
        ODD_LINES[-1],
    ]
    data = b"\n".join(lines)
    (tmp_path / "in.jsonl").write_bytes(data)
    summary = run(
        str(tmp_path / "in.jsonl"),
        str(tmp_path / "out.jsonl"),
        client=client,
        kind="plan",
        partition_bytes=2048,
    )
    expected = b"".join(cli_plan(line) for line in lines)
    assert (tmp_path / "out.jsonl").read_bytes() == expected
    documents = [json.loads(text) for text in expected.splitlines()]
    assert {document["kind"] for document in documents} == {"purchase-plan"}
    assert documents[0]["status"] == documents[1]["status"] == "completed"
    assert dict(summary.statuses) == statuses_of(expected)


def test_convert_kind_gives_the_convert_door_bytes(client: Any, tmp_path: Path) -> None:
    # issue 27: each line a convert request, answered as --input-json - --convert answers it
    example = (ROOT / "tests" / "data" / "convert" / "convert.request.json").read_bytes()
    lines = [
        example.strip().replace(b"\n", b" "),
        example_lines()[0],  # no exchangeRates: the plain comparison inside the document
        ODD_LINES[0],
        ODD_LINES[-1],
    ]
    (tmp_path / "in.jsonl").write_bytes(b"\n".join(lines))
    summary = run(
        str(tmp_path / "in.jsonl"),
        str(tmp_path / "out.jsonl"),
        client=client,
        kind="convert",
        partition_bytes=2048,
    )
    expected = b"".join(
        subprocess.run(
            [sys.executable, "-B", "scripts/calculate.py", "--input-json", "-", "--convert"],
            input=line,
            capture_output=True,
            cwd=ROOT,
            env=ENV,
            timeout=120,
            check=False,
        ).stdout
        for line in lines
    )
    assert (tmp_path / "out.jsonl").read_bytes() == expected
    documents = [json.loads(text) for text in expected.splitlines()]
    assert {document["kind"] for document in documents} == {"converted-comparison"}
    assert documents[0]["conversions"][0]["supplierId"] == "WEST"
    assert dict(summary.statuses) == statuses_of(expected)


@pytest.mark.parametrize("same_machine", [False, True])
def test_a_killed_worker_is_survived_or_fails_loudly(
    client: Any, mixed: tuple[Path, bytes], tmp_path: Path, scratch: Path, same_machine: bool
) -> None:
    source, expected = mixed
    target = tmp_path / "out.jsonl"
    pids = list(client.run(os.getpid).values())
    killed: list[int] = []

    def kill_once(snap: Snapshot) -> None:
        if not killed and snap.lines:
            killed.append(pids[0])
            os.kill(pids[0], signal.SIGKILL)

    # A gather from the killed worker waits for the connect timeout (30 s by default).
    with dask.config.set({"distributed.comm.timeouts.connect": "3s"}):
        try:
            summary = run(
                str(source),
                str(target),
                client=client,
                partition_bytes=8192,
                progress=kill_once,
                same_machine=same_machine,
            )
        except BulkError as exc:  # allowed, if loud: no complete-looking output
            assert not target.exists()
            assert exc.partial is None or expected.startswith(Path(exc.partial).read_bytes())
        else:
            assert target.read_bytes() == expected
            assert summary.lines == 2000
    assert killed
    client.wait_for_workers(2, timeout=60)  # the nanny restarts the worker
    assert list(scratch.iterdir()) == []  # no answer file left, whatever the end


def test_an_input_lost_mid_job_fails_with_only_the_temporary_file(
    client: Any, mixed: tuple[Path, bytes], tmp_path: Path
) -> None:
    source, expected = mixed
    copy = tmp_path / "in.jsonl"
    copy.write_bytes(source.read_bytes())
    target = tmp_path / "out.jsonl"

    def lose_input(snap: Snapshot) -> None:
        if copy.exists():
            copy.unlink()  # the partitions not yet started cannot open it

    with pytest.raises(BulkError) as failed:
        run(str(copy), str(target), client=client, partition_bytes=8192, progress=lose_input)
    assert not target.exists()
    partial = Path(str(failed.value.partial))
    assert partial.parent == tmp_path and partial.name.startswith("out.jsonl.")
    written = partial.read_bytes()
    assert len(written) < len(expected) and expected.startswith(written)
    assert "FileNotFoundError" in str(failed.value)


def free_of_listeners(ports: list[int]) -> bool:
    for port in ports:
        with socket.socket() as probe:
            probe.settimeout(1)
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return False
    return True


def start(argv: list[str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, *argv],
        env=ENV,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def reap(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=20)
    with contextlib.suppress(ProcessLookupError):  # the nannies' workers die with the group
        os.killpg(proc.pid, signal.SIGKILL)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            os.killpg(proc.pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    raise AssertionError(f"process group {proc.pid} still alive")


def test_the_command_line_on_a_separate_scheduler_and_workers(
    mixed: tuple[Path, bytes], tmp_path: Path
) -> None:
    source, expected = mixed
    scheduler_file = tmp_path / "scheduler.json"
    scheduler = start(
        [
            "-m",
            "distributed.cli.dask_scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--dashboard-address",
            "127.0.0.1:0",
            "--no-dashboard",
            "--scheduler-file",
            str(scheduler_file),
        ]
    )
    workers = None
    ports: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while not scheduler_file.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        address = json.loads(scheduler_file.read_text())["address"]
        workers = start(
            [
                "-m",
                "distributed.cli.dask_worker",
                "--scheduler-file",
                str(scheduler_file),
                "--nworkers",
                "2",
                "--nthreads",
                "1",
                "--host",
                "127.0.0.1",
                "--no-dashboard",
            ]
        )
        with distributed.Client(address, set_as_default=False, timeout=60) as probe:
            probe.wait_for_workers(2, timeout=60)
            info = probe.scheduler_info()
            ports = [int(address.rsplit(":", 1)[1])]
            ports += [int(worker.rsplit(":", 1)[1]) for worker in info["workers"]]
        target = tmp_path / "out.jsonl"
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "quotecalc.bulk",
                str(source),
                str(target),
                "--scheduler",
                address,
                "--partition-bytes",
                str(PARTITION),
            ],
            capture_output=True,
            env=ENV,
            cwd=tmp_path,
            timeout=300,
            check=False,
        )
        assert proc.returncode == 0, proc.stderr.decode()
        assert target.read_bytes() == expected
        report = proc.stderr.decode()
        counts = statuses_of(expected)
        assert "2,000 lines in " in report and "2 workers" in report
        for status, count in counts.items():
            assert f"{status} {count:,}" in report
        assert "slowest: line " in report and f"wrote {target}" in report
    finally:
        if workers is not None:
            reap(workers)
        reap(scheduler)
    assert free_of_listeners(ports)


def bulk_cli(
    *argv: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "quotecalc.bulk", *argv],
        capture_output=True,
        env=env or ENV,
        cwd=cwd,
        timeout=120,
        check=False,
    )


def test_the_command_line_on_the_embedded_cluster(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    lines = [*example_lines()[:3], b"", b"\xff"]
    data = b"\n".join(lines) + b"\n"
    (tmp_path / "in.jsonl").write_bytes(data)
    scratch = tmp_path_factory.mktemp("tmpdir")  # the job's temporary folder goes here
    proc = bulk_cli(
        "in.jsonl",
        "out.jsonl",
        "--workers",
        "1",
        "--quiet",
        cwd=tmp_path,
        env={**ENV, "TMPDIR": str(scratch)},
    )
    assert (proc.returncode, proc.stderr) == (0, b"")
    assert (tmp_path / "out.jsonl").read_bytes() == cli_jsonl(data)
    assert list(scratch.glob(f"{FOLDER_PREFIX}*")) == []  # the answer files' folder is gone


def session_processes(session: int) -> list[str]:
    """The processes of a session still running (a zombie has exited: its new parent has
    not reaped it yet), as ``pid command`` strings."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:  # gone meanwhile
            continue
        fields = stat.rsplit(")", 1)[1].split()  # state, ppid, pgrp, session, ...
        if int(fields[3]) == session and fields[0] != "Z":
            found.append(f"{entry.name} {command}")
    return found


def spawned_workers(pid: int) -> bool:
    """Whether the process ``pid`` has started a worker process (multiprocessing's spawn)."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid and b"spawn_main" in command:
            return True
    return False


INTERRUPTED = re.compile(
    r"quotecalc\.bulk: interrupted after ([0-9,]+) lines; removed their answers"
    r" \([0-9.,]+ (?:bytes|KiB|MiB|GiB), (.+\.part)\); out\.jsonl was not written\n"
)
NOTHING_WRITTEN = (
    "quotecalc.bulk: interrupted before any answer was written; out.jsonl was not written\n"
)


@pytest.mark.parametrize(
    ("moment", "presses"), [("mid-job", 1), ("mid-job", 2), ("cluster start", 1)]
)
def test_ctrl_c_is_one_line_exit_130_and_nothing_left(
    mixed: tuple[Path, bytes],
    tmp_path: Path,
    tmp_path_factory: pytest.TempPathFactory,
    moment: str,
    presses: int,
) -> None:
    """Ctrl-C (SIGINT to the whole process group, as a terminal sends it, once or twice):
    exit 130, no traceback, one line on stderr that says what became of the answers written
    so far (removed, and the file named), no file left, no process of the job left running.
    Mid-job: once the first answers are in the temporary file; at cluster start: once the
    driver has spawned a worker process, which is still importing Dask."""
    source, _ = mixed
    argv = [str(source), "out.jsonl", "--workers", "2", "--partition-bytes", "4096", "--quiet"]
    scratch = tmp_path_factory.mktemp("tmpdir")  # the job's answer files go here
    proc = subprocess.Popen(
        [sys.executable, "-m", "quotecalc.bulk", *argv],
        env={**ENV, "TMPDIR": str(scratch)},
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            if moment == "cluster start" and spawned_workers(proc.pid):
                break
            if moment == "mid-job" and any(
                path.stat().st_size for path in tmp_path.glob("out.jsonl.*.part")
            ):
                break
            time.sleep(0.01)
        assert proc.poll() is None, "the job ended before it could be interrupted"
        folders = list(scratch.glob(f"{FOLDER_PREFIX}*"))
        for _ in range(presses):
            os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C sends: the whole foreground group
            time.sleep(0.2)
        _, stderr = proc.communicate(timeout=90)
        deadline = time.monotonic() + 10  # a process that has just exited may still show
        while (left := session_processes(proc.pid)) and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        reap(proc)
    text = stderr.decode()
    assert proc.returncode == 130, text
    assert "Traceback" not in text and text.count("\n") == 1, text
    assert left == [], left
    if moment == "cluster start":
        assert text == NOTHING_WRITTEN
    else:
        said = INTERRUPTED.fullmatch(text)
        assert said is not None, text
        assert int(said[1].replace(",", "")) > 0
        assert Path(said[2]).parent == tmp_path and Path(said[2]).name.startswith("out.jsonl.")
        assert len(folders) == 1  # the answers went through files...
    assert list(tmp_path.iterdir()) == []  # no output, no temporary file
    assert list(scratch.glob(f"{FOLDER_PREFIX}*")) == []  # ...and their folder is gone


def test_ctrl_c_in_a_notebook_raises_keyboard_interrupt_and_removes_the_part(
    client: Any, mixed: tuple[Path, bytes], tmp_path: Path
) -> None:
    """``run()`` interrupted in the main thread (as a notebook's interrupt does): it raises a
    ``KeyboardInterrupt`` that says what was removed, and leaves the caller's client usable."""
    source, expected = mixed
    target = tmp_path / "out.jsonl"

    def interrupt_once(snap: Snapshot) -> None:
        if snap.lines:
            os.kill(os.getpid(), signal.SIGINT)

    handler = signal.getsignal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt) as stopped:
        run(str(source), str(target), client=client, partition_bytes=4096, progress=interrupt_once)
    assert isinstance(stopped.value, Interrupted)
    assert stopped.value.removed and stopped.value.lines > 0 and stopped.value.size > 0
    assert stopped.value.partial is not None and not Path(stopped.value.partial).exists()
    assert list(tmp_path.iterdir()) == []
    assert signal.getsignal(signal.SIGINT) is handler  # pytest's handler is back
    run(str(source), str(target), client=client)  # the cluster still answers
    assert target.read_bytes() == expected


def test_a_missing_input_fails_with_no_output(tmp_path: Path) -> None:
    proc = bulk_cli("missing.jsonl", "out.jsonl", cwd=tmp_path)
    assert proc.returncode == 1
    assert proc.stderr.decode().startswith("quotecalc.bulk: failed: ")
    assert list(tmp_path.iterdir()) == []


def test_an_unreachable_scheduler_fails_and_leaves_no_file(tmp_path: Path) -> None:
    (tmp_path / "in.jsonl").write_bytes(b"{}\n")
    with socket.socket() as unused:  # a loopback port nothing listens on
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    argv = ["in.jsonl", "out.jsonl", "--scheduler", f"tcp://127.0.0.1:{port}"]
    proc = subprocess.run(
        [sys.executable, "-m", "quotecalc.bulk", *argv],
        capture_output=True,
        env={**ENV, "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "2s"},
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 1
    assert proc.stderr.decode().startswith("quotecalc.bulk: failed: ")
    assert [path.name for path in tmp_path.iterdir()] == ["in.jsonl"]


@pytest.mark.parametrize(
    "argv",
    [
        ["in.jsonl"],
        ["in.jsonl", "out.jsonl", "--kind", "plans"],
        ["in.jsonl", "out.jsonl", "--kind", "text"],
        ["in.jsonl", "out.jsonl", "--workers", "0"],
        ["in.jsonl", "out.jsonl", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"],
        ["in.jsonl", "out.jsonl", "--partition-bytes", "x"],
    ],
)
def test_bad_argv_is_exit_2(argv: list[str], tmp_path: Path) -> None:
    proc = bulk_cli(*argv, cwd=tmp_path)
    assert (proc.returncode, proc.stdout) == (2, b"")
    assert proc.stderr.startswith(b"usage: python -m quotecalc.bulk")
    assert list(tmp_path.iterdir()) == []


def test_help_and_version(tmp_path: Path) -> None:
    helped = bulk_cli("--help", cwd=tmp_path)
    assert helped.returncode == 0 and b"--partition-bytes" in helped.stdout
    version = bulk_cli("--version", cwd=tmp_path)
    assert (version.returncode, version.stdout) == (0, b"quotecalc 0.1.0\n")


def test_missing_extra_is_one_line_and_exit_1(tmp_path: Path) -> None:
    code = (
        "import runpy, sys\n"
        "sys.modules['distributed'] = None\n"
        "sys.argv = ['quotecalc.bulk', 'in.jsonl', 'out.jsonl']\n"
        "runpy.run_module('quotecalc.bulk', run_name='__main__', alter_sys=True)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, env=ENV, cwd=tmp_path, check=False
    )
    assert (proc.returncode, proc.stdout, proc.stderr.decode()) == (1, b"", INSTALL_HINT + "\n")


def test_the_package_and_the_core_never_import_dask() -> None:
    code = (
        "import sys, quotecalc, quotecalc.bulk, quotecalc.bulk.kinds, quotecalc.bulk.progress\n"
        "import quotecalc.bulk.lines, quotecalc.bulk.task\n"
        "quotecalc.calculate(b'{}')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, env=ENV, check=True, text=True
    )
    assert proc.stdout == "[]\n"
