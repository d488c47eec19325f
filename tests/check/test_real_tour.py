"""vconv check on VASSAL's own tutorial module (tests/data/real/tour.vmod): every finding is
pinned, and each is confirmed here by an independent reading of the archive."""

from __future__ import annotations

import io
import re
import zipfile
from collections import Counter
from pathlib import Path

import pytest
from lxml import etree
from PIL import Image

from converter.vassal.grid import ZoneGeometry

from tests.check.conftest import checked_once

TOUR = Path(__file__).resolve().parents[1] / "data" / "real" / "tour.vmod"
R = "VASSAL.build.module.map.boardPicker.board."


@pytest.fixture(scope="module")
def report():
    return checked_once(TOUR)


@pytest.fixture(scope="module")
def build() -> etree._Element:
    with zipfile.ZipFile(TOUR) as z:
        return etree.fromstring(z.read("buildFile"))


def test_pinned_findings(report) -> None:
    assert Counter((f.severity.value, f.code) for f in report.findings) == Counter({
        ("warning", "duplicate-region"): 1, ("warning", "missing-gpid"): 1,
        ("warning", "no-moduledata"): 1, ("info", "zone-off-board"): 1,
        ("info", "zone-overlap"): 1, ("info", "unused-image"): 1})
    assert report.exit_code() == 0 and report.exit_code(strict=True) == 1


def test_duplicate_region_is_real(report, build) -> None:
    names = [r.get("name") for r in build.iter(R + "Region")]
    twice = {n for n, c in Counter(names).items() if c > 1}
    assert twice == {"Ceylon"}
    (f,) = [f for f in report.findings if f.code == "duplicate-region"]
    assert "Region[Ceylon]" in f.where and "line 22" in f.message


def test_slots_without_gpid_are_counted(report, build) -> None:
    slots = [e for e in build.iter() if isinstance(e.tag, str)
             and e.tag.endswith(("widget.PieceSlot", "widget.CardSlot"))]
    without = [e for e in slots if not e.get("gpid")]
    (f,) = [f for f in report.findings if f.code == "missing-gpid"]
    assert len(without) == 21 and f"and {len(without) - 1} other slot" in f.message


def test_no_moduledata_is_real() -> None:
    assert "moduledata" not in zipfile.ZipFile(TOUR).namelist()


def _zones(build: etree._Element) -> list[tuple[str, list[tuple[int, int]]]]:
    out = []
    for zone in build.iter(R + "mapgrid.Zone"):
        points = [tuple(int(v) for v in p.split(",")) for p in zone.get("path").split(";")]
        out.append((zone.get("name"), points))
    return out


def test_zone_corner_off_the_board(report, build) -> None:
    with zipfile.ZipFile(TOUR) as z:
        size = Image.open(io.BytesIO(z.read("images/VIP-map2.png"))).size
    off = {name for name, pts in _zones(build)
           if any(not (0 <= x <= size[0] and 0 <= y <= size[1]) for x, y in pts)}
    assert off == {"Aleutian Islands"}
    (f,) = [f for f in report.findings if f.code == "zone-off-board"]
    assert "(1917, -1)" in f.message


def test_zone_overlaps_match_vassals_containment(report, build) -> None:
    """Pairs of zones with a board pixel whose 3x3 block lies in both, by VASSAL's own
    point-in-zone rule (java.awt.Polygon.contains) tried on every pixel they could share."""
    zones = [ZoneGeometry(name, tuple(pts)) for name, pts in _zones(build)]
    expected = set()
    for i, a in enumerate(zones):
        for b in zones[i + 1:]:
            x0 = max(min(p[0] for p in a.polygon), min(p[0] for p in b.polygon))
            x1 = min(max(p[0] for p in a.polygon), max(p[0] for p in b.polygon))
            y0 = max(min(p[1] for p in a.polygon), min(p[1] for p in b.polygon))
            y1 = min(max(p[1] for p in a.polygon), max(p[1] for p in b.polygon))
            inside = {(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)
                      if a.contains((x, y)) and b.contains((x, y))}
            if any(all((x + dx, y + dy) in inside for dx in (-1, 0, 1) for dy in (-1, 0, 1))
                   for x, y in inside):
                expected.add((b.name, a.name))
    found = {tuple(re.findall(r"zone '([^']+)'", f.message)) for f in report.findings
             if f.code == "zone-overlap"}
    assert found == expected == {("Japanese Islands", "Central Pacific")}


def test_unused_images_are_named_nowhere(report) -> None:
    with zipfile.ZipFile(TOUR) as z:
        text = z.read("buildFile").decode("utf-8")
        images = [n[len("images/"):] for n in z.namelist()
                  if n.startswith("images/") and not n.endswith("/")]
    unused = [n for n in images if n not in text and n.removesuffix(".gif") not in text]
    (f,) = [f for f in report.findings if f.code == "unused-image"]
    assert f.message.startswith(f"{len(unused)} image(s)")
    assert len(unused) == 46
