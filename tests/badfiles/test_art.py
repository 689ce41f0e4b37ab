"""Card art that would stall or exhaust the table: refused before decoding, the plain face is
drawn instead (a small file can claim a picture of billions of pixels)."""

from __future__ import annotations

import os
import struct
import zlib
from pathlib import Path

import pytest

from game.draw.cards import art_image, forget_art


def _png_header(width: int, height: int) -> bytes:
    """A PNG that claims ``width`` x ``height`` (its pixel data never comes)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data)))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IEND", b"")


@pytest.fixture(autouse=True)
def _fresh() -> None:
    forget_art()


def test_art_claiming_a_billion_pixels_is_not_decoded(tmp_path: Path,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "bomb.png"
    path.write_bytes(_png_header(40_000, 40_000))
    assert art_image(str(path)) is None
    assert "(1600000000 pixels) exceeds limit" in caplog.text  # Pillow's own guard
    big = tmp_path / "big.png"
    big.write_bytes(_png_header(8_000, 8_000))  # under Pillow's guard, over ours
    assert art_image(str(big)) is None
    assert "8000x8000 pixels is over the 40 megapixel limit" in caplog.text


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_art_that_is_a_pipe_is_not_waited_on(tmp_path: Path,
                                             caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "pipe.png"
    os.mkfifo(path)
    assert art_image(str(path)) is None
    assert "not a regular file" in caplog.text
