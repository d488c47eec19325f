"""What a player sees on every bundled game's maps and display: no box on another, no word cut
off or spilling out of its box, and every drawn box exactly the zone VASSAL drops pieces in."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from converter.builder.images import board_picture, display_image
from converter.builder.layout import CELL_FONT, CELL_PAD, DECK_FONT, TRACK_NAME_FONT, board_layout, display_layout
from converter.builder.maps import box_board
from converter.model.boardkinds import Drawing
from converter.render.drawings import drawing_of
from converter.validate import load_model
from converter.model.game import Game
from converter.render.maps import hex_board_geometry, panel_label, space_image_size, space_plan
from converter.render.text import color, font
from tests.conftest import bundled_games, imported_once

GAMES = bundled_games()
Box = tuple[float, float, float, float]


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _inside(inner: Box, outer: Box) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


@pytest.fixture(scope="module", params=GAMES, ids=lambda p: p.name)
def game(request: pytest.FixtureRequest) -> Game:
    return load_model(request.param)


def _schematic_boards(game: Game) -> list:
    return [b for b in game.boards or [] if b.spaces and b.drawing() is not Drawing.HEX_GRID]


def test_no_two_space_boxes_overlap_and_every_label_stays_in_its_box(game: Game) -> None:
    draw = ImageDraw.Draw(Image.new("L", (1, 1)))
    for board in _schematic_boards(game):
        size = space_image_size(board)
        plan = space_plan(board, size, min_box=drawing_of(board).min_box)
        parent = {s.id: s.parent for s in board.spaces or []}

        def under(node: str, frame: str) -> bool:
            seen = set()
            while node in parent and node not in seen:
                seen.add(node)
                node = parent[node]
                if node == frame:
                    return True
            return False

        boxes = sorted(plan.boxes.items())
        for k, (a, box_a) in enumerate(boxes):
            assert _inside(box_a, (0, 0, size[0], size[1])), f"{board.id}: {a} leaves the map"
            for b, box_b in boxes[k + 1:]:
                assert not _overlap(box_a, box_b), f"{board.id}: {a} and {b} overlap"
            for frame, frame_box in plan.frames.items():
                if under(a, frame):
                    assert _inside(box_a, frame_box), f"{board.id}: {a} leaves its area {frame}"
                else:
                    assert not _overlap(box_a, frame_box), f"{board.id}: {a} lies on the area {frame}"
        for frame, frame_box in plan.frames.items():
            for other, other_box in plan.frames.items():
                if frame < other and not under(frame, other) and not under(other, frame):
                    assert not _overlap(frame_box, other_box), f"{board.id}: areas {frame} and {other} overlap"
        for sid, blocks in plan.labels.items():
            box = plan.boxes.get(sid) or plan.frames[sid]
            for block in blocks:
                assert _inside(block.bbox(draw), box), f"{board.id}: the label of {sid} leaves its box"
            if sid in plan.boxes:  # the whole name is there, not a cut-off part
                assert " ".join(blocks[0].lines) == next(s.name for s in board.spaces if s.id == sid).strip()


def test_drawn_boxes_are_the_zones(game: Game) -> None:
    for board in game.boards or []:
        if board.drawing() is not Drawing.BOXES or not board.spaces:
            continue
        layout = board_layout(board, None, game.language)  # as the module lays it out
        placed = box_board(layout, "m", "b.png")
        zones = {}
        for zoned in placed.component.children:
            for zone in zoned.children:
                points = [tuple(map(int, p.split(","))) for p in zone.path.split(";")]
                xs, ys = [p[0] for p in points], [p[1] for p in points]
                zones[zone.name] = (min(xs), min(ys), max(xs), max(ys))
        picture = board_picture(game, board)
        paper = color("#f7f5ee")
        plan = space_plan(board, picture.size, min_box=drawing_of(board).min_box, language=game.language)
        for sid, (name, _point) in placed.spaces.items():
            assert zones[name] == plan.boxes[sid], f"{board.id}: zone {name!r} is not the box drawn"
            x0, y0, x1, y1 = zones[name]
            mid = (y0 + y1) // 2
            assert picture.getpixel((x0, mid)) != paper and picture.getpixel((x1, mid)) != paper
            assert picture.getpixel((x0 - 3, mid)) == paper and picture.getpixel((x1 + 3, mid)) == paper


def test_each_space_s_point_lies_in_the_box_drawn_for_it_and_no_smaller(game: Game) -> None:
    """An area's region is a point: the audit report outlines the place by the box the
    schematic draws round it (`BoardLayout.box_round`), the smallest box or frame holding
    the point, so a base inside its front's frame is its own box and the front its frame."""
    framed = 0
    for board in _schematic_boards(game):
        if board.image is not None:
            continue
        layout = board_layout(board, None, game.language)
        plan = space_plan(board, layout.size, min_box=drawing_of(board).min_box, language=game.language)
        for space in board.spaces or []:
            found = layout.box_round(*layout.space_centres[space.id])
            assert found is not None, f"{board.id}: {space.id} has no box round its point"
            drawn = plan.boxes.get(space.id) or plan.frames[space.id]
            assert (found.x, found.y, found.x + found.w, found.y + found.h) == drawn, \
                f"{board.id}: {space.id} is marked by another place's box"
            framed += space.parent in plan.frames
    if game.id == "the-first-world-war":
        assert framed >= 6  # the bases in Fronte 6's frame, the cities in others


