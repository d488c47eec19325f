"""Schematic maps: hex positions shared with the builder, terrain, hexsides, spaces, scans."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from converter.errors import InputError, ModelError, VconvError
from converter.validate import load_model
from converter.model.game import Game
from converter.render.drawings import board_image, space_positions
from converter.render.groupkey import game_groups, game_swatches, group_key
from converter.render.maps import hex_board_geometry, missing_count, space_image_size
from converter.render.words import words
from converter.render.text import color
from tests.conftest import MINI, bundled_games


@pytest.fixture(scope="module")
def mini() -> Game:
    return load_model(MINI)


def test_geometry_follows_the_models_hex_centres(mini: Game) -> None:
    board = mini.board("main")
    geo = hex_board_geometry(board, 80)
    grid = board.grid
    fx, fy = grid.center("0101", 80)
    for hex_id in grid.all_ids():
        x, y = grid.center(hex_id, 80)
        gx, gy = geo.center(hex_id)
        assert abs((gx - geo.origin[0]) - (x - fx)) < 1e-9
        assert abs((gy - geo.origin[1]) - (y - fy)) < 1e-9
        assert 0 < gx < geo.image_size[0] and 0 < gy < geo.image_size[1]
    assert geo.center("0101") == geo.origin
    assert (geo.hex_width_px, geo.hex_height_px) == grid.hex_size(80)
    assert geo.column_spacing == pytest.approx(60.0)   # 3/4 of the diameter, flat-topped
    assert geo.row_spacing == pytest.approx(grid.hex_size(80)[1])


def test_schematic_has_the_geometrys_size(mini: Game) -> None:
    board = mini.board("main")
    assert board_image(mini, board, hex_px=80).size == hex_board_geometry(board, 80).image_size


def test_known_hexes_are_filled_with_their_terrain(mini: Game) -> None:
    board = mini.board("main")
    img = board_image(mini, board, hex_px=80)
    geo = hex_board_geometry(board, 80)
    x, y = geo.center("0606")   # lake
    assert img.getpixel((int(x - 28), int(y))) == color("#8cc4e8")
    x, y = geo.center("0404")   # forest
    assert img.getpixel((int(x - 28), int(y))) == color("#6e9b5a")
    x, y = geo.center("0505")   # not described
    assert img.getpixel((int(x - 28), int(y))) == color("#fbfbf8")


def test_hexside_feature_is_drawn_on_the_shared_edge(mini: Game) -> None:
    board = mini.board("main")
    img = board_image(mini, board, hex_px=80)
    geo = hex_board_geometry(board, 80)
    (ax, ay), (bx, by) = geo.center("0404"), geo.center("0405")
    assert img.getpixel((int((ax + bx) / 2), int((ay + by) / 2))) == color("#3a78c2")  # river


def test_space_positions_follow_layout_and_auto_place_the_rest(mini: Game) -> None:
    east = mini.board("east")
    size = space_image_size(east)
    pos = space_positions(east, size)
    assert set(pos) == {"kiev", "minsk", "odessa"}
    assert pos["kiev"][0] > pos["minsk"][0] and pos["kiev"][1] > pos["minsk"][1]  # layout 0.7,0.6 vs 0.5,0.3
    boxes = mini.board("boxes")
    bpos = space_positions(boxes, space_image_size(boxes))
    assert len(set(bpos.values())) == 2
    for x, y in list(pos.values()) + list(bpos.values()):
        assert 0 < x < size[0] and 0 < y < size[1]


def test_spaces_are_drawn_where_space_positions_says(mini: Game) -> None:
    east = mini.board("east")
    img = board_image(mini, east)
    paper = color("#f7f5ee")
    for space_id, (x, y) in space_positions(east, img.size).items():
        left = img.getpixel((int(x) - 30, int(y) + 4))  # inside the node box, off its text
        assert left != paper, space_id


def test_missing_items_are_counted(mini: Game) -> None:
    assert missing_count(mini.board("east")) == 1     # odessa
    assert missing_count(mini.board("main")) == 0


def test_scan_is_used_with_its_calibration(mini_copy: Callable[..., Path]) -> None:
    def add_scan(data: dict) -> None:
        board = data["boards"][0]
        board["image"] = {"file": "map.png", "origin": [50, 40], "hex_width_px": 100, "hex_height_px": 86.6}

    folder = mini_copy("map.json", add_scan)
    Image.new("RGB", (900, 700), (200, 180, 150)).save(folder / "map.png")
    game = load_model(folder)
    board = game.board("main")
    img = board_image(game, board)
    assert img.size == (900, 700)
    geo = hex_board_geometry(board, image_size=img.size)
    assert geo.center("0101") == (50, 40)
    # even columns are shifted toward the lower row numbers: half a hex up
    assert geo.center("0201") == pytest.approx((125.0, 40 - 86.6 / 2))
    # the grid lines are laid over the scan
    corners = geo.corners("0303")
    assert img.getpixel(tuple(int(v) for v in corners[1])) != (200, 180, 150)


def test_corrupt_scan_is_an_input_error(mini_copy: Callable[..., Path]) -> None:
    folder = mini_copy("map.json", lambda d: d["boards"][0].__setitem__(
        "image", {"file": "map.png", "origin": [50, 40], "hex_width_px": 100}))
    Image.new("RGB", (900, 700)).save(folder / "map.png")
    game = load_model(folder)
    (folder / "map.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")  # broken after validation
    with pytest.raises(InputError, match="map.png"):
        board_image(game, game.board("main"))
    with pytest.raises(ModelError, match="map.png.* is not a readable picture"):  # validate says so first
        load_model(folder)


def test_absent_scan_falls_back_to_the_schematic(mini_copy: Callable[..., Path]) -> None:
    folder = mini_copy("map.json", lambda d: d["boards"][0].__setitem__(
        "image", {"file": "gone.png", "origin": [50, 40], "hex_width_px": 100}))
    Image.new("RGB", (900, 700)).save(folder / "gone.png")
    game = load_model(folder)
    (folder / "gone.png").unlink()  # removed after validation: draw the schematic, do not fail
    board = game.board("main")
    assert board_image(game, board, hex_px=50).size == hex_board_geometry(board, 50).image_size


@pytest.mark.parametrize("folder", bundled_games(), ids=lambda p: p.name)
def test_every_board_of_every_bundled_game_renders(folder: Path) -> None:
    try:
        game = load_model(folder)
    except VconvError as exc:
        pytest.skip(f"{folder.name} does not load yet: {str(exc).splitlines()[0]}")
    for board in game.boards or []:
        img = board_image(game, board, hex_px=40, width_px=800)
        if board.kind == "hex" and board.grid is not None:
            geo = hex_board_geometry(board, 40)
            assert img.size == geo.image_size
            pos = geo.spaces
        else:
            assert img.size == space_image_size(board, 800)
            pos = space_positions(board, img.size)
        assert set(pos) == {s.id for s in board.spaces or []}
        for x, y in pos.values():
            assert 0 <= x <= img.size[0] and 0 <= y <= img.size[1]


def test_space_layout_on_a_scan_is_a_fraction_of_the_picture(mini_copy: Callable[..., Path]) -> None:
    def add_scan(data: dict) -> None:
        data["boards"][2]["image"] = {"file": "east.png"}

    folder = mini_copy("map.json", add_scan)
    Image.new("RGB", (1000, 500), (220, 220, 220)).save(folder / "east.png")
    game = load_model(folder)
    east = game.board("east")
    img = board_image(game, east)
    assert img.size == (1000, 500)
    pos = space_positions(east, img.size)
    assert pos["kiev"] == pytest.approx((700, 300))   # layout 0.7, 0.6
    assert pos["minsk"] == pytest.approx((500, 150))


def test_a_grid_leaving_its_picture_is_rejected(mini_copy: Callable[..., Path]) -> None:
    def add_scan(data: dict) -> None:
        data["boards"][0]["image"] = {"file": "map.png", "origin": [50, 40], "hex_width_px": 300}

    folder = mini_copy("map.json", add_scan)
    Image.new("RGB", (900, 700), (200, 180, 150)).save(folder / "map.png")
    with pytest.raises(VconvError, match="the grid leaves the 900×700 px map picture"):
        load_model(folder)


def test_the_legend_keys_every_mark_beside_the_boxes() -> None:
    """Pursuit of Glory's map moves boxes clear of each other (a dot and dashes back to
    their place), draws one-way links and sets crowded link labels apart: its legend keys each
    of them, in Italian, and the legend band has room for every entry."""
    from converter.render.maps import (
        DEFAULT_THEME, LEGEND_COLUMNS, _legend_rows, drawn_marks, legend_cells, legend_entries,
        link_labels, space_image_size, space_plan)

    pog = load_model(Path(__file__).resolve().parents[2] / "modules" / "pursuit-of-glory")
    board = pog.board("mappa")
    size = space_image_size(board)
    plan = space_plan(board, size)
    marks = drawn_marks(board, plan, link_labels(pog, board, size, plan))
    assert marks["moved"]
    entries = legend_entries(pog, board, {}, None, DEFAULT_THEME, marks)
    names = [name for _kind, (name, _style) in entries]
    assert "casella spostata; il punto è il suo posto" in names
    if marks["directed"]:
        assert "collegamento a senso unico" in names
    if marks["leader"]:
        assert "etichetta spostata dal suo collegamento" in names
    key = group_key(board, game_groups(pog, board), words(pog.language), game_swatches(pog))
    full = legend_entries(pog, board, {link.type: (0, "solid", 1) for link in board.links or []},
                          key, DEFAULT_THEME, {"moved": True, "directed": True, "leader": True})
    cells = legend_cells(board, size, full)
    assert max(y for _x, y in cells) < size[1] and max(x for x, _y in cells) < size[0]
    assert len(full) <= _legend_rows(board) * LEGEND_COLUMNS


def test_the_legend_reads_at_a_1400_px_map_width(
        words_drawn: Callable[[Any], list[tuple[str, int]]]) -> None:
    """Pursuit of Glory's map shown 1,400 px wide (the README's picture, VASSAL zoomed out):
    every key's words are at least 14 px high there, most of them 17 px, and a long key
    takes two lines rather than shrinking."""
    import converter.render.maps as maps

    pog = load_model(Path(__file__).resolve().parents[2] / "modules" / "pursuit-of-glory")
    board = pog.board("mappa")
    drawn = words_drawn(maps)
    image = maps.space_schematic(pog, board)
    key = group_key(board, game_groups(pog, board), words(pog.language), game_swatches(pog))
    names = {name for _kind, (name, _style) in maps.legend_entries(
        pog, board, {link.type: (0, "solid", 1) for link in board.links or []},
        key, maps.DEFAULT_THEME, {"moved": True, "directed": True, "leader": True})}
    at_1400 = {text: size * 1400 / image.width for text, size in drawn}
    keys = {text: px for text, px in at_1400.items() if text in names}
    assert len(keys) >= 30
    assert min(keys.values()) >= 14
    assert sum(px >= 17 for px in keys.values()) >= 0.8 * len(keys)
    assert "Grecia (Balcani)" in keys
    # the long one: two lines of legible words, neither line the whole name
    long_name = "Percorso Trans-Regionale (linea verde continua)"
    assert long_name not in at_1400 and "continua)" in " ".join(at_1400)


def test_a_hex_maps_words_are_the_players_not_the_datas(
        words_drawn: Callable[[Any], list[tuple[str, int]]]) -> None:
    """Glory's End: Calais's victory points are not in the rulebook text; its hex says "? PV"
    in Italian, never the data's "missing: vp" (nor 'VP' or 'fort' in English)."""
    import converter.render.maps as maps

    game = load_model(Path(__file__).resolve().parents[2] / "modules" / "glorys-end")
    texts = words_drawn(maps)
    maps.hex_schematic(game, game.board("mappa"))
    drawn = [text for text, _size in texts]
    assert "? PV" in drawn
    assert not [t for t in drawn if "missing" in t or " VP" in t or t.startswith("fort ")]


@pytest.mark.parametrize("slug", ["the-first-world-war", "pursuit-of-glory"])
def test_a_network_maps_boxes_speak_the_players_language(slug: str) -> None:
    """A space's victory points and fort print in the game's language ('1 PV', 'forte 3' on
    these Italian maps, never 'VP' or 'fort'); test_map_collisions checks that the module's
    zones are the boxes drawn with these words."""
    import converter.render.maps as maps

    game = load_model(Path(__file__).resolve().parents[2] / "modules" / slug)
    details: list[str] = []
    for board in game.boards or []:
        if not board.spaces or board.hex_grid() is not None:
            continue
        picture = maps.space_schematic(game, board)
        plan = maps.space_plan(board, picture.size, language=game.language)
        details += [line for blocks in plan.labels.values() for block in blocks[1:]
                    for line in block.lines]
    assert any(d.endswith(" PV") for d in details)
    assert not [d for d in details if " VP" in d or "fort " in d], details
