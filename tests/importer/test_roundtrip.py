"""Modules vconv built: the game they carry comes back as it is; without it, the build file
alone gives back the sides, pieces, hex ids, setup and dice."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from converter.cli import main
from converter.load import load_game
from converter.validate import validate_path
from converter.vassal.components import BoardComponent
from converter.vassal.grid import HexGeometry, ZonedGeometry, grid_of_board
from converter.vassal.vmod_reader import read_vmod
from tests.importer.helpers import MINI, geometry, hex_at, merged

builder = pytest.importorskip("converter.builder.module")


@pytest.fixture(scope="module")
def mini_vmod(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("built")
    return builder.write_module(builder.build_module(MINI), out, 1_700_000_000)


@pytest.fixture(scope="module")
def plain_vmod(mini_vmod: Path) -> Path:
    """The same module without the game description inside (as if built by hand)."""
    plain = mini_vmod.with_name("mini-plain.vmod")
    with zipfile.ZipFile(mini_vmod) as src, zipfile.ZipFile(plain, "w") as dst:
        for info in src.infolist():
            if not info.filename.startswith("vconv/"):
                dst.writestr(info, src.read(info))
    return plain


def test_build_then_import_gives_back_the_game(mini_vmod: Path, tmp_path: Path, capsys) -> None:
    folder = tmp_path / "mini"
    assert main(["import", str(mini_vmod), "-o", str(folder)]) == 0
    assert "the game description the module carries (built by vconv), as it is" in \
        capsys.readouterr().out
    original = load_game(MINI).data
    original.pop("include")
    assert load_game(folder).data == original
    _, problems = validate_path(folder)
    assert [p.line() for p in problems] == []


def test_without_the_game_inside_the_build_file_is_read(plain_vmod: Path, tmp_path: Path,
                                                        capsys) -> None:
    folder = tmp_path / "mini"
    assert main(["import", str(plain_vmod), "-o", str(folder)]) == 0
    assert "reconstructed from the build file" in capsys.readouterr().out
    _, problems = validate_path(folder)
    assert [p.line() for p in problems] == []
    game = merged(folder)
    assert [s["name"] for s in game["sides"]] == ["Blu", "Rosso"]
    pieces = {p["id"]: p for p in game["pieces"]}
    original = {p["id"]: p for p in merged(MINI)["pieces"]}
    assert set(pieces) == set(original)  # the vconv_id marker gives the ids back
    assert {i: p["kind"] for i, p in pieces.items()} == {i: p["kind"] for i, p in original.items()}
    assert pieces["na-1"]["side"] == "blu" and pieces["sa-1"]["side"] == "rosso"
    # two identical palette slots: a palette is an endless supply, so the count is missing
    assert pieces["dummy"]["hidden"] is True and "count" not in pieces["dummy"]
    assert "count" in pieces["dummy"]["missing"]
    assert pieces["na-1"]["nationality"] == "nordland" and pieces["dummy"]["faction"] == "nord"
    assert [(n["name"], n["side"], n["faction"]) for n in game["nationalities"]] == [
        ("Nordland", "blu", "nord"), ("Sudland", "rosso", "sud")]
    assert len(pieces["na-1"]["faces"]) == 4  # the step layer's four levels
    assert pieces["turn-marker"]["missing"] == ["side", "count"]
    assert pieces["turn-marker"]["provenance"]["status"] == "missing"
    assert pieces["turn-marker"]["provenance"]["note"].startswith(
        "not in the VASSAL module: side, count")
    setup = {(p["piece"], p["at"].get("hex")) for p in game["scenarios"][0]["setup"]}
    want = {(p["piece"], p["at"].get("hex")) for p in merged(MINI)["scenarios"][0]["setup"]
            if "hex" in p["at"]}
    assert want <= setup
    assert {d["name"]: (d["count"], d["sides"]) for d in game["dice"]} == {
        "1d6": (1, 6), "2d6": (2, 6)}
    assert game["turns"]["count"] == 6


def test_reconstructed_hex_ids_are_the_games_and_vassals(plain_vmod: Path, tmp_path: Path) -> None:
    folder = tmp_path / "mini"
    assert main(["import", str(plain_vmod), "-o", str(folder), "-q"]) == 0
    board = next(b for b in merged(folder)["boards"] if b["kind"] == "hex")
    # ids are VASSAL's names: nothing to translate; a named hex's zone gives its name back
    named = {h["id"]: h["name"] for h in merged(MINI)["boards"][0].get("hexes", []) if h.get("name")}
    assert {h["id"]: h.get("name") for h in board.get("hexes", [])} == named
    geo = geometry(folder, board)
    vboard = next(b for b in read_vmod(plain_vmod).buildfile.find_all(BoardComponent)
                  if b.name == board["name"])
    zoned = grid_of_board(vboard, geo.image_size)
    assert isinstance(zoned, ZonedGeometry)  # the named hexes' zones over the hex grid
    vgrid = zoned.background
    assert isinstance(vgrid, HexGeometry)
    for hid in _mini_ids():
        point = vgrid.center_of(hid)
        assert vgrid.location_name(point) == hid == hex_at(geo, point)


def _mini_ids() -> list[str]:
    from converter.model.codec import from_json
    from converter.model.hexgrid import HexGridSpec

    return from_json(HexGridSpec, merged(MINI)["boards"][0]["grid"]).all_ids()


def test_an_embedded_game_under_another_folder_name_says_so(mini_vmod: Path, tmp_path: Path,
                                                            capsys) -> None:
    folder = tmp_path / "mini-copy"
    assert main(["import", str(mini_vmod), "-o", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "note: the game's id is 'mini', not the folder's name 'mini-copy'" in out
    assert load_game(folder).data["id"] == "mini"


def test_a_unit_set_up_reduced_comes_back_on_its_reduced_face(plain_vmod: Path,
                                                                tmp_path: Path) -> None:
    """The game sets '2 Cav' up with one step of two: the built module's at-start stack
    shows its back (level 2 of its Step layer); the import placed it showing its front."""
    folder = tmp_path / "mini"
    assert main(["import", str(plain_vmod), "-o", str(folder), "-q"]) == 0
    game = merged(folder)
    pieces = {p["id"]: p for p in game["pieces"]}
    faces = {p["piece"]: p.get("face", 0) for p in game["scenarios"][0]["setup"]}
    assert faces["na-2"] == 1 and pieces["na-2"]["faces"][1]["side"] == "back"
    assert faces["na-1"] == 0 and faces["sa-1"] == 0  # at full strength: their front
