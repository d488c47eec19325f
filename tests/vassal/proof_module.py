"""A small hand-assembled wargame module built only with converter.vassal: the proof that
the library writes modules the real engine loads cleanly.

One map with a hex board (Pillow image), a palette with a two-sided counter (Layer), a
prototype, an at-start stack on a named hex, a d6, a special die with an "S" face, a turn
tracker and a chart.
"""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from converter.vassal.archive import ModuleArchive
from converter.vassal.components import (
    BasicCommandEncoder, BoardComponent, BoardPicker, Chart, ChartWindow, Chatter, CounterDetailViewer,
    CounterTurnLevel, DiceButton, Documentation, ForwardToChatter, ForwardToKeyBuffer,
    GameModule, GlobalOptions, GlobalProperties, GlobalProperty, GlobalTranslatableMessages,
    HighlightLastMoved, KeyBufferer, KeyNamer, Language, ListTurnLevel, ListWidget, Map,
    MapCenterer, MenuDisplayer, PanelWidget, PieceMover, PieceSlot, PieceWindow, PlayerRoster,
    PlayerSide, PrototypeDefinition, PrototypesContainer, Scroller, SetupStack,
    SpecialDiceButton, SpecialDie, SpecialDieFace, StackExpander, StackMetrics, TurnTracker,
    Zoomer)
from converter.vassal.grid import HexNumberingScheme, hex_grid_for_scheme
from converter.vassal.traits import (
    BasicPiece, Delete, DynamicProperty, Layer, Marker, PieceTraits, ReportState, UsePrototype)

BOARD_SIZE = (620, 520)
HEX_DX, HEX_DY = 56.0, 64.0
FIRST_HEX = (40, 40)
SETUP_HEX = "0304"
SCHEME = HexNumberingScheme(first="column", digits=2, first_line_back=True)

def png(size: tuple[int, int], colour: str, label: str = "") -> bytes:
    image = Image.new("RGB", size, colour)
    if label:
        ImageDraw.Draw(image).text((4, 4), label, fill="black")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()


def board_png() -> bytes:
    grid = hex_grid_for_scheme(SCHEME, first_hex=FIRST_HEX, dx=HEX_DX, dy=HEX_DY,
                               board_size=BOARD_SIZE)
    image = Image.new("RGB", BOARD_SIZE, "#d8e8c0")
    draw = ImageDraw.Draw(image)
    for col in range(11):
        for row in range(8):
            x, y = grid.center(col, row)
            draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill="#606060")
            draw.text((x - 10, y - 20), grid.name_of_raw(col, row), fill="black")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()


def unit_piece(name: str, gpid: str) -> PieceTraits:
    """A two-sided counter: prototype Unit, a Layer for the reduced side, a strength."""
    layer = Layer(images=["unit_front.png", "unit_back.png"], level_names=["", "+ (reduced)"],
                  name="Step", increase_command="Flip", increase_key="70,130",
                  description="Flip to reduced side")
    strength = DynamicProperty.numeric("Strength", 4, 0, 4, commands="", description="steps")
    return PieceTraits([UsePrototype(name="Unit"), strength, layer,
                  BasicPiece(image="unit_front.png", name=name, gpid=gpid)])


def prototype_piece() -> PieceTraits:
    return PieceTraits([Marker.of({"Side": "Blue", "Type": "Infantry"}),
                  ReportState(keys="70\\,130", report_format="$oldPieceName$ flips"),
                  Delete(), BasicPiece()])


def build_root() -> GameModule:
    grid, _numbering = hex_grid_for_scheme(
        SCHEME, first_hex=FIRST_HEX, dx=HEX_DX, dy=HEX_DY, board_size=BOARD_SIZE
    ).to_components(visible=False)
    setup_slot = PieceSlot(entry_name="1st Bn", gpid="3", width=64, height=64)
    setup_slot.piece = unit_piece("1st Bn", "3")
    palette_slot = PieceSlot(entry_name="1st Bn", gpid="1", width=64, height=64)
    palette_slot.piece = unit_piece("1st Bn", "1")
    second_slot = PieceSlot(entry_name="2nd Bn", gpid="2", width=64, height=64)
    second_slot.piece = unit_piece("2nd Bn", "2")
    prototype = PrototypeDefinition(name="Unit", description="every unit")
    prototype.piece = prototype_piece()

    game_map = Map(map_name="Main Map").add(
        BoardPicker().add(BoardComponent(name="Main", image="board.png").add(grid)),
        StackMetrics(), ForwardToKeyBuffer(), Scroller(), ForwardToChatter(), MenuDisplayer(),
        MapCenterer(), StackExpander(), PieceMover(), KeyBufferer(), CounterDetailViewer(),
        Zoomer(), HighlightLastMoved(),
        SetupStack(name="1st Bn start", owning_board="Main", use_grid_location=True,
                   location=SETUP_HEX).add(setup_slot))
    return GameModule(name="vconv proof", version="0.1.0", description="library proof",
                      next_piece_slot_id=4).add(
        BasicCommandEncoder(), Documentation(),
        PlayerRoster().add(PlayerSide(content="Blue"), PlayerSide(content="Red")),
        GlobalOptions(), Chatter(), KeyNamer(), Language(), GlobalTranslatableMessages(),
        GlobalProperties().add(GlobalProperty(name="VP", initial_value="0", is_numeric=True,
                                              min="0", max="99")),
        PrototypesContainer().add(prototype),
        game_map,
        PieceWindow(name="Counters", text="Counters").add(
            ListWidget(entry_name="Blue").add(
                PanelWidget(entry_name="Infantry", n_columns=2).add(palette_slot, second_slot))),
        DiceButton(name="1d6", text="1d6", tooltip="Roll a d6", n_dice=1, n_sides=6),
        SpecialDiceButton(name="Special", text="Special").add(
            SpecialDie(name="Shock").add(
                SpecialDieFace(text="S", value=1), SpecialDieFace(text="-", value=0),
                SpecialDieFace(text="-", value=0))),
        TurnTracker(name="Turn").add(
            CounterTurnLevel(name="Turn", property="Turn", start=1, incr=1).add(
                ListTurnLevel(name="Phase", property="Phase",
                              items=["Movement", "Combat", "Supply"]))),
        ChartWindow(name="Charts", text="Charts").add(
            Chart(chart_name="CRT", file_name="crt.png", description="Combat Results Table")))


