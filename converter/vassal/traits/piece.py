"""A whole piece: its decorator chain, decoded from and encoded to VASSAL's type/state text.

The type of a piece is `type(outermost) ⇥ type(rest)`, joined by the sequence codec with TAB,
so each nesting level adds a backslash before the TABs; the state chain is built the same way
and has the same length (§3.1 of the format reference).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence, Set as AbstractSet
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import repeat
from typing import TypeVar

from converter.errors import VassalFormatError
from converter.vassal import sequence
from converter.vassal.traits.base import Trait, trait_id_of
from converter.vassal.traits.basic_name import BasicName
from converter.vassal.traits.basic_piece import BasicPiece
from converter.vassal.traits.label import Label
from converter.vassal.traits.layer import Layer
from converter.vassal.traits.spec import Memo

T = TypeVar("T", bound=Trait)

_NOT_PIECES = ("stack", "deck;")
TYPE_CACHE_SIZE = 2048  # distinct piece types kept split; a save holds a few hundred


@dataclass
class PieceTraits:
    """A decoded piece: `traits` outermost first, the BasicPiece last.

    >>> p = decode_piece("emb2;;128;;Flip;128;;;128;;;;1;false;0;0;a.png,b.png;,+ (reduced);"
    ...                  "true;Step;;;false;;1;1;true;;70,130;;;1.0;;true\\tpiece;;;a.png;1st Bn",
    ...                  "2\\tnull;0;0;17;0")
    >>> p.name, p.trait(Layer).level, p.basic.gpid
    ('1st Bn (reduced)', 2, '17')
    """

    traits: list[Trait] = field(default_factory=list)

    @property
    def basic(self) -> BasicPiece:
        """The innermost BasicPiece (image, name, map id, position, gpid)."""
        inner = self.traits[-1] if self.traits else None
        if not isinstance(inner, BasicPiece):
            raise VassalFormatError("piece has no BasicPiece at the end of its trait chain")
        return inner

    @property
    def name(self) -> str:
        """The name VASSAL reports (Layer level names and Labels applied, inside out), from
        the basic name: the outermost Basic Name trait's, else the BasicPiece's."""
        name = self.basic.name if self.traits and isinstance(self.traits[-1], BasicPiece) else ""
        given = next((t for t in self.traits if type(t) is BasicName), None)
        if given is not None:
            name = given.name
        props = self.properties() if any(isinstance(t, Layer) and t.follow_property
                                         for t in self.traits) else None
        for trait in reversed(self.traits[:-1]):
            if props is not None and isinstance(trait, Layer):
                trait = trait.following(props)  # (For the People's strength layers)
            if type(trait) is Label and trait.refers:
                name = trait.apply_name(name, self._naming_properties())
            else:
                name = trait.apply_name(name)
        return name

    def _naming_properties(self) -> dict[str, str]:
        """The properties a label's name may refer to, outer traits winning: those of the
        traits a listing decodes (`decode_shown`: the naming traits, and of the BasicPiece
        its basic name alone, which its type holds), so both decodings give one name."""
        props: dict[str, str] = {}
        for trait in reversed(self.traits):
            if type(trait) is BasicPiece:
                props["BasicName"] = trait.name
            elif type(trait) in _NAMING_CLASSES:
                props.update(trait.properties())
        return props

    def trait(self, cls: type[T], name: str | None = None) -> T | None:
        """The outermost trait of class *cls* (with `name` if given), or None."""
        for trait in self.traits:
            if isinstance(trait, cls) and (name is None or getattr(trait, "name", None) == name):
                return trait
        return None

    def traits_of(self, cls: type[T]) -> list[T]:
        """All traits of class *cls*, outermost first."""
        return [t for t in self.traits if isinstance(t, cls)]

    def properties(self) -> dict[str, str]:
        """Property name → value, outer traits winning, as VASSAL's getProperty looks up."""
        props: dict[str, str] = {}
        for trait in reversed(self.traits):
            props.update(trait.properties())
        return props

    @property
    def position(self) -> tuple[str, int, int]:
        """(map id, x, y) in map pixels; the map id is "null" when off any map."""
        basic = self.basic
        return basic.map_id, basic.x, basic.y

    @property
    def masked(self) -> bool:
        """True when an Obscurable (mask) currently hides the piece from other players."""
        # imported here: a dump that never asks loads no mask trait (its start-up budget)
        from converter.vassal.traits.obscurable import Obscurable
        return any(t.masked for t in self.traits_of(Obscurable))

    @property
    def layers(self) -> list[Layer]:
        return self.traits_of(Layer)

    def encode(self) -> tuple[str, str]:
        """The (type, state) text of the whole chain."""
        return encode_chain([t.encode_type() for t in self.traits]), \
            encode_chain([t.encode_state() for t in self.traits])

    def add_piece_text(self, piece_id: str = "null") -> str:
        """The AddPiece text (`+/id/type/state`) that PieceSlots and saves hold."""
        type_text, state_text = self.encode()
        return "+/" + sequence.join([piece_id, type_text, state_text], "/")


