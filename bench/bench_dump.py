"""Benchmark: `vconv dump` of real saves and logs, next to pywargame and the floor.

Run by hand (a few seconds a file):

    .venv/bin/python bench/bench_dump.py [FILE ...] [--runs 3] [--scale 2]

Each figure is a whole process, start-up and file reading included, timed by the kernel's
accounting of that process (user + system CPU seconds, so a busy machine skews it less than
wall time), the median of `--runs` runs taken in turn (ours, pywargame, floor, ours, ...):

- ours:      `vconv dump FILE` (text, to /dev/null): every command decoded, every piece's
             trait chain decoded and named.
- pywargame: pywargame 0.8's `SaveIO.readSave` plus `WithTraits.decodeAdd2` on every AddPiece
             line (its reader, pieces decoded into traits), printing nothing.  Needs Python 3.12
             with pywargame 0.8: VCONV_PYWARGAME_PYTHON, default the checkout's .venv312.
- floor:     unzip + de-obfuscate only (`savefile.read_save`), no command decoded.

Files: the real saves and logs under tests/data/real/ (.vsav, .vlog and the old .log; plus any given), and a synthetic
scale-up of the deepest real save (its pieces repeated `--scale` times).  Every failure
(a non-zero exit, a missing tool) is printed, never skipped.
Targets (issue 12): a deep-chain real save dumped >= 10x faster than pywargame and within 3x
of the floor.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from pywargame_python import pywargame_python  # bench/, beside this script

ROOT = Path(__file__).resolve().parents[1]
# as an installed vconv runs: compiled bytecode kept (a shell may turn that off)
INSTALLED = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
sys.path.insert(0, str(ROOT))

from converter.vassal.commands import AddPiece, read_record  # noqa: E402
from converter.vassal.savefile import read_save, write_save  # noqa: E402

PYWARGAME = pywargame_python(ROOT)
OURS = [sys.executable, "-m", "converter.cli", "dump"]
if (Path(sys.executable).parent / "vconv").is_file():
    OURS = [str(Path(sys.executable).parent / "vconv"), "dump"]

PYWARGAME_SCRIPT = """
import sys
from pywargame.vassal import SaveIO
from pywargame.vassal.withtraits import WithTraits
import pywargame.common
pywargame.common.Verbose().setVerbose(False)
lines = SaveIO.readSave(sys.argv[1])[1]
pieces = 0
for line in lines:
    line = line.replace('\\x1b', '')
    if line.startswith('+/'):
        WithTraits.decodeAdd2(line, False)
        pieces += 1
"""

FLOOR_SCRIPT = """
import sys
from converter.vassal.savefile import read_save
read_save(sys.argv[1])
"""


def cpu_seconds(command: list[str]) -> tuple[float, int, str]:
    """(user + system seconds, exit code, last line of stderr) of one run of *command*."""
    with open(os.devnull, "wb") as sink:
        proc = subprocess.Popen(command, stdout=sink, stderr=subprocess.PIPE, cwd=ROOT,
                                env=INSTALLED)
        assert proc.stderr is not None
        err = proc.stderr.read().decode("utf-8", "replace").strip().splitlines()
        _pid, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime, proc.returncode, (err[-1] if err else "")


def commands_in(path: Path) -> tuple[int, int]:
    """(commands as VASSAL counts them, AddPiece count): LOG wrappers are not commands."""
    record = read_record(read_save(path).text)
    restored = sum(1 for _ in record.restored())
    logged = sum(1 for step in record.steps for _ in step.logged())
    adds = sum(1 for c in record.all_commands() if isinstance(c, AddPiece))
    return restored + logged, adds


def scaled(path: Path, times: int, out: Path) -> Path:
    """The save with its AddPiece commands repeated *times* (ids made unique)."""
    text = read_save(path).text
    record = read_record(text)
    adds = [c for c in record.restored() if isinstance(c, AddPiece)]
    extra = []
    for n in range(1, times):
        for c in adds:
            state = c.state
            if c.type == "stack":  # a stack names its members: rename them too
                parts = state.split(";")
                state = ";".join(parts[:3] + [f"{p}x{n}" if p and not p.startswith("@@") else p
                                              for p in parts[3:]])
            extra.append(AddPiece(f"{c.id}x{n}", c.type, state))
    root = record.root
    root.children.extend(extra)
    from converter.vassal.commands import encode_command
    return write_save(out, encode_command(root))


def bench(path: Path, runs: int) -> None:
    commands, adds = commands_in(path)
    size = path.stat().st_size
    print(f"\n{path.name}: {size / 1e6:.1f} MB, {commands} commands, {adds} AddPiece")
    alternatives = {
        "ours": OURS + [str(path)],
        "pywargame": [PYWARGAME, "-c", PYWARGAME_SCRIPT, str(path)],
        "floor": [sys.executable, "-c", FLOOR_SCRIPT, str(path)],
    }
    if not Path(PYWARGAME).is_file():
        print(f"  pywargame: FAILED - no Python at {PYWARGAME} (set VCONV_PYWARGAME_PYTHON)")
        del alternatives["pywargame"]
    times: dict[str, list[float]] = {name: [] for name in alternatives}
    failed: dict[str, str] = {}
    for _ in range(runs):
        for name, command in alternatives.items():
            if name in failed:
                continue
            seconds, code, err = cpu_seconds(command)
            if code != 0:
                failed[name] = f"exit {code}: {err[:160]}"
            else:
                times[name].append(seconds)
    median = {name: statistics.median(t) for name, t in times.items() if t}
    for name in alternatives:
        if name in failed:
            print(f"  {name:10s} FAILED ({failed[name]})")
        elif name in median:
            print(f"  {name:10s} {median[name]:7.3f} s CPU (median of {len(times[name])}), "
                  f"{commands / median[name]:,.0f} commands/s")
    if "ours" in median:
        if "pywargame" in median:
            print(f"  pywargame / ours = {median['pywargame'] / median['ours']:.1f}x "
                  "(target >= 10x on a deep-chain save)")
        if "floor" in median:
            print(f"  ours / floor     = {median['ours'] / median['floor']:.1f}x (target <= 3x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--scale", type=int, default=2,
                        help="repeat the largest save's pieces this many times (0: no scale-up)")
    args = parser.parse_args()
    real = sorted((ROOT / "tests" / "data" / "real").rglob("*.vsav")) \
        + sorted((ROOT / "tests" / "data" / "real").rglob("*.vlog")) \
        + sorted((ROOT / "tests" / "data" / "real").rglob("*.log"))  # logs of VASSAL 2
    files = real + list(args.files)
    for path in files:
        try:
            bench(path, args.runs)
        except Exception as exc:  # a bench reports every failure and goes on
            print(f"\n{path.name}: FAILED to read ({type(exc).__name__}: {exc})")
    if args.scale > 1 and files:
        largest = max(files, key=lambda p: p.stat().st_size)
        with tempfile.TemporaryDirectory() as tmp:
            try:
                big = scaled(largest, args.scale, Path(tmp) / f"{largest.stem}-x{args.scale}.vsav")
                bench(big, args.runs)
            except Exception as exc:
                print(f"\n{largest.name} x{args.scale}: FAILED ({type(exc).__name__}: {exc})")


if __name__ == "__main__":
    main()
