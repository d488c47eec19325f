"""Benchmark: `vconv import` of a module with ~800 piece slots and ~600 images, and `vconv
diff` of two versions of it, each next to pywargame reading the same build file(s) (Python
3.12 subprocess), printed as ratios.

Run by hand:
    .venv/bin/python bench/bench_import.py [--pywargame PYTHON3.12] [--module A.vmod]

Without --module a synthetic module is written (800 slots in palettes and at-start stacks,
200 prototypes, 600 images, a zoned map with regions); its second version changes 40 slots,
removes 10 and adds 10.  pywargame's side is its own reading: open the .vmod, parse the build
file, decode every slot's traits (and, for the diff, compare the two versions' slot texts).
"""

from __future__ import annotations

import argparse
import io
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from PIL import Image

from converter.importer import import_module
from converter.importer.diff import diff_modules
from pywargame_python import pywargame_python  # bench/, beside this script

ROOT = Path(__file__).resolve().parent.parent

PYWARGAME_SCRIPT = r"""
import json, sys, time
from pywargame.vassal.vmod import VMod
from pywargame.vassal.buildfile import BuildFile
from pywargame.vassal.withtraits import PieceSlot, Prototype

def read(path):
    with VMod(path, 'r') as vmod:
        build = BuildFile(vmod.getBuildFile())
    game = build.getGame()
    slots = {}
    for cls in (PieceSlot, Prototype):
        for node in game._node.getElementsByTagName(cls.TAG):
            element = cls(game, node=node)
            traits = element.getTraits()
            key = node.getAttribute('entryName') or node.getAttribute('name')
            slots.setdefault(key, []).append([t._type + t._state for t in traits])
    return slots

mode, paths = sys.argv[1], sys.argv[2:]
times = []
for _ in range(int(mode)):
    t0 = time.perf_counter()
    versions = [read(p) for p in paths]
    if len(versions) == 2:
        a, b = versions
        changed = [k for k in a if k in b and a[k] != b[k]]
        added = [k for k in b if k not in a]
        removed = [k for k in a if k not in b]
    times.append(time.perf_counter() - t0)
print(json.dumps({"times": times}))
"""

B = "VASSAL.build.module.map.boardPicker."


def _png(i: int) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (24, 24), ((i * 37) % 256, (i * 91) % 256, (i * 53) % 256)).save(buf, "PNG")
    return buf.getvalue()


def _slot(i: int, proto: int, extra: str = "") -> str:
    inner = f"prototype;P{proto}\tpiece;;;u{i % 600}.png;Unit {i}/\tnull;0;0;{i};0"
    if extra:
        inner = f"mark;{extra}\t" + inner.replace("\t", "\\\t", 1).replace("/\t", "/V\\\t", 1)
    return (f'<VASSAL.build.widget.PieceSlot entryName="Unit {i}" gpid="{i}">+/null/{inner}'
            "</VASSAL.build.widget.PieceSlot>")


