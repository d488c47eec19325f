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
from converter.vassal.sequence import split as seq_split
from converter.vassal.traits import (BasicPiece, FreeRotator, Hideable, Layer, Marker,
                                     MovementMarkable, Obscurable, Trait)
from converter.vassal.traits.basic_piece import state_persistent, state_position
from converter.vassal.traits.marker import marker_properties
from converter.vassal.traits.piece import (PieceTraits, decode_piece, followed_parts,
                                           innermost_part, read_trait, state_parts, type_chain,
                                           type_only)
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
    # what the other players see of it, when a trait keeps it from them: a mask's name
    # ('?', or the module's), or that it is invisible to them (Hideable)
    hidden_as: str | None = None

    @classmethod
    def of(cls, piece: PieceTraits) -> Traits:
        """What the decoded traits of *piece* say (a whole chain or the traits that matter),
        read in one walk over them (a fresh module decodes each piece of a log so)."""
        props: dict[str, str] = {}
        layer: Layer | None = None
        mask: Obscurable | None = None  # the outermost masking trait
        invisible = False
        for trait in reversed(piece.traits):  # (outer traits win: they come last)
            props.update(trait.properties())
            if isinstance(trait, Layer) and trait.name in FACE_LAYERS:
                layer = trait
            if isinstance(trait, Obscurable) and trait.masked:
                mask = trait
            if isinstance(trait, Hideable) and trait.hidden:
                invisible = True
        b = piece.basic
        return cls(piece.name, props.get(PIECE_ID_PROPERTY) or None,
                   layer.level if layer is not None else None,
                   layer.name if layer is not None else None, mask is not None,
                   None if b.map_id in ("null", "") else b.map_id, b.x, b.y,
                   props.get(CARD_ID_PROPERTY) or None, _hidden_as(invisible, mask))


def _hidden_as(invisible: bool, mask: Obscurable | None) -> str | None:
    """What VASSAL shows the other players of a piece: nothing of an invisible one (its
    moves' places as '?'), the outermost mask's name for a masked one."""
    if invisible:
        return "invisible to others"
    return f"others see {mask.mask_name or '?'!r}" if mask is not None else None


UNREADABLE = Traits("?", None, None, None, False)

# What adding a piece needs at once (`TraitReader.where`): whether it is `UNREADABLE` (an
# unreadable chain), and the map and position its BasicPiece holds.
Where = tuple[bool, str | None, int, int]
NOWHERE: Where = (True, None, 0, 0)
Position = tuple[str | None, int, int]  # a BasicPiece's map (None: off-map), x and y

# What identifying a piece needs (`TraitReader.ids`): `Where`, then its game id and card id.
Ids = tuple[bool, str | None, int, int, str | None, str | None]

# a type's parts, (index, part) of those to decode, whether `where` may skip them, and
# (index, part) of those `ids` decodes (the outermost answering each id property, then
# the innermost)
Plan = tuple[tuple[str, ...], tuple[tuple[int, str], ...], bool, tuple[tuple[int, str], ...]]
# of a type's parts but the innermost: what `_shown` says of them
Outer = tuple[tuple[tuple[int, str], ...], bool, tuple[tuple[int, str], ...]]


