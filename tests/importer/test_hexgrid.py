"""VASSAL hex numberings → the format's grid: every on-board hex keeps VASSAL's name as its
id, and the format's neighbours are VASSAL's, for every orientation and numbering flag."""

from __future__ import annotations

import itertools

import pytest

from converter.importer.hexgrid import import_hex_grid, on_board_hexes
from converter.model.codec import from_json
from converter.model.hexgrid import HexGridSpec
from converter.render.maps import HexBoardGeometry
from converter.vassal.grid import GridNumbering, HexGeometry
from tests.importer.helpers import hex_finder

SIZE = (700, 560)
CASES = list(itertools.product((False, True), ("H", "V"), (False, True), (False, True),
                               (False, True)))


def _case_id(case: tuple) -> str:
    sideways, first, h_desc, v_desc, stagger = case
    return (f"{'pointy' if sideways else 'flat'}-{first}"
            f"{'-hdesc' if h_desc else ''}{'-vdesc' if v_desc else ''}{'-stagger' if stagger else ''}")


def _vassal(sideways: bool, first: str, h_desc: bool, v_desc: bool, stagger: bool) -> HexGeometry:
    numbering = GridNumbering(first=first, h_leading=1, v_leading=1, h_off=1, v_off=1,
                              h_descend=h_desc, v_descend=v_desc, stagger=stagger)
    return HexGeometry(x0=37, y0=41, dx=60.0, dy=69.0, sideways=sideways, numbering=numbering,
                   board_size=SIZE)


@pytest.mark.parametrize("case", CASES, ids=[_case_id(c) for c in CASES])
def test_ids_are_vassal_names_and_neighbours_agree(case: tuple) -> None:
    vgrid = _vassal(*case)
    imported, why = import_hex_grid(vgrid, SIZE)
    assert imported is not None, why
    assert imported.same_names
    grid = from_json(HexGridSpec, imported.grid)
    geo = HexBoardGeometry(grid, SIZE, imported.origin, imported.hex_width_px,
                           imported.hex_height_px)
    raw_cells = on_board_hexes(vgrid, SIZE)
    hex_at = hex_finder(geo)
    on_board = set()
    for col, row in raw_cells:
        point = vgrid.center(col, row)
        name = vgrid.location_name(point)
        if name.startswith("-") or "-" in name[1:]:
            continue  # numbers below 0 stay off the grid
        assert hex_at(point) == name
        assert grid.contains(name)
        on_board.add(name)
    assert on_board == set(imported.names)
    # neighbours inside the grid are VASSAL's neighbours
    for name in sorted(on_board):
        vassal = {n for n in vgrid.neighbours(name) if n in on_board}
        ours = {n for n in grid.neighbours(name) if n in on_board}
        assert ours == vassal, name


def test_axes_follow_the_descend_flags() -> None:
    flat, _ = import_hex_grid(_vassal(False, "H", True, False, False), SIZE)
    pointy, _ = import_hex_grid(_vassal(True, "H", False, True, False), SIZE)
    assert flat is not None and pointy is not None
    assert (flat.grid["orientation"], flat.grid["columns"]["increases"],
            flat.grid["rows"]["increases"]) == ("flat", "west", "south")
    assert (pointy.grid["orientation"], pointy.grid["first"], pointy.grid["rows"]["increases"],
            pointy.grid["columns"]["increases"]) == ("pointy", "row", "north", "east")


def test_letters_and_separators_become_hex_names() -> None:
    numbering = GridNumbering(first="H", sep="-", h_type="A", h_leading=0, v_leading=0,
                              h_off=0, v_off=1, stagger=False)
    vgrid = HexGeometry(x0=30, y0=30, dx=50.0, dy=58.0, numbering=numbering)
    imported, _ = import_hex_grid(vgrid, (400, 300))
    assert imported is not None and not imported.same_names
    assert imported.names["11"] == "A-1" and imported.names["32"] == "C-2"
    assert imported.names["20"] == "B-0"  # the half hex at the top edge of column B
    assert imported.grid["digits"] == 1


def test_a_grid_with_only_negative_numbers_is_refused() -> None:
    numbering = GridNumbering(h_off=-50, v_off=-50)
    imported, why = import_hex_grid(HexGeometry(numbering=numbering), (300, 300))
    assert imported is None and "negative number" in why


def test_numbers_wider_than_three_digits_are_refused() -> None:
    numbering = GridNumbering(h_off=5000, v_off=1)
    imported, why = import_hex_grid(HexGeometry(numbering=numbering), (300, 300))
    assert imported is None and "digits" in why


@pytest.mark.parametrize("dx, dy, why", [(0.0, 64.0, "not positive"), (56.0, -3.0, "not positive"),
                                         (1.0, 1.0, "more than 250000 hexes"),
                                         (1e-320, 64.0, "out of range")])
def test_damaged_spacing_is_refused(dx: float, dy: float, why: str) -> None:
    imported, reason = import_hex_grid(HexGeometry(dx=dx, dy=dy), (2000, 2000))
    assert imported is None and why in reason


@pytest.mark.parametrize("numbering", [GridNumbering(h_leading=10 ** 9),
                                       GridNumbering(h_type="A", h_off=10 ** 9)])
def test_numberings_that_would_write_huge_names_are_refused(numbering: GridNumbering) -> None:
    imported, reason = import_hex_grid(HexGeometry(numbering=numbering), (300, 300))
    assert imported is None and "out of any sensible range" in reason