def synthetic(path: Path, *, version: int) -> Path:
    rng = random.Random(7)
    changed = set(rng.sample(range(800), 40)) if version == 2 else set()
    removed = set(range(10)) if version == 2 else set()
    ids = [i for i in range(800) if i not in removed] + ([800 + k for k in range(10)]
                                                         if version == 2 else [])
    protos = "".join(
        f'<VASSAL.build.module.PrototypeDefinition name="P{p}">+/null/mark;Side\tmark;Nation'
        f'\\\tpiece;;;;/{"AB"[p % 2]}\tN{p % 7}\\\tnull;0;0;;0'
        "</VASSAL.build.module.PrototypeDefinition>" for p in range(200))
    palette = "".join(_slot(i, i % 200, "Elite" if i in changed else "") for i in ids[:500])
    regions = "".join(f'<{B}board.Region name="R{r}" originx="{20 + 30 * (r % 60)}" '
                      f'originy="{20 + 30 * (r // 60)}"/>' for r in range(600))
    stacks = "".join(
        f'<VASSAL.build.module.map.SetupStack name="S{i}" owningBoard="Board" '
        f'useGridLocation="true" location="R{i % 600}">{_slot(i, i % 200, "Elite" if i in changed else "")}'
        "</VASSAL.build.module.map.SetupStack>" for i in ids[500:])
    xml = ('<?xml version="1.0" encoding="UTF-8"?>\n<VASSAL.build.GameModule name="Bench" '
           'version="1" VassalVersion="3.7.10"><VASSAL.build.module.PlayerRoster><entry>A'
           '</entry><entry>B</entry></VASSAL.build.module.PlayerRoster>'
           f'<VASSAL.build.module.PrototypesContainer>{protos}'
           '</VASSAL.build.module.PrototypesContainer><VASSAL.build.module.PieceWindow '
           f'name="Units"><VASSAL.build.widget.ListWidget entryName="All">{palette}'
           '</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>'
           '<VASSAL.build.module.Map mapName="Map"><VASSAL.build.module.map.BoardPicker>'
           f'<{B}Board name="Board" image="map.png"><{B}board.ZonedGrid>'
           f'<{B}board.mapgrid.Zone name="All" locationFormat="$gridLocation$" '
           'path="0,0;1800,0;1800,300;0,300" useParentGrid="false">'
           f'<{B}board.RegionGrid>{regions}</{B}board.RegionGrid></{B}board.mapgrid.Zone>'
           f'</{B}board.ZonedGrid></{B}Board></VASSAL.build.module.map.BoardPicker>{stacks}'
           '</VASSAL.build.module.Map></VASSAL.build.GameModule>\n')
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("buildFile.xml", xml)
        buf = io.BytesIO()
        Image.new("RGB", (1800, 300), "white").save(buf, "PNG")
        archive.writestr("images/map.png", buf.getvalue())
        for i in range(599):
            archive.writestr(f"images/u{i}.png", _png(i + version * 1000 * (i in changed)))
    return path


def _ours(fn, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return times


def _pywargame(python: str, repeat: int, *paths: Path) -> list[float]:
    proc = subprocess.run([python, "-c", PYWARGAME_SCRIPT, str(repeat), *map(str, paths)],
                          capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise SystemExit(f"pywargame failed:\n{proc.stderr[-2000:]}")
    line = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")][-1]
    return list(json.loads(line)["times"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pywargame", default=pywargame_python(ROOT),
                        help="a Python 3.12 with pywargame 0.8 installed (default: "
                             "$VCONV_PYWARGAME_PYTHON, else the checkout's .venv312)")
    parser.add_argument("--module", help="a real module to import instead of the synthetic one")
    parser.add_argument("--other", help="its other version, for the diff (default: itself)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.module:
            a = Path(args.module)
            b = Path(args.other) if args.other else a
        else:
            a = synthetic(Path(tmp) / "bench-1.vmod", version=1)
            b = synthetic(Path(tmp) / "bench-2.vmod", version=2)
        rows = []
        ours = _ours(lambda: import_module(a, "bench"), args.repeat)
        theirs = _pywargame(args.pywargame, args.repeat, a)
        rows.append(("import (vconv) / read + decode slots (pywargame)", ours, theirs))
        found = diff_modules(a, b)
        ours = _ours(lambda: diff_modules(a, b), args.repeat)
        theirs = _pywargame(args.pywargame, args.repeat, a, b)
        rows.append(("diff (vconv) / read both + compare slot traits (pywargame)", ours, theirs))
    print(f"module: {a.name} ({'synthetic' if not args.module else 'given'}); diff found "
          f"{len(found.pieces.changed)} changed, {len(found.pieces.added)} added, "
          f"{len(found.pieces.removed)} removed pieces")
    for title, ours, theirs in rows:
        o, t = statistics.median(ours), statistics.median(theirs)
        print(f"{title}: vconv {o * 1000:.0f} ms, pywargame {t * 1000:.0f} ms, "
              f"ratio vconv/pywargame {o / t:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