def test_space_names_under_a_hex_grid_fit_their_boxes(game: Game) -> None:
    draw = ImageDraw.Draw(Image.new("L", (1, 1)))
    for board in game.boards or []:
        if board.kind != "hex" or board.grid is None or not board.spaces:
            continue
        geo = hex_board_geometry(board, 80)
        bw, bh = geo.space_box
        for sp in board.spaces:
            x, y = geo.spaces[sp.id]
            block = panel_label(sp.name, 80, (bw, bh), (x, y))
            assert _inside(block.bbox(draw), (x - bw / 2, y - bh / 2, x + bw / 2, y + bh / 2)), sp.id


def test_display_cells_and_names_hold_their_whole_text(game: Game) -> None:
    layout = display_layout(game)
    if layout is None:
        pytest.skip("no display board")
    draw = ImageDraw.Draw(Image.new("L", (1, 1)))
    cell_font, name_font, deck_font = font(*CELL_FONT), font(*TRACK_NAME_FONT), font(*DECK_FONT)
    bottom = 0
    for row in layout.tracks:
        assert " ".join(row.name_lines) == row.name.strip()
        assert max(draw.textlength(line, font=name_font) for line in row.name_lines) <= layout.label_w - 12
        for value, label in zip(row.values, row.labels):
            rect, lines = row.cells[value], row.cell_lines[value]
            assert " ".join(lines) == " ".join(label.split()), f"{row.id} {value}: {lines} cuts {label!r}"
            assert max(draw.textlength(line, font=cell_font) for line in lines) <= rect.w - 2 * CELL_PAD
            assert (len(lines) + (value in row.numbers)) * CELL_FONT[1] * 1.25 + CELL_PAD <= rect.h
        top = min(r.y for r in row.cells.values())
        assert top >= bottom, f"track {row.id} runs into the one above"
        bottom = max(r.y + r.h for r in row.cells.values())
    piles = sorted(layout.decks.items(), key=lambda kv: (kv[1].y, kv[1].x))
    for k, (deck_id, rect) in enumerate(piles):
        width = max(draw.textlength(line, font=deck_font) for line in layout.deck_lines[deck_id])
        for other_id, other in piles[k + 1:]:
            if other.y == rect.y:
                assert rect.x + rect.w / 2 + width / 2 < other.x, f"deck names {deck_id} and {other_id} collide"
    assert Image.open(__import__("io").BytesIO(display_image(game, layout))).size == layout.size


def test_a_crowded_cluster_is_parted_with_a_leader_line(tmp_path: Path) -> None:
    """Boxes whose data positions coincide are moved apart; each keeps a line to its spot."""
    from converter.render.placement import NodeSpec, plan_spaces

    nodes = [NodeSpec(f"s{k}", f"Space number {k}") for k in range(6)]
    plan = plan_spaces(nodes, {n.id: (500.0, 300.0) for n in nodes}, (0, 0, 1000, 600), 10.0)
    boxes = list(plan.boxes.values())
    assert all(not _overlap(a, b) for k, a in enumerate(boxes) for b in boxes[k + 1:])
    assert sum(plan.moved(n.id) for n in nodes) >= 4


def test_spaces_too_many_to_part_are_each_still_drawn_at_their_spot() -> None:
    """An imported module's board of 21 × 21 square cells (VASSAL's tour, 'plain') has no room
    for a box per cell: every cell still gets its box, at the smallest font, and a place to
    drop pieces; `vconv print` of the imported tour stopped on KeyError '10-10'."""
    folder = imported_once(Path(__file__).parents[1] / "data" / "real" / "tour.vmod", "tour")
    board = next(b for b in load_model(folder).boards or [] if b.name == "plain")
    assert len(board.spaces or []) == 441
    size = space_image_size(board)
    plan = space_plan(board, size, min_box=drawing_of(board).min_box)
    assert sorted(plan.boxes) == sorted(s.id for s in board.spaces or [])
    for space in board.spaces or []:
        x, y = plan.position(space.id)
        assert 0 <= x <= size[0] and 0 <= y <= size[1], space.id


@pytest.mark.parametrize("folder", [*GAMES, Path(__file__).parents[1] / "data" / "games" / "mini"],
                         ids=lambda p: p.name)
def test_link_labels_sit_clear_of_every_box_and_of_each_other(folder: Path) -> None:
    """A link's label (a strait's number, 'turns ≥3; only Sudland') is never hidden under a
    space's box, never on another label, never off the map; in the game's language."""
    from converter.render.maps import link_labels

    game = load_model(folder)
    seen = 0
    for board in _schematic_boards(game):
        size = space_image_size(board)
        plan = space_plan(board, size, min_box=drawing_of(board).min_box)
        labels = link_labels(game, board, size, plan)
        for k, (text, box, _rgb, _leader) in enumerate(labels):
            seen += 1
            assert _inside(box, (0, 0, size[0], size[1])), (board.id, text)
            for sid, space_box in plan.boxes.items():
                assert not _overlap(box, space_box), (board.id, text, sid)
            for other_text, other, _, _ in labels[k + 1:]:
                assert not _overlap(box, other), (board.id, text, other_text)
    if folder.name == "mini":
        assert seen == 1 and labels[0][0] == "turni ≥3; solo Sudland"
