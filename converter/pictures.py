"""Opening a picture that came from someone else (a designer's scan or face, a module's art).

Every reader of an image goes through :func:`open_picture`, which reads the header only and
refuses a picture past IMAGE_PIXELS before a single pixel is decoded: a 2 KB PNG may declare
100000x100000 pixels, and decoding it would take tens of gigabytes.  A refusal is an
:class:`ImageTooLarge` (exit 2, naming the file, the limit and its variable); a picture
Pillow cannot read at all is an :class:`UnreadablePicture`, which each caller treats its own
way (a note, a finding, a schematic drawn instead).
"""

from __future__ import annotations

import io
import warnings
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from converter.errors import InputError, VconvError
from converter.limits import DECODED_PIXELS, IMAGE_PIXELS


class ImageTooLarge(InputError):
    """A picture whose header declares more pixels than IMAGE_PIXELS."""


class UnreadablePicture(VconvError):
    """Pillow cannot read this picture (not an image, truncated, a format it lacks)."""

    def __init__(self, where: str, exc: BaseException) -> None:
        text = " ".join(str(exc).split()) or type(exc).__name__
        self.why = text if len(text) <= 120 else text[:117] + "..."
        super().__init__(f"{where}: not a readable picture ({self.why})")


# what Pillow raises on a broken picture, from Image.open or the first decode
PILLOW_ERRORS = (UnidentifiedImageError, OSError, ValueError, SyntaxError, EOFError,
                 Image.DecompressionBombError, MemoryError, IndexError, TypeError, KeyError,
                 ZeroDivisionError, OverflowError, RuntimeError)


def open_picture(source: Path | bytes, where: str | None = None) -> Image.Image:
    """The picture in *source* (a file, or bytes from an archive named *where*), opened
    lazily: its size is checked, its pixels are decoded when first used.  Close it (use it in
    a ``with``)."""
    name = where if where is not None else str(source)
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
        raise ImageTooLarge(name, IMAGE_PIXELS.exceeded(f"{width}x{height} pixels"))
    return picture


def picture_size(source: Path | bytes, where: str | None = None) -> tuple[int, int]:
    """Width and height from the header (checked against IMAGE_PIXELS), nothing decoded."""
    with open_picture(source, where) as picture:
        return picture.size


def decoded(source: Path | bytes, mode: str, where: str | None = None) -> Image.Image:
    """The whole picture decoded and converted to *mode*, after the size checks (measured
    pictures stop at IMAGE_PIXELS, drawn ones at the lower DECODED_PIXELS)."""
    with open_picture(source, where) as picture:
        width, height = picture.size
        if width * height > DECODED_PIXELS.value():
            raise ImageTooLarge(where or str(source),
                                DECODED_PIXELS.exceeded(f"{width}x{height} pixels"))
        try:
            with warnings.catch_warnings():  # "Palette images with Transparency ...": converted
                warnings.simplefilter("ignore")
                return picture.convert(mode)
        except PILLOW_ERRORS as exc:
            raise UnreadablePicture(where or str(source), exc) from None

