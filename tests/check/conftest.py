"""A small, clean hand-made module that each test breaks in one way; `checked_once`, vconv
check's report of a module file shared by the tests of one run."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

from converter.check import Report, check_module

# (module file, its size and time) -> its report: the real modules are checked by several test
# files (findings confirmed, findings pinned, the engine's problems explained), once per run
_CHECKED: dict[tuple[Path, int, int], Report] = {}


def checked_once(path: Path) -> Report:
    """`check_module(path)`, made the first time a test of this run asks for that unchanged
    file (a rewritten file is checked again); the tests only read the report."""
    stat = path.stat()
    key = (path.resolve(), stat.st_size, stat.st_mtime_ns)
    if key not in _CHECKED:
        _CHECKED[key] = check_module(path)
    return _CHECKED[key]

TAB = "\t"
PROTO = ("+/null/delete;Delete;68,130;" + TAB + "piece;;;;/" + TAB + "null;0;0;;0")
UNIT = ("+/null/prototype;Unit" + TAB + "emb2;;128;;Flip;128;;;128;;;;1;false;0;0;"
        "front.png,back.png;,+ (reduced);true;Step;;;false;;1;1;true;;70,130;;;1.0;;true"
        "\\" + TAB + "piece;;;front.png;1st Bn/" + TAB + "1\\" + TAB + "null;0;0;{gpid};0")
CARD = "+/null/piece;;;card.png;Card A/null;0;0;{gpid};0"

BUILDFILE = f"""<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Test" version="1.0" VassalVersion="3.6.0" nextPieceSlotId="10">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.Documentation/>
  <VASSAL.build.module.PrototypesContainer>
    <VASSAL.build.module.folder.PrototypeFolder name="Units">
      <VASSAL.build.module.PrototypeDefinition name="Unit" description="">{PROTO}</VASSAL.build.module.PrototypeDefinition>
    </VASSAL.build.module.folder.PrototypeFolder>
  </VASSAL.build.module.PrototypesContainer>
  <VASSAL.build.module.Map mapName="Main Map" icon="mapicon.png">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board name="Main" image="board.png" reversible="false">
        <VASSAL.build.module.map.boardPicker.board.ZonedGrid>
          <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="West" path="0,0;200,0;200,400;0,400" locationFormat="$gridLocation$" useParentGrid="true"/>
          <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="East" path="200,0;400,0;400,400;200,400" locationFormat="$name$"/>
          <VASSAL.build.module.map.boardPicker.board.SquareGrid x0="25" y0="25" dx="50.0" dy="50.0">
            <VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering first="H" sep="," hType="N" hLeading="0" hOff="0" vType="N" vLeading="0" vOff="0" stagger="false" locationFormat="$gridLocation$"/>
          </VASSAL.build.module.map.boardPicker.board.SquareGrid>
        </VASSAL.build.module.map.boardPicker.board.ZonedGrid>
      </VASSAL.build.module.map.boardPicker.Board>
    </VASSAL.build.module.map.BoardPicker>
    <VASSAL.build.module.folder.MapSubFolder name="Setup">
      <VASSAL.build.module.map.SetupStack name="Reserve" owningBoard="Main" useGridLocation="true" location="1,2" x="0" y="0">
        <VASSAL.build.widget.PieceSlot entryName="1st Bn" gpid="2" width="64" height="64">{UNIT.format(gpid=2)}</VASSAL.build.widget.PieceSlot>
      </VASSAL.build.module.map.SetupStack>
    </VASSAL.build.module.folder.MapSubFolder>
    <VASSAL.build.module.map.DrawPile name="Deck" owningBoard="Main" x="300" y="300" width="50" height="50">
      <VASSAL.build.widget.CardSlot entryName="Card A" gpid="3" width="50" height="50">{CARD.format(gpid=3)}</VASSAL.build.widget.CardSlot>
    </VASSAL.build.module.map.DrawPile>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.PieceWindow name="Counters">
    <VASSAL.build.widget.ListWidget entryName="Units">
      <VASSAL.build.widget.PieceSlot entryName="1st Bn" gpid="1" width="64" height="64">{UNIT.format(gpid=1)}</VASSAL.build.widget.PieceSlot>
    </VASSAL.build.widget.ListWidget>
  </VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.PredefinedSetup name="Scenario" file="scenario.vsav" useFile="true" isMenu="false"/>
</VASSAL.build.GameModule>
"""

MODULEDATA = """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<data version="1"><version>1.0</version><VassalVersion>3.6.0</VassalVersion><name>Test</name></data>
"""

ESC = "\x1b"
SCENARIO = ("begin_save" + ESC + "+/100/" + UNIT[len("+/null/"):].replace("null;0;0;{gpid};0",
                                                                         "Main Map;75;125;1;0")
            .replace("/" + TAB + "1", "/" + TAB + "1", 1) + ESC + "Main MapBoardPicker" + TAB
            + "Main" + TAB + "0" + TAB + "0" + ESC + "end_save")


def png(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height)).save(out, "PNG")
    return out.getvalue()


IMAGES = {"board.png": (400, 400), "front.png": (64, 64), "back.png": (64, 64),
          "card.png": (50, 50), "mapicon.png": (16, 16)}


def write_module(path: Path, buildfile: str = BUILDFILE, *, images: dict[str, bytes] | None = None,
                 files: dict[str, bytes] | None = None, moduledata: str | None = MODULEDATA,
                 buildfile_name: str = "buildFile.xml") -> Path:
    entries: dict[str, bytes] = {buildfile_name: buildfile.encode("utf-8")}
    if moduledata is not None:
        entries["moduledata"] = moduledata.encode("utf-8")
    for name, data in (images if images is not None else
                       {n: png(*s) for n, s in IMAGES.items()}).items():
        entries["images/" + name] = data
    entries.update(files if files is not None else {"scenario.vsav": _save(SCENARIO)})
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return path


def _save(text: str) -> bytes:
    from converter.vassal.savefile import save_archive_bytes

    return save_archive_bytes(text)


@pytest.fixture
def module(tmp_path: Path) -> Callable[..., Path]:
    """`module(replace={old: new}, **write_module options)` → a module file."""
    counter = [0]

    def make(replace: dict[str, str] | None = None, **options: object) -> Path:
        text = options.pop("buildfile", BUILDFILE)
        assert isinstance(text, str)
        for old, new in (replace or {}).items():
            assert old in text, old
            text = text.replace(old, new)
        counter[0] += 1
        return write_module(tmp_path / f"m{counter[0]}.vmod", text, **options)  # type: ignore[arg-type]

    return make
