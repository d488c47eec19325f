"""check's reader of trait chains (converter/check/chains.py) against VASSAL's reading done
the plain way: two tokens a level (BasicCommandEncoder.createPiece, Decorator.setState),
each level split again with the sequence codec. The reader indexes the TABs once instead,
so that a chain thousands of traits deep costs its length, not its square."""

from __future__ import annotations

import random

import pytest

from converter.check.chains import read_chain
from converter.errors import VassalFormatError
from converter.vassal import sequence
from converter.vassal.traits.piece import encode_chain

_ALPHABET = ["a", ";", "\\", "\t", "'", "b"]


def peeled(type_text: str, state_text: str) -> tuple[int, str, str, bool]:
    """(parts read, innermost part, trait left without a state, whether any text is never
    read), one level at a time."""
    parts: list[str] = []
    dropped = False
    rest = type_text
    while True:
        fields = sequence.split(rest, "\t")
        parts.append(fields[0])
        if len(fields) < 2:
            break
        dropped = dropped or any(fields[2:])
        rest = fields[1]
    state = state_text
    for part in parts[:-1]:
        fields = sequence.split(state, "\t")
        if len(fields) < 2:
            return len(parts), parts[-1], part, dropped
        state = fields[1]
    return len(parts), parts[-1], "", dropped


def _junk(rnd: random.Random, longest: int) -> str:
    return "".join(rnd.choice(_ALPHABET) for _ in range(rnd.randint(0, longest)))


def _chains(seed: int, count: int) -> list[tuple[str, str]]:
    """Chains nested as VASSAL writes them, then damaged (a backslash lost, a character
    added to the state), and text of TABs, backslashes and quotes at random."""
    rnd = random.Random(seed)
    out = []
    while len(out) < count:
        if rnd.random() < 0.5:
            traits = rnd.randint(1, 6)
            try:
                type_text = encode_chain([f"m;{_junk(rnd, 4)}" for _ in range(traits)]
                                         + ["piece;;;x;" + rnd.choice(["a", "b'"])])
                state = encode_chain([_junk(rnd, 3) for _ in range(traits)] + ["null;0;0;1;0"])
            except VassalFormatError:  # a field ending in a backslash: no such chain
                continue
            for _ in range(rnd.randint(0, 2)):
                if rnd.random() < 0.5 and "\\" in type_text:
                    cut = type_text.index("\\")
                    type_text = type_text[:cut] + type_text[cut + 1:]
                else:
                    at = rnd.randrange(len(state) + 1)
                    state = state[:at] + rnd.choice(_ALPHABET) + state[at:]
            out.append((type_text, state))
        else:
            out.append((_junk(rnd, 25), _junk(rnd, 25)))
    return out


@pytest.mark.parametrize("seed", range(4))
def test_the_indexed_reader_reads_as_the_plain_peel(seed: int) -> None:
    for type_text, state in _chains(seed, 1500):
        read = read_chain(type_text, state)
        assert (read.count, read.innermost, read.no_state_for, bool(read.dropped)) == \
            peeled(type_text, state), (type_text, state)


def test_a_deep_chain_and_a_flat_one() -> None:
    deep = encode_chain([f"mark;L{i}" for i in range(300)] + ["piece;;;a.png;Deep"])
    state = encode_chain([""] * 300 + ["null;0;0;1;0"])
    read = read_chain(deep, state)
    assert (read.count, read.innermost, read.dropped, read.no_state_for) == \
        (301, "piece;;;a.png;Deep", "", "")
    flat = "\t".join([f"mark;L{i}" for i in range(300)] + ["piece;;;a.png;Deep"])
    read = read_chain(flat, "\t" * 300 + "null;0;0;1;0")
    assert (read.count, read.innermost, read.dropped[:7], read.basic) == (2, "mark;L1", "mark;L2",
                                                                         False)
