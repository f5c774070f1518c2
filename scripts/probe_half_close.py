"""Does a client that half-closes its socket get its answer? (issue 28; not in CI)

Run from the repository root with the ``http`` extra installed:

    python -B scripts/probe_half_close.py [--requests 120] [--nginx /usr/sbin/nginx]

Starts ``python -B -m quotecalc.http`` on a free 127.0.0.1 port in its own process group and
sends ``--requests`` calculations of 100 quotes one after another, each with ``sendall`` then
``shutdown(SHUT_WR)`` -- what ``nc -N`` and some proxies do -- and reads until the server
closes. A request counts as answered when a ``200`` with the complete JSON body arrives. With
``--nginx`` the same requests also go through that nginx binary in front of the service, once
with its defaults and once with ``proxy_ignore_client_abort on`` (``docs/http.md``, Known
limits; ``docs/decisions.md`` 28.50-28.52): nginx runs in the foreground as one process
(``daemon off; master_process off``) from a temporary prefix, on loopback, and is killed with
the service. Prints, per setup, how many were answered and the median time from the request
to the close.

Exit status 0 only when the service itself answered every request -- the day granian lets
it, this says so.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "tests" / "data" / "examples" / "02-no-weights-completed.request.json"
CALC = "/quotecalc/calculate"
NGINX_CONF = """daemon off; master_process off; pid {prefix}/nginx.pid;
error_log {prefix}/error.log;
events {{ worker_connections 256; }}
http {{
  access_log off;
  client_body_temp_path {prefix}/body; proxy_temp_path {prefix}/proxy;
  fastcgi_temp_path {prefix}/fastcgi; uwsgi_temp_path {prefix}/uwsgi; scgi_temp_path {prefix}/scgi;
  server {{
    listen 127.0.0.1:{port};
    location / {{
      proxy_pass http://127.0.0.1:{backend};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      {extra}
    }}
  }}
}}
"""


def body() -> bytes:
    """The example with 100 quotes: the answer takes long enough that the server has read the
    end of stream before it is ready (with one quote the answer sometimes wins that race)."""
    request = json.loads(EXAMPLE.read_bytes())
    first = request["quotes"][0]
    request["quotes"] = [{**first, "supplierId": f"S{index:03d}"} for index in range(100)]
    return json.dumps(request).encode()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until_listening(port: int, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"nothing listens on 127.0.0.1:{port}")


@contextmanager
def running(argv: list[str], port: int) -> Iterator[None]:
    """``argv`` in its own process group until the block ends; the group is then killed."""
    proc = subprocess.Popen(
        argv,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        wait_until_listening(port, proc)
        yield
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def half_closed(port: int, raw: bytes) -> tuple[bool, float]:
    """One request, then ``shutdown(SHUT_WR)``: answered?, seconds until the server closed."""
    head = (
        f"POST {CALC} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(raw)}\r\n\r\n"
    ).encode()
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        start = time.monotonic()
        sock.sendall(head + raw)
        sock.shutdown(socket.SHUT_WR)
        data = b""
        try:
            while chunk := sock.recv(65536):
                data += chunk
        except (TimeoutError, ConnectionResetError):
            pass
        return data.startswith(b"HTTP/1.1 200") and data.endswith(b"}\n"), time.monotonic() - start


def probe(label: str, port: int, raw: bytes, requests: int) -> int:
    results = [half_closed(port, raw) for _ in range(requests)]
    answered = sum(ok for ok, _ in results)
    close_ms = statistics.median(seconds for _, seconds in results) * 1000
    print(f"{label}: {answered} of {requests} answered, median close {close_ms:.0f} ms")
    return answered


def main() -> int:
    parse = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parse.add_argument("--requests", type=int, default=120)
    parse.add_argument("--nginx", type=Path, help="an nginx binary to put in front as well")
    args = parse.parse_args()
    raw = body()
    port = free_port()
    service = [sys.executable, "-B", "-m", "quotecalc.http", "--port", str(port)]
    with running(service, port):
        answered = probe("python -m quotecalc.http", port, raw, args.requests)
        if args.nginx:
            for label, extra in (
                ("nginx in front, defaults", ""),
                ("nginx in front, proxy_ignore_client_abort on", "proxy_ignore_client_abort on;"),
            ):
                with tempfile.TemporaryDirectory(prefix="probe-nginx-") as prefix:
                    front = free_port()
                    conf = Path(prefix) / "nginx.conf"
                    conf.write_text(
                        NGINX_CONF.format(prefix=prefix, port=front, backend=port, extra=extra)
                    )
                    nginx = [str(args.nginx), "-p", prefix, "-c", str(conf)]
                    with running(nginx, front):
                        probe(label, front, raw, args.requests)
    return 0 if answered == args.requests else 1


if __name__ == "__main__":
    sys.exit(main())
