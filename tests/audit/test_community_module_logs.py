"""Games VASSAL wrote (vlog-maker) on community modules, judged by the module's own import:
each false finding a referee met there, reproduced on a small module written by the test
(the community modules state no licence, so their logs stay out of the repository)."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.cli import main
from tests.check.conftest import BUILDFILE, SCENARIO, _save, write_module

ESC = "\x1b"
SPECIAL = (
    '<VASSAL.build.module.SpecialDiceButton format="** $name$ = [$result1$] *** '
    '&lt;$PlayerName$&gt;" name="Occupied" text="Occupied" resultChatter="true">'
    '<VASSAL.build.module.SpecialDie format="$result$" name="Occupied">'
    '<VASSAL.build.module.SpecialDieFace icon="" text="Minus one" value="1"/>'
    '<VASSAL.build.module.SpecialDieFace icon="" text="Nothing" value="2"/>'
    '<VASSAL.build.module.SpecialDieFace icon="" text="Capture" value="3"/>'
    '</VASSAL.build.module.SpecialDie></VASSAL.build.module.SpecialDiceButton>'
    '<VASSAL.build.module.DiceButton name="1d6" nDice="1" nSides="6" plus="0" '
    'reportFormat="** $name$ = $result$ *** &lt;$PlayerName$&gt;"/>')


def _log(*chat: str) -> bytes:
    """A log of the scenario's position, then one step per chat line."""
    steps = "".join(ESC + "LOG\tCHAT" + line for line in chat)
    return _save(SCENARIO + steps)


@pytest.mark.parametrize("judge", ["--game", "folder"])
def test_special_dice_faces_shown_as_the_button_formats_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], judge: str) -> None:
    """zxvt's 'Occupied' button reports '*** Occupied = [Minus one] *** <Red>': its format
    wraps the face in brackets and the face's name holds a space.  Judged by the module's
    import, every such roll was 'impossible for this die'; with `--game` the module's plain
    1d6 button was never judged at all (known only as a button of the module)."""
    text = BUILDFILE.replace('<VASSAL.build.module.PredefinedSetup', SPECIAL +
                             '<VASSAL.build.module.PredefinedSetup', 1)
    module = write_module(tmp_path / "dice.vmod", text)
    game = tmp_path / "game"
    assert main(["import", str(module), "-o", str(game), "-q"]) == 0
    log = tmp_path / "dice.vlog"
    log.write_bytes(_log("*** Occupied = [Minus one] *** <Red>",
                         "*** Occupied = [Capture] *** <Red>",
                         "*** 1d6 = 4 *** <Red>",
                         "*** Occupied = [Double] *** <Red>",
                         "*** 1d6 = 7 *** <Red>"))
    capsys.readouterr()
    args = ["--module", str(module), "--game", str(game), "--mapping",
            str(tmp_path / "m.json")] if judge == "--game" else ["--module", str(game)]
    code = main(["audit", str(log), *args])
    out, err = capsys.readouterr()
    assert code == 1 and err == "", err
    found = [line for line in out.splitlines() if ": violation: " in line]
    assert len(found) == 2, out  # the face no die has, the 7 no d6 shows
    assert "Occupied roll '[Double]' is impossible" in found[0]
    assert "1d6 roll '7' is impossible" in found[1]
    assert "dice: occupied, 1d6 (5 judged)" in out


NAMELESS = "+/null/piece;;;front.png;/" + "\t" + "null;0;0;{gpid};0"  # a mat, a locale marker


def _stacks_module(tmp_path: Path) -> Path:
    """The test module with two more at-start stacks: a piece without a name, and a piece
    named like the palette's 1st Bn but drawn otherwise; no predefined setup."""
    import re

    from tests.check.conftest import UNIT

    twin = UNIT.format(gpid=4).replace("front.png,back.png", "back.png,front.png")
    stacks = "".join(
        f'<VASSAL.build.module.map.SetupStack name="{name}" owningBoard="Main" '
        f'useGridLocation="false" x="{x}" y="125"><VASSAL.build.widget.PieceSlot '
        f'entryName="{name}" gpid="{gpid}" width="64" height="64">{body}'
        '</VASSAL.build.widget.PieceSlot></VASSAL.build.module.map.SetupStack>'
        for name, x, gpid, body in (("Lord Mat", 75, 5, NAMELESS.format(gpid=5)),
                                    ("Twin", 275, 4, twin)))
    text = BUILDFILE.replace("</VASSAL.build.module.folder.MapSubFolder>",
                             stacks + "</VASSAL.build.module.folder.MapSubFolder>", 1)
    text = re.sub(r"<VASSAL.build.module.PredefinedSetup [^>]*/>", "", text)
    return write_module(tmp_path / "stacks.vmod", text, files={})


