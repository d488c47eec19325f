"""A VASSAL module → the canonical game description, as JSON files and copied images.

A module built by vconv carries its game (`vconv/game.json`): that is returned as it is.
Any other module is reconstructed from its build file, component by component; what the
format cannot hold is listed in the game's notes ("not imported: ..."), never dropped
silently, and what the module does not say is listed in `missing`.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

from converter.builder.conventions import GAME_ENTRY, embedded_document
from converter.builder.preserved import digest
from converter.errors import VassalFormatError
from converter.importer.boards import BoardsResult, import_boards
from converter.importer.charts import ChartsResult, import_charts
from converter.importer.context import SOURCE_ID, ImportContext
from converter.importer.decks import import_decks
from converter.importer.images import MAX_IMAGE_BYTES, ImageStore
from converter.importer.paths import is_folder, label
from converter.importer.pieces import PiecesResult, Prototypes, deduce_sides, import_pieces
from converter.importer.preserve import preserve
from converter.importer.properties import PropertiesResult, import_global_properties
from converter.importer.scenarios import import_predefined
from converter.importer.setup import count_placed, import_setup
from converter.importer.toolbar import import_dice
from converter.importer.trackers import TrackersResult, import_turns
from converter.vassal.components import (
    Chart, GameModule, HtmlChart, Map, PieceSlot, PlayerRoster, PrototypesContainer)
from converter.vassal.vmod_reader import ModuleFile, read_vmod
from converter.vassal.zipfiles import ZIP_ERRORS

EXTENSION_TAG = "VASSAL.build.module.ModuleExtension"

FORMAT = "vconv-game/1"
# fragment files written beside game.json, and the keys each holds
FRAGMENTS = (("boards.json", ("boards",)),
             ("pieces.json", ("factors", "pieces", "decks", "cards")),
             ("tables.json", ("dice", "charts")), ("scenarios.json", ("scenarios",)),
             ("properties.json", ("global_properties",)))


@dataclass
class ImportedGame:
    """The game folder's files (relative path → bytes) and what the import found."""

    files: dict[str, bytes]
    embedded: bool
    title: str
    counts: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    absent_files: list[str] = field(default_factory=list)
    kept: str = ""  # what the game's `vassal` section keeps, in words


def import_module(path: str | os.PathLike[str], slug: str) -> ImportedGame:
    """Read the module at *path* into a game whose id is *slug* (the folder name).

    Raises:
        InputError: the file does not exist.
        VassalFormatError: not a module, unsafe or corrupt entries, malformed XML.
    """
    module = read_vmod(path)
    if GAME_ENTRY in module.entry_names:
        data = embedded_document(module)
        if data is None or "vassal" not in data:
            return _embedded(module, slug)
        # built from an imported module: its build file is the original's, read it again
    try:
        with module.opened():
            return _reconstruct(module, slug)
    except ZIP_ERRORS as exc:
        raise VassalFormatError(f"{module.path}: cannot be read again ({exc})") from None


def _extension_of(root: Any) -> dict[str, str] | None:
    """The attributes of a ModuleExtension root (a .vmdx), None for a module."""
    if getattr(root, "tag", "") != EXTENSION_TAG:
        return None
    attrib = getattr(root, "attrib", None)
    return dict(attrib) if isinstance(attrib, dict) else {}


def _vassal_version(root: Any, extension: dict[str, str] | None) -> str:
    """The VASSAL version the build file's root states (an extension spells it
    vassalVersion)."""
    if extension is not None:
        return extension.get("vassalVersion", "")
    return str(getattr(root, "vassal_version", "") or "")


