"""What the audit reads of a piece's trait chain (name, game id, face level, mask, position),
decoded from VASSAL's type and state text.

A real log adds thousands of pieces whose chains hold dozens of traits each, of which the
audit reads a handful: the BasicPiece, the traits that change the name (Label, Layer), the
masks, and the outermost trait answering the builder's id properties.  So each distinct type
text is planned once (which traits to decode), each piece decodes only those, and each
distinct (type, state) pair is decoded once per module: an archive's logs share them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from converter.builder.conventions import CARD_ID_PROPERTY, FACE_LAYERS, PIECE_ID_PROPERTY
from converter.errors import VassalFormatError
from converter.vassal.traits import Layer, Obscurable, Trait
from converter.vassal.traits.piece import PieceTraits, read_trait, split_chain, type_chain, type_only
from converter.vassal.traits.registry import TRAITS_BY_ID, trait_id_of

_KEYS = (PIECE_ID_PROPERTY, CARD_ID_PROPERTY)


@dataclass(slots=True)
class Traits:
    """What a piece's trait chain says, decoded once per (type, state)."""

    name: str
    game_id: str | None
    level: int | None      # the step/flip layer's level (1-based), if the piece has one
    layer: str | None      # the layer's name ("Step", "Side")
    masked: bool
    map: str | None = None  # the BasicPiece's own position (in saves and ChangePiece states)
    x: int = 0
    y: int = 0
    card_id: str | None = None  # the builder's vconv_card marker: a card, never a piece

    @classmethod
    def of(cls, piece: PieceTraits) -> Traits:
        """What the decoded traits of *piece* say (a whole chain or the traits that matter)."""
        props = piece.properties()
        layer = next((t for t in piece.traits_of(Layer) if t.name in FACE_LAYERS), None)
        b = piece.basic
        return cls(piece.name, props.get(PIECE_ID_PROPERTY) or None,
                   layer.level if layer is not None else None,
                   layer.name if layer is not None else None, piece.masked,
                   None if b.map_id in ("null", "") else b.map_id, b.x, b.y,
                   props.get(CARD_ID_PROPERTY) or None)


UNREADABLE = Traits("?", None, None, None, False)


class TraitReader:
    """(type, state) → Traits, with each type planned once and each pair decoded once.

    >>> r = TraitReader()
    >>> r.read("mark;vconv_id\\tpiece;;;a.png;1st Bn", "na-1\\tnull;0;0;17;0").game_id
    'na-1'
    >>> r.read("stack", "").name
    '?'
    """

    LIMIT = 100_000  # entries kept in each cache; a long log holds a few thousand

    def __init__(self) -> None:
        self._plans: dict[str, tuple[tuple[str, ...], tuple[int, ...]] | None] = {}
        self._found: dict[tuple[str, str], Traits] = {}
        self._parts: dict[tuple[str, str], Trait] = {}  # one trait's (type, state): shared

    def read(self, type_text: str, state_text: str) -> Traits:
        key = (type_text, state_text)
        found = self._found.get(key)
        if found is None:
            found = self._decode(type_text, state_text)
            if len(self._found) >= self.LIMIT:
                self._found.clear()
            self._found[key] = found
        return found

    def _plan(self, type_text: str) -> tuple[tuple[str, ...], tuple[int, ...]] | None:
        if type_text in self._plans:
            return self._plans[type_text]
        try:
            types = type_chain(type_text)
            plan: tuple[tuple[str, ...], tuple[int, ...]] | None = (types, _needed(types))
        except (VassalFormatError, ValueError, IndexError):
            plan = None
        if len(self._plans) >= self.LIMIT:
            self._plans.clear()
        self._plans[type_text] = plan
        return plan

    def _trait(self, type_part: str, state_part: str) -> Trait:
        key = (type_part, state_part)
        trait = self._parts.get(key)
        if trait is None:  # many pieces share a layer's or marker's type and state
            trait = read_trait(type_part, state_part)
            if len(self._parts) >= self.LIMIT:
                self._parts.clear()
            self._parts[key] = trait
        return trait

    def _decode(self, type_text: str, state_text: str) -> Traits:
        plan = self._plan(type_text)
        if plan is None:
            return UNREADABLE
        types, keep = plan
        try:
            states = split_chain(state_text, len(types))
            if len(states) < len(types):
                return UNREADABLE  # fewer state parts than traits
            return Traits.of(PieceTraits([self._trait(types[i], states[i]) for i in keep]))
        except (VassalFormatError, ValueError, IndexError):
            return UNREADABLE


def _needed(types: tuple[str, ...]) -> tuple[int, ...]:
    """The traits whose decoding gives the same Traits as decoding the whole chain: the
    innermost (the BasicPiece), those that change the name (every Layer among them), the
    masks, and for each id property the outermost trait that answers it (outer traits win;
    which properties a trait answers is given by its type, only the BasicPiece's persistent
    ones by its state, and it is always decoded)."""
    keep = {len(types) - 1}
    answered: frozenset[str] = frozenset()
    for index, part in enumerate(types[:-1]):
        names, answers = _part_needs(part)
        if names or not answers <= answered:
            keep.add(index)
            answered |= answers
    return tuple(sorted(keep))


@lru_cache(maxsize=8192)
def _part_needs(part: str) -> tuple[bool, frozenset[str]]:
    """Of one trait's type text: whether it can name or mask the piece, and which id
    properties it answers (pieces of a module share most of their traits' texts)."""
    cls = TRAITS_BY_ID.get(trait_id_of(part))
    if cls is None:
        return False, frozenset()  # kept as raw text: no name, no properties, no mask
    names = cls.apply_name is not Trait.apply_name or issubclass(cls, (Layer, Obscurable))
    if cls.properties is Trait.properties:
        return names, frozenset()
    trait = type_only(part)
    props = trait.properties() if trait is not None else {}
    return names, frozenset(key for key in _KEYS if key in props)
