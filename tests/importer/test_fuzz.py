"""Damaged modules never crash the import: it reads them or raises one of vconv's errors."""

from __future__ import annotations

import zipfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from converter.errors import VconvError
from converter.importer import import_module
from tests.importer.helpers import TOUR, write_zip

SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])

with zipfile.ZipFile(TOUR) as _archive:
    BUILD_FILE = _archive.read("buildFile")


def _import(path: Path) -> None:
    try:
        import_module(path, "fuzz")
    except VconvError:
        pass


@SETTINGS
@given(st.binary(max_size=2048))
def test_random_bytes(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "random.vmod"
    path.write_bytes(data)
    _import(path)


@SETTINGS
@given(st.lists(st.tuples(st.integers(0, len(BUILD_FILE) - 1), st.integers(0, 255)),
                min_size=1, max_size=12))
def test_damaged_build_file(tmp_path: Path, edits: list[tuple[int, int]]) -> None:
    """Bytes of tour's build file changed: malformed XML, broken piece definitions, bad numbers."""
    data = bytearray(BUILD_FILE)
    for index, value in edits:
        data[index] = value
    _import(write_zip(tmp_path / "damaged.vmod", {"buildFile": bytes(data)}))


@SETTINGS
@given(st.text(alphabet=st.sampled_from(list("+/;,\t\\piecemb2obsmark0123 -")), max_size=200))
def test_random_piece_definitions(tmp_path: Path, text: str) -> None:
    xml = ('<VASSAL.build.GameModule name="F"><VASSAL.build.module.PieceWindow name="P">'
           '<VASSAL.build.widget.PieceSlot entryName="x">' + text.replace("&", "").replace("<", "")
           + "</VASSAL.build.widget.PieceSlot></VASSAL.build.module.PieceWindow>"
             "</VASSAL.build.GameModule>")
    _import(write_zip(tmp_path / "pieces.vmod", {"buildFile.xml": xml.encode("utf-8")}))


_ATTR = st.text(alphabet=st.sampled_from(list("0123456789-.,;eAHVx ")), max_size=12)


@SETTINGS
@given(st.tuples(_ATTR, _ATTR, _ATTR, _ATTR), st.tuples(_ATTR, _ATTR, _ATTR, _ATTR), _ATTR)
def test_damaged_grids_and_setups(tmp_path: Path, grid: tuple, numbering: tuple, path: str) -> None:
    """Grids, zones and set-up stacks with nonsense numbers: a note or an error, no crash."""
    x0, y0, dx, dy = grid
    first, h_off, v_off, leading = numbering
    xml = (f'<VASSAL.build.GameModule name="F"><VASSAL.build.module.Map mapName="M">'
           f'<VASSAL.build.module.map.BoardPicker>'
           f'<VASSAL.build.module.map.boardPicker.Board name="B" width="300" height="200">'
           f'<VASSAL.build.module.map.boardPicker.board.ZonedGrid>'
           f'<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Z" path="{path}"/>'
           f'<VASSAL.build.module.map.boardPicker.board.HexGrid x0="{x0}" y0="{y0}" dx="{dx}" '
           f'dy="{dy}"><VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering '
           f'first="{first}" hOff="{h_off}" vOff="{v_off}" hLeading="{leading}"/>'
           f'</VASSAL.build.module.map.boardPicker.board.HexGrid>'
           f'</VASSAL.build.module.map.boardPicker.board.ZonedGrid>'
           f'</VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.map.BoardPicker>'
           f'<VASSAL.build.module.map.SetupStack owningBoard="B" x="{x0}" y="{y0}">'
           f'<VASSAL.build.widget.PieceSlot entryName="p">+/null/piece;;;;p/null;0;0'
           f'</VASSAL.build.widget.PieceSlot></VASSAL.build.module.map.SetupStack>'
           f'</VASSAL.build.module.Map></VASSAL.build.GameModule>')
    _import(write_zip(tmp_path / "grid.vmod", {"buildFile.xml": xml.encode("utf-8")}))
