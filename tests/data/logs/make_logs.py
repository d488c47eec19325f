"""Write the sample logs of this folder (run by hand after a deliberate change; see README.md):

    .venv/bin/python tests/data/logs/make_logs.py

mini-clean.vlog      a legal game of the mini battle (tests/data/games/mini)
mini-violations.vlog the same game with planted violations (see EXPECTED in
                     tests/audit/test_samples.py)
truncated.vlog, garbage.vlog   unreadable inputs
<game>/clean.vlog, <game>/violations.vlog   each bundled game (modules/<game>): a clean game
                     past its setup, and the same game with every violation of
                     tests/audit/bundled_scripts.py planted after it
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from converter.atomic import write_bytes_atomic  # noqa: E402
from converter.builder import build_module  # noqa: E402
from tests.audit.bundled_scripts import GAMES, violations_game  # noqa: E402
from tests.audit.conftest import MINI, ROOT, clean_mini  # noqa: E402


def main() -> int:
    os.environ.setdefault("SOURCE_DATE_EPOCH", "0")
    built = build_module(MINI)
    clean = clean_mini(built)
    write_bytes_atomic(HERE / "mini-clean.vlog", clean.log_bytes())
    bad = clean_mini(built)
    bad.turn(5, "blue-move")
    bad.move("na-1", hex="0803")          # too far for 4 MP
    bad.place("na-2", space="kiev")       # the steppe admits only red
    bad.roll("d6", 8)                     # no such face
    bad.turn(5, "red-move")
    bad.move("na-1", hex="0703")          # blue moves in red's phase
    bad.place("sa-hq", hex="0705")
    bad.move("sa-hq", hex="0606")         # into the lake
    data = bad.log_bytes()
    write_bytes_atomic(HERE / "mini-violations.vlog", data)
    write_bytes_atomic(HERE / "truncated.vlog", data[: len(data) // 3])
    write_bytes_atomic(HERE / "garbage.vlog", b"this is not a VASSAL log\n")
    for slug, script in sorted(GAMES.items()):
        game = build_module(ROOT / "modules" / slug)
        (HERE / slug).mkdir(exist_ok=True)
        write_bytes_atomic(HERE / slug / "clean.vlog", script.clean(game).log_bytes())
        write_bytes_atomic(HERE / slug / "violations.vlog",
                           violations_game(script, game)[0].log_bytes())
    return 0


if __name__ == "__main__":
    sys.exit(main())