class TraitReader:
    """(type, state) → Traits, with each type planned once and each pair decoded once.

    >>> r = TraitReader()
    >>> r.read("mark;vconv_id\\tpiece;;;a.png;1st Bn", "na-1\\tnull;0;0;17;0").game_id
    'na-1'
    >>> r.read("stack", "").name
    '?'
    >>> r.where("mark;vconv_id\\tpiece;;;a.png;1st Bn", "na-1\\tMain;40;60;17;0")
    (False, 'Main', 40, 60)
    """

    LIMIT = 100_000  # entries kept in each cache; a long log holds a few thousand

    def __init__(self) -> None:
        self._plans: dict[str, Plan | None] = {}
        self._found: dict[tuple[str, str], Traits] = {}
        self._parts: dict[tuple[str, str], Trait] = {}  # one trait's (type, state): shared
        # what a chain says but where the piece stands, by its type and its states less the
        # BasicPiece's map and position: a league's logs put the same pieces elsewhere
        self._placeless: dict[tuple[str, ...], Traits] = {}
        self._ids: dict[tuple[str, str], Ids] = {}
        # a type's parts but the innermost → `_shown` of them: most types of a real log
        # differ in their BasicPiece alone (0606-1: 2,035 types, 990 outer parts)
        self._outer: dict[tuple[str, ...], Outer] = {}

    def read(self, type_text: str, state_text: str) -> Traits:
        key = (type_text, state_text)
        found = self._found.get(key)
        if found is None:
            found = self._decode(type_text, state_text)
            if len(self._found) >= self.LIMIT:
                self._found.clear()
            self._found[key] = found
        return found

    def moved_only(self, type_text: str, old_state: str, new_state: str,
                   old: Traits | None) -> tuple[Position, Position] | None:
        """The BasicPiece's (map, x, y) in *old_state* and *new_state* when `read` of the
        two says the same but for that position, decoding neither; None when it cannot
        tell (then read both).

        A ChangePiece mostly sets a trait the audit does not read (a real log's are nearly
        all "moved" marks), and `Traits` depends on the plan's parts alone, of the
        BasicPiece's state only on its position and the persistent properties after it:
        so those states are compared instead.  Only for a readable chain: *old* read and
        not `UNREADABLE`, or a lazy plan (whose traits cannot fail to decode, see `where`).
        """
        plan = self._plan(type_text)
        if plan is None or old is UNREADABLE:
            return None
        types, shown, lazy, _ids = plan
        if not (lazy or old is not None):
            return None
        count = len(types)
        now = state_parts(new_state, count, shown)
        if now is None:
            return None
        before = state_parts(old_state, count, shown)
        if before is None or now[:-1] != before[:-1]:
            return None
        basic_now, basic_before = now[-1], before[-1]
        if "\\" in basic_now or "'" in basic_now or "\\" in basic_before \
                or "'" in basic_before \
                or basic_now.split(";", 3)[3:] != basic_before.split(";", 3)[3:]:
            return None
        map_now, x_now, y_now = state_position(basic_now)
        map_before, x_before, y_before = state_position(basic_before)
        return ((None if map_before in ("null", "") else map_before, x_before, y_before),
                (None if map_now in ("null", "") else map_now, x_now, y_now))

    def basic_state(self, type_text: str, state_text: str) -> str | None:
        """The BasicPiece's part of a state (map, point, gpid, properties), None when the
        chain cannot be cut: VASSAL sets a piece's map and point from a ChangePiece only
        when this part changed since the state the change was made from."""
        plan = self._plan(type_text)
        return None if plan is None else innermost_part(state_text, len(plan[0]))

    def where(self, type_text: str, state_text: str) -> Where:
        """(unreadable, map, x, y) of a piece, as `read` gives them, decoding only its
        BasicPiece when the plan allows: most pieces of a real log are never named (no check
        reads them, no step of the report shows them), so their naming traits wait for
        `read` until something asks.

        `read` gives `UNREADABLE` when a chain cannot be read: a type that does not split,
        a state with fewer parts than the type, an innermost part that is no BasicPiece, or
        a trait that fails to decode.  A lazy plan's naming traits cannot fail (each is a
        modelled trait whose type decoded and whose state fields keep their defaults on bad
        text); anything else is read at once."""
        found = self._found.get((type_text, state_text))
        if found is None:
            plan = self._plan(type_text)
            if plan is None:
                return NOWHERE
            types, _shown, lazy, _ids = plan
            if lazy:
                basic_state = innermost_part(state_text, len(types))
                if basic_state is None:
                    return NOWHERE  # fewer state parts than traits
                map_id, x, y = state_position(basic_state)
                return False, None if map_id in ("null", "") else map_id, x, y
            found = self.read(type_text, state_text)
        return found is UNREADABLE, found.map, found.x, found.y

    def ids(self, type_text: str, state_text: str) -> Ids:
        """(unreadable, map, x, y, game id, card id) of a piece, as `read` gives them,
        decoding only the traits answering the id properties and its BasicPiece when the
        plan allows (as `where`): identifying a piece needs neither its name nor its face,
        and most pieces of a log are never named, flipped or judged by their steps."""
        key = (type_text, state_text)
        found = self._found.get(key)
        if found is None:
            known = self._ids.get(key)
            if known is not None:
                return known
            plan = self._plan(type_text)
            if plan is not None and plan[2]:
                got = self._read_ids(plan[0], plan[3], state_text)
                if got is not None:
                    if len(self._ids) >= self.LIMIT:
                        self._ids.clear()
                    self._ids[key] = got
                    return got
            found = self.read(type_text, state_text)
        return (found is UNREADABLE, found.map, found.x, found.y, found.game_id,
                found.card_id)

    def _read_ids(self, types: tuple[str, ...], answering: tuple[tuple[int, str], ...],
                  state_text: str) -> Ids | None:
        """`ids` from a lazy plan's id traits (None: read the whole plan instead)."""
        try:
            states = state_parts(state_text, len(types), answering)
            if states is None:
                return None
            # (a lazy plan's innermost part is a BasicPiece: its state is read without one)
            map_id, x, y, props = state_persistent(states[-1])
            for (_i, part), state in zip(answering[-2::-1], states[-2::-1]):
                template = type_only(part)  # outer traits win
                if type(template) is Marker:  # (each piece's marker values are its own)
                    props.update(marker_properties(template.names, seq_split(state, ",")))
                else:
                    props.update(self._trait(part, state).properties())
        except (VassalFormatError, ValueError, IndexError):
            return None
        return (False, None if map_id in ("null", "") else map_id, x, y,
                props.get(PIECE_ID_PROPERTY) or None, props.get(CARD_ID_PROPERTY) or None)

    def _plan(self, type_text: str) -> Plan | None:
        if type_text in self._plans:
            return self._plans[type_text]
        try:
            types = type_chain(type_text)
            last = len(types) - 1
            outer = types[:last]
            shown = self._outer.get(outer)
            if shown is None:  # (no part that may fail to plan is cached)
                shown = _shown(outer)
                if len(self._outer) >= self.LIMIT:
                    self._outer.clear()
                self._outer[outer] = shown
            innermost = (last, types[last])
            plan: Plan | None = (types, (*shown[0], innermost),
                                 shown[1] and _lazy_basic(types[last]), (*shown[2], innermost))
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
        types, shown, _lazy_plan, _ids = plan
        try:
            states = state_parts(state_text, len(types), shown)
            if states is None:
                return UNREADABLE  # fewer state parts than traits
            key = _placeless_key(type_text, states)
            if key is not None:
                known = self._placeless.get(key)
                if known is not None:
                    where = state_position(states[-1])
                    return Traits(known.name, known.game_id, known.level, known.layer,
                                  known.masked, None if where[0] in ("null", "") else where[0],
                                  where[1], where[2], known.card_id, known.hidden_as)
            found = Traits.of(PieceTraits([self._trait(part, state)
                                           for (_i, part), state in zip(shown, states)]))
            if key is not None:
                if len(self._placeless) >= self.LIMIT:
                    self._placeless.clear()
                self._placeless[key] = found
            return found
        except (VassalFormatError, ValueError, IndexError):
            return UNREADABLE


