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
    were 'No Contact' ... 'HEAVILY ENGAGED!' and its real turn count was dropped.  The other
    tracker comes in whole, as one of the game's `trackers`."""
    text = BUILDFILE.replace("<VASSAL.build.module.Documentation/>",
                             "<VASSAL.build.module.Documentation/>" + TRACKERS, 1)
    module = write_module(tmp_path / "trackers.vmod", text)
    assert main(["import", str(module), "-o", str(tmp_path / "game")]) == 0
    out = capsys.readouterr().out
    assert "TurnTracker[Activity Level]" not in out
    game = json.loads((tmp_path / "game" / "game.json").read_text(encoding="utf-8"))
    assert (game["turns"]["first"], game["turns"]["count"]) == (1, 12)
    assert (game["turns"]["level"], game["turns"]["wrap"]) == ("Time", True)
    assert "labels" not in game["turns"]
    (other,) = game["trackers"]
    assert (other["name"], other["button"], other["levels"]) == (
        "Activity Level", "Activity Level [F7]",
        [{"name": "", "property": "Activity", "items": ["No Contact", "CONTACT!", "ENGAGED!"]}])


EXTENSION = """<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.build.module.ModuleExtension anyModule="false" description="ASL PBS (Play Both Sides)" extensionId="26d" module="VASL" moduleVersion="6.7.3" nextPieceSlotId="20" vassalVersion="3.7.22" version="0.99a">
  <VASSAL.build.module.ExtensionElement target="">
    <VASSAL.build.module.PieceWindow name="PBS"><VASSAL.build.widget.ListWidget entryName="Units">
      <VASSAL.build.widget.PieceSlot entryName="PBS Token" gpid="26d:1" width="48" height="48">+/null/piece;;;;PBS Token/\tnull;0;0;26d:1;0</VASSAL.build.widget.PieceSlot>
    </VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
  </VASSAL.build.module.ExtensionElement>
</VASSAL.build.module.ModuleExtension>
"""
STALE_MODULEDATA = ('<?xml version="1.0" encoding="UTF-8"?><data version="1"><version>6.7.2-beta4'
                    '</version><VassalVersion>3.4.6</VassalVersion><name>VASL</name></data>')
EXTENSIONDATA = ('<?xml version="1.0" encoding="UTF-8"?><data version="1"><version>0.99a'
                 '</version><VassalVersion>3.7.20</VassalVersion></data>')


def test_an_extension_is_imported_under_its_own_name_and_said_to_be_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """ASL PBS (a real 3.7 extension of VASL) carries a stale copy of VASL's moduledata: the
    import was titled 'VASL' and said only that the root is 'not a GameModule'."""
    module = write_module(tmp_path / "pbs.vmdx", EXTENSION, moduledata=STALE_MODULEDATA,
                          files={"extensiondata": EXTENSIONDATA.encode()})
    assert main(["import", str(module), "-o", str(tmp_path / "game")]) == 0
    out = capsys.readouterr().out
    assert "'ASL PBS (Play Both Sides)': reconstructed from the build file" in out
    assert "note: this is an extension of module 'VASL' 6.7.3, not a module: only what it " \
        "adds is imported, and `vconv build` cannot make a module of it" in out
    game = json.loads((tmp_path / "game" / "game.json").read_text(encoding="utf-8"))
    assert game["title"] == "ASL PBS (Play Both Sides)"
    assert game["sources"][0]["edition"] == "0.99a"
    assert "(VASSAL 3.7.22)" in game["notes"][0]["text"]


@pytest.mark.parametrize("stale", [b"<data><name>VASL</nam", b"\xff\xfe<data/>"])
def test_an_extensions_stale_moduledata_is_not_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], stale: bytes) -> None:
    """VASSAL reads an extension's extensiondata; a broken moduledata beside it (ASL PBS
    carries a stale copy of VASL's) made the import exit 2 while `vconv check` passed."""
    module = write_module(tmp_path / "pbs.vmdx", EXTENSION, moduledata=None,
                          files={"extensiondata": EXTENSIONDATA.encode(), "moduledata": stale})
    assert main(["check", str(module)]) == 0
    assert main(["import", str(module), "-o", str(tmp_path / "game")]) == 0
    out = capsys.readouterr().out
    assert "'ASL PBS (Play Both Sides)': reconstructed from the build file" in out
    game = json.loads((tmp_path / "game" / "game.json").read_text(encoding="utf-8"))
    assert game["sources"][0]["edition"] == "0.99a"
    kept = game["vassal"]
    assert (tmp_path / "game" / kept["moduledata"]).read_bytes() == stale  # verbatim
    assert main(["dump", str(module)]) == 0
    assert "3.7.20" in capsys.readouterr().out  # the extensiondata's VASSAL version


