"""Writing the game folder as a whole: files go to a hidden staging folder beside the target,
which then replaces it by renames, so a reader never sees half a game."""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath

from converter.atomic import replacing_folder, write_staged
from converter.errors import InputError


def check_target(out_dir: str | os.PathLike[str], force: bool) -> Path:
    """The target folder; refuse a non-empty existing one unless *force*.

    Raises:
        InputError: the target exists (and is not empty) without *force*, or is a file.
    """
    target = Path(out_dir)
    if target.exists() and not target.is_dir():
        raise InputError(str(target), "exists and is not a folder")
    if target.is_dir() and any(target.iterdir()) and not force:
        raise InputError(str(target), "already exists; use --force to replace it")
    return target


def write_folder(files: dict[str, bytes], out_dir: str | os.PathLike[str], force: bool) -> Path:
    """Write *files* (relative POSIX path → bytes) as the folder *out_dir*.

    Raises:
        InputError: see check_target; a file name that would leave the folder.
    """
    target = check_target(out_dir, force)
    with replacing_folder(target) as staging:  # the old folder stays until the new is whole
        for rel, data in sorted(files.items()):
            parts = PurePosixPath(rel).parts
            if not parts or rel.startswith("/") or ".." in parts:
                raise InputError(rel, "file name leaves the game folder")
            write_staged(staging.joinpath(*parts), data)
    return target