def _placeless_key(type_text: str, states: list[str]) -> tuple[str, ...] | None:
    """The type and the decoded traits' states, the BasicPiece's (last) without its map, x,
    y and VASSAL's piece id (`map;x;y;gpid;persistent properties`): no field of `Traits`
    but the position reads them (its name is in its type, the id properties it reads are
    persistent ones).  None when that state is not plain text (escapes or quotes)."""
    basic = states[-1]
    if "\\" in basic or "'" in basic:
        return None
    cut = -1
    for field_index in range(4):
        cut = basic.find(";", cut + 1)
        if cut < 0:  # no y (a position of its own, not cut here), or nothing past the id
            return None if field_index < 3 else (type_text, *states[:-1], "")
    return (type_text, *states[:-1], basic[cut:])


def _shown(outer: tuple[str, ...]) -> Outer:
    """Of a type's parts but the innermost (*outer*): (index, part) of the traits whose
    decoding, with the innermost's, gives the same Traits as decoding the whole chain,
    whether `where` may leave them undecoded, and (index, part) of those answering the id
    properties (`ids`: the outermost trait answering each; one walk over the parts'
    needs for both, a log's pieces differing in their types' parts).

    Those traits are the innermost (the BasicPiece, always decoded), those that change the
    name (every Layer among them), the masks, and for each id property the outermost trait
    that answers it (outer traits win; which properties a trait answers is given by its
    type, only the BasicPiece's persistent ones by its state).  `where` may skip them when
    the innermost is a BasicPiece and each is a modelled trait whose type decodes (its state
    then decodes whatever its text: the spec codecs keep the default).  None of this reads
    the innermost part, so the pieces of a module that differ only in their BasicPiece
    (their name and image) share it."""
    needs = list(map(_part_needs, outer))
    if needs.count(_NOTHING) == len(outer):  # (at C level) nothing but the BasicPiece
        return (), True, ()
    shown: list[tuple[int, str]] = []
    answering: list[tuple[int, str]] = []
    answered: frozenset[str] = frozenset()
    lazy = True
    for index, (names, answers) in enumerate(needs):
        new = not answers <= answered
        if names or new:
            part = outer[index]
            shown.append((index, part))
            if new:
                answering.append((index, part))
                answered |= answers
            lazy = lazy and _lazy_part(part)
    added = followed_parts(outer, shown, _answered_by)  # a layer following a property
    if added:
        shown = sorted((*shown, *added))
        lazy = lazy and all(_lazy_part(part) for _index, part in added)
    return tuple(shown), lazy, tuple(answering)


