"""Remake every log of manifest.json with the real VASSAL engine (shared/tools/vlog-maker).

Each log's module is built with `vconv build` from its game folder, then vlog-maker plays the
action script beside the log (same name, .json) and saves what VASSAL writes.  Where VASSAL
says each added or moved piece now stands (map, pixels and VASSAL's own location name) is
kept beside the log as `<name>.where.json`, for the tests to compare with our replay's names.
Dice and ids are random, so a remade log differs in bytes but not in what the audit finds.

    .venv/bin/python tests/data/vlogs/make_vlogs.py [LOG ...]
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
VLOG_MAKER = ROOT.parent / "shared" / "tools" / "vlog-maker" / "vlog-maker"
# vlog-maker's report of an add or a move: `[#4 add] palette "X" -> ... at [MAP (x,y) "LOC"]`,
# `[#8 move] "X" [MAP (x,y) "LOC"] -> dropped at ... -> now [MAP (x,y) "LOC"]`
# (a location name may hold quotes: the mini game's hex 'Alfa; "città" (0203)')
REPORT = re.compile(r'^\[#(\d+) (add|move)\] (?:palette )?"([^"]*)".*(?:-> now| at) '
                    r'\[(.+) \((-?\d+),(-?\d+)\) "(.*)"\]\s*$')


def where(output: str) -> list[dict[str, object]]:
    """Each piece VASSAL placed, and where it says the piece then stood."""
    out: list[dict[str, object]] = []
    for line in output.splitlines():
        m = REPORT.match(line)
        if m:
            out.append({"action": int(m[1]), "piece": m[3], "map": m[4], "x": int(m[5]),
                        "y": int(m[6]), "location": m[7]})
    return out


def main(only: list[str]) -> int:
    manifest = json.loads((HERE / "manifest.json").read_text(encoding="utf-8"))
    built: dict[str, Path] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for entry in manifest["logs"]:
            if only and entry["log"] not in only:
                continue
            game = entry["game"]
            if game not in built:
                out = Path(tmp) / str(len(built))
                subprocess.run([str(Path(sys.executable).parent / "vconv"), "build", str(ROOT / game),
                                "-o", str(out)], check=True, cwd=ROOT)
                built[game] = next(out.glob("*.vmod"))
            log = HERE / entry["log"]
            run = subprocess.run([str(VLOG_MAKER), "--module", str(built[game]), "--script",
                                  str(log.with_suffix(".json")), "--out", str(log), "--trunc",
                                  "100"], check=True, capture_output=True, text=True)
            sys.stdout.write(run.stdout)
            log.with_suffix(".where.json").write_text(
                json.dumps(where(run.stdout), ensure_ascii=False, indent=0) + "\n",
                encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
