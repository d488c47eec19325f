"""Hex numbering in the game's own scheme: ids, neighbours, drawing positions."""

from __future__ import annotations

import math

import pytest

from converter.model.hexgrid import Axis, HexGridSpec, Stagger


def grid(orientation="flat", first="column", cols=("east", 1, 10), rows=("south", 1, 10), lines="even", toward="lower"):
    return HexGridSpec(orientation, first, 2, Axis(cols[1], cols[2], cols[0]), Axis(rows[1], rows[2], rows[0]),
                   Stagger(lines, toward))


def test_wef_scheme_column_first_even_columns_touch_lower_rows() -> None:
    # WEF: first pair = column W→E, second = row N→S; 1820 is adjacent to 1919 and 1920 (digest 4B.1)
    g = grid(cols=("east", 10, 42), rows=("south", 10, 40))
    assert g.parse("1820") == (18, 20)
    assert {"1919", "1920"} <= set(g.neighbours("1820"))
    assert "1921" not in g.neighbours("1820")
    assert "1820" in g.neighbours("1919") and "1820" in g.neighbours("1920")
    # 2317 retreats to 2217/2218; 2628 is adjacent to 2528
    assert {"2217", "2218"} <= set(g.neighbours("2317"))
    assert "2528" in g.neighbours("2628")


def test_ge_scheme_row_first_descending_columns() -> None:
    # GE: first pair = row N→S, second pair grows E→W; even rows touch second-1 and second
    g = grid(orientation="pointy", first="row", cols=("west", 10, 45), rows=("south", 10, 41))
    assert g.parse("1226") == (26, 12)
    assert g.format(26, 12) == "1226"
    assert {"1919", "1920"} <= set(g.neighbours("1820"))
    assert {"3720", "3721"} <= set(g.neighbours("3621")) or "3720" in g.neighbours("3621")
    # columns grow westward, so a higher second pair is drawn further left
    x_east, _ = g.center("2013", 10)
    x_west, _ = g.center("2044", 10)
    assert x_west < x_east


def test_neighbours_are_symmetric_and_six_inside() -> None:
    for g in (grid(), grid(lines="odd", toward="higher"), grid(orientation="pointy"),
              grid(orientation="pointy", first="row", cols=("west", 1, 10), rows=("north", 1, 10))):
        for hid in g.all_ids():
            ns = g.neighbours(hid)
            assert len(ns) == len(set(ns)) <= 6
            for n in ns:
                assert hid in g.neighbours(n), (hid, n)
        assert len(g.neighbours("0505")) == 6


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_neighbours_are_one_hex_apart_on_the_drawing(orientation) -> None:
    for cols, rows in ((("east", 1, 8), ("south", 1, 8)), (("west", 1, 8), ("north", 1, 8))):
        for lines in ("even", "odd"):
            for toward in ("lower", "higher"):
                g = grid(orientation, cols=cols, rows=rows, lines=lines, toward=toward)
                size = 10.0
                flat_to_flat = size * math.sqrt(3) / 2
                w, h = g.drawing_size(size)
                for hid in g.all_ids():
                    x, y = g.center(hid, size)
                    assert 0 < x < w and 0 < y < h
                    for n in g.neighbours(hid):
                        nx, ny = g.center(n, size)
                        assert math.isclose(math.dist((x, y), (nx, ny)), flat_to_flat, rel_tol=1e-9)


def test_contains_rejects_malformed_and_outside_ids() -> None:
    g = grid()
    assert g.contains("0101") and g.contains("1010")
    assert not g.contains("1011") and not g.contains("0001")
    assert not g.contains("01A1") and not g.contains("101") and not g.contains("01010")
