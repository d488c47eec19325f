"""Grid arithmetic: VASSAL's own names for real log positions, the reference's worked example,
name ↔ point round trips over many numbering settings, and game schemes (XXYY)."""

from __future__ import annotations

import re
import zipfile
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from converter.errors import VassalFormatError
from converter.vassal import sequence
from helpers_vassal import command_leaves, deobfuscate
from converter.vassal.components import BoardComponent, HexGridComponent, HexGridNumbering, SquareGrid, \
    SquareGridNumbering
from converter.vassal.grid import (
    GridNumbering, HexGeometry, HexNumberingScheme, RegionGeometry, SquareGeometry,
    ZoneGeometry, ZonedGeometry, grid_of_board, hex_grid_for_scheme, numbering_of)
from converter.vassal.vmod_reader import read_vmod

REAL = Path(__file__).resolve().parents[1] / "data" / "real"


def logged_moves(log: str) -> list[tuple[tuple[int, int], str, tuple[int, int], str]]:
    """(new point, new name, old point, old name) for each MovePiece with its move report."""
    text = deobfuscate(zipfile.ZipFile(REAL / log).read("savedGame"))
    moves, last = [], None
    for leaf in command_leaves(text):
        if leaf.startswith("M/"):
            last = sequence.split(leaf, "/")
        report = re.match(r"CHAT\* .* moves (.*) -> (.*) \*$", leaf)
        if report and last:
            moves.append(((int(last[3]), int(last[4])), report.group(2),
                          (int(last[7]), int(last[8])), report.group(1)))
            last = None
    return moves


def tour_board(name: str) -> BoardComponent:
    module = read_vmod(REAL / "tour.vmod")
    return next(b for b in module.buildfile.find_all(BoardComponent) if b.name == name)


def tour_hex_grid() -> HexGeometry:
    board = tour_board("SL")
    grid = board.find(HexGridComponent)
    return HexGeometry.from_components(grid, grid.find(HexGridNumbering))


@pytest.mark.parametrize("log", ["tour.vlog", "tour-vassal36.vlog"])
def test_hex_names_match_vassal_move_reports(log: str) -> None:
    grid = tour_hex_grid()
    moves = [m for m in logged_moves(log) if re.fullmatch(r"[A-Z]+\d+", m[1])]
    assert len(moves) >= 6
    for new_point, new_name, old_point, old_name in moves:
        assert grid.location_name(new_point) == new_name
        assert grid.location_name(old_point) == old_name
        # VASSAL snapped the piece to the hex centre: our centre is the logged pixel (±1).
        cx, cy = grid.center_of(new_name)
        assert abs(cx - new_point[0]) <= 1 and abs(cy - new_point[1]) <= 1


def test_vassal36_log_move_g7_to_h6() -> None:
    grid = tour_hex_grid()
    first = logged_moves("tour-vassal36.vlog")[0]
    assert (first[3], first[1]) == ("G7", "H6")
    assert grid.raw_of_name("H6") in grid.neighbours_raw(*grid.raw_of_name("G7"))
    assert "H6" in grid.neighbours("G7")


def test_square_names_match_vassal_move_reports() -> None:
    board = tour_board("plain")
    grid = board.find(SquareGrid)
    square = SquareGeometry(x0=grid.x0, y0=grid.y0, dx=grid.dx, dy=grid.dy,
                        numbering=numbering_of(grid.find(SquareGridNumbering)),
                        board_size=(board.width, board.height))
    moves = [m for m in logged_moves("tour.vlog") if "," in m[1]]
    assert len(moves) == 5
    for new_point, new_name, old_point, old_name in moves:
        assert square.location_name(new_point) == new_name
        assert square.location_name(old_point) == old_name
        assert square.center_of(new_name) == new_point


def test_reference_worked_example() -> None:
    plain = HexGeometry(x0=40, y0=36, dx=56.0, dy=64.0, numbering=GridNumbering(stagger=False))
    assert plain.center(11, 25) == (656, 1668)
    assert plain.location_name((656, 1668)) == "1226"
    assert plain.center_of("1226") == (656, 1668)
    assert plain.center_of("0101") == (40, 36)
    staggered = HexGeometry(x0=40, y0=36, dx=56.0, dy=64.0, numbering=GridNumbering(stagger=True))
    assert staggered.center_of("1226") == (656, 1604)


def test_alphabetic_names_repeat_the_letter() -> None:
    n = GridNumbering(h_type="A", h_off=0, v_leading=0, v_off=1)
    assert [n.format(c, 0) for c in (0, 25, 26, 27, 52)] == ["A1", "Z1", "AA1", "BB1", "AAA1"]
    assert n.parse("BB12") == (27, 11)


def test_a_name_that_does_not_fit_is_refused_with_the_name() -> None:
    grid = HexGeometry(numbering=GridNumbering())
    with pytest.raises(VassalFormatError, match="'X9'"):
        grid.center_of("X9")