def test_a_log_on_the_real_module_judged_by_its_import_folder_knows_its_pieces(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Nevsky's new game restores 171 at-start stacks: locale markers and lord mats without
    a name of their own, mats that share a name.  Judged with the import folder as
    `--module`, such pieces were told by their names only, so 134 of them were 'missing at
    the start' and the counter mix judged 37 of 257; the folder now ties them by their slots,
    as `--module THE.vmod --game FOLDER` does: the same findings either way."""
    from tests.check.conftest import UNIT

    module = _stacks_module(tmp_path)
    game = tmp_path / "game"
    assert main(["import", str(module), "-o", str(game), "-q"]) == 0
    capsys.readouterr()

    def piece(pid: int, body: str, where: str) -> str:
        return "+/" + str(pid) + "/" + body[len("+/null/"):].replace("null;0;0;", where)

    twin = UNIT.format(gpid=4).replace("front.png,back.png", "back.png,front.png")
    text = ("begin_save" + ESC + piece(100, UNIT.format(gpid=2), "Main Map;75;125;")
            + ESC + piece(101, NAMELESS.format(gpid=5), "Main Map;75;125;")
            + ESC + piece(102, twin, "Main Map;275;125;")
            + ESC + "Main MapBoardPicker\tMain\t0\t0" + ESC + "end_save"
            + ESC + "LOG\t" + piece(103, UNIT.format(gpid=1), "Main Map;125;175;")
            + ESC + "LOG\tM/102/Main Map/325/175/null/Main Map/275/125/null")
    log = tmp_path / "game.vlog"
    log.write_bytes(_save(text))
    outs = []
    for args in (["--module", str(game)],
                 ["--module", str(module), "--game", str(game), "--mapping",
                  str(tmp_path / "m.json")]):
        code = main(["audit", str(log), *args])
        out, err = capsys.readouterr()
        assert err == "" and code == 0, out
        assert "findings: 0 violation(s), 0 warning(s)" in out, out
        assert "setup: scenario vassal-setup (3 judged)" in out, out
        outs.append(out.split("findings:")[1])
    assert outs[0] == outs[1]


ZONE = ('<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone locationFormat="$gridLocation$" '
        'name="{name}" path="{path}" useParentGrid="false">'
        '<VASSAL.build.module.map.boardPicker.board.RegionGrid snapto="true" visible="false">'
        '<VASSAL.build.module.map.boardPicker.board.Region name="{region}" originx="{x}" '
        'originy="{y}"/></VASSAL.build.module.map.boardPicker.board.RegionGrid>'
        '</VASSAL.build.module.map.boardPicker.board.mapgrid.Zone>')


def test_a_piece_on_its_at_start_region_s_point_inside_an_earlier_zone_is_in_place(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Paths of Glory's 'AP Action 6' stack stands on the point of region Action_AP_6,
    which lies inside the Europe zone as well: VASSAL names the point by the first zone
    that holds it, so by Europe's nearest region, Naples.  A new game, judged by the
    module's import, read 'Allied Powers Action 6 starts at Naples (naples); scenario places
    it at action_ap_6'; a piece on its region's very point is now in that region."""
    import re

    zones = (ZONE.format(name="Europe", path="0,0;300,0;300,400;0,400", region="Naples",
                         x=100, y=100)
             + ZONE.format(name="Boxes", path="250,0;400,0;400,400;250,400",
                           region="Box 6", x=280, y=200))
    text = re.sub(r"<VASSAL.build.module.map.boardPicker.board.ZonedGrid>.*?"
                  r"</VASSAL.build.module.map.boardPicker.board.ZonedGrid>",
                  "<VASSAL.build.module.map.boardPicker.board.ZonedGrid>" + zones
                  + "</VASSAL.build.module.map.boardPicker.board.ZonedGrid>", BUILDFILE,
                  flags=re.S)
    text = text.replace('useGridLocation="true" location="1,2" x="0" y="0"',
                        'useGridLocation="true" location="Box 6" x="0" y="0"')
    text = re.sub(r"<VASSAL.build.module.PredefinedSetup [^>]*/>", "", text)
    module = write_module(tmp_path / "boxes.vmod", text, files={})
    game = tmp_path / "game"
    assert main(["import", str(module), "-o", str(game), "-q"]) == 0
    log = tmp_path / "new.vsav"
    log.write_bytes(_save(SCENARIO.replace("Main Map;75;125;", "Main Map;280;200;")))
    capsys.readouterr()
    for place, found in (("Main Map;280;200;", 0), ("Main Map;100;100;", 1)):
        log.write_bytes(_save(SCENARIO.replace("Main Map;75;125;", place)))
        code = main(["audit", str(log), "--module", str(game)])
        out, err = capsys.readouterr()
        assert err == "" and code == found, out
        assert f"findings: {found} violation(s)" in out
    # (the piece put in Naples itself is out of place: the region's point, not the zone)
    assert "1st Bn starts at Naples (naples); scenario 'At start (VASSAL set-up stacks)' " \
        "places it at box-6" in out


def test_a_special_die_reported_in_pictures_is_read_from_the_faces_it_shows(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Nevsky, Almoravid, For the People and Paths of Glory report a special die in HTML
    ('* Black Die = <img src="d6-black-05.png"> (5 rolled by Alice)'): no roll showed in the
    step list and none was judged.  The button's own SHOW_RESULTS command names the faces
    rolled (0-based), so the roll is now read from it, whatever the chat says."""
    html_die = SPECIAL.replace(
        'format="** $name$ = [$result1$] *** &lt;$PlayerName$&gt;"',
        'format="* $name$ = &lt;img src=&quot;d6-$result1$.png&quot;&gt; (rolled)"')
    text = BUILDFILE.replace('<VASSAL.build.module.PredefinedSetup', html_die +
                             '<VASSAL.build.module.PredefinedSetup', 1)
    module = write_module(tmp_path / "dice.vmod", text)
    game = tmp_path / "game"
    assert main(["import", str(module), "-o", str(game), "-q"]) == 0
    rolls = ["SHOW_RESULTS\tOccupied\t2" + ESC + "CHAT* Occupied = <img src=\"d6-3.png\"> "
             "(rolled)", "SHOW_RESULTS\tOccupied\t0" + ESC + "CHAT* Occupied = <img "
             "src=\"d6-1.png\"> (rolled)"]
    log = tmp_path / "dice.vlog"
    log.write_bytes(_save(SCENARIO + "".join(ESC + "LOG\t" + roll.replace(ESC, ESC + "LOG\t")
                                             for roll in rolls)))
    capsys.readouterr()
    page = tmp_path / "report.html"
    assert main(["audit", str(log), "--module", str(game), "--format", "html",
                 "-o", str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    assert "roll Occupied = Capture" in text and "roll Occupied = Minus one" in text
    capsys.readouterr()
    assert main(["audit", str(log), "--module", str(game)]) == 0
    assert "dice: occupied, 1d6 (2 judged)" in capsys.readouterr().out


def test_a_turn_tracker_of_one_counter_says_the_turn_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """For the People's and Paths of Glory's trackers count turns alone: the step list read
    'turn 2: 2' (the turn, then the tracker's own text, the same number)."""
    from tests.audit.test_imported_real_modules import TRACKER

    text = BUILDFILE.replace('<VASSAL.build.module.PredefinedSetup name="Scenario"', TRACKER, 1)
    module = write_module(tmp_path / "turns.vmod", text)
    game = tmp_path / "game"
    assert main(["import", str(module), "-o", str(game), "-q"]) == 0
    log = tmp_path / "turns.vlog"
    log.write_bytes(_save(SCENARIO + ESC + "LOG\tTURNTurnTracker0\t0|2;0;false;10"
                          + ESC + "LOG\tTURNTurnTracker0\t0|3;0;false;10"))
    page = tmp_path / "report.html"
    capsys.readouterr()
    assert main(["audit", str(log), "--module", str(game), "--format", "html",
                 "-o", str(page)]) == 0
    shown = page.read_text(encoding="utf-8")
    assert "turn 2<" in shown and "turn 3<" in shown, shown
    assert "turn 2: 2" not in shown and "turn 3: 3" not in shown
