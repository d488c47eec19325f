"""A layer level named '+ (x2)' adds to the piece's name in VASSAL ('Cart (x2)'); the face keeps
that (`label_joins`), so the print shows what VASSAL shows (Almoravid's Cart printed '(x2)'
alone) and a piece added in the JSON gets the level name back."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from converter.cli import main
from converter.render.counters import marker_text, unit_name
from converter.validate import load_model, validate_path
from converter.vassal import sequence
from converter.vassal.buildfile import read_buildfile
from converter.vassal.components import PieceSlot
from converter.vassal.traits import Layer, decode_piece
from tests.check.conftest import BUILDFILE, write_module

# the test module's unit: level 2 is '+ (reduced)'; a marker whose levels go before its name
MARKER = ("+/null/emb2;;128;;Flip;128;;;128;;;;1;false;0;0;front.png,back.png;+ (x2),Veteran +;true;Level;;;"
          "false;;1;1;true;;70,130;;;1.0;;true\tpiece;;;;Cart/2\tnull;0;0;7;0")


def _module(tmp_path: Path) -> Path:
    slot = (f'<VASSAL.build.widget.PieceSlot entryName="Cart" gpid="7" width="64" '
            f'height="64">{MARKER}</VASSAL.build.widget.PieceSlot>')
    text = BUILDFILE.replace("</VASSAL.build.widget.ListWidget>",
                             slot + "</VASSAL.build.widget.ListWidget>", 1)
    return write_module(tmp_path / "joins.vmod", text)


def _imported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    folder = tmp_path / "game"
    assert main(["import", str(_module(tmp_path)), "-o", str(folder)]) == 0
    capsys.readouterr()
    return folder


def test_a_level_that_adds_to_the_name_is_a_face_whose_label_joins_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _imported(tmp_path, capsys)
    assert [p.line() for p in validate_path(folder)[1]] == []
    pieces = {p["name"]: p for p in
              json.loads((folder / "pieces.json").read_text(encoding="utf-8"))["pieces"]}
    unit = [(f.get("label"), f.get("label_joins")) for f in pieces["1st Bn"]["faces"]]
    assert unit == [(None, None), ("(reduced)", "after")]
    cart = [(f.get("label"), f.get("label_joins")) for f in pieces["Cart"]["faces"]]
    assert cart == [("(x2)", "after"), ("Veteran", "before")]
    game = load_model(folder)
    bn, cart_ = (game.piece(pieces[n]["id"]) for n in ("1st Bn", "Cart"))
    assert bn is not None and cart_ is not None
    # what the counters print, as VASSAL names the piece at that level
    assert unit_name(game, bn, bn.faces[1]) == "1st Bn (reduced)"
    assert [marker_text(game, cart_, f) for f in cart_.faces] == ["Cart (x2)", "Veteran Cart"]


def test_a_piece_added_in_the_json_gets_the_level_names_back(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _imported(tmp_path, capsys)
    path = folder / "pieces.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    cart = next(p for p in data["pieces"] if p["name"] == "Cart")
    data["pieces"].append({**cart, "id": "wagon", "name": "Wagon"})
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["build", str(folder), "-o", str(tmp_path / "out")]) == 0
    capsys.readouterr()
    with zipfile.ZipFile(tmp_path / "out" / "game.vmod") as archive:
        root = read_buildfile(archive.read("buildFile.xml"))
    (slot,) = [s for s in root.find_all(PieceSlot) if s.entry_name == "Wagon"]
    _, _, type_text, state_text = sequence.split(slot.content, "/")
    (layer,) = [t for t in decode_piece(type_text, state_text).traits if isinstance(t, Layer)]
    assert layer.level_names == ["+ (x2)", "Veteran +"]
