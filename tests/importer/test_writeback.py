"""Edits of an imported game's JSON reach the rebuilt module, element by element.

A module builder imports a real module (tests/data/real), edits the JSON and builds: the
edit is in the .vmod (as `vconv diff` against the original and a new import show), nothing
else changed, and an edit the kept build file cannot take is a warning naming its pointer.
"""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path
from typing import Any

import pytest

from converter.cli import main
from converter.importer.diff import diff_modules, render_text
from tests.helpers_vassal import run_vassal_check
from tests.conftest import imported_once
from tests.importer.helpers import ROOT, TOUR

BUSHIDO = ROOT / "tests" / "data" / "real" / "bushido" / "Bushido-RisenSun-0.0-noimages.vmod"


@pytest.fixture(scope="module")
def imported() -> dict[str, Path]:
    """tour.vmod and Bushido imported once (tests/conftest.py); each test edits its own copy."""
    return {"tour": imported_once(TOUR, "tour"), "bushido": imported_once(BUSHIDO, "bushido")}


def _copy(imported: dict[str, Path], slug: str, tmp_path: Path) -> Path:
    folder = tmp_path / slug
    shutil.copytree(imported[slug], folder)
    return folder


def _edit(folder: Path, file: str, change: Any) -> None:
    path = folder / file
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def _build(folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
           ) -> tuple[Path, list[str]]:
    assert main(["build", str(folder), "-o", str(tmp_path / "dist"), "-q"]) == 0
    err = capsys.readouterr().err
    warnings = [line for line in err.splitlines() if "warning:" in line]
    return tmp_path / "dist" / f"{folder.name}.vmod", warnings


def _merged(folder: Path) -> dict[str, Any]:
    game = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    for name in game.get("include", []):
        game.update(json.loads((folder / name).read_text(encoding="utf-8")))
    return game


