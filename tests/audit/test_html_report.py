"""The HTML report a referee opens: one self-contained page (no URL to fetch, the board
pictures embedded), every finding listed with a link to its step in the step list, and
(where Chromium is installed) a page that renders with its violation marks."""

from __future__ import annotations

import math
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from converter.audit.auditor import AuditResult, audit_files, audit_records
from converter.cli.audit import open_module
from converter.audit.module import AuditModule
from converter.audit.report import render_html
from converter.builder.module import BuiltModule
from converter.vassal.commands import read_record
from tests.audit.bundled_scripts import GAMES, violations_game
from tests.audit.conftest import MINI, ROOT

LOGS = ROOT / "tests" / "data" / "logs"


def _mini_violations() -> AuditResult:
    return audit_files([LOGS / "mini-violations.vlog"], MINI, module=open_module(MINI))


def _bundled_violations(slug: str, bundled: Callable[[str], tuple[BuiltModule, AuditModule]]
                        ) -> AuditResult:
    built, module = bundled(slug)
    s, _ = violations_game(GAMES[slug], built)
    return audit_records([(f"{slug}.vlog", read_record(s.record_text()))], module)


def _check_page(result: AuditResult, page: str) -> None:
    # self-contained: nothing to fetch, every reference inside the page or a data URI
    assert "http://" not in page and "https://" not in page and "//" not in re.sub(
        r"data:[^'\"]*|<script>.*?</script>", "", page, flags=re.S)
    for ref in re.findall(r"""\b(?:href|src)=['"]([^'"]*)['"]""", page):
        assert ref.startswith(("#", "data:image/")), ref
    assert re.search(r"<image [^>]*href='data:image/png;base64,[A-Za-z0-9+/=]{200}", page)
    ids = set(re.findall(r"\bid='([^']+)'", page))
    assert result.findings
    for n, f in enumerate(result.findings, 1):
        # the finding, numbered as on the map, with its message and a link to its step line
        block = re.search(r"<div class='finding [^']*'[^>]*><span class=num>" + str(n)
                          + r"</span>(.*?)</div></div>", page, flags=re.S)
        assert block is not None, f.line()
        anchor = re.search(r"href='#(s\d+-" + str(f.pos.step) + r")'", block.group(1))
        assert anchor is not None and anchor.group(1) in ids, f.line()
        assert _unescape(f.message) in _unescape(block.group(1))
        if f.points:
            assert "<text x=" in page and f">{n}</text></g>" in page  # its mark on the map


def _unescape(text: str) -> str:
    import html
    return html.unescape(text)


def test_mini_report_is_self_contained_and_links_each_finding() -> None:
    result = _mini_violations()
    page = render_html(result)
    _check_page(result, page)
    assert page == render_html(_mini_violations())  # deterministic


@pytest.mark.parametrize("slug", ["glorys-end", "pursuit-of-glory"])
def test_bundled_report_is_self_contained_and_links_each_finding(
        slug: str, bundled: Callable[[str], tuple[BuiltModule, AuditModule]]) -> None:
    result = _bundled_violations(slug, bundled)
    _check_page(result, render_html(result))


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (optional check)")
def test_report_renders_in_chromium(tmp_path: Path) -> None:
    """Rendered headless, the page shows the map with the numbered red violation marks."""
    from PIL import Image

    page = tmp_path / "report.html"
    page.write_text(render_html(_mini_violations()), encoding="utf-8")
    shot = tmp_path / "shot.png"
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    f"--user-data-dir={tmp_path / 'profile'}", "--hide-scrollbars",
                    "--window-size=1400,900", f"--screenshot={shot}", page.as_uri()],
                   check=False, capture_output=True, timeout=60)
    if not shot.is_file():
        pytest.skip("Chromium did not write a screenshot here")
    image = Image.open(shot).convert("RGB")
    assert image.size == (1400, 900)
    # the map pane (right of the finding list) shows the violation badges in red
    pane = image.crop((520, 60, 1400, 900))
    data = pane.tobytes()
    badge = sum(1 for i in range(0, len(data), 3)  # #c00 / #d00, the marks' red
                if 195 <= data[i] <= 225 and data[i + 1] < 25 and data[i + 2] < 25)
    assert badge > 100


