"""Games played on real modules, judged by what `vconv import` makes of the module: a turn
tracker that counts on without a last turn (Kassala's CounterTurnLevel: import gives a first
turn and no count, and the audit and the build crashed with IndexError), and a map whose
alternative boards each have their own at-start stacks (Blood Bowl's pitches)."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.cli import main
from tests.check.conftest import BUILDFILE, SCENARIO, _save, write_module
from tests.conftest import imported_once

TRACKER = ('<VASSAL.build.module.turn.TurnTracker name="Turn" buttonText="Turn">'
           '<VASSAL.build.module.turn.CounterTurnLevel incr="1" loop="false" loopLimit="10" '
           'start="1" turnFormat="$value$"/></VASSAL.build.module.turn.TurnTracker>'
           '<VASSAL.build.module.PredefinedSetup name="Scenario"')


def test_a_game_with_an_open_ended_turn_track_is_audited(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    module = write_module(tmp_path / "open.vmod",
                          BUILDFILE.replace('<VASSAL.build.module.PredefinedSetup name="Scenario"',
                                            TRACKER, 1))
    game = tmp_path / "game"
    assert main(["import", str(module), "-o", str(game), "-q"]) == 0
    assert '"first": 1' in (game / "game.json").read_text(encoding="utf-8")
    assert '"count"' not in (game / "game.json").read_text(encoding="utf-8")
    save = tmp_path / "start.vsav"
    save.write_bytes(_save(SCENARIO))
    capsys.readouterr()
    code = main(["audit", str(save), "--module", str(module), "--game", str(game),
                 "--mapping", str(tmp_path / "m.json")])
    out, err = capsys.readouterr()
    assert err == "" and code == 0, err
    assert "setup: scenario" in out and "judged" in out


def test_a_game_with_an_open_ended_turn_track_is_built(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The same turns written by hand (a first turn, no count): `vconv build` crashed too."""
    import json
    import shutil
    import zipfile

    game = tmp_path / "mini"
    shutil.copytree(Path(__file__).parents[1] / "data" / "games" / "mini", game)
    doc = json.loads((game / "game.json").read_text(encoding="utf-8"))
    doc["turns"] = {"first": 2}
    (game / "game.json").write_text(json.dumps(doc), encoding="utf-8")
    assert main(["validate", str(game)]) == 0
    assert main(["build", str(game), "-o", str(tmp_path / "out")]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    with zipfile.ZipFile(tmp_path / "out" / "mini.vmod") as archive:
        text = archive.read("buildFile.xml").decode("utf-8")
    assert 'CounterTurnLevel' in text and 'start="2"' in text


ALT_BOARD = ('</VASSAL.build.module.map.boardPicker.Board>'
             '<VASSAL.build.module.map.boardPicker.Board name="Alt" width="400" height="400" '
             'reversible="false"/>')
ALT_STACK = ('<VASSAL.build.module.map.SetupStack name="Far" owningBoard="Alt" '
             'useGridLocation="false" x="50" y="50"><VASSAL.build.widget.PieceSlot '
             'entryName="1st Bn" gpid="4" width="64" height="64">{slot}'
             '</VASSAL.build.widget.PieceSlot></VASSAL.build.module.map.SetupStack>'
             '</VASSAL.build.module.folder.MapSubFolder>')


def test_at_start_stacks_of_a_board_the_game_did_not_choose_are_not_expected(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Blood Bowl's pitch map offers Grass Pitch, StreetBowl and Sevens, each with its own
    at-start stacks; VASSAL places only those of the chosen board. A game on Sevens was told
    of 41 pieces 'missing at the start' or 'placed at' the other pitches' boxes."""
    from tests.check.conftest import UNIT

    text = BUILDFILE.replace("</VASSAL.build.module.map.boardPicker.Board>", ALT_BOARD, 1) \
        .replace("</VASSAL.build.module.folder.MapSubFolder>",
                 ALT_STACK.format(slot=UNIT.format(gpid=4)), 1)
    module = write_module(tmp_path / "alt.vmod", text)
    game = tmp_path / "game"
    assert main(["import", str(module), "-o", str(game), "-q"]) == 0
    assert '"board": "alt"' in (game / "scenarios.json").read_text(encoding="utf-8")
    save = tmp_path / "main-only.vsav"  # the game lays board Main only
    save.write_bytes(_save(SCENARIO))
    capsys.readouterr()
    code = main(["audit", str(save), "--module", str(module), "--game", str(game),
                 "--mapping", str(tmp_path / "m.json")])
    out, err = capsys.readouterr()
    assert err == "" and code == 0, out
    assert "findings: 0 violation(s)" in out and "missing at the start" not in out
    assert "setup: scenario vassal-setup (1 judged)" in out


def test_identical_slots_are_tied_to_the_piece_import_made_of_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Paths of Glory holds 'CP Trench' in its palette and in 22 at-start stacks (one
    definition, which import keeps as one piece), and a variant of it: the proposed mapping
    tied only the slots whose provenance import names, and left the 21 others null."""
    import json

    from tests.check.conftest import UNIT

    variant = UNIT.format(gpid=5).replace("front.png,back.png", "front.png,front.png")
    text = BUILDFILE.replace(
        "</VASSAL.build.widget.ListWidget>",
        '</VASSAL.build.widget.ListWidget><VASSAL.build.widget.ListWidget entryName="Variants">'
        f'<VASSAL.build.widget.PieceSlot entryName="1st Bn" gpid="5" width="64" height="64">'
        f'{variant}</VASSAL.build.widget.PieceSlot></VASSAL.build.widget.ListWidget>', 1)
    module = write_module(tmp_path / "twins.vmod", text)
    game = tmp_path / "game"
    assert main(["import", str(module), "-o", str(game), "-q"]) == 0
    mapping = tmp_path / "m.json"
    capsys.readouterr()
    assert main(["audit", "--module", str(module), "--game", str(game), "--mapping",
                 str(mapping), "--propose-mapping"]) == 0
    pieces = json.loads(mapping.read_text(encoding="utf-8"))["pieces"]
    stack_key = next(k for k in pieces if "SetupStack[Reserve]" in k)
    palette_key = next(k for k in pieces if k.endswith("ListWidget[Units]/PieceSlot[1st Bn]"))
    variant_key = next(k for k in pieces if "ListWidget[Variants]" in k)
    assert pieces[palette_key] == "1st-bn" and pieces[variant_key] == "1st-bn-2"
    assert pieces[stack_key] == "1st-bn"  # (was null)



def test_a_vassal_log_across_boards_and_maps_names_each_place_as_vassal_does() -> None:
    """tests/data/real/tour-two-boards.vlog was written by the VASSAL 3.6 engine (vlog-maker,
    script tour-two-boards.json) on tour.vmod with the SL hex board and the VIP area board
    side by side on the Main Map: moves from one board to the other, to the Force Pool map
    and back, off the boards and on again.  Judged by tour's own import (`--game`), the
    step list names every point VASSAL's move reports name, as they name it, and the
    Force Pool's gridless board, which VASSAL calls 'offboard', by its space and pixels."""
    import re

    from converter.audit.auditor import audit_files
    from converter.audit.mapping import attach, load_rules_game
    from converter.cli.audit import open_module
    from converter.vassal import commands as cmd
    from converter.vassal.savefile import read_game
    from tests.audit.conftest import REAL

    game = imported_once(REAL / "tour.vmod", "tour")
    module = open_module(REAL / "tour.vmod")
    attach(module, load_rules_game(game))
    log = REAL / "tour-two-boards.vlog"
    result = audit_files([log], REAL / "tour.vmod", module=module)
    [played] = result.files
    assert played.problems == [] and played.steps == 11 and result.violations == []
    lines = {rec.step: rec.text for rec in played.recorded}

    def names(label: str, vassal: str) -> bool:
        """Whether the step list's *label* shows VASSAL's location name *vassal*."""
        if vassal == "offboard":  # past the boards, or a point of a board without a grid
            return label == "off the boards of Main Map" or \
                re.fullmatch(r"\S+ at \(\d+,\d+\)", label) is not None
        return label.endswith(f"({vassal})") or label.startswith(f"{vassal} (")

    _save, record = read_game(log)
    reported = 0
    for number, step in enumerate(record.steps, start=1):
        for c in step.logged():
            said = re.fullmatch(r"\* (.+) moves (.+) -> (.+) \*", c.text) \
                if isinstance(c, cmd.Chat) else None
            if said is None:
                continue
            piece, origin, destination = said.groups()
            [line] = [t for t in lines[number] if t.startswith(f"{piece}: ")]
            shown_origin, shown_destination = line[len(piece) + 2:].split(" → ")
            assert names(shown_origin, origin) and names(shown_destination, destination), \
                (line, said.group(0))
            reported += 1
    # 1ME: G7 -> H6 -> Japan -> Okinawa -> J5 -> offboard -> Attu; the Tiger: offboard -> P3
    assert reported == 7
    assert lines[7] == ["Jagd Pz Tiger CA = 4: Turn 3 Returns (turn-3-returns) → "
                        "board-1 at (200,150)"]
    assert lines[8] == ["Jagd Pz Tiger CA = 4: board-1 at (200,150) → hex 1603 (P3)"]


def test_a_vassal_log_on_bushido_is_clean_against_the_module_s_own_import(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """tests/data/real/bushido/bushido-vlogmaker.vlog, written by the VASSAL 3.6 engine
    (vlog-maker) on Bushido, restores the module's 49 at-start stacks: judged by the
    module's own import they gave 8 false violations (a zone named as its board, a stack
    on its board's right edge); now none, and the step list names the zones the pieces
    were put in."""
    from tests.audit.conftest import REAL

    module = REAL / "bushido" / "Bushido-RisenSun-0.0-noimages.vmod"
    game = imported_once(module, "bushido")
    capsys.readouterr()
    page = tmp_path / "report.html"
    code = main(["audit", str(REAL / "bushido" / "bushido-vlogmaker.vlog"), "--module",
                 str(module), "--game", str(game), "--format", "html", "-o", str(page)])
    text = page.read_text(encoding="utf-8")
    assert code == 0 and "Findings: 0 violation(s), 0 warning(s)" in text
    assert "Trees01: Battlefield (battlefield) → Elsewhere (elsewhere)" in text


def test_a_vassal_log_with_boards_in_two_rows_names_each_place_as_vassal_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """tests/data/real/tour-rows.vlog (vlog-maker, script tour-rows.json) lays the SL hex
    board above the VIP board on tour's Main Map: VASSAL names the drop at (82,1307)
    'Ceylon', on the VIP board of the second row.  The audit laid every board in one row,
    so it named the point by the SL board's hex grid ('B20 [Main Map]').  Judged with the
    module's import folder, each of VASSAL's own move reports is now the step list's."""
    import re

    from converter.vassal import commands as cmd
    from converter.vassal.savefile import read_game
    from tests.audit.conftest import REAL

    game = imported_once(REAL / "tour.vmod", "tour")
    log = REAL / "tour-rows.vlog"
    capsys.readouterr()
    code = main(["audit", str(log), "--module", str(game)])
    out, err = capsys.readouterr()
    assert code == 0 and err == "" and "findings: 0 violation(s), 0 warning(s)" in out, out
    # the roll, told by its SHOW_RESULTS faces: the chat's '** Graphical dice roll = 4/1 ***'
    # names no button of the game ('Graphical dice roll'), so it was never judged
    assert "dice: graphical-dice (1 judged)" in out, out
    page = tmp_path / "report.html"
    assert main(["audit", str(log), "--module", str(game), "--format", "html", "-o",
                 str(page)]) == 0
    steps = re.sub(r"<[^>]+>", " ", page.read_text(encoding="utf-8"))
    _save, record = read_game(log)
    reports = [c.text for step in record.steps for c in step.logged()
               if isinstance(c, cmd.Chat) and " moves " in c.text]
    assert len(reports) == 5, reports
    for report in reports:
        piece, origin, destination = re.fullmatch(r"\* (.+) moves (.+) -> (.+) \*",
                                                  report).groups()
        shown = [f"hex \\d{{4}} \\({re.escape(p)}\\)" if re.fullmatch(r"[A-Z]\d+", p)
                 else f"{re.escape(p)} \\({p.lower()}\\)" for p in (origin, destination)]
        assert re.search(f"{re.escape(piece)}: {shown[0]} → {shown[1]}", steps), report
