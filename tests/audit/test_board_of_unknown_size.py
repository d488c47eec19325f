"""A board whose image is absent (an image-less copy of a module, or a module that lost it):
no one can tell its size.  Warmachine & Hordes' Ghost Town setup keeps 13 terrain pieces in
the Main Map's margin (its edge is 180x80 pixels), which VASSAL names 'offboard' whatever the
board's image: import placed them on the board ('city-4x4'), the audit off the boards, so the
module's own setup showed 13 violations against its import.  Both now ask one rule
(`converter.vassal.layout.board_under`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from converter.cli import main
from tests.audit.conftest import save_report
from tests.check.conftest import BUILDFILE, ESC, IMAGES, UNIT, _save, png, write_module


def _piece(pid: int, x: int, y: int) -> str:
    return f"+/{pid}/" + UNIT[len("+/null/"):].replace("null;0;0;{gpid};0", f"Main Map;{x};{y};1;0")


# one piece on the board (map pixel 175,125 is board pixel 75,75), one in the map's margin
SETUP = ESC.join(["begin_save", _piece(100, 175, 125), _piece(101, 60, 125),
                  "Main MapBoardPicker\tMain\t0\t0", "end_save"])


def test_a_piece_in_the_map_s_margin_is_off_a_board_of_unknown_size_in_import_and_audit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = BUILDFILE.replace('<VASSAL.build.module.Map mapName="Main Map" icon="mapicon.png">',
                             '<VASSAL.build.module.Map mapName="Main Map" icon="mapicon.png" '
                             'edgeWidth="100" edgeHeight="50">')
    images = {n: png(*s) for n, s in IMAGES.items() if n != "board.png"}  # the board's is absent
    module = write_module(tmp_path / "m.vmod", text, images=images,
                          files={"scenario.vsav": _save(SETUP)})
    game = tmp_path / "game"
    assert main(["import", str(module), "-o", str(game), "-q"]) == 0
    scenarios = json.loads((game / "scenarios.json").read_text(encoding="utf-8"))
    setup = next(s["setup"] for s in scenarios["scenarios"] if s["id"] == "scenario")
    assert setup == [{"piece": "1st-bn", "at": {"board": "main", "space": "1-1"},
                      "provenance": setup[0]["provenance"]},
                     {"piece": "1st-bn", "at": {"board": "main", "point": [-40, 75]},
                      "provenance": setup[0]["provenance"]}]  # the margin's piece: beside it
    report = save_report(tmp_path, capsys, SETUP, module, game)
    assert [f["message"] for f in report["findings"]] == []  # (and exit 0: save_report)
    assert {c["check"]: c["applied"] for c in report["checks_run"]}["setup"] == 2
