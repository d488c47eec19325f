"""Edits of an imported game's JSON → its kept build file, element by element.

The import keeps the module's build file byte for byte and a fingerprint of the JSON it
wrote (`vassal.imported`).  When the JSON still matches, the build file goes back unchanged.
Otherwise the kept module is imported again, which gives the JSON as it was and which
element each record came from; each edited record rewrites only its own elements:

- a piece (by id): its name, kind, side, nationality, properties and first face's factors
  are written into every slot of it (the BasicPiece name; Marker properties, in the piece's
  own Marker or a new one outside its prototypes, which then win); a removed piece loses its
  slots, an added one gets a new palette slot beside the pieces of its side;
- the at-start scenario (`vassal-setup`): a placement removed, added or moved removes or adds
  that piece's slots in the set-up stacks at that place (a new stack where none is);
- a board's hex grid numbering: first number, digits and which part comes first;
- a chart's name, description, picture and page, a chart removed, added or filed elsewhere
  (its window and tabs: those the module has, else new ones);
- a global property edited, removed or added (beside the module's, or its map's, others);
- the turns or the sequence of play edited: the game's tracker gets its levels anew from
  them (its keys and formats kept); another tracker edited or removed.

Every other edit cannot be written into the kept XML: it is reported as a warning naming its
file and JSON pointer (the JSON itself still travels in the module, `vconv/game.json`).
"""

from __future__ import annotations

import copy
import functools
import json
import re
import tempfile
import zipfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Callable, Sequence

from converter.builder.charts import DEFAULT_WINDOW, chart_component
from converter.builder.images import free_name
from converter.builder.preserved import digest
from converter.builder.toolbar import set_property
from converter.builder.trackers import game_levels, nested_layout, tracker_level
from converter.errors import InputError, VassalFormatError
from converter.importer.boards import PlacedBoard
from converter.importer.charts import WIDGETS
from converter.importer.context import slug
from converter.importer.module import FRAGMENTS, ImportParts, reconstruct
from converter.importer.paths import is_folder
from converter.importer.pieces import CONSUMED_PROPERTIES, slot_key
from converter.importer.setup import SCENARIO_ID, _location
from converter.load.document import GameDocument
from converter.model import properties, tables
from converter.model.turns import Phase, TrackerLevel, Turns
from converter.model.codec import from_json
from converter.vassal.components import (
    Chart, ChartWindow, GameModule, GlobalProperties, GlobalProperty, HtmlChart, Map,
    PieceSlot, PieceWindow, SetupStack, TabWidget, TurnTracker)
from converter.vassal.components.base import Component
from converter.vassal.components.turn_tracker import TurnLevel
from converter.vassal import sequence
from converter.vassal.spans import Patch, Span, element_spans
from converter.vassal.traits import BasicPiece, Layer, Marker, PieceTraits, UsePrototype
from converter.vassal.traits.piece import decode_add_piece
from converter.vassal.vmod_reader import read_vmod
from converter.vassal.xmlwriter import serialize

# keys of a piece that live in the JSON only (what the import says about where data came from)
_DESCRIPTIVE = ("provenance", "missing")
# top-level keys that are the JSON's own, not the module's
_JSON_ONLY = ("id", "notes", "sources", "vassal", "include")


@dataclass
class WriteBack:
    """The build file to write and what could not be written into it."""

    buildfile: bytes
    warnings: list[str] = field(default_factory=list)
    extra_entries: dict[str, bytes] = field(default_factory=dict)
    edited: bool = False


def write_back(doc: GameDocument, entries: dict[str, bytes], entry: str) -> WriteBack:
    """The kept build file (`entries[entry]`) with the JSON's edits written in."""
    raw = entries[entry]
    current = doc.data
    stored = current["vassal"].get("imported")
    if stored is not None and stored == digest(current):
        return WriteBack(raw)
    try:
        original, parts = _import_again(entries, str(current.get("id", "game")))
        if digest(original) == digest(current):
            return WriteBack(raw)
        editor = _Editor(doc, raw, parts, original, current, entries)
    except (VassalFormatError, InputError) as exc:
        return WriteBack(raw, [f"game.json#/vassal: the JSON's edits cannot be written into "
                               f"the kept module: {exc}; it is written back unchanged"])
    editor.run()
    return WriteBack(editor.patch.apply(), editor.warnings, editor.extra, editor.patch.changed)


def _import_again(entries: dict[str, bytes], slug: str) -> tuple[dict[str, Any], ImportParts]:
    kept = {k: v for k, v in entries.items() if not k.startswith("vconv/")}
    with tempfile.TemporaryDirectory(prefix="vconv-writeback-") as tmp:
        path = Path(tmp) / "kept.vmod"
        with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
            for name, data in sorted(kept.items()):
                archive.writestr(name, data)
        imported, parts = reconstruct(read_vmod(path), slug)
    document = json.loads(imported.files["game.json"])
    for file, _keys in FRAGMENTS:
        if file in imported.files:
            document.update(json.loads(imported.files[file]))
    return document, parts


def _level_name(face: dict[str, Any]) -> str:
    """The layer level's name VASSAL shows a face's label by (`level_label` read back)."""
    label = str(face.get("label", ""))
    joins = face.get("label_joins")
    return f"+ {label}" if joins == "after" else f"{label} +" if joins == "before" else label


