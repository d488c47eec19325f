"""The printed PDFs: physical page size, counters measured on the rendered pages, duplex mirror, determinism."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from converter.validate import load_model
from converter.printkit.kit import KitOptions, print_kit
from converter.printkit.layout import LABEL_MM, MARGIN_MM, PAPERS, layout_counter_sheets
from converter.printkit.pdf import PdfPage, write_pdf
from tests.conftest import MINI

MM_PER_PT = 25.4 / 72


def _media_boxes(pdf: bytes) -> list[tuple[float, float]]:
    return [(float(w), float(h)) for w, h in re.findall(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", pdf)]


def test_pdf_pages_have_the_papers_physical_size() -> None:
    img = Image.new("RGB", (20, 30), "white")
    data = write_pdf([PdfPage(img, 210, 297), PdfPage(img, 215.9, 279.4)], title="t", epoch=0)
    (w1, h1), (w2, h2) = _media_boxes(data)
    assert (w1 * MM_PER_PT, h1 * MM_PER_PT) == pytest.approx((210, 297), abs=0.01)
    assert (w2 * MM_PER_PT, h2 * MM_PER_PT) == pytest.approx((215.9, 279.4), abs=0.01)
    assert data.startswith(b"%PDF-1.4") and data.rstrip().endswith(b"%%EOF")


def test_pdf_date_comes_from_the_epoch_only() -> None:
    img = Image.new("RGB", (4, 4), "white")
    a = write_pdf([PdfPage(img, 10, 10)], title="t", epoch=0)
    b = write_pdf([PdfPage(img, 10, 10)], title="t", epoch=0)
    c = write_pdf([PdfPage(img, 10, 10)], title="t", epoch=1_700_000_000)
    assert a == b and a != c
    assert b"D:19700101000000Z" in a and b"D:20231114" in c


def test_pdf_xref_offsets_point_at_objects() -> None:
    img = Image.new("RGB", (4, 4), "red")
    data = write_pdf([PdfPage(img, 10, 10)] * 2, title="ünïcode; \\ title", epoch=0)
    start = int(re.search(rb"startxref\n(\d+)", data).group(1))
    assert data[start:].startswith(b"xref")
    entries = re.findall(rb"(\d{10}) 00000 n ", data[start:])
    for number, offset in enumerate(entries, start=1):
        assert data[int(offset):].startswith(b"%d 0 obj" % number)


def test_same_game_same_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    game = load_model(MINI)
    opts = KitOptions(dpi=100, png=True)
    first = print_kit(game, tmp_path / "a", opts)
    second = print_kit(load_model(MINI), tmp_path / "b", opts)
    assert [p.name for p in first] == [p.name for p in second]
    for a, b in zip(first, second):
        assert a.read_bytes() == b.read_bytes(), a.name
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    third = print_kit(load_model(MINI), tmp_path / "c", KitOptions(dpi=100))
    counters = next(p for p in third if p.name == "mini-counters.pdf")
    assert b"D:20231114" in counters.read_bytes()
    assert not list((tmp_path / "a").glob(".*.part"))  # atomic writes leave no temporaries


def _runs(flags: bytes, min_len: int, max_len: int) -> list[tuple[int, int]]:
    """[start, end) of runs of set bytes whose length is within the bounds."""
    out, start = [], None
    for i, v in enumerate(flags + b"\x00"):
        if v and start is None:
            start = i
        elif not v and start is not None:
            if min_len <= i - start <= max_len:
                out.append((start, i))
            start = None
    return out


def _counter_boxes(page: Image.Image, dpi: int, size_mm: float, top_mm: float) -> list[tuple[float, float, float, float]]:
    """Counters found in the pixels: runs of inked columns and rows as long as a counter (plus bleed)."""
    ink = page.convert("L").point(lambda v: 255 if v < 245 else 0)
    body = ink.crop((0, int(top_mm * dpi / 25.4), ink.width, ink.height))
    offset = int(top_mm * dpi / 25.4)
    cols, rows = body.im.getprojection()
    edge = size_mm * dpi / 25.4
    xs = _runs(cols, int(edge * 0.9), int(edge * 1.1))
    ys = _runs(rows, int(edge * 0.9), int(edge * 1.1))
    boxes = []
    for x0, x1 in xs:
        for y0, y1 in ys:
            cell = body.crop((x0, y0, x1, y1))
            if cell.getbbox() is not None and cell.histogram()[255] > 0.9 * cell.width * cell.height:
                boxes.append((x0, y0 + offset, x1, y1 + offset))
    return boxes


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
def test_counters_measured_on_the_rendered_pdf(tmp_path: Path) -> None:
    """Rasterise the PDF as a printer would; measure each counter and check the duplex mirror."""
    game = load_model(MINI)
    bleed = 2.0
    print_kit(game, tmp_path, KitOptions(paper="a4", bleed_mm=bleed, dpi=300))
    subprocess.run(["pdftoppm", "-r", "300", "-png", str(tmp_path / "mini-counters.pdf"), str(tmp_path / "page")],
                   check=True, timeout=120)
    pages = sorted(tmp_path.glob("page-*.png"))
    layout = layout_counter_sheets(game, PAPERS["a4"], bleed_mm=bleed)
    assert len(pages) == len(layout) == 2
    front, back = (Image.open(p).convert("RGB") for p in pages)
    assert abs(front.width - 2480) <= 1 and abs(front.height - 3508) <= 1  # A4 at 300 dpi
    size = game.counter_mm() + 2 * bleed
    below_label = MARGIN_MM + LABEL_MM
    fronts = _counter_boxes(front, 300, size, below_label)
    backs = _counter_boxes(back, 300, size, below_label)
    assert len(fronts) == len(layout[0].placements)
    assert len(backs) == len(fronts)
    mm = 25.4 / 300
    for x0, y0, x1, y1 in fronts:
        # nominal size within 0.1 mm (the bleed is drawn on both sides)
        assert abs((x1 - x0) * mm - 2 * bleed - game.counter_mm()) <= 0.1
        assert abs((y1 - y0) * mm - 2 * bleed - game.counter_mm()) <= 0.1
    width_mm = 210.0
    back_centres = [((x0 + x1) / 2 * mm, (y0 + y1) / 2 * mm) for x0, y0, x1, y1 in backs]
    for x0, y0, x1, y1 in fronts:
        cx, cy = (x0 + x1) / 2 * mm, (y0 + y1) / 2 * mm
        mirrored = (width_mm - cx, cy)
        nearest = min(back_centres, key=lambda c: (c[0] - mirrored[0]) ** 2 + (c[1] - mirrored[1]) ** 2)
        assert abs(nearest[0] - mirrored[0]) <= 0.2 and abs(nearest[1] - mirrored[1]) <= 0.2
    # and the layout says which back that is: the same piece
    for f, b in zip(layout[0].placements, layout[1].placements):
        assert (f.piece, f.copy, f.counter) == (b.piece, b.copy, b.counter)


def _photo(width: int, height: int) -> Image.Image:
    """A page of scanned art: smooth colour with grain, which deflate barely shrinks."""
    import random
    rng = random.Random(7)
    grain = bytes(rng.randrange(256) for _ in range(width * height))
    from PIL import ImageFilter
    noise = Image.frombytes("L", (width, height), grain).filter(ImageFilter.GaussianBlur(2))
    base = Image.linear_gradient("L").resize((width, height))
    return Image.merge("RGB", (base, noise, Image.blend(base, noise, 0.5)))


def _text_page(width: int, height: int) -> Image.Image:
    from PIL import ImageDraw
    page = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(page)
    for row in range(10, height - 20, 24):
        draw.text((20, row), "Move 3 hexes; attack at 2:1 (2) " * 3, fill=(20, 20, 20))
        draw.rectangle((width - 60, row, width - 30, row + 16), fill=(30, 140, 60))
    return page


def test_a_page_of_scanned_art_is_stored_as_jpeg_and_vconvs_own_pages_losslessly() -> None:
    """FOF2's pages of card art deflated to 2.4 GB: a photographic page is a JPEG (a fraction
    of the bytes, the picture the same to the eye), a page of text and flat colours keeps
    every pixel."""
    import io
    import zlib
    from PIL import ImageChops, ImageStat
    photo, text = _photo(600, 800), _text_page(600, 800)
    data = write_pdf([PdfPage(photo, 50.8, 67.7), PdfPage(text, 50.8, 67.7)], title="t", epoch=0)
    kinds = re.findall(rb"/Filter /(\w+) /Length (\d+) >>\nstream\n", data)
    assert [kind for kind, _ in kinds] == [b"DCTDecode", b"FlateDecode"]
    streams = []
    for kind, length in kinds:
        at = data.index(b"/Filter /" + kind + b" /Length " + length + b" >>\nstream\n")
        begin = data.index(b"stream\n", at) + len(b"stream\n")
        streams.append(data[begin:begin + int(length)])
    assert len(streams[0]) < len(zlib.compress(photo.tobytes(), 3)) / 2
    assert zlib.decompress(streams[1]) == text.tobytes()  # lossless
    with Image.open(io.BytesIO(streams[0])) as jpeg:
        assert jpeg.size == photo.size
        error = ImageStat.Stat(ImageChops.difference(jpeg.convert("RGB"), photo)).mean
    assert max(error) < 4  # the picture, within a few levels per pixel
    assert write_pdf([PdfPage(photo, 50.8, 67.7)], title="t", epoch=0) == write_pdf(
        [PdfPage(photo, 50.8, 67.7)], title="t", epoch=0)