def test_moves_off_the_boards_stay_in_view() -> None:
    """The VASSAL tour drags pieces beyond its board: every arrow lies inside the map view."""
    result = audit_files([ROOT / "tests" / "data" / "real" / "tour.vlog"],
                         ROOT / "tests" / "data" / "real" / "tour.vmod")
    page = render_html(result)
    views = {name: tuple(map(int, box)) for name, *box in re.findall(
        r"<h2>([^<]*)</h2><svg class=board [^>]*viewBox='(-?\d+) (-?\d+) (\d+) (\d+)'", page)}
    moves = [mv for fa in result.files for rec in fa.recorded for mv in rec.moves]
    assert len(moves) > 20
    for map_name, _, x1, y1, x2, y2, _, _ in moves:
        x0, y0, w, h = views[map_name]
        for x, y in ((x1, y1), (x2, y2)):
            assert x0 <= x <= x0 + w and y0 <= y <= y0 + h


def test_a_long_log_s_steps_are_read_once_for_the_report(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """The Longest Day's log (10 maps, 900-odd steps): the replay read every step's
    commands twice, the second time only for the stacks a step adds without a map (an
    at-start stack's pieces), and the HTML report read every step's moves once per map.
    Now the stacks are read only in a step that adds a piece without a map, and the moves
    once in all."""
    from converter.audit.auditor import StepRecord
    from converter.audit.replay import Replay, _logged
    from converter.vassal import commands as cmd
    from converter.vassal.savefile import read_game

    real = ROOT / "tests" / "data" / "real" / "longest-day"
    noted: list[int] = []
    note_stacks = Replay._note_stacks

    def counted(self: Replay, *args: object) -> None:
        noted.append(self._step)
        note_stacks(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Replay, "_note_stacks", counted)
    result = audit_files([real / "0606-1.log"], real / "TheLongestDay-noimages.vmod")
    _save, record = read_game(real / "0606-1.log")
    adding = {n for n, step in enumerate(record.steps, start=1)
              if any(type(c) is cmd.AddPiece for c in _logged(step))}
    assert result.files[0].steps > 900 and len(adding) < 300
    assert noted and set(noted) <= adding | {0} and len(noted) == len(set(noted))

    reads: list[int] = []
    moves = StepRecord.moves

    def read(self: StepRecord) -> list[tuple[str, str, int, int, int, int, str]]:
        reads.append(self.step)
        return moves.fget(self)  # type: ignore[attr-defined, no-any-return]

    monkeypatch.setattr(StepRecord, "moves", property(read))
    page = render_html(result)
    recorded = [rec.step for rec in result.files[0].recorded]
    assert len(result.module.maps) == 10 and "<g class=mv data-step=" in page
    assert sorted(reads) == sorted(recorded)


def test_a_violation_s_hex_is_outlined_by_its_own_edges(tmp_path: Path) -> None:
    """Tour's stacking violation in J5: the ring round the point had run across 'J5', the
    name the map prints at the top of the hex (a ring round the whole hex would cross the
    name printed at the top of J6 below it); the mark is J5's own hexagon, its six corners
    those of the grid's hex, and the finding's numbered badge sits off the hex's middle."""
    from converter.cli import main

    tour = ROOT / "tests" / "data" / "real" / "tour.vmod"
    report = tmp_path / "report.html"
    code = main(["audit", str(ROOT / "tests" / "data" / "real" / "tour-vassal36.vlog"),
                 "--module", str(tour), "--game", str(ROOT / "tests" / "data" / "games" / "tour-skirmish"),
                 "--mapping", str(tmp_path / "mapping.json"), "--format", "html", "-o", str(report)])
    assert code == 1
    page = report.read_text(encoding="utf-8")
    marks = re.findall(r"<(\w+) ([^>]*)class=bad data-step='9'", page)
    assert [kind for kind, _ in marks] == ["polygon"], marks
    corners = [tuple(map(float, p.split(","))) for p in
               re.search(r"points='([^']+)'", marks[0][1]).group(1).split()]  # type: ignore[union-attr]
    cx, cy = 506, 322  # J5's centre, where 1ME and the Tiger stand
    expected = {(round(cx + a, 1), round(cy + b, 1)) for a, b in
                [(37.5, 0), (18.75, 32.25), (-18.75, 32.25), (-37.5, 0), (-18.75, -32.25), (18.75, -32.25)]}
    assert set(corners) == expected  # dx 56.25 between columns, a hex 75 across and 64.5 high
    badge = re.search(r"<g class=badge data-step='9'.*?<circle cx='([\d.]+)' cy='([\d.]+)' r='([\d.]+)'",
                      page, flags=re.S)
    assert badge is not None
    bx, by, br = map(float, badge.groups())
    assert math.hypot(bx - cx, by - cy) - br >= 0.5 * 32.25  # the hex's middle stays clear


def test_an_area_map_s_place_is_outlined_round_the_box_drawn_for_it() -> None:
    """The First World War's fronts are regions, points in the middle of their names: the
    ring round the point ran across 'Fronte 5 (Trentino)'.  Each violation's place is now
    outlined just outside the box the schematic draws for it (a front's frame round its
    bases when the front is a parent), and its number sits on the outline's top right
    corner, off every name the box holds."""
    from PIL import Image, ImageDraw

    from converter.render.maps import space_image_size, space_plan

    folder = ROOT / "modules" / "the-first-world-war"
    result = audit_files([ROOT / "tests" / "data" / "vlogs" / "the-first-world-war" / "violations.vlog"],
                         folder, module=open_module(folder))
    page = render_html(result)
    game = result.module.game
    assert game is not None
    board = game.board("europa")
    assert board is not None
    plan = space_plan(board, space_image_size(board), language=game.language)
    scratch = ImageDraw.Draw(Image.new("L", (1, 1)))
    geo = result.module.maps[next(n for n in result.module.maps if "Europa" in n)]
    (ox, oy, _), = geo.placed  # the board's corner on its map
    where = {f.pos.step: f.message for f in result.findings}
    seen = set()
    for space in ("paris", "front-5", "front-6"):
        step = next(s for s, m in where.items() if f"({space})" in m)
        marks = re.findall(r"<(\w+) ([^>]*)class=bad data-step='" + str(step) + "'", page)
        assert [kind for kind, _ in marks] == ["polygon"], (space, marks)
        corners = [tuple(map(float, p.split(","))) for p in
                   re.search(r"points='([^']+)'", marks[0][1]).group(1).split()]  # type: ignore[union-attr]
        xs, ys = {x - ox for x, _ in corners}, {y - oy for _, y in corners}
        left, top, right, bottom = min(xs), min(ys), max(xs), max(ys)
        assert len(corners) == 4 and len(xs) == len(ys) == 2  # a rectangle
        x0, y0, x1, y1 = plan.frames.get(space) or plan.boxes[space]
        # just outside the drawn box: round it, by less than a stroke or two
        assert 0 < x0 - left < 12 and 0 < y0 - top < 12 and 0 < right - x1 < 12 and 0 < bottom - y1 < 12
        badge = re.search(r"<g class=badge data-step='" + str(step) + r"'.*?<circle cx='([\d.]+)' "
                          r"cy='([\d.]+)' r='([\d.]+)'", page, flags=re.S)
        assert badge is not None
        bx, by, br = map(float, badge.groups())
        bx, by = bx - ox, by - oy
        assert (bx, by) == (right, top)
        for block in plan.labels[space]:  # the place's name stays clear of the number
            nx0, ny0, nx1, ny1 = block.bbox(scratch)
            assert nx0 > left and nx1 < right and ny0 > top and ny1 < bottom
            near = (min(max(bx, nx0), nx1), min(max(by, ny0), ny1))  # the name's nearest point
            assert math.dist(near, (bx, by)) > br
        seen.add(space)
    assert seen == {"paris", "front-5", "front-6"}
