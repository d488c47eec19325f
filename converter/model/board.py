"""Terrain and boards: hex grids, area maps, point-to-point networks, boxes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from converter.model.boardkinds import BoardKind, Drawing, board_kind
from converter.model.common import Filter, Provenance, When
from converter.model.hexgrid import HexGridSpec


@dataclass
class TerrainMovement:
    cost: float | None = None
    added: float | None = None
    whole_move: bool | None = None
    prohibited: bool | None = None
    ends_move: bool | None = None
    only: Filter | None = None
    never: Filter | None = None
    when: When | None = None
    note: str | None = None


@dataclass
class TerrainCombat:
    drm: int | None = None
    column_shift: int | None = None
    defender_column_shift: int | None = None
    only_if_all_attackers_cross: bool | None = None
    note: str | None = None


@dataclass
class Terrain:
    id: str
    name: str
    applies_to: str
    color: str | None = None
    movement: TerrainMovement | None = None
    combat: TerrainCombat | None = None
    provenance: Provenance | None = None
    missing: list[str] | None = None


@dataclass
class Fort:
    cf: int | None = None
    drm: int | None = None
    provenance: Provenance | None = None
    missing: list[str] | None = None


@dataclass
class Hex:
    id: str
    name: str | None = None
    terrain: list[str] | None = None
    features: list[str] | None = None
    groups: list[str] | None = None
    control: str | None = None
    vp: int | dict[str, int] | None = None
    supply_source: Filter | None = None
    fort: Fort | None = None
    properties: dict[str, Any] | None = None
    provenance: Provenance | None = None
    missing: list[str] | None = None


@dataclass
class Hexside:
    hexes: list[str]
    terrain: str
    provenance: Provenance | None = None


@dataclass
class Edge:
    id: str
    name: str | None = None
    compass: str | None = None
    hexes: list[str] | None = None
    supply_source: Filter | None = None
    provenance: Provenance | None = None
    missing: list[str] | None = None


@dataclass
class Group:
    id: str
    name: str
    kind: str | None = None
    parent: str | None = None
    allowed: Filter | None = None
    forbidden: Filter | None = None
    provenance: Provenance | None = None
    missing: list[str] | None = None


@dataclass
class Layout:
    """Where a space is drawn, as fractions of the board: its centre (x, y) and, for a box on
    the designer's own picture, the box's size (w, h)."""

    x: float
    y: float
    w: float | None = None
    h: float | None = None


@dataclass
class Space:
    id: str
    name: str
    kind: str | None = None
    parent: str | None = None
    groups: list[str] | None = None
    terrain: list[str] | None = None
    features: list[str] | None = None
    control: str | None = None
    vp: int | dict[str, int] | None = None
    supply_source: Filter | None = None
    fort: Fort | None = None
    allowed: Filter | None = None
    forbidden: Filter | None = None
    adjacent: list[str] | None = None
    layout: Layout | None = None
    properties: dict[str, Any] | None = None
    provenance: Provenance | None = None
    missing: list[str] | None = None


@dataclass
class Link:
    between: list[str]
    type: str
    id: str | None = None
    directed: bool | None = None
    only: Filter | None = None
    when: When | None = None
    label: str | None = None
    provenance: Provenance | None = None
    missing: list[str] | None = None


@dataclass
class BoardImage:
    """A scan of the real map the user owns, and where the grid lies on it."""

    file: str
    origin: list[float] | None = None
    hex_width_px: float | None = None
    hex_height_px: float | None = None


@dataclass
class Board:
    id: str
    name: str
    kind: str
    role: str | None = None
    image: BoardImage | None = None
    grid: HexGridSpec | None = None
    hexes: list[Hex] | None = None
    hexsides: list[Hexside] | None = None
    edges: list[Edge] | None = None
    groups: list[Group] | None = None
    spaces: list[Space] | None = None
    links: list[Link] | None = None
    symmetric: bool | None = None
    complete: bool | None = None
    provenance: Provenance | None = None
    missing: list[str] | None = None
    _hex_index: dict[str, Hex] = field(default_factory=dict, repr=False, compare=False, metadata={"derived": True})

    @property
    def kind_spec(self) -> BoardKind:
        """What the board's kind means (`converter.model.boardkinds`)."""
        return board_kind(self.kind)

    def hex_grid(self) -> HexGridSpec | None:
        """The board's hex grid: None unless the board is a hex grid whose grid is given."""
        return self.grid if self.kind_spec.hex_grid else None

    def drawing(self) -> Drawing:
        """How the board is laid out, drawn, built and printed."""
        return self.kind_spec.drawing(self.grid is not None)

    def hex(self, hex_id: str) -> Hex | None:
        if not self._hex_index and self.hexes:
            self._hex_index.update((h.id, h) for h in self.hexes)
        return self._hex_index.get(hex_id)

    def hex_label(self, hex_id: str) -> str:
        """A hex as the players see it: 'hex 0801 (Delta)' when it has a name, else 'hex 0801'."""
        h = self.hex(hex_id)
        return f"hex {hex_id} ({h.name})" if h is not None and h.name else f"hex {hex_id}"

    def named_hexes(self) -> list[Hex]:
        return [h for h in self.hexes or [] if h.name]

    def adjacent_spaces(self, space_id: str) -> set[str]:
        """Spaces one step away: 'adjacent' lists and links, both directions unless directed."""
        out: set[str] = set()
        for space in self.spaces or []:
            if space.id == space_id:
                out.update(space.adjacent or [])
            elif space_id in (space.adjacent or []):
                out.add(space.id)
        for link in self.links or []:
            a, b = link.between
            if a == space_id:
                out.add(b)
            elif b == space_id and not link.directed:
                out.add(a)
        return out
