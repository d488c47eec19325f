"""Benchmark: buildFile.xml + .vmod zip for a synthetic 5,000-counter module, built with
converter.vassal and, in the same run, with pywargame (Python 3.12 subprocess).

Run by hand:  .venv/bin/python bench/bench_buildfile.py [--counters N]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from converter.vassal.archive import ModuleArchive
from converter.vassal.buildfile import write_buildfile
from converter.vassal.components import (
    BasicCommandEncoder, GameModule, PanelWidget, PieceSlot, PieceWindow, PrototypeDefinition,
    PrototypesContainer)
from converter.vassal.traits import BasicPiece, Delete, Layer, Marker, PieceTraits, UsePrototype
from pywargame_python import pywargame_python  # bench/, beside this script

REPO = Path(__file__).resolve().parents[1]

PYWARGAME_SCRIPT = r"""
import json, sys, time
from pywargame.vassal.buildfile import BuildFile
from pywargame.vassal.vmod import VMod
from pywargame.vassal.traits.basic import BasicTrait
from pywargame.vassal.traits.layer import LayerTrait
from pywargame.vassal.traits.prototype import PrototypeTrait
from pywargame.vassal.traits.mark import MarkTrait
from pywargame.vassal.traits.delete import DeleteTrait
n, out = int(sys.argv[1]), sys.argv[2]
t0 = time.perf_counter()
build = BuildFile()
game = build.addGame(name='Bench', version='1.0', nextPieceSlotId=n + 1)
game.addBasicCommandEncoder()
protos = game.addPrototypes()
protos.addPrototype(name='Unit', traits=[MarkTrait(name='Side', value='Blue'), DeleteTrait(),
                                         BasicTrait()])
panel = game.addPieceWindow(name='Counters').addPanel(entryName='All')
for i in range(n):
    panel.addPieceSlot(entryName=f'Unit {i}', gpid=i + 1, traits=[
        PrototypeTrait(name='Unit'),
        LayerTrait(images=[f'u{i}_f.png', f'u{i}_b.png'], newNames=['', '+ (reduced)'],
                   name='Step'),
        BasicTrait(name=f'Unit {i}', filename=f'u{i}_f.png', gpid=i + 1)])
t1 = time.perf_counter()
xml = build.encode()
t2 = time.perf_counter()
with VMod(out, 'w') as vmod:
    vmod.addFiles(**{'buildFile.xml': xml})
t3 = time.perf_counter()
print(json.dumps({"build": t1 - t0, "xml": t2 - t1, "zip": t3 - t2, "bytes": len(xml)}))
"""


def build_ours(n: int) -> GameModule:
    prototype = PrototypeDefinition(name="Unit")
    prototype.piece = PieceTraits([Marker.of({"Side": "Blue"}), Delete(), BasicPiece()])
    panel = PanelWidget(entry_name="All")
    for i in range(n):
        slot = PieceSlot(entry_name=f"Unit {i}", gpid=str(i + 1))
        slot.piece = PieceTraits([
            UsePrototype(name="Unit"),
            Layer(images=[f"u{i}_f.png", f"u{i}_b.png"], level_names=["", "+ (reduced)"],
                  name="Step", increase_command="Flip", increase_key="70,130"),
            BasicPiece(image=f"u{i}_f.png", name=f"Unit {i}", gpid=str(i + 1))])
        panel.children.append(slot)
    return GameModule(name="Bench", version="1.0", next_piece_slot_id=n + 1).add(
        BasicCommandEncoder(), PrototypesContainer().add(prototype),
        PieceWindow(name="Counters").add(panel))


def bench_ours(n: int) -> dict[str, float]:
    t0 = time.perf_counter()
    root = build_ours(n)
    t1 = time.perf_counter()
    xml = write_buildfile(root)
    t2 = time.perf_counter()
    ModuleArchive(buildfile=root).to_bytes(epoch=0)
    t3 = time.perf_counter()
    return {"build": t1 - t0, "xml": t2 - t1, "zip (xml again + zip)": t3 - t2,
            "bytes": float(len(xml))}


def bench_pywargame(n: int) -> dict[str, float] | None:
    python = Path(pywargame_python(REPO))
    if not python.is_file():
        return None
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run([str(python), "-c", PYWARGAME_SCRIPT, str(n),
                               str(Path(tmp) / "bench.vmod")],
                              capture_output=True, text=True, timeout=3600)
    if proc.returncode != 0:
        print(proc.stderr[-2000:], file=sys.stderr)
        return None
    return dict(json.loads(proc.stdout.strip().splitlines()[-1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--counters", type=int, default=5000)
    args = parser.parse_args()
    ours = bench_ours(args.counters)
    print(f"converter.vassal, {args.counters} counters:")
    for key, value in ours.items():
        print(f"  {key:24s} {value:10.3f}" + ("" if key == "bytes" else " s"))
    theirs = bench_pywargame(args.counters)
    if theirs is None:
        print("pywargame: not available (set VCONV_PYWARGAME_PYTHON)")
        return 0
    print(f"pywargame 0.8, {args.counters} counters:")
    for key, value in theirs.items():
        print(f"  {key:24s} {value:10.3f}" + ("" if key == "bytes" else " s"))
    total_ours = ours["build"] + ours["xml"] + ours["zip (xml again + zip)"]
    total_theirs = theirs["build"] + theirs["xml"] + theirs["zip"]
    ratio = total_theirs / total_ours
    verdict = "OK" if ratio >= 2 else "BELOW TARGET"
    print(f"total: ours {total_ours:.3f} s, pywargame {total_theirs:.3f} s "
          f"({ratio:.1f}x, target 2x) {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
