"""An image the module names but lacks is said once: by the note of the board, chart or
piece that shows it, else in the closing list of absent images.  Paths of Glory's
'-noimages' copy said its absent pictures twice (a chart's: "chart 'War Status': its picture
... is not in the module" and "image ... is named by the module but not in it"): the closing
list ran to '473 more like ...'; it now holds the 14 pictures of decks and dice that no note
of their own names."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.cli import main
from tests.check.conftest import BUILDFILE, IMAGES, png, write_module

CHARTS = ('<VASSAL.build.module.ChartWindow name="Player Aids" text="Aids" tooltip="">'
          '<VASSAL.build.widget.Chart chartName="CRT" fileName="crt.png"/>'
          '</VASSAL.build.module.ChartWindow>')


def test_each_absent_image_is_said_once(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    text = BUILDFILE.replace("<VASSAL.build.module.Documentation/>",
                             "<VASSAL.build.module.Documentation/>" + CHARTS, 1)
    present = {n: png(*s) for n, s in IMAGES.items()
               if n not in ("board.png", "front.png", "card.png")}
    module = write_module(tmp_path / "absent.vmod", text, images=present)
    assert main(["import", str(module), "-o", str(tmp_path / "game")]) == 0
    notes = [line.strip() for line in capsys.readouterr().out.splitlines()
             if line.strip().startswith("note:")]
    said = {name: [n for n in notes if f"'{name}'" in n]
            for name in ("board.png", "front.png", "crt.png", "card.png")}
    assert [len(found) for found in said.values()] == [1, 1, 1, 1], said
    assert "its image 'board.png' is not in the module" in said["board.png"][0]
    assert "image 'front.png' is not in the module" in said["front.png"][0]
    assert "its picture 'crt.png' is not in the module" in said["crt.png"][0]
    # the deck's card says nothing of its own: the closing list names it
    assert said["card.png"] == ["note: image 'card.png' is named by the module but not in it"]
