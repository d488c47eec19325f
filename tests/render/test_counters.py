"""Counter art: size, colours, symbols, marks, owner backs; a golden image of one counter."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw

from converter.validate import load_model
from converter.model.game import Game
from converter.render.counters import counter_background, counter_image, counter_px
from converter.render.symbols import PAINTERS, draw_symbol
from converter.render.text import color
from tests.conftest import MINI, ROOT, bundled_games
from tests.render.golden import compare_golden


@pytest.fixture(scope="module")
def mini() -> Game:
    return load_model(MINI)


def test_counter_is_the_games_size_at_300_dpi(mini: Game) -> None:
    img = counter_image(mini, mini.piece("na-1"), dpi=300)
    assert img.size == (150, 150)  # scale.counter_mm 12.7 mm = 1/2 inch
    assert counter_px(mini, mini.piece("na-1"), dpi=600) == 300


def test_counter_background_is_the_nationality_colour(mini: Game) -> None:
    img = counter_image(mini, mini.piece("sa-1"), dpi=300)
    s = img.width
    assert img.getpixel((int(s * 0.88), int(s * 0.45))) == color("#d67a6b")  # Sudland


def test_two_nationality_unit_shows_the_second_colour_on_a_band(mini: Game) -> None:
    img = counter_image(mini, mini.piece("na-2"), dpi=300)
    s = img.width
    assert img.getpixel((int(s * 0.88), int(s * 0.45))) == color("#6b8fd6")  # Nordland
    assert img.getpixel((int(s * 0.2), int(s * 0.03))) == color("#9fb7e6")  # Nordberg band


def _ink(img: Image.Image, box: tuple[float, float, float, float], bg: tuple[int, int, int]) -> int:
    s = img.width
    crop = img.crop(tuple(int(v * s) for v in box))  # type: ignore[arg-type]
    diff = ImageChops.difference(crop, Image.new("RGB", crop.size, bg)).convert("L").point(lambda v: 255 if v > 60 else 0)
    return diff.histogram()[255]


def test_reduced_stripe_lightens_the_factor_band(mini: Game) -> None:
    piece = mini.piece("na-1")
    front = counter_image(mini, piece, 1, "front", dpi=300)
    back = counter_image(mini, piece, 1, "back", dpi=300)
    s = front.width
    spot = (int(s * 0.06), int(s * 0.7))
    assert front.getpixel(spot) == color("#6b8fd6")
    assert sum(back.getpixel(spot)) > sum(front.getpixel(spot)) + 60


def test_dot_marks_the_lower_counter_of_a_four_step_unit(mini: Game) -> None:
    piece = mini.piece("na-1")
    bg = color("#6b8fd6")
    upper = counter_image(mini, piece, 1, "front", dpi=300)
    lower = counter_image(mini, piece, 2, "front", dpi=300)
    dot_area = (0.4, 0.02, 0.96, 0.17)  # the top row's right half: marks, dot, nationality code
    assert _ink(lower, dot_area, bg) > _ink(upper, dot_area, bg) + 20


def test_setup_hex_and_entry_turn_are_printed_top_left(mini: Game) -> None:
    corner = (0.03, 0.01, 0.4, 0.15)
    na1 = counter_image(mini, mini.piece("na-1"), dpi=300)   # printed setup 0203
    sa1 = counter_image(mini, mini.piece("sa-1"), dpi=300)   # enters turn 3
    na2 = counter_image(mini, mini.piece("na-2"), dpi=300)   # neither
    assert _ink(na1, corner, color("#6b8fd6")) > 30
    assert _ink(sa1, corner, color("#d67a6b")) > 30
    assert _ink(na2, (0.03, 0.03, 0.4, 0.15), color("#9fb7e6")) == 0


def test_owner_back_shows_the_faction_colour_and_name(mini: Game) -> None:
    piece = mini.piece("dummy")
    back = counter_image(mini, piece, 1, "back", dpi=300)
    assert counter_background(mini, piece, 1, "back") == color("#1f4e9c")
    assert back.getpixel((5, back.height // 2)) == color("#1f4e9c")
    assert _ink(back, (0.1, 0.3, 0.9, 0.7), color("#1f4e9c")) > 100  # the name 'Nord'


def test_a_side_the_piece_does_not_have_is_plain(mini: Game) -> None:
    img = counter_image(mini, mini.piece("damage"), 1, "back", dpi=300)
    assert _ink(img, (0.1, 0.1, 0.9, 0.9), counter_background(mini, mini.piece("damage"), 1, "back")) == 0


def test_factors_differ_between_faces(mini: Game) -> None:
    piece = mini.piece("na-1")
    a = counter_image(mini, piece, 1, "front", dpi=300).crop((0, 100, 150, 145))
    b = counter_image(mini, piece, 2, "back", dpi=300).crop((0, 100, 150, 145))
    assert ImageChops.difference(a, b).getbbox() is not None


def test_every_schema_symbol_has_its_own_drawing() -> None:
    schema = json.loads((ROOT / "schemas" / "pieces.schema.json").read_text(encoding="utf-8"))
    symbols = schema["$defs"]["symbol"]["enum"]
    assert set(symbols) == set(PAINTERS)
    drawings = {}
    for symbol in symbols:
        img = Image.new("RGB", (120, 80), "white")
        draw_symbol(ImageDraw.Draw(img), symbol, (10, 10, 110, 70), 3, (0, 0, 0))
        drawings[symbol] = img.tobytes()
    assert len(set(drawings.values())) >= len(symbols) - 1  # naval and fleet share the ship
    frame_only = Image.new("RGB", (120, 80), "white")
    ImageDraw.Draw(frame_only).rectangle((10, 10, 110, 70), outline=(0, 0, 0), width=3)
    for symbol in symbols:
        if symbol != "none":
            assert drawings[symbol] != frame_only.tobytes(), symbol


def test_same_input_same_pixels(mini: Game) -> None:
    a = counter_image(mini, mini.piece("na-2"), dpi=300)
    b = counter_image(mini, mini.piece("na-2"), dpi=300)
    assert a.tobytes() == b.tobytes()


def test_golden_counter(mini: Game) -> None:
    """A drawing change shows here: regenerate with VCONV_UPDATE_GOLDEN=1 after looking at it."""
    img = counter_image(mini, mini.piece("na-1"), 2, "front", dpi=300)
    compare_golden(img, "counter-na-1-c2-front.png")


@pytest.mark.parametrize("folder", bundled_games(), ids=lambda p: p.name)
def test_every_face_of_every_bundled_game_renders(folder: Path) -> None:
    from converter.errors import VconvError

    try:
        game = load_model(folder)
    except VconvError as exc:
        pytest.skip(f"{folder.name} does not load yet: {str(exc).splitlines()[0]}")
    for piece in game.pieces or []:
        for face in piece.faces:
            img = counter_image(game, piece, face.counter, face.side, dpi=100)
            edge = counter_px(game, piece, dpi=100)
            assert img.size == (edge, edge)
            assert abs(edge - game.counter_mm(piece) * 100 / 25.4) <= 0.5