def test_an_ambiguous_name_is_refused() -> None:
    grid = HexGeometry(numbering=GridNumbering(h_leading=0, v_leading=0))
    with pytest.raises(VassalFormatError, match="ambiguous"):
        grid.center_of("111")


def test_descending_numbering_needs_the_board_size() -> None:
    grid = HexGeometry(numbering=GridNumbering(v_descend=True))
    with pytest.raises(ValueError, match="board size"):
        grid.location_name((100, 100))


numberings = st.builds(
    GridNumbering,
    first=st.sampled_from(["H", "V"]),
    sep=st.sampled_from(["", "-", ".", " "]),
    h_type=st.sampled_from(["N", "A"]),
    h_leading=st.integers(0, 2),
    h_off=st.integers(-3, 3),
    h_descend=st.booleans(),
    v_type=st.sampled_from(["N", "A"]),
    v_leading=st.integers(0, 2),
    v_off=st.integers(-3, 3),
    v_descend=st.booleans(),
    stagger=st.booleans(),
    location_format=st.sampled_from(["$gridLocation$", "hex $gridLocation$",
                                     "$column$/$row$"]),
)


@settings(max_examples=300, deadline=None)
@given(numbering=numberings, sideways=st.booleans(),
       dy=st.floats(30, 90), ratio=st.floats(0.8, 1.0), x0=st.integers(-20, 60),
       y0=st.integers(-20, 60), col=st.integers(0, 30), row=st.integers(0, 30))
def test_center_of_then_location_name_gives_the_same_name(numbering, sideways, dy, ratio, x0,
                                                         y0, col, row) -> None:
    grid = HexGeometry(x0=x0, y0=y0, dx=dy * ratio * 0.866, dy=dy, sideways=sideways,
                   numbering=numbering, board_size=(2400, 2000))
    name = grid.name_of_raw(col, row)
    try:
        point = grid.center_of(name)
    except VassalFormatError as exc:
        # Only a numbering without separator and with unpadded numbers can be ambiguous.
        assert "ambiguous" in str(exc)
        return
    assert grid.location_name(point) == name
    assert grid.raw_index(point) == (col, row)


@settings(max_examples=100, deadline=None)
@given(col=st.integers(-5, 40), row=st.integers(-5, 40), sideways=st.booleans())
def test_neighbours_are_six_mutual_hexes(col, row, sideways) -> None:
    grid = HexGeometry(x0=30, y0=30, dx=56.0, dy=64.0, sideways=sideways)
    around = grid.neighbours_raw(col, row)
    assert len(set(around)) == 6
    cx, cy = grid.center(col, row)
    for c, r in around:
        assert (col, row) in grid.neighbours_raw(c, r)
        x, y = grid.center(c, r)
        assert 55 <= ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 <= 65


SCHEMES = [HexNumberingScheme(orientation=orientation, first=first,
                              column_start=(15 if cd else 1) + shift,
                              row_start=(12 if rd else 1) + shift, columns_descend=cd,
                              rows_descend=rd, first_line_back=back)
           for orientation, first, shift, cd, rd, back in product(
               ["flat", "pointy"], ["column", "row"], [0, 9], [False, True], [False, True],
               [True, False])]


@pytest.mark.parametrize("scheme", SCHEMES, ids=lambda s: (
    f"{s.orientation}-{s.first}-{s.column_start}{'d' if s.columns_descend else ''}-"
    f"{s.row_start}{'d' if s.rows_descend else ''}-{'back' if s.first_line_back else 'fwd'}"))
def test_scheme_settings_reproduce_the_game_ids(scheme: HexNumberingScheme) -> None:
    dx, dy, first = 56.0, 64.0, (40, 70)
    pointy = scheme.orientation == "pointy"
    grid = hex_grid_for_scheme(scheme, first_hex=first, dx=dx, dy=dy, board_size=(700, 640))
    for line in range(9):
        # Lines alternate between back and forward by half a hex; the first as the scheme says.
        forward = (line % 2 == 1) == scheme.first_line_back
        first_forward = not scheme.first_line_back
        for along in range(8):
            shift = (dy / 2 if forward else 0) - (dy / 2 if first_forward else 0)
            across_px, along_px = first[1 if pointy else 0] + line * dx, \
                first[0 if pointy else 1] + along * dy + shift
            x, y = (along_px, across_px) if pointy else (across_px, along_px)
            expected = scheme.hex_id(along, line) if pointy else scheme.hex_id(line, along)
            assert grid.location_name((round(x), round(y))) == expected
            cx, cy = grid.center_of(expected)
            assert abs(cx - x) <= 1 and abs(cy - y) <= 1