def _chains(type_text: str, state_text: str) -> tuple[tuple[str, ...], list[str]]:
    """A piece's type and state, each split into its traits' parts (outermost first).

    Raises:
        VassalFormatError: the type is a stack or deck, or the state has fewer parts.
    """
    if type_text == "stack" or type_text.startswith("deck;"):
        raise VassalFormatError(f"{type_text[:20]!r} is a stack or deck, not a piece")
    types = _type_parts(type_text)
    states = split_chain(state_text, len(types))
    if len(states) < len(types):
        raise VassalFormatError(
            f"piece {types[-1][:60]!r} has {len(types)} traits but its state has "
            f"{len(states)} parts")
    return types, states


def decode_piece(type_text: str, state_text: str) -> PieceTraits:
    """Split a piece's full type and state into trait objects (outermost first).

    Unknown traits become RawTrait and re-encode unchanged.

    Raises:
        VassalFormatError: the type is a stack or deck, or the chains differ in length.
    """
    types, states = _chains(type_text, state_text)
    return PieceTraits([_decode_trait(t, s) for t, s in zip(types, states)])


def decode_shown(type_text: str, state_text: str) -> PieceTraits:
    """The piece with only the traits that make its name and place decoded: those that
    change the name (``apply_name``) and the BasicPiece; the others are left out.  What a
    listing of a save shows (``Piece.name``, ``Piece.position``), without building the tens
    of thousands of other traits a large save holds.

    Raises:
        VassalFormatError: as ``decode_piece``.
    """
    return _decode_shown(type_text, state_text, basic_state=True)


def shown_name(type_text: str, state_text: str) -> str:
    """``decode_shown(type_text, state_text).name``, without reading the BasicPiece's state
    (its name is in its type): what a listing shows when a piece's state changes.

    Raises:
        VassalFormatError: as ``decode_shown``.
    """
    return _decode_shown(type_text, state_text, basic_state=False).name


def _decode_shown(type_text: str, state_text: str, basic_state: bool) -> PieceTraits:
    """`decode_shown`, the innermost BasicPiece's state read only when *basic_state*."""
    if type_text == "stack" or type_text.startswith("deck;"):
        raise VassalFormatError(f"{type_text[:20]!r} is a stack or deck, not a piece")
    count, shown = _shown_type(type_text)
    states = _shown_states(state_text, count, shown)
    last = len(shown) - 1
    return PieceTraits([_read_shown(part, state, read_state=basic_state or i < last)
                        for i, ((_index, part), state) in enumerate(zip(shown, states))])


def _shown_states(state_text: str, count: int,
                  shown: tuple[tuple[int, str], ...]) -> list[str]:
    """The state parts of the *shown* parts of a chain of *count* parts.

    Raises:
        VassalFormatError: the state has fewer parts than the type.
    """
    plain = _plain_state_parts(state_text, count)
    if plain is not None:
        last = count - 1  # the innermost part keeps its text whole
        return [plain[i][:len(plain[i]) - i] if 0 < i < last else plain[i] for i, _part in shown]
    spans = _chain_spans(state_text, count)
    if len(spans) < count:
        raise VassalFormatError(
            f"piece {shown[-1][1][:60]!r} has {count} traits but its state has "
            f"{len(spans)} parts")
    return [_span_text(state_text, spans, i) for i, _part in shown]


