"""VASSAL's own tutorial module (tests/data/real/tour.vmod) imported through the CLI."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from converter.cli import main
from converter.validate import validate_path
from converter.vassal.components import BoardComponent
from converter.vassal.grid import HexGeometry, grid_of_board
from converter.vassal.vmod_reader import read_vmod
from tests.importer.helpers import TOUR, buildfile_tree, geometry, hex_finder, merged

VASSAL = "VASSAL.build."


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    folder = tmp_path_factory.mktemp("import") / "tour"
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["import", str(TOUR), "-o", str(folder)]) == 0
    return folder, out.getvalue()


def test_the_folder_validates_with_no_problems(imported) -> None:
    folder, _ = imported
    doc, problems = validate_path(folder)
    assert [p.line() for p in problems] == []
    assert doc.data["title"] == "VASSAL Tour"
    # the module, not its file name: a module rebuilt from the import imports alike
    assert doc.data["sources"][0]["title"] == "VASSAL module 'VASSAL Tour'"
    assert "file" not in doc.data["sources"][0]
    assert doc.data["sources"][0]["edition"] == "1.3"


def test_counts_equal_what_the_build_file_holds(imported) -> None:
    folder, out = imported
    root = buildfile_tree(TOUR)
    maps = root.findall(f".//{VASSAL}module.Map")
    boards = root.findall(f".//{VASSAL}module.map.boardPicker.Board")
    slots = [s for w in root.findall(f".//{VASSAL}module.PieceWindow")
             for s in w.iter(f"{VASSAL}widget.PieceSlot")]
    cards = root.findall(f".//{VASSAL}widget.CardSlot")
    piles = root.findall(f".//{VASSAL}module.map.DrawPile")
    buttons = root.findall(f".//{VASSAL}module.DiceButton") + \
        root.findall(f".//{VASSAL}module.SpecialDiceButton")
    game = merged(folder)
    assert len(game["boards"]) == len(boards) == 5
    assert sum(p.get("count", 1) for p in game["pieces"]) == len(slots) == 10
    assert sum(c.get("count", 1) for c in game["cards"]) == len(cards) == 11
    assert len(game["decks"]) == len(piles) == 3
    assert len(game["dice"]) == len(buttons) == 1
    map_names = {m.get("mapName") for m in maps}
    cited = {b["provenance"]["note"].split("Map[", 1)[1].split("]", 1)[0] for b in game["boards"]}
    assert cited == map_names == {"Main Map", "Force Pool"}
    assert f"{len(maps)} maps, {len(boards)} boards, {len(slots)} piece slots" in out


def test_every_hex_centre_is_named_as_vassal_names_it(imported) -> None:
    """For each hex of tour's hex board, VASSAL's location name (grid.py) is the label the
    import gives the hex under that point: ASL's letters (A1..FF10) cannot be ids, so they
    are the hexes' names, one distinct name per id."""
    folder, _ = imported
    game = merged(folder)
    module = read_vmod(TOUR)
    hex_boards = [b for b in game["boards"] if b["kind"] == "hex"]
    assert [b["name"] for b in hex_boards] == ["SL"]
    for board in hex_boards:
        geo = geometry(folder, board)
        vboard = next(b for b in module.buildfile.find_all(BoardComponent) if b.name == board["name"])
        vgrid = grid_of_board(vboard, geo.image_size)
        assert isinstance(vgrid, HexGeometry)
        names = {h["id"]: h.get("name", h["id"]) for h in board.get("hexes", [])}
        assert len(set(names.values())) == len(names)
        width, height = geo.image_size
        checked = 0
        hex_at = hex_finder(geo)
        for col in range(-2, 40):
            for row in range(-2, 15):
                x, y = vgrid.center(col, row)
                if not (0 <= x <= width and 0 <= y <= height):
                    continue
                hid = hex_at((x, y))
                assert names.get(hid, hid) == vgrid.location_name((x, y)), (col, row, hid)
                checked += 1
        assert checked == len(names) == 336
        assert names["0101"] == "A1" and names["0800"] == "H0" and names["3210"] == "FF10"