def _plain(value: Any) -> Any:
    """The JSON without provenance (which says where a datum was read, so it moves)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if k != "provenance"}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _reimported(vmod: Path, tmp_path: Path) -> dict[str, Any]:
    again = tmp_path / "again" / vmod.stem
    assert main(["import", str(vmod), "-o", str(again), "-q"]) == 0
    return _merged(again)


def _buildfile(vmod: Path) -> bytes:
    with zipfile.ZipFile(vmod) as archive:
        return archive.read("buildFile")


def test_an_unedited_import_builds_its_build_file_byte_for_byte_and_says_what_it_holds(
        imported: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    vmod, warnings = _build(imported["tour"], tmp_path, capsys)
    assert warnings == []
    assert _buildfile(vmod) == _buildfile(TOUR)
    assert main(["build", str(imported["tour"]), "-o", str(tmp_path / "dist")]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"{vmod}: the imported VASSAL module: 2 maps, 5 boards, 10 piece slots, 11 card "
        "slots; the build file the import kept, unchanged"]


def test_renamed_added_removed_pieces_a_property_and_a_renumbered_grid_reach_the_module(
        imported: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _copy(imported, "tour", tmp_path)

    def pieces(data: dict[str, Any]) -> None:
        by_id = {p["id"]: p for p in data["pieces"]}
        by_id["jagd-pz-tiger"]["name"] = "Tiger I"
        by_id["goblin"]["properties"]["Layer"] = "Horde"
        added = json.loads(json.dumps(by_id["albatros-c"]))
        added.update(id="albatros-d", name="Albatros D")
        data["pieces"] = [p for p in data["pieces"] if p["id"] != "1me"] + [added]

    def boards(data: dict[str, Any]) -> None:
        board = next(b for b in data["boards"] if b["id"] == "sl")
        board["grid"]["rows"] = {**board["grid"]["rows"],
                                 "min": board["grid"]["rows"]["min"] + 1,
                                 "max": board["grid"]["rows"]["max"] + 1}
        for hex_ in board["hexes"]:  # 'A1' is now 'A2': VASSAL's names follow the numbering
            hex_["id"] = f"{hex_['id'][:2]}{int(hex_['id'][2:]) + 1:02d}"
            letters = hex_["name"].rstrip("0123456789")
            hex_["name"] = f"{letters}{int(hex_['name'][len(letters):]) + 1}"

    _edit(folder, "pieces.json", pieces)
    _edit(folder, "boards.json", boards)
    assert main(["build", str(folder), "-o", str(tmp_path / "dist")]) == 0
    out, err = capsys.readouterr()
    vmod = tmp_path / "dist" / "tour.vmod"
    assert out.splitlines() == [
        f"{vmod}: the imported VASSAL module: 2 maps, 5 boards, 10 piece slots, 11 card "
        "slots; the JSON's edits written into the build file the import kept"]
    assert err == ""

    found = diff_modules(TOUR, vmod)
    assert render_text(found)[1:] == [
        f"+++ {vmod}",
        "components: 0 added, 0 removed, 2 changed",
        "  ~ GameModule[VASSAL Tour]",
        "      nextPieceSlotId: (none) → '2'",
        "  ~ Map[Main Map]/BoardPicker/Board[SL]/HexGrid/HexGridNumbering",
        "      vOff: '1' → '2'",
        "pieces: 2 added, 2 removed, 1 changed",
        "  + PieceWindow[Counters]/PanelWidget/PieceSlot[Tiger I]",
        "  + PieceWindow[Hidden]/TabWidget/PieceSlot[Albatros D]",
        "  - PieceWindow[Counters]/PanelWidget/PieceSlot[1ME]",
        "  - PieceWindow[Counters]/PanelWidget/PieceSlot[Jagd Pz Tiger]",
        "  ~ PieceWindow[Counters]/PanelWidget/PieceSlot[Goblin]",
        "      trait + mark;Layer",
        "      property Layer: (none) → 'Horde'",
        "files: 1 added, 0 removed, 0 changed",
        "  + vconv/game.json"]

    # imported again, the module says what the edited JSON says (the renamed piece keeps its id)
    edited, again = _merged(folder), _reimported(vmod, tmp_path)
    for key in ("pieces", "boards", "factors", "scenarios", "decks", "sides"):
        assert _plain(again.get(key)) == _plain(edited.get(key)), key


def test_moved_added_and_removed_placements_reach_the_set_up_stacks(
        imported: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _copy(imported, "bushido", tmp_path)
    gone: dict[str, Any] = {}

    def scenarios(data: dict[str, Any]) -> None:
        setup = data["scenarios"][0]["setup"]
        assert data["scenarios"][0]["id"] == "vassal-setup"
        setup[0]["at"] = {"board": "battlefield", "space": "elsewhere"}  # moved
        gone.update(setup.pop(1))  # removed
        setup.append({"piece": "p1rollatt", "at": {"board": "battlefield",
                                                     "space": "battlefield"}})  # added

    def pieces(data: dict[str, Any]) -> None:
        for piece in data["pieces"]:
            if piece["id"] == "p1rollatt":
                piece["count"] = 2  # placed twice now

    _edit(folder, "scenarios.json", scenarios)
    _edit(folder, "pieces.json", pieces)
    vmod, warnings = _build(folder, tmp_path, capsys)
    index = [p["id"] for p in _merged(folder)["pieces"]].index(gone["piece"])
    # the removed placement held the module's only slot of that piece: said, not hidden
    assert warnings == [f"vconv build: warning: pieces.json#/pieces/{index}: the module held "
                        "this piece only in the set-up stacks left empty; the built module no "
                        "longer has it"]

    found = diff_modules(BUSHIDO, vmod)
    assert render_text(found)[2:] == [
        "components: 1 added, 2 removed, 1 changed",
        "  + Map[Main Table]/SetupStack[Player1 Attack Dice]",
        "  - PrivateMap[P1 Private]/SetupStack[Attack Buttons]",
        "  - PrivateMap[P1 Private]/SetupStack[Defence Buttons]",
        "  ~ BasicModule[Bushido: Risen Sun]",
        "      nextPieceSlotId: '271' → '273'",
        "pieces: 2 added, 2 removed, 0 changed",
        "  + Map[Main Table]/SetupStack[Scenario Objective Centre]/PieceSlot[P1RollAtt]",
        "  + Map[Main Table]/SetupStack[Player1 Attack Dice]/PieceSlot[Player1 Attack Dice]",
        "  - PrivateMap[P1 Private]/SetupStack[Attack Buttons]/PieceSlot[Player1 Attack Dice]",
        "  - PrivateMap[P1 Private]/SetupStack[Defence Buttons]/PieceSlot[Player 1 Defence "
        "Dice]",
        "files: 1 added, 0 removed, 0 changed",
        "  + vconv/game.json"]

    edited, again = _merged(folder), _reimported(vmod, tmp_path)
    placed = sorted(json.dumps(p, sort_keys=True) for p in _plain(edited["scenarios"][0]["setup"]))
    assert sorted(json.dumps(p, sort_keys=True)
                  for p in _plain(again["scenarios"][0]["setup"])) == placed
    # (a piece only a set-up stack defines comes in the order of the stacks)
    assert sorted(_plain([p for p in edited["pieces"] if p["id"] != gone["piece"]]),
                  key=lambda p: p["id"]) == sorted(_plain(again["pieces"]), key=lambda p: p["id"])
    assert run_vassal_check(vmod, images=False).errors == 0


def test_an_added_pieces_picture_named_as_one_of_the_modules_keeps_its_own(
        imported: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A new piece's face picture whose file name another picture of the module holds (the
    designer's own Goblin.gif): before, the module kept its own picture under that name and
    the new piece showed the old goblin."""
    folder = _copy(imported, "tour", tmp_path)
    mine = (folder / "images" / "AlbC.GIF.gif").read_bytes()
    (folder / "new").mkdir()
    (folder / "new" / "Goblin.gif").write_bytes(mine)

    def pieces(data: dict[str, Any]) -> None:
        added = json.loads(json.dumps(next(p for p in data["pieces"] if p["id"] == "goblin")))
        added.update(id="hobgoblin", name="Hobgoblin")
        added["faces"][0]["image"] = "new/Goblin.gif"
        data["pieces"].append(added)

    _edit(folder, "pieces.json", pieces)
    vmod, warnings = _build(folder, tmp_path, capsys)
    assert warnings == []
    with zipfile.ZipFile(vmod) as built, zipfile.ZipFile(TOUR) as tour:
        assert built.read("images/Goblin.gif") == tour.read("images/Goblin.gif")
    again = tmp_path / "again"
    assert main(["import", str(vmod), "-o", str(again), "-q"]) == 0
    faces = {p["id"]: p["faces"][0]["image"] for p in _merged(again)["pieces"]}
    assert (again / faces["hobgoblin"]).read_bytes() == mine
    assert (again / faces["goblin"]).read_bytes() == (folder / "images" / "Goblin.gif").read_bytes()


