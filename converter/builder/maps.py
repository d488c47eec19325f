"""Each board as a VASSAL Map: board image, grid (hex numbering, regions or zones) and the
helpers that make a map playable (moving, stacking, selecting, menus, zoom...)."""

from __future__ import annotations

from dataclasses import dataclass, field

from converter.builder.hexgrid import fit_vassal_grid
from converter.builder.layout import BoardLayout, DisplayLayout, Rect
from converter.builder.conventions import (
    BOX_PROPERTY, EVENT_BOX_ID, SPACE_PROPERTY, TRACK_PROPERTY, TRACK_VALUE_PROPERTY, event_box_name,
    space_names, track_cell_names)
from converter.model.game import Game
from converter.vassal.components import (
    Board as VBoard, BoardPicker, Component, CounterDetailViewer, ForwardToChatter,
    ForwardToKeyBuffer, GlobalMap, HighlightLastMoved, ImageSaver, KeyBufferer, Map,
    MapCenterer, MenuDisplayer, PieceMover, Region, RegionGrid, Scroller,
    SelectionHighlighters, StackExpander, StackMetrics, Zone, ZonedGrid, ZoneProperty, Zoomer)
from converter.vassal.grid import HexGrid


@dataclass
class PlacedBoard:
    """A board as written into the module: where its locations are and what VASSAL calls them."""

    map_name: str
    board_name: str
    image: str
    size: tuple[int, int]
    vassal_grid: HexGrid | None = None
    hex_centres: dict[str, tuple[float, float]] = field(default_factory=dict)
    # space id → (VASSAL location name, point)
    spaces: dict[str, tuple[str, tuple[int, int]]] = field(default_factory=dict)
    # (track id, value) → (zone name, point)
    track_cells: dict[tuple[str, int], tuple[str, tuple[int, int]]] = field(default_factory=dict)
    decks: dict[str, Rect] = field(default_factory=dict)
    event_box: tuple[str, tuple[int, int]] | None = None  # (zone name, point)
    component: Component | None = None  # the VASSAL Board


def _zone(name: str, rect: Rect, **properties: str) -> Zone:
    """A rectangular zone named *name*, carrying *properties* as ZoneProperties."""
    zone = Zone(name=name, location_format="$name$", path=rect.path())
    for key, value in properties.items():
        zone.add(ZoneProperty(name=key, initial_value=value,
                              description="the game's id of this place (set by vconv)"))
    return zone


def playable_map(name: str, board: VBoard, *, docked: bool) -> Map:
    """A Map with one board and every helper the editor gives a new map (§2.4)."""
    m = Map(map_name=name, launch=not docked, button_name=name if not docked else "",
            tooltip=f"Show/hide {name}" if not docked else "")
    m.add(BoardPicker().add(board), StackMetrics(), ForwardToKeyBuffer(), Scroller(),
          ForwardToChatter(), MenuDisplayer(), MapCenterer(), StackExpander(), PieceMover(),
          KeyBufferer(), ImageSaver(), CounterDetailViewer(), Zoomer(), HighlightLastMoved(),
          SelectionHighlighters(), GlobalMap())
    return m


def hex_board(layout: BoardLayout, map_name: str, image: str) -> PlacedBoard:
    board = layout.board
    assert board.grid is not None
    vgrid = fit_vassal_grid(board.grid, layout.hex_centres, hex_width=layout.hex_width,
                            hex_height=layout.hex_height, board_size=layout.size,
                            board_name=board.name)
    grid, _numbering = vgrid.to_components(visible=False)
    vboard = VBoard(name=board.name, image=image, width=layout.size[0], height=layout.size[1])
    placed = PlacedBoard(map_name, board.name, image, layout.size, vgrid, dict(layout.hex_centres))
    if layout.boxes:  # spaces beside the grid: zones, with the hex grid everywhere else
        names = space_names(board)
        zoned = ZonedGrid()
        for space in board.spaces or []:
            rect = layout.boxes[space.id]
            zoned.add(_zone(names[space.id], rect, **{SPACE_PROPERTY: space.id}))
            placed.spaces[space.id] = (names[space.id], rect.centre)
        zoned.add(grid)
        vboard.add(zoned)
    else:
        vboard.add(grid)
    placed.component = vboard
    return placed


def space_board(layout: BoardLayout, map_name: str, image: str) -> PlacedBoard:
    """Areas and point-to-point spaces as a RegionGrid (snap points named by space).

    A VASSAL 3.6 Region takes no child components, so a region carries no vconv_space
    property: its name (conventions.space_names) is the only link to the space."""
    board = layout.board
    names = space_names(board)
    grid = RegionGrid(snapto=True, visible=False)
    placed = PlacedBoard(map_name, board.name, image, layout.size)
    for space in board.spaces or []:
        x, y = layout.space_centres[space.id]
        grid.add(Region(name=names[space.id], originx=x, originy=y))
        placed.spaces[space.id] = (names[space.id], (x, y))
    vboard = VBoard(name=board.name, image=image, width=layout.size[0], height=layout.size[1])
    if grid.children:
        vboard.add(grid)
    placed.component = vboard
    return placed


def box_board(layout: BoardLayout, map_name: str, image: str) -> PlacedBoard:
    """Off-map boxes as Zones of a ZonedGrid, each named after its box."""
    board = layout.board
    names = space_names(board)
    zoned = ZonedGrid()
    placed = PlacedBoard(map_name, board.name, image, layout.size)
    for space in board.spaces or []:
        rect = layout.boxes[space.id]
        zoned.add(_zone(names[space.id], rect, **{SPACE_PROPERTY: space.id}))
        placed.spaces[space.id] = (names[space.id], rect.centre)
    vboard = VBoard(name=board.name, image=image, width=layout.size[0], height=layout.size[1])
    if zoned.children:
        vboard.add(zoned)
    placed.component = vboard
    return placed


def display_board(game: Game, layout: DisplayLayout, map_name: str, image: str) -> PlacedBoard:
    """Track cells as Zones named '<track> <label>' (see conventions.track_cell_names), and the box
    of reinforcements that enter on an event."""
    zoned = ZonedGrid()
    placed = PlacedBoard(map_name, map_name, image, layout.size)
    names = track_cell_names(game)
    for row in layout.tracks:
        for value in row.values:
            rect = row.cells[value]
            name = names[(row.id, value)]
            zoned.add(_zone(name, rect, **{TRACK_PROPERTY: row.id,
                                           TRACK_VALUE_PROPERTY: str(value)}))
            placed.track_cells[(row.id, value)] = (name, rect.centre)
    if layout.event_box is not None:
        name = event_box_name(game)
        zoned.add(_zone(name, layout.event_box, **{BOX_PROPERTY: EVENT_BOX_ID}))
        placed.event_box = (name, layout.event_box.centre)
    placed.decks = dict(layout.decks)
    vboard = VBoard(name=map_name, image=image, width=layout.size[0], height=layout.size[1])
    if zoned.children:
        vboard.add(zoned)
    placed.component = vboard
    return placed


def board_component(placed: PlacedBoard) -> Component:
    assert placed.component is not None
    return placed.component
