"""A tiny deterministic PDF writer: one raster image per page, at an exact physical page size.

Pillow's PDF output stamps the current time and the file name, so same input would not give
same bytes; this writer stores only what it is given (and SOURCE_DATE_EPOCH as the date).
"""

from __future__ import annotations

import time
import zlib
from dataclasses import dataclass

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


def write_pdf(pages: list[PdfPage], *, title: str, epoch: int, compress_level: int = 3) -> bytes:
    """The bytes of a PDF whose page *i* shows ``pages[i].image`` stretched over the whole page.

    Level 3 compresses a mostly white 300 dpi page twice as fast as level 6, for 1.5x the bytes.
    """
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog = add(b"")  # filled in once the page tree is known
    tree = add(b"")
    page_ids = []
    for page in pages:
        rgb = page.image if page.image.mode == "RGB" else page.image.convert("RGB")
        data = zlib.compress(rgb.tobytes(), compress_level)
        image_id = add(b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB "
                       b"/BitsPerComponent 8 /Filter /FlateDecode /Length %d >>\nstream\n"
                       % (rgb.width, rgb.height, len(data)) + data + b"\nendstream")
        w, h = page.width_mm * POINTS_PER_MM, page.height_mm * POINTS_PER_MM
        content = b"q %.4f 0 0 %.4f 0 0 cm /Im0 Do Q" % (w, h)
        content_id = add(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
        page_ids.append(add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %.4f %.4f] "
                            b"/Resources << /XObject << /Im0 %d 0 R >> >> /Contents %d 0 R >>"
                            % (tree, w, h, image_id, content_id)))
    objects[catalog - 1] = b"<< /Type /Catalog /Pages %d 0 R >>" % tree
    kids = b" ".join(b"%d 0 R" % i for i in page_ids)
    objects[tree - 1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, len(page_ids))
    date = _pdf_date(epoch).encode("ascii")
    info = add(b"<< /Title " + _escape(title) + b" /Producer (vconv) /CreationDate (" + date
               + b") /ModDate (" + date + b") >>")
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += (b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n"
            % (len(objects) + 1, catalog, info, xref))
    return bytes(out)
