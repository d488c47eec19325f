"""One fuzz case per parser, in process: mutate a seed input, run the command, judge what a
user would see.  Used by the hypothesis tests (a few cases) and bench/fuzz_long.py (many).

A case passes when the exit code is 0, 1 or 2, an exit 2 says why on stderr naming the
command, and nothing reached the CLI's guard (``VCONV_GUARD=raise`` turns that into an
exception, which the caller sees as a crash).
"""

from __future__ import annotations

import contextlib
import io
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from converter.cli import main
from converter.vassal.savefile import read_save, save_archive_bytes
from tests.hostile.inputs import (MINI, PICTURE_GAME, ROOT, TINY_BUILDFILE, TINY_GAME, TINY_LOG,
                                  module_entries, mutate, mutate_json, mutate_picture, mutate_xml,
                                  seed_pictures, zip_bytes)

MINI_LOG = ROOT / "tests" / "data" / "logs" / "mini-violations.vlog"


@dataclass(frozen=True)
class Outcome:
    argv: tuple[str, ...]
    code: int
    out: str
    err: str
    seconds: float

    def problem(self) -> str | None:
        """What is wrong with this outcome for a user, or None."""
        if self.code not in (0, 1, 2):
            return f"exit code {self.code}"
        if "Traceback" in self.err:
            return "a traceback on stderr"
        if self.argv[0] == "build" and self.code == 2:  # only after validate said valid
            return f"valid, yet the build refuses it: {self.err[:300]!r}"
        if self.code == 2 and not self.err.startswith(f"vconv {self.argv[0]}"):
            return f"exit 2 without a 'vconv {self.argv[0]}' message: {self.err[:200]!r}"
        return None


def run_cli(*argv: object) -> Outcome:
    args = tuple(str(a) for a in argv)
    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as exc:  # argparse
            code = exc.code if isinstance(exc.code, int) else 2
    return Outcome(args, code, out.getvalue(), err.getvalue(), time.perf_counter() - start)


def _fresh(folder: Path) -> Path:
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


# ----------------------------------------------------------------------------- parsers

def validate_case(work: Path, seed: int, *, tiny: bool = False) -> Outcome:
    """A game folder with one mutated file (the tiny game, or one of mini's files); a mini
    game that still validates is built too (exit 2 there is a hole in validation)."""
    game = _fresh(work / "game")
    change = mutate if seed % 3 == 0 else mutate_json  # bytes, or values in valid JSON
    if tiny:
        (game / "game.json").write_bytes(change(TINY_GAME.encode(), seed))
    else:
        files = sorted(p.name for p in MINI.glob("*.json"))
        victim = files[seed % len(files)]
        for name in files:
            data = (MINI / name).read_bytes()
            (game / name).write_bytes(change(data, seed) if name == victim else data)
    outcome = run_cli("validate", game)
    if outcome.code == 0 and not tiny:  # valid: what validation let through must build
        built = run_cli("build", game, "-o", work / "dist", "-q")
        if built.problem() is not None or built.code == 2:
            return built
    return outcome


_LOG_TEXT: dict[bool, str] = {}


def _log_text(tiny: bool) -> str:
    if tiny not in _LOG_TEXT:
        _LOG_TEXT[tiny] = TINY_LOG if tiny else read_save(MINI_LOG).text
    return _LOG_TEXT[tiny]


def log_bytes(seed: int, *, tiny: bool = False) -> bytes:
    """A log whose command text is mutated (then obfuscated as VASSAL does), or, one seed in
    five, whose archive bytes are."""
    text = _log_text(tiny).encode()
    if seed % 5 == 1:
        return mutate(save_archive_bytes(text.decode()), seed)
    mutated = mutate(text, seed).decode("utf-8", "replace")
    if not mutated.startswith("begin_save"):
        mutated = "begin_save\x1b" + mutated
    return save_archive_bytes(mutated)


def dump_case(work: Path, seed: int, *, tiny: bool = False) -> Outcome:
    log = _fresh(work / "dump") / "game.vlog"
    log.write_bytes(log_bytes(seed, tiny=tiny))
    return run_cli("dump", log, *(["--format", "json"] if seed % 2 else []))


