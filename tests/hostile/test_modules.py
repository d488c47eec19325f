"""Hostile modules (issue 14): grid spacings that divide by zero or overflow, foreign elements
named like VASSAL's, duplicate entries and DTDs in any encoding."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.hostile.conftest import Run
from tests.hostile.inputs import module_entries, png_claiming, zip_bytes

LOG = "tests/data/logs/mini-clean.vlog"
HEX = "VASSAL.build.module.map.boardPicker.board.HexGrid"


def _module(path: Path, source: Path, buildfile: str | bytes | None = None, *,
            embedded: bool = True, extra: list[tuple[str, bytes]] = ()) -> Path:
    entries = []
    for name, data in module_entries(source):
        if name == "vconv/game.json" and not embedded:
            continue
        if name == "buildFile.xml" and buildfile is not None:
            data = buildfile.encode() if isinstance(buildfile, str) else buildfile
        entries.append((name, data))
    path.write_bytes(zip_bytes(entries + list(extra)))
    return path


def _buildfile(source: Path) -> str:
    return dict(module_entries(source))["buildFile.xml"].decode()


@pytest.mark.parametrize("attr", ["dx", "dy"])
@pytest.mark.parametrize("value", ["0", "-0", "1e-320", "1e308", "NaN", "-56"])
def test_a_grid_spacing_that_locates_nothing(run: Run, tmp_path: Path, mini_vmod: Path,
                                             attr: str, value: str) -> None:
    text = re.sub(rf'(<{HEX} [^>]*?){attr}="[^"]*"', rf'\g<1>{attr}="{value}"', _buildfile(mini_vmod),
                  count=1)
    assert f'{attr}="{value}"' in text
    # the auditor computes locations: the module is refused, naming board and value
    module = _module(tmp_path / "grid.vmod", mini_vmod, text)
    code, _, err = run("audit", LOG, "--module", module)
    assert code == 2
    assert f"{module}: board 'Mappa': HexGrid {attr}=" in err
    assert "the spacing must be a number of pixels from 1 to 100000" in err
    # the importer needs no arithmetic from a broken grid: it imports the rest and says so
    bare = _module(tmp_path / "bare.vmod", mini_vmod, text, embedded=False)
    code, out, err = run("import", bare, "-o", tmp_path / "game")
    assert code == 0 and err == ""
    assert "not positive or out of range (1 to 100000 pixels)" in out
    # vconv check locates the at-start stacks on the grid: each is a finding, not a crash; a
    # warning, as VASSAL's own (it warns 'Bad location name' and leaves the stack at its
    # stored position), so only --strict fails the module
    code, out, err = run("check", bare)
    assert code == 0 and err == ""
    assert run("check", "--strict", bare)[0] == 1
    # the named hex 0203 is a zone of the grid: its stack is named after it, the cause is the same
    assert re.search(rf"SetupStack\[[^]]*\(0203\)\] .*names no place on board 'Mappa' \(HexGrid {attr}="
                     ".*: the spacing must be a number of pixels from 1 to 100000", out), out
    assert "ZonedGrid" not in out


def test_a_foreign_element_named_like_a_region(run: Run, tmp_path: Path, mini_vmod: Path) -> None:
    region_grid = ("<VASSAL.build.module.map.boardPicker.board.RegionGrid>"
                   '<foo.Region name="x"/>'
                   '<VASSAL.build.module.map.boardPicker.board.Region name="A" originx="10" '
                   'originy="20"/></VASSAL.build.module.map.boardPicker.board.RegionGrid>')
    text = _buildfile(mini_vmod).replace(f"<{HEX} ", region_grid + f"<{HEX} ", 1)
    for embedded in (True, False):
        module = _module(tmp_path / f"r{embedded}.vmod", mini_vmod, text, embedded=embedded)
        code, _, err = run("import", module, "-o", tmp_path / f"g{embedded}")
        assert code == 0 and err == ""
        code, _, err = run("audit", LOG, "--module", module)
        assert code == 0 and err == ""


@pytest.mark.parametrize("name", ["buildFile.xml", "images/boards/main.png", "vconv/game.json"])
def test_duplicate_entries_are_refused_in_modules_as_in_saves(
        run: Run, tmp_path: Path, mini_vmod: Path, name: str) -> None:
    module = _module(tmp_path / "dup.vmod", mini_vmod, extra=[(name, b"<other/>")])
    for args in (["import", module, "-o", tmp_path / "game"],
                 ["audit", LOG, "--module", module]):
        code, out, err = run(*args)
        assert code == 2 and out == ""
        assert f"{module}: archive entry {name!r} appears twice" in err
    assert not (tmp_path / "game").exists()


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-16-le", "utf-32"])
@pytest.mark.parametrize("entry", ["buildFile.xml", "moduledata"])
def test_a_dtd_is_refused_in_every_encoding(run: Run, tmp_path: Path, mini_vmod: Path,
                                            encoding: str, entry: str) -> None:
    source = dict(module_entries(mini_vmod))[entry].decode()
    body = re.sub(r"^<\?xml[^>]*\?>\s*", "", source)
    declared = {"utf-16-le": "UTF-16"}.get(encoding, encoding.upper())
    evil = (f'<?xml version="1.0" encoding="{declared}"?>'
            '<!DOCTYPE x [<!ENTITY e "EVIL">]>' + body.replace('name="', 'name="&e;', 1))
    data = evil.encode(encoding)
    if encoding == "utf-16-le":
        data = b"\xff\xfe" + data
    assert b"<!ENTITY" not in data or encoding == "utf-8"
    entries = [(n, data if n == entry else d) for n, d in module_entries(mini_vmod)
               if n != "vconv/game.json"]
    module = tmp_path / "dtd.vmod"
    module.write_bytes(zip_bytes(entries))
    code, out, err = run("import", module, "-o", tmp_path / "game")
    assert code == 2 and out == "" and "EVIL" not in err
    assert f"{module}!{entry}: " in err and "declares a DTD, which vconv refuses" in err
    assert not (tmp_path / "game").exists()


def test_an_entity_bomb_stops_at_once(run: Run, tmp_path: Path, mini_vmod: Path) -> None:
    ents = '<!ENTITY a0 "xxxxxxxxxx">' + "".join(
        f'<!ENTITY a{i} "{("&a%d;" % (i - 1)) * 10}">' for i in range(1, 12))
    bomb = f'<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE r [{ents}]><r t="&a11;">&a11;</r>'
    module = _module(tmp_path / "bomb.vmod", mini_vmod, bomb.encode("utf-16"), embedded=False)
    code, _, err = run("import", module, "-o", tmp_path / "game")
    assert code == 2 and f"{module}!buildFile.xml" in err


def test_an_image_past_the_pixel_limit_is_refused_from_its_header(
        run: Run, tmp_path: Path, mini_vmod: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    entries = [(n, png_claiming(9_000, 8_000) if n == "images/boards/main.png" else d)
               for n, d in module_entries(mini_vmod) if n != "vconv/game.json"]
    module = tmp_path / "huge.vmod"
    module.write_bytes(zip_bytes(entries))
    code, _, err = run("import", module, "-o", tmp_path / "game")
    assert code == 2 and f"{module}: image 'boards/main.png': 9000x8000 pixels, over the " \
                         "limit of 67108864 (pixels in one image; raise it with " \
                         "VCONV_MAX_IMAGE_PIXELS)" in err


def test_check_reads_numbers_past_any_int_as_findings(run: Run, tmp_path: Path,
                                                      mini_vmod: Path) -> None:
    """A zone corner past a Java int, and a 5,000-digit name in a finding's place, are
    reported (the place sorted without turning its digits into a number)."""
    text = _buildfile(mini_vmod)
    text = re.sub(r'(Zone name="Punti Vittoria 8" [^>]*path="816,108;888,108;888,180;)816',
                  r"\g<1>" + "8" * 60, text, count=1)
    text = re.sub(r'(<VASSAL.build.module.map.SetupStack [^>]*location=")[^"]*0203\)?"',
                  r"\g<1>" + "9" * 5000 + '"', text, count=1)  # named hexes: 'Alfa; ... (0203)'
    assert "8" * 60 in text and "9" * 5000 in text
    module = _module(tmp_path / "big.vmod", mini_vmod, text, embedded=False)
    code, out, err = run("check", module)
    assert code == 1 and err == ""
    assert re.search(r"Zone\[Punti Vittoria 8\] \(@path\): zone shape .* is not a list of "
                     "integer x,y points", out), out
    assert "9" * 5000 in out
    code, out, err = run("check", module, "--format", "json")
    assert code == 1 and err == "" and "9" * 5000 in out


@pytest.mark.parametrize("command", ["import", "check"])
@pytest.mark.parametrize("what, insert, said", [
    ("attribute", 'name="' + "A" * 12_000_000, "an attribute value over 10,000,000 characters"),
    ("nesting", "<a>" * 300 + "</a>" * 300, "elements nested more than 256 deep"),
])
def test_xml_past_the_parsers_bounds_is_said_on_one_line_in_words(
        run: Run, tmp_path: Path, mini_vmod: Path, command: str, what: str, insert: str,
        said: str) -> None:
    """A real build file (Inferno's) with a 30 MB attribute or 5000 nested elements: the
    error ran over two lines and named libxml2's option ('try XML_PARSE_HUGE')."""
    text = _buildfile(mini_vmod)
    if what == "attribute":
        text = text.replace('name="', insert, 1)
    else:
        text = text.replace("</VASSAL.build.GameModule>", insert + "</VASSAL.build.GameModule>")
    module = _module(tmp_path / f"{what}.vmod", mini_vmod, text, embedded=False)
    args = ["-o", str(tmp_path / "game")] if command == "import" else []
    code, out, err = run(command, module, *args)
    assert code == 2
    (line,) = err.strip().splitlines()
    assert f"{module}!buildFile.xml:" in line and said in line and "XML_PARSE_HUGE" not in line
