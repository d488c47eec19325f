"""Remake every log of manifest.json with the real VASSAL engine (shared/tools/vlog-maker).

Each log's module is built with `vconv build` from its game folder, then vlog-maker plays the
action script beside the log (same name, .json) and saves what VASSAL writes.  Dice and ids
are random, so a remade log differs in bytes but not in what the audit finds.

    .venv/bin/python tests/data/vlogs/make_vlogs.py [LOG ...]
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
VLOG_MAKER = ROOT.parent / "shared" / "tools" / "vlog-maker" / "vlog-maker"


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
            subprocess.run([str(VLOG_MAKER), "--module", str(built[game]), "--script",
                            str(log.with_suffix(".json")), "--out", str(log), "--trunc", "100"],
                           check=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
