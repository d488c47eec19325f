"""`vconv preview`: the module's own grid, hex ids, zones and regions over each board's picture."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from pathlib import Path

from PIL import Image

from converter.builder import layout as lay
from converter.builder.preview import GRID, ZONE
from converter.cli import main
from converter.validate import load_model
from converter.render.maps import hex_board_geometry
from tests.conftest import MINI, MODULES, imported_once


def test_preview_writes_each_board_with_its_zones(tmp_path: Path, capsys) -> None:
    assert main(["preview", str(MINI), "-o", str(tmp_path)]) == 0
    game = load_model(MINI)
    written = {Path(line).name for line in capsys.readouterr().out.split()}
    assert written == {f"mini-{b.id}.png" for b in game.boards} | {"mini-display.png"}
    boxes = game.board("boxes")
    picture = Image.open(tmp_path / "mini-boxes.png").convert("RGB")
    for rect in lay.board_layout(boxes).boxes.values():  # the zone's outline is where the module has it
        assert picture.getpixel((rect.x + 1, rect.y + rect.h // 2)) == ZONE[:3]


def test_preview_lays_the_grid_on_the_designers_own_art(mini_copy: Callable[..., Path], tmp_path: Path) -> None:
    def add_scan(data: dict) -> None:
        data["boards"][0]["image"] = {"file": "map.png", "origin": [50, 40], "hex_width_px": 100,
                                      "hex_height_px": 86.6}

    folder = mini_copy("map.json", add_scan)
    Image.new("RGB", (900, 700), (255, 255, 255)).save(folder / "map.png")
    assert main(["preview", str(folder), "-o", str(tmp_path), "-q"]) == 0
    picture = Image.open(tmp_path / "mini-main.png").convert("RGB")
    assert picture.size == (900, 700)
    geo = hex_board_geometry(load_model(folder).board("main"), image_size=(900, 700))
    x, y = geo.corners("0303")[0]
    near = [picture.getpixel((int(x) + dx, int(y) + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    assert any(p != (255, 255, 255) and p[0] > p[1] for p in near)  # the grid's magenta at the corner
    assert GRID[0] > GRID[1]


def test_preview_of_a_missing_game_is_a_usage_error(tmp_path: Path, capsys) -> None:
    assert main(["preview", str(tmp_path / "nothing"), "-o", str(tmp_path)]) == 2
    assert "vconv preview: error" in capsys.readouterr().err


def _plain_and_preview(slug: str, board_id: str) -> tuple[Image.Image, Image.Image, Any]:
    from converter.builder.images import board_picture
    from converter.builder.preview import board_preview

    game = load_model(MODULES / slug)
    board = game.board(board_id)
    assert board is not None
    return board_picture(game, board).convert("RGB"), board_preview(game, board), game


def test_a_schematics_preview_prints_nothing_over_its_hex_names() -> None:
    """Glory's End's Marne mini-map is a schematic that prints each hex's id and the names
    of Paris and Melun: the preview's magenta id lies on the schematic's own id (it had sat
    on the names), so every name reads as it does without the preview."""
    plain, shown, game = _plain_and_preview("glorys-end", "mini-mappa-marna")
    board = game.board("mini-mappa-marna")
    geo = hex_board_geometry(board, lay.HEX_PX)
    size = lay.HEX_PX
    named = [h for h in board.hexes or [] if h.name]
    assert len(named) == 4
    for h in named:
        cx, cy = geo.center(h.id)
        band = (int(cx - 0.3 * size), int(cy + 0.02 * size), int(cx + 0.3 * size), int(cy + 0.24 * size))
        assert shown.crop(band).tobytes() == plain.crop(band).tobytes(), h.id
        top = (int(cx - 0.2 * size), int(cy - 0.38 * size), int(cx + 0.2 * size), int(cy - 0.22 * size))
        assert shown.crop(top).tobytes() != plain.crop(top).tobytes(), h.id  # the module's id, over the schematic's


def test_a_schematics_preview_prints_no_name_over_its_boxes() -> None:
    """The First World War's map: each region's point is marked by ticks on its box's four
    sides, aimed at the point, and its name, which the box already prints, is not printed
    again: inside every box the preview changes nothing (a cross-hair at the point had sat
    over the middle of each name)."""
    from converter.builder.preview import REGION
    from converter.render.maps import space_plan

    plain, shown, game = _plain_and_preview("the-first-world-war", "europa")
    board = game.board("europa")
    plan = space_plan(board, plain.size, language=game.language)
    points = lay.board_layout(board, None, game.language).space_centres
    for sid, (x0, y0, x1, y1) in plan.boxes.items():
        if sid in plan.frames:
            continue
        box = (int(x0) + 1, int(y0) + 1, int(x1) - 1, int(y1) - 1)
        assert shown.crop(box).tobytes() == plain.crop(box).tobytes(), sid
        x, y = points[sid]
        ticks = [(x0 - 5, y), (x1 + 5, y), (x, y0 - 5), (x, y1 + 5)]
        assert all(shown.getpixel((int(px), int(py))) == REGION[:3] for px, py in ticks), sid


def test_region_names_are_set_clear_of_each_other_and_of_the_words_drawn() -> None:
    """Twelve points crowded together, their labels as wide as the gaps: each label beside
    its point where it can be, none over another or over a box of words."""
    from converter.builder.preview import place_labels

    points = [(200.0 + 14 * k, 200.0 + 9 * (k % 3)) for k in range(12)]
    sizes = [(70.0, 15.0)] * 12
    obstacles = [(150.0, 150.0, 260.0, 190.0)]
    spots = place_labels(points, sizes, obstacles, (600, 600))
    for k, a in enumerate(spots):
        assert 0 <= a[0] and 0 <= a[1] and a[2] <= 600 and a[3] <= 600
        for b in spots[k + 1:] + obstacles:
            assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), (a, b)
    assert spots[0] == (211.0, 192.5, 281.0, 207.5)  # the first: right of its point


def test_a_displays_zone_names_stay_in_their_cells_under_the_cells_words() -> None:
    """Glory's End's display: the preview's zone name of each track cell ('Tabella dei Turni
    14-16 agosto 1914') had run on one line across the next cells' names.  Each now lies in
    its own cell, under the cell's own words ('Turno 1', the date), and no two overlap."""
    from converter.builder.preview import cell_labels

    game = load_model(MODULES / "glorys-end")
    layout = lay.display_layout(game)
    assert layout is not None
    labels = cell_labels(game, layout)
    line_h = int(lay.CELL_FONT[1] * 1.25)
    boxes = []
    for row in layout.tracks:
        for value, rect in row.cells.items():
            lines, fnt, (x0, y0, x1, y1) = labels[(row.id, value)]
            own_words = rect.y + lay.CELL_PAD + (len(row.cell_lines[value]) + (value in row.numbers)) * line_h
            assert rect.x <= x0 and x1 <= rect.x + rect.w and own_words <= y0 and y1 <= rect.y + rect.h, value
            assert fnt.size >= 7 and lines
            boxes.append((x0, y0, x1, y1))
    for k, a in enumerate(boxes):
        for b in boxes[k + 1:]:
            assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), (a, b)
    first = layout.tracks[0]
    assert " ".join(labels[(first.id, first.values[0])][0]) == "Tabella dei Turni 14-16 agosto 1914"


