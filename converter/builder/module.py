"""The game model → a VASSAL module: maps, pieces, setup, dice, turns, sides, charts, decks.

`build_module` assembles the component tree and the images, runs our own checker, and
returns the archive with notes on what the module could not express; `write_module` writes
it atomically.  The canonical game description travels inside the archive
(`vconv/game.json`) so the module alone is enough to audit games played with it.
"""

from __future__ import annotations

import copy
import html
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from PIL import Image

from converter.builder import layout as lay
from converter.builder.charts import chart_window
from converter.builder.conventions import GAME_ENTRY, map_names
from converter.builder.decks import deck_piles
from converter.builder.images import (
    ImageSet, board_picture, display_image, png, safe_name, scan_size)
from converter.builder.maps import (
    PlacedBoard, board_component, display_board, placed_board, playable_map)
from converter.builder.pieces import (
    PieceArt, draw_pieces, piece_definition, prototypes, roster_names)
from converter.builder.scenarios import add_scenarios
from converter.builder.toolbar import board_properties, dice_buttons, global_properties
from converter.builder.trackers import other_trackers, turn_tracker
from converter.count import counted
from converter.errors import BuildError, ModelError
from converter.model.game import Game
from converter.builder.preserved import WriteBackHook
from converter.model.board import Board
from converter.model.pieces import Piece
from converter.vassal.archive import VASSAL_VERSION, ModuleArchive
from converter.vassal.checker import Finding, check_archive
from converter.vassal.components import (
    BasicCommandEncoder, Chatter, Documentation, GameModule, GlobalOptions,
    BoardComponent, CardSlot, GlobalTranslatableMessages, HelpFile, KeyNamer, Language, Map,
    PanelWidget, PieceSlot, PieceWindow, PlayerRoster, PlayerSide, PredefinedSetup,
    PrototypesContainer, SetupStack, TabWidget)
from converter.vassal.components.base import Component

log = logging.getLogger(__name__)

NOTES_ENTRY = "vconv/notes.html"
SLOT_PX = 64


@dataclass
class BuiltModule:
    """A module ready to write, with what it could not express and the checker's findings."""

    game: Game
    archive: ModuleArchive
    notes: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    boards: dict[str, PlacedBoard] = field(default_factory=dict)
    display: PlacedBoard | None = None
    # edits of an imported game's JSON that its kept build file cannot take (file#pointer: why)
    warnings: list[str] = field(default_factory=list)
    # what was built, in words, when the module is not built from the model (an import's)
    summary: str = ""
    # a build for an audit (draw=False): the images not drawn, each drawn when asked for
    images: ImageSet | None = None

    @property
    def file_name(self) -> str:
        return f"{self.game.id}.vmod"


class _Gpids:
    """Slot ids handed out in build order: the same game always gets the same ids."""

    def __init__(self) -> None:
        self.next = 1

    def take(self) -> str:
        value = self.next
        self.next += 1
        return str(value)


def build_module(path: str | Path, write_back: WriteBackHook | None = None, *,
                 draw: bool = True) -> BuiltModule:
    """Build the module of the game folder *path* (not written yet; see write_module).

    A game imported from a VASSAL module is that module written back; *write_back* (the
    importer's `converter.importer.writeback.write_back`) writes the JSON's edits into it.
    With *draw* false the build is for an audit: the component tree whole, but no image
    drawn (each is drawn when `images.get` asks), no reference card, and our checker not
    run; such a module is not for writing.

    Raises:
        InputError: the folder or a file it names cannot be read.
        ModelError: the game does not validate.
        BuildError: the game cannot be expressed (e.g. no VASSAL numbering fits its hex ids).
    """
    from converter.validate import validate_path

    doc, problems = validate_path(path)  # as load_model, keeping the merged document
    if problems:
        lines = "\n".join(p.line() for p in problems[:20])
        more = f"\n... and {len(problems) - 20} more" if len(problems) > 20 else ""
        raise ModelError(f"{doc.folder}: the game has {counted(len(problems), 'problems')} "
                         f"(run vconv validate):\n{lines}{more}")
    game = Game.from_dict(doc.data)
    game.folder = doc.folder
    if "vassal" in doc.data:  # imported from a VASSAL module: write that module back
        from converter.builder.preserved import preserved_archive
        warnings: list[str] = []
        edited: list[bool] = []
        archive = preserved_archive(Path(doc.folder), copy.deepcopy(doc.data), doc, warnings,
                                    edited, write_back)
        return BuiltModule(game, archive, [], warnings=warnings,
                           summary=_written_back(archive.buildfile, any(edited)))
    return build_from_model(game, copy.deepcopy(doc.data), draw=draw)


