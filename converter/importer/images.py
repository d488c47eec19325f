"""The module's images, copied into the game folder under names safe on any file system.

Components name images without the `images/` prefix; modules older than VASSAL 3 also leave
out the `.gif` suffix (the archive holds `AlbCFire.gif` for the name `AlbCFire`).  A picture
in a subfolder of `images/` is copied flat (`images/sub_x.png`), unless an SVG of that folder
draws from another SVG beside it (`<use href="symbols.svg#s">`): that folder is then kept as a
folder of the game, its files under their own names, so the print finds the SVG's neighbours
beside it as VASSAL does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from converter.errors import VassalFormatError
from converter.pictures import (ImageTooLarge, UnreadablePicture, decoded, imported_image_name,
                                picture_size)
from converter.svgpictures import NAME_SEGMENT, SVG_BYTES, draws_from, looks_like_svg
from converter.vassal.vmod_reader import ModuleFile

IMAGE_FOLDER = "images"
MAX_IMAGE_BYTES = 64 * 1024 * 1024
_UNSAFE = re.compile(r"[^A-Za-z0-9._ +-]+")
_PLAIN = re.compile(NAME_SEGMENT)  # a name the print follows: kept as it is


__all__ = ["ImageStore", "ImageTooLarge"]  # a picture past the pixel limit refuses the
# whole import (exit 2), where a merely unreadable picture is noted and the import goes on


@dataclass
class ImageStore:
    """Images copied so far: module image name → file in the game folder, and their bytes."""

    module: ModuleFile
    copied: dict[str, str] = field(default_factory=dict)
    files: dict[str, bytes] = field(default_factory=dict)
    absent: list[str] = field(default_factory=list)
    said: set[str] = field(default_factory=set)  # absent, and a note of its own names it
    unreadable: list[str] = field(default_factory=list)  # entry: why
    _by_entry: dict[str, str] = field(default_factory=dict)
    _see_through: dict[str, bool] = field(default_factory=dict)  # entry → draws_nothing
    # a subfolder of images/ → the game's folder it is kept as, or None: copied flat
    _folders: dict[str, str | None] = field(default_factory=dict)

    def entry_of(self, name: str) -> str | None:
        """The archive entry VASSAL would load for the image *name*, or None."""
        name = name.strip().lstrip("/")
        if name.startswith("images/"):
            name = name[len("images/"):]
        if not name:
            return None
        for candidate in (name, name + ".gif"):
            entry = f"{IMAGE_FOLDER}/{candidate}"
            if entry in self.module.sizes:
                return entry
        return None

    def copy(self, name: str) -> str | None:
        """Copy the image *name* into the folder; its path there, or None when absent."""
        if name in self.copied:
            return self.copied[name]
        entry = self.entry_of(name)
        if entry is None:
            if name.strip() and name not in self.absent:
                self.absent.append(name)
            return None
        if entry in self._by_entry:
            self.copied[name] = self._by_entry[entry]
            return self.copied[name]
        try:
            data = self.module.read_member(entry, MAX_IMAGE_BYTES)
        except VassalFormatError as exc:  # one bad image must not stop the import
            why = f"{entry!r} cannot be read ({exc})"
            if why not in self.unreadable:
                self.unreadable.append(why)
            return None
        target = self._target(entry[len(IMAGE_FOLDER) + 1:])
        self.files[target] = data
        self.copied[name] = target
        self._by_entry[entry] = target
        return target

    def absent_said(self, name: str) -> None:
        """A note names *name* as absent (a board's, chart's or piece's): the closing list of
        absent images leaves it out, not to say it twice."""
        self.said.add(name)

    def draws_nothing(self, name: str) -> bool:
        """True when the module's picture *name* has no wholly opaque pixel: a shadow, a
        glow or a transparent hot spot (Inferno's RoundedSquareShadow.png, Paths of Glory's
        hidden_marker.png), drawn with a piece but no picture of it.  False when it has one,
        or cannot tell (absent, unreadable, an SVG); nothing is copied."""
        entry = self.entry_of(name)
        if entry is None:
            return False
        if entry not in self._see_through:
            self._see_through[entry] = self._no_opaque_pixel(entry)
        return self._see_through[entry]

    def _no_opaque_pixel(self, entry: str) -> bool:
        try:
            data = self.module.read_member(entry, MAX_IMAGE_BYTES)
            if looks_like_svg(data):
                return False
            with decoded(data, "RGBA", entry) as picture:
                opaque = picture.getchannel("A").histogram()[255]
                return opaque == 0
        except (VassalFormatError, UnreadablePicture, ImageTooLarge):
            return False

    def size(self, name: str) -> tuple[int, int] | None:
        """The pixel size of a copied image (read from its header only), or None."""
        target = self.copy(name)
        if target is None:
            return None
        try:  # from the header, before any decoding: ImageTooLarge past the pixel limit
            return picture_size(self.files[target], f"{self.module.path}: image {name!r}")
        except UnreadablePicture as exc:
            raise VassalFormatError(f"{self.module.path}: image {name!r} is not a readable "
                                    f"picture ({exc.why})") from None

    def _target(self, inner: str) -> str:
        """The file in the game folder for the module's `images/<inner>`."""
        folder, _, file = inner.rpartition("/")
        kept = self._kept_folder(folder) if folder else None
        if kept is None:
            return self._free_name(inner)
        stem = file if _PLAIN.fullmatch(file) else imported_image_name(file)
        return self._free(kept, stem)

    def _kept_folder(self, folder: str) -> str | None:
        """The game's folder for the module's `images/<folder>` when one of its SVGs draws
        from another beside it, else None."""
        if folder not in self._folders:
            prefix = f"{IMAGE_FOLDER}/{folder}/"
            svgs = sorted(e for e in self.module.sizes if e.startswith(prefix)
                          and "/" not in e[len(prefix):] and e.lower().endswith(".svg"))
            kept = None
            for entry in svgs:
                try:
                    if draws_from(self.module.read_member(entry, SVG_BYTES)):
                        kept = self._free_folder(folder)
                        break
                except VassalFormatError:
                    continue  # its copy says why
            self._folders[folder] = kept
        return self._folders[folder]

    def _free_folder(self, folder: str) -> str:
        parts = [_UNSAFE.sub("_", p).strip(" .") or "_" for p in folder.split("/")]
        base = f"{IMAGE_FOLDER}/" + "/".join(parts)
        taken = {t for t in self._folders.values() if t is not None}
        target, n = base, 2
        while target in taken or target in self.files:
            target = f"{base}-{n}"
            n += 1
        return target

    def _free_name(self, inner: str) -> str:
        return self._free(IMAGE_FOLDER, imported_image_name(inner))

    def _free(self, folder: str, stem: str) -> str:
        target = f"{folder}/{stem}"
        n = 2
        while target in self.files:
            dot = stem.rfind(".")
            base, ext = (stem[:dot], stem[dot:]) if dot > 0 else (stem, "")
            target = f"{folder}/{base}-{n}{ext}"
            n += 1
        return target