def test_many_notes_of_one_kind_are_counted_not_all_printed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Fields of Fire (a real 3.7.22 module, imported without its pictures) printed 4280
    note lines, 1695 of them 'piece …: image … is not in the module'; game.json keeps them
    all, the terminal shows the first 10 of each kind and a count of the rest."""
    slots = "".join(
        f'<VASSAL.build.widget.PieceSlot entryName="Unit {k}" gpid="{100 + k}" width="64" '
        f'height="64">+/null/piece;;;absent{k}.png;Unit {k}/\tnull;0;0;{100 + k};0'
        "</VASSAL.build.widget.PieceSlot>" for k in range(14))
    text = BUILDFILE.replace('<VASSAL.build.widget.ListWidget entryName="Units">',
                             '<VASSAL.build.widget.ListWidget entryName="Units">' + slots, 1)
    assert slots in text
    module = write_module(tmp_path / "many.vmod", text)
    assert main(["import", str(module), "-o", str(tmp_path / "game")]) == 0
    out = capsys.readouterr().out
    shown = [line for line in out.splitlines() if "is not in the module" in line
             and line.startswith("  note: piece 'Unit ")]
    assert len(shown) == 10 and "'Unit 0': image 'absent0.png'" in shown[0]
    assert "  note: 4 more like \"piece '…': image '…' is not in the module\" (game.json's " \
        "notes list them all)" in out
    game = json.loads((tmp_path / "game" / "game.json").read_text(encoding="utf-8"))
    assert sum(n["text"].startswith("piece 'Unit ") for n in game["notes"]) == 14


ADDED_TO_A_PALETTE = """<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.build.module.ModuleExtension anyModule="false" description="CID" extensionId="1aa" module="Warmachine &amp; Hordes MKII" moduleVersion="4.6.2" nextPieceSlotId="30" vassalVersion="3.2.17" version="0.0">
  <VASSAL.build.module.ExtensionElement target="VASSAL.build.module.PieceWindow:Models/VASSAL.build.widget.BoxWidget:Game">
    <VASSAL.build.widget.PanelWidget entryName="Grymkin" fixed="false" nColumns="3" vert="false">
      <VASSAL.build.widget.ListWidget entryName="Warlocks">
        <VASSAL.build.widget.PieceSlot entryName="The Child" gpid="1aa:5" width="48" height="48">+/null/prototype;Model\tpiece;;;child.png;The Child/\t\\\tnull;0;0;1aa:5;0</VASSAL.build.widget.PieceSlot>
      </VASSAL.build.widget.ListWidget>
    </VASSAL.build.widget.PanelWidget>
  </VASSAL.build.module.ExtensionElement>
</VASSAL.build.module.ModuleExtension>
"""


def test_an_extensions_palette_additions_are_its_pieces(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The Warmachine & Hordes CID extensions (real 3.2.17 .vmdx) add their models to the
    module's palette through ExtensionElements aimed at a PieceWindow: the import counted
    62 piece slots and imported 0 pieces."""
    module = write_module(tmp_path / "cid.vmdx", ADDED_TO_A_PALETTE,
                          files={"extensiondata": EXTENSIONDATA.encode()})
    assert main(["import", str(module), "-o", str(tmp_path / "game")]) == 0
    out = capsys.readouterr().out
    assert "1 piece slot, 1 piece" in out
    assert "note: a piece uses prototype 'Model', which the extension does not define (module " \
        "'Warmachine & Hordes MKII' may: its traits are left out)" in out
    pieces = json.loads((tmp_path / "game" / "pieces.json").read_text(encoding="utf-8"))
    (child,) = pieces["pieces"]
    assert child["name"] == "The Child"
    assert "PanelWidget[Grymkin]/ListWidget[Warlocks]/PieceSlot[The Child]" in \
        child["provenance"]["note"]
