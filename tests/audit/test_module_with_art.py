"""A module built with the game's own artwork (a counter picture in the game folder) can be
audited from the .vmod alone: the art files stay behind, the archive has the images."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

from converter.builder.scripted import ScriptedGame
from converter.builder import build_module, write_module
from converter.cli import main


def test_a_module_built_with_its_own_art_is_audited(
        tmp_path: Path, mini_copy: Callable[..., Path],
        capsys: pytest.CaptureFixture[str]) -> None:
    folder = mini_copy()
    (folder / "art").mkdir()
    png = io.BytesIO()
    Image.new("RGB", (64, 64), "#1f4e9c").save(png, "PNG")
    (folder / "art" / "na-1.png").write_bytes(png.getvalue())

    def picture(pieces: dict) -> None:
        pieces["pieces"][0]["faces"][0]["image"] = "art/na-1.png"
    mini_copy("pieces.json", picture)
    built = build_module(folder)
    vmod = write_module(built, tmp_path / "dist", epoch=0)
    s = ScriptedGame(built)
    s.place("na-1", hex="0203", restored=True)
    s.turn(2, "blue-move", restored=True)   # mid-game: no scenario setup to compare
    s.move("na-1", hex="0303")
    log = tmp_path / "game.vlog"
    log.write_bytes(s.log_bytes())
    capsys.readouterr()
    assert main(["audit", str(log), "--module", str(vmod)]) == 0
    out = capsys.readouterr().out
    assert "findings: 0 violation(s), 0 warning(s)" in out
