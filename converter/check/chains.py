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

The peels are not made one by one (copying the rest of the chain at each level costs the
square of a deep chain's length): every TAB is indexed once by the run of backslashes before
it. Inside the text read at depth d every TAB has at least d of them (the level above ended
its token at the first TAB with fewer), so the TABs that separate tokens at depth d are
those with exactly d.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass

from converter.vassal import sequence

# BasicCommandEncoder's basic piece factories, by type prefix (up to the first ';')
_BASIC_PREFIXES = frozenset({"piece;", "deck;", "stack"})


@dataclass(frozen=True)
class ChainRead:
    """What VASSAL's load makes of one piece definition's type and state."""

    count: int  # how many type parts VASSAL reads (traits and the innermost piece)
    innermost: str  # the last of them
    dropped: str = ""  # the first text after an unescaped TAB that VASSAL never reads
    no_state_for: str = ""  # the trait whose state runs out (VASSAL's load fails), or ""
    no_state_field: bool = False  # the definition has no state at all (the load fails)

    @property
    def basic(self) -> bool:
        """The innermost part is one VASSAL builds as a basic piece."""
        return type_prefix(self.innermost) in _BASIC_PREFIXES


def type_prefix(text: str) -> str:
    """BasicCommandEncoder.typePrefix: the text up to and with its first ';', or all of it."""
    cut = text.find(";")
    return text if cut < 0 else text[:cut + 1]


Span = tuple[int, int, int]  # start, stop, depth: a token of the original text


def _tabs_by_run(text: str) -> dict[int, list[int]]:
    """Each TAB's position, under the number of backslashes just before it (each backslash
    is counted once: linear in the text)."""
    out: dict[int, list[int]] = {}
    after = 0  # just past the TAB before: a run does not reach back over it
    pos = text.find("\t")
    while pos >= 0:
        between = text[after:pos]
        out.setdefault(len(between) - len(between.rstrip("\\")), []).append(pos)
        after = pos + 1
        pos = text.find("\t", after)
    return out


def _peel(text: str, levels: int | None) -> tuple[list[Span], Span | None, bool]:
    """The tokens VASSAL reads off *text*, one per level (all the levels there are, or
    *levels* of them and the rest), the first text it never reads, and whether every one of
    *levels* levels had a second token."""
    tabs = _tabs_by_run(text)
    spans: list[Span] = []
    dropped: Span | None = None
    start, stop, depth = 0, len(text), 0
    while levels is None or depth < levels:
        separators = tabs.get(depth, [])
        i = bisect_left(separators, start)
        if i == len(separators) or separators[i] >= stop:
            if levels is not None:  # a trait with no rest to hand on
                return spans, dropped, False
            break
        cut = separators[i]  # the depth backslashes before it are gone at this depth
        spans.append((start, cut - depth, depth))
        if i + 1 < len(separators) and separators[i + 1] < stop:
            if dropped is None and any(sequence.split(  # (empty tokens lose nothing)
                    _at_depth(text, separators[i + 1] + 1, stop, depth), "\t")):
                dropped = (separators[i + 1] + 1, stop, depth)
            stop = separators[i + 1] - depth
        start, depth = cut + 1, depth + 1
        if stop - start > 1 and text[start] == "'" and text[stop - 1] == "'":
            start, stop = start + 1, stop - 1  # the decoder unquotes a quoted token
    spans.append((start, stop, depth))
    return spans, dropped, True


def _at_depth(text: str, start: int, stop: int, depth: int) -> str:
    """Original text as the reader sees it *depth* peels down: up to that many backslashes
    fewer before each TAB."""
    part = text[start:stop]
    if depth and "\t" in part:
        pieces = part.split("\t")
        for i, piece in enumerate(pieces[:-1]):
            run = len(piece) - len(piece.rstrip("\\"))
            pieces[i] = piece[:len(piece) - min(run, depth)]
        part = "\t".join(pieces)
    return part


def _text(text: str, span: Span) -> str:
    """A token as VASSAL reads it off the text of its depth (one peel more), unquoted."""
    start, stop, depth = span
    part = _at_depth(text, start, stop, depth + 1)
    if len(part) > 1 and part[0] == "'" and part[-1] == "'":
        part = part[1:-1]
    return part


def read_chain(type_text: str, state_text: str | None) -> ChainRead:
    """The parts VASSAL builds from *type_text*, and whether *state_text* gives each of
    their traits a state (None: the definition has no state field at all)."""
    spans, dropped, _ = _peel(type_text, None)
    if state_text is None:
        return ChainRead(len(spans), _text(type_text, spans[-1]),
                         _at_depth(type_text, *dropped) if dropped else "", no_state_field=True)
    no_state = ""
    traits = len(spans) - 1
    if traits:
        states, _, whole = _peel(state_text, traits)
        if not whole:
            no_state = _text(type_text, spans[len(states)])
    return ChainRead(len(spans), _text(type_text, spans[-1]),
                     _at_depth(type_text, *dropped) if dropped else "", no_state)


def add_piece_fields(text: str) -> tuple[str, str | None] | None:
    """(type, state) of an AddPiece text `+/id/type/state`, as VASSAL's decoder splits it,
    the state None when the text has no state field (VASSAL reads three tokens: its load
    fails); None for any other text."""
    if not text.startswith("+/"):
        return None
    fields = sequence.split(text[2:], "/")
    if len(fields) < 2:
        return None
    return fields[1], fields[2] if len(fields) > 2 else None
