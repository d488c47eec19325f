"""A zone's bounds test (`ZoneArea.contains`) names the same points as the even-odd walk
over its edges alone: a board names every point by the first zone holding it, so a zone
that lost a point at its edge would rename a piece's place in the report."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from converter.audit.module import ZoneArea


def walked(polygon: tuple[tuple[int, int], ...], x: float, y: float) -> bool:
    """java.awt.Polygon's even-odd rule, every edge tried (what VASSAL asks of a zone)."""
    inside = False
    j = len(polygon) - 1
    for i in range(len(polygon)):
        (xi, yi), (xj, yj) = polygon[i], polygon[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


corner = st.tuples(st.integers(-50, 50), st.integers(-50, 50))
coordinate = st.one_of(st.integers(-60, 60), st.floats(-60, 60, allow_nan=False))


@settings(max_examples=600, deadline=None)
@given(st.lists(corner, max_size=8).map(tuple), coordinate, coordinate)
@example(((0, 0), (10, 0), (10, 10), (0, 10)), 0, 0)       # a corner: inside
@example(((0, 0), (10, 0), (10, 10), (0, 10)), 10, 5)      # the right edge: outside
@example(((0, 0), (10, 0), (10, 10), (0, 10)), 5, 10)      # the bottom edge: outside
@example(((0, 0), (10, 0), (10, 10), (0, 10)), 9.999, 9.999)
@example(((0, 0), (10, 0), (10, 10), (0, 10)), -0.001, 5)
@example(((3, 0), (0, 7), (9, 7)), 3, 0)
@example((), 0, 0)
def test_bounds_name_the_points_the_walk_names(polygon: tuple[tuple[int, int], ...],
                                               x: float, y: float) -> None:
    zone = ZoneArea("z", polygon, "$name$")
    assert zone.contains(x, y) == walked(polygon, x, y)


def test_a_point_inside_is_named_by_the_zone_and_one_outside_is_not() -> None:
    zone = ZoneArea("Lake", ((100, 100), (300, 120), (250, 400)), "$name$")
    assert zone.contains(220, 200)
    assert not zone.contains(90, 200)    # left of every corner
    assert not zone.contains(150, 350)   # inside the bounds, outside the triangle
    assert not zone.contains(220, 400)   # on the bottom row: outside, as in VASSAL
