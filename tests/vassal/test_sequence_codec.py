"""The sequence codec against the format reference's own Python (§0.1, §0.2): the fast
implementation in converter.vassal.sequence must split and join exactly as it does."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from converter.errors import VassalFormatError
from converter.vassal import sequence


def reference_join(fields: list[str], d: str) -> str:
    out = []
    for v in fields:
        if not v:
            out.append("")
            continue
        body = v.replace(d, "\\" + d)
        if v[0] == "\\" or (v[0] == "'" and v[-1] == "'"):
            body = "'" + body + "'"
        out.append(body)
    return d.join(out)


def reference_split(s: str, d: str) -> list[str]:
    fields, start, n = [], 0, len(s)
    while True:
        if start == n:
            fields.append("")
            return fields
        acc, k = "", start
        while k < n:
            if s[k] == d:
                if k > 0 and s[k - 1] == "\\":
                    acc += s[start:k - 1]
                    start = k
                else:
                    acc += s[start:k]
                    start = k + 1
                    break
            k += 1
        else:
            fields.append(_unquote(acc + s[start:]))
            return fields
        fields.append(_unquote(acc))


def _unquote(t: str) -> str:
    return t[1:-1] if len(t) > 1 and t[0] == "'" and t[-1] == "'" else t


texts = st.text(alphabet=st.sampled_from(list("ab;,\t\\' ")), max_size=16)
delimiters = st.sampled_from([";", ",", "\t", "/", "\x1b"])


@settings(max_examples=1000, deadline=None)
@given(text=texts, d=delimiters)
def test_split_matches_the_reference(text: str, d: str) -> None:
    assert sequence.split(text, d) == reference_split(text, d)


@settings(max_examples=500, deadline=None)
@given(fields=st.lists(texts, max_size=5), d=delimiters)
def test_join_matches_the_reference_or_refuses_a_trailing_backslash(fields: list[str],
                                                                    d: str) -> None:
    try:
        joined = sequence.join(fields, d)
    except VassalFormatError:
        assert any(f.endswith("\\") and not f.startswith("\\") for f in fields)
        return
    assert joined == reference_join(fields, d)
    assert sequence.split(joined, d) == (fields or [""])


def test_a_field_that_is_one_backslash_is_quoted_as_vassal_writes_it() -> None:
    """Warmachine & Hordes (a real 3.2 module) has layers whose activate key is `'\\'`:
    VASSAL 3.6's own SequenceEncoder writes the field `\\` so (it quotes a field that
    starts with a backslash), and reads it back; `vconv import` refused the module, as if a
    field ending in a backslash could never be read back."""
    assert sequence.join(["Show Melee", "0", "\\", ""], ";") == "Show Melee;0;'\\';"
    assert sequence.join(["x", "\\a\\"], ";") == "x;'\\a\\'"
    assert sequence.split("Show Melee;0;'\\';", ";") == ["Show Melee", "0", "\\", ""]


def test_none_gives_no_fields_and_empty_gives_one() -> None:
    assert sequence.split(None, ";") == []
    assert sequence.split("", ";") == [""]
    assert sequence.split("a;", ";") == ["a", ""]
