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
