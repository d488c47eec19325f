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
    assert where["8a Armata"] == "Treviso (0304)"  # a named hex, as VASSAL reports it


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


def test_the_counter_viewer_shows_the_place_and_each_pieces_factors_at_its_step(
        builds: BuildCache) -> None:
    """Every map's mouse-over viewer shows one piece as well as a stack, the place's name
    above ('Treviso (0304)') and below each piece the factors of the face it now shows: the
    expression picks `Factors_<level>` by the Step or Side layer's level, which each layered
    piece carries for every level (checked in VASSAL's own interpreter when this was written:
    '5-6-3' for an unlayered piece, '2-3-3' at Step_Level 2)."""
    from converter.builder.conventions import SIDE_LAYER, STEP_LAYER
    from converter.vassal.components import CounterDetailViewer
    from converter.vassal.traits import Layer

    module = Module.read(builds.get(DESIGNER).path)
    for m in module.maps().values():
        viewer = m.find(CounterDetailViewer)
        assert viewer is not None and viewer.showtext and viewer.min_display_pieces == 1
        assert viewer.summary_report_format == "$LocationName$"
        assert viewer.counter_report_format == (
            '{(Step_Level + Side_Level) == "" ? Factors : '
            'GetProperty("Factors_" + (Step_Level + Side_Level))}')
    piece = next(p for _, _, p in module.stack_pieces() if p.basic.name == "8a Armata")
    layer = next(t for t in piece.traits if isinstance(t, Layer))
    assert layer.name in (STEP_LAYER, SIDE_LAYER)
    props = piece.properties()
    assert [props[f"Factors_{level}"] for level in range(1, len(layer.images) + 1)] == \
        ["5-6-3", "3-3-3"]


def test_the_module_shows_the_victory_conditions_as_a_chart(builds: BuildCache) -> None:
    from converter.vassal.components import Chart

    module = Module.read(builds.get(DESIGNER).path)
    charts = {c.chart_name: c.file_name for c in module.root.find_all(Chart)}
    assert "Condizioni di vittoria" in charts
    image = Image.open(io.BytesIO(module.file.read_member("images/" + charts["Condizioni di vittoria"])))
    assert image.width > 300 and image.height > 100


def test_the_module_carries_a_game_that_names_the_designers_art_and_reads_back(
        builds: BuildCache) -> None:
    """The description inside the module names the art files of the game folder; read from the
    module alone (`--game designer.vmod`, the audit), their absence beside it is no problem."""
    from converter.audit.mapping import load_rules_game
    from converter.builder import read_game_from_vmod

    built = builds.get(DESIGNER)
    assert {b.image.file for b in built.module.game.boards or [] if b.image} == {"map.png", "boxes.png"}
    for read in (read_game_from_vmod, load_rules_game):
        game = read(built.path)
        assert game.title == built.module.game.title
        assert [b.image.file for b in game.boards or [] if b.image] == ["map.png", "boxes.png"]