def _plain_state_parts(text: str, count: int) -> list[str] | None:
    """`_plain_pieces` of a state chain of *count* parts; None for any other text.  A short
    chain (a log's pieces have a handful of traits; a state is cut for every piece added) is
    checked by one regular expression; a deep one by the checks per part, which cost less
    than the expression's backtracking over each part's run of backslashes."""
    if count <= _MATCHED_PARTS:
        return text.split("\t") if _plain_chain(count).fullmatch(text) is not None else None
    if text.count("\t") != count - 1:
        return None
    return _plain_pieces(text)


_MATCHED_PARTS = 8  # (5 parts: 2.3 against 3.3 us; 12 parts: even; 45 parts: 66 against 21 us)


@lru_cache(maxsize=_MATCHED_PARTS)
def _plain_chain(count: int) -> re.Pattern[str]:
    """A chain of *count* parts written the plain way (`_plain_pieces`): no quote, and the
    TAB after part d preceded by exactly d backslashes (part d is empty or ends with
    something else before them); no other TAB."""
    return re.compile("".join(r"(?:[^\t']*[^\t'\\])?" + r"\\" * depth + r"\t"
                              for depth in range(count - 1)) + r"[^\t']*")


def _plain_pieces(text: str) -> list[str] | None:
    """A chain cut at its TABs, when it is written the plain way: no quote anywhere, and the
    TAB after part d preceded by exactly d backslashes (no other TAB).  Part d is then piece
    d less its d trailing backslashes, with nothing to un-escape, as ``_chain_spans`` cuts
    it.  Checked with a few C-level passes instead of a Python step per part (a real save's
    states are 45 parts deep, a log's types are mostly plain); None for any other text.
    """
    if "'" in text:
        return None
    pieces = text.split("\t")
    if len(pieces) > len(_BACKSLASHES):
        return None
    heads = pieces[:-1]
    if all(map(str.endswith, heads, _BACKSLASHES)) and \
            not any(map(str.endswith, heads, _MORE_BACKSLASHES)):
        return pieces
    return None


_BACKSLASHES = tuple("\\" * depth for depth in range(256))  # deeper chains: the general cut
_MORE_BACKSLASHES = _BACKSLASHES[1:]


def _read_shown(type_part: str, state_part: str, read_state: bool = True) -> Trait:
    """`read_trait` for `decode_shown`; a BasicPiece, whose type is short and in a log
    seldom repeats, is decoded at once instead of through a cached template."""
    if not type_part.startswith(BasicPiece.ID):
        return read_trait(type_part, state_part)
    basic = BasicPiece()
    memo = Memo.reading()  # keeps nothing the type's decoding reads: shared with the state
    basic._decode_type(type_part[len(BasicPiece.ID):], memo)
    if read_state:
        basic._decode_state(state_part, memo)
    return basic


@lru_cache(maxsize=TYPE_CACHE_SIZE)
def _shown_type(type_text: str) -> tuple[int, tuple[tuple[int, str], ...]]:
    """(the number of parts, (index, text) of the parts `decode_shown` decodes) of a type
    chain, once per distinct text: those that name the piece, and for a Layer whose level
    follows a property (For the People's strength), the outermost trait answering it."""
    count, shown = _naming_parts(type_text)
    if not any(layer_follows(part) for _index, part in shown):
        return count, shown
    added = followed_parts(type_chain(type_text)[:-1], shown, _answered_here)
    return count, tuple(sorted((*shown, *added)))


@lru_cache(maxsize=8192)
def layer_follows(part: str) -> frozenset[str]:
    """The property a Layer's level follows (For the People's strength: 'Strength'), of a
    trait's type text; none for another trait."""
    if trait_id_of(part) != Layer.ID:
        return frozenset()
    layer = type_only(part)
    if isinstance(layer, Layer) and layer.follow_property and layer.property_name:
        return frozenset([layer.property_name])
    return frozenset()


