"""A real module whose hex grid states no numbering (Kassala, 3.6.6: a HexGrid with no
HexGridNumbering child): VASSAL names none of its hexes ('offboard' in every move report), so
the ids the import gives are VASSAL's default numbering, and the import says so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from converter.cli import main
from tests.check.conftest import BUILDFILE, write_module

ZONED = BUILDFILE[BUILDFILE.index("<VASSAL.build.module.map.boardPicker.board.ZonedGrid>"):
                  BUILDFILE.index("</VASSAL.build.module.map.boardPicker.board.ZonedGrid>")
                  + len("</VASSAL.build.module.map.boardPicker.board.ZonedGrid>")]
HEX = ('<VASSAL.build.module.map.boardPicker.board.HexGrid dx="50.0" dy="58.0" x0="30" y0="30" '
       'sideways="false">{numbering}</VASSAL.build.module.map.boardPicker.board.HexGrid>')
NUMBERING = ('<VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering first="H" '
             'sep="" hType="N" hLeading="1" vType="N" vLeading="1" stagger="true"/>')


def _import(tmp_path: Path, capsys: pytest.CaptureFixture[str], numbering: str
            ) -> tuple[str, dict]:
    text = BUILDFILE.replace(ZONED, HEX.format(numbering=numbering)) \
        .replace('useGridLocation="true" location="1,2"', 'useGridLocation="false"')
    module = write_module(tmp_path / f"hex{len(numbering)}.vmod", text)
    out_dir = tmp_path / f"game{len(numbering)}"
    assert main(["import", str(module), "-o", str(out_dir)]) == 0
    boards = json.loads((out_dir / "boards.json").read_text(encoding="utf-8"))
    return capsys.readouterr().out, boards["boards"][0]


def test_a_hex_grid_without_numbering_is_said_to_have_vassals_default_ids(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, board = _import(tmp_path, capsys, "")
    assert board["kind"] == "hex"
    assert "board 'Main': its hex grid has no numbering, so VASSAL names no hex (its move " \
           "reports say 'offboard')" in out
    assert "the grid has no numbering, so the ids follow VASSAL's default one" in \
        board["grid"]["provenance"]["note"]
    out, board = _import(tmp_path, capsys, NUMBERING)  # the module's own numbering: no such note
    assert "has no numbering" not in out
    assert "HexGridNumbering over the hexes" in board["grid"]["provenance"]["note"]
