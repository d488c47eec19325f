"""Opening a picture that came from someone else (a designer's scan or face, a module's art).

Every reader of an image goes through :func:`open_picture`, which reads the header only and
refuses a picture past IMAGE_PIXELS before a single pixel is decoded: a 2 KB PNG may declare
100000x100000 pixels, and decoding it would take tens of gigabytes.  A refusal is an
:class:`ImageTooLarge` (exit 2, naming the file, the limit and its variable); a picture
Pillow cannot read at all is an :class:`UnreadablePicture`, which each caller treats its own
way (a note, a finding, a schematic drawn instead).  An SVG is drawn by resvg
(:mod:`converter.svgpictures`) at its declared size times the caller's *scale*, checked
against the same limits before it is drawn.
"""

from __future__ import annotations

import io
import math
import re
import warnings
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from converter.errors import InputError, VconvError
from converter.limits import DECODED_PIXELS, IMAGE_PIXELS
from converter.svgpictures import (SVG_BYTES, BrokenSvg, SafeSvg, looks_like_svg, render,
                                   safe_svg)


class ImageTooLarge(InputError):
    """A picture whose header declares more pixels than IMAGE_PIXELS."""


class UnreadablePicture(VconvError):
    """Pillow cannot read this picture (not an image, truncated, a format it lacks)."""

    def __init__(self, where: str, exc: BaseException) -> None:
        text = " ".join(str(exc).split()) or type(exc).__name__
        self.why = text if len(text) <= 120 else text[:117] + "..."
        super().__init__(f"{where}: not a readable picture ({self.why})")


_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9._ +-]+")
DRAWN_SVG = "vconv: drawn from an SVG"  # set in a picture's info: its canvas is transparent

# what Pillow raises on a broken picture, from Image.open or the first decode
PILLOW_ERRORS = (UnidentifiedImageError, OSError, ValueError, SyntaxError, EOFError,
                 Image.DecompressionBombError, MemoryError, IndexError, TypeError, KeyError,
                 ZeroDivisionError, OverflowError, RuntimeError)


def pixels_text(width: int, height: int) -> str:
    """`5340x5024 pixels`; a side no picture has (an SVG 1e308 wide) in short."""
    def side(n: int) -> str:
        return str(n) if n < 10**7 else f"{n:.3g}"
    return f"{side(width)}x{side(height)} pixels"


def open_picture(source: Path | bytes, where: str | None = None,
                 scale: float = 1.0, cover: tuple[int, int] | None = None) -> Image.Image:
    """The picture in *source* (a file, or bytes from an archive named *where*), opened
    lazily: its size is checked, its pixels are decoded when first used.  An SVG is drawn at
    once, at its declared size times *scale*, or larger where that covers *cover* pixels (a
    counter or card drawn at the print's dpi, not at its nominal 96 dpi and enlarged
    blurred), within the same limits.  Close it (use it in a ``with``)."""
    name = where if where is not None else str(source)
    svg = _svg(source, name)
    if svg is not None:
        if cover is not None:
            scale = max(scale, cover[0] / svg.width, cover[1] / svg.height)
        width, height = _svg_pixels(svg, scale, name)
        if width * height > DECODED_PIXELS.value():
            raise ImageTooLarge(name, DECODED_PIXELS.exceeded(pixels_text(width, height)))
        try:
            picture = Image.open(io.BytesIO(render(svg, width, height)))
        except BrokenSvg as exc:
            raise UnreadablePicture(name, exc) from None
        picture.info[DRAWN_SVG] = True
        return picture
    bound = Image.MAX_IMAGE_PIXELS
    Image.MAX_IMAGE_PIXELS = None  # Pillow's own check would refuse first, in its own words
    try:
        with warnings.catch_warnings():  # "Invalid APNG" and the like: a refusal says why
            warnings.simplefilter("ignore")
            picture = Image.open(io.BytesIO(source) if isinstance(source, bytes) else source)
    except FileNotFoundError:
        raise
    except PILLOW_ERRORS as exc:
        raise UnreadablePicture(name, exc) from None
    finally:
        Image.MAX_IMAGE_PIXELS = bound
    width, height = picture.size
    if width * height > IMAGE_PIXELS.value():
        picture.close()
        raise ImageTooLarge(name, IMAGE_PIXELS.exceeded(pixels_text(width, height)))
    return picture


def picture_size(source: Path | bytes, where: str | None = None) -> tuple[int, int]:
    """Width and height from the header (checked against IMAGE_PIXELS), nothing decoded
    (an SVG's declared size, nothing drawn)."""
    name = where if where is not None else str(source)
    svg = _svg(source, name)
    if svg is not None:
        return _svg_pixels(svg, 1.0, name)
    with open_picture(source, where) as picture:
        return picture.size