def followed_parts(parts: Sequence[str], shown: Iterable[tuple[int, str]],
                   answers: Callable[[str], AbstractSet[str]]) -> list[tuple[int, str]]:
    """(index, part) to decode besides *shown*: for each property a shown Layer's level
    follows, the outermost of *parts* that *answers* it, when it is not shown already
    (its value names the layer's level as VASSAL shows it)."""
    shown = list(shown)
    followed = {name for _index, part in shown for name in layer_follows(part)}
    have = {index for index, _part in shown}
    added: list[tuple[int, str]] = []
    for index, part in enumerate(parts):
        if not followed:
            break
        found = followed & answers(part)
        if found:
            followed -= found
            if index not in have:
                added.append((index, part))
    return added


def _answered_here(part: str) -> set[str]:
    """The properties a Dynamic Property (its name) or a Marker (its keys) answers, read
    from its type text: a listing loads no other trait's decoder."""
    if part.startswith("PROP;"):
        return {sequence.split(part[len("PROP;"):], ";")[0]}
    if part.startswith("mark;"):
        return set(sequence.split(part[len("mark;"):], ","))
    return set()


def _naming_parts(type_text: str) -> tuple[int, tuple[tuple[int, str], ...]]:
    """(the number of parts, (index, text) of the parts that can name the piece and the
    innermost) of a type chain.  Only those parts are cut out and un-escaped: a part's
    trait id is read from the raw text where nothing in it is escaped or quoted."""
    plain = _plain_pieces(type_text)
    if plain is not None and not any(map(str.startswith, plain[:-1], repeat(BasicPiece.ID))):
        # every TAB ends a part (none but the last is a BasicPiece, where a type stops)
        last = len(plain) - 1
        return last + 1, tuple((i, piece[:len(piece) - i] if i < last else piece)
                               for i, piece in enumerate(plain)
                               if i == last or piece.startswith(_NAMING_IDS))
    spans = _quick_type_spans(type_text)
    if spans is not None:
        last = len(spans) - 1
        shown: list[tuple[int, str]] = []
        for i, (start, _stop, _depth) in enumerate(spans):
            # the trait id read from the raw text is the one un-escaping leaves (that only
            # drops backslashes before TABs, and an id holds no TAB); a quoted part is cut
            if i == last or type_text.startswith(_NAMING_IDS, start):
                shown.append((i, _span_text(type_text, spans, i)))
            elif type_text.startswith("'", start):
                part = _span_text(type_text, spans, i)
                if _names_it(part):
                    shown.append((i, part))
        return last + 1, tuple(shown)
    spans = _chain_spans(type_text, None)
    last = len(spans) - 1
    shown = []
    for i, (start, stop, _depth) in enumerate(spans):
        if i < last:
            semi = type_text.find(";", start, stop)
            head = type_text[start:semi + 1]
            if (semi >= 0 and head[0] != "'" and "\\" not in head and "\t" not in head
                    and not _id_names_it(head)):
                continue
        part = _span_text(type_text, spans, i)
        if i == last or _names_it(part):
            shown.append((i, part))
    return last + 1, tuple(shown)


def _quick_type_spans(text: str) -> list[tuple[int, int, int]] | None:
    """`_chain_spans(text, None)` in one walk over the TABs with C-level checks: at depth d
    a TAB after more than d backslashes is inside the part, one after exactly d ends it.
    None when the text ends with a quote (a part may then be unquoted as it is cut) or a TAB
    comes after fewer backslashes than its depth (cut the general way)."""
    if text.endswith("'"):
        return None
    spans: list[tuple[int, int, int]] = []
    start = depth = 0
    if "\t" in text and not text.startswith(BasicPiece.ID):
        pieces = text.split("\t")
        if len(pieces) > len(_BACKSLASHES):
            return None
        end = -1  # the position of the TAB after the current piece
        for piece in pieces[:-1]:
            end += len(piece) + 1
            if piece.endswith(_MORE_BACKSLASHES[depth]):
                continue  # escaped deeper: a TAB of this part's own text
            if depth and not piece.endswith(_BACKSLASHES[depth]):
                return None
            spans.append((start, end - depth, depth + 1))
            start = end + 1
            depth += 1
            if text.startswith(BasicPiece.ID, start):
                break
    spans.append((start, len(text), depth))
    return spans