@lru_cache(maxsize=8192)
def _answered_by(part: str) -> frozenset[str]:
    """The properties a trait answers, by its type (a Dynamic Property its name)."""
    try:
        trait = type_only(part)
    except Exception:  # noqa: BLE001 - `read` meets it and says what it says
        return frozenset()
    return frozenset(trait.properties()) if trait is not None else frozenset()


@lru_cache(maxsize=8192)
def _lazy_part(part: str) -> bool:
    """A trait `where` may leave undecoded: a modelled trait whose type decodes
    (not one that decodes its own way)."""
    try:
        return type_only(part) is not None
    except Exception:  # noqa: BLE001 - `read` meets it and says what it says
        return False


@lru_cache(maxsize=8192)
def _lazy_basic(part: str) -> bool:
    """An innermost part `where` may read the position of: a BasicPiece."""
    try:
        return isinstance(type_only(part), BasicPiece)
    except Exception:  # noqa: BLE001 - `read` meets it and says what it says
        return False


@lru_cache(maxsize=8192)
def _part_needs(part: str) -> tuple[bool, frozenset[str]]:
    """Of one trait's type text: whether it can name or mask the piece, and which id
    properties it answers (pieces of a module share most of their traits' texts)."""
    cls = TRAITS_BY_ID.get(trait_id_of(part))
    if cls is None:
        return _NOTHING  # kept as raw text: no name, no properties, no mask
    names = cls.apply_name is not Trait.apply_name or issubclass(cls, (Layer, Obscurable, Hideable))
    if cls.properties is Trait.properties:
        return (True, frozenset()) if names else _NOTHING
    trait = type_only(part)
    props = trait.properties() if trait is not None else {}
    answers = frozenset(key for key in _KEYS if key in props)
    return _NOTHING if not (names or answers) else (names, answers)


_NOTHING: tuple[bool, frozenset[str]] = (False, frozenset())  # a part `_shown` passes over


def changed_traits(type_text: str, old_state: str, new_state: str) -> str:
    """In words, what a change the audit does not read changed (a marker layer, a property),
    trait by trait as the module names it: the step list's line when VASSAL reported none."""
    try:
        old = decode_piece(type_text, old_state).traits
        new = decode_piece(type_text, new_state).traits
    except VassalFormatError:
        return "changed"
    said: list[str] = []
    for before, after in zip(old, new):
        if isinstance(after, BasicPiece) or before.encode_state() == after.encode_state():
            continue
        if isinstance(after, Layer):
            command = after.increase_command or after.activate_command or \
                after.decrease_command
            name = after.name or after.description or \
                (f"layer {command!r}" if command else "a layer")
            level = after.level_name.strip(" +") or \
                (f"level {after.level}" if len(after.images) > 1 else "on")
            said.append(f"{name} {level}" if after.active else f"{name} off")
            continue
        if isinstance(after, MovementMarkable):  # VASSAL's 'Mark When Moved'
            said.append("marked moved" if after.moved else "moved mark cleared")
            continue
        if isinstance(after, FreeRotator) and isinstance(before, FreeRotator):
            # (one facing: the state is the angle itself, the player's free rotation)
            said.append(f"rotated {before.facing}° → {after.facing}°" if after.facings == "1"
                        else f"rotated: facing {before.facing} → {after.facing} of "
                             f"{after.facings}")
            continue
        was = before.properties()  # (a report's or a move mark's bookkeeping says nothing)
        said.extend(f"{key} = {value}" for key, value in sorted(after.properties().items())
                    if was.get(key) != value)
    return ", ".join(dict.fromkeys(said)) or "changed"
