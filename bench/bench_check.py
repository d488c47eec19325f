"""Benchmark: `vconv check` on a module with a ~1 MB build file and ~600 images, against the
floor of opening the archive and parsing the build file (run by hand, not by the tests).

    .venv/bin/python bench/bench_check.py [--slots 700] [--images 600] [MODULE.vmod ...]

The synthetic module has palette slots and at-start stacks whose pieces use prototypes,
two-level layers, Send To Location, labels and markers, a zoned board with a square grid,
and one image per level.  Real modules given on the command line are timed the same way
(e.g. Paths of Glory: a 1 MB build file, 604 images and three 2 MB setups).
Target: check - floor well under 1 s.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from lxml import etree
from PIL import Image

from converter.check import check_module
from converter.vassal.buildfile import safe_parser

TAB = "\t"


def _png(seed: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), (seed % 256, seed // 256 % 256, 7)).save(out, "PNG")
    return out.getvalue()


def _slot(n: int, gpid: int, image_count: int) -> str:
    a, b = f"u{n % image_count}.png", f"u{(n + 1) % image_count}.png"
    traits = [
        f"prototype;Unit{n % 20}",
        "label;76,130;Label;10;;0,0,0;t;0;c;0;b;c;$pieceName$ ($label$);Dialog;0;0;TextLabel;;false",
        f"sendto;Eliminate;69,130;Main Map;Main;{n % 400};{n % 300};;;0;0;1;1;;L;;;;",
        "mark;Side,Type",
        f"emb2;;128;;Flip;128;;;128;;;;1;false;0;0;{a},{b};,+ (reduced);true;Step{n};;;false;;1;1;"
        "true;;70,130;;;1.0;;true",
        f"piece;;;{a};Unit {n}",
    ]
    states = ["", "", ";;", "Blue,Infantry", "1", f"null;0;0;{gpid};0"]
    type_text = traits[-1]
    state_text = states[-1]
    for trait, state in zip(reversed(traits[:-1]), reversed(states[:-1])):
        type_text = trait + TAB + _escape(type_text)
        state_text = state + TAB + _escape(state_text)
    text = "+/null/" + type_text.replace("/", "\\/") + "/" + state_text.replace("/", "\\/")
    return (f'<VASSAL.build.widget.PieceSlot entryName="Unit {n}" gpid="{gpid}" width="64" '
            f'height="64">{_xml(text)}</VASSAL.build.widget.PieceSlot>')


def _escape(text: str) -> str:
    return text.replace(TAB, "\\" + TAB)


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def synthetic_module(path: Path, slots: int, images: int) -> Path:
    protos = "".join(
        f'<VASSAL.build.module.PrototypeDefinition name="Unit{i}">'
        f'+/null/delete;Delete;68,130;{TAB}piece;;;;/{TAB}null;0;0;;0'
        f"</VASSAL.build.module.PrototypeDefinition>\n" for i in range(20))
    zones = "".join(
        f'<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Z{i}" '
        f'path="{i * 40},0;{i * 40 + 40},0;{i * 40 + 40},600;{i * 40},600" '
        f'locationFormat="$gridLocation$" useParentGrid="true"/>\n' for i in range(20))
    palette = "\n".join(_slot(n, n + 1, images) for n in range(slots // 2))
    stacks = "\n".join(
        f'<VASSAL.build.module.map.SetupStack name="S{n}" owningBoard="Main" '
        f'useGridLocation="true" location="{n % 16},{n % 12}" x="0" y="0">'
        f"{_slot(n, slots + n + 1, images)}</VASSAL.build.module.map.SetupStack>"
        for n in range(slots - slots // 2))
    build = f"""<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.build.GameModule name="Bench" version="1" VassalVersion="3.6.0" nextPieceSlotId="{2 * slots + 2}">
<VASSAL.build.module.BasicCommandEncoder/>
<VASSAL.build.module.PrototypesContainer>{protos}</VASSAL.build.module.PrototypesContainer>
<VASSAL.build.module.Map mapName="Main Map"><VASSAL.build.module.map.BoardPicker>
<VASSAL.build.module.map.boardPicker.Board name="Main" image="board.png">
<VASSAL.build.module.map.boardPicker.board.ZonedGrid>{zones}
<VASSAL.build.module.map.boardPicker.board.SquareGrid x0="25" y0="25" dx="50.0" dy="50.0">
<VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering sep="," hLeading="0" vLeading="0" hOff="0" vOff="0" stagger="false"/>
</VASSAL.build.module.map.boardPicker.board.SquareGrid></VASSAL.build.module.map.boardPicker.board.ZonedGrid>
</VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.map.BoardPicker>
{stacks}
</VASSAL.build.module.Map>
<VASSAL.build.module.PieceWindow name="Units">{palette}</VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>
"""
    board = io.BytesIO()
    Image.new("RGB", (800, 600)).save(board, "PNG")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("buildFile.xml", build)
        z.writestr("moduledata", '<data version="1"><VassalVersion>3.6.0</VassalVersion>'
                                 "<name>Bench</name></data>")
        z.writestr("images/board.png", board.getvalue())
        for i in range(images):
            z.writestr(f"images/u{i}.png", _png(i))
    return path


def floor(path: Path) -> None:
    """Open the archive, list it, read the build file and parse it: what any check costs."""
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        name = "buildFile.xml" if "buildFile.xml" in names else "buildFile"
        data = z.read(name)
    etree.fromstring(data, safe_parser())


def timed(fn, *args: object, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn(*args)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", type=Path)
    parser.add_argument("--slots", type=int, default=1700)
    parser.add_argument("--images", type=int, default=600)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        synthetic = synthetic_module(Path(tmp) / "bench.vmod", args.slots, args.images)
        for path in [synthetic, *args.modules]:
            with zipfile.ZipFile(path) as z:
                names = z.namelist()
                build = next(n for n in ("buildFile.xml", "buildFile") if n in names)
                size = z.getinfo(build).file_size
                count = sum(1 for n in names if n.startswith("images/") and not n.endswith("/"))
            report = check_module(path)
            base = timed(floor, path)
            whole = timed(check_module, path, runs=3)
            print(f"{path.name}: build file {size / 1e6:.2f} MB, {count} images, "
                  f"{len(report.findings)} finding(s)")
            print(f"  floor (unzip + XML parse) {base * 1000:7.1f} ms")
            print(f"  vconv check               {whole * 1000:7.1f} ms   "
                  f"(+{(whole - base) * 1000:.1f} ms beyond the floor; target < 1000)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