def type_chain(type_text: str) -> tuple[str, ...]:
    """A piece type's trait parts, outermost first (split once per distinct text).

    Raises:
        VassalFormatError: the type is a stack or deck.
    """
    if type_text == "stack" or type_text.startswith("deck;"):
        raise VassalFormatError(f"{type_text[:20]!r} is a stack or deck, not a piece")
    return _type_parts(type_text)


TRAIT_CACHE_SIZE = 8192  # distinct trait types kept decoded; a large save holds ~2,500


def type_only(type_part: str) -> Trait | None:
    """The trait of one type part with its type decoded and its state at the defaults
    (shared: never change it); None for a trait kept as raw text."""
    template = _read_template(type_part)
    return template[0] if template is not None else None


def read_trait(type_part: str, state_part: str) -> Trait:
    """One trait of a chain, for reading: `decode_trait` with the type decoded once per
    distinct text, and without the memo that re-encoding needs."""
    template = _read_template(type_part)
    if template is None:
        return decode_trait(type_part, state_part)
    decoded, mutable = template
    trait = object.__new__(type(decoded))
    values = dict(decoded.__dict__)
    for key in mutable:
        values[key] = values[key].copy()
    trait.__dict__.update(values)
    trait._decode_state(state_part, Memo.reading())
    return trait


@lru_cache(maxsize=TRAIT_CACHE_SIZE)
def _read_template(type_part: str) -> tuple[Trait, tuple[str, ...]] | None:
    """`_trait_template` for reading: the type decoded without a memo, and the names of
    its attributes that each trait copies (lists, dicts, sets)."""
    cls = _templated_class(type_part)
    if cls is None:
        return None
    trait = cls()
    trait._decode_type(type_part[len(cls.ID):], Memo.reading())
    return trait, tuple(k for k, v in trait.__dict__.items() if type(v) in _MUTABLE)


def _names_it(type_part: str) -> bool:
    """Whether the trait of this type text can change the piece's name."""
    return _id_names_it(trait_id_of(type_part))


def _id_names_it(trait_id: str) -> bool:
    """Whether the trait with this id (factory prefix) can change the piece's name."""
    return trait_id in _NAMING


# The classes `decode_shown` meets: the traits that can change a piece's name (those whose
# class has its own `apply_name`; a test holds this to the registry) and the BasicPiece.  A
# listing of a save then loads these trait modules only, not the whole registry.
_NAMING: dict[str, type[Trait]] = {Layer.ID: Layer, Label.ID: Label, BasicName.ID: BasicName}
_SHOWN: dict[str, type[Trait]] = {**_NAMING, BasicPiece.ID: BasicPiece}
_NAMING_IDS = tuple(_NAMING)  # a part starting with one of these is a name-changing trait
_NAMING_CLASSES = frozenset(_NAMING.values())


def _trait_class(trait_id: str) -> type[Trait] | None:
    """The registry's class for a trait id; the shown classes without loading the registry."""
    cls = _SHOWN.get(trait_id)
    if cls is not None:
        return cls
    if trait_id == "PROP;":  # the property a Layer's level follows: this decoder alone
        from converter.vassal.traits.dynamic_property import DynamicProperty

        return DynamicProperty
    if trait_id == "mark;":
        from converter.vassal.traits.marker import Marker

        return Marker
    from converter.vassal.traits.registry import TRAITS_BY_ID

    return TRAITS_BY_ID.get(trait_id)


def decode_trait(type_text: str, state_text: str) -> Trait:
    """`registry.decode_trait` (loaded when first needed)."""
    from converter.vassal.traits import registry

    return registry.decode_trait(type_text, state_text)


