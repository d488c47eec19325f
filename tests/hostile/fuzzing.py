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
import warnings
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from converter.cli import main
from converter.vassal.savefile import read_save, save_archive_bytes
from tests.hostile.inputs import (MINI, PICTURE_GAME, ROOT, TINY_BUILDFILE, TINY_GAME, TINY_LOG,
                                  module_entries, mutate, mutate_json, mutate_picture, mutate_svg,
                                  mutate_xml, seed_pictures, zip_bytes)

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


def svg_case(work: Path, seed: int) -> Outcome:
    """A game whose board scan is a mutated SVG drawing from a mutated neighbour SVG
    (`mutate_svg`): validate measures it, preview draws it."""
    game = _fresh(work / "svg") / "game"
    game.mkdir()
    board, symbols = mutate_svg(seed)
    (game / "game.json").write_text(PICTURE_GAME.replace("map.png", "map.svg"), encoding="utf-8")
    (game / "map.svg").write_text(board, encoding="utf-8", errors="replace")
    (game / "symbols.svg").write_text(symbols, encoding="utf-8", errors="replace")
    if seed % 2:
        return run_cli("validate", game)
    return run_cli("preview", game, "-o", game.parent / "out", "-q")


CASES: dict[str, Callable[..., Outcome]] = {
    "validate": validate_case, "dump": dump_case, "audit": audit_case, "import": import_case,
    "check": check_case, "image": image_case, "svg": svg_case,
}


# ----------------------------------------------------------------------------- real files

REAL = ROOT / "tests" / "data" / "real"
# small real modules, each with a save or log made on it (the larger ones cost seconds a case)
REAL_PAIRS: tuple[tuple[str, str], ...] = (
    ("bushido/Bushido-RisenSun-0.0-noimages.vmod", "bushido/bushido-vlogmaker.vlog"),
    ("zxvt-capture/zxvt-0.3.0.vmod", "zxvt-capture/5x5_startup.vlog"),
    ("tour.vmod", "tour-vassal36.vlog"),
    ("longest-day/TheLongestDay-noimages.vmod", "longest-day/0611-1.log"),
)
REAL_SAVES: tuple[str, ...] = (
    "A3R_1939_Scenario_Template_Rev1702_AWAW.vsav", "Campaign-180907.vsav", "New-180907.vsav",
    "nevsky/Scenario_Pleskau_1240.vsav", "tour.vlog", "tour-rows.vlog",
    "bushido/bushido-vlogmaker.vlog", "zxvt-capture/5x5_startup.vlog",
)

# hostile names for an archive entry: outside the target, absolute, a drive, a folder
# named like a file, back slashes, names that differ only in case or by a trailing slash
ENTRY_NAMES: tuple[str, ...] = (
    "../evil.png", "/etc/evil", "C:/evil", "images/../../evil", "a\\..\\..\\evil",
    "buildFile.xml/", "buildFile", "BUILDFILE.XML", "images/", "images//x.png", "./buildFile.xml",
    "savedGame/", "SAVEDGAME", "moduledata/x", "images/" + "x" * 300 + ".png", "images/\u202e.png",
    "images/a\nb.png", "images/.png", "images/ .png",
)

_BOMB: list[bytes] = []


def _bomb() -> bytes:
    """100 MB of zeros, deflated (about 100 KB), made once."""
    if not _BOMB:
        _BOMB.append(zlib.compress(b"\0" * 100_000_000, 9)[2:-4])
    return _BOMB[0]


def zip_entries_mutated(entries: list[tuple[str, bytes]], seed: int) -> bytes:
    """An archive of *entries* with hostile structure: renamed, doubled, folder or symlink
    entries, an entry that inflates to 100 MB, a lying size, method or flag in the headers,
    or the archive cut short."""
    import random
    import struct

    rnd = random.Random(seed)
    entries = list(entries)
    infos: list[tuple[zipfile.ZipInfo, bytes]] = []
    op = rnd.randrange(10)
    for name, data in entries:
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        infos.append((info, data))
    pick = rnd.randrange(len(infos)) if infos else 0
    if op == 0 and infos:  # renamed
        infos[pick][0].filename = rnd.choice(ENTRY_NAMES)
    elif op == 1 and infos:  # doubled, with other bytes
        info, data = infos[pick]
        twin = zipfile.ZipInfo(rnd.choice((info.filename, info.filename.upper(),
                                           info.filename + "/")), date_time=info.date_time)
        infos.insert(rnd.randrange(len(infos) + 1), (twin, mutate(data, seed)))
    elif op == 2 and infos:  # a symlink entry (as Info-ZIP stores one)
        info = infos[pick][0]
        info.external_attr = (0o120777 << 16)
        info.create_system = 3
        infos[pick] = (info, rnd.choice((b"/etc/passwd", b"../../../evil", b"/dev/zero")))
    elif op == 3:  # many entries
        infos += [(zipfile.ZipInfo(f"images/{i}.png", date_time=(1980, 1, 1, 0, 0, 0)), b"")
                  for i in range(rnd.choice((100, 5000)))]
    out = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with zipfile.ZipFile(out, "w") as archive:
            for info, data in infos:
                if info.filename.endswith("/") and op != 1:
                    archive.writestr(info, b"")
                else:
                    archive.writestr(info, data)
            if op == 4:  # an entry inflating to 100 MB, named like something read
                name = rnd.choice(("buildFile.xml", "moduledata", "savedGame", "savedata",
                                   "images/map.png", "buildFile"))
                names = [i.filename for i, _ in infos]
                if name not in names:
                    archive.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), b"")
    raw = bytearray(out.getvalue())
    if op == 4:  # splice the bomb in as raw deflate: rebuild that one entry by hand
        raw = bytearray(_with_bomb(bytes(raw), rnd))
    elif op in (5, 6, 7):  # lie in the central directory: size, method, flags
        at = raw.rfind(b"PK\x01\x02")
        heads = [i for i in range(len(raw)) if raw[i:i + 4] == b"PK\x01\x02"]
        if heads:
            at = rnd.choice(heads)
            if op == 5:
                struct.pack_into("<L", raw, at + 24, rnd.choice((0, 1, 2**31, 2**32 - 1)))
            elif op == 6:
                struct.pack_into("<H", raw, at + 10, rnd.choice((1, 9, 12, 14, 93, 95, 98, 99, 0xFFFF)))
            else:
                struct.pack_into("<H", raw, at + 8, rnd.choice((1, 0x41, 0x2000, 0x0800, 0xFFFF)))
    elif op == 8:  # cut short
        raw = raw[:rnd.randrange(len(raw) + 1)]
    elif op == 9:  # bytes flipped anywhere
        return mutate(bytes(raw), seed)
    return bytes(raw)


