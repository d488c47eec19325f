"""Atomic output: a reader never sees a half-written file or folder, a kill leaves the old
output or the new one, and what a killed run left behind is cleaned by the next one.

- A file is written to a temporary ``.<name>.<pid>-<random>.part`` beside it, then renamed.
- A folder is filled as a hidden ``.part`` folder beside it, then switched with one rename
  (an atomic exchange on Linux, so the old folder stays at its name until the new one is
  there; elsewhere the old folder is renamed aside first and restored by the next run if
  the switch was cut short).
- A set of files sharing a folder with others (a print kit, previews) is switched the same
  way: the staged folder also gets hard links to the folder's other entries, then takes its
  place with one exchange, so the set changes whole or not at all.
- Only a regular file (or nothing) is replaced: a FIFO, a symlink, a device or a folder at
  the output's name is refused, as is an output folder that is a file.  A folder switched
  whole cannot be a mount point (a rename cannot move one): that is refused before any work,
  and a switch the system refuses anyway (busy, another file system) is one clear error.
- Temporaries whose process is gone are removed before the next write beside them.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import re
import shutil
import stat
import tempfile
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

from converter.errors import InputError

PART = ".part"
OLD = ".old"  # a folder renamed aside during a non-exchanging switch
_TEMP = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)-[A-Za-z0-9_]+(?P<old>\.old)?\.part$")
_LEGACY_AGE_S = 3600  # temporaries of older versions carry no pid: removed after an hour


def write_bytes_atomic(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write *data* to *path* through a temporary file in the same folder and a rename.

    Raises:
        InputError: the folder cannot be made or written, or *path* is not a regular file.
    """
    target = Path(path)
    ensure_folder(target.parent)
    check_replaceable(target)
    clean_stale(target.parent, target.name)
    try:
        fd, tmp = tempfile.mkstemp(prefix=_prefix(target), suffix=PART, dir=target.parent)
    except OSError as exc:
        raise InputError(str(target), f"cannot write here: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o644)
        check_replaceable(target)  # a FIFO or link made while we wrote is not replaced either
        os.replace(tmp, target)
    except BaseException as exc:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        if isinstance(exc, OSError) and not isinstance(exc, InputError):
            raise InputError(str(target), f"cannot write: {exc.strerror or exc}") from None
        raise
    return target


def write_staged(path: Path, data: bytes) -> None:
    """Write a file inside a staging folder this run made (switched whole later): no reader
    sees it before the switch and nothing stale can be there, so no temporary and no scan of
    the folder for one (a scan per file made a module of 20,000 images cost 400 million name
    matches).  Synced, as the switch makes it the output.

    Raises:
        InputError: the file cannot be made or written.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        with os.fdopen(fd, "wb") as fh:
            os.fchmod(fh.fileno(), 0o644)
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
    except OSError as exc:
        raise InputError(str(path), f"cannot write: {exc.strerror or exc}") from None


def write_text_atomic(path: str | os.PathLike[str], text: str) -> Path:
    return write_bytes_atomic(path, text.encode("utf-8"))


def source_date_epoch(default: int = 315532800) -> int:
    """The timestamp to stamp into outputs: SOURCE_DATE_EPOCH, else a fixed date (1980-01-01)."""
    value = os.environ.get("SOURCE_DATE_EPOCH")
    if value is None or not value.strip():
        return default
    try:
        return int(value)
    except ValueError:
        return default


# ----------------------------------------------------------------------------- checks

def check_folder_possible(folder: Path) -> None:
    """Refuse, before any work and without making anything, an output folder that cannot
    be: a file at its name or above it (a long build would be done, then not written).

    Raises:
        InputError: as `ensure_folder` says it.
    """
    for place in (folder, *folder.parents):
        try:
            mode = os.stat(place).st_mode
        except FileNotFoundError:
            continue
        except NotADirectoryError:
            continue  # a file above it: found further up
        except OSError:
            return  # judged when the folder is made
        if stat.S_ISDIR(mode):
            return
        if place == folder:
            raise InputError(str(folder), "is a file, not a folder; name a folder for the "
                                          "output")
        raise InputError(str(folder), "lies under a file, so no folder can be made there")


def ensure_folder(folder: Path) -> None:
    """Make *folder* (and its parents), or say in one line why it cannot be.

    Raises:
        InputError: a file stands where a folder is needed, or the place is not writable.
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise InputError(str(folder), "is a file, not a folder; name a folder for the "
                                      "output") from None
    except NotADirectoryError:
        raise InputError(str(folder), "lies under a file, so no folder can be made "
                                      "there") from None
    except OSError as exc:
        raise InputError(str(folder), f"cannot make this folder: {exc.strerror or exc}") \
            from None
    if not folder.is_dir():
        raise InputError(str(folder), "is not a folder; name a folder for the output")


def check_replaceable(target: Path) -> None:
    """Refuse to replace what is not a regular file: writing onto a FIFO, a device or a
    folder would hang or destroy it, and a symlink would be replaced by a copy.

    Raises:
        InputError: *target* exists and is not a regular file.
    """
    try:
        mode = os.lstat(target).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise InputError(str(target), f"cannot check the output: {exc.strerror or exc}") \
            from None
    if stat.S_ISREG(mode):
        return
    raise InputError(str(target), f"is {_kind(mode)}, not a regular file; vconv replaces "
                                  "only regular files (remove it or choose another name)")


def check_not_input(target: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str]],
                    *, replaced_folder: bool = False) -> None:
    """Refuse an output that is one of the command's own inputs, under any name (a link, a
    hard link, another spelling of the path), or, for a folder replaced whole, a folder
    holding one: the write would destroy what was read, and a rerun would find it gone.

    Raises:
        InputError: *target* is (or, with *replaced_folder*, holds) an input.
    """
    out = Path(target)
    out_real = Path(os.path.realpath(out))
    for given in inputs:
        source = Path(given)
        try:
            same = out.exists() and source.exists() and os.path.samefile(out, source)
        except OSError:
            same = False
        inside = replaced_folder and out_real in Path(os.path.realpath(source)).parents
        if same or inside:
            what = "holds the input" if inside else "is the input"
            raise InputError(str(target), f"{what} {str(given)!r}; write the output somewhere "
                                          "else (nothing was written)")


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISLNK, "a symbolic link"), (stat.S_ISDIR, "a folder"),
                       (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a device"),
                       (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


# ----------------------------------------------------------------------------- folders

@contextlib.contextmanager
def replacing_folder(target: str | os.PathLike[str]) -> Iterator[Path]:
    """A hidden folder beside *target* to fill; on leaving, it becomes *target* at once.

    >>> import tempfile
    >>> out = Path(tempfile.mkdtemp()) / "game"
    >>> with replacing_folder(out) as staged:
    ...     _ = (staged / "game.json").write_text("{}")
    >>> sorted(p.name for p in out.iterdir())
    ['game.json']

    Raises:
        InputError: *target* is not a folder (or absent), or its place is not writable.
    """
    final = Path(target)
    staged = staging_folder(final)
    try:
        yield staged
        try:
            switch_folder(staged, final)
        except OSError as exc:
            raise _switch_refused(final, exc) from None
    except BaseException:
        shutil.rmtree(staged, ignore_errors=True)
        raise


def staging_folder(target: Path) -> Path:
    """An empty hidden folder beside *target*, named so the next run can clean it."""
    ensure_folder(target.parent)
    if target.is_symlink() or (target.exists() and not target.is_dir()):
        raise InputError(str(target), "exists and is not a folder; vconv replaces only a "
                                      "folder it can switch whole")
    check_not_mount_point(target)
    clean_stale(target.parent, target.name)
    try:
        return Path(tempfile.mkdtemp(prefix=_prefix(target), suffix=PART, dir=target.parent))
    except OSError as exc:
        raise InputError(str(target), f"cannot write here: {exc.strerror or exc}") from None


def switch_folder(staged: Path, target: Path) -> Path:
    """Put the filled *staged* folder at *target* with one rename; the old folder, if any,
    stays whole at *target* until the new one is there, then is removed."""
    os.chmod(staged, 0o755)
    if not os.path.lexists(target):
        os.rename(staged, target)
        return target
    if _exchange(staged, target):
        shutil.rmtree(staged, ignore_errors=True)  # now the old folder
        return target
    aside = Path(tempfile.mkdtemp(prefix=_prefix(target), suffix=OLD + PART, dir=target.parent))
    os.rmdir(aside)
    os.rename(target, aside)  # a kill from here to the next rename: clean_stale restores it
    os.rename(staged, target)
    shutil.rmtree(aside, ignore_errors=True)
    return target


def check_not_mount_point(target: Path) -> None:
    """Refuse a mount point as an output folder before any work: the new folder is made
    beside it and renamed into its place, and a mount point cannot be renamed over.

    Raises:
        InputError: *target* is a mount point.
    """
    if os.path.isdir(target) and os.path.ismount(target):
        raise InputError(str(target), "is a mount point, which vconv cannot replace whole "
                                      "(it writes the new folder beside it, then renames it "
                                      "into place); name a folder inside it, such as "
                                      f"{target / 'out'}")


def _switch_refused(target: Path, exc: OSError) -> InputError:
    """The one-line error for a folder switch the system refused."""
    message = f"cannot put the new folder in its place: {exc.strerror or exc}"
    if exc.errno in (errno.EBUSY, errno.EXDEV):
        message += ("; it is a mount point, in use, or on another file system than its "
                    f"parent: name a folder inside it, such as {target / 'out'}")
    return InputError(str(target), message)


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically (Linux renameat2); False where the system cannot."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                          ctypes.c_uint]
    result = renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    if result == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(b))


@contextlib.contextmanager
def replacing_set(folder: str | os.PathLike[str], manifest: str) -> Iterator[Path]:
    """A hidden folder beside *folder* to fill with a set of files (a print kit, previews);
    on leaving, *folder* holds the whole new set at once.

    Files cannot be renamed together, folders can: the staged folder also receives what
    *folder* held besides the set (hard links, so nothing is copied), then takes its place
    with one atomic exchange.  A reader, or a kill at any moment, sees the old set or the
    new one, never a mix.  The hidden file *manifest* lists the set's files: those of the
    previous set that the new one lacks are left out, not carried over (a page fewer).
    What appears in the old folder while the switch is made (another command writing
    there) is moved into the new one.

    >>> import tempfile
    >>> out = Path(tempfile.mkdtemp()) / "kit"
    >>> out.mkdir(); _ = (out / "mine.txt").write_text("kept")
    >>> with replacing_set(out, ".kit.files") as staged:
    ...     _ = (staged / "kit.pdf").write_text("new")
    >>> sorted(p.name for p in out.iterdir())
    ['.kit.files', 'kit.pdf', 'mine.txt']

    Raises:
        InputError: *folder* is not a folder (or absent), a file of the set would replace
            something not a regular file, or the folder holds what cannot be carried over.
    """
    out = Path(folder)
    if out.is_symlink() and out.is_dir():
        out = Path(os.path.realpath(out))  # the linked folder is switched; the link stays
    try:
        if not stat.S_ISDIR(os.stat(out).st_mode):
            raise InputError(str(out), "is a file, not a folder; name a folder for the output")
    except FileNotFoundError:
        pass
    except NotADirectoryError:
        raise InputError(str(out), "lies under a file, so no folder can be made there") from None
    check_not_mount_point(out)
    ensure_folder(out.parent)
    clean_stale(out.parent, out.name)
    try:
        staged = Path(tempfile.mkdtemp(prefix=_prefix(out), suffix=PART, dir=out.parent))
    except OSError as exc:
        raise InputError(str(out), f"cannot make this folder: {exc.strerror or exc}") from None
    try:
        yield staged
        names = sorted(os.listdir(staged))
        (staged / manifest).write_text("".join(f"{n}\n" for n in names), encoding="utf-8")
        carried: dict[str, int] = {}
        previous: set[str] = set()
        if os.path.lexists(out):
            for entry in names:
                check_replaceable(out / entry)
            previous = _listed(out / manifest)
            carried = _carry_over(out, staged, previous)
            shutil.copystat(out, staged)
        else:
            os.chmod(staged, 0o755)
        try:
            _switch_set(staged, out, carried, previous)
        except OSError as exc:
            raise _switch_refused(out, exc) from None
    except BaseException:
        shutil.rmtree(staged, ignore_errors=True)
        raise


def _listed(manifest: Path) -> set[str]:
    """The names a set's manifest lists (none when it is absent or unreadable)."""
    try:
        if not manifest.is_file() or manifest.is_symlink():
            return set()
        return {line for line in manifest.read_text(encoding="utf-8").splitlines()
                if line and "/" not in line}
    except (OSError, UnicodeDecodeError):
        return set()


def _carry_over(old: Path, new: Path, previous_set: set[str]) -> dict[str, int]:
    """Link into *new* every entry of *old* that is not of the previous set and that the
    new set does not replace; returns the inode carried for each name (to spot an entry
    replaced while the switch is made)."""
    carried: dict[str, int] = {}
    for entry in sorted(os.scandir(old), key=lambda e: e.name):
        target = new / entry.name
        if os.path.lexists(target) or entry.name in previous_set:
            continue  # the new set's own file, or the old set's
        carried[entry.name] = entry.inode()
        _link_tree(Path(entry.path), target, old)
    return carried


def _link_tree(source: Path, target: Path, top: Path) -> None:
    mode = os.lstat(source).st_mode
    try:
        if stat.S_ISDIR(mode):
            os.mkdir(target)
            for child in sorted(os.listdir(source)):
                _link_tree(source / child, target / child, top)
            shutil.copystat(source, target, follow_symlinks=False)
        elif stat.S_ISLNK(mode):
            os.symlink(os.readlink(source), target)
        elif stat.S_ISREG(mode):
            try:
                os.link(source, target)
            except OSError:  # a file system without hard links: a copy then
                shutil.copy2(source, target)
        elif stat.S_ISFIFO(mode):
            os.mkfifo(target, stat.S_IMODE(mode))
        else:
            raise InputError(str(source), f"is {_kind(mode)}, which vconv cannot carry into the "
                                          f"new {top}; move it out of that folder")
    except OSError as exc:
        raise InputError(str(source), f"cannot be carried into the new {top}: "
                                      f"{exc.strerror or exc}") from None


def _switch_set(staged: Path, out: Path, carried: dict[str, int], previous: set[str]) -> None:
    if not os.path.lexists(out):
        os.rename(staged, out)
        return
    if _exchange(staged, out):
        old = staged
    else:  # no atomic exchange here: set the old folder aside (restored if a kill follows)
        old = Path(tempfile.mkdtemp(prefix=_prefix(out), suffix=OLD + PART, dir=out.parent))
        os.rmdir(old)
        os.rename(out, old)
        os.rename(staged, out)
    for name in sorted(os.listdir(old)):  # written there by another command meanwhile
        path = old / name
        with contextlib.suppress(OSError):
            if name not in carried and name not in previous and not os.path.lexists(out / name):
                os.rename(path, out / name)
            elif name in carried and os.lstat(path).st_ino != carried[name] \
                    and os.path.isfile(path) and not os.path.islink(path):
                os.replace(path, out / name)
    shutil.rmtree(old, ignore_errors=True)


# ----------------------------------------------------------------------------- stale files

def clean_stale(folder: Path, name: str) -> list[Path]:
    """Remove the temporaries a killed run left for *name* in *folder*; a folder set aside
    by a switch cut short goes back to its name if nothing took its place.  Those of a
    process still running are left alone.  Returns what was removed or restored."""
    done: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return done
    target = folder / name
    for entry in entries:
        match = _TEMP.match(entry.name)
        legacy = (entry.name.startswith(f".{name}.") and entry.name.endswith(
            (PART, ".importing", ".old")) and match is None)
        if not legacy and (match is None or match.group("name") != name):
            continue
        if match is not None and _alive(int(match.group("pid"))):
            continue
        path = Path(entry.path)
        try:
            if legacy and time.time() - entry.stat(follow_symlinks=False).st_mtime < _LEGACY_AGE_S:
                continue
            if (match is not None and match.group("old") and entry.is_dir(follow_symlinks=False)
                    and not os.path.lexists(target)):
                os.rename(path, target)
            elif entry.is_dir(follow_symlinks=False):
                shutil.rmtree(path)
            else:
                path.unlink()
        except OSError:
            continue
        done.append(path)
    return done


def _prefix(target: Path) -> str:
    return f".{target.name}.{os.getpid()}-"


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True
    return True