def _dump(data: dict[str, Any]) -> bytes:
    return (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def _length(value: Any) -> int:
    return len(value) if isinstance(value, list) else 0


def _embedded(module: ModuleFile, slug: str) -> ImportedGame:
    data = embedded_document(module)
    assert data is not None  # the caller saw the entry
    # the embedded game is the merged document: its includes are already inside it
    data = {k: v for k, v in data.items() if k != "include"}
    notes = []
    if data.get("id") != slug:
        notes.append(f"the game's id is {data.get('id')!r}, not the folder's name {slug!r}; "
                     "rename one of them before validating")
    files = {"game.json": _dump(data), **_carried_charts(module, data)}
    return ImportedGame(files, True, str(data.get("title", "")),
                        counts={"boards": _length(data.get("boards")),
                                "pieces": _length(data.get("pieces"))},
                        notes=notes,
                        absent_files=[f for f in _named_files(data) if f not in files])


def _carried_charts(module: ModuleFile, data: dict[str, Any]) -> dict[str, bytes]:
    """The chart files a vconv-built module carries as they were (an HTML page at the
    archive's top, a picture among its images), put back where the game names them: the
    module's Chart of that name says which entry the build gave the file."""
    shown: dict[str, list[str]] = {}
    for comp in module.buildfile.walk():
        if isinstance(comp, (Chart, HtmlChart)) and comp.file_name:
            shown.setdefault(comp.chart_name, []).append(comp.file_name)
    out: dict[str, bytes] = {}
    charts: list[Any] = data["charts"] if isinstance(data.get("charts"), list) else []
    for chart in charts:
        if not isinstance(chart, dict):
            continue
        for key, folder in (("html", ""), ("image", "images/")):
            rel = chart.get(key)
            if not isinstance(rel, str) or rel.startswith("/") or ".." in PurePosixPath(rel).parts:
                continue
            base = PurePosixPath(rel).name
            for file in shown.get(str(chart.get("name")), []):
                entry = folder + file.lstrip("/")
                if PurePosixPath(file).name != base or entry not in module.entry_names:
                    continue
                try:
                    out[rel] = module.read_member(entry, MAX_IMAGE_BYTES)
                except (VassalFormatError, *ZIP_ERRORS):
                    continue  # too big or unreadable: the note asks the user for it
                break
    return out


def _named_files(data: dict[str, Any]) -> list[str]:
    """Files the game names (board scans, face pictures, charts), which the module does not
    carry."""
    out = []
    boards: list[Any] = data["boards"] if isinstance(data.get("boards"), list) else []
    for board in boards:
        if isinstance(board, dict) and isinstance(board.get("image"), dict):
            out.append(str(board["image"].get("file")))
    pieces: list[Any] = data["pieces"] if isinstance(data.get("pieces"), list) else []
    dice: list[Any] = data["dice"] if isinstance(data.get("dice"), list) else []
    for item in pieces + dice:
        faces = item.get("faces") if isinstance(item, dict) else None
        for face in faces if isinstance(faces, list) else []:
            if isinstance(face, dict) and face.get("image"):
                out.append(str(face["image"]))
    charts: list[Any] = data["charts"] if isinstance(data.get("charts"), list) else []
    for chart in charts:
        for key in ("image", "html"):
            if isinstance(chart, dict) and chart.get(key):
                out.append(str(chart[key]))
    return sorted(set(out))


@dataclass
class ImportParts:
    """What one import found, beyond its JSON: for writing edits of the JSON back into the
    module's build file (converter.builder.writeback)."""

    ctx: ImportContext
    boards: BoardsResult
    pieces: PiecesResult
    protos: Prototypes
    sides: dict[str, str]
    charts: ChartsResult
    properties: PropertiesResult
    trackers: TrackersResult


def reconstruct(module: ModuleFile, slug: str) -> tuple[ImportedGame, ImportParts]:
    """The import of a module that carries no game of its own, with what it found."""
    with module.opened():
        parts: list[ImportParts] = []
        return _reconstruct(module, slug, parts), parts[0]


def _reconstruct(module: ModuleFile, slug: str,
                 parts: list[ImportParts] | None = None) -> ImportedGame:
    ctx = ImportContext(module, ImageStore(module))
    root = module.buildfile
    consumed: set[int] = {id(root)}
    extension = _extension_of(root)
    name: str
    version: str
    if extension is not None:
        # VASSAL reads an extension's extensiondata, which has no name: a moduledata beside
        # it is a stale copy of the extended module's (ASL PBS carries VASL's)
        name = extension.get("description") or slug
        version = extension.get("version", "")
    else:
        name = str(module.metadata.get("name") or getattr(root, "name", "") or slug)
        version = str(module.metadata.get("version") or getattr(root, "version", "") or "")
    game: dict[str, Any] = {"format": FORMAT, "id": slug, "title": name}
    # not the file's name: a module rebuilt from this import must import to the same JSON
    source: dict[str, Any] = {"id": SOURCE_ID, "title": f"VASSAL module {name!r}"}
    if version:
        source["edition"] = version
    game["sources"] = [source]
    if extension is not None:
        extended = extension.get("module", "")
        ctx.note(f"this is an extension of module {extended!r} "
                 f"{extension.get('moduleVersion', '')}".rstrip() + ", not a module: only "
                 "what it adds is imported, and `vconv build` cannot make a module of it")
    elif not isinstance(root, GameModule):
        ctx.note(f"the build file's root is {root.tag!r}, not a GameModule")

    sides, side_ids = _sides(ctx, consumed)
    protos = Prototypes(ctx, root)
    consumed |= protos.consumed
    consumed |= {id(c) for c in root.find_all(PrototypesContainer)}
    boards = import_boards(ctx)
    consumed |= boards.consumed
    pieces = import_pieces(ctx, side_ids, protos)
    consumed |= pieces.consumed
    decks, cards, deck_ids = import_decks(ctx, consumed, protos)
    dice = import_dice(ctx, consumed)
    trackers = import_turns(ctx, consumed)
    charts = import_charts(ctx, consumed)
    global_properties = import_global_properties(ctx, boards, consumed)
    scenario = import_setup(ctx, boards, pieces, protos, side_ids, consumed)
    scenarios = ([scenario] if scenario else []) + import_predefined(
        ctx, boards, pieces, protos, side_ids, consumed, deck_ids)
    for each in scenarios:  # a piece no palette holds exists as often as a setup places it
        count_placed(each.get("setup", []), pieces)
    deduce_sides(pieces)
    _unimported(ctx, root, consumed)
    vassal, kept = preserve(ctx, module.raw_buildfile, module.raw_metadata)
    charts.place_pages(ctx, vassal["files"])
    for name_ in ctx.images.absent:
        if name_ in ctx.images.said:
            continue
        ctx.note(f"image {name_!r} is named by the module but not in it")
    for why in ctx.images.unreadable:
        ctx.note(f"image {why}; it is left out and a rebuilt module lacks it")

    game["sides"] = sides
    if pieces.owners.factions:
        game["factions"] = pieces.owners.factions
    if pieces.owners.nationalities:
        game["nationalities"] = pieces.owners.nationalities
    content: dict[str, Any] = {
        "boards": boards.boards, "factors": pieces.factors.items, "pieces": pieces.as_json(),
        "decks": decks, "cards": cards, "dice": dice, "charts": charts.charts,
        "scenarios": scenarios, "global_properties": global_properties.properties}
    includes = []
    files: dict[str, bytes] = {}
    for file, keys in FRAGMENTS:
        part = {k: content[k] for k in keys if content[k]}
        if part:
            includes.append(file)
            files[file] = _dump(part)
    if includes:
        game["include"] = includes
        game = {k: game[k] for k in ("format", "id", "title", "sources", "include", "sides",
                                     "factions", "nationalities") if k in game}
    if trackers.turns:
        game["turns"] = trackers.turns
    if trackers.sequence:
        game["sequence"] = trackers.sequence
    if trackers.trackers:
        game["trackers"] = trackers.trackers
    prov = {"status": "stated", "source": SOURCE_ID}
    game["notes"] = [{"text": f"Imported by vconv from the VASSAL module {name!r} "
                      f"(VASSAL {_vassal_version(root, extension) or 'version unknown'}).",
                      "provenance": prov}]
    game["notes"] += [{"text": text} for text in ctx.notes]
    merged = dict(game)
    merged.update({k: v for k, v in content.items() if v})
    vassal["imported"] = digest(merged)
    game["vassal"] = vassal
    if parts is not None:
        parts.append(ImportParts(ctx, boards, pieces, protos, side_ids, charts,
                                 global_properties, trackers))
    files = {"game.json": _dump(game), **files, **kept, **ctx.images.files}
    counts = {"maps": len(root.find_all(Map)), "boards": len(boards.boards),
              "piece slots": len(root.find_all(PieceSlot)), "pieces": len(pieces.pieces),
              "scenarios": len(scenarios), "dice": len(dice), "decks": len(decks),
              "cards": sum(int(c.get("count", 1)) for c in cards),
              "charts": len(charts.charts), "global properties": len(global_properties.properties),
              "images": len(ctx.images.files)}
    kept_words = (f"{vassal['buildfile']} (the module's {module.buildfile_name}), "
                  f"{'moduledata, ' if 'moduledata' in vassal else ''}"
                  f"{len(vassal['files'])} other entries")
    return ImportedGame(files, False, name, counts, list(ctx.notes), kept=kept_words)


def _sides(ctx: ImportContext, consumed: set[int]) -> tuple[list[dict[str, Any]], dict[str, str]]:
    sides: list[dict[str, Any]] = []
    by_name: dict[str, str] = {}
    for roster in ctx.module.buildfile.find_all(PlayerRoster):
        for comp in roster.walk():
            consumed.add(id(comp))
        for side_name in roster.sides:
            side_name = side_name.strip()
            if not side_name or side_name.casefold() in by_name:
                continue
            sid = ctx.ids.take("sides", side_name, "side")
            by_name[side_name.casefold()] = sid
            sides.append({"id": sid, "name": side_name, "provenance": ctx.stated(label(roster))})
    return sides, by_name


def _unimported(ctx: ImportContext, root: Any, consumed: set[int]) -> None:
    """One note listing every component the import did not read, by class, with counts."""
    left: Counter[str] = Counter()
    for comp in root.walk():
        if id(comp) not in consumed and not is_folder(comp):
            left[comp.tag.rsplit(".", 1)[-1]] += 1
    if left:
        parts = [f"{tag} ×{n}" if n > 1 else tag for tag, n in sorted(left.items())]
        ctx.note("no counterpart in the format, kept verbatim in the build file: "
                 + ", ".join(parts))
