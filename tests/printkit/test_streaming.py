"""Pages streamed into the PDF and a bounded counter cache: same bytes, bounded memory."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from converter.printkit.kit import BoundedCache
from converter.printkit.pdf import PdfPage, stream_pdf, write_pdf


def test_a_streamed_pdf_is_the_pdf_written_whole() -> None:
    pages = [PdfPage(Image.new("RGB", (30, 40), (i * 50, 9, 9)), 210, 297) for i in range(4)]
    drawn: list[int] = []

    def lazily():
        for n, page in enumerate(pages):
            drawn.append(n)
            yield page

    out = io.BytesIO()
    assert stream_pdf(out, lazily(), 4, title="t", epoch=0) == 4
    assert out.getvalue() == write_pdf(pages, title="t", epoch=0)
    assert out.getvalue().count(b"/Type /Page ") == 4


def test_a_page_count_that_does_not_match_is_refused() -> None:
    page = PdfPage(Image.new("RGB", (5, 5)), 10, 10)
    with pytest.raises(ValueError, match="announced"):
        stream_pdf(io.BytesIO(), iter([page] * 3), 2, title="t", epoch=0)
    with pytest.raises(ValueError, match="announced"):
        stream_pdf(io.BytesIO(), iter([page]), 2, title="t", epoch=0)


def test_the_counter_cache_forgets_its_oldest_past_its_limit() -> None:
    cache = BoundedCache(3)
    for key in "abcde":
        cache[key] = key.upper()
    assert list(cache) == ["c", "d", "e"]
    cache["d"] = "again"  # replacing keeps the size
    assert len(cache) == 3 and cache["d"] == "again"