def test_a_square_grids_preview_prints_no_name_over_its_cells() -> None:
    """VASSAL's tour module: its 'plain' board is a SquareGrid without a picture, printed as
    a grid of cells that each print their name ('-10,10'); the preview printed the same name
    again in each cell's corner, over the cell's own.  Inside every cell the preview now
    changes nothing: only the zone's outline is drawn."""
    from converter.builder.images import board_picture
    from converter.builder.preview import board_preview
    real = Path(__file__).resolve().parents[1] / "data" / "real"
    game = load_model(imported_once(real / "tour.vmod", "tour"))
    board = game.board("plain")
    assert board is not None
    plain, shown = board_picture(game, board).convert("RGB"), board_preview(game, board)
    cells = lay.board_layout(board, None, game.language).boxes
    assert len(cells) == 441
    for sid, rect in cells.items():
        inside = (rect.x + 3, rect.y + 3, rect.x + rect.w - 2, rect.y + rect.h - 2)
        assert shown.crop(inside).tobytes() == plain.crop(inside).tobytes(), sid
        assert shown.getpixel((rect.x + 1, rect.y + rect.h // 2)) == ZONE[:3], sid


def test_a_board_with_nothing_to_draw_gets_no_preview_and_a_note(
        mini_copy: Callable[..., Path], tmp_path: Path, capsys) -> None:
    """The Longest Day imported without its pictures has seven displays whose one place is
    the board itself: each preview was one small box on an empty 2400 x 1812 picture."""
    def add_blank(data: dict) -> None:
        data["boards"].append({"id": "entry-schedule", "name": "Entry Schedule", "kind": "boxes",
                               "spaces": [{"id": "entry-schedule", "name": "Entry Schedule",
                                           "kind": "board"}]})

    folder = mini_copy("map.json", add_blank)
    assert main(["preview", str(folder), "-o", str(tmp_path / "out")]) == 0
    out = capsys.readouterr().out
    assert {p.name for p in (tmp_path / "out").glob("*.png")} == {
        f"mini-{b}.png" for b in ("main", "boxes", "east", "display")}
    assert ("note: board 'Entry Schedule': no picture and no places of its own, so no preview"
            in out), out