def test_unknown_orientation_is_refused() -> None:
    with pytest.raises(ValueError, match="orientation"):
        hex_grid_for_scheme(HexNumberingScheme(orientation="round"), first_hex=(0, 0),
                            dx=56.0, dy=64.0, board_size=(100, 100))


def test_grid_settings_become_components() -> None:
    scheme = HexNumberingScheme(first_line_back=False)
    grid = hex_grid_for_scheme(scheme, first_hex=(40, 70), dx=56.0, dy=64.0,
                               board_size=(700, 640))
    hex_grid, numbering = grid.to_components()
    assert numbering in hex_grid.children
    xml = hex_grid.to_xml()
    assert 'stagger="true"' in xml and 'x0="40"' in xml and 'dy="64.0"' in xml
    again = HexGeometry.from_components(hex_grid, numbering, (700, 640))
    assert again.location_name((96, 38)) == "0201"


def logged_moves_with_board(log: str) -> list[tuple[str, tuple[int, int], str]]:
    """(board in use, new point, reported new name) for each move on the Main Map."""
    text = deobfuscate(zipfile.ZipFile(REAL / log).read("savedGame"))
    board, last, out = "", None, []
    for leaf in command_leaves(text):
        if leaf.startswith("Main MapBoardPicker\t"):
            board = leaf.split("\t")[1]
        if leaf.startswith("M/"):
            last = sequence.split(leaf, "/")
        report = re.match(r"CHAT\* .* moves (.*) -> (.*) \*$", leaf)
        if report and last and last[2] == "Main Map":
            out.append((board, (int(last[3]), int(last[4])), report.group(2)))
            last = None
    return out


@pytest.mark.parametrize("log", ["tour.vlog", "tour-vassal36.vlog"])
def test_every_board_grid_names_moves_as_vassal_did(log: str) -> None:
    module = read_vmod(REAL / "tour.vmod")
    grids = {b.name: grid_of_board(b) for b in module.buildfile.find_all(BoardComponent)}
    moves = logged_moves_with_board(log)
    assert moves
    for board, point, name in moves:
        # One board at (0, 0) and no map edge: map pixels are board pixels (§5.1).
        assert grids[board].location_name(point) == name, (board, point)
    if log == "tour.vlog":
        assert {b for b, _, _ in moves} == {"plain", "VIP", "SL"}
        assert {n for b, _, n in moves if b == "VIP"} >= {"Japan", "Okinawa", "Turn 7 Returns",
                                                          "Japanese Islands"}


def test_a_grid_in_a_zone_counts_descending_rows_from_the_zone() -> None:
    """Ragnarok's hex map is a sideways hex grid inside a zone, numbered upwards (vDescend):
    VASSAL counts the rows from the zone's height (the grid's container is the zone), and
    the 3.6 engine named the points vlog-maker dropped on (ragnarok-vlogmaker.engine.txt)
    as below.  Counted from the board's height (its picture, left out of the module here,
    is 3300 x 2457 px), the names were 7 higher ('1204'), in the import
    and in the audit's step list."""
    module = read_vmod(REAL / "ragnarok" / "ragnarok-1.2-smallimages.vmod")
    board = next(b for b in module.buildfile.find_all(BoardComponent) if b.name == "Map")
    grid = grid_of_board(board, (3300, 2457))
    engine = re.findall(r'\[Main Map \((\d+),(\d+)\) "(\d{4})"\]',
                        (REAL / "ragnarok" / "ragnarok-vlogmaker.engine.txt").read_text())
    assert len(engine) >= 8
    for x, y, name in engine:
        assert grid.location_name((int(x), int(y))) == name, (x, y)


def test_zone_polygon_and_region_arithmetic() -> None:
    zoned = ZonedGeometry(zones=(ZoneGeometry("Box", ((0, 0), (100, 0), (100, 100), (0, 100)),
                                      "$name$ $gridLocation$",
                                      RegionGeometry((("a", (10, 10)), ("b", (90, 90))))),),
                      background=RegionGeometry((("far", (500, 500)),)))
    assert zoned.location_name((20, 30)) == "Box a"
    assert zoned.location_name((80, 70)) == "Box b"
    assert zoned.location_name((150, 30)) == "far"
    assert zoned.background.center_of("far") == (500, 500)


def test_the_arithmetic_takes_vassals_defaults_from_the_components() -> None:
    hex_grid, square = HexGridComponent(), SquareGrid()
    assert GridNumbering() == numbering_of(HexGridNumbering()) == numbering_of(None)
    assert (HexGeometry().x0, HexGeometry().y0, HexGeometry().dx, HexGeometry().dy) == \
        (hex_grid.x0, hex_grid.y0, hex_grid.dx, hex_grid.dy)
    assert (SquareGeometry().x0, SquareGeometry().dx) == (square.x0, square.dx)
    assert SquareGeometry().numbering == numbering_of(SquareGridNumbering())
    assert not SquareGeometry().numbering.stagger
