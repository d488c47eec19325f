"""Palette slots (PieceSlot) → the format's pieces, prototypes expanded.

Faces: vconv's own modules keep a piece's faces in a Layer named "Step" or "Side"; other
modules draw the piece with its BasicPiece image and stack Layers over it, each outer one
drawn over the inner ones.  A face layer cannot be switched off (no activate key), draws at
the piece's centre (no offset) and shows an image at every level.  Of those, the outermost
one with several levels that play can change is the face layer (VASSAL draws it on top and a
flip changes it: Inferno's Cart over its one-level shadow, Paths of Glory's BEF corps over
the British corps of its prototype), else the innermost one; a layer whose pictures have no
opaque pixel (a shadow, a transparent hot spot) only when no other is left.  Its levels are
the faces, one per level (counter 1 front/back, then counter 2 and on: the format holds
twelve).
A piece that draws nothing of its own may show its sides in a layer following a property
with some levels blank (Imperial Struggle's flag tokens, `blank_level_layer`): its levels with
a picture are the faces.
Without such a layer the BasicPiece image is the one face, and a two-level layer over it
whose first level has no picture is its back (`flip_over`).  Other layers (overlays, markers,
shadows) are listed in the notes.

Owner: a Marker property `Side`/`Nationality`/`Faction`, or a palette panel, list or tab named
after a side of the PlayerRoster.  Identical slots (same name and definition) count as copies.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from converter.check.version import BASELINE, TRAIT_SINCE
from converter.builder.conventions import FACE_LAYERS, PIECE_ID_PROPERTY, SIDE_PROPERTY
from converter.errors import VassalFormatError
from converter.vassal import sequence
from converter.importer.context import ImportContext
from converter.importer.paths import contents, label
from converter.vassal.components import (
    BoxWidget, ListWidget, PanelWidget, PieceSlot, PieceWindow, PrototypeDefinition, TabWidget)
from converter.vassal.components.base import Component
from converter.vassal.components.piece_slot import SlotDefinition
from converter.vassal.slots import SlotIndex
from converter.vassal.traits import (
    BasicPiece, Label, Layer, Marker, Obscurable, PieceTraits, RawTrait, Trait, UsePrototype)

MAX_FACES = 12  # the format's most faces: six counters, front and back
FACE_SLOTS = [(counter, side) for counter in range(1, MAX_FACES // 2 + 1)
              for side in ("front", "back")]
KINDS = ("unit", "dummy", "marker", "chip", "miniature", "token", "leader", "control")
PLACEHOLDER_KIND = "token"
CONSUMED_PROPERTIES = (SIDE_PROPERTY, "Nationality", "Faction", "Kind", PIECE_ID_PROPERTY)
# the property names modules use for a piece's side and nationality (first found wins)
SIDE_NAMES = ("Side", "side", "SIDE", "Player", "Owner")
NATION_NAMES = ("Nationality", "Nation", "nationality", "nation", "Country")
# Marker properties that name a printed factor (compared case-insensitively); a whole number
# 0-99 under one of these names is the piece's factor on its first face
FACTOR_NAMES = ("attack", "defense", "defence", "movement", "move", "combat", "strength",
                "loss", "range", "firepower", "morale", "cf", "af", "df", "mf", "ma", "mp", "lf",
                "rf", "sp", "ops", "op")
_GENERIC_COMMANDS = ("activate", "increase", "decrease")
WIDGETS = (PieceWindow, TabWidget, PanelWidget, ListWidget, BoxWidget)


@dataclass
class PieceDefinition:
    """One distinct piece definition with where it was found and how many slots hold it."""

    key: tuple[str, str]
    entry: dict[str, Any]
    count: int = 1
    palette: bool = False  # a palette slot is an endless supply: the module states no count


@dataclass
class Owners:
    """Factions and nationalities named by Marker properties of pieces whose side is known
    (the format needs a nationality's side); the first side seen for a name holds."""

    factions: list[dict[str, Any]] = field(default_factory=list)
    nationalities: list[dict[str, Any]] = field(default_factory=list)
    _ids: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)

    def owner(self, ctx: ImportContext, what: str, name: str, side: str, path: str,
              faction: str | None = None) -> str | None:
        """The id of the faction/nationality *name* on *side*; None when another side has it."""
        known = self._ids.get((what, name.casefold()))
        if known is not None:
            return known[0] if known[1] == side else None
        ident = ctx.ids.take("owners", name, what)
        item: dict[str, Any] = {"id": ident, "name": name, "side": side}
        if faction is not None:
            item["faction"] = faction
        item["provenance"] = ctx.stated(f"{path} (Marker property {what.capitalize()})")
        (self.factions if what == "faction" else self.nationalities).append(item)
        self._ids[(what, name.casefold())] = (ident, side)
        return ident


