"""Hostile-input sweep seeded from real files (run by hand, never by the test suite): every
command that reads an untrusted file, each case a separate `vconv` process measured by
/usr/bin/time -v.

    .venv/bin/python bench/hostile_sweep.py [--crafted] [--random N] [--start 0]
        [--kind module|log|folder|mapping] [--seconds 0] [--json results.json] [--only NAME]

--crafted runs the hand-made catalogue of tests/hostile/crafted.py (XML bombs and external
entities in real build files and SVGs, zip/PNG/JPEG/SVG decompression bombs, 3,000-deep trait
chains, 200,000 piece slots, text that is not UTF-8, JSON nested 100,000 deep, entry names
with '..', '/' or NUL, doubled entries) through check, import, dump, audit, and, for an
imported folder, validate, build, print and audit --module FOLDER.  --random N runs N seeded
mutations of real files: the modules of tests/data/real and those packed from the VASSAL
module repositories in /work/.mirror (when present), their logs and saves, imported folders
whose JSON or pictures were mutated, and hostile --mapping files.

A case fails when a command exits other than 0, 1 or 2, prints a traceback, ends in exit 2
without one line 'vconv CMD: ...' naming the input, changes an input, writes anything
outside its output (or leaves a temporary file), leaves an output after exit 2 or a broken
one after exit 0/1 (a .vmod zip that does not test whole, a PDF without its end, an import
folder without game.json), takes over 60 s, or peaks over 1 GB resident.  Over 10 s of CPU
or 500 MB is reported.  Each process runs with a 3 GB address-space limit so a runaway
case cannot take the shared machine down.  Exit 1 when any case failed.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.hostile import crafted as C  # noqa: E402
from tests.hostile.fuzzing import zip_entries_mutated  # noqa: E402
from tests.hostile.inputs import (module_entries, mutate, mutate_json, mutate_picture,  # noqa: E402
                                  mutate_xml, png_claiming, seed_pictures, zip_bytes)

VCONV = ROOT / ".venv" / "bin" / "vconv"
REAL = ROOT / "tests" / "data" / "real"
MIRROR = Path("/work/.mirror")
TOUR_GAME = ROOT / "tests" / "data" / "games" / "tour-skirmish"
TIMEOUT_S = 120
FAIL_S = 60.0
SLOW_S = 10.0
BIG_MB = 500
FAIL_MB = 1024
ADDRESS_SPACE = 3 * 2**30

# a command line: words; "IN/x" is a file of the case's input folder, "OUT/x" of its output
Argv = tuple[str, ...]


@dataclass
class Case:
    name: str
    inputs: dict[str, bytes | Path]  # name in the input folder -> bytes, or a folder to copy
    commands: list[Argv]
    outputs: dict[int, str] = field(default_factory=dict)  # command index -> its output


@dataclass
class Run:
    case: str
    argv: Argv
    code: int
    wall: float
    cpu: float
    rss_mb: float
    problems: list[str]
    err: str


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
    os.nice(5)


def _tree(folder: Path) -> dict[str, str]:
    out = {}
    for p in sorted(folder.rglob("*")):
        if p.is_symlink():
            out[str(p.relative_to(folder))] = "link:" + os.readlink(p)
        elif p.is_file():
            out[str(p.relative_to(folder))] = hashlib.sha1(p.read_bytes()).hexdigest()
        else:
            out[str(p.relative_to(folder)) + "/"] = "dir"
    return out


def _output_sound(path: Path) -> str | None:
    """Why the output at *path* (after exit 0/1) is broken, or None."""
    if not path.exists():
        return None
    if path.is_dir():
        parts = [p for p in path.rglob("*") if p.is_file()]
        if any(p.name.endswith(".part") or ".part" in p.name for p in parts):
            return f"a temporary file left in {path.name}"
        if (path / "game.json").exists():
            try:
                json.loads((path / "game.json").read_bytes())
            except ValueError as exc:
                return f"{path.name}/game.json is not JSON: {exc}"
        for pdf in path.glob("*.pdf"):
            if b"%%EOF" not in pdf.read_bytes()[-1024:]:
                return f"{pdf.name} has no %%EOF"
        for vmod in path.glob("*.vmod"):
            try:
                with zipfile.ZipFile(vmod) as z:
                    if z.testzip() is not None:
                        return f"{vmod.name} has a bad entry"
            except zipfile.BadZipFile as exc:
                return f"{vmod.name}: {exc}"
        return None
    if path.suffix == ".json" and path.stat().st_size:
        try:
            json.loads(path.read_bytes())
        except ValueError as exc:
            return f"{path.name} is not JSON: {exc}"
    return None


def run_case(case: Case, work: Path) -> list[Run]:
    folder = work / "case"
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "in").mkdir(parents=True)
    (folder / "out").mkdir()
    (folder / "tmp").mkdir()
    for name, data in case.inputs.items():
        target = folder / "in" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, Path):
            shutil.copytree(data, target)
        else:
            target.write_bytes(data)
    inputs_before = _tree(folder / "in")
    env = dict(os.environ, TMPDIR=str(folder / "tmp"), VCONV_GUARD="raise", PYTHONHASHSEED="0")
    runs = []
    for index, argv in enumerate(case.commands):
        words = [w.replace("IN/", str(folder / "in") + "/").replace("OUT/", str(folder / "out") + "/")
                 for w in argv]
        out_before = _tree(folder / "out")
        t0 = time.perf_counter()
        problems: list[str] = []
        try:
            proc = subprocess.run(["/usr/bin/time", "-v", str(VCONV), *words], cwd=folder,
                                  env=env, capture_output=True, timeout=TIMEOUT_S,
                                  preexec_fn=_limit)
            code, raw_err = proc.returncode, proc.stderr.decode("utf-8", "replace")
        except subprocess.TimeoutExpired as exc:
            code, raw_err = -9, (exc.stderr or b"").decode("utf-8", "replace")
            problems.append(f"still running after {TIMEOUT_S} s")
        wall = time.perf_counter() - t0
        err, _, timing = raw_err.rpartition("\tCommand being timed:")
        if not _:
            err, timing = raw_err, ""
        rss = float(m.group(1)) / 1024 if (m := re.search(r"Maximum resident set size \(kbytes\): (\d+)", timing)) else 0.0
        user = float(m.group(1)) if (m := re.search(r"User time \(seconds\): ([\d.]+)", timing)) else 0.0
        system = float(m.group(1)) if (m := re.search(r"System time \(seconds\): ([\d.]+)", timing)) else 0.0
        status = re.search(r"Exit status: (\d+)", timing)
        if status:
            code = int(status.group(1))
        elif "Command terminated by signal" in timing:
            code = -int(re.search(r"signal (\d+)", timing).group(1))  # type: ignore[union-attr]
        err = re.sub(r"(?m)^Command (exited with non-zero status \d+|terminated by signal \d+)\n?\Z", "", err)
        lines = [line for line in err.splitlines() if line.strip()]
        command = argv[0]
        if code not in (0, 1, 2):
            problems.append(f"exit code {code}")
        if "Traceback" in err:
            problems.append("a traceback: " + err[err.find("Traceback"):][-300:])
        if code == 2:
            if not lines or not lines[0].startswith(f"vconv {command}"):
                problems.append(f"exit 2 without a 'vconv {command}' line: {err[:200]!r}")
            elif len(lines) > 1 and command not in ("build", "validate", "print", "preview"):
                problems.append(f"exit 2 with {len(lines)} lines: {err[:300]!r}")
            named = [w for w in words if (folder / "in") in Path(w).parents or Path(w) == folder / "in"]
            if named and not any(Path(w).name in lines[0] for w in named) and "in/" not in lines[0]:
                problems.append(f"exit 2 naming no input: {lines[0][:200]!r}")
        if wall > FAIL_S:
            problems.append(f"{wall:.0f} s wall")
        if rss > FAIL_MB:
            problems.append(f"peak {rss:.0f} MB")
        leftovers = [str(p.relative_to(folder)) for p in folder.iterdir()
                     if p.name not in ("in", "out", "tmp")]
        leftovers += [str(p.relative_to(folder)) for p in (folder / "tmp").iterdir()]
        if leftovers:
            problems.append(f"wrote outside its output: {leftovers[:5]}")
            for p in leftovers:
                target = folder / p
                shutil.rmtree(target) if target.is_dir() and not target.is_symlink() else target.unlink()
        if _tree(folder / "in") != inputs_before:
            problems.append("changed an input")
        # a killed or failed write's temporaries: '.<name>.<pid>-<random>.part'
        parts = [p for p in (folder / "out").rglob("*") if p.name.endswith(".part")]
        if parts:
            problems.append(f"temporary files left: {[p.name for p in parts][:3]}")
        if index in case.outputs:
            target = folder / case.outputs[index].replace("OUT/", "out/")
            if code == 2 and _tree(folder / "out") != out_before:
                problems.append("exit 2, yet the output changed")
            elif code in (0, 1) and (why := _output_sound(target)):
                problems.append(why)
        runs.append(Run(case.name, argv, code, round(wall, 2), round(user + system, 2),
                        round(rss), problems, err[:400]))
    return runs


# ----------------------------------------------------------------------------- inputs

def module_commands(module: str = "IN/m.vmod", log: str = "IN/game.vlog",
                    *, with_log: bool = True, build: bool = True) -> tuple[list[Argv], dict[int, str]]:
    """check, import (then build what was imported), dump and audit of one module."""
    commands: list[Argv] = [("check", module), ("import", module, "-o", "OUT/game"),
                            ("dump", module)]
    outputs = {1: "OUT/game"}
    if build:
        commands.append(("build", "OUT/game", "-o", "OUT/dist", "-q"))
        outputs[len(commands) - 1] = "OUT/dist"
    if with_log:
        commands.append(("audit", log, "--module", module, "-o", "OUT/report.txt"))
        outputs[len(commands) - 1] = "OUT/report.txt"
    return commands, outputs


def log_commands(log: str = "IN/game.vlog", module: str = str(REAL / "tour.vmod")) -> tuple[list[Argv], dict[int, str]]:
    return ([("dump", log), ("dump", log, "--format", "json"),
             ("audit", log, "--module", module, "--format", "json", "-o", "OUT/report.json")],
            {2: "OUT/report.json"})


def folder_commands(game: str = "IN/game", log: str = str(C.TOUR_LOG), *, print_: bool = True) -> tuple[list[Argv], dict[int, str]]:
    """validate, build, print and audit --module of an imported (and edited) game folder."""
    commands: list[Argv] = [("validate", game), ("build", game, "-o", "OUT/dist", "-q")]
    outputs = {1: "OUT/dist"}
    if print_:
        commands.append(("print", game, "-o", "OUT/print"))
        outputs[len(commands) - 1] = "OUT/print"
    commands.append(("audit", log, "--module", game, "-o", "OUT/report.txt"))
    outputs[len(commands) - 1] = "OUT/report.txt"
    return commands, outputs


_IMPORTED: dict[str, Path] = {}


def imported(work: Path, module: Path) -> Path:
    """*module* imported once per run (the seed of the folder cases)."""
    key = str(module)
    if key not in _IMPORTED:
        target = work / "seeds" / module.stem
        shutil.rmtree(target, ignore_errors=True)
        target.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([str(VCONV), "import", str(module), "-o", str(target), "-q"], check=True,
                       capture_output=True)
        _IMPORTED[key] = target
    return _IMPORTED[key]


def edited_folder(work: Path, module: Path, edits: dict[str, bytes], label: str = "edited") -> Path:
    """A copy of *module* imported, with these files (relative paths) written over."""
    source = imported(work, module)
    target = work / "edited" / label
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(source, target)
    for name, data in edits.items():
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        (target / name).write_bytes(data)
    return target


def _board_image(folder: Path) -> str | None:
    """The first picture file an imported folder's boards name, relative to the folder."""
    boards = folder / "boards.json"
    if not boards.exists():
        return None
    found = re.findall(rb'"file": "([^"]+\.(?:png|gif|jpg|jpeg|svg))"', boards.read_bytes(), re.I)
    return found[0].decode() if found else None


