"""Damaged modules give findings or a clear unreadable-module message, never a traceback."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from converter.check import check_module
from tests.check.conftest import BUILDFILE, write_module

_TOUCHY = ("+/null", "path=", "location=", "x=", "gpid", "image=", "target=", "name=")
_JUNK = ["\t", ";", "\\", "/", "x", "9", ",", "$", "-1", "abc", "'", "{", "|"]


@pytest.mark.parametrize("seed", range(8))
def test_damaged_build_files_never_crash(tmp_path: Path, seed: int) -> None:
    rnd = random.Random(seed)
    starts = [i for i in range(len(BUILDFILE)) if BUILDFILE.startswith(_TOUCHY, i)]
    for n in range(15):
        text = BUILDFILE
        for _ in range(rnd.randint(1, 4)):
            pos = min(rnd.choice(starts) + rnd.randint(0, 60), len(text))
            if rnd.random() < 0.5:
                text = text[:pos] + text[pos + rnd.randint(1, 5):]
            else:
                text = text[:pos] + rnd.choice(_JUNK) + text[pos:]
        report = check_module(write_module(tmp_path / f"{n}.vmod", text))
        assert report.unreadable == "" or "malformed XML" in report.unreadable


_EXT = ('<?xml version="1.0" encoding="UTF-8"?>\n<VASSAL.build.module.ModuleExtension '
        'anyModule="true" extensionId="e01" module="Test" moduleVersion="1.0" '
        'nextPieceSlotId="20" vassalVersion="3.6.0" version="1.0">'
        '<VASSAL.build.module.ExtensionElement target="VASSAL.build.module.PieceWindow:Counters">'
        '<VASSAL.build.widget.ListWidget entryName="More">'
        '<VASSAL.build.widget.PieceSlot entryName="A" gpid="e01:5" width="64" height="64">'
        "+/null/prototype;Unit\tpiece;;;front.png;A/\tnull;0;0;e01:5;0"
        "</VASSAL.build.widget.PieceSlot></VASSAL.build.widget.ListWidget>"
        "</VASSAL.build.module.ExtensionElement></VASSAL.build.module.ModuleExtension>")
_EXT_JUNK = ["\t", "\\", ":", '"', "<", "'", "x", "9", "e01:", "&#9;", "</VASSAL.build.widget.ListWidget>"]


@pytest.mark.parametrize("seed", range(4))
def test_damaged_extensions_never_crash(tmp_path: Path, seed: int,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """An extension damaged anywhere (its build file cut short or salted with TABs, quotes,
    colons and tags; its archive cut short) is checked alone, with its module and by
    --fix-gpids: exit 0, 1 or 2, and an exit 2 is one line naming the file, no traceback."""
    import zipfile

    from converter.cli import main

    rnd = random.Random(seed)
    module = write_module(tmp_path / "Test.vmod", BUILDFILE)
    for n in range(12):
        text = _EXT
        for _ in range(rnd.randint(1, 4)):
            pos = rnd.randrange(len(text))
            text = (text[:pos] if rnd.random() < 0.2 else
                    text[:pos] + rnd.choice(_EXT_JUNK) + text[pos + rnd.randint(0, 3):])
        ext = tmp_path / f"{n}.vmdx"
        with zipfile.ZipFile(ext, "w") as archive:
            archive.writestr("buildFile.xml", text)
        if rnd.random() < 0.25:
            ext.write_bytes(ext.read_bytes()[:rnd.randrange(30, 200)])
        for args in (["check", str(ext)], ["check", str(module), "-x", str(ext)],
                     ["check", "--fix-gpids", str(ext), "-o", str(tmp_path / f"{n}-fixed.vmdx")]):
            code = main(args)
            err = capsys.readouterr().err
            assert code in (0, 1, 2) and "Traceback" not in err, (args, text)
            if code == 2:
                assert err.count("\n") == 1 and str(ext) in err, (args, err)
