"""A piece moved to another map (Paths of Glory's BEF sent to the AP Forces map, and back to
Calais) drew nothing on any map of the HTML report, and a map only pieces arrived on or left
was not shown at all: the referee clicking the step saw no mark.  Each end is now drawn on
its own map: a dashed ring where the piece left, a dashed arrow into where it arrived."""

from __future__ import annotations

import re
from pathlib import Path

from converter.cli import main

REAL = Path(__file__).resolve().parents[1] / "data" / "real" / "paths-of-glory"


def _maps(page: str) -> dict[str, str]:
    """Each map section of the report by its name."""
    return dict(re.findall(r"<div class=map><h2>([^<]*)</h2>(.*?)</svg></div>", page, re.S))


def test_a_move_between_maps_is_marked_where_it_left_and_where_it_arrived(
        tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    code = main(["audit", str(REAL / "pog-vlogmaker.vlog"), "--module",
                 str(REAL / "PathsOfGlory-10.8-noimages.vmod"), "--format", "html",
                 "-o", str(page)])
    maps = _maps(page.read_text(encoding="utf-8"))
    assert code == 0 and {"Map", "AP Forces", "Permanently Eliminated"} <= set(maps)
    forces = maps["AP Forces"]
    arrived = re.search(r"<g class=mv data-step='6'[^>]*><title>#6 \(BEFc\): RB_BRBEF\(c\) "
                        r"\[Map\] → AP Forces \[AP Forces\]</title>(.*?)</g>", forces)
    left = re.search(r"<g class=mv data-step='7'[^>]*><title>#7 \(BEFc\): AP Forces "
                     r"\[AP Forces\] → Calais \[Map\]</title>(.*?)</g>", forces)
    assert arrived and "<line stroke-dasharray=" in arrived[1] and "<path" in arrived[1]
    assert left and re.fullmatch(r"<circle [^>]*fill='none'[^>]*stroke-dasharray=[^>]*/>",
                                 left[1])
    # the arrow ends where the piece stands on the AP Forces map, the ring is where it left
    head = re.search(r"d='M(\d+),(\d+) ", arrived[1])
    ring = re.search(r"cx='(\d+)' cy='(\d+)'", left[1])
    assert head and ring and head.groups() == ring.groups()
    # the same move's other ends, on the main map: step 6 left it, step 7 arrived on it
    assert "data-step='6'" in maps["Map"] and "data-step='7'" in maps["Map"]
    assert "data-step='9'" in maps["Permanently Eliminated"]
