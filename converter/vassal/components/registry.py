"""The component registry: VASSAL class name (XML tag) → component class."""

from __future__ import annotations

from lxml import etree

from converter.vassal.components.base import Component, RawElement
from converter.vassal.components.game_module import BasicModule, GameModule
from converter.vassal.components.basic_command_encoder import BasicCommandEncoder
from converter.vassal.components.documentation import Documentation
from converter.vassal.components.help_file import HelpFile
from converter.vassal.components.about_screen import AboutScreen
from converter.vassal.components.player_roster import PlayerRoster
from converter.vassal.components.player_side import PlayerSide
from converter.vassal.components.global_options import GlobalOptions
from converter.vassal.components.chatter import Chatter
from converter.vassal.components.key_namer import KeyNamer
from converter.vassal.components.language import Language
from converter.vassal.components.global_translatable_messages import GlobalTranslatableMessages
from converter.vassal.components.global_properties import GlobalProperties
from converter.vassal.components.global_property import GlobalProperty
from converter.vassal.components.prototypes_container import PrototypesContainer
from converter.vassal.components.prototype_definition import PrototypeDefinition
from converter.vassal.components.piece_window import PieceWindow
from converter.vassal.components.tab_widget import TabWidget
from converter.vassal.components.panel_widget import PanelWidget
from converter.vassal.components.list_widget import ListWidget
from converter.vassal.components.box_widget import BoxWidget
from converter.vassal.components.piece_slot import PieceSlot
from converter.vassal.components.card_slot import CardSlot
from converter.vassal.components.map import Map
from converter.vassal.components.board_picker import BoardPicker
from converter.vassal.components.board_setup import BoardSetup
from converter.vassal.components.board import Board
from converter.vassal.components.hex_grid import HexGrid
from converter.vassal.components.hex_grid_numbering import HexGridNumbering
from converter.vassal.components.square_grid import SquareGrid
from converter.vassal.components.square_grid_numbering import SquareGridNumbering
from converter.vassal.components.region_grid import RegionGrid
from converter.vassal.components.region import Region
from converter.vassal.components.zoned_grid import ZonedGrid
from converter.vassal.components.zone import Zone
from converter.vassal.components.zone_property import ZoneProperty
from converter.vassal.components.stack_metrics import StackMetrics
from converter.vassal.components.forward_to_key_buffer import ForwardToKeyBuffer
from converter.vassal.components.scroller import Scroller
from converter.vassal.components.forward_to_chatter import ForwardToChatter
from converter.vassal.components.menu_displayer import MenuDisplayer
from converter.vassal.components.map_centerer import MapCenterer
from converter.vassal.components.stack_expander import StackExpander
from converter.vassal.components.piece_mover import PieceMover
from converter.vassal.components.key_bufferer import KeyBufferer
from converter.vassal.components.image_saver import ImageSaver
from converter.vassal.components.selection_highlighters import SelectionHighlighters
from converter.vassal.components.highlight_last_moved import HighlightLastMoved
from converter.vassal.components.counter_detail_viewer import CounterDetailViewer
from converter.vassal.components.zoomer import Zoomer
from converter.vassal.components.global_map import GlobalMap
from converter.vassal.components.setup_stack import SetupStack
from converter.vassal.components.draw_pile import DrawPile
from converter.vassal.components.dice_button import DiceButton
from converter.vassal.components.special_dice_button import SpecialDiceButton
from converter.vassal.components.special_die import SpecialDie
from converter.vassal.components.special_die_face import SpecialDieFace
from converter.vassal.components.turn_tracker import TurnTracker
from converter.vassal.components.counter_turn_level import CounterTurnLevel
from converter.vassal.components.list_turn_level import ListTurnLevel
from converter.vassal.components.turn_global_hotkey import TurnGlobalHotkey
from converter.vassal.components.chart_window import ChartWindow
from converter.vassal.components.chart import Chart
from converter.vassal.components.html_chart import HtmlChart
from converter.vassal.components.predefined_setup import PredefinedSetup
from converter.vassal.components.private_map import PlayerHand, PrivateMap, WidgetMap

COMPONENT_CLASSES: tuple[type[Component], ...] = (
    GameModule, BasicCommandEncoder, Documentation, HelpFile, AboutScreen, PlayerRoster,
    PlayerSide, GlobalOptions, Chatter, KeyNamer, Language, GlobalTranslatableMessages,
    GlobalProperties, GlobalProperty, PrototypesContainer, PrototypeDefinition, PieceWindow,
    TabWidget, PanelWidget, ListWidget, BoxWidget, PieceSlot, CardSlot, Map, BoardPicker,
    BoardSetup, Board, HexGrid, HexGridNumbering, SquareGrid, SquareGridNumbering, RegionGrid,
    Region, ZonedGrid, Zone, ZoneProperty, StackMetrics, ForwardToKeyBuffer, Scroller,
    ForwardToChatter, MenuDisplayer, MapCenterer, StackExpander, PieceMover, KeyBufferer,
    ImageSaver, SelectionHighlighters, HighlightLastMoved, CounterDetailViewer, Zoomer, GlobalMap,
    SetupStack, DrawPile, DiceButton, SpecialDiceButton, SpecialDie, SpecialDieFace, TurnTracker,
    CounterTurnLevel, ListTurnLevel, TurnGlobalHotkey, ChartWindow, Chart, HtmlChart,
    PredefinedSetup, PrivateMap, PlayerHand, BasicModule, WidgetMap,
)

COMPONENTS_BY_TAG: dict[str, type[Component]] = {c.TAG: c for c in COMPONENT_CLASSES}


def component_from_xml(element: etree._Element) -> Component:
    """The component for *element*: its registered class, or a RawElement kept as read."""
    cls = COMPONENTS_BY_TAG.get(str(element.tag), RawElement)
    component = cls.from_element(element)
    component.children = [component_from_xml(child) for child in element
                          if isinstance(child.tag, str)]
    return component