def _written_back(root: Component, edited: bool) -> str:
    """What an imported module written back holds, counted in its own build file."""
    counts = [(len(root.find_all(Map)), "map"), (len(root.find_all(BoardComponent)), "board"),
              (len(root.find_all(PieceSlot)), "piece slot"),
              (len(root.find_all(CardSlot)), "card slot"),
              (len(root.find_all(SetupStack)), "at-start stack"),
              (len(root.find_all(PredefinedSetup)), "predefined setup")]
    held = ", ".join(f"{n} {what}{'' if n == 1 else 's'}" for n, what in counts if n)
    how = ("the JSON's edits written into the build file the import kept" if edited
           else "the build file the import kept, unchanged")
    return f"the imported VASSAL module: {held or 'no component'}; {how}"


def build_from_model(game: Game, document: dict[str, object], *,
                     draw: bool = True) -> BuiltModule:
    """Build from an already-loaded model and its merged JSON document (*draw*: as for
    build_module)."""
    notes: list[str] = []
    imageset = ImageSet(draw)
    images = imageset.images
    files: dict[str, bytes] = {}
    gpids = _Gpids()
    root = GameModule(name=game.title, version="1.0",
                      description=_description(game), vassal_version=VASSAL_VERSION)
    roster = PlayerRoster(button_text="Retire")
    roster.add(*[PlayerSide(content=name) for name in roster_names(game)])
    root.add(BasicCommandEncoder(), Documentation().add(
        HelpFile(title="vconv notes", file_name=NOTES_ENTRY, file_type="archive")), roster,
        GlobalOptions(), Chatter(), KeyNamer(), Language(), GlobalTranslatableMessages())
    props = global_properties(game)
    if props is not None:
        root.add(props)

    art = draw_pieces(game, draw)
    images.update(art.images)
    container = PrototypesContainer()
    container.add(*prototypes(game))
    root.add(container)

    boards, maps = _boards(game, imageset, notes)
    for board, vmap in zip(game.boards or [], maps):  # one map per board, in order
        held = board_properties(game, board.id)
        if held is not None:
            vmap.add(held)
    display = None
    display_layout = lay.display_layout(game)
    if display_layout is not None:
        name = map_names(game)[""]
        display = display_board(game, display_layout, name, "boards/display.png")
        imageset.add("boards/display.png", lambda: display_image(game, display_layout))
        dmap = playable_map(name, board_component(display), docked=not maps)
        maps.append(dmap)
        deck_piles(game, display, dmap, imageset, gpids.take, notes)
    root.add(*maps)
    palette, palette_gpids = _palette(game, art, gpids.take)
    root.add(palette)
    root.add(*dice_buttons(game, notes, images if draw else None))
    tracker = turn_tracker(game)
    if tracker is not None:
        root.add(tracker)
    root.add(*other_trackers(game))
    if draw:  # an audit reads no chart
        root.add(*chart_window(game, images, files))
    add_scenarios(game, art, boards, display, root, maps, files, gpids.take, notes,
                  palette_gpids)
    root.next_piece_slot_id = gpids.next

    files[GAME_ENTRY] = (json.dumps(document, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
    files[NOTES_ENTRY] = _notes_html(game, notes).encode("utf-8")
    archive = ModuleArchive(root, images, files)
    built = BuiltModule(game, archive, notes, check_archive(archive) if draw else [], boards,
                        display, images=None if draw else imageset)
    log.info("built %s: %d maps, %d images, %d notes, %d findings", game.id, len(maps),
             len(images), len(notes), len(built.findings))
    return built


def write_module(built: BuiltModule, out_dir: str | Path, epoch: int | None = None) -> Path:
    """Write the module as `<out_dir>/<game id>.vmod`, atomically.

    Raises:
        BuildError: our checker found problems (the module is not written).
    """
    if built.findings:
        lines = "\n".join(str(f) for f in built.findings[:30])
        raise BuildError(f"{built.game.id}: the module has "
                         f"{counted(len(built.findings), 'problems')}:\n{lines}")
    return built.archive.write(Path(out_dir) / built.file_name, epoch)


def _description(game: Game) -> str:
    parts = [game.subtitle or "", game.publisher or "", str(game.year) if game.year else ""]
    return " - ".join(p for p in parts if p)


def _boards(game: Game, images: ImageSet,
            notes: list[str]) -> tuple[dict[str, PlacedBoard], list[Map]]:
    placed: dict[str, PlacedBoard] = {}
    maps: list[Map] = []
    names = map_names(game)
    for board in game.boards or []:
        map_name = names[board.id]
        image_name = f"boards/{safe_name(board.id)}.png"
        # the renderer draws the schematic when the scan is not there: so does the geometry
        scan = board.image is not None and game.resource(board.image.file).is_file()
        if images.draw:
            picture = board_picture(game, board)
            images.add(image_name, partial(_png_rgb, picture))
            size: tuple[int, int] | None = picture.size
        else:  # the scan's size from its header; a schematic is the layout's size
            images.add(image_name, partial(_board_png, game, board))
            size = scan_size(game, board) if scan else None
        if board.kind_spec.hex_grid and board.grid is None:
            notes.append(f"board {board.name!r}: the description gives no hex grid, so the "
                         "module's board has no hexes and nothing can be placed on it by "
                         "hex id")
        layout = lay.board_layout(board, size if scan else None, game.language)
        if size is not None and layout.size != size:  # the grid lies where the hexes are
            raise BuildError(f"board {board.name!r}: the renderer drew a {size} image "
                             f"but its geometry says {layout.size}")
        pb = placed_board(layout, map_name, image_name)
        placed[board.id] = pb
        maps.append(playable_map(map_name, board_component(pb), docked=not maps))
    return placed, maps


def _palette(game: Game, art: PieceArt,
             take_gpid: Callable[[], str]) -> tuple[PieceWindow, dict[str, str]]:
    """The piece palette (a tab per side, a panel per nationality or faction, a slot per
    piece) and the slot gpid of each piece id."""
    gpid_of: dict[str, str] = {}
    window = PieceWindow(name="Pieces", text="Pieces", tooltip="Show/hide the piece palette")
    tabs = TabWidget(entry_name="Sides")
    groups: dict[str, dict[str, list[Piece]]] = {}
    order: list[str] = [s.name for s in game.sides]
    for piece in game.pieces or []:
        side = game.side_of(piece)
        tab = side.name if side else "Markers"
        if piece.nationalities:
            nat = game.nationality(piece.nationalities[0])
            panel = nat.name if nat else piece.nationalities[0]
        else:
            faction = game.faction_of(piece)
            panel = faction.name if faction else (piece.kind.capitalize() + "s")
        groups.setdefault(tab, {}).setdefault(panel, []).append(piece)
        if tab not in order:
            order.append(tab)
    for tab in order:
        if tab not in groups:
            continue
        side_tab = TabWidget(entry_name=tab)
        for panel_name, pieces in groups[tab].items():
            widget = PanelWidget(entry_name=panel_name, n_columns=6)
            for piece in pieces:
                gpid = gpid_of[piece.id] = take_gpid()
                slot = PieceSlot(entry_name=piece.name, gpid=gpid, width=SLOT_PX, height=SLOT_PX)
                slot.piece = piece_definition(game, piece, art, gpid=gpid)
                widget.add(slot)
            side_tab.add(widget)
        tabs.add(side_tab)
    window.add(tabs)
    return window, gpid_of


def _notes_html(game: Game, notes: list[str]) -> str:
    items = "".join(f"<li>{html.escape(n)}</li>" for n in notes) or "<li>nothing to report</li>"
    return (f"<html><head><meta charset=\"utf-8\"><title>{html.escape(game.title)}</title></head>"
            f"<body><h1>{html.escape(game.title)}</h1><p>What this module could not express "
            f"from the game description:</p><ul>{items}</ul></body></html>\n")


def _png_rgb(picture: Image.Image) -> bytes:
    return png(picture.convert("RGB"))


def _board_png(game: Game, board: Board) -> bytes:
    """A board's picture, drawn only when the module's images are wanted."""
    return png(board_picture(game, board).convert("RGB"))
