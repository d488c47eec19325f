"""Layout invariants for any counter size, count and bleed (hypothesis)."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from converter.validate import load_model
from converter.printkit.layout import PAPERS, layout_counter_sheets
from tests.conftest import MINI

BASE = load_model(MINI)


@settings(max_examples=40, deadline=None)
@given(size=st.floats(min_value=8, max_value=40), counts=st.lists(st.integers(1, 60), min_size=1, max_size=8),
       bleed=st.sampled_from([0.0, 0.5, 3.0]), paper=st.sampled_from(sorted(PAPERS)))
def test_any_layout_keeps_counts_mirror_and_no_overlap(size: float, counts: list[int], bleed: float, paper: str) -> None:
    game = copy.deepcopy(BASE)
    game.scale.counter_mm = size
    game.scale.counter_sizes_mm = {"big": size * 1.5}
    pieces = game.pieces[: len(counts)]
    for piece, count in zip(pieces, counts):
        piece.count = count
    pieces[0].size_class = "big"
    game.pieces = pieces
    game._index.clear()
    sheet = PAPERS[paper]
    pages = layout_counter_sheets(game, sheet, bleed_mm=bleed)
    total = sum(len(p.placements) for p in pages if p.side == "front")
    assert total == sum(p.copies * len(p.counters()) for p in pieces)
    for front, back in zip(pages[::2], pages[1::2]):
        for f, b in zip(front.placements, back.placements):
            assert abs(sheet.width_mm - b.centre[0] - f.centre[0]) < 1e-6 and b.centre[1] == f.centre[1]
        boxes = sorted((p.x_mm - bleed, p.y_mm - bleed, p.x_mm + p.size_mm + bleed, p.y_mm + p.size_mm + bleed)
                       for p in front.placements)
        for l, t, r, b in boxes:
            assert l >= 0 and t >= 0 and r <= sheet.width_mm and b <= sheet.height_mm
        for i, a in enumerate(boxes):
            for c in boxes[i + 1:]:
                if c[0] >= a[2] - 1e-6:
                    break  # sorted by left edge: nothing further right can overlap a
                assert a[3] <= c[1] + 1e-6 or c[3] <= a[1] + 1e-6