def decoded(source: Path | bytes, mode: str, where: str | None = None,
            scale: float = 1.0, cover: tuple[int, int] | None = None) -> Image.Image:
    """The whole picture decoded and converted to *mode*, after the size checks (measured
    pictures stop at IMAGE_PIXELS, drawn ones at the lower DECODED_PIXELS); an SVG drawn at
    its declared size times *scale*, or to cover *cover* (`open_picture`)."""
    with open_picture(source, where, scale, cover) as picture:
        width, height = picture.size
        if width * height > DECODED_PIXELS.value():
            raise ImageTooLarge(where or str(source),
                                DECODED_PIXELS.exceeded(pixels_text(width, height)))
        try:
            if picture.info.get(DRAWN_SVG) and mode != "RGBA":
                # an SVG's canvas is transparent where nothing is drawn: paper, as VASSAL
                # shows a board, not the black its pixels hold there
                paper = Image.new("RGBA", picture.size, (255, 255, 255, 255))
                return Image.alpha_composite(paper, picture.convert("RGBA")).convert(mode)
            with warnings.catch_warnings():  # "Palette images with Transparency ...": converted
                warnings.simplefilter("ignore")
                if picture.mode == mode:  # the decoded pixels themselves, not a copy beside
                    picture.load()  # them (FOF2's 6792 x 5200 board: 141 MB of the peak)
                    return picture
                return picture.convert(mode)
        except PILLOW_ERRORS as exc:
            raise UnreadablePicture(where or str(source), exc) from None


def _svg(source: Path | bytes, name: str) -> SafeSvg | None:
    """The SVG in *source* made safe to draw, or None when it is not an SVG."""
    if isinstance(source, bytes):
        data = source
    else:
        with open(source, "rb") as handle:
            data = handle.read(16)
            if not looks_like_svg(data):
                return None
            data += handle.read(SVG_BYTES + 1 - len(data))
    if not looks_like_svg(data[:16]):
        return None
    if len(data) > SVG_BYTES:
        raise UnreadablePicture(name, BrokenSvg(f"an SVG over {SVG_BYTES:,} bytes, more "
                                                "than vconv reads"))
    try:
        folder = source.parent if isinstance(source, Path) else None
        return safe_svg(data, lambda payload: _embedded_mime(payload, name),
                        (lambda neighbour: _neighbour(folder, neighbour)) if folder else None)
    except BrokenSvg as exc:
        raise UnreadablePicture(name, exc) from None


def _neighbour(folder: Path, name: str) -> bytes | None:
    """The file *name* (a relative name without '..', checked by the caller) of *folder* or
    a folder below it, else the one ``vconv import`` made of it (``parts/symbols.svg`` is
    ``parts_symbols.svg``: the import keeps a module's images in one folder), or None;
    never through a link (it may lead out of the folder) nor anything but a regular file."""
    for candidate in dict.fromkeys((name, imported_image_name(name))):
        path, inside = folder, True
        for part in candidate.split("/"):
            path = path / part
            inside = inside and not path.is_symlink()
        try:
            if not inside or not path.is_file() or path.stat().st_size > SVG_BYTES:
                continue
            return path.read_bytes()
        except OSError:
            continue
    return None


def imported_image_name(inner: str) -> str:
    """The file name ``vconv import`` gives the module's image ``images/<inner>`` (before a
    repeated name is numbered): its folders joined into the name, any character a file
    system may refuse made '_'."""
    return _UNSAFE_NAME.sub("_", inner.replace("/", "_")).strip(" .") or "image"


def _embedded_mime(payload: bytes, name: str) -> str | None:
    """The MIME type of a picture embedded in an SVG, after the usual size checks (None for
    one Pillow cannot read, or an SVG in an SVG: left undrawn)."""
    if looks_like_svg(payload[:16]):
        return None
    try:
        with open_picture(payload, f"{name}: an embedded picture") as picture:
            width, height = picture.size
            if width * height > DECODED_PIXELS.value():
                raise ImageTooLarge(f"{name}: an embedded picture",
                                    DECODED_PIXELS.exceeded(pixels_text(width, height)))
            return Image.MIME.get(picture.format or "")
    except UnreadablePicture:
        return None


def _svg_pixels(svg: SafeSvg, scale: float, name: str) -> tuple[int, int]:
    """The pixels *svg* is drawn into at *scale*, refused past IMAGE_PIXELS before drawing."""
    width = max(1, math.ceil(svg.width * scale - 1e-6))
    height = max(1, math.ceil(svg.height * scale - 1e-6))
    if width * height > IMAGE_PIXELS.value():
        raise ImageTooLarge(name, IMAGE_PIXELS.exceeded(
            pixels_text(width, height) + " (an SVG's declared size)"))
    return width, height
