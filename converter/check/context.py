"""What every check reads: the opened module, its node tree, and each piece definition
decoded once (palette slots, at-start stacks, decks and prototypes)."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from functools import cached_property

from converter.errors import VassalFormatError
from converter.check.source import ModuleSource
from converter.check.tree import MAP_KINDS, Node, Tree, build_tree
from converter.vassal import sequence
from converter.vassal.traits import (
    PieceTraits, PlaceMarker, RawTrait, Trait, UsePrototype, decode_add_piece, decode_piece,
    decode_trait, split_chain)

SLOT_KINDS = frozenset({"PieceSlot", "CardSlot"})
PIECE_KINDS = SLOT_KINDS | {"PrototypeDefinition"}
MAX_PROTOTYPE_DEPTH = 50


@dataclass(eq=False)
class PieceDef:
    """A piece definition from the build file: decoded, or the reason it does not decode."""

    node: Node
    piece: PieceTraits | None
    error: str = ""

    @property
    def is_prototype(self) -> bool:
        return self.node.kind == "PrototypeDefinition"


@dataclass
class Context:
    """A module under check."""

    source: ModuleSource
    tree: Tree
    _decoded: dict[str, tuple[PieceTraits | None, str]] = field(default_factory=dict)
    cache: dict[str, object] = field(default_factory=dict)  # results checks share
    _traits: dict[tuple[str, str], Trait] = field(default_factory=dict)

    @classmethod
    def of(cls, source: ModuleSource) -> "Context":
        return cls(source, build_tree(source.root))

    def where(self, node: Node, detail: str = "") -> str:
        """`buildFile.xml:LINE: Map[Main]/SetupStack[A]`, plus a trait or field if given;
        with extensions loaded, the build file is named with its archive
        (`Ext.vmdx!buildFile:LINE: ...`), the path being where VASSAL puts the component."""
        path = node.path or node.kind
        text = f"{self.buildfile_of(node)}:{node.line}: {path}"
        return text + (f" ({detail})" if detail else "")

    def buildfile_of(self, node: Node) -> str:
        """The build file *node* was read from: `buildFile.xml`, or `ARCHIVE!buildFile`
        when extensions are loaded with the module."""
        return node.origin or self.buildfile_label

    @property
    def buildfile_label(self) -> str:
        """The module's build file as findings name it (with its archive when extensions
        are loaded with it)."""
        if self.source.extensions:
            return f"{self.source.path}!{self.source.buildfile_name}"
        return self.source.buildfile_name

    # -- pieces -----------------------------------------------------------------------------

    @cached_property
    def pieces(self) -> list[PieceDef]:
        """Every PieceSlot, CardSlot and PrototypeDefinition, decoded (one decode per text)."""
        out = []
        for node in self.tree.nodes:
            if node.kind in PIECE_KINDS:
                piece, err = self.decode(node.text)
                out.append(PieceDef(node, piece, err))
        return out

    def decode(self, text: str) -> tuple[PieceTraits | None, str]:
        """Decode an AddPiece text; the same text is decoded only once per module."""
        hit = self._decoded.get(text)
        if hit is None:
            if not text:
                hit = (None, "the definition is empty")
            else:
                try:
                    hit = (self._decode_add_piece(text), "")
                except (VassalFormatError, ValueError, IndexError) as exc:
                    hit = (None, str(exc))
            self._decoded[text] = hit
        return hit

    def _decode_add_piece(self, text: str) -> PieceTraits:
        """decode_add_piece, with each (trait type, trait state) pair decoded once per
        module: slots share most of their traits (labels, markers, prototype references)."""
        if not text.startswith("+/"):
            return decode_add_piece(text)[1]  # raises the reader's own error
        fields = sequence.split(text[2:], "/")
        if len(fields) < 2:
            return decode_add_piece(text)[1]
        type_text, state_text = fields[1], fields[2] if len(fields) > 2 else ""
        if type_text == "stack" or type_text.startswith("deck;"):
            return decode_piece(type_text, state_text)  # raises: not a piece
        types = split_chain(type_text)
        states = split_chain(state_text, len(types))
        if len(states) < len(types):
            return decode_piece(type_text, state_text)  # raises: chains differ
        traits = []
        for t, st in zip(types, states):
            trait = self._traits.get((t, st))
            if trait is None:
                trait = self._traits[(t, st)] = decode_trait(t, st)
            traits.append(trait)
        return PieceTraits(traits)

    def markers(self, piece: PieceTraits) -> list[PieceTraits]:
        """The pieces a piece's Place Marker and Replace traits create (their definitions
        are AddPiece texts inside the trait), decoded; those that do not decode are left
        out."""
        out = []
        for trait in piece.traits:
            spec = ""
            if isinstance(trait, PlaceMarker):
                spec = trait.marker_spec
            elif isinstance(trait, RawTrait) and trait.trait_id == "replace;":
                spec = PlaceMarker.decode("placemark;" + trait.type_text[len("replace;"):],
                                          "").marker_spec
            if spec.startswith("+/"):
                marker, _ = self.decode(spec)
                if marker is not None:
                    out.append(marker)
        return out

    @cached_property
    def prototypes(self) -> dict[str, PieceDef]:
        """Prototype name → the definition VASSAL uses: the last of that name (its prototype
        map keeps the last one put, in build order, and an extension's come after the
        module's: checked in the 3.6 engine, which draws the last one's images)."""
        out: dict[str, PieceDef] = {}
        for d in self.pieces:
            if d.is_prototype:
                out[d.node.attr("name")] = d
        return out

    def expand(self, piece: PieceTraits) -> list[tuple[Trait, str]]:
        """The piece's traits with prototypes put in place, each with the prototype it came
        from ("" for the piece's own); undefined prototypes add nothing, as in VASSAL."""
        out: list[tuple[Trait, str]] = []
        self._expand(piece, "", out, [])
        return out

    def _expand(self, piece: PieceTraits, origin: str, out: list[tuple[Trait, str]],
                seen: list[str]) -> None:
        for trait in piece.traits:
            if isinstance(trait, UsePrototype):
                proto = self.prototypes.get(trait.name)
                if (proto is None or proto.piece is None or trait.name in seen
                        or len(seen) >= MAX_PROTOTYPE_DEPTH):
                    continue
                self._expand(proto.piece, trait.name, out, seen + [trait.name])
            elif origin and trait is piece.traits[-1]:
                continue  # a prototype's placeholder BasicPiece
            else:
                out.append((trait, origin))

    # -- names and archive ------------------------------------------------------------------

    @cached_property
    def maps(self) -> list[Node]:
        return self.tree.of(*MAP_KINDS)

    @cached_property
    def map_ids(self) -> set[str]:
        """What a piece state or a trait may name a map by: its name or its `MapN` id."""
        ids = {m.attr("mapName") for m in self.maps}
        ids.update(f"Map{i}" for i in range(len(self.maps)))
        return ids

    @cached_property
    def deck_ids(self) -> set[str]:
        decks = self.tree.of("DrawPile")
        return {d.attr("name") for d in decks} | {f"Deck{i}" for i in range(len(decks))}

    @cached_property
    def images(self) -> dict[str, str]:
        """Image names as components reference them → archive entry."""
        out: dict[str, str] = {}
        for entry in self.source.entries:
            if entry.startswith("images/"):
                name = entry[len("images/"):]
                out[name] = entry
        return out

    def image_entry(self, name: str) -> str | None:
        """The archive entry VASSAL's image look-up finds for *name* (exact, NFD, `.gif`
        added), or None."""
        images = self.images
        for candidate in (name, unicodedata.normalize("NFD", name), name + ".gif"):
            if candidate in images:
                return images[candidate]
        return None

    def exact_image(self, name: str) -> bool:
        """The archive holds `images/<name>` under exactly that name."""
        return "images/" + name in self.source.entries

    def version_of(self, node: Node) -> tuple[str, str]:
        """The VASSAL version declared where *node* was read, and by what ('module' or
        'extension'): an extension's component is judged by the extension's declaration."""
        for extension in self.source.extensions:
            if node.origin == f"{extension.path}!{extension.buildfile_name}":
                return declared_version(extension), "extension"
        return self.version, "module"

    @cached_property
    def version(self) -> str:
        """The VASSAL version the module declares (moduledata or an extension's
        extensiondata, else the build file)."""
        return declared_version(self.source)


def declared_version(source: ModuleSource) -> str:
    """The VASSAL version a module or extension declares (moduledata or an extension's
    extensiondata, else the build file's root, which an extension spells vassalVersion)."""
    return (source.metadata.get("VassalVersion") or source.root.get("VassalVersion")
            or source.root.get("vassalVersion") or "")