def _with_bomb(raw: bytes, rnd: Any) -> bytes:
    """*raw* with its first empty entry replaced by the 100 MB bomb (sizes told truly or
    not)."""
    entries = []
    with zipfile.ZipFile(io.BytesIO(raw)) as archive:
        for info in archive.infolist():
            entries.append((info, archive.read(info)))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for info, data in entries:
            if data or info.filename.endswith("/"):
                archive.writestr(info, data)
                continue
            # a stored entry of the compressed bytes, then patched to claim deflate
            bomb = _bomb()
            info.compress_type = zipfile.ZIP_STORED
            start = out.tell()
            archive.writestr(info, bomb)
            entries_end = out.tell()
            _ = entries_end
            body = bytearray(out.getbuffer())
            import struct
            struct.pack_into("<H", body, start + 8, 8)  # method: deflate
            told = rnd.choice((100_000_000, len(bomb), 10))
            struct.pack_into("<L", body, start + 22, told)
            out.seek(0)
            out.write(bytes(body))
            out.seek(0, 2)
            info.compress_type = 8
            info.file_size = told
    return out.getvalue()


def real_save_case(work: Path, seed: int) -> Outcome:
    """A real save or log, its command text mutated (or its archive bytes, one in four),
    shown by dump; one in three is audited against its module."""
    import random

    rnd = random.Random(seed)
    folder = _fresh(work / "real-save")
    if seed % 3 == 0:
        vmod, save = REAL_PAIRS[rnd.randrange(len(REAL_PAIRS))]
    else:
        vmod, save = "", REAL_SAVES[rnd.randrange(len(REAL_SAVES))]
    source = REAL / save
    if seed % 4 == 1:
        data = mutate(source.read_bytes(), seed)
    elif seed % 4 == 3:
        data = zip_entries_mutated(module_entries(source), seed)
    else:
        text = _real_text(source)
        data = save_archive_bytes(mutate(text.encode(), seed, edits=6).decode("utf-8", "replace"))
    log = folder / Path(save).name
    log.write_bytes(data)
    if vmod:
        return run_cli("audit", log, "--module", REAL / vmod)
    return run_cli("dump", log, *(["--format", "json"] if seed % 2 else []))


_REAL_TEXT: dict[Path, str] = {}


def _real_text(path: Path) -> str:
    if path not in _REAL_TEXT:
        _REAL_TEXT[path] = read_save(path).text
    return _REAL_TEXT[path]


def real_module_case(work: Path, seed: int) -> Outcome:
    """A real module with hostile archive structure or a mutated build file, through check,
    import, dump, diff (against the original) and audit (of its own log), in turn; nothing
    may be written outside the output folder."""
    import random

    rnd = random.Random(seed)
    folder = _fresh(work / "real-module")
    vmod, save = REAL_PAIRS[rnd.randrange(len(REAL_PAIRS))]
    entries = _real_entries(REAL / vmod)
    if seed % 3 == 0:
        which = "buildFile.xml" if any(n == "buildFile.xml" for n, _ in entries) else "buildFile"
        change = mutate if seed % 2 else mutate_xml
        data = zip_bytes([(n, change(d, seed) if n == which else d) for n, d in entries])
    else:
        data = zip_entries_mutated(entries, seed)
    inner = folder / "in"
    inner.mkdir()
    module = inner / "m.vmod"
    module.write_bytes(data)
    command = ("check", "import", "dump", "diff", "audit")[(seed // 3) % 5]
    if command == "check":
        outcome = run_cli("check", module)
    elif command == "import":
        outcome = run_cli("import", module, "-o", inner / "game")
    elif command == "dump":
        outcome = run_cli("dump", module)
    elif command == "diff":
        outcome = run_cli("diff", REAL / vmod, module)
    else:
        outcome = run_cli("audit", REAL / save, "--module", module)
    escaped = sorted(str(p.relative_to(folder)) for p in folder.rglob("*")
                     if p not in (inner, module) and inner / "game" not in (p, *p.parents))
    if escaped:
        return Outcome(outcome.argv, 99, outcome.out, f"wrote outside its folder: {escaped}",
                       outcome.seconds)
    return outcome


def _real_entries(path: Path) -> list[tuple[str, bytes]]:
    if path not in _ENTRIES:
        _ENTRIES[path] = module_entries(path)
    return _ENTRIES[path]


CASES.update({"real-save": real_save_case, "real-module": real_module_case})