def build_proof_module() -> ModuleArchive:
    return ModuleArchive(
        buildfile=build_root(),
        images={"board.png": board_png(),
                "unit_front.png": png((60, 60), "#4060c0", "1 Bn"),
                "unit_back.png": png((60, 60), "#a0b0e0", "1 Bn r"),
                "crt.png": png((300, 120), "white", "CRT")})


def build_full_module() -> ModuleArchive:
    """The proof module plus every other component class the library models, with the
    library's defaults, so the engine judges those defaults too."""
    from converter.vassal.components import (
        AboutScreen, BoardSetup, BoxWidget, CardSlot, DrawPile, GlobalMap, HelpFile,
        HtmlChart, ImageSaver, PredefinedSetup, Region, RegionGrid, SelectionHighlighters,
        SquareGrid, SquareGridNumbering, TabWidget, TurnGlobalHotkey, ZoneComponent, ZonedGrid,
        ZoneProperty)

    module = build_proof_module()
    root = module.buildfile
    root.find(Documentation).add(HelpFile(title="Rules", file_name="help/rules.html"),
                                 AboutScreen(title="About", file_name="crt.png"))
    card = CardSlot(entry_name="Event", gpid="4")
    card.piece = PieceTraits([BasicPiece(image="unit_back.png", name="Event", gpid="4")])
    pointy = hex_grid_for_scheme(
        HexNumberingScheme(orientation="pointy", first="row", columns_descend=True,
                           column_start=9),
        first_hex=(20, 20), dx=48.0, dy=55.0, board_size=(500, 400))
    background, _ = pointy.to_components()
    zoned = ZonedGrid().add(
        ZoneComponent(name="North", path="0,0;300,0;300,200;0,200").add(
            ZoneProperty(name="Weather", initial_value="Clear"),
            SquareGrid(x0=25, y0=25, dx=50.0, dy=50.0).add(SquareGridNumbering())),
        ZoneComponent(name="South", path="0,200;300,200;300,400;0,400", use_parent_grid=True),
        ZoneComponent(name="Boxes", path="320,0;500,0;500,400;320,400").add(
            RegionGrid().add(Region(name="Box A", originx=400, originy=100),
                             Region(name="Box B", originx=400, originy=300))),
        background)
    second_map = Map(map_name="Holding Boxes", launch=True, button_name="Boxes").add(
        BoardPicker().add(BoardComponent(name="Boxes", width=500, height=400).add(zoned),
                          BoardSetup(content="Holding BoxesBoardPicker\tBoxes\t0\t0")),
        StackMetrics(), ForwardToKeyBuffer(), Scroller(), ForwardToChatter(), MenuDisplayer(),
        MapCenterer(), StackExpander(), PieceMover(), KeyBufferer(), ImageSaver(),
        CounterDetailViewer(), Zoomer(), SelectionHighlighters(), GlobalMap(),
        DrawPile(name="Events", owning_board="Boxes", x=100, y=300).add(card))
    root.children.insert(root.children.index(root.find(Map)) + 1, second_map)
    root.find(TurnTracker).add(TurnGlobalHotkey(name="Refit", hotkey="82,130",
                                                match="{Phase==\"Supply\"}"))
    root.find(ChartWindow).add(
        TabWidget(entry_name="More").add(
            HtmlChart(chart_name="Rules", file_name="help/rules.html"),
            BoxWidget(entry_name="Other").add(Chart(chart_name="CRT 2", file_name="crt.png"))))
    root.children.append(PredefinedSetup(name="Scenario 1"))
    root.next_piece_slot_id = 5
    module.files["help/rules.html"] = b"<html><body><h1>Rules</h1></body></html>"
    return module
