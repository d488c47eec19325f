"""Counter art never fails on odd text: any designation, label, factor or size keeps its square."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from converter.load import load_model
from converter.render.counters import counter_image, counter_px
from tests.conftest import MINI

BASE = load_model(MINI)
TEXT = st.text(min_size=0, max_size=40)


@settings(max_examples=60, deadline=None)
@given(designation=TEXT, label=TEXT, printed=st.one_of(st.none(), TEXT),
       size=st.sampled_from([None, "I", "II", "III", "X", "XX", "XXX", "XXXX", "XXXXX", "group"]),
       piece_id=st.sampled_from(["na-1", "na-2", "sa-1", "sa-hq", "dummy", "turn-marker", "damage", "tank"]),
       dpi=st.sampled_from([72, 150, 300]))
def test_counter_keeps_its_size_whatever_the_text(designation: str, label: str, printed: str | None,
                                                   size: str | None, piece_id: str, dpi: int) -> None:
    game = copy.deepcopy(BASE)
    piece = game.piece(piece_id)
    piece.designation = designation or None
    piece.size = size
    face = piece.faces[0]
    face.label = label or None
    face.printed = printed
    img = counter_image(game, piece, face.counter, face.side, dpi=dpi)
    assert img.size == (counter_px(game, piece, dpi=dpi),) * 2
