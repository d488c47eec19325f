"""Our module checker: the proof module is clean, and each kind of mistake VASSAL would
reject or silently get wrong is reported with where it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.errors import VassalFormatError
from converter.vassal.checker import Finding, check_archive, check_module
from converter.vassal.components import (
    DiceButton, Map, PieceMover, PieceSlot, PrototypeDefinition, RawElement, SetupStack)
from converter.vassal.traits import PlaceMarker, RawTrait, UsePrototype
from converter.vassal.vmod_reader import read_vmod
from proof_module import build_full_module, build_proof_module

REAL = Path(__file__).resolve().parents[1] / "data" / "real"


def messages(findings: list[Finding]) -> list[str]:
    return [str(f) for f in findings]


def test_proof_module_is_clean() -> None:
    assert check_archive(build_proof_module()) == []


def test_module_with_every_component_is_clean() -> None:
    assert check_archive(build_full_module()) == []


def test_missing_html_chart_and_zone_problems() -> None:
    from converter.vassal.components import HtmlChart, ZoneComponent

    module = build_full_module()
    del module.files["help/rules.html"]
    zones = module.buildfile.find_all(ZoneComponent)
    zones[1].name = zones[0].name
    zones[0].path = "0,0;10,10"
    found = messages(check_archive(module))
    assert any("HTML chart file 'help/rules.html' is not in the archive" in m for m in found)
    assert any("duplicate zone name 'North'" in m for m in found)
    assert any("needs at least 3 points" in m for m in found)
    assert module.buildfile.find(HtmlChart) is not None


def test_unreadable_board_image_is_a_finding() -> None:
    module = build_proof_module()
    module.images["board.png"] = b"not a png"
    assert any("board image 'board.png' is not a readable image" in m
               for m in messages(check_archive(module)))


def test_missing_image_is_reported_with_its_slot() -> None:
    module = build_proof_module()
    del module.images["unit_back.png"]
    found = messages(check_archive(module))
    assert found and all("'unit_back.png' is not in the archive" in m for m in found)
    assert any("PieceSlot['2nd Bn']" in m for m in found)


def test_gpid_problems() -> None:
    module = build_proof_module()
    slots = module.buildfile.find_all(PieceSlot)
    slots[1].gpid = slots[2].gpid
    module.buildfile.next_piece_slot_id = 3
    found = messages(check_archive(module))
    assert any("is used by 2 slots" in m for m in found)
    assert any("gpid 3 is not below nextPieceSlotId 3" in m for m in found)
    slots[0].gpid = "x1"
    assert any("'x1' is not a decimal number" in m for m in messages(check_archive(module)))


def test_empty_map_id_in_a_definition() -> None:
    module = build_proof_module()
    slot = module.buildfile.find(PieceSlot)
    piece = slot.piece
    piece.basic.map_id = ""
    slot.piece = piece
    assert any("empty map id" in m for m in messages(check_archive(module)))


def test_place_marker_gpid_must_be_below_next_id() -> None:
    module = build_proof_module()
    slot = module.buildfile.find(PieceSlot)
    piece = slot.piece
    piece.traits.insert(0, PlaceMarker(menu_text="Disrupt", key="68,130", gpid="9"))
    slot.piece = piece
    found = messages(check_archive(module))
    assert any("place-marker gpid '9' is not a number below nextPieceSlotId 4" in m
               for m in found)


def test_unknown_class_and_unknown_trait_and_missing_prototype() -> None:
    module = build_proof_module()
    module.buildfile.children.append(RawElement(raw_tag="VASSAL.build.module.Nonsense"))
    slot = module.buildfile.find(PieceSlot)
    piece = slot.piece
    piece.traits.insert(0, RawTrait(type_text="bogus;1", state_text=""))
    piece.trait(UsePrototype).name = "Unit "
    slot.piece = piece
    found = messages(check_archive(module))
    assert any("does not know the class 'VASSAL.build.module.Nonsense'" in m for m in found)
    assert any("unknown trait 'bogus;'" in m for m in found)
    assert any("prototype 'Unit ' does not exist" in m for m in found)


def test_duplicate_names_are_reported_once() -> None:
    module = build_proof_module()
    module.buildfile.children.append(DiceButton(name="1d6"))
    second = PrototypeDefinition(name="Unit", content=module.buildfile.find(
        PrototypeDefinition).content)
    module.buildfile.find(PrototypeDefinition)
    module.buildfile.children.append(second)
    found = messages(check_archive(module))
    assert sum("duplicate dice button name '1d6'" in m for m in found) == 1
    assert sum("duplicate prototype name 'Unit'" in m for m in found) == 1


def test_setup_stack_outside_its_board_or_on_a_bad_hex() -> None:
    module = build_proof_module()
    stack = module.buildfile.find(SetupStack)
    stack.location = "4040"
    found = messages(check_archive(module))
    assert any("outside board 'Main' (620x520)" in m for m in found)
    stack.location = "hex 12"
    assert any("location 'hex 12'" in m for m in messages(check_archive(module)))
    stack.use_grid_location, stack.x, stack.y = False, 10, 10
    assert check_archive(module) == []
    stack.owning_board = "Elsewhere"
    assert any("owning board 'Elsewhere'" in m for m in messages(check_archive(module)))


def test_map_without_mouse_handlers_warns() -> None:
    module = build_proof_module()
    game_map = module.buildfile.find(Map)
    game_map.children = [c for c in game_map.children if not isinstance(c, PieceMover)]
    found = check_archive(module)
    assert [f.severity for f in found] == ["warning"]
    assert "no PieceMover" in found[0].message


def test_required_attribute_empty() -> None:
    module = build_proof_module()
    module.buildfile.find(Map).map_name = ""
    assert any("required attribute 'mapName' is empty" in m
               for m in messages(check_archive(module)))


def test_legacy_tour_module_findings_are_real_problems() -> None:
    module = read_vmod(REAL / "tour.vmod")
    found = check_module(module.buildfile, module.image_names, module.entry_names)
    # tour.vmod predates gpids; its images named 'AlbC.GIF' are found as 'AlbC.GIF.gif',
    # VASSAL's fallback, so (as the engine says) no image is missing.
    assert any("gpid '' is not a decimal number" in f.message for f in found)
    assert not any("image" in f.message for f in found)
    assert {f.severity for f in found} == {"error"}


def _zoned_main_board(module):
    """The proof module with its hex grid moved inside a ZonedGrid, beside a 'Reserve' zone."""
    from converter.vassal.components import BoardComponent, HexGridComponent, ZoneComponent, ZonedGrid

    board = module.buildfile.find(BoardComponent)
    hexes = board.find(HexGridComponent)
    board.children.remove(hexes)
    board.add(ZonedGrid().add(ZoneComponent(name="Reserve", path="500,400;600,400;600,500;500,500"),
                              hexes))
    return module.buildfile.find(SetupStack)


def test_setup_stack_named_in_a_zoned_grid_resolves_on_its_background_hex_grid() -> None:
    module = build_proof_module()
    stack = _zoned_main_board(module)
    assert stack.use_grid_location and stack.location == "0304"
    assert check_archive(module) == []
    stack.location = "4040"  # a hex name the background grid puts off the board
    assert any("outside board 'Main' (620x520)" in m for m in messages(check_archive(module)))
    stack.location = "hex 12"
    assert any("location 'hex 12'" in m for m in messages(check_archive(module)))


def test_setup_stack_named_after_a_zone_sits_at_the_mean_of_its_corners() -> None:
    from converter.vassal import grid as gridmath
    from converter.vassal.checker import location_point
    from converter.vassal.components import BoardComponent

    module = build_proof_module()
    stack = _zoned_main_board(module)
    stack.location = "Reserve"
    assert check_archive(module) == []
    grid = gridmath.grid_of_board(module.buildfile.find(BoardComponent), (620, 520))
    assert location_point(grid, "Reserve") == (550, 450)
    assert grid.location_name(location_point(grid, "0304")) == "0304"


def test_zone_location_formats_in_the_full_module() -> None:
    """Zones answer only the names their format makes: 'North' (its own name), a name with
    a grid part through the zone's grid; a region inside a '$name$' zone is not reachable."""
    from converter.vassal import grid as gridmath
    from converter.vassal.checker import location_point
    from converter.vassal.components import BoardComponent, ZoneComponent

    module = build_full_module()
    board = next(b for b in module.buildfile.find_all(BoardComponent) if b.name == "Boxes")
    grid = gridmath.grid_of_board(board)
    assert location_point(grid, "Boxes") == (410, 200)
    north = next(z for z in board.find_all(ZoneComponent) if z.name == "North")
    north.location_format = "$name$ $gridLocation$"
    grid = gridmath.grid_of_board(board)
    square = gridmath.grid_of_board(board).zones[0].grid
    point = location_point(grid, "North " + square.location_name((75, 75)))
    assert point == square.center_of(square.location_name((75, 75)))
    with pytest.raises((ValueError, VassalFormatError)):
        location_point(grid, "Box A")


def test_setup_stack_may_name_a_region_inside_a_zone() -> None:
    """SetupStack (not MapGrid.getLocation) also looks for regions inside zones by name."""
    from converter.vassal.components import BoardComponent

    module = build_full_module()
    stack = module.buildfile.find(SetupStack)
    board = next(b for b in module.buildfile.find_all(BoardComponent) if b.name == "Boxes")
    holding = next(m for m in module.buildfile.find_all(Map) if board in m.walk())
    moved = SetupStack(name="Reserve", owning_board="Boxes", use_grid_location=True,
                       location="Box A", children=stack.children)
    holding.add(moved)
    module.buildfile.find(Map).children.remove(stack)
    assert check_archive(module) == []
    moved.location = "Box C"
    assert any("location 'Box C'" in m for m in messages(check_archive(module)))
