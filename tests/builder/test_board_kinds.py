"""Parts the bundled games do not all have: spaces beside a hex grid, a die whose custom faces
are all known, the user's scan of the map."""

from __future__ import annotations

from PIL import Image

from converter.builder.module import build_module, write_module
from converter.vassal.components import BoardComponent, SpecialDiceButton, SpecialDieFace
from tests.builder.readback import Module
from tests.helpers_vassal import run_vassal_check

FACES = ["S", "S", "1", "2", "3", "X"]


def _spaces_beside_grid(data):
    data["boards"][0]["spaces"] = [{"id": "hq-box", "name": "Comando", "kind": "box"}]


def _hq_in_box(data):
    data["scenarios"][0]["setup"].append({"piece": "sa-hq", "at": {"space": "hq-box"}})


def _known_faces(data):
    die = data["dice"][2]
    die["faces"] = [{"label": f} for f in FACES]
    die.pop("missing")
    die.pop("provenance")


def test_spaces_beside_a_hex_grid_and_a_custom_die(mini_copy, tmp_path) -> None:
    mini_copy("map.json", _spaces_beside_grid)
    mini_copy("tables.json", _known_faces)
    folder = mini_copy("game.json", _hq_in_box)
    built = build_module(folder)
    assert built.findings == []
    assert not any("Dado speciale" in n for n in built.notes)
    path = write_module(built, tmp_path / "out")
    module = Module.read(path)
    places = sorted((where, piece.properties()["vconv_id"])
                    for _map, where, piece in module.stack_pieces())
    assert ("Comando", "sa-hq") in places
    # hex 0203 is named in the game: its at-start stack carries VASSAL's name for it
    assert ('Alfa; "città" (0203)', "na-1") in places and ("0405", "sa-1") in places
    (button,) = module.root.find_all(SpecialDiceButton)
    assert button.name == "Dado speciale"
    assert [f.text for f in button.find_all(SpecialDieFace)] == FACES
    report = run_vassal_check(path)  # skips when the engine is missing
    assert (report.errors, report.warnings) == (0, 0), report.output[-2000:]


def test_a_scan_of_the_map_carries_the_grid(mini_copy, tmp_path) -> None:
    """On the user's scan, VASSAL names each hex centre (origin + hex size) with its id."""
    origin, width, height = (70, 64), 64.0, 55.4

    def use_scan(data):
        data["boards"][0]["image"] = {"file": "scan.png", "origin": list(origin),
                                      "hex_width_px": width, "hex_height_px": height}

    folder = mini_copy("map.json", use_scan)
    Image.new("RGB", (620, 460), (200, 190, 160)).save(folder / "scan.png")
    built = build_module(folder)
    assert built.findings == []
    module = Module.read(write_module(built, tmp_path / "out"))
    vboard = next(b for b in module.root.find_all(BoardComponent) if b.name == "Mappa")
    assert module.board_size(vboard) == (620, 460)
    grid = module.hex_grid(vboard)
    assert grid.location_name(origin) == "0101"
    # flat hexes: columns 3/4 of the width apart; even columns sit half a hex higher
    # (the 'even, lower' stagger: 0201 touches 0101 and 0100)
    assert grid.location_name((origin[0] + 0.75 * width, origin[1] - height / 2)) == "0201"
    assert grid.location_name((origin[0] + 3 * 0.75 * width, origin[1] + 1.5 * height)) == "0403"
    places = {(where, piece.properties()["vconv_id"]) for _m, where, piece in module.stack_pieces()}
    assert ('Alfa; "città" (0203)', "na-1") in places  # the named hex 0203



def test_a_single_scenario_starting_late_is_noted(mini_copy) -> None:
    def start_on_turn_3(data):
        data["scenarios"][0]["turns"] = {"min": 3, "max": 6}

    built = build_module(mini_copy("game.json", start_on_turn_3))
    assert "scenario 'La battaglia' starts on turn 3: the turn tracker of a new game shows " \
           "turn 1; set it by hand" in built.notes