def test_pieces_faces_and_images(imported) -> None:
    folder, _ = imported
    pieces = {p["name"]: p for p in merged(folder)["pieces"]}
    assert list(pieces) == ["Albatros C", "1ME", "Jagd Pz Tiger", "Goblin", "1", "2", "3", "4",
                            "5", "6"]
    albatros = pieces["Albatros C"]
    assert [f["image"] for f in albatros["faces"]] == ["images/AlbC.GIF.gif"]
    tiger = pieces["Jagd Pz Tiger"]
    assert tiger["hidden"] is True and "hidden" not in albatros
    assert [(f["counter"], f["side"], f["label"]) for f in tiger["faces"]] == [
        (1, "front", "CA = 1"), (1, "back", "CA = 2"), (2, "front", "CA = 3"), (2, "back", "CA = 4"),
        (3, "front", "CA = 5"), (3, "back", "CA = 6")]  # its six facings, none left out
    assert pieces["Goblin"]["properties"] == {"Layer": "Army"}  # from the Army prototype
    assert pieces["1"]["properties"] == {"Layer": "Tile"}
    with zipfile.ZipFile(TOUR) as archive:
        for piece in pieces.values():
            prov = piece["provenance"]
            # palette pieces: how many the game has is not in the module
            assert prov["status"] == "missing" and prov["source"] == "vassal-module"
            assert piece["missing"] == ["count"] and "count" not in piece
            assert prov["note"].startswith("not in the VASSAL module: count (a palette slot is "
                                           "an endless supply); imported from PieceWindow[")
            for face in piece["faces"]:
                original = "images/" + Path(face["image"]).name
                assert (folder / face["image"]).read_bytes() == archive.read(original)


def test_zones_regions_dice_and_decks(imported) -> None:
    folder, _ = imported
    game = merged(folder)
    boards = {b["name"]: b for b in game["boards"]}
    vip = boards["VIP"]
    assert vip["kind"] == "area" and vip["image"]["file"] == "images/VIP-map2.png"
    names = [s["name"] for s in vip["spaces"]]
    assert names[:6] == ["Aleutian Islands", "North Pacific", "Central Pacific",
                         "Japanese Islands", "POC Track 1", "POC Track 2"]
    assert names.count("Ceylon") == 1 and "Attu" in names
    assert boards["Board 1"]["spaces"] == [{"id": "board-1", "name": "Board 1", "kind": "board",
                                            "provenance": boards["Board 1"]["provenance"]}]
    die = game["dice"][0]
    assert (die["name"], die["count"], die["sides"]) == ("Graphical dice", 2, 4)
    assert [f["value"] for f in die["faces"]] == [1, 2, 4, 8]
    assert {d["name"]: d["count"] for d in game["decks"]} == {
        "Airplane Reserves": 4, "Ship Reserves": 4, "Cards": 3}


def test_what_is_left_out_is_listed_in_the_notes(imported) -> None:
    folder, out = imported
    notes = [n["text"] for n in merged(folder)["notes"]]
    left = next(n for n in notes if n.startswith("no counterpart in the format, kept verbatim"))
    for tag in ("Zoomer", "StackMetrics ×2", "GlobalOptions", "Chatter", "Documentation"):
        assert tag in left
    plain = next(b for b in merged(folder)["boards"] if b["name"] == "plain")
    # the square grid: one space per cell, named as VASSAL names it (no square grids in the
    # format); this one is numbered from the centre, 21 x 21 cells on the board
    assert {s["kind"] for s in plain["spaces"]} == {"square"} and len(plain["spaces"]) == 441
    assert {"0,0", "-10,10", "10,-10"} <= {s["name"] for s in plain["spaces"]}
    assert any("piece '1ME': not imported: layers 'Disrupt' (3 levels)" in n for n in notes)
    assert not any("left out" in n for n in notes)  # the tiger's six facings are its faces
    assert "note: no counterpart in the format, kept verbatim in the build file" in out
    # the 2005 module's legacy buildFile and its 143 other entries (images, help) are kept
    assert ("  kept verbatim for vconv build: vassal/buildFile.txt (the module's buildFile), "
            "143 other entries") in out.splitlines()


def test_import_is_deterministic(imported, tmp_path: Path) -> None:
    folder, _ = imported
    again = tmp_path / "tour"
    assert main(["import", str(TOUR), "-o", str(again), "-q"]) == 0
    first = {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    second = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert first == second


def test_names_the_real_engine_wrote_are_hexes_of_the_board(imported) -> None:
    """VASSAL 3.6 itself wrote `* 1ME moves G7 -> H6 *` into tour-vassal36.vlog: each hex
    name it reports is the name of exactly one imported hex of board SL."""
    import re

    from converter.vassal.savefile import read_save

    folder, _ = imported
    text = read_save(TOUR.with_name("tour-vassal36.vlog")).text
    reported = {name for pair in re.findall(r"moves (\S+) -> (\S+) \*", text) for name in pair}
    assert reported >= {"G7", "H6", "P3"}
    board = next(b for b in merged(folder)["boards"] if b["name"] == "SL")
    for name in reported:
        assert [h["id"] for h in board["hexes"] if h["name"] == name] != [], name
        assert len([h for h in board["hexes"] if h["name"] == name]) == 1