@dataclass
class Factors:
    """The factors pieces' properties name, in the order first seen."""

    items: list[dict[str, Any]] = field(default_factory=list)
    _ids: dict[str, str] = field(default_factory=dict)  # property name → factor id

    def factor(self, ctx: ImportContext, name: str) -> str:
        if name not in self._ids:
            ident = ctx.ids.take("factors", name, "factor")
            self._ids[name] = ident
            self.items.append({"id": ident, "name": name, "provenance": ctx.deduced(
                "Marker traits", f"pieces carry a whole-number property named {name!r}")})
        return self._ids[name]


@dataclass
class PiecesResult:
    owners: Owners = field(default_factory=Owners)
    factors: Factors = field(default_factory=Factors)
    pieces: list[PieceDefinition] = field(default_factory=list)
    by_key: dict[tuple[str, str], PieceDefinition] = field(default_factory=dict)
    consumed: set[int] = field(default_factory=set)
    slots: int = 0
    slot_keys: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)
    # the module's slots: their unique paths, and which slot a saved piece was made from
    slot_index: SlotIndex = field(default_factory=SlotIndex)
    _by_id: dict[str, PieceDefinition] = field(default_factory=dict)

    def key_of(self, slot: SlotDefinition) -> tuple[str, str]:
        """The slot's `slot_key`, decoded once per distinct definition: real modules repeat
        one definition text in many at-start and palette slots.

        Raises:
            VassalFormatError: the definition cannot be read.
        """
        text = (slot.content, slot.entry_name)
        key = self.slot_keys.get(text)
        if key is None:
            key = self.slot_keys[text] = slot_key(slot.piece, slot.entry_name)
        return key

    def entry_of(self, piece_id: str) -> dict[str, Any] | None:
        """The entry of the piece *piece_id*, or None."""
        if len(self._by_id) != len(self.pieces):
            self._by_id = {str(d.entry["id"]): d for d in self.pieces}
        known = self._by_id.get(piece_id)
        return known.entry if known is not None else None

    def as_json(self) -> list[dict[str, Any]]:
        out = []
        for definition in self.pieces:
            entry = dict(definition.entry)
            if definition.palette:
                entry = _count_missing(entry)
            elif definition.count > 1:
                # keep the field order stable: count after kind/owner
                entry = _with_count(entry, definition.count)
            out.append(entry)
        return out


def level_label(level_name: str) -> dict[str, str]:
    """A layer level's name as a face's label: VASSAL names the piece by a level name, or adds
    it after ('+ (x2)': 'Cart (x2)') or before ('Veteran +') the piece's own name; a level
    joined with no space ('+2 MP': 'Cart2 MP') keeps its words alone, as before."""
    joins = None
    if re.match(r"\+\s+\S", level_name):
        joins = "after"
    elif re.search(r"\S\s+\+$", level_name) and level_name.count("+") == 1:
        joins = "before"
    text = level_name.strip().strip("+").strip()
    if not text:
        return {}
    return {"label": text, "label_joins": joins} if joins else {"label": text}


def deduce_sides(result: PiecesResult) -> None:
    """A piece with a nationality but no side (a marker of that nation) takes the side other
    pieces of that nationality have."""
    for definition in result.pieces:
        entry = definition.entry
        if "side" not in entry.get("missing", []):
            continue
        props = entry.get("properties", {})
        own = next((n for n in NATION_NAMES if props.get(n, "").strip()), None)
        known = result.owners._ids.get(("nationality", props[own].casefold())) if own else None
        if own is None or known is None:
            continue
        nat_id, side = known
        new: dict[str, Any] = {}
        for key, value in entry.items():
            if key == "faces":
                new["side"] = side
            new[key] = value
        new["nationality"] = nat_id
        new["properties"] = {k: v for k, v in props.items() if k != own}
        if not new["properties"]:
            del new["properties"]
        new["missing"] = [m for m in entry["missing"] if m != "side"]
        prov = dict(entry["provenance"])
        prov["note"] = prov["note"].replace("not in the VASSAL module: side; the rest imported "
                                            "from ", "imported from ", 1)
        prov["note"] += (f"; side deduced from its {own} {props[own]!r}, which pieces of "
                         "that side carry")
        if not new["missing"]:
            del new["missing"]
            prov["status"] = "deduced"
        del new["provenance"]
        new["provenance"] = prov
        definition.entry = new


