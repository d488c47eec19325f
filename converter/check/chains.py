"""A piece definition's trait chain as VASSAL's load reads it, not as a lenient reader would.

VASSAL builds a piece one level at a time (BasicCommandEncoder.createPiece): the type is read
as two TAB-separated tokens, the trait's own and the rest, each escaped TAB losing one
backslash; anything after a further unescaped TAB is never read. The innermost part must be
a Basic Piece (or a stack or deck); any other gets 'Could not create piece with type ...' and
a blank Basic Piece in its place. The state is peeled the same way by each trait
(Decorator.setState), and a trait left without a second token throws 'No state for
Decorator', which fails the module's load. vconv's own decoder reads a chain whose TABs are
not escaped level by level (a flat chain, which VASSAL never writes) as if they were, so
check asks this reader what VASSAL makes of it.
"""

from __future__ import annotations

from dataclasses import dataclass

from converter.vassal import sequence

# BasicCommandEncoder's basic piece factories, by type prefix (up to the first ';')
_BASIC_PREFIXES = frozenset({"piece;", "deck;", "stack"})


@dataclass(frozen=True)
class ChainRead:
    """What VASSAL's load makes of one piece definition's type and state."""

    parts: tuple[str, ...]  # the type parts VASSAL reads, outermost first
    dropped: str = ""  # the first text after an unescaped TAB that VASSAL never reads
    basic: bool = True  # the innermost part is one VASSAL builds as a basic piece
    no_state_for: str = ""  # the trait whose state runs out (VASSAL's load fails), or ""


def type_prefix(text: str) -> str:
    """BasicCommandEncoder.typePrefix: the text up to and with its first ';', or all of it."""
    cut = text.find(";")
    return text if cut < 0 else text[:cut + 1]


def read_chain(type_text: str, state_text: str) -> ChainRead:
    """The parts VASSAL builds from *type_text*, and whether *state_text* gives each of
    their traits a state."""
    parts: list[str] = []
    dropped = ""
    rest = type_text
    while True:
        fields = sequence.split(rest, "\t")
        parts.append(fields[0])
        if len(fields) < 2:
            break
        if len(fields) > 2 and not dropped:
            dropped = "\t".join(fields[2:])
        rest = fields[1]
    basic = type_prefix(parts[-1]) in _BASIC_PREFIXES
    no_state = ""
    state = state_text
    for part in parts[:-1]:  # each trait reads its own state and hands on the rest
        fields = sequence.split(state, "\t")
        if len(fields) < 2:
            no_state = part
            break
        state = fields[1]
    return ChainRead(tuple(parts), dropped, basic, no_state)


def add_piece_fields(text: str) -> tuple[str, str] | None:
    """(type, state) of an AddPiece text `+/id/type/state`, as VASSAL's decoder splits it;
    None for any other text."""
    if not text.startswith("+/"):
        return None
    fields = sequence.split(text[2:], "/")
    if len(fields) < 2:
        return None
    return fields[1], fields[2] if len(fields) > 2 else ""
