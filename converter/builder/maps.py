"""Each board as a VASSAL Map: board image, grid (hex numbering, regions or zones) and the
helpers that make a map playable (moving, stacking, selecting, menus, zoom...)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from converter.builder.hexgrid import fit_vassal_grid
from converter.builder.layout import DisplayLayout
from converter.builder.conventions import (
    BOX_PROPERTY, EVENT_BOX_ID, NAMED_HEX_FORMAT, SIDE_LAYER, SPACE_PROPERTY, STEP_LAYER,
    TRACK_PROPERTY, TRACK_VALUE_PROPERTY, event_box_name, hex_location_name, space_names,
    track_cell_names)
from converter.model.game import Game
from converter.render.boardlayout import BoardLayout, Rect
from converter.vassal.components import (
    BoardComponent, BoardPicker, CounterDetailViewer, ForwardToChatter,
    ForwardToKeyBuffer, GlobalMap, HighlightLastMoved, ImageSaver, KeyBufferer, Map,
    MapCenterer, MenuDisplayer, PieceMover, Region, RegionGrid, Scroller,
    SelectionHighlighters, StackExpander, StackMetrics, ZoneComponent, ZonedGrid, ZoneProperty, Zoomer)
from converter.vassal.grid import HexGeometry


@dataclass
class PlacedBoard:
    """A board as written into the module: where its locations are and what VASSAL calls them."""

    map_name: str
    board_name: str
    image: str
    size: tuple[int, int]
    vassal_grid: HexGeometry | None = None
    hex_centres: dict[str, tuple[float, float]] = field(default_factory=dict)
    # space id → (VASSAL location name, point)
    spaces: dict[str, tuple[str, tuple[int, int]]] = field(default_factory=dict)
    # (track id, value) → (zone name, point)
    track_cells: dict[tuple[str, int], tuple[str, tuple[int, int]]] = field(default_factory=dict)
    decks: dict[str, Rect] = field(default_factory=dict)
    event_box: tuple[str, tuple[int, int]] | None = None  # (zone name, point)
    component: BoardComponent | None = None  # the VASSAL Board


def _zone(name: str, rect: Rect, **properties: str) -> ZoneComponent:
    """A rectangular zone named *name*, carrying *properties* as ZoneProperties."""
    zone = ZoneComponent(name=name, location_format="$name$", path=rect.path())
    for key, value in properties.items():
        zone.add(ZoneProperty(name=key, initial_value=value,
                              description="the game's id of this place (set by vconv)"))
    return zone


# The counter viewer's text under each piece: the factors its face now shows, the step or
# side layer's level picking `Factors_<level>` (builder.pieces.factor_properties); a VASSAL
# expression, where a property the piece lacks reads as "" and "" beside a number as 0.
SHOWN_FACTORS = ('{(%s_Level + %s_Level) == "" ? Factors : '
                 'GetProperty("Factors_" + (%s_Level + %s_Level))}'
                 % (STEP_LAYER, SIDE_LAYER, STEP_LAYER, SIDE_LAYER))


def counter_viewer() -> CounterDetailViewer:
    """The mouse-over viewer: the pieces under the mouse (one alone too), the place's name
    above them and each piece's printed factors, as its step or side shows them, below."""
    return CounterDetailViewer(min_display_pieces=1, showtext=True, center_text=True,
                               summary_report_format="$LocationName$",
                               counter_report_format=SHOWN_FACTORS)


def playable_map(name: str, board: BoardComponent, *, docked: bool) -> Map:
    """A Map with one board and every helper the editor gives a new map (§2.4)."""
    m = Map(map_name=name, launch=not docked, button_name=name if not docked else "",
            tooltip=f"Show/hide {name}" if not docked else "")
    m.add(BoardPicker().add(board), StackMetrics(), ForwardToKeyBuffer(), Scroller(),
          ForwardToChatter(), MenuDisplayer(), MapCenterer(), StackExpander(), PieceMover(),
          KeyBufferer(), ImageSaver(), counter_viewer(), Zoomer(), HighlightLastMoved(),
          SelectionHighlighters(), GlobalMap())
    return m