def _decode_trait(type_part: str, state_part: str) -> Trait:
    """`decode_trait`, with the type decoded once per distinct text: a save's pieces share
    a few thousand trait types among tens of thousands of traits, and a type is most of
    the text.  Each trait gets its own copy of the decoded type, then reads its state."""
    template = _trait_template(type_part)
    if template is None:
        return decode_trait(type_part, state_part)
    decoded, seen = template
    trait = object.__new__(type(decoded))
    trait.__dict__.update({k: v.copy() if type(v) in _MUTABLE else v
                           for k, v in decoded.__dict__.items()})
    memo = Memo(dict(seen.texts), dict(seen.counts),
                {k: list(v) for k, v in seen.extras.items()})
    trait._decode_state(state_part, memo)
    trait._memo = memo
    return trait


_MUTABLE = (list, dict, set)


@lru_cache(maxsize=TRAIT_CACHE_SIZE)
def _trait_template(type_part: str) -> tuple[Trait, Memo] | None:
    """A trait with only its type decoded (and what decoding saw); None for a trait
    whose class decodes otherwise (unknown prefixes, RawTrait)."""
    cls = _templated_class(type_part)
    if cls is None:
        return None
    trait = cls()
    memo = Memo.empty()
    trait._decode_type(type_part[len(cls.ID):], memo)
    return trait, memo


def _templated_class(type_part: str) -> type[Trait] | None:
    """The trait class of a type part whose type can be decoded once and shared (it decodes
    the standard way); None for unknown prefixes and classes that decode otherwise."""
    cls = _trait_class(trait_id_of(type_part))
    if cls is None or cls.decode.__func__ is not Trait.decode.__func__:  # type: ignore[attr-defined]
        return None
    return cls


@lru_cache(maxsize=TYPE_CACHE_SIZE)
def _type_parts(type_text: str) -> tuple[str, ...]:
    """A type chain's parts, split once per distinct text: the pieces of a save share a few
    hundred types, each many kilobytes long, while their states differ.  A chain written the
    plain way (`_plain_pieces`) with no BasicPiece before its last part, as every type of a
    real log is, is cut with C-level passes; any other goes through `split_chain`."""
    plain = _plain_pieces(type_text)
    if plain is not None and not any(map(str.startswith, plain[:-1], repeat(BasicPiece.ID))):
        last = len(plain) - 1
        return tuple([piece[:len(piece) - i] if i < last else piece
                      for i, piece in enumerate(plain)])
    return tuple(split_chain(type_text))


def split_chain(text: str, parts: int | None = None) -> list[str]:
    """Split a decorator chain into its parts, outermost first, in one pass over the text.

    A type chain ends at the BasicPiece (`piece;`), whose own text may hold anything; a state
    chain is peeled exactly `parts - 1` times, as each decorator's setState does.  Each peel
    is the sequence codec's split into two fields, the own part and the rest, removing one
    backslash before every TAB (VASSAL reads two tokens and ignores any further unescaped
    TAB, which is kept here as text).  So after `d` peels a TAB that had `r` backslashes
    before it has `max(r - d, 0)`: the separator at depth `d` is the first TAB with `r <= d`,
    and each part is cut from the original text once instead of copying the whole rest of
    the chain at every peel.
    """
    spans = _chain_spans(text, parts)
    return [_span_text(text, spans, i) for i in range(len(spans))]