def _piece_image(folder: Path) -> str | None:
    pieces = folder / "pieces.json"
    if not pieces.exists():
        return None
    found = re.findall(rb'"(?:image|front|back|file)": "([^"]+\.(?:png|gif|jpg|jpeg|svg))"',
                       pieces.read_bytes(), re.I)
    return found[0].decode() if found else None


def crafted_cases(work: Path) -> list[Case]:
    cases: list[Case] = []
    tour_bf = C.tour_buildfile()
    log = {"game.vlog": C.TOUR_LOG.read_bytes()}

    def module_case(name: str, data: bytes, **kw: bool) -> None:
        commands, outputs = module_commands(**kw)
        cases.append(Case(name, {"m.vmod": data, **log}, commands, outputs))

    def log_case(name: str, data: bytes) -> None:
        commands, outputs = log_commands()
        cases.append(Case(name, {"game.vlog": data}, commands, outputs))

    # XML bombs and external entities: in the build file (as the real one's DTD, or a whole
    # laughs document), in moduledata, in an SVG the module draws; in a log's savedata
    module_case("buildfile-laughs-in-real", C.tour_with(C.with_dtd(tour_bf, C.LAUGHS_DTD, reference="&lol9;")))
    module_case("buildfile-laughs", C.tour_with(C.billion_laughs("VASSAL.build.GameModule")))
    module_case("buildfile-xxe-in-real", C.tour_with(C.with_dtd(tour_bf, C.XXE_DTD, reference="&xxe;")))
    module_case("buildfile-xxe-utf16", C.tour_with(C.with_dtd(tour_bf, C.XXE_DTD, reference="&xxe;")
                                                   .decode().replace('encoding="UTF-8"', 'encoding="UTF-16"')
                                                   .encode("utf-16")))
    module_case("moduledata-laughs", C.tour_with(replace={"info": C.billion_laughs("data")},
                                                 extra=[("moduledata", C.billion_laughs("data"))]))
    svg_bf = tour_bf.replace(b'image="VIP-map2.png"', b'image="bomb.svg"').replace(
        b"AlbC.GIF", b"xxe.svg")
    for svg_name, svg in (("laughs", C.svg_laughs()), ("xxe", C.svg_external()),
                          ("huge", C.svg_huge()), ("use-bomb", C.svg_use_bomb())):
        module_case(f"svg-{svg_name}-in-module", C.tour_with(
            svg_bf, extra=[("images/bomb.svg", svg), ("images/xxe.svg", svg)]))
    # decompression bombs: a zip entry of 1 GB of zeros as the build file and as a board
    # picture; a PNG of 20000x20000 zeros; a 6400x6400 16-bit RGBA PNG (under the pixel
    # limit, 330 MB of raw pixels); JPEGs declaring huge and just-allowed sizes
    small = zip_bytes([(n, d) for n, d in module_entries(C.TOUR) if n != "images/VIP-map2.png"])
    module_case("zip-bomb-board-picture", C.with_bomb(small, "images/VIP-map2.png", 1_000_000_000))
    no_bf = zip_bytes([(n, d) for n, d in module_entries(C.TOUR) if n != "buildFile"])
    module_case("zip-bomb-buildfile", C.with_bomb(no_bf, "buildFile", 1_000_000_000))
    bombs = {"png-20000x20000": C.png_bomb(20000, 20000),
             "png-6400x6400-rgba16": C.png_bomb(6400, 6400, depth=16, colour=6),
             "jpeg-65000x65000": C.jpeg_claiming(65000, 65000),
             "jpeg-6000x6000": C.jpeg_claiming(6000, 6000)}
    for bomb_name, picture in bombs.items():
        module_case(f"{bomb_name}-board-picture",
                    C.tour_with(replace={"images/VIP-map2.png": picture}))
        module_case(f"{bomb_name}-piece-picture", C.tour_with(replace={"images/AlbC.GIF": picture}))
    # deep trait chains, and many pieces
    for depth in (150, 199, 201, 1000, 3000):
        module_case(f"trait-chain-{depth}",
                    C.tour_with(C.tour_with_slots(f'<VASSAL.build.widget.PieceSlot entryName="Deep" '
                                                  f'gpid="9999" width="40" height="40">'
                                                  f"{C.trait_chain(depth)}</VASSAL.build.widget.PieceSlot>")))
    module_case("slots-200000", C.tour_with(C.tour_with_slots(C.slots(200_000))), build=False)
    module_case("slots-49000", C.tour_with(C.tour_with_slots(C.slots(49_000))), build=False)
    flat = (b'<?xml version="1.0"?><VASSAL.build.GameModule name="x">' + b"<a/>" * 15_000_000
            + b"</VASSAL.build.GameModule>")
    module_case("buildfile-15M-empty-elements", C.tour_with(flat))
    module_case("svg-300000-elements-in-module", C.tour_with(svg_bf, extra=[
        ("images/bomb.svg", b'<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">'
         + b"<g/>" * 300_000 + b"</svg>"), ("images/xxe.svg", C.svg_laughs())]))
    module_case("slots-20000", C.tour_with(C.tour_with_slots(C.slots(20_000))))
    deep_xml = (b'<?xml version="1.0"?><VASSAL.build.GameModule name="x">'
                + b"<VASSAL.build.module.Map>" * 100_000 + b"</VASSAL.build.module.Map>" * 100_000
                + b"</VASSAL.build.GameModule>")
    module_case("buildfile-nested-100000", C.tour_with(deep_xml))
    # text that is not UTF-8: Latin-1 bytes in a build file declared UTF-8, and declared so
    module_case("buildfile-latin1-bytes", C.tour_with(tour_bf.replace(b"VASSAL Tour", b"VASSAL Tour \xe9\xff\xfe")))
    module_case("buildfile-latin1-declared", C.tour_with(
        tour_bf.replace(b'encoding="UTF-8"', b'encoding="ISO-8859-1"').replace(b"VASSAL Tour", b"Tour \xe9")))
    module_case("buildfile-utf16-bom", C.tour_with(b"\xff\xfe" + tour_bf.decode().replace(
        'encoding="UTF-8"', 'encoding="UTF-16"').encode("utf-16-le")))
    # entry names: outside, absolute, NUL, doubled
    entries = [(n.encode(), d) for n, d in module_entries(C.BUSHIDO)]
    for label, name in (("dotdot", b"../../evil.png"), ("absolute", b"/tmp/evil.png"),
                        ("nul", b"images/a\0../../evil.png"), ("nul-buildfile", b"buildFile\0.png"),
                        ("backslash", b"..\\..\\evil.png"), ("drive", b"C:\\evil.png")):
        module_case(f"entry-{label}", C.raw_zip(entries + [(name, b"\x89PNG\r\n\x1a\n")]),
                    with_log=False)
    module_case("entry-doubled-buildfile", C.raw_zip(
        entries + [(n, b"<x/>") for n, _ in entries if n.startswith(b"buildFile")]), with_log=False)
    # logs: nested commands, many commands, a bomb, not UTF-8, savedata with entities
    from converter.vassal.savefile import save_archive_bytes, savedata_xml

    text = C.read_log_text(C.TOUR_LOG)
    nested = "\\" * 100_000 + "\t"
    log_case("log-backslashes-100000", save_archive_bytes(text + "\x1bLOG\t+/1/" + nested))
    log_case("log-nested-300", save_archive_bytes(
        text + "\x1b" + "\x1b".join(["LOG\t" + "\\\x1b" * k for k in (10, 100, 300)])))
    log_case("log-pieces-200000", save_archive_bytes(
        "begin_save\x1b" + "\x1b".join(f"+/{i}/piece;;;AlbC.GIF;P{i}/null;0;0;{i}" for i in range(200_000))
        + "\x1bend_save"))
    log_case("log-pieces-199000", save_archive_bytes(
        "begin_save\x1b" + "\x1b".join(f"+/{i}/piece;;;AlbC.GIF;P{i}/null;0;0;{i}" for i in range(199_000))
        + "\x1bend_save"))
    log_case("log-moves-250000", save_archive_bytes(
        text + "\x1b" + "\x1b".join("LOG\tM/1/Main Map/10/10/null/Main Map/20/20/null/A" for _ in range(250_000))))
    log_case("log-trait-chain-3000", save_archive_bytes(text + "\x1bLOG\t" + C.trait_chain(3000)))
    log_case("log-savedata-laughs", save_archive_bytes(text, savedata=C.billion_laughs("data")))
    log_case("log-savedata-xxe", save_archive_bytes(text, savedata=C.external_entity("data")))
    log_case("log-zip-bomb", C.with_bomb(zip_bytes([("savedata", savedata_xml())]), "savedGame", 1_000_000_000))
    log_case("log-not-utf8", zip_bytes([("savedGame", b"begin_save\x1bLOG\tCHAT<A> \xff\xfe\xe9\x1bend_save"),
                                        ("savedata", savedata_xml())]))
    log_case("log-truncated", C.TOUR_LOG.read_bytes()[:len(C.TOUR_LOG.read_bytes()) // 2])
    # imported folders (tour, imported once) whose JSON or pictures were edited
    game_json = imported(work, C.TOUR) / "game.json"
    board = _board_image(imported(work, C.TOUR)) or "images/VIP-map2.png"
    piece = _piece_image(imported(work, C.TOUR)) or "images/AlbC.gif"
    folder_edits: dict[str, dict[str, bytes]] = {
        "json-nested-100000": {"game.json": C.nested_json_value(game_json.read_bytes(), "x")},
        "json-nested-100000-pieces": {"pieces.json": C.nested_json(100_000)},
        "json-10M-empty-arrays": {"game.json": C.nested_json_value(game_json.read_bytes(), "x", 1).replace(
            b'"x": []', b'"x": [' + b"[]," * 10_000_000 + b"[]]")},
        "json-900k-values": {"game.json": C.nested_json_value(game_json.read_bytes(), "x", 1).replace(
            b'"x": []', b'"x": [' + b"[]," * 900_000 + b"[]]")},
        "json-not-utf8": {"game.json": game_json.read_bytes().replace(b'"title": "', b'"title": "\xff\xe9', 1)},
        "json-utf16": {"game.json": game_json.read_text(encoding="utf-8").encode("utf-16")},
        "json-pieces-100000": {"pieces.json": json.dumps({"pieces": [
            {"id": f"p{i}", "name": f"P{i}", "side": "x"} for i in range(100_000)]}).encode()},
        "board-png-20000x20000": {board: C.png_bomb(20000, 20000)},
        "board-png-6400x6400-rgba16": {board: C.png_bomb(6400, 6400, depth=16, colour=6)},
        "board-jpeg-65000": {board: C.jpeg_claiming(65000, 65000)},
        "board-svg-laughs": {board: C.svg_laughs()},
        "board-svg-xxe": {board: C.svg_external()},
        "board-svg-huge": {board: C.svg_huge()},
        "board-svg-use-bomb": {board: C.svg_use_bomb()},
        "piece-png-20000x20000": {piece: C.png_bomb(20000, 20000)},
        "piece-svg-laughs": {piece: C.svg_laughs()},
        "piece-svg-use-bomb": {piece: C.svg_use_bomb()},
        "buildfile-txt-laughs": {"vassal/buildFile.txt": C.billion_laughs("VASSAL.build.GameModule")},
        "buildfile-txt-xxe": {"vassal/buildFile.txt": C.with_dtd(tour_bf, C.XXE_DTD, reference="&xxe;")},
        "moduledata-laughs": {"vassal/moduledata.xml": C.billion_laughs("data")},
    }
    # 2026-11-27c: includes each under the value limit, summing past it; kept files that
    # are XML bombs (tour keeps 'info'; Bushido keeps a moduledata)
    tour_game = json.loads(game_json.read_bytes())
    tour_game["include"] = tour_game["include"] + ["x1.json", "x2.json", "x3.json"]
    part = b'{"x": [' + b"[]," * 400_000 + b"[]]}"
    folder_edits["json-includes-400k-values-each"] = {
        "game.json": json.dumps(tour_game).encode(), "x1.json": part, "x2.json": part, "x3.json": part}
    folder_edits["kept-info-laughs"] = {"vassal/files/info": C.billion_laughs("data")}
    folder_edits["kept-info-xxe-utf16"] = {"vassal/files/info": C.external_entity("data").decode()
                                           .replace('version="1.0"', 'version="1.0" encoding="UTF-16"')
                                           .encode("utf-16")}
    folder_edits["kept-gif-as-svg-laughs"] = {piece: C.svg_laughs()}
    folder_edits["board-png-9000x8000-header"] = {board: C.png_bomb(9000, 8000)}
    for label, edits in folder_edits.items():
        commands, outputs = folder_commands()
        cases.append(Case(f"folder-{label}", {"game": edited_folder(work, C.TOUR, edits, label)},
                          commands, outputs))
    bushido_edits = {"moduledata-laughs": {"vassal/moduledata.xml": C.billion_laughs("data")},
                     "moduledata-xxe": {"vassal/moduledata.xml": C.external_entity("data")},
                     "moduledata-60000-elements": {"vassal/moduledata.xml": b"<data>" + b"<a/>" * 60_000 + b"</data>"}}
    for label, edits in bushido_edits.items():
        commands, outputs = folder_commands(log=str(REAL / "bushido/bushido-vlogmaker.vlog"))
        cases.append(Case(f"folder-bushido-{label}",
                          {"game": edited_folder(work, C.BUSHIDO, edits, "bushido-" + label)},
                          commands, outputs))
    # hostile --mapping files
    mappings = {"nested-100000": C.nested_json(100_000), "not-utf8": b'{"game": "\xff\xfe"}',
                "utf16": '{"game": "tour-skirmish"}'.encode("utf-16"), "huge-string": b'{"x": "' + b"a" * 40_000_000 + b'"}',
                "arrays-5M": b'{"x": [' + b"[]," * 5_000_000 + b"[]]}", "keys-200000": json.dumps({f"k{i}": i for i in range(200_000)}).encode()}
    for label, data in mappings.items():
        cases.append(Case(f"mapping-{label}", {"map.json": data},
                          [("audit", str(C.TOUR_LOG), "--module", str(C.TOUR), "--game",
                            str(TOUR_GAME), "--mapping", "IN/map.json")]))
    return cases


# ----------------------------------------------------------------------------- random

def mirror_modules(work: Path) -> list[Path]:
    """Modules packed from the unpacked VASSAL modules in /work/.mirror's repositories: the
    build file, moduledata and the small pictures beside them (never committed: their
    licences are not all stated)."""
    out = []
    if not MIRROR.is_dir():
        return out
    for repo in sorted(MIRROR.glob("*/repo")):
        listing = subprocess.run(["git", "-C", str(repo), "ls-tree", "-r", "-l", "HEAD"],
                                 capture_output=True, text=True).stdout.splitlines()
        files = [(line.split(None, 4)[4], line.split(None, 4)[2], line.split(None, 4)[3])
                 for line in listing if len(line.split(None, 4)) == 5]
        builds = [p for p, _, _ in files if re.search(r"(^|/)buildFile(\.xml)?$", p)
                  and "__MACOSX" not in p and "/tmp/" not in p and not p.startswith("tmp/")]
        if not builds:
            continue
        base = builds[0].rpartition("/")[0]
        prefix = base + "/" if base else ""
        chosen = []
        for path, sha, size in files:
            if not path.startswith(prefix) or "__MACOSX" in path:
                continue
            rel = path[len(prefix):]
            if rel in ("buildFile", "buildFile.xml", "moduledata") or (
                    rel.startswith("images/") and size.isdigit() and int(size) < 200_000 and len(chosen) < 300):
                chosen.append((rel, sha))
        entries = [(rel, subprocess.run(["git", "-C", str(repo), "cat-file", "blob", sha],
                                        capture_output=True).stdout) for rel, sha in chosen]
        target = work / "mirror" / (repo.parent.name + ".vmod")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(zip_bytes(entries))
        out.append(target)
    return out


REAL_MODULES = ("tour.vmod", "bushido/Bushido-RisenSun-0.0-noimages.vmod",
                "zxvt-capture/zxvt-0.3.0.vmod", "longest-day/TheLongestDay-noimages.vmod",
                "hex-n-counters/jzhex-n-counters-template-v12-379.vmod",
                "nevsky/Nevsky-2.1-noimages.vmod")
REAL_LOGS = (("tour-vassal36.vlog", "tour.vmod"), ("tour.vlog", "tour.vmod"),
             ("tour-rows.vlog", "tour.vmod"), ("tour-decks.vlog", "tour.vmod"),
             ("bushido/bushido-vlogmaker.vlog", "bushido/Bushido-RisenSun-0.0-noimages.vmod"),
             ("zxvt-capture/5x5_startup.vlog", "zxvt-capture/zxvt-0.3.0.vmod"),
             ("longest-day/0611-1.log", "longest-day/TheLongestDay-noimages.vmod"),
             ("nevsky/nevsky-vlogmaker.vlog", "nevsky/Nevsky-2.1-noimages.vmod"))


KINDS = ("module", "module", "log", "folder", "folder", "mapping")  # of a random case, by seed % 6


def random_case(work: Path, seed: int, modules: list[Path]) -> Case:
    rnd = random.Random(seed)
    kind = KINDS[seed % 6]
    if kind == "module":
        source = rnd.choice(modules)
        entries = module_entries(source)
        build = next((n for n, _ in entries if n in ("buildFile.xml", "buildFile")), None)
        how = rnd.randrange(5)
        if how == 0 and build:  # the build file's text, bytes
            data = zip_bytes([(n, mutate(d, seed) if n == build else d) for n, d in entries])
        elif how == 1 and build:  # its values, staying well formed
            try:
                data = zip_bytes([(n, mutate_xml(d, seed) if n == build else d) for n, d in entries])
            except UnicodeDecodeError:
                data = zip_bytes([(n, mutate(d, seed) if n == build else d) for n, d in entries])
        elif how == 2:  # the archive's bytes
            data = mutate(zip_bytes(entries), seed)
        elif how == 3:  # cut short
            whole = source.read_bytes()
            data = whole[:rnd.randrange(len(whole))]
        else:  # structure
            data = zip_entries_mutated(entries, seed)
        commands, outputs = module_commands(with_log=False, build=rnd.random() < 0.3)
        return Case(f"random-module {seed} {source.name} {how}", {"m.vmod": data}, commands, outputs)
    if kind == "log":
        from converter.vassal.savefile import read_save, save_archive_bytes

        save, vmod = rnd.choice(REAL_LOGS)
        raw = (REAL / save).read_bytes()
        how = rnd.randrange(3)
        if how == 0:
            text = read_save(REAL / save).text
            data = save_archive_bytes(mutate(text.encode(), seed, edits=6).decode("utf-8", "replace"))
        elif how == 1:
            data = mutate(raw, seed)
        else:
            data = raw[:rnd.randrange(len(raw))]
        commands, outputs = log_commands(module=str(REAL / vmod))
        return Case(f"random-log {seed} {save} {how}", {"game.vlog": data}, commands, outputs)
    if kind == "folder":
        source = REAL / rnd.choice(("tour.vmod", "bushido/Bushido-RisenSun-0.0-noimages.vmod",
                                    "zxvt-capture/zxvt-0.3.0.vmod"))
        seed_folder = imported(work, source)
        files = sorted(str(p.relative_to(seed_folder)) for p in seed_folder.rglob("*") if p.is_file())
        jsons = [f for f in files if f.endswith(".json")]
        pictures = [f for f in files if f.lower().endswith((".png", ".gif", ".jpg", ".jpeg"))]
        kept = [f for f in files if f.startswith("vassal/") and not f.endswith("buildFile.xml")
                and not f.endswith("buildFile.txt")]
        edits = {}
        for _ in range(rnd.randint(1, 2)):
            if kept and rnd.random() < 0.2:  # a kept file made XML, entity bombs among them
                victim = rnd.choice(kept + pictures)
                xml = rnd.choice((C.billion_laughs("data"), C.external_entity("data"), C.svg_laughs(),
                                  C.svg_external(), b'<?xml version="1.0"?><data><name>x</name></data>'))
                edits[victim] = mutate(xml, seed) if rnd.random() < 0.6 else xml
            elif pictures and rnd.random() < 0.1:  # a header claiming any size
                edits[rnd.choice(pictures)] = png_claiming(rnd.randrange(1, 40_000),
                                                           rnd.randrange(1, 40_000))
            elif pictures and rnd.random() < 0.3:
                victim = rnd.choice(pictures)
                if not _PICTURES:
                    _PICTURES.update(seed_pictures())
                edits[victim] = mutate_picture(_PICTURES, seed) if rnd.random() < 0.5 else \
                    mutate((seed_folder / victim).read_bytes(), seed)
            else:
                victim = rnd.choice(jsons)
                data = (seed_folder / victim).read_bytes()
                edits[victim] = mutate_json(data, seed) if rnd.random() < 0.6 else mutate(data, seed)
        log = {"tour.vmod": C.TOUR_LOG, "zxvt-0.3.0.vmod": REAL / "zxvt-capture/5x5_startup.vlog",
               "Bushido-RisenSun-0.0-noimages.vmod": REAL / "bushido/bushido-vlogmaker.vlog"}[source.name]
        commands, outputs = folder_commands(log=str(log), print_=rnd.random() < 0.25)
        return Case(f"random-folder {seed} {source.name} {sorted(edits)}",
                    {"game": edited_folder(work, source, edits)}, commands, outputs)
    mapping = _proposed_mapping(work)
    data = mutate_json(mapping, seed) if rnd.random() < 0.6 else mutate(mapping, seed)
    return Case(f"random-mapping {seed}", {"map.json": data},
                [("audit", str(C.TOUR_LOG), "--module", str(C.TOUR), "--game", str(TOUR_GAME),
                  "--mapping", "IN/map.json", "-o", "OUT/r.txt")], {0: "OUT/r.txt"})


_PICTURES: dict[str, bytes] = {}
_MAPPING: list[bytes] = []


def _proposed_mapping(work: Path) -> bytes:
    if not _MAPPING:
        target = work / "seeds" / "tour.mapping.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([str(VCONV), "audit", "--module", str(C.TOUR), "--game", str(TOUR_GAME),
                        "--mapping", str(target), "--propose-mapping"], check=True, capture_output=True)
        _MAPPING.append(target.read_bytes())
    return _MAPPING[0]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--crafted", action="store_true")
    ap.add_argument("--random", type=int, default=0)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--seconds", type=float, default=0.0)
    ap.add_argument("--only", default="", help="crafted cases whose name holds one of these "
                    "(comma-separated)")
    ap.add_argument("--kind", choices=sorted(set(KINDS)), help="random cases of this kind only "
                    "(the seeds of the range whose case is one)")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    shm = Path("/dev/shm")
    work = Path(tempfile.mkdtemp(prefix="vconv-sweep-", dir=shm if shm.is_dir() else None))
    began = time.perf_counter()
    runs: list[Run] = []
    try:
        cases: list[Callable[[], Case]] = []
        if args.crafted:
            cases += [lambda c=c: c for c in crafted_cases(work)  # type: ignore[misc]
                      if any(part in c.name for part in args.only.split(","))]  # type: ignore[misc]
        if args.random:
            modules = [REAL / m for m in REAL_MODULES] + mirror_modules(work)
            print(f"random seeds from {len(modules)} modules ({len(modules) - len(REAL_MODULES)} "
                  "packed from /work/.mirror)", flush=True)
            cases += [lambda s=s: random_case(work, s, modules)  # type: ignore[misc]
                      for s in range(args.start, args.start + args.random)
                      if args.kind is None or KINDS[s % 6] == args.kind]
        for make in cases:
            if args.seconds and time.perf_counter() - began > args.seconds:
                break
            case = make()
            for run in run_case(case, work):
                runs.append(run)
                flag = "FAIL" if run.problems else ("slow" if run.cpu > SLOW_S else
                                                     "big" if run.rss_mb > BIG_MB else "ok")
                if flag != "ok" or args.crafted:
                    print(f"{flag:4} {run.case:40.40} {' '.join(run.argv[:1]):8} exit {run.code} "
                          f"{run.wall:6.1f} s {run.cpu:6.1f} cpu {run.rss_mb:5.0f} MB "
                          f"{'; '.join(run.problems)[:300]} {run.err.splitlines()[0][:160] if run.err.strip() else ''}",
                          flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    codes = Counter(r.code for r in runs)
    failed = [r for r in runs if r.problems]
    by_command = Counter(r.argv[0] for r in runs)
    print(f"{len(runs)} runs of {len({r.case for r in runs})} cases in "
          f"{time.perf_counter() - began:.0f} s; commands {dict(by_command)}; exit codes "
          f"{dict(sorted(codes.items()))}; failures {len(failed)}; over {SLOW_S:g} s CPU "
          f"{sum(r.cpu > SLOW_S for r in runs)}; over {BIG_MB} MB {sum(r.rss_mb > BIG_MB for r in runs)}; "
          f"slowest {max((r.cpu for r in runs), default=0)} s CPU; peak "
          f"{max((r.rss_mb for r in runs), default=0)} MB", flush=True)
    if args.json:
        args.json.write_text(json.dumps([r.__dict__ for r in runs], indent=1) + "\n", encoding="utf-8")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
