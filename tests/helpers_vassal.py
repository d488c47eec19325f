"""Independent judges of a built module: the real VASSAL engine and pywargame.

On a developer's machine, tests that need them skip when they are not installed; under CI
(`CI=true`, set by .ci/run) such a skip fails the test instead (tests/conftest.py).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
_SUMMARY = re.compile(r"^(\d+) errors?, (\d+) warnings?\s*$", re.MULTILINE)


@dataclass(frozen=True)
class VassalCheckResult:
    """What vassal-check reported: exit code, full output and the summary counts."""

    returncode: int
    output: str
    errors: int
    warnings: int


def vassal_checker() -> Path | None:
    """The vassal-check launcher: $VASSAL_CHECK, else ~/.cache/vassal36/vassal-check36."""
    env = os.environ.get("VASSAL_CHECK")
    candidate = Path(env) if env else Path.home() / ".cache/vassal36/vassal-check36"
    return candidate if candidate.is_file() and os.access(candidate, os.X_OK) else None


def require_vassal_checker() -> Path:
    checker = vassal_checker()
    if checker is None:
        pytest.skip("vassal-check is not installed (see shared/tools/vassal-check)")
    return checker


def run_vassal_check(module: Path, *extra: str, images: bool = True,
                     timeout: float = 180) -> VassalCheckResult:
    """Load *module* in the real VASSAL engine (skips the test when it is not installed)."""
    checker = require_vassal_checker()
    args = [str(checker), "--module", str(module), *(["--images"] if images else []), *extra]
    proc = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
    output = proc.stdout + proc.stderr
    found = _SUMMARY.findall(output)
    if not found:
        raise AssertionError(f"vassal-check printed no summary line:\n{output[-3000:]}")
    errors, warnings = (int(v) for v in found[-1])
    return VassalCheckResult(proc.returncode, output, errors, warnings)


def pywargame_python() -> Path | None:
    """The Python 3.12 with pywargame: $VCONV_PYWARGAME_PYTHON, else .venv312 of the repo."""
    env = os.environ.get("VCONV_PYWARGAME_PYTHON")
    candidate = Path(env) if env else REPO / ".venv312/bin/python"
    return candidate if candidate.is_file() else None


_PYWARGAME_COUNTS = r"""
import json, sys
from pywargame.vassal.vmod import VMod
from pywargame.vassal.buildfile import BuildFile
from pywargame.vassal.withtraits import PieceSlot, Prototype
with VMod(sys.argv[1], 'r') as vmod:
    build = BuildFile(vmod.getBuildFile())
game = build.getGame()
maps = game.getMaps(asdict=False)
boards = grids = 0
for m in maps:
    for picker in m.getBoardPicker(single=False) or []:
        for board in picker.getBoards(asdict=False):
            boards += 1
            for getter in ('getHexGrids', 'getSquareGrids', 'getRegionGrids', 'getZonedGrids'):
                fn = getattr(board, getter, None)
                if fn is not None:
                    grids += len(fn(single=False) or [])
def decoded(cls):
    # Wrap each element and decode its traits: a slot counts only if pywargame parses it.
    nodes = game._node.getElementsByTagName(cls.TAG)
    return sum(1 for n in nodes if len(cls(game, node=n).getTraits()) >= 1)
dice = len(game.getDiceButtons(asdict=False) or [])
print(json.dumps({"maps": len(maps), "boards": boards, "grids": grids,
                  "piece_slots": decoded(PieceSlot), "prototypes": decoded(Prototype),
                  "dice_buttons": dice}))
"""


def pywargame_counts(module: Path, timeout: float = 120) -> dict[str, int]:
    """Counts of maps, boards, grids, piece slots, prototypes and dice read by pywargame.

    Skips the calling test when the pywargame interpreter is missing.
    """
    python = pywargame_python()
    if python is None:
        pytest.skip("no Python 3.12 with pywargame (.venv312 or $VCONV_PYWARGAME_PYTHON)")
    proc = subprocess.run([str(python), "-c", _PYWARGAME_COUNTS, str(module)],
                          capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        raise AssertionError(f"pywargame failed to read {module}:\n{proc.stderr[-3000:]}")
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    return dict(json.loads(lines[-1]))


# --- an independent reading of saved games, for tests that check our reader against it ----
def deobfuscate(raw: bytes) -> str:
    """A savedGame entry as text: '!VCSK' hex-XOR undone, anything else read as UTF-8."""
    text = raw.decode("latin-1")
    if not text.startswith("!VCSK"):
        return raw.decode("utf-8")
    key = int(text[5:7], 16)
    return bytes(int(text[i:i + 2], 16) ^ key for i in range(7, len(text) - 1, 2)).decode()


def command_leaves(text: str) -> Iterator[str]:
    """Every leaf command of an ESC-separated stream, LOG wrappers opened."""
    from converter.vassal import sequence

    parts = sequence.split(text, "\x1b")
    if len(parts) == 1 and parts[0] == text:
        yield from (command_leaves(text[4:]) if text.startswith("LOG\t") else [text])
        return
    for part in parts:
        yield from command_leaves(part)
