"""The module's images, copied into the game folder under names safe on any file system.

Components name images without the `images/` prefix; modules older than VASSAL 3 also leave
out the `.gif` suffix (the archive holds `AlbCFire.gif` for the name `AlbCFire`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from converter.errors import VassalFormatError
from converter.pictures import (ImageTooLarge, UnreadablePicture, imported_image_name,
                                picture_size)
from converter.vassal.vmod_reader import ModuleFile

IMAGE_FOLDER = "images"
MAX_IMAGE_BYTES = 64 * 1024 * 1024


__all__ = ["ImageStore", "ImageTooLarge"]  # a picture past the pixel limit refuses the
# whole import (exit 2), where a merely unreadable picture is noted and the import goes on


@dataclass
class ImageStore:
    """Images copied so far: module image name → file in the game folder, and their bytes."""

    module: ModuleFile
    copied: dict[str, str] = field(default_factory=dict)
    files: dict[str, bytes] = field(default_factory=dict)
    absent: list[str] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)  # entry: why
    _by_entry: dict[str, str] = field(default_factory=dict)

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
        target = self._free_name(entry[len(IMAGE_FOLDER) + 1:])
        self.files[target] = data
        self.copied[name] = target
        self._by_entry[entry] = target
        return target

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

    def _free_name(self, inner: str) -> str:
        stem = imported_image_name(inner)
        target = f"{IMAGE_FOLDER}/{stem}"
        n = 2
        while target in self.files:
            dot = stem.rfind(".")
            base, ext = (stem[:dot], stem[dot:]) if dot > 0 else (stem, "")
            target = f"{IMAGE_FOLDER}/{base}-{n}{ext}"
            n += 1
        return target
