"""A VASSAL square grid imported without its board picture (Tour's 'plain' board: 21 x 21
cells, tests/data/real/tour.vmod with its images left out) printed as 17 pages of name boxes
pushed apart and overlapping in rows.  It now prints as the grid: touching cells, each a
counter and a finger wide (1.3 counter edges), on 6 pages."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from converter.cli import main
from converter.model.game import DEFAULT_COUNTER_MM
from converter.validate import load_model
from converter.printkit.layout import PAPERS
from converter.printkit.mapsheets import board_print, map_page
from converter.render.drawings import board_layout
from tests.conftest import ROOT

DPI = 100


@pytest.fixture(scope="module")
def tour(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("tour")
    module = tmp / "tour-noimages.vmod"
    with zipfile.ZipFile(ROOT / "tests" / "data" / "real" / "tour.vmod") as src, \
            zipfile.ZipFile(module, "w") as out:
        for info in src.infolist():
            if not info.filename.startswith("images/"):
                out.writestr(info, src.read(info))
    assert main(["import", str(module), "-o", str(tmp / "game"), "--quiet"]) == 0
    return tmp / "game"


def test_the_cells_touch_and_never_overlap(tour: Path) -> None:
    board = load_model(tour).board("plain")
    layout = board_layout(board, None, hex_px=80)
    cells = sorted((r.x, r.y, r.w, r.h) for r in layout.boxes.values())
    assert len(cells) == 21 * 21
    assert {(w, h) for _x, _y, w, h in cells} == {(layout.cell, layout.cell)}
    xs = sorted({x for x, _y, _w, _h in cells})
    ys = sorted({y for _x, y, _w, _h in cells})
    assert len(xs) == len(ys) == 21
    assert {b - a for a, b in zip(xs, xs[1:])} == {layout.cell}  # side by side, no gap
    assert {b - a for a, b in zip(ys, ys[1:])} == {layout.cell}


def test_the_grid_prints_on_six_pages_at_a_counters_room_a_cell(tour: Path) -> None:
    game = load_model(tour)
    board = game.board("plain")
    bp = board_print(game, board, PAPERS["a4"])
    assert len(bp.tiles) == 6
    page = map_page(game, board, bp.picture, bp.scale, bp.tiles[0], bp.sheet, dpi=DPI)
    # the ink of the cell walls along a row through the middle of the page: evenly spaced,
    # 1.3 counters (20.6 mm) apart
    grey = page.convert("L")
    y = page.height // 2
    walls: list[int] = []
    for x in range(page.width):
        if grey.getpixel((x, y)) < 80 and (not walls or x - walls[-1] > 3):
            walls.append(x)
    pitches = [b - a for a, b in zip(walls, walls[1:])]
    cell_px = 1.3 * DEFAULT_COUNTER_MM / 25.4 * DPI
    # after the page's frame, eight cells (the ninth is cut by the seam, where a ⊕ mark is)
    assert all(abs(p - cell_px) <= 2 for p in pitches[1:9]), (pitches, cell_px)
