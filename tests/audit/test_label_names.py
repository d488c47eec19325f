"""A piece named by its Text Label's name format, which refers to the piece's properties:
Inferno's Lords (github Cattlesquat/Inferno, VASSAL 3.6.9) carry `basicName;Siena - Podestà`
and a label whose name format is `$BasicName$` (always used), over a BasicPiece with no name.
VASSAL names the piece 'Siena - Podestà'; the audit's step list said '$BasicName$' for every
Lord.  The module states no licence, so a small module written here stands in for it."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from converter.cli import main
from tests.check.conftest import BUILDFILE, ESC, TAB, _save, write_module

LORD = ("+/null/basicName;Siena - Podestà" + TAB
        + "label;;;10;;0,0,0;t;0;c;0;b;c;$BasicName$;Dialog;0;0;TextLabel;;true\\" + TAB
        + "piece;;;front.png;/" + TAB + "\\" + TAB + "null;0;0;{gpid};0")
RESTORED = ("begin_save" + ESC + "+/100/" + LORD[len("+/null/"):].replace(
    "null;0;0;{gpid};0", "Main Map;75;125;1;0") + ESC + "Main MapBoardPicker" + TAB + "Main"
    + TAB + "0" + TAB + "0" + ESC + "end_save")


def _lords_module(path: Path) -> Path:
    """The test module with its set-up piece made a Lord, at its start in the scenario."""
    text = BUILDFILE.replace('entryName="1st Bn" gpid="2"', 'entryName="Siena - Podestà" gpid="2"')
    start = text.index('<VASSAL.build.widget.PieceSlot entryName="Siena')
    body = text.index(">", start) + 1
    end = text.index("</VASSAL.build.widget.PieceSlot>", body)
    text = text[:body] + LORD.format(gpid=2) + text[end:]
    return write_module(path, text, files={"scenario.vsav": _save(RESTORED)})


@pytest.mark.parametrize("judge", ["--game", "folder"])
def test_a_lord_named_by_its_label_s_format_is_told_by_the_name_vassal_gives(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], judge: str) -> None:
    module = _lords_module(tmp_path / "lords.vmod")
    game = tmp_path / "game"
    assert main(["import", str(module), "-o", str(game), "-q"]) == 0
    log = tmp_path / "lords.vlog"
    log.write_bytes(_save(RESTORED + ESC + "LOG" + TAB
                          + "M/100/Main Map/300/100/null/Main Map/75/125/null/alice"))
    args = ["--module", str(module), "--game", str(game), "--mapping",
            str(tmp_path / "m.json")] if judge == "--game" else ["--module", str(game)]
    report = tmp_path / "report.html"
    capsys.readouterr()
    assert main(["audit", str(log), *args, "--format", "html", "-o", str(report)]) == 0
    text = html.unescape(re.sub(r"<[^>]+>", " ", report.read_text(encoding="utf-8")))
    steps = [line.strip() for line in text.splitlines() if line.strip().startswith("#1 ")]
    assert steps and "Siena - Podestà" in steps[0] and "East" in steps[0], steps
    assert "$BasicName$" not in text
    capsys.readouterr()
    assert main(["dump", str(log)]) == 0
    assert "AddPiece 'Siena - Podestà' [100]" in capsys.readouterr().out