def _count_missing(entry: dict[str, Any]) -> dict[str, Any]:
    """A palette piece: how many the game has is not in the module (never 1 or a guess)."""
    missing = list(entry.get("missing", [])) + ["count"]
    prov = dict(entry["provenance"])
    if prov["status"] == "missing":
        prov["note"] = prov["note"].replace(": side;", ": side, count;", 1)
    else:
        prov = {**prov, "status": "missing",
                "note": f"not in the VASSAL module: count (a palette slot is an endless "
                        f"supply); {prov['note']}"}
    out = {k: v for k, v in entry.items() if k not in ("missing", "provenance")}
    out["missing"] = missing
    out["provenance"] = prov
    return out


def _with_count(entry: dict[str, Any], count: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in entry.items():
        if key == "faces":
            out["count"] = count
        out[key] = value
    return out


class Prototypes:
    """PrototypeDefinitions by name, expanded recursively (a cycle stops the expansion)."""

    def __init__(self, ctx: ImportContext, root: Component) -> None:
        self.ctx = ctx
        self.defs: dict[str, PieceTraits] = {}
        self.consumed: set[int] = set()
        self.origin: dict[int, str] = {}  # id(trait) → the prototype it belongs to
        attrib = getattr(root, "attrib", None)  # an extension's root: the module it extends
        self.extended = str(attrib.get("module", "")) if root.tag == EXTENSION_ROOT and \
            isinstance(attrib, dict) else None
        for comp in root.find_all(PrototypeDefinition):  # the last of a name wins, as in
            self.consumed.add(id(comp))                   # VASSAL's map of prototypes
            try:
                piece = self.defs[comp.name] = comp.piece
                for trait in piece.traits:
                    self.origin[id(trait)] = comp.name
            except VassalFormatError as exc:
                ctx.note(f"prototype {comp.name!r} cannot be read ({exc}); pieces using it lose "
                         "its traits")

    def expand(self, piece: PieceTraits, seen: tuple[str, ...] = ()) -> list[Any]:
        """The trait chain with every UsePrototype replaced by the prototype's traits."""
        out: list[Any] = []
        for trait in piece.traits:
            if isinstance(trait, UsePrototype):
                proto = self.defs.get(trait.name)
                if proto is None:
                    where = "the module does not define" if self.extended is None else \
                        (f"the extension does not define (module {self.extended!r} may: its "
                         "traits are left out)")
                    self.ctx.note(f"a piece uses prototype {trait.name!r}, which {where}")
                    continue
                if trait.name in seen:
                    self.ctx.note(f"prototype {trait.name!r} uses itself; expansion stopped")
                    continue
                inner = self.expand(proto, seen + (trait.name,))
                out.extend(t for t in inner if not isinstance(t, BasicPiece))
            else:
                out.append(trait)
        return out


def import_pieces(ctx: ImportContext, sides: dict[str, str], protos: Prototypes) -> PiecesResult:
    """Every PieceSlot of every palette (PieceWindow), in document order; an extension's
    palette additions (an ExtensionElement aimed at a PieceWindow) are palettes too."""
    result = PiecesResult(slot_index=SlotIndex.of(ctx.module.buildfile))
    for comp in ctx.module.buildfile.walk():
        if isinstance(comp, PieceWindow):
            _walk(ctx, comp, label(comp), None, sides, protos, result)
        elif comp.tag == EXTENSION_ELEMENT and _target(comp).startswith(PALETTE_TARGET):
            _walk(ctx, comp, f"ExtensionElement[{_target(comp)}]", None, sides, protos, result)
    return result


EXTENSION_ELEMENT = "VASSAL.build.module.ExtensionElement"
EXTENSION_ROOT = "VASSAL.build.module.ModuleExtension"
PALETTE_TARGET = "VASSAL.build.module.PieceWindow"


def _target(element: Component) -> str:
    """Where an ExtensionElement puts its contents in the extended module."""
    attrib = getattr(element, "attrib", None)
    return str(attrib.get("target", "")) if isinstance(attrib, dict) else ""


def _walk(ctx: ImportContext, comp: Component, path: str, side: str | None,
          sides: dict[str, str], protos: Prototypes, result: PiecesResult) -> None:
    result.consumed.add(id(comp))
    name = getattr(comp, "entry_name", "") or getattr(comp, "name", "")
    if isinstance(comp, WIDGETS) and isinstance(name, str):
        side = palette_side(name, sides) or side
    for child, child_path in contents(comp, path):
        if isinstance(child, PieceSlot):
            result.consumed.add(id(child))
            result.slots += 1
            add_slot(ctx, child, result.slot_index.path(child, child_path), side, sides, protos,
                     result, palette=True)
        elif isinstance(child, WIDGETS):
            _walk(ctx, child, child_path, side, sides, protos, result)


def palette_side(name: str, sides: dict[str, str]) -> str | None:
    """The side a palette folder is named after: a side's name ('Moslem'), or a side's name
    and one more word ('Moslem Units', 'Union Forces', 'Allied Counters' is not: 'Allied' is
    no side name); None when no side, or more than one, fits."""
    key = " ".join(name.split()).casefold()
    if key in sides:
        return sides[key]
    found = {sid for side, sid in sides.items()
             if (key.startswith(side + " ") and " " not in key[len(side) + 1:])
             or (key.endswith(" " + side) and " " not in key[:-len(side) - 1])}
    return found.pop() if len(found) == 1 else None


def slot_key(piece: PieceTraits, fallback_name: str) -> tuple[str, str]:
    """What makes two slots the same piece: the name and the definition (type) text."""
    return (piece.basic.name or fallback_name, piece.encode()[0])


def add_slot(ctx: ImportContext, slot: SlotDefinition, path: str, side: str | None,
             sides: dict[str, str], protos: Prototypes, result: PiecesResult,
             palette: bool = False) -> str | None:
    """Add (or count again) the piece a slot defines; its piece id, or None if unreadable."""
    try:
        key = result.key_of(slot)
    except VassalFormatError as exc:
        ctx.note(f"not imported: {path}: its piece definition cannot be read ({exc})")
        return None
    note_nameless(ctx, slot.piece, path, slot.entry_name)
    known = result.by_key.get(key)
    if known is not None:
        known.count += 1
        known.palette = known.palette or palette
        return str(known.entry["id"])
    piece = slot.piece
    entry = piece_entry(ctx, piece, slot.entry_name, path, side, sides, protos,
                        result.owners, result.factors)
    definition = PieceDefinition(key, entry, palette=palette)
    result.pieces.append(definition)
    result.by_key[key] = definition
    return str(entry["id"])


def note_nameless(ctx: ImportContext, piece: PieceTraits, path: str, entry_name: str) -> None:
    """Say so when a slot's Basic Piece is cut short of its name field: VASSAL fails to load
    the whole module on it (`vconv check` reports it too), the import goes on with the
    slot's name."""
    if piece.basic.lacks_name:
        ctx.note(f"{path}: its Basic Piece definition lacks its name field: VASSAL cannot "
                 "build the piece and fails to load the whole module ('module load failed: "
                 f"NoSuchElementException'); imported under the slot's name {entry_name!r} "
                 "(re-create the piece in VASSAL's editor)")


def _shown_name(traits: list[Any]) -> str:
    """The name VASSAL shows a piece with no name of its own under, when a layer's level
    names it (Paths of Glory's 'Destroyed' marker); '' when none does.  (The at-start stack
    holding its slot does not name it: one definition serves many stacks, Paths of Glory's
    nameless space marker serves 277 slots.)"""
    try:
        shown = PieceTraits(list(traits)).name.strip()
    except (VassalFormatError, ValueError, IndexError):
        return ""
    return shown if shown and "$" not in shown and not shown.startswith("(") else ""


def piece_entry(ctx: ImportContext, piece: PieceTraits, entry_name: str, path: str, side: str | None,
                sides: dict[str, str], protos: Prototypes, owners: Owners,
                factors: Factors | None = None) -> dict[str, Any]:
    traits = protos.expand(piece)
    basic = piece.basic
    props: dict[str, str] = {}
    given_by: dict[str, str] = {}  # property → the trait that gives it, for provenance
    for trait in reversed(traits):
        if isinstance(trait, Marker):
            props.update(trait.properties())
            proto = protos.origin.get(id(trait))
            where = f"Marker trait of prototype {proto!r}" if proto else "the piece's Marker trait"
            given_by.update({k: where for k in trait.properties()})
    aliases: dict[str, str] = {}  # "Side"/"Nationality" → the module's own property name
    for names, canonical in ((SIDE_NAMES, "Side"), (NATION_NAMES, "Nationality")):
        found = next((n for n in names if props.get(n, "").strip()), None)
        if found is not None and found != canonical and canonical not in props:
            props[canonical] = props[found]
            aliases[canonical] = found
            given_by[canonical] = f"{given_by.get(found, 'a Marker trait')}, property {found!r}"
    name = basic.name or entry_name or _shown_name(traits) or "piece"
    wanted_id = props.get("vconv_id") or name
    pid = ctx.ids.take("pieces", wanted_id, "piece")
    kind = props.get("Kind", "")
    placeholder = kind not in KINDS
    entry: dict[str, Any] = {"id": pid, "name": name, "kind": PLACEHOLDER_KIND if placeholder else kind}
    marker_side = props.get("Side", "").strip().casefold()
    side_from = "the palette panel named after the side" if side is not None else ""
    if marker_side and match_side(marker_side, sides) is not None:
        side = match_side(marker_side, sides)
        marker_side = next(k for k, v in sides.items() if v == side)
        side_from = f"{given_by.get('Side', 'a Marker trait')} (Side = {props['Side']!r})"
    if side is not None:
        entry["side"] = side
    faces, unused = _faces(ctx, traits, basic, name, path, protos.origin)
    label = next((t for t in traits if isinstance(t, Label) and t.text.strip()
                  and "$" not in t.text), None)
    if label is not None and len(faces) == 1 and "label" not in faces[0]:
        # a Text Label with a fixed text is what the counter shows (VASSAL's Labeler)
        first = faces[0]
        face = {"counter": first["counter"], "side": first["side"], "label": label.text.strip()}
        face.update((k, v) for k, v in first.items() if k not in face and k != "provenance")
        proto = protos.origin.get(id(label))
        face["provenance"] = dict(faces[0]["provenance"])
        face["provenance"]["note"] += "; label from " + (
            f"the Text Label of prototype {proto!r}" if proto else "its Text Label")
        faces[0] = face
    if any(isinstance(t, Obscurable) for t in traits):
        entry["hidden"] = True
    entry["faces"] = faces
    extra = {k: v for k, v in sorted(props.items()) if k not in CONSUMED_PROPERTIES and k}
    if factors is not None and faces:
        values = {k: int(v) for k, v in extra.items() if k.casefold() in FACTOR_NAMES
                  and v.strip().isdecimal() and int(v) <= 99}
        if values:
            face = {k: v for k, v in faces[0].items() if k != "provenance"}
            face["factors"] = {factors.factor(ctx, k): n for k, n in values.items()}
            face["provenance"] = dict(faces[0]["provenance"])
            face["provenance"]["note"] += "; factors from " + ", ".join(
                f"{given_by.get(k, 'a Marker trait')} ({k} = {n})" for k, n in values.items())
            faces[0] = face
            for k in values:
                extra.pop(k)
    if marker_side and marker_side not in sides:
        extra["Side"] = props["Side"]  # a side the PlayerRoster does not list: kept as said
    faction = nationality = None
    if side is not None and props.get("Faction"):
        faction = owners.owner(ctx, "faction", props["Faction"], side, path)
    if side is not None and props.get("Nationality"):
        nationality = owners.owner(ctx, "nationality", props["Nationality"], side, path, faction)
    if nationality is not None:
        entry["nationality"] = nationality
    elif faction is not None:
        entry["faction"] = faction
    for key, known in (("Nationality", nationality), ("Faction", faction)):
        if props.get(key) and known is None:
            extra[key] = props[key]
    for canonical, own in aliases.items():  # kept under the module's own name only
        extra.pop(canonical, None)
        if (canonical == "Side" and side is not None) or (canonical == "Nationality"
                                                           and nationality is not None):
            extra.pop(own, None)
    if extra:
        entry["properties"] = dict(sorted(extra.items()))
    if unused:
        ctx.note(f"piece {name!r}: not imported: layers {', '.join(unused)} (overlays the format "
                 "has no place for)")
    _note_newer_traits(ctx, name, traits, protos.origin)
    missing = ["side"] if sides and side is None else []
    if missing:
        entry["missing"] = missing
        prov = ctx.missing(missing, path)
    else:
        prov = ctx.stated(path)
    if side_from:
        prov["note"] += f"; side from {side_from}"
    if nationality is not None:
        prov["note"] += f"; nationality from {given_by.get('Nationality', 'a Marker trait')}"
    if placeholder:
        prov["note"] += (f"; kind {PLACEHOLDER_KIND!r} stands in: the module does not say what "
                         "kind of piece this is")
    entry["provenance"] = prov
    return entry


def _note_newer_traits(ctx: ImportContext, name: str, traits: list[Trait],
                       origin: dict[int, str]) -> None:
    """Say which traits newer than VASSAL 3.6 the piece has (Fields of Normandy 2's 3.7
    'border'): the format has no place for them and only the build file keeps them, as with
    the layers it cannot write."""
    said: set[str] = set()
    for trait in traits:
        if not isinstance(trait, RawTrait):
            continue
        tid = trait.trait_id
        since = TRAIT_SINCE.get(tid)
        if since is None or since <= BASELINE or tid in said:
            continue
        said.add(tid)
        proto = origin.get(id(trait))
        of = f" of prototype {proto!r}" if proto else ""
        ctx.note(f"piece {name!r}: not imported: trait {tid.rstrip(';')!r}{of} (new in VASSAL "
                 f"{since[0]}.{since[1]}, which older players report as unknown; the format "
                 "has no place for it, the build file keeps it)")


def match_side(value: str, sides: dict[str, str]) -> str | None:
    """The side a property value names: its name, or its initials ('CP' for 'Central
    Powers'), or the one side whose name starts with it; None when none or several fit."""
    value = value.strip().casefold()
    if not value:
        return None
    if value in sides:
        return sides[value]
    initials = [sid for name, sid in sides.items()
                if "".join(w[0] for w in name.split() if w).casefold() == value]
    if len(initials) == 1:
        return initials[0]
    prefix = [sid for name, sid in sides.items() if name.startswith(value)]
    return prefix[0] if len(prefix) == 1 else None


def layer_name(layer: Layer) -> str:
    """The layer's name, or (modules before VASSAL 3.1 had none) its first menu command."""
    if layer.name.strip():
        return layer.name.strip()
    commands = [c.strip() for c in (layer.activate_command, layer.increase_command) if c.strip()]
    specific = [c for c in commands if c.casefold() not in _GENERIC_COMMANDS]
    return (specific or commands or ["(unnamed)"])[0]


ALWAYS_ACTIVE_FIELD = 25  # its index among an emb2 type's fields (after the `emb2;` prefix)


def _switchable(layer: Layer) -> bool:
    """Can a player switch the layer off?  Not when its type says 'always active' (VASSAL
    3.2 on; older layers lack the field, which VASSAL then reads as false)."""
    fields = sequence.split(layer.encode_type()[len(Layer.ID):], ";")
    if len(fields) > ALWAYS_ACTIVE_FIELD and layer.always_active:
        return False
    return bool(layer.activate_key_chars or layer.activate_key)


def _changes_level(layer: Layer) -> bool:
    """Can play show another of the layer's levels?  It follows a property, or a command
    (increase, decrease, random) steps it; else it shows one level for good (Paths of Glory's
    two-level 'Empty Space' picture over a map patch)."""
    return bool((layer.follow_property and layer.property_name.strip())
                or layer.increase_key_chars or layer.increase_key.strip()
                or layer.decrease_key_chars or layer.decrease_key.strip()
                or layer.random_key.strip())


def face_layer(traits: list[Any], draws_nothing: Callable[[str], bool] = lambda _: False
               ) -> Layer | None:
    """The Layer whose levels are the piece's faces (see the module docstring), or None.
    A layer whose every picture *draws_nothing* (a shadow) is a face only when no other
    layer could be."""
    layers = [t for t in traits if isinstance(t, Layer)]
    for layer in layers:
        if layer.name in FACE_LAYERS and layer.images:
            return layer
    drawn = [layer for layer in reversed(layers)  # innermost first, as VASSAL draws them
             if layer.images and all(i.strip() for i in layer.images)
             and not _switchable(layer) and layer.x_offset == 0 and layer.y_offset == 0]
    art = [layer for layer in drawn if not all(draws_nothing(i) for i in layer.images)]
    drawn = art or drawn
    flips = [layer for layer in drawn if len(layer.images) > 1 and _changes_level(layer)]
    if flips:  # drawn over the one-level ones (a shadow, a base) and changed by a flip
        return flips[-1]
    return drawn[0] if drawn else None


# properties VASSAL sets while it draws a piece in the mouse-over view: a layer following them
# is a hover picture, not a side of the piece
MOUSEOVER_PROPERTIES = ("DrawingMouseover", "DrawingMouseoverIndex")


def flip_over(traits: list[Any], face: Layer | None) -> Layer | None:
    """The layer drawn over the piece's one picture (its BasicPiece image, or a one-level face
    layer) that flips it: two levels, the first without a picture, so that it shows the
    picture beneath, the second the back's (Imperial Struggle's markers' 'Flip').  The
    outermost such layer, or None.  A layer of more levels over a picture is a status
    overlay (the tour's Disrupt, Bushido's auras), not a side."""
    layers = [t for t in traits if isinstance(t, Layer)]
    if face is not None:
        layers = layers[:next(n for n, t in enumerate(layers) if t is face)]
    for layer in layers:
        if (len(layer.images) == 2 and not layer.images[0].strip() and layer.images[1].strip()
                and not _switchable(layer)
                and layer.x_offset == 0 and layer.y_offset == 0 and _changes_level(layer)
                and not (layer.follow_property and any(
                    p in layer.property_name for p in MOUSEOVER_PROPERTIES))):
            return layer
    return None


def blank_level_layer(traits: list[Any], draws_nothing: Callable[[str], bool] = lambda _: False
                      ) -> Layer | None:
    """The layer over a piece that draws nothing of its own whose levels show its sides, some
    of them nothing at all: it follows a property (play or a start-up trigger sets it) and
    at least two of its levels draw a picture (Imperial Struggle's Flag Token: a pale French
    flag while its Flag is unset, no flag, then the British, French, American and Spanish
    flags).  The outermost such layer, or None.  A layer following the mouse-over
    properties is a hover picture (Imperial Struggle's spaces), not a side."""
    for layer in (t for t in traits if isinstance(t, Layer)):
        drawn = [i for i in layer.images if i.strip() and not draws_nothing(i)]
        if (len(drawn) >= 2 and len(drawn) < len(layer.images) and not _switchable(layer)
                and layer.x_offset == 0 and layer.y_offset == 0
                and layer.follow_property and layer.property_name.strip()
                and not any(p in layer.property_name for p in MOUSEOVER_PROPERTIES)):
            return layer
    return None


@dataclass
class FacePlan:
    """Which of a piece's pictures are its faces: the layer they come from (*shown*, None
    for the BasicPiece image), each face's picture and the level of *shown* it is."""

    layer: Layer | None  # the face layer, or None
    flip: Layer | None  # the layer flipping the one picture beneath it (`flip_over`)
    images: list[str]
    levels: list[int]  # 1-based levels of `shown`, one per face; [1] for the BasicPiece

    @property
    def shown(self) -> Layer | None:
        return self.flip if self.flip is not None else self.layer


def face_plan(traits: list[Any], basic: BasicPiece,
              draws_nothing: Callable[[str], bool] = lambda _: False) -> FacePlan:
    """The piece's faces as the module docstring says, all of them (not cut to MAX_FACES)."""
    layer = face_layer(traits, draws_nothing)
    if layer is None and (not basic.image.strip() or draws_nothing(basic.image)):
        layer = blank_level_layer(traits, draws_nothing)
    if layer is None:
        images, levels = [basic.image], [1]
    else:  # a level without a picture (a blank-level layer's 'No Flag') is no face
        levels = [n for n, i in enumerate(layer.images, 1) if i.strip()]
        images = [layer.images[n - 1] for n in levels]
    flip = flip_over(traits, layer) if len(images) == 1 and images[0].strip() else None
    if flip is not None:
        images = [i if i.strip() else images[0] for i in flip.images]
        levels = [1, 2]
    return FacePlan(layer, flip, images, levels)


def start_face(traits: list[Any], draws_nothing: Callable[[str], bool] = lambda _: False
               ) -> int | None:
    """Which face a placed piece shows, as a position in the faces `face_plan` gives it (cut
    to MAX_FACES): the level its state leaves its face layer at, or the level the property
    the layer follows gives it (VASSAL draws that one).  None when that level is no face
    (left out, or without a picture)."""
    basic = traits[-1] if traits else None
    if not isinstance(basic, BasicPiece):
        return None
    plan = face_plan(traits, basic, draws_nothing)
    shown = plan.shown
    if shown is None:
        return 0
    if shown.follow_property:
        shown = shown.following(PieceTraits(list(traits)).properties())
    levels = plan.levels[:MAX_FACES]
    return levels.index(shown.level) if shown.level in levels else None


def _faces(ctx: ImportContext, traits: list[Any], basic: BasicPiece, name: str,
           path: str, origin: dict[int, str]) -> tuple[list[dict[str, Any]], list[str]]:
    plan = face_plan(traits, basic, ctx.images.draws_nothing)
    layer, flip, shown, images, levels = plan.layer, plan.flip, plan.shown, plan.images, \
        plan.levels

    def where(source: Layer | None) -> str:
        if source is None:
            return f"{path} (BasicPiece)"
        proto = origin.get(id(source))
        return f"{path} (Layer {layer_name(source)!r}" + (
            f" of prototype {proto!r})" if proto else ")")

    beneath = where(layer) + (" level 1" if layer is not None else "")
    # a layer without a picture (JADO's 'Flip' on its single-sided counters) shows nothing,
    # so nothing of it is lost
    unused = [f"{layer_name(t)!r} ({len(t.images)} level{'s' if len(t.images) != 1 else ''})"
              for t in traits if isinstance(t, Layer) and t is not layer and t is not flip
              and any(i.strip() for i in t.images)]
    if shown is not None and len(levels) < len(shown.images):
        blank = [n for n in range(1, len(shown.images) + 1) if n not in levels]
        named = [f"{n} ({shown.level_names[n - 1].strip()!r})"
                 if n - 1 < len(shown.level_names) and shown.level_names[n - 1].strip()
                 else str(n) for n in blank]
        ctx.note(f"piece {name!r}: layer {layer_name(shown)!r} shows no picture at level"
                 f"{'s' if len(blank) > 1 else ''} {', '.join(named)} (the piece then draws "
                 "nothing); its faces are its other levels")
    if len(images) > MAX_FACES:
        extra = (f"level {levels[MAX_FACES]} is" if len(images) == MAX_FACES + 1
                 else f"levels {levels[MAX_FACES]}-{levels[-1]} are")
        assert shown is not None  # more images than faces come only from a layer
        ctx.note(f"piece {name!r}: layer {layer_name(shown)!r} has {len(images)} levels"
                 f"{' with a picture' if len(levels) < len(shown.images) else ''}; the format "
                 f"holds {MAX_FACES} faces, so {extra} left out")
        images, levels = images[:MAX_FACES], levels[:MAX_FACES]
    faces = []
    for index, (image, level) in enumerate(zip(images, levels)):
        counter, side = FACE_SLOTS[index]
        face: dict[str, Any] = {"counter": counter, "side": side}
        if shown is not None and level - 1 < len(shown.level_names):
            face.update(level_label(shown.level_names[level - 1]))
        file = ctx.images.copy(image) if image.strip() else None
        if file is not None:
            face["image"] = file
        elif image.strip():
            ctx.note(f"piece {name!r}: image {image!r} is not in the module")
            ctx.images.absent_said(image)
        if flip is not None and not flip.images[index].strip():
            source = f"{beneath}, which level {index + 1} of {where(flip)[len(path) + 2:-1]} " \
                "leaves in sight"
        elif shown is not None:
            source = f"{where(shown)} level {level}"
        else:
            source = beneath
        face["provenance"] = ctx.stated(source)
        faces.append(face)
    return faces, unused
