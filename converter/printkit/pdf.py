"""A tiny deterministic PDF writer: one raster image per page, at an exact physical page size.

Pillow's PDF output stamps the current time and the file name, so same input would not give
same bytes; this writer stores only what it is given (and SOURCE_DATE_EPOCH as the date).

A page is stored losslessly (deflated), unless it is mostly photograph (a module's scanned
card art or counter art, a map scan): deflate shrinks such a page little and slowly (FOF2's
476 pages of card and counter art took two thirds of its print time and 2.4 GB), so it is
stored as a JPEG of quality JPEG_QUALITY without chroma subsampling, a fifth of the bytes in
a seventh of the time, its text as sharp to the eye at print resolution.
"""

from __future__ import annotations

import io
import time
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import BinaryIO

from PIL import Image

POINTS_PER_MM = 72.0 / 25.4


@dataclass(frozen=True)
class PdfPage:
    image: Image.Image
    width_mm: float
    height_mm: float


def _pdf_date(epoch: int) -> str:
    return time.strftime("D:%Y%m%d%H%M%SZ", time.gmtime(epoch))


def _escape(text: str) -> bytes:
    """A PDF text string: UTF-16BE with a byte-order mark, hex-encoded (any character is safe)."""
    return b"<FEFF" + text.encode("utf-16-be").hex().upper().encode("ascii") + b">"


BAND_BYTES = 1 << 21  # pixel bytes deflated at a time (a 300 dpi A4 page holds 26 MB)
# a page whose sample deflates to more than this share of its bytes is photographic: vconv's
# own pages (text, flat colours, a drawn map) deflate to under 7%, pages of scanned art to 23%
# and more (FOF2's cards 36%, its counters 23-26%)
PHOTO_SHARE = 0.15
SAMPLE_ROWS, SAMPLE_EVERY = 32, 8  # one band of 32 rows in every 8: an eighth of the page
JPEG_QUALITY = 95


def photographic(image: Image.Image) -> bool:
    """Whether *image* (RGB) is mostly photograph, judged by how little a fast deflate of a
    sample of its rows shrinks them."""
    packer = zlib.compressobj(1)
    raw = packed = 0
    for top in range(0, image.height, SAMPLE_ROWS * SAMPLE_EVERY):
        band = image.crop((0, top, image.width, min(top + SAMPLE_ROWS, image.height))).tobytes()
        raw += len(band)
        packed += len(packer.compress(band))
    packed += len(packer.flush())
    return raw > 0 and packed > PHOTO_SHARE * raw


def _jpeg(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "JPEG", quality=JPEG_QUALITY, subsampling=0, optimize=False)
    return out.getvalue()


def _deflate(image: Image.Image, level: int) -> bytes:
    """`zlib.compress(image.tobytes(), level)`, fed a band of rows at a time: deflate's output
    does not depend on how its input is cut, and memory holds a band, not a second copy of
    the page."""
    packer = zlib.compressobj(level)
    rows = max(1, BAND_BYTES // (3 * max(1, image.width)))
    chunks = [packer.compress(image.crop((0, top, image.width,
                                          min(top + rows, image.height))).tobytes())
              for top in range(0, image.height, rows)]
    chunks.append(packer.flush())
    return b"".join(chunks)


def write_pdf(pages: list[PdfPage], *, title: str, epoch: int, compress_level: int = 3) -> bytes:
    """The bytes of a PDF whose page *i* shows ``pages[i].image`` stretched over the whole page.

    Level 3 compresses a mostly white 300 dpi page twice as fast as level 6, for 1.5x the bytes.
    """
    out = io.BytesIO()
    stream_pdf(out, iter(pages), len(pages), title=title, epoch=epoch,
               compress_level=compress_level)
    return out.getvalue()


def stream_pdf(out: BinaryIO, pages: Iterable[PdfPage], count: int | None = None, *,
               title: str, epoch: int, compress_level: int = 3) -> int:
    """Write the PDF of `write_pdf` to *out*, one page at a time: each page's image is
    compressed, written and dropped before the next is asked for, so memory holds one page
    whatever the page count.  The page tree is written after the pages, so the count need not
    be known first; when *count* is given, the pages written must equal it.  Returns the
    number of pages written.

    Raises:
        ValueError: *pages* yielded another number of pages than *count*.
    """
    offsets: dict[int, int] = {}
    written = 0

    def put(obj: int, body: bytes) -> None:
        nonlocal written
        offsets[obj] = written
        chunk = b"%d 0 obj\n" % obj + body + b"\nendobj\n"
        out.write(chunk)
        written += len(chunk)

    header = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"
    out.write(header)
    written = len(header)
    catalog, tree = 1, 2
    put(catalog, b"<< /Type /Catalog /Pages %d 0 R >>" % tree)
    page_ids: list[int] = []
    for page in pages:
        if count is not None and len(page_ids) == count:
            raise ValueError(f"more pages than the {count} announced")
        rgb = page.image if page.image.mode == "RGB" else page.image.convert("RGB")
        if photographic(rgb):
            data, kind = _jpeg(rgb), b"DCTDecode"
        else:
            data, kind = _deflate(rgb, compress_level), b"FlateDecode"
        image_id = 3 * len(page_ids) + 3  # then its content and its page
        put(image_id, b"<< /Type /XObject /Subtype /Image /Width %d /Height %d "
            b"/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /%s /Length %d >>"
            b"\nstream\n" % (rgb.width, rgb.height, kind, len(data)) + data + b"\nendstream")
        del data, rgb
        w, h = page.width_mm * POINTS_PER_MM, page.height_mm * POINTS_PER_MM
        content = b"q %.4f 0 0 %.4f 0 0 cm /Im0 Do Q" % (w, h)
        put(image_id + 1, b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
        put(image_id + 2, b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %.4f %.4f] "
            b"/Resources << /XObject << /Im0 %d 0 R >> >> /Contents %d 0 R >>"
            % (tree, w, h, image_id, image_id + 1))
        page_ids.append(image_id + 2)
    done = len(page_ids)
    if count is not None and done != count:
        raise ValueError(f"{done} pages written, {count} announced")
    kids = b" ".join(b"%d 0 R" % i for i in page_ids)
    put(tree, b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, done))
    date = _pdf_date(epoch).encode("ascii")
    info = 3 * done + 3
    put(info, b"<< /Title " + _escape(title) + b" /Producer (vconv) /CreationDate (" + date
        + b") /ModDate (" + date + b") >>")
    xref = written
    tail = bytearray(b"xref\n0 %d\n0000000000 65535 f \n" % (info + 1))
    for obj in range(1, info + 1):
        tail += b"%010d 00000 n \n" % offsets[obj]
    tail += (b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n"
             % (info + 1, catalog, info, xref))
    out.write(bytes(tail))
    return done
