"""Kassala (a real 3.6.6 hex module) imported: its hex grid states no numbering (a HexGrid with
no HexGridNumbering child), so VASSAL names none of its hexes ('offboard' in every move report)
and the ids the import gives are VASSAL's default numbering, which the import says; its
palettes 'Moslem Units' and 'Christian Units' give their pieces the roster's sides."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from converter.cli import main
from converter.vassal import sequence
from converter.vassal.traits import Layer, decode_piece
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


ROSTER = ('<VASSAL.build.module.PlayerRoster><entry>Moslem</entry><entry>Christian</entry>'
          '</VASSAL.build.module.PlayerRoster><VASSAL.build.module.Documentation/>')


@pytest.mark.parametrize("palette, side", [("Moslem Units", "moslem"), ("Moslem", "moslem"),
                                           ("Units", None), ("Moslem Christian", None)])
def test_a_palette_named_after_a_side_and_one_word_gives_its_pieces_that_side(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], palette: str, side: str | None
        ) -> None:
    """Kassala's palettes are 'Moslem Units' and 'Christian Units', its sides Moslem and
    Christian: its pieces were imported with no side."""
    text = BUILDFILE.replace("<VASSAL.build.module.Documentation/>", ROSTER, 1) \
        .replace('ListWidget entryName="Units"', f'ListWidget entryName="{palette}"')
    module = write_module(tmp_path / "sides.vmod", text)
    assert main(["import", str(module), "-o", str(tmp_path / "game")]) == 0
    capsys.readouterr()
    pieces = json.loads((tmp_path / "game" / "pieces.json").read_text(encoding="utf-8"))
    (piece,) = pieces["pieces"]
    assert piece.get("side") == side
    assert ("side" in piece.get("missing", [])) == (side is None)



MELEE = ("emb2;Show Melee;0;'\\';;0;;;0;;;;;true;0;0;melee.png;Melee;false;Melee;;;false;;1;1;"
         "false;92,0;;")


def test_a_layer_whose_key_is_one_backslash_imports(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Warmachine & Hordes MKII (a real 3.2.15 module) has 'Show Melee' layers whose key is
    a backslash, written `'\'` by VASSAL: `vconv import` stopped with 'cannot be read again
    (field '\\' ends with a backslash ...)' and imported nothing."""
    text = BUILDFILE.replace("true\\\tpiece;;;front.png;1st Bn/\t1\\\tnull",
                             f"true\\\t{MELEE}\\\\\tpiece;;;front.png;1st Bn/\t1\\\t1\\\\\tnull") \
        .replace(";true;Step;", ";true;Strength;")  # not a face layer by its name
    assert text.count(MELEE) == 2
    slot = text[text.index("+/null/prototype;Unit"):]
    slot = slot[:slot.index("</VASSAL.build.widget.PieceSlot>")]
    _, _, type_text, state_text = sequence.split(slot, "/")
    (_, layer) = [t for t in decode_piece(type_text, state_text).traits if isinstance(t, Layer)]
    assert (layer.activate_command, layer.activate_key_chars) == ("Show Melee", "\\")
    module = write_module(tmp_path / "melee.vmod", text)
    assert main(["import", str(module), "-o", str(tmp_path / "game")]) == 0
    out = capsys.readouterr().out
    assert "'Test': reconstructed from the build file" in out
    assert "cannot be read" not in out
    pieces = json.loads((tmp_path / "game" / "pieces.json").read_text(encoding="utf-8"))
    unit = next(p for p in pieces["pieces"] if p["name"] == "1st Bn")
    assert "PieceSlot[1st Bn]" in unit["provenance"]["note"]


TRACKERS = (
    '<VASSAL.build.module.turn.TurnTracker buttonText="Activity Level [F7]" name="Activity Level">'
    '<VASSAL.build.module.turn.ListTurnLevel list="No Contact,CONTACT!,ENGAGED!" '
    'property="Activity"/></VASSAL.build.module.turn.TurnTracker>'
    '<VASSAL.build.module.turn.TurnTracker buttonText="Turn [F8]" name="Turn">'
    '<VASSAL.build.module.turn.CounterTurnLevel incr="1" loop="true" loopLimit="12" name="Time" '
    'property="Time" start="1"/></VASSAL.build.module.turn.TurnTracker>')


def test_of_several_turn_trackers_the_one_named_for_turns_gives_the_turns(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Fields of Fire (a real 3.7.22 module) has an 'Activity Level' tracker (No Contact,
    CONTACT!, ...) before its 'Turn' tracker: the import read the first, so the game's turns
    were 'No Contact' ... 'HEAVILY ENGAGED!' and its real turn count was dropped."""
    text = BUILDFILE.replace("<VASSAL.build.module.Documentation/>",
                             "<VASSAL.build.module.Documentation/>" + TRACKERS, 1)
    module = write_module(tmp_path / "trackers.vmod", text)
    assert main(["import", str(module), "-o", str(tmp_path / "game")]) == 0
    out = capsys.readouterr().out
    assert "not imported: TurnTracker[Activity Level]: only one turn tracker is read " \
        "(TurnTracker[Turn])" in out
    game = json.loads((tmp_path / "game" / "game.json").read_text(encoding="utf-8"))
    assert (game["turns"]["first"], game["turns"]["count"]) == (1, 12)
    assert "labels" not in game["turns"]
