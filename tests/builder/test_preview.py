"""`vconv preview`: the module's own grid, hex ids, zones and regions over each board's picture."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PIL import Image

from converter.builder import layout as lay
from converter.builder.preview import GRID, ZONE
from converter.cli import main
from converter.validate import load_model
from converter.render.maps import hex_board_geometry
from tests.conftest import MINI


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