def audit_case(work: Path, seed: int, module: Path, *, tiny: bool = False) -> Outcome:
    log = _fresh(work / "audit") / "game.vlog"
    log.write_bytes(log_bytes(seed, tiny=tiny))
    return run_cli("audit", log, "--module", module)


def module_bytes(seed: int, source: Path | None) -> bytes:
    """A module whose build file (or, one seed in five, moduledata or archive) is mutated,
    mostly in its values (the XML stays well formed); *source* None: the tiny module."""
    if source is None:
        entries = _tiny_module()
    else:
        entries = _entries_of(source)
    which = seed % 5
    if which == 4:
        return mutate(zip_bytes(entries), seed)
    victim = "moduledata" if which == 3 else "buildFile.xml"
    change = mutate if which == 2 else mutate_xml  # bytes, or values in well-formed XML
    return zip_bytes([(n, change(d, seed) if n == victim else d) for n, d in entries])


_ENTRIES: dict[Path, list[tuple[str, bytes]]] = {}


def _entries_of(source: Path) -> list[tuple[str, bytes]]:
    """A module's entries but its game description (read once per run)."""
    if source not in _ENTRIES:
        _ENTRIES[source] = [(n, d) for n, d in module_entries(source) if n != "vconv/game.json"]
    return _ENTRIES[source]


def _tiny_module(picture: bytes | None = None) -> list[tuple[str, bytes]]:
    """The tiny module; with *picture*, its board is that picture (images/map.png)."""
    buildfile = TINY_BUILDFILE
    if picture is not None:
        buildfile = buildfile.replace('name="B" width="300" height="200"', 'name="B" image="map.png"')
    entries = [("buildFile.xml", buildfile.encode()),
               ("moduledata", b'<?xml version="1.0"?><data><name>Tiny</name>'
                              b"<VassalVersion>3.6.0</VassalVersion></data>")]
    return entries + ([("images/map.png", picture)] if picture is not None else [])


def import_case(work: Path, seed: int, source: Path | None = None) -> Outcome:
    folder = _fresh(work / "import")
    module = folder / "m.vmod"
    module.write_bytes(module_bytes(seed, source))
    return run_cli("import", module, "-o", folder / "game", *(["--force"] if seed % 2 else []))


def check_case(work: Path, seed: int, source: Path | None = None) -> Outcome:
    """`vconv check` of a mutated module (as import_case makes them)."""
    module = _fresh(work / "check") / "m.vmod"
    module.write_bytes(module_bytes(seed, source))
    return run_cli("check", module, *(["--format", "json"] if seed % 2 else []))


_PICTURES: dict[str, bytes] = {}


def image_case(work: Path, seed: int) -> Outcome:
    """A mutated picture (PNG, GIF, JPEG) opened by each command that reads pictures in
    turn: a game's board scan (validate measures it, preview draws it), a module's board
    image (import, check and audit size it)."""
    if not _PICTURES:
        _PICTURES.update(seed_pictures())
    picture = mutate_picture(_PICTURES, seed)
    folder = _fresh(work / "image")
    command = ("validate", "preview", "import", "check", "audit")[seed % 5]
    if command in ("validate", "preview"):
        game = folder / "game"
        game.mkdir()
        (game / "game.json").write_text(PICTURE_GAME, encoding="utf-8")
        (game / "map.png").write_bytes(picture)
        return run_cli(command, game, *(["-o", folder / "out", "-q"] if command == "preview" else []))
    module = folder / "m.vmod"
    module.write_bytes(zip_bytes(_tiny_module(picture)))
    if command == "import":
        return run_cli("import", module, "-o", folder / "game")
    if command == "check":
        return run_cli("check", module)
    log = folder / "game.vlog"
    log.write_bytes(save_archive_bytes(TINY_LOG))
    return run_cli("audit", log, "--module", module)


CASES: dict[str, Callable[..., Outcome]] = {
    "validate": validate_case, "dump": dump_case, "audit": audit_case, "import": import_case,
    "check": check_case, "image": image_case,
}
