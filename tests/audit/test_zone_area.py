"""A zone names a point as VASSAL does: the even-odd rule of java.awt.Polygon over the
zone's corners, the last corner joined back to the first."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from converter.audit.module import BoardGeometry, ZoneArea


def _even_odd(polygon: tuple[tuple[int, int], ...], x: float, y: float) -> bool:
    """The rule written plainly: a ray to the left crosses an odd number of edges."""
    inside = False
    for i in range(len(polygon)):
        (x1, y1), (x2, y2) = polygon[i - 1], polygon[i]
        if (y2 > y) != (y1 > y) and x < (x1 - x2) * (y - y2) / (y1 - y2) + x2:
            inside = not inside
    return inside


corner = st.tuples(st.integers(-50, 50), st.integers(-50, 50))
coordinate = st.one_of(st.integers(-60, 60), st.floats(-60, 60))


@given(st.lists(corner, max_size=8).map(tuple), coordinate, coordinate)
@example((), 0, 0)
@example(((0, 0), (10, 0), (10, 10)), 9, 5)  # inside only by the closing edge's side
@example(((0, 0), (10, 0), (10, 10), (0, 10)), 0, 0)  # a corner
@example(((0, 0), (10, 0), (10, 10), (0, 10)), 9.5, 9.5)  # near the lowest and rightmost
@example(((0, 0), (10, 0), (10, 10), (0, 10)), 10, 5)  # on the right side: outside
@example(((0, 0), (10, 0), (10, 10), (0, 10)), 5, 10)  # on the bottom: outside
@example(((5, 0), (10, 10), (0, 10)), -1, 5)  # left of every corner, in a corner's row
def test_a_zone_holds_the_points_the_even_odd_rule_puts_inside(
        polygon: tuple[tuple[int, int], ...], x: float, y: float) -> None:
    assert ZoneArea("Z", polygon, "$name$").contains(x, y) == _even_odd(polygon, x, y)


def test_a_point_in_a_concave_zone_is_named_by_it_and_one_in_its_notch_by_the_next() -> None:
    ell = ZoneArea("Ell", ((0, 0), (100, 0), (100, 40), (40, 40), (40, 100), (0, 100)),
                   "$name$")
    box = ZoneArea("Box", ((0, 0), (200, 0), (200, 200), (0, 200)), "$name$")
    board = BoardGeometry("Main", "", (200, 200), zones=[ell, box])
    assert [board.location(x, y)[1] for x, y in [(20, 90), (90, 20), (70, 70), (150, 150)]] \
        == ["Ell", "Ell", "Box", "Box"]