def _pointer_token(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


class _Editor:
    """One write-back: the kept file's elements, the edits made to them, the warnings."""

    def __init__(self, doc: GameDocument, raw: bytes, parts: ImportParts,
                 original: dict[str, Any], current: dict[str, Any],
                 entries: dict[str, bytes]) -> None:
        self.doc = doc
        self.entries = entries
        self.parts = parts
        self.original = original
        self.current = current
        self.patch = Patch(raw)
        self.warnings: list[str] = []
        self.extra: dict[str, bytes] = {}
        _check_encoding(raw)
        root = parts.ctx.module.buildfile
        self.root = root
        components = list(root.walk())
        spans = element_spans(raw)
        if len(spans) != len(components):
            raise VassalFormatError("the kept build file's elements cannot be matched to what "
                                    "it imports to")
        self.span: dict[int, Span] = {id(c): s for c, s in zip(components, spans)}
        self.parent: dict[int, Component] = {}
        for comp in components:
            for child in comp.children:
                self.parent[id(child)] = comp
        self.removed: set[int] = set()
        self.added: set[int] = set()  # new elements, written where they were inserted
        self.rewritten: set[int] = set()
        self.slots_of: dict[str, list[PieceSlot]] = {}
        for slot in root.find_all(PieceSlot):
            try:
                key = slot_key(slot.piece, slot.entry_name)
            except VassalFormatError:
                continue
            known = parts.pieces.by_key.get(key)
            if known is not None:
                self.slots_of.setdefault(known.entry["id"], []).append(slot)
        self.gpid = _GpidPool(root)
        self.in_saves = self._pieces_in_predefined()
        self.pending: list[Callable[[], None]] = []  # placements to add, once pieces are done

    # -- reporting ---------------------------------------------------------------------------

    def warn(self, pointer: str, what: str) -> None:
        file, local = self.doc.locate(pointer)
        self.warnings.append(f"{file}#{local}: {what}")

    def not_written(self, pointer: str, why: str = "") -> None:
        self.warn(pointer, "edited, but the module keeps this verbatim in its build file"
                  + (f" ({why})" if why else "") + "; the built module does not have the edit")

    # -- the whole document ------------------------------------------------------------------

    def run(self) -> None:
        """Removed placements first, then edited and added pieces (so that a placement added
        copies the piece as edited), then added placements, then removed pieces."""
        keys = sorted(set(self.original) | set(self.current))
        for key in keys:
            if key in _JSON_ONLY or self.original.get(key) == self.current.get(key):
                continue
            if key == "scenarios":
                self.scenarios()
            elif key == "boards":
                self.boards()
            elif key == "charts":
                self.charts()
            elif key == "global_properties":
                self.global_properties()
            elif key in ("turns", "sequence"):
                if key == "sequence" or self.original.get("sequence") == \
                        self.current.get("sequence"):  # (once for both)
                    self.game_tracker()
            elif key == "trackers":
                self.trackers()
            elif key != "pieces":
                for pointer in _differences(self.original.get(key), self.current.get(key),
                                            f"/{_pointer_token(key)}"):
                    self.not_written(pointer)
        pieces = self.original.get("pieces") != self.current.get("pieces")
        if pieces:
            self.pieces()
        for addition in self.pending:
            addition()
        if pieces:
            self.removed_pieces()
        for index, entry in enumerate(self.current.get("pieces", [])):
            slots = self.slots_of.get(entry.get("id"), [])
            if slots and all(id(s) in self.removed for s in slots):
                self.warn(f"/pieces/{index}", "the module held this piece only in the set-up "
                          "stacks left empty; the built module no longer has it")
        self.gpid.write(self)

    # -- pieces ------------------------------------------------------------------------------

    def pieces(self) -> None:
        old = {p["id"]: p for p in self.original.get("pieces", [])}
        new = {p["id"]: (i, p) for i, p in enumerate(self.current.get("pieces", []))}
        for pid, (index, entry) in new.items():
            if pid not in old:
                self.add_piece(index, entry)
            elif _bare(old[pid]) != _bare(entry):
                self.edit_piece(index, old[pid], entry)

    def removed_pieces(self) -> None:
        now = {p["id"] for p in self.current.get("pieces", [])}
        for entry in self.original.get("pieces", []):
            if entry["id"] not in now:
                self.remove_piece(entry["id"])

    def remove_piece(self, pid: str) -> None:
        if not self.slots_of.get(pid):
            self.not_written("/pieces", f"piece {pid!r} is removed, but no slot of the module "
                             "defines it: it comes from the saved game of a predefined setup")
            return
        for slot in self.slots_of.get(pid, []):
            self.remove(slot)
            stack = self.parent.get(id(slot))
            if isinstance(stack, SetupStack) and all(
                    id(c) in self.removed for c in stack.children if isinstance(c, PieceSlot)):
                self.remove(stack)
        if pid in self.in_saves:
            self.warn("/pieces", f"piece {pid!r} is removed, but the saved games of the "
                      f"module's predefined setups ({', '.join(self.in_saves[pid])}) still "
                      "hold it")

    def edit_piece(self, index: int, old: dict[str, Any], new: dict[str, Any]) -> None:
        pointer = f"/pieces/{index}"
        wanted: dict[str, str] = {}  # Marker property → value
        gone: list[str] = []
        name = new.get("name") if new.get("name") != old.get("name") else None
        for key in sorted(set(old) | set(new)):
            if key in _DESCRIPTIVE or key in ("id", "name") or old.get(key) == new.get(key):
                continue
            if key == "kind":
                wanted["Kind"] = str(new.get("kind", ""))
            elif key in ("side", "nationality") and key in new:
                owner = self._owner_name(key, str(new[key]))
                if owner is None:
                    self.not_written(f"{pointer}/{key}", f"no {key} {new[key]!r} in the game")
                else:
                    wanted["Side" if key == "side" else "Nationality"] = owner
            elif key == "properties":
                before, after = old.get(key, {}), new.get(key, {})
                wanted.update({k: str(v) for k, v in after.items() if before.get(k) != v})
                gone += [k for k in before if k not in after]
            elif key == "count" and new.get("count") == self._most_placed(old["id"]):
                continue  # what the scenarios place: follows the set-up written back
            elif key == "faces":
                self.edit_factors(pointer, old.get("faces", []), new.get("faces", []),
                                  wanted, gone)
            else:
                self.not_written(f"{pointer}/{_pointer_token(key)}")
        if name is None and not wanted and not gone:
            return
        if not self.slots_of.get(old["id"]):
            self.not_written(pointer, "no slot of the module defines this piece: it comes from "
                             "the saved game of a predefined setup")
            return
        if name is not None and old["id"] in self.in_saves:
            self.warn(f"{pointer}/name", "renamed, but the saved games of the module's "
                      f"predefined setups ({', '.join(self.in_saves[old['id']])}) still name "
                      f"it {old.get('name')!r}")
        if name is not None and slug(str(name), "piece") != old["id"]:
            wanted.setdefault("vconv_id", old["id"])  # so that the module imports to this id
        for slot in self.slots_of.get(old["id"], []):
            piece_id, piece = decode_add_piece(slot.content)
            if name is not None:
                if slot.entry_name == piece.basic.name or not slot.entry_name:
                    slot.entry_name = str(name)
                piece.basic.name = str(name)
            for prop, value in wanted.items():
                _set_property(piece, prop, value)
            for prop in gone:
                if not _drop_property(piece, prop):
                    self.not_written(f"{pointer}/properties",
                                     f"property {prop!r} comes from a prototype other pieces "
                                     "share")
                    gone = []
            type_text, state_text = piece.encode()
            slot.content = "+/" + sequence.join([piece_id, type_text, state_text], "/")
            self.rewrite(slot)

    def edit_factors(self, pointer: str, old: list[dict[str, Any]], new: list[dict[str, Any]],
                     wanted: dict[str, str], gone: list[str]) -> None:
        def strip(faces: list[dict[str, Any]]) -> list[dict[str, Any]]:
            return [{k: v for k, v in f.items() if k not in ("factors", "provenance")}
                    for f in faces]
        if strip(old) != strip(new):
            self.not_written(f"{pointer}/faces", "faces are drawn by the piece's layers and "
                             "images")
            return
        for index, (a, b) in enumerate(zip(old, new)):
            if a.get("factors") == b.get("factors"):
                continue
            if index > 0:
                self.not_written(f"{pointer}/faces/{index}/factors",
                                 "the module states factors only as the piece's properties")
                continue
            names = {f["id"]: f["name"] for f in self.current.get("factors", [])}
            before, after = a.get("factors", {}), b.get("factors", {})
            for fid, value in after.items():
                if before.get(fid) != value:
                    if fid not in names:
                        self.not_written(f"{pointer}/faces/0/factors/{_pointer_token(fid)}",
                                         f"no factor {fid!r} in the game")
                        continue
                    wanted[names[fid]] = str(value)
            gone += [names[f] for f in before if f not in after and f in names]

    def _most_placed(self, pid: str) -> int:
        """The most pieces *pid* one scenario places."""
        most = 0
        for scenario in self.current.get("scenarios", []):
            most = max(most, sum(int(p.get("count", 1)) for p in scenario.get("setup", [])
                                 if p.get("piece") == pid))
        return most

    def _owner_name(self, key: str, ident: str) -> str | None:
        group = {"side": "sides", "nationality": "nationalities"}[key]
        for item in self.current.get(group, []):
            if item.get("id") == ident:
                return str(item.get("name") or ident)
        return None

    def add_piece(self, index: int, entry: dict[str, Any]) -> None:
        pointer = f"/pieces/{index}"
        piece = self.new_piece(pointer, entry)
        after = self._palette_neighbour(entry.get("side"))
        if after is None:
            self.not_written(pointer, "the module has no palette slot to put it beside")
            return
        slot = PieceSlot(entry_name=str(entry.get("name", "")), gpid=self.gpid.take(),
                         width=after.width, height=after.height)
        slot.content = piece.add_piece_text()
        self.insert_after(after, slot)
        self.slots_of[entry["id"]] = [slot]

    def new_piece(self, pointer: str, entry: dict[str, Any]) -> PieceTraits:
        props: dict[str, str] = {}
        if entry.get("side"):
            props["Side"] = self._owner_name("side", entry["side"]) or str(entry["side"])
        if entry.get("nationality"):
            props["Nationality"] = (self._owner_name("nationality", entry["nationality"])
                                    or str(entry["nationality"]))
        props["Kind"] = str(entry.get("kind", ""))
        names = {f["id"]: f["name"] for f in self.current.get("factors", [])}
        faces = entry.get("faces", [])
        for fid, value in (faces[0].get("factors", {}) if faces else {}).items():
            props[names.get(fid, fid)] = str(value)
        for key, value in entry.get("properties", {}).items():
            if key not in CONSUMED_PROPERTIES:
                props[key] = str(value)
        images = [self.image_entry(f"{pointer}/faces/{i}/image", f.get("image"))
                  for i, f in enumerate(faces)]
        traits: list[Any] = [Marker.of(props)]
        if len(faces) > 1:
            traits.append(Layer(increase_command="Flip", images=images, name="Step",
                                level_names=[_level_name(f) for f in faces]))
        for key in sorted(entry):
            if key not in ("id", "name", "kind", "side", "nationality", "faces", "properties",
                           *_DESCRIPTIVE):
                self.not_written(f"{pointer}/{_pointer_token(key)}")
        traits.append(BasicPiece(image=images[0] if len(faces) == 1 else "",
                                 name=str(entry.get("name", ""))))
        return PieceTraits(traits)

    def image_entry(self, pointer: str, file: Any) -> str:
        """The module's name of a face's picture; a picture the module lacks is added."""
        if not file:
            return ""
        kept = self.current["vassal"].get("files", {})
        entry = kept.get(file)
        if entry is not None and entry.startswith("images/"):
            return str(entry[len("images/"):])
        path = Path(self.doc.folder, *PurePosixPath(str(file)).parts)
        try:
            data = path.read_bytes()
        except OSError:
            self.warn(pointer, f"picture {file!r} cannot be read; the piece has no image")
            return ""
        images, _files = self.stored()
        name = free_name(images, PurePosixPath(str(file)).name, data, "pieces")
        self.extra[f"images/{name}"] = data
        return name

    def stored(self) -> tuple[dict[str, bytes], dict[str, bytes]]:
        """The module's pictures (by their name under images/) and its other files, those this
        write-back adds included: what a file added must not take the name of."""
        images: dict[str, bytes] = {}
        files: dict[str, bytes] = {}
        for entry, data in {**self.entries, **self.extra}.items():
            if entry.startswith("images/"):
                images[entry[len("images/"):]] = data
            else:
                files[entry] = data
        return images, files

    def _palette_neighbour(self, side: Any) -> PieceSlot | None:
        """The last palette slot of a piece of *side* (else the last palette slot)."""
        last = same = None
        by_side = {p["id"]: p.get("side") for p in self.current.get("pieces", [])}
        owner = {id(s): pid for pid, slots in self.slots_of.items() for s in slots}
        for window in self.root.find_all(PieceWindow):
            for slot in window.find_all(PieceSlot):
                if id(slot) in self.removed:
                    continue
                last = slot
                if side is not None and by_side.get(owner.get(id(slot), "")) == side:
                    same = slot
        return same or last

    def _pieces_in_predefined(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for scenario in self.original.get("scenarios", []):
            if scenario.get("id") == SCENARIO_ID:
                continue
            for placement in scenario.get("setup", []):
                names = out.setdefault(placement["piece"], [])
                if scenario["name"] not in names:
                    names.append(scenario["name"])
        return out

    # -- scenarios ---------------------------------------------------------------------------

    def scenarios(self) -> None:
        old = {s["id"]: s for s in self.original.get("scenarios", [])}
        for index, scenario in enumerate(self.current.get("scenarios", [])):
            pointer = f"/scenarios/{index}"
            before = old.get(scenario.get("id"))
            if before == scenario:
                continue
            if before is None:
                self.not_written(pointer, "a new scenario needs a saved game the module "
                                 "would hold")
            elif scenario["id"] == SCENARIO_ID:
                self.at_start(pointer, before, scenario)
            else:
                self.not_written(pointer, "a predefined setup is a saved game inside the "
                                 "module")
        gone = set(old) - {s.get("id") for s in self.current.get("scenarios", [])}
        for sid in sorted(gone):
            self.not_written("/scenarios", f"scenario {sid!r} is removed; "
                             + ("its set-up stacks stay" if sid == SCENARIO_ID
                                else "its predefined setup stays"))

    def at_start(self, pointer: str, old: dict[str, Any], new: dict[str, Any]) -> None:
        for key in sorted(set(old) | set(new)):
            if key not in ("setup", "provenance") and old.get(key) != new.get(key):
                self.not_written(f"{pointer}/{_pointer_token(key)}")
        before = _placed(old.get("setup", []))
        after = _placed(new.get("setup", []))
        stacks = self._stacks()
        for (pid, at), n in sorted((before - after).items()):
            own = {id(s) for s in self.slots_of.get(pid, [])}
            for stack, _ in [s for s in stacks if s[1] == at]:
                for slot in reversed([c for c in stack.children if isinstance(c, PieceSlot)
                                      and id(c) not in self.removed and id(c) in own]):
                    if n == 0:
                        break
                    self.remove(slot)
                    n -= 1
                if all(id(c) in self.removed for c in stack.children
                       if isinstance(c, PieceSlot)):
                    self.remove(stack)
        for (pid, at), n in sorted((after - before).items()):
            index = next(i for i, p in enumerate(new["setup"])
                         if p["piece"] == pid and _key(p["at"]) == at)
            self.pending.append(functools.partial(self.add_placement, f"{pointer}/setup/{index}",
                                                  pid, at, n, stacks))
        self.faces_shown(pointer, old.get("setup", []), new.get("setup", []), after)

    def faces_shown(self, pointer: str, old: list[dict[str, Any]], new: list[dict[str, Any]],
                    after: Counter[tuple[str, str]]) -> None:
        """A placement's face is the level its slot's layer keeps: a placement whose face
        changed (or a piece placed anew showing another face than its slot's) is said, not
        silently left on the slot's face."""
        faces_before, faces_after = _placed_faces(old), _placed_faces(new)
        for pid, at, face in sorted(set(faces_before) | set(faces_after)):
            key = (pid, at, face)
            if not face or faces_before[key] == faces_after[key] or not after[(pid, at)]:
                continue
            index = next((i for i, p in enumerate(new) if p["piece"] == pid
                          and _key(p["at"]) == at and p.get("face", 0) == face), None)
            where = f"{pointer}/setup/{index}/face" if index is not None else f"{pointer}/setup"
            self.not_written(where, f"the face a set-up piece shows (face {face} of piece "
                             f"{pid!r}) is the level its slot's layer keeps")

    def add_placement(self, pointer: str, pid: str, at: str, n: int,
                      stacks: list[tuple[SetupStack, str]]) -> None:
        """*n* more of piece *pid* at *at*: in a set-up stack there, else in a new one."""
        template = next((s for s in self.slots_of.get(pid, []) if id(s) in self.span
                         or id(s) in self.added), None)
        if template is None:
            self.not_written(pointer, f"piece {pid!r} has no slot in the module to copy")
            return
        place = self._place(json.loads(at))
        if place is None:
            self.not_written(f"{pointer}/at", "no place of the module's boards has this name")
            return
        target = next((s for s, where in stacks if where == at and id(s) not in self.removed
                       and id(s) in self.span), None)
        slots = [self._copy(template) for _ in range(n)]
        self.slots_of.setdefault(pid, []).extend(slots)
        if target is not None:
            kept = [c for c in target.children if id(c) not in self.removed]
            for slot in slots:  # one offset: they keep their order
                if kept:
                    self.insert_after(kept[-1], slot)
                else:
                    self.insert_into(target, slot)
        else:
            vmap, board, name, point = place
            stack = SetupStack(name=slots[0].entry_name, owning_board=board,
                               x=point[0], y=point[1], use_grid_location=bool(name),
                               location=name)
            stack.children = list(slots)
            self.insert_into(vmap, stack)
            stacks.append((stack, at))

    def _stacks(self) -> list[tuple[SetupStack, str]]:
        """Every set-up stack with the place it imports to."""
        ctx, boards = self.parts.ctx, self.parts.boards
        out = []
        for vmap in self.root.find_all(Map):
            for stack in vmap.find_all(SetupStack):
                placed = boards.find(vmap.map_name, stack.owning_board)
                at = _location(ctx, stack, placed, "")
                if at is not None:
                    out.append((stack, _key(at)))
        return out

    def _place(self, at: dict[str, Any]) -> tuple[Map, str, str, tuple[int, int]] | None:
        """(map, board name, location name, point) of a place of the format."""
        for placed in self.parts.boards.placed:
            if placed.board_id != at.get("board"):
                continue
            vmap = next((m for m in self.root.find_all(Map) if m.map_name == placed.map_name),
                        None)
            if vmap is None:
                return None
            if placed.whole == at and placed.size is not None:
                return vmap, placed.vassal_name, "", (placed.size[0] // 2, placed.size[1] // 2)
            name = next((n for n, where in placed.locations.items() if where == at), None)
            return None if name is None else (vmap, placed.vassal_name, name, (0, 0))
        return None

    def _copy(self, template: PieceSlot) -> PieceSlot:
        slot = copy.deepcopy(template)
        slot.gpid = self.gpid.take()
        return slot

    # -- boards ------------------------------------------------------------------------------

    def boards(self) -> None:
        old = {b["id"]: b for b in self.original.get("boards", [])}
        placed = {p.board_id: p for p in self.parts.boards.placed}
        for index, board in enumerate(self.current.get("boards", [])):
            pointer = f"/boards/{index}"
            before = old.get(board.get("id"))
            if before is None:
                self.not_written(pointer, "a new board needs its map in the module")
                continue
            regridded = "grid" in before and "grid" in board and before["grid"] != board["grid"]
            for key in sorted(set(before) | set(board)):
                if key == "provenance" or before.get(key) == board.get(key):
                    continue
                if key == "hexes" and regridded:
                    continue  # the hexes' ids and names follow the numbering
                if key == "grid" and "grid" in before and "grid" in board:
                    self.grid(f"{pointer}/grid", placed[board["id"]], before["grid"],
                              board["grid"])
                else:
                    self.not_written(f"{pointer}/{_pointer_token(key)}")
        for bid in sorted(set(old) - {b.get("id") for b in self.current.get("boards", [])}):
            self.not_written("/boards", f"board {bid!r} is removed; its map stays")

    def grid(self, pointer: str, placed: PlacedBoard, old: dict[str, Any],
             new: dict[str, Any]) -> None:
        numbering = _hex_numbering(placed.component)
        if numbering is None:
            self.not_written(pointer, "the board's hex grid has no numbering to change")
            return
        pointy = old.get("orientation") == "pointy"
        lines, along = ("rows", "columns") if pointy else ("columns", "rows")
        changed = False
        line_shift = 0
        for key in sorted(set(old) | set(new), key=lambda k: k != lines):
            if key == "provenance" or old.get(key) == new.get(key):
                continue
            if key in (lines, along):
                a, b = old[key], new.get(key, {})
                shift = b.get("min", a["min"]) - a["min"]
                if (b.get("max", a["max"]) - a["max"] != shift
                        or b.get("increases") != a.get("increases")):
                    self.not_written(f"{pointer}/{key}", "only a shift of its numbers (min and "
                                     "max alike) can be written into VASSAL's numbering")
                    continue
                if key == lines:
                    numbering.h_off += shift
                    line_shift = shift
                else:
                    numbering.v_off += shift
                changed = True
            elif key == "stagger" and line_shift % 2 and new["stagger"] == {
                    **old["stagger"], "lines": "odd" if old["stagger"]["lines"] == "even"
                    else "even"}:
                continue  # the same hexes, their lines numbered one off
            elif key == "digits" and isinstance(new.get("digits"), int) and new["digits"] >= 1:
                if not numbering.h_type.upper().startswith("A"):
                    numbering.h_leading = new["digits"] - 1
                if not numbering.v_type.upper().startswith("A"):
                    numbering.v_leading = new["digits"] - 1
                changed = True
            elif key == "first" and new.get("first") in ("column", "row"):
                first_h = (new["first"] == "row") if pointy else (new["first"] == "column")
                numbering.first = "H" if first_h else "V"
                changed = True
            else:
                self.not_written(f"{pointer}/{_pointer_token(key)}")
        if changed:
            self.rewrite_head(numbering)

    # -- charts and global properties -------------------------------------------------------

    def charts(self) -> None:
        """A chart's name, description, picture and page are written into its element, a
        removed chart loses it; a new chart, or one filed elsewhere, is written into the
        window and tabs its `group` names (new ones where the module has none)."""
        old = {c["id"]: c for c in self.original.get("charts", [])}
        comps = self.parts.charts.components
        gone: list[Component] = []
        new: dict[int, tuple[Component, list[Component]]] = {}
        for index, chart in enumerate(self.current.get("charts", [])):
            pointer = f"/charts/{index}"
            before, comp = old.get(chart.get("id")), comps.get(chart.get("id"))
            if before is None or comp is None or before.get("group") != chart.get("group") \
                    or ("html" in before) != ("html" in chart):
                if before is not None and comp is not None:
                    self.remove(comp)
                    gone.append(comp)
                self.add_chart(pointer, chart, new)
                continue
            changed = False
            for key in sorted(set(before) | set(chart)):
                if key in _DESCRIPTIVE or before.get(key) == chart.get(key):
                    continue
                if key == "name" and chart.get("name"):
                    comp.chart_name = str(chart["name"])
                elif key == "description":
                    comp.description = str(chart.get("description", ""))
                elif key in ("image", "html") and chart.get(key):
                    made = self.chart_of(pointer, chart)
                    if made is None:
                        continue
                    comp.file_name = made.file_name
                else:
                    self.not_written(f"{pointer}/{_pointer_token(key)}")
                    continue
                changed = True
            if changed:
                self.rewrite(comp)
        kept = {c.get("id") for c in self.current.get("charts", [])}
        for chart_id in sorted(set(old) - kept):
            if chart_id in comps:
                self.remove(comps[chart_id])
                gone.append(comps[chart_id])
        for holder, children in new.values():
            for child in children:
                self.insert_into(holder, child)
        for element in gone:
            self.prune(element)

    def prune(self, comp: Component) -> None:
        """The tabs and window a removed chart leaves holding nothing go too (once every chart
        is written): a window of none would stay a toolbar button opening an empty window."""
        holder = self.parent.get(id(comp))
        while isinstance(holder, (ChartWindow, *WIDGETS)) and id(holder) not in self.removed \
                and all(id(c) in self.removed for c in holder.children) \
                and not any(self.parent.get(a) is holder for a in self.added):
            self.remove(holder)
            holder = self.parent.get(id(holder))

    def chart_of(self, pointer: str, entry: dict[str, Any]) -> Chart | HtmlChart | None:
        """The chart's element as a build makes it, its picture or page (and the page's
        pictures) added to the module under names no other file of the module holds."""
        images, files = self.stored()
        known = set(images), set(files)
        comp = chart_component(self.doc.folder, from_json(tables.Chart, entry), images, files)
        if not isinstance(comp, (Chart, HtmlChart)):
            self.warn(pointer, "the chart's file cannot be read; the built module does not "
                      "have the edit")
            return None
        self.extra.update({f"images/{k}": v for k, v in images.items() if k not in known[0]})
        self.extra.update({k: v for k, v in files.items() if k not in known[1]})
        return comp

    def add_chart(self, pointer: str, entry: dict[str, Any],
                  new: dict[int, tuple[Component, list[Component]]]) -> None:
        """The chart put in the window and tabs its group names; what the module lacks of
        them is made in *new* (holder → what to add to it), so that charts added to one new
        window or tab share it; `charts` writes them once every chart is placed."""
        comp = self.chart_of(pointer, entry)
        if comp is None:
            return
        group = [str(g) for g in entry.get("group") or []] or [DEFAULT_WINDOW]
        holder: Component | None = next(
            (w for w in self.root.find_all(ChartWindow) if id(w) not in self.removed
             and (w.name or w.text or DEFAULT_WINDOW) == group[0]), None)
        tabs = group[1:]
        if holder is None:  # a window of its own, beside the module's others
            holder, tabs = self.root, group
        while tabs and (inner := self._tab(holder, tabs[0])) is not None:
            holder, tabs = inner, tabs[1:]
        children = new.setdefault(id(holder), (holder, []))[1]
        at_root = holder is self.root
        for name in tabs:
            made = next((c for c in children if _group_name(c) == name), None)
            if made is None:
                made = (ChartWindow(name=name, text=name, tooltip=name) if at_root
                        else TabWidget(entry_name=name))
                children.append(made)
            children, at_root = made.children, False
        children.append(comp)

    def _tab(self, parent: Component, name: str) -> Component | None:
        """The tab of *parent* named *name*, looked for as import reads tabs: through widgets
        and folders that add no level of their own."""
        for child in parent.children:
            if id(child) in self.removed or not (isinstance(child, WIDGETS)
                                                 or is_folder(child)):
                continue
            tab = str(getattr(child, "entry_name", "") or "")
            found = child if tab == name else self._tab(child, name) if not tab else None
            if found is not None:
                return found
        return None

    def global_properties(self) -> None:
        """An edited property is written into its element, a removed one loses it, a new one
        joins the module's (or its board's map's) global properties."""
        old = {p["id"]: p for p in self.original.get("global_properties", [])}
        comps = self.parts.properties.components
        for index, prop in enumerate(self.current.get("global_properties", [])):
            pointer = f"/global_properties/{index}"
            before = old.get(prop.get("id"))
            if before is None:
                self.add_property(pointer, prop)
                continue
            if _bare(before) == _bare(prop):
                continue
            if before.get("board") != prop.get("board"):
                self.not_written(f"{pointer}/board", "a property moves to another map only "
                                 "in the module's editor")
            if before.get("name") != prop.get("name"):
                self.warn(f"{pointer}/name", f"renamed from {before.get('name')!r}: the "
                          "module's expressions and traits that name it are not changed")
            set_property(comps[prop["id"]], from_json(properties.GlobalProperty, prop))
            self.rewrite(comps[prop["id"]])
        kept = {p.get("id") for p in self.current.get("global_properties", [])}
        for prop_id in sorted(set(old) - kept):
            self.remove(comps[prop_id])

    def add_property(self, pointer: str, entry: dict[str, Any]) -> None:
        holder: Component | None = None
        board = entry.get("board")
        if board is None:
            holder = next((c for c in self.root.children if isinstance(c, GlobalProperties)),
                          None)
        else:
            placed = next((p for p in self.parts.boards.placed if p.board_id == board), None)
            vmap = next((m for m in self.root.find_all(Map)
                         if placed is not None and m.map_name == placed.map_name), None)
            holder = next((c for c in vmap.children if isinstance(c, GlobalProperties)),
                          None) if vmap is not None else None
        if holder is None or self.span[id(holder)].empty:
            self.not_written(pointer, "the module has no global properties there to add it "
                             "beside")
            return
        self.insert_into(holder, set_property(GlobalProperty(),
                                              from_json(properties.GlobalProperty, entry)))

    # -- turn trackers -----------------------------------------------------------------------

    def game_tracker(self) -> None:
        """The turns or phases edited: the game's tracker gets its levels from them."""
        turns_json, phases_json = self.current.get("turns"), self.current.get("sequence")
        if _plain(self.original.get("turns")) == _plain(turns_json) and \
                _plain(self.original.get("sequence")) == _plain(phases_json):
            return
        tracker = self.parts.trackers.main
        pointer = "/sequence" if self.original.get("sequence") != phases_json else "/turns"
        if tracker is None:
            self.not_written(pointer, "the module has no turn tracker; a new one is added in "
                             "the module's editor")
            return
        turns = from_json(Turns, turns_json) if turns_json is not None else None
        phases = [from_json(Phase, p) for p in phases_json or []]
        if any(p.level is not None for p in phases) and not nested_layout(phases):
            self.warn("/sequence", "the phases do not fit the tracker's levels (a phase "
                      "without a level, or entries of one list whose sub-phases differ): the "
                      "tracker shows every leaf phase in one list 'Phase'")
        self.relevel(tracker, game_levels(turns, phases))

    def trackers(self) -> None:
        """Another tracker edited gets its name, button and levels from the JSON; a removed
        one is gone; a new one is not written."""
        old = {t["id"]: t for t in self.original.get("trackers", [])}
        comps = self.parts.trackers.others
        for index, entry in enumerate(self.current.get("trackers", [])):
            before, comp = old.get(entry.get("id")), comps.get(entry.get("id"))
            if before is None or comp is None:
                self.not_written(f"/trackers/{index}", "a new tracker is added in the "
                                 "module's editor")
                continue
            if _plain(before) == _plain(entry):
                continue
            comp.name = str(entry["name"])
            comp.button_text = str(entry.get("button", entry["name"]))
            self.relevel(comp, [tracker_level(from_json(TrackerLevel, level))
                                for level in entry["levels"]])
        kept = {t.get("id") for t in self.current.get("trackers", [])}
        for tracker_id in sorted(set(old) - kept):
            if tracker_id in comps:
                self.remove(comps[tracker_id])

    def relevel(self, tracker: TurnTracker, levels: Sequence[Component]) -> None:
        """The tracker written anew with *levels*, its other children (keys) after them."""
        others = [c for c in tracker.children if not isinstance(c, TurnLevel)]
        tracker.children = list(levels) + others
        self.rewrite(tracker)

    # -- edits of the file -------------------------------------------------------------------

    def remove(self, comp: Component) -> None:
        if id(comp) not in self.removed:
            self.removed.add(id(comp))
            self.patch.remove(self.span[id(comp)])

    def rewrite(self, comp: Component) -> None:
        """A leaf element written anew from its component (attributes kept as they were)."""
        span = self.span[id(comp)]
        text = serialize(comp, 0).rstrip("\n")
        self.patch.replace(span.start, span.end, text.encode("utf-8"))

    def rewrite_head(self, comp: Component) -> None:
        """Only the start tag of an element, from its component's attributes."""
        span = self.span[id(comp)]
        bare = copy.copy(comp)
        bare.children = []
        bare.content = ""
        text = serialize(bare, 0).rstrip("\n")
        if not span.empty:
            text = text[:-2] + ">" if text.endswith("/>") else text
        self.patch.replace(span.start, span.head_end, text.encode("utf-8"))

    def insert_after(self, sibling: Component, comp: Component) -> None:
        span = self.span[id(sibling)]
        indent = self.patch.indent_of(span)
        text = self._text(comp, indent)
        self.patch.insert(span.end, self.patch.newline() + indent + text)
        self._adopt(comp, self.parent.get(id(sibling)))

    def insert_into(self, parent: Component, comp: Component) -> None:
        span = self.span[id(parent)]
        if span.empty:
            self.not_written("", f"{parent.tag} holds nothing to add beside")
            return
        close = self.patch.raw.rindex(b"</", span.start, span.end)
        line = self.patch.raw.rfind(b"\n", 0, close) + 1
        # beside its siblings as the file indents them; two more spaces than the parent in a
        # file that does not
        sibling = next((self.span[id(c)] for c in reversed(parent.children)
                        if id(c) in self.span), None)
        indent = self.patch.indent_of(sibling) if sibling is not None else b""
        indent = indent or self.patch.indent_of(span) + b"  "
        nl = self.patch.newline()
        if self.patch.raw[line:close].strip():
            self.patch.insert(close, nl + indent + self._text(comp, indent) + nl)
        else:
            self.patch.insert(line, indent + self._text(comp, indent) + nl)
        self._adopt(comp, parent)

    def _text(self, comp: Component, indent: bytes) -> bytes:
        """The element's XML, its first line unindented, inner lines under *indent*."""
        lines = serialize(comp, 0).rstrip("\n").split("\n")
        pad = indent.decode("utf-8", "replace")
        nl = self.patch.newline().decode()
        return (lines[0] + "".join(nl + pad + line for line in lines[1:])).encode("utf-8")

    def _adopt(self, comp: Component, parent: Component | None) -> None:
        """A new element: its position is that of the one it is written beside."""
        self.added.add(id(comp))
        if parent is not None:
            self.parent[id(comp)] = parent


def _group_name(comp: Component) -> str | None:
    """The window's or tab's name a chart's group gives it, None for a chart."""
    if isinstance(comp, ChartWindow):
        return comp.name
    return comp.entry_name if isinstance(comp, TabWidget) else None


class _GpidPool:
    """New slot ids past every one the module uses; the module's counter is raised to match."""

    def __init__(self, root: Component) -> None:
        self.root = root if isinstance(root, GameModule) else None
        used = [int(getattr(s, "gpid")) for s in root.walk()
                if str(getattr(s, "gpid", "")).isdecimal()]
        start = self.root.next_piece_slot_id if self.root is not None else 0
        self.next = max([start, *(u + 1 for u in used)])
        self.taken = 0

    def take(self) -> str:
        value = self.next
        self.next += 1
        self.taken += 1
        return str(value)

    def write(self, editor: _Editor) -> None:
        if self.taken and self.root is not None:
            self.root.next_piece_slot_id = self.next
            editor.rewrite_head(self.root)


_ENCODING = re.compile(rb"""^<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")


def _check_encoding(raw: bytes) -> None:
    """Edits are written as UTF-8: a build file in another encoding is left as it is.

    Raises:
        VassalFormatError: the build file declares another encoding or starts with a UTF-16 mark.
    """
    found = _ENCODING.match(raw)
    name = found.group(1).decode("ascii").lower().replace("_", "-") if found else "utf-8"
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")) or name not in ("utf-8", "utf8", "us-ascii",
                                                               "ascii"):
        raise VassalFormatError(f"its build file is not UTF-8 ({name}); edits are written "
                                "into UTF-8 build files only")


MAX_POINTERS = 5  # differences named one by one under one key; more are named by the key


def _differences(a: Any, b: Any, pointer: str) -> list[str]:
    """The deepest pointers where *a* and *b* differ (provenance aside)."""
    if isinstance(a, dict) and isinstance(b, dict):
        keys = [k for k in sorted(set(a) | set(b)) if k != "provenance" and a.get(k) != b.get(k)]
        out = [p for k in keys for p in _differences(a.get(k), b.get(k),
                                                      f"{pointer}/{_pointer_token(k)}")]
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        out = [p for i, (x, y) in enumerate(zip(a, b)) if x != y
               for p in _differences(x, y, f"{pointer}/{i}")]
    else:
        return [pointer]
    return out if len(out) <= MAX_POINTERS else [pointer]


def _plain(value: Any) -> Any:
    """*value* without what the import says of where it came from (at any depth)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if k not in _DESCRIPTIVE}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _bare(entry: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in entry.items() if k not in _DESCRIPTIVE}


def _key(at: dict[str, Any]) -> str:
    return json.dumps(at, sort_keys=True)


def _placed(setup: list[dict[str, Any]]) -> Counter[tuple[str, str]]:
    out: Counter[tuple[str, str]] = Counter()
    for placement in setup:
        out[(placement["piece"], _key(placement["at"]))] += int(placement.get("count", 1))
    return out


def _placed_faces(setup: list[dict[str, Any]]) -> Counter[tuple[str, str, int]]:
    out: Counter[tuple[str, str, int]] = Counter()
    for placement in setup:
        out[(placement["piece"], _key(placement["at"]), int(placement.get("face", 0)))] += \
            int(placement.get("count", 1))
    return out


def _own_marker_gives(piece: PieceTraits, prop: str) -> Marker | None:
    for trait in piece.traits:
        if isinstance(trait, Marker) and prop in trait.names:
            return trait
    return None


def _set_property(piece: PieceTraits, prop: str, value: str) -> None:
    """The piece's property *prop* becomes *value*: in its outermost Marker that names it when
    nothing outside that Marker (a prototype) gives it, else in a new Marker outside all."""
    for trait in piece.traits:
        if isinstance(trait, Marker) and prop in trait.names:
            index = trait.names.index(prop)
            trait.values += [""] * (len(trait.names) - len(trait.values))
            trait.values[index] = value
            return
        if isinstance(trait, UsePrototype):
            break  # a prototype outside any own Marker could give it: a new Marker wins
    piece.traits.insert(0, Marker.of({prop: value}))


def _drop_property(piece: PieceTraits, prop: str) -> bool:
    marker = _own_marker_gives(piece, prop)
    if marker is None:
        return False
    index = marker.names.index(prop)
    del marker.names[index]
    if index < len(marker.values):
        del marker.values[index]
    return True


def _hex_numbering(board: Component | None) -> Any:
    if board is None:
        return None
    for child in board.children:
        holders = [child] if child.tag.endswith("HexGrid") else (
            [c for c in child.children if c.tag.endswith("HexGrid")]
            if child.tag.endswith("ZonedGrid") else [])
        for grid in holders:
            for inner in grid.children:
                if inner.tag.endswith("HexGridNumbering"):
                    return inner
    return None
