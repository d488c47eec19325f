"""Counter sheet layout: counts, exact sizes, duplex mirror, cut marks outside the counters."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from converter.errors import VconvError
from converter.validate import load_model
from converter.model.game import Game
from converter.printkit.layout import PAPERS, Page, layout_counter_sheets
from converter.printkit.sheets import counter_box_px, page_size_px
from tests.conftest import MINI, bundled_games


@pytest.fixture(scope="module")
def mini() -> Game:
    return load_model(MINI)


def _pairs(pages: list[Page]) -> list[tuple[Page, Page]]:
    assert len(pages) % 2 == 0
    return [(pages[i], pages[i + 1]) for i in range(0, len(pages), 2)]


def _check_layout(game: Game, paper_id: str, bleed: float) -> None:
    paper = PAPERS[paper_id]
    pages = layout_counter_sheets(game, paper, bleed_mm=bleed)
    # counts honoured: every copy of every counter, front and back
    printed = Counter((p.piece, p.counter) for page in pages if page.side == "front" for p in page.placements)
    expected = Counter({(piece.id, c): piece.copies for piece in game.pieces or [] for c in piece.counters()})
    assert printed == expected
    for front, back in _pairs(pages):
        assert (front.side, back.side) == ("front", "back")
        assert len(front.placements) == len(back.placements)
        for f, b in zip(front.placements, back.placements):
            assert (f.piece, f.copy, f.counter) == (b.piece, b.copy, b.counter)
            # the back's centre mirrored about the page's vertical axis is the front's centre
            assert abs((paper.width_mm - b.centre[0]) - f.centre[0]) < 0.2
            assert abs(b.centre[1] - f.centre[1]) < 0.2
            assert f.size_mm == b.size_mm == game.counter_mm(game.piece(f.piece))
        for page in (front, back):
            boxes = [(p.x_mm - bleed, p.y_mm - bleed, p.x_mm + p.size_mm + bleed, p.y_mm + p.size_mm + bleed)
                     for p in page.placements]
            for l, t, r, b in boxes:
                assert 5 <= l and r <= paper.width_mm - 5 and 5 <= t and b <= paper.height_mm - 5
            for i, a in enumerate(boxes):  # no two counters (with their bleed) overlap
                for c in boxes[i + 1:]:
                    assert a[2] <= c[0] + 1e-6 or c[2] <= a[0] + 1e-6 or a[3] <= c[1] + 1e-6 or c[3] <= a[1] + 1e-6
            for m in page.cut_marks:  # marks stay off every counter and its bleed
                for l, t, r, b in boxes:
                    xs, ys = sorted((m.x1_mm, m.x2_mm)), sorted((m.y1_mm, m.y2_mm))
                    assert xs[1] < l or xs[0] > r or ys[1] < t or ys[0] > b


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0.0, 1.5])
def test_mini_layout(mini: Game, paper: str, bleed: float) -> None:
    _check_layout(mini, paper, bleed)


def test_two_counter_unit_prints_both_counters_and_count_copies(mini: Game) -> None:
    pages = layout_counter_sheets(mini, PAPERS["a4"])
    fronts = [p for page in pages if page.side == "front" for p in page.placements]
    assert sorted(p.counter for p in fronts if p.piece == "na-1") == [1, 2]
    assert len([p for p in fronts if p.piece == "damage"]) == 20
    assert len([p for p in fronts if p.piece == "dummy"]) == 2


def test_every_cut_line_has_marks_on_both_ends(mini: Game) -> None:
    page = layout_counter_sheets(mini, PAPERS["a4"])[0]
    xs = {round(p.x_mm, 6) for p in page.placements} | {round(p.x_mm + p.size_mm, 6) for p in page.placements}
    vertical = Counter(round(m.x1_mm, 6) for m in page.cut_marks if m.x1_mm == m.x2_mm)
    assert set(vertical) == xs and all(n == 2 for n in vertical.values())


def test_pixel_boxes_mirror_exactly_and_keep_the_size(mini: Game) -> None:
    paper = PAPERS["letter"]
    width_px = page_size_px(paper, 300)[0]
    for front, back in _pairs(layout_counter_sheets(mini, paper, bleed_mm=1.0)):
        for f, b in zip(front.placements, back.placements):
            fl, ft, fe = counter_box_px(f.x_mm, f.y_mm, f.size_mm, paper, "front", 300)
            bl, bt, be = counter_box_px(b.x_mm, b.y_mm, b.size_mm, paper, "back", 300)
            assert fe == be and abs(fe * 25.4 / 300 - f.size_mm) <= 0.1
            assert width_px - (bl + be) == fl and bt == ft


def test_a_counter_larger_than_the_paper_is_refused(mini: Game) -> None:
    mini_big = load_model(MINI)
    mini_big.scale.counter_mm = 400
    with pytest.raises(ValueError, match="does not fit"):
        layout_counter_sheets(mini_big, PAPERS["a4"])


@pytest.mark.parametrize("folder", bundled_games(), ids=lambda p: p.name)
def test_bundled_game_layouts(folder: Path) -> None:
    try:
        game = load_model(folder)
    except VconvError as exc:
        pytest.skip(f"{folder.name} does not load yet: {str(exc).splitlines()[0]}")
    _check_layout(game, "a4", 0.0)
    _check_layout(game, "letter", 2.0)


def test_an_italian_games_sheets_are_headed_in_italian() -> None:
    game = load_model(Path("modules/glorys-end"))
    front, back = layout_counter_sheets(game, PAPERS["a4"])[:2]
    assert front.label.endswith("segnalini — foglio 1 di 1 — FRONTI (A4, stampa al 100%)")
    assert back.label.endswith("RETRI (fronte-retro, capovolgere sul lato lungo)")


@pytest.mark.parametrize(("paper_id", "bleed", "dpi"), [("a4", 0.0, 300), ("letter", 1.0, 150),
                                                        ("a4", 0.5, 97)])
def test_printed_duplex_the_backs_marks_fall_on_the_fronts(mini: Game, paper_id: str,
                                                           bleed: float, dpi: int) -> None:
    """Printed on both sides and flipped on the long edge, the back is the front mirrored:
    every cut mark's pixels on the back are the mirror of the front's (they were a pixel off,
    drawn as lines at fractional pixels), and each mark straddles its cut line's pixel edge."""
    from PIL import Image, ImageOps

    from converter.printkit.sheets import render_page

    paper = PAPERS[paper_id]
    front, back = layout_counter_sheets(mini, paper, bleed_mm=bleed)[:2]
    a = render_page(mini, front, paper, dpi=dpi, bleed_mm=bleed).convert("L")
    b = ImageOps.mirror(render_page(mini, back, paper, dpi=dpi, bleed_mm=bleed).convert("L"))
    top = min(p.y_mm for p in front.placements) - bleed
    band = (0, round((top - 4.5) * dpi / 25.4), a.width, round((top - 1.5) * dpi / 25.4))

    def marked_columns(img: Image.Image) -> list[int]:
        strip = img.crop(band).resize((a.width, 1), Image.Resampling.BOX)
        return [x for x in range(strip.width) if (strip.getpixel((x, 0)) or 0) < 128]  # type: ignore[operator]

    columns = marked_columns(a)
    assert columns and columns == marked_columns(b)
    edges = {counter_box_px(p.x_mm, p.y_mm, p.size_mm, paper, "front", dpi)[0]
             for p in front.placements}
    assert all(x - 1 in columns or x in columns for x in edges)  # on the counter's left edge
