"""The fitted VASSAL numbering gives back the game's ids for every way a game numbers hexes."""

from __future__ import annotations

import itertools

import pytest

from converter.builder.hexgrid import fit_vassal_grid
from converter.errors import BuildError
from converter.model.board import Board
from converter.model.hexgrid import Axis, HexGridSpec, Stagger
from converter.builder.layout import board_layout

VARIANTS = list(itertools.product(("flat", "pointy"), ("column", "row"), ("east", "west"),
                                  ("south", "north"), ("even", "odd"), ("lower", "higher")))


@pytest.mark.parametrize("orientation,first,cols,rows,lines,toward", VARIANTS)
def test_every_numbering_scheme_is_reproduced(orientation, first, cols, rows, lines, toward) -> None:
    grid = HexGridSpec(orientation=orientation, first=first, digits=2,
                   columns=Axis(3, 14, cols), rows=Axis(0, 9, rows), stagger=Stagger(lines, toward))
    board = Board(id="b", name="B", kind="hex", grid=grid)
    layout = board_layout(board)
    vgrid = fit_vassal_grid(grid, layout.hex_centres, hex_width=layout.hex_width,
                            hex_height=layout.hex_height, board_size=layout.size)
    assert vgrid.sideways == (orientation == "pointy")
    for hex_id in grid.all_ids():
        assert vgrid.location_name(layout.hex_centres[hex_id]) == hex_id
    # VASSAL's neighbours of a hex are the game's neighbours (inside the grid)
    probe = grid.format(8, 4)
    inside = {h for h in vgrid.neighbours(probe) if grid.contains(h)}
    assert inside == set(grid.neighbours(probe))


def test_three_digit_ids() -> None:
    grid = HexGridSpec(orientation="flat", first="column", digits=3, columns=Axis(98, 103, "east"),
                   rows=Axis(1, 4, "south"), stagger=Stagger("even", "higher"))
    layout = board_layout(Board(id="b", name="B", kind="hex", grid=grid))
    vgrid = fit_vassal_grid(grid, layout.hex_centres, hex_width=layout.hex_width,
                            hex_height=layout.hex_height, board_size=layout.size)
    assert vgrid.location_name(layout.hex_centres["101003"]) == "101003"


def test_centres_that_are_no_hex_grid_are_refused() -> None:
    grid = HexGridSpec(orientation="flat", first="column", digits=2, columns=Axis(1, 4, "east"),
                   rows=Axis(1, 4, "south"), stagger=Stagger("even", "lower"))
    layout = board_layout(Board(id="b", name="Big map", kind="hex", grid=grid))
    centres = dict(layout.hex_centres)
    centres["0101"], centres["0404"] = centres["0404"], centres["0101"]
    with pytest.raises(BuildError, match="Big map.*no VASSAL hex numbering"):
        fit_vassal_grid(grid, centres, hex_width=layout.hex_width,
                        hex_height=layout.hex_height, board_size=layout.size, board_name="Big map")