def placed_board(layout: BoardLayout, map_name: str, image: str) -> PlacedBoard:
    """A board as VASSAL holds its places: a hex grid where the layout has hexes (zones for its
    boxes and named hexes), zones where it has boxes, else a region per point."""
    if layout.hex_centres:
        return hex_board(layout, map_name, image)
    if layout.boxes:
        return box_board(layout, map_name, image)
    return space_board(layout, map_name, image)


def hex_board(layout: BoardLayout, map_name: str, image: str) -> PlacedBoard:
    board = layout.board
    assert board.grid is not None
    vgrid = fit_vassal_grid(board.grid, layout.hex_centres, hex_width=layout.hex_width,
                            hex_height=layout.hex_height, board_size=layout.size,
                            board_name=board.name)
    grid, _numbering = vgrid.to_components(visible=False)
    vboard = BoardComponent(name=board.name, image=image, width=layout.size[0], height=layout.size[1])
    placed = PlacedBoard(map_name, board.name, image, layout.size, vgrid, dict(layout.hex_centres))
    named = [h for h in board.named_hexes() if h.name and h.id in layout.hex_centres]
    if layout.boxes or named:  # zones for boxes and named hexes, the hex grid everywhere else
        names = space_names(board)
        zoned = ZonedGrid()
        for space in board.spaces or []:
            rect = layout.boxes[space.id]
            zoned.add(_zone(names[space.id], rect, **{SPACE_PROPERTY: space.id}))
            placed.spaces[space.id] = (names[space.id], rect.centre)
        counts = Counter(h.name for h in named)
        for h in named:
            assert h.name is not None
            # VASSAL finds a zone by its name: a name two hexes share is spelled out in full
            zone_name, fmt = (h.name, NAMED_HEX_FORMAT) if counts[h.name] == 1 else \
                (hex_location_name(h.name, h.id), "$name$")
            zoned.add(ZoneComponent(name=zone_name, location_format=fmt,
                                    path=hex_path(vgrid, h.id), use_parent_grid=True))
        zoned.add(grid)
        vboard.add(zoned)
    else:
        vboard.add(grid)
    placed.component = vboard
    return placed


def hex_path(grid: HexGeometry, hex_id: str) -> str:
    """The Zone polygon `x1,y1;...` of one hex of a VASSAL hex grid: its six corners, whole
    pixels symmetric about the point VASSAL places a piece at, which is so their mean too."""
    cx, cy = grid.center_of(hex_id)
    if grid.sideways:
        cx, cy = cy, cx
    half_w, quarter_w, half_h = round(grid.dx * 2 / 3), round(grid.dx / 3), round(grid.dy / 2)
    corners = [(-half_w, 0), (-quarter_w, -half_h), (quarter_w, -half_h), (half_w, 0),
               (quarter_w, half_h), (-quarter_w, half_h)]
    points = [(cx + x, cy + y) for x, y in corners]
    if grid.sideways:
        points = [(y, x) for x, y in points]
    return ";".join(f"{x},{y}" for x, y in points)


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
    vboard = BoardComponent(name=board.name, image=image, width=layout.size[0], height=layout.size[1])
    if grid.children:
        vboard.add(grid)
    placed.component = vboard
    return placed


def box_board(layout: BoardLayout, map_name: str, image: str) -> PlacedBoard:
    """Boxes (off the map or on it) as Zones of a ZonedGrid, each named after its box."""
    board = layout.board
    names = space_names(board)
    zoned = ZonedGrid()
    placed = PlacedBoard(map_name, board.name, image, layout.size)
    for space in board.spaces or []:
        rect = layout.boxes[space.id]
        zoned.add(_zone(names[space.id], rect, **{SPACE_PROPERTY: space.id}))
        placed.spaces[space.id] = (names[space.id], rect.centre)
    vboard = BoardComponent(name=board.name, image=image, width=layout.size[0], height=layout.size[1])
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
    vboard = BoardComponent(name=map_name, image=image, width=layout.size[0], height=layout.size[1])
    if zoned.children:
        vboard.add(zoned)
    placed.component = vboard
    return placed


def board_component(placed: PlacedBoard) -> BoardComponent:
    assert placed.component is not None
    return placed.component
