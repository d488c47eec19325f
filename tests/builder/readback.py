"""Reading a built module back the way VASSAL would: grids from the written settings, names of
the places pieces sit on, the pieces of the at-start stacks and of the scenario saves."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from converter.vassal import grid as gridmath
from converter.vassal.checker import location_point
from converter.vassal.commands import (
    AddPiece, GlobalPropertyRestore, TurnTrackerChange, read_record)
from converter.vassal.components import (
    BoardComponent, HexGridComponent, HexGridNumbering, Map, PredefinedSetup, Region, RegionGrid, SetupStack, ZoneComponent,
    ZonedGrid)
from converter.vassal.savefile import read_save_bytes
from converter.vassal.traits.piece import PieceTraits, decode_piece
from converter.vassal.vmod_reader import ModuleFile, read_vmod


@dataclass
class Module:
    file: ModuleFile
    # board image -> its size: each board's image is opened once, not once per place asked
    _sizes: dict[str, tuple[int, int]] = field(default_factory=dict, repr=False, compare=False)
    # id(board) -> (the board, its grid arithmetic): made once per board, not once per place
    _grids: dict[int, tuple[BoardComponent, object]] = field(default_factory=dict, repr=False,
                                                             compare=False)

    @classmethod
    def read(cls, path: Path) -> "Module":
        return cls(read_vmod(path))

    @property
    def root(self):
        return self.file.buildfile

    def maps(self) -> dict[str, Map]:
        return {m.map_name: m for m in self.root.find_all(Map)}

    def board_of(self, map_name: str) -> BoardComponent:
        return self.maps()[map_name].find(BoardComponent)

    def board_size(self, board: BoardComponent) -> tuple[int, int]:
        if board.image not in self._sizes:
            data = self.file.read_member("images/" + board.image)
            with Image.open(io.BytesIO(data)) as img:
                self._sizes[board.image] = img.size
        return self._sizes[board.image]

    def hex_grid(self, board: BoardComponent) -> gridmath.HexGeometry:
        grid = board.find(HexGridComponent)
        assert grid is not None, f"board {board.name!r} has no hex grid"
        return gridmath.HexGeometry.from_components(grid, grid.find(HexGridNumbering),
                                                self.board_size(board))

    def _grid(self, board: BoardComponent):
        """gridmath.grid_of_board of *board* (the module read is not changed: made once)."""
        kept = self._grids.get(id(board))
        if kept is None or kept[0] is not board:
            kept = self._grids[id(board)] = (board, gridmath.grid_of_board(board,
                                                                         self.board_size(board)))
        return kept[1]

    def location_at(self, board: BoardComponent, point: tuple[int, int]) -> str | None:
        """The name VASSAL reports for a board point: zone (a named hex's zone says
        `name (id)`), hex or region (snap point)."""
        if board.find(ZonedGrid) is not None:
            return self._grid(board).location_name(point)
        if board.find(HexGridComponent) is not None:
            return self.hex_grid(board).location_name(point)
        regions = board.find(RegionGrid)
        if regions is not None:
            for region in regions.find_all(Region):
                if (region.originx, region.originy) == tuple(point):
                    return region.name
            return None
        return None

    def named_point(self, board: BoardComponent, name: str) -> tuple[int, int]:
        """Where VASSAL puts a stack placed by location name (MapGrid.getLocation)."""
        grid = self._grid(board)
        assert grid is not None, board.name
        return location_point(grid, name)

    def stack_pieces(self) -> list[tuple[str, str, PieceTraits]]:
        """(map name, location name, piece) for every at-start stack slot."""
        out = []
        for name, m in self.maps().items():
            board = m.find(BoardComponent)
            for stack in m.find_all(SetupStack):
                point = (stack.x, stack.y)
                if stack.use_grid_location:
                    point = self.named_point(board, stack.location)
                where = self.location_at(board, point)
                for slot in stack.children:
                    out.append((name, where, slot.piece))
        return out

    def setups(self) -> dict[str, str]:
        return {s.name: s.file for s in self.root.find_all(PredefinedSetup) if s.use_file}

    def save_pieces(self, entry: str) -> list[tuple[str, str, PieceTraits]]:
        """(map name, location name, piece) for every piece a scenario save adds."""
        save = read_save_bytes(self.file.read_member(entry), source=entry)
        record = read_record(save.text)
        out = []
        for command in record.restored():
            if isinstance(command, AddPiece) and command.type != "stack":
                piece = decode_piece(command.type, command.state)
                basic = piece.basic
                board = self.board_of(basic.map_id)
                out.append((basic.map_id, self.location_at(board, (basic.x, basic.y)), piece))
        return out


def save_properties(module: "Module", entry: str) -> dict[str, str]:
    """Global property values a scenario save restores."""
    save = read_save_bytes(module.file.read_member(entry), source=entry)
    return {c.name: c.value for c in read_record(save.text).restored()
            if isinstance(c, GlobalPropertyRestore)}


def save_turn(module: "Module", entry: str) -> str | None:
    """The turn tracker state a scenario save restores (the `TURN` command), if any."""
    save = read_save_bytes(module.file.read_member(entry), source=entry)
    states = [c.state for c in read_record(save.text).restored() if isinstance(c, TurnTrackerChange)]
    return states[0] if states else None


def _inside(path: str, point: tuple[int, int]) -> bool:
    pts = [tuple(int(v) for v in p.split(",")) for p in path.split(";") if p]
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return min(xs) <= point[0] <= max(xs) and min(ys) <= point[1] <= max(ys)