def test_an_edit_the_build_file_cannot_take_is_a_warning_naming_its_pointer(
        imported: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _copy(imported, "tour", tmp_path)

    def pieces(data: dict[str, Any]) -> None:
        data["pieces"][0]["faces"][0]["image"] = "images/Goblin.gif"

    def tables(data: dict[str, Any]) -> None:
        data["dice"][0]["name"] = "Other dice"

    _edit(folder, "pieces.json", pieces)
    _edit(folder, "tables.json", tables)
    vmod, warnings = _build(folder, tmp_path, capsys)
    kept = ("edited, but the module keeps this verbatim in its build file{}; the built module "
            "does not have the edit")
    assert warnings == [
        "vconv build: warning: tables.json#/dice/0/name: " + kept.format(""),
        "vconv build: warning: pieces.json#/pieces/0/faces: " + kept.format(
            " (faces are drawn by the piece's layers and images)")]
    assert _buildfile(vmod) == _buildfile(TOUR)


def test_a_library_build_without_the_importer_says_the_edits_are_not_written(
        imported: dict[str, Path], tmp_path: Path) -> None:
    from converter.builder import build_module

    folder = _copy(imported, "tour", tmp_path)
    _edit(folder, "pieces.json", lambda data: data["pieces"][0].update(name="Renamed"))
    built = build_module(folder)  # no write_back given: the kept module as it was, said so
    assert built.warnings == [
        "game.json#/vassal: the JSON was edited since the import; this build writes the kept "
        "module unchanged (`vconv build` writes the edits in)"]
