"""The pictures open in a real browser: headless Chromium renders the HTML page and the SVG
to PNG, and the PNG (decoded here with zlib, stdlib only) has the window's size, is not
blank, and shows the fixed palette's colours. Skipped cleanly where ``chromium`` is not
installed (Debian package ``chromium``)."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

import pictures_data as data
from conftest import EXAMPLES
from quotecalc import calculate, stability
from quotecalc.output.pictures import html_page, svg_picture

CHROMIUM = shutil.which("chromium")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")


def screenshot(page: Path, png: Path, width: int, height: int) -> bytes:
    """Render ``page`` headless into ``png``; the browser's whole process group dies with
    the call (timeout included)."""
    assert CHROMIUM is not None
    args = [
        CHROMIUM,
        "--headless",
        "--disable-gpu",
        "--no-sandbox",
        "--no-first-run",
        "--disable-extensions",
        "--disable-background-networking",
        "--hide-scrollbars",
        "--force-device-scale-factor=1",
        f"--user-data-dir={page.parent / 'profile'}",
        f"--screenshot={png}",
        f"--window-size={width},{height}",
        page.as_uri(),
    ]
    proc = subprocess.Popen(
        args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    try:
        proc.wait(timeout=90)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    return png.read_bytes()


def _paeth(left: int, up: int, corner: int) -> int:
    estimate = left + up - corner
    pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
    if pa <= pb and pa <= pc:
        return left
    return up if pb <= pc else corner


def decode_png(png: bytes) -> tuple[int, int, list[tuple[int, int, int]]]:
    """Width, height and the RGB pixels of an 8-bit RGB/RGBA non-interlaced PNG."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    position, idat = 8, b""
    width = height = depth = colour = interlace = -1
    while position < len(png):
        (length,) = struct.unpack(">I", png[position : position + 4])
        kind = png[position + 4 : position + 8]
        body = png[position + 8 : position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    assert depth == 8 and colour in (2, 6) and interlace == 0
    channels = 3 if colour == 2 else 4
    stride = width * channels
    raw = zlib.decompress(idat)
    previous = bytearray(stride)
    pixels: list[tuple[int, int, int]] = []
    for row in range(height):
        start = row * (stride + 1)
        kind_of_filter = raw[start]
        line = bytearray(raw[start + 1 : start + 1 + stride])
        if kind_of_filter == 1:
            for x in range(channels, stride):
                line[x] = (line[x] + line[x - channels]) & 0xFF
        elif kind_of_filter == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, previous, strict=True))
        elif kind_of_filter == 3:
            for x in range(stride):
                left = line[x - channels] if x >= channels else 0
                line[x] = (line[x] + (left + previous[x]) // 2) & 0xFF
        elif kind_of_filter == 4:
            for x in range(stride):
                left = line[x - channels] if x >= channels else 0
                corner = previous[x - channels] if x >= channels else 0
                line[x] = (line[x] + _paeth(left, previous[x], corner)) & 0xFF
        pixels.extend((line[x], line[x + 1], line[x + 2]) for x in range(0, stride, channels))
        previous = line
    return width, height, pixels


def check_picture(png: bytes, width: int, height: int, colours: list[str]) -> None:
    got_width, got_height, pixels = decode_png(png)
    assert (got_width, got_height) == (width, height)
    white = (255, 255, 255)
    inked = sum(1 for pixel in pixels if pixel != white)
    assert inked > len(pixels) // 50, "the picture is (almost) blank"
    distinct = set(pixels)
    assert len(distinct) > 16
    for colour in colours:
        rgb = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
        assert rgb in distinct, f"{colour} is not drawn"


def test_svg_renders_with_its_palette(tmp_path: Path) -> None:
    page = tmp_path / "map.svg"
    page.write_text(svg_picture(data.triangle(), "en"), encoding="utf-8")
    png = screenshot(page, tmp_path / "map.png", 640, 660)
    check_picture(png, 640, 660, ["#E69F00", "#009E73", "#56B4E9"])


def test_html_page_renders_with_bars_and_map(tmp_path: Path) -> None:
    raw = (EXAMPLES / "01-example-from-brief.request.json").read_bytes()
    result = calculate(raw).output
    analysis = data.example_analysis("01-example-from-brief", result, stability(raw))
    page = tmp_path / "page.html"
    page.write_text(html_page(result, analysis, "en"), encoding="utf-8")
    png = screenshot(page, tmp_path / "page.png", 1000, 1800)
    # goods (blue) and freight (orange) bars, A's region (orange) and B's (sky blue)
    check_picture(png, 1000, 1800, ["#0072B2", "#E69F00", "#56B4E9"])
