"""`vconv import` through the CLI: exit codes, messages, refusing to overwrite, bad input."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from converter.cli import main
from tests.importer.helpers import TOUR, merged, write_zip

MODULE_XML = (b'<?xml version="1.0" encoding="UTF-8"?>\n'
              b'<VASSAL.build.GameModule name="Tiny" version="2.1" VassalVersion="3.6.0">'
              b'<VASSAL.build.module.PlayerRoster><entry>Axis</entry><entry>Allies</entry>'
              b'</VASSAL.build.module.PlayerRoster>'
              b'<VASSAL.build.module.DiceButton name="2d6" nDice="2" nSides="6" plus="1" '
              b'reportTotal="true"/>'
              b'<VASSAL.build.module.turn.TurnTracker name="Turn">'
              b'<VASSAL.build.module.turn.CounterTurnLevel name="Turn" start="1" incr="1" '
              b'loop="true" loopLimit="8"><VASSAL.build.module.turn.ListTurnLevel name="Phase" '
              b'list="Move,Fight"/></VASSAL.build.module.turn.CounterTurnLevel>'
              b'</VASSAL.build.module.turn.TurnTracker>'
              b'<VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.TabWidget>'
              b'<VASSAL.build.widget.PanelWidget entryName="Axis">'
              b'<VASSAL.build.widget.PieceSlot entryName="Inf">+/null/piece;;;inf.png;Inf/'
              b'null;0;0</VASSAL.build.widget.PieceSlot>'
              b'<VASSAL.build.widget.PieceSlot entryName="Inf">+/null/piece;;;inf.png;Inf/'
              b'null;0;0</VASSAL.build.widget.PieceSlot>'
              b'</VASSAL.build.widget.PanelWidget></VASSAL.build.widget.TabWidget>'
              b'<VASSAL.build.widget.PieceSlot entryName="Tank">+/null/mark;Side\tpiece;;;;Tank/'
              b'Allies\tnull;0;0</VASSAL.build.widget.PieceSlot>'
              b'<VASSAL.build.widget.PieceSlot entryName="Marker">+/null/piece;;;;Marker/'
              b'null;0;0</VASSAL.build.widget.PieceSlot>'
              b'<VASSAL.build.widget.PieceSlot entryName="Marker">+/null/piece;;;;Marker/'
              b'null;0;0</VASSAL.build.widget.PieceSlot>'
              b'</VASSAL.build.module.PieceWindow>'
              b'<VASSAL.build.module.Map mapName="Main"><VASSAL.build.module.map.BoardPicker>'
              b'<VASSAL.build.module.map.boardPicker.Board name="Hexes" width="400" height="300">'
              b'<VASSAL.build.module.map.boardPicker.board.HexGrid x0="30" y0="30" dx="50" dy="58">'
              b'<VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering first="H" '
              b'hLeading="1" vLeading="1" hOff="1" vOff="1" stagger="false"/>'
              b'</VASSAL.build.module.map.boardPicker.board.HexGrid>'
              b'</VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.map.BoardPicker>'
              b'<VASSAL.build.module.map.SetupStack name="s" owningBoard="Hexes" '
              b'useGridLocation="true" location="0203">'
              b'<VASSAL.build.widget.PieceSlot entryName="Inf">+/null/piece;;;inf.png;Inf/'
              b'null;0;0</VASSAL.build.widget.PieceSlot>'
              b'<VASSAL.build.widget.PieceSlot entryName="Inf">+/null/piece;;;inf.png;Inf/'
              b'null;0;0</VASSAL.build.widget.PieceSlot>'
              b'<VASSAL.build.widget.PieceSlot entryName="Inf">+/null/piece;;;inf.png;Inf/'
              b'null;0;0</VASSAL.build.widget.PieceSlot>'
              b'</VASSAL.build.module.map.SetupStack>'
              b'<VASSAL.build.module.map.SetupStack name="t" owningBoard="Hexes" x="131" y="87">'
              b'<VASSAL.build.widget.PieceSlot entryName="Tank">+/null/mark;Side\tpiece;;;;Tank/'
              b'Allies\tnull;0;0</VASSAL.build.widget.PieceSlot>'
              b'</VASSAL.build.module.map.SetupStack>'
              b'<Some.Custom.Component foo="bar"/>'
              b'</VASSAL.build.module.Map></VASSAL.build.GameModule>')


def _png() -> bytes:
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (8, 8), "red").save(out, "PNG")
    return out.getvalue()


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    metadata = (b'<?xml version="1.0" encoding="UTF-8"?><data version="1">'
                b'<version>2.1</version><VassalVersion>3.6.0</VassalVersion>'
                b'<name>Tiny Module</name></data>')
    return write_zip(tmp_path / "tiny.vmod", {"buildFile.xml": MODULE_XML, "moduledata": metadata,
                                             "images/inf.png": _png()})


def _import(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["import", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_hand_made_module_is_reconstructed(tiny: Path, tmp_path: Path, capsys) -> None:
    from converter.validate import validate_path
    from tests.importer.helpers import merged

    folder = tmp_path / "modules" / "tiny"
    code, out, _ = _import(capsys, str(tiny), "-o", str(folder))
    assert code == 0
    assert "'Tiny Module': reconstructed from the build file; 1 map, 1 board, 9 piece slots" in out
    summary = out.splitlines()[0]
    assert "1 scenario, 1 die, 1 image" in summary
    assert "deck" not in summary and "card" not in summary   # a genre's absent decks go unsaid
    _, problems = validate_path(folder)
    assert [p.line() for p in problems] == []
    game = merged(folder)
    assert [s["id"] for s in game["sides"]] == ["axis", "allies"]
    pieces = {p["name"]: p for p in game["pieces"]}
    assert pieces["Inf"]["side"] == "axis"           # from the palette panel's name
    assert "count" not in pieces["Inf"]              # a palette slot is an endless supply:
    assert pieces["Inf"]["missing"] == ["count"]     # never 1, 2 or the 3 placed at start
    assert pieces["Inf"]["faces"][0]["image"] == "images/inf.png"
    assert pieces["Tank"]["side"] == "allies"        # from the Marker property Side
    assert pieces["Marker"]["missing"] == ["side", "count"]  # two identical palette slots
    assert pieces["Marker"]["provenance"] == {
        "status": "missing", "source": "vassal-module",
        "note": "not in the VASSAL module: side, count; the rest imported from "
                "PieceWindow[Pieces]/PieceSlot[Marker]; kind 'token' stands in: the module does "
                "not say what kind of piece this is"}
    assert game["scenarios"][0]["setup"][0]["at"] == {"board": "hexes", "hex": "0203"}
    assert game["scenarios"][0]["setup"][0]["count"] == 3
    # a stack placed by pixels: (131, 87) lies in raw column 2, row 1, named 0302
    assert game["scenarios"][0]["setup"][1]["piece"] == pieces["Tank"]["id"]
    assert game["scenarios"][0]["setup"][1]["at"] == {"board": "hexes", "hex": "0302"}
    assert game["title"] == "Tiny Module" and game["sources"][0]["edition"] == "2.1"
    die = game["dice"][0]
    assert (die["count"], die["sides"], die["sum"]) == (2, 6, True)
    assert "adds +1 to each die" in die["provenance"]["note"]
    assert game["turns"]["first"] == 1 and game["turns"]["count"] == 8
    assert [p["name"] for p in game["sequence"]] == ["Move", "Fight"]
    notes = [n["text"] for n in game["notes"]]
    assert any(n.startswith("no counterpart in the format, kept verbatim in the build file")
               and "Component" in n for n in notes)


def test_refuses_to_overwrite_without_force(tiny: Path, tmp_path: Path, capsys) -> None:
    folder = tmp_path / "tiny"
    assert _import(capsys, str(tiny), "-o", str(folder), "-q")[0] == 0
    (folder / "stale.txt").write_text("old")
    code, out, err = _import(capsys, str(tiny), "-o", str(folder))
    assert code == 2 and out == ""
    assert err.strip() == f"vconv import: error: {folder}: already exists; use --force to replace it"
    assert (folder / "stale.txt").exists()
    assert _import(capsys, str(tiny), "-o", str(folder), "--force", "-q")[0] == 0
    assert not (folder / "stale.txt").exists() and (folder / "game.json").is_file()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_an_empty_existing_folder_is_used(tiny: Path, tmp_path: Path, capsys) -> None:
    folder = tmp_path / "tiny"
    folder.mkdir()
    assert _import(capsys, str(tiny), "-o", str(folder), "-q")[0] == 0
    assert (folder / "game.json").is_file()


def test_the_folder_name_must_be_a_game_id(tiny: Path, tmp_path: Path, capsys) -> None:
    code, _, err = _import(capsys, str(tiny), "-o", str(tmp_path / "my game!"))
    assert code == 2 and "the folder name is the game id" in err


def _corrupt_inputs(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    data = TOUR.read_bytes()
    bomb = (b'<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaaaaaaaa">'
            b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
            b'<VASSAL.build.GameModule name="&b;"/>')
    truncated = tmp_path / "truncated.vmod"
    truncated.write_bytes(data[: len(data) // 2])
    not_zip = tmp_path / "text.vmod"
    not_zip.write_text("this is not a module")
    damaged = tmp_path / "damaged.vmod"
    write_zip(damaged, {"buildFile.xml": MODULE_XML})
    raw = bytearray(damaged.read_bytes())
    start = raw.index(b"buildFile.xml") + len(b"buildFile.xml")
    for i in range(start + 20, start + 60):
        raw[i] ^= 0x5A
    damaged.write_bytes(bytes(raw))
    return {
        "truncated": (truncated, "not a ZIP archive"),
        "not a zip": (not_zip, "not a ZIP archive"),
        "entity bomb": (write_zip(tmp_path / "bomb.vmod", {"buildFile.xml": bomb}),
                        "declares a DTD"),
        "escaping path": (write_zip(tmp_path / "escape.vmod", {"buildFile.xml": MODULE_XML,
                                                                "../evil.png": b"x"}),
                          "entry '../evil.png' escapes the archive"),
        "damaged entry": (damaged, "is corrupt"),
        "malformed xml": (write_zip(tmp_path / "bad.vmod", {"buildFile.xml": b"<a><b></a>"}),
                          "malformed XML"),
        "no build file": (write_zip(tmp_path / "empty.vmod", {"readme.txt": b"hi"}),
                          "no buildFile.xml or buildFile: not a module"),
        "a saved game": (write_zip(tmp_path / "save.vmod", {"savedGame": b"x"}),
                         "this is a saved game, not a module"),
        "picture": (write_zip(tmp_path / "pic.vmod", {
            "buildFile.xml": MODULE_XML.replace(b'name="Hexes" width="400"',
                                                b'name="Hexes" image="map.png" width="400"'),
            "images/map.png": b"not a picture"}), "image 'map.png' is not a readable picture"),
        "embedded game": (write_zip(tmp_path / "vc.vmod", {"buildFile.xml": MODULE_XML,
                                                            "vconv/game.json": b"{nope"}),
                          "vconv/game.json:1: not JSON text"),
        "missing": (tmp_path / "nowhere.vmod", "no such module file"),
    }


@pytest.mark.parametrize("case", ["truncated", "not a zip", "entity bomb", "escaping path",
                                  "damaged entry", "malformed xml", "no build file",
                                  "a saved game", "embedded game", "missing"])
def test_unreadable_input_is_exit_2_with_one_line(case: str, tmp_path: Path, capsys) -> None:
    path, message = _corrupt_inputs(tmp_path)[case]
    out_dir = tmp_path / "out" / "game"
    code, out, err = _import(capsys, str(path), "-o", str(out_dir))
    assert code == 2 and out == ""
    assert message in err, err
    assert err.startswith(f"vconv import: error: {path}")
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not out_dir.exists()
    assert not (tmp_path / "evil.png").exists()


def test_an_unreadable_picture_is_noted_and_the_import_goes_on(tmp_path: Path, capsys) -> None:
    path, message = _corrupt_inputs(tmp_path)["picture"]
    out_dir = tmp_path / "out" / "game"
    code, out, err = _import(capsys, str(path), "-o", str(out_dir))
    assert code == 0 and err == ""
    assert f"note: board 'Hexes': {message}" in out and str(path) not in out
    game = merged(out_dir)
    board = next(b for b in game["boards"] if b["name"] == "Hexes")
    assert board["kind"] == "hex" and "image" not in board  # the grid is kept, not the picture
    assert game["vassal"]["files"]["images/map.png"] == "images/map.png"  # kept for the rebuild


def test_usage_errors_are_exit_2(capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["import", str(TOUR)])
    assert exc.value.code == 2
    assert "-o/--output" in capsys.readouterr().err


def test_building_an_imported_game_whose_kept_file_is_gone_is_exit_2(tmp_path: Path,
                                                                     capsys) -> None:
    folder = tmp_path / "tour"
    assert main(["import", str(TOUR), "-o", str(folder), "-q"]) == 0
    (folder / "vassal" / "buildFile.txt").unlink()
    code = main(["build", str(folder), "-o", str(tmp_path / "dist")])
    err = capsys.readouterr().err
    assert code == 2 and not (tmp_path / "dist" / "tour.vmod").exists()
    assert f"{folder}/vassal/buildFile.txt: cannot be read" in err and "Traceback" not in err


def test_a_kept_file_outside_the_folder_is_refused(tmp_path: Path, capsys) -> None:
    import json

    folder = tmp_path / "tour"
    assert main(["import", str(TOUR), "-o", str(folder), "-q"]) == 0
    game = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    game["vassal"]["files"]["../../secret.txt"] = "help/secret.txt"
    (folder / "game.json").write_text(json.dumps(game), encoding="utf-8")
    code = main(["build", str(folder), "-o", str(tmp_path / "dist")])
    err = capsys.readouterr().err
    assert code == 2 and "/vassal/files" in err and "Traceback" not in err