def _chain_spans(text: str, parts: int | None) -> list[tuple[int, int, int]]:
    """(start, stop, backslashes to remove before each TAB) of each part of a chain, as
    `split_chain` cuts them, without copying any part: a listing needs only a few of a
    chain's parts (`_span_text` makes one).  The separator at depth `d` is the first TAB
    after no more than `d` backslashes, found with `str.find` (a part's own TABs, escaped
    deeper, are passed over)."""
    spans: list[tuple[int, int, int]] = []
    start, end = 0, len(text)
    depth = 0
    escapes = ""  # depth backslashes
    if "\t" in text:
        while True:
            if parts is None and text.startswith("piece;", start):
                break
            if parts is not None and len(spans) == parts - 1:
                break
            cut = text.find("\t", start)
            run = depth
            while cut >= 0:
                # the backslashes just before this TAB: most often exactly depth of them
                lo = cut - depth
                if lo >= start and text.startswith(escapes, lo) and (
                        lo == start or text[lo - 1] != "\\"):
                    break
                lead = text[max(start, lo - 1):cut]
                run = len(lead) - len(lead.rstrip("\\"))
                if run <= depth:
                    break
                cut = text.find("\t", cut + 1)
                run = depth
            if cut < 0:
                break
            spans.append((start, cut - run, depth + 1))
            start = cut + 1
            depth += 1
            escapes += "\\"
            if end - start > 1 and text[start] == "'" and text[end - 1] == "'":
                start += 1
                end -= 1
    spans.append((start, end, depth))
    return spans


def _span_text(text: str, spans: list[tuple[int, int, int]], index: int) -> str:
    """The text of part *index* of a chain cut into *spans*: un-escaped, and unquoted but
    for the last (innermost) part."""
    start, stop, depth = spans[index]
    if index == len(spans) - 1:
        return _unescape(text[start:stop], depth)
    return _unquote(_unescape(text[start:stop], depth))


def _unescape(text: str, depth: int) -> str:
    """*text* with up to *depth* backslashes removed before each TAB (depth peels)."""
    if depth == 0 or "\\\t" not in text:
        return text
    if depth == 1:
        return text.replace("\\\t", "\t")
    pieces = text.split("\t")
    for i in range(len(pieces) - 1):
        piece = pieces[i]
        if piece[-1:] == "\\":
            keep = len(piece.rstrip("\\"))
            pieces[i] = piece[:max(keep, len(piece) - depth)]
    return "\t".join(pieces)


def _unquote(text: str) -> str:
    return text[1:-1] if len(text) > 1 and text[0] == "'" and text[-1] == "'" else text


def encode_chain(parts: list[str]) -> str:
    """Join chain parts (outermost first) the way Decorator.getType/getState nest them."""
    if not parts:
        return ""
    whole = "".join(parts)
    if "\t" not in whole and "\\" not in whole and "'" not in whole:
        # Nothing to escape or quote but the TABs the nesting adds, one more backslash
        # before each at every level: the same text as the joins below, built at once.
        return parts[0] + "".join(["\\" * depth + "\t" + part
                                   for depth, part in enumerate(parts[1:])])
    text = parts[-1]
    for part in reversed(parts[:-1]):
        text = sequence.join([part, text], "\t")
    return text


def decode_add_piece(text: str) -> tuple[str, PieceTraits]:
    """Decode an AddPiece text `+/id/type/state` into (id, piece).

    Raises:
        VassalFormatError: the text is not an AddPiece command.
    """
    if not text.startswith("+/"):
        raise VassalFormatError(f"expected an AddPiece text starting '+/', got {text[:30]!r}")
    fields = sequence.split(text[2:], "/")
    if len(fields) < 2:
        raise VassalFormatError(f"AddPiece text {text[:60]!r} has no piece type")
    piece_id, type_text = fields[0], fields[1]
    state_text = fields[2] if len(fields) > 2 else ""
    return piece_id, decode_piece(type_text, state_text)


def innermost_part(text: str, parts: int) -> str | None:
    """The innermost part of a chain of *parts* parts (a state's BasicPiece part), as
    `split_chain(text, parts)[-1]` cuts it, without cutting the others; None when the
    chain has fewer parts."""
    plain = _plain_state_parts(text, parts)
    if plain is not None:
        return plain[-1]
    spans = _chain_spans(text, parts)
    return _span_text(text, spans, parts - 1) if len(spans) >= parts else None


def state_parts(text: str, parts: int, shown: tuple[tuple[int, str], ...]) -> list[str] | None:
    """The state parts of the *shown* (index, type part) parts of a chain of *parts* parts,
    as `split_chain(text, parts)` cuts them, without cutting the others; None when the
    chain has fewer parts."""
    try:
        return _shown_states(text, parts, shown)
    except VassalFormatError:
        return None
