"""A designer's own game (tests/data/games/designer): every board, off-map boxes included, is
the designer's picture, and the module's zones are the boxes the art draws."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from converter.vassal.components import BoardComponent, ZoneComponent, ZonedGrid
from tests.builder.conftest import ROOT, BuildCache
from tests.builder.readback import Module

DESIGNER = ROOT / "tests" / "data" / "games" / "designer"
FRAME = (80, 50, 30)  # the colour the art draws its boxes' frames in (make_designer_art.py)


def _box_board(module: Module) -> BoardComponent:
    return next(m.find(BoardComponent) for m in module.maps().values() if m.find(BoardComponent).name == "Caselle")


def _corners(zone: ZoneComponent) -> tuple[int, int, int, int]:
    pts = [tuple(int(v) for v in p.split(",")) for p in zone.path.split(";") if p]
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    return min(xs), min(ys), max(xs), max(ys)


def test_the_box_board_is_the_designers_picture_and_its_zones_its_boxes(builds: BuildCache) -> None:
    module = Module.read(builds.get(DESIGNER).path)
    board = _box_board(module)
    shown = Image.open(io.BytesIO(module.file.read_member("images/" + board.image))).convert("RGB")
    art = Image.open(DESIGNER / "boxes.png").convert("RGB")
    assert shown.size == art.size and shown.tobytes() == art.tobytes()
    zones = {z.name: _corners(z) for z in board.find(ZonedGrid).find_all(ZoneComponent)}
    assert set(zones) == {"Riserva", "Rinforzi", "Eliminati"}
    for name, (x0, y0, x1, y1) in zones.items():
        cy, cx = (y0 + y1) // 2, (x0 + x1) // 2
        for edge in [(x0, cy), (x1, cy), (cx, y0), (cx, y1)]:  # every side of the zone is on the drawn frame
            near = [art.getpixel((edge[0] + dx, edge[1] + dy)) for dx in (-2, -1, 0, 1, 2) for dy in (-2, -1, 0, 1, 2)
                    if 0 <= edge[0] + dx < art.width and 0 <= edge[1] + dy < art.height]
            assert FRAME in near, (name, edge)
        assert module.location_at(board, (cx, cy)) == name


def test_a_piece_set_up_in_a_box_starts_in_the_drawn_box(builds: BuildCache) -> None:
    module = Module.read(builds.get(DESIGNER).path)
    where = {piece.name: place for _, place, piece in module.stack_pieces()}
    assert where["5a Armata"] == "Riserva"
    assert where["8a Armata"] == "0304"


def test_pieces_carry_their_printed_factors_as_properties(builds: BuildCache) -> None:
    """What VASSAL's counter viewer, labels and expressions read: each factor by id at full
    strength, and per face of the flip layer (`attack_2` on the reduced side)."""
    from converter.vassal.traits.marker import Marker

    module = Module.read(builds.get(DESIGNER).path)
    piece = next(p for _, _, p in module.stack_pieces() if p.basic.name == "8a Armata")
    props: dict[str, str] = {}
    for trait in piece.traits:
        if isinstance(trait, Marker):
            props.update(trait.properties())
    assert {k: props[k] for k in ("attack", "defence", "movement", "Factors")} == \
        {"attack": "5", "defence": "6", "movement": "3", "Factors": "5-6-3"}
    assert (props["attack_1"], props["attack_2"], props["Factors_2"]) == ("5", "3", "3-3-3")


def test_the_module_shows_the_victory_conditions_as_a_chart(builds: BuildCache) -> None:
    from converter.vassal.components import Chart

    module = Module.read(builds.get(DESIGNER).path)
    charts = {c.chart_name: c.file_name for c in module.root.find_all(Chart)}
    assert "Condizioni di vittoria" in charts
    image = Image.open(io.BytesIO(module.file.read_member("images/" + charts["Condizioni di vittoria"])))
    assert image.width > 300 and image.height > 100
