"""Fuzzing the save reader and the command decoder: bad input gives our errors, nothing else."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from converter.errors import InputError, VassalFormatError
from converter.vassal.commands import read_record
from converter.vassal.savefile import (Encoding, ReadLimits, _inflate_whole, _read_member,
                                       encode_saved_game, read_save_bytes)
from converter.vassal.zipfiles import ZIP_ERRORS

REAL = Path(__file__).resolve().parents[1] / "data" / "real"
SMALL = ["tour.vlog", "tour-vassal36.vlog"]
LIMITS = ReadLimits(max_member_bytes=4 << 20, max_total_bytes=8 << 20)


def load(data: bytes) -> None:
    """Read and decode completely, as `vconv dump` does; only our errors may escape."""
    try:
        save = read_save_bytes(data, source="fuzz.vlog", limits=LIMITS)
        rec = read_record(save.text)
        rec.unknown()
    except (VassalFormatError, InputError) as exc:
        assert str(exc)


_FAST = settings(max_examples=150, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@_FAST
@given(st.binary(max_size=400))
def test_random_bytes(data: bytes) -> None:
    load(data)


@_FAST
@given(st.sampled_from([b"PK\x03\x04", b"!VCSK", b"VOBS", b"\xfd7zXZ\x00", b"begin_save"]),
       st.binary(max_size=300))
def test_random_bytes_after_a_real_header(header: bytes, tail: bytes) -> None:
    load(header + tail)


@_FAST
@given(st.sampled_from(SMALL), st.integers(min_value=0, max_value=6000))
def test_truncated_real_files(name: str, cut: int) -> None:
    data = (REAL / name).read_bytes()
    load(data[:cut % len(data)])


@_FAST
@given(st.sampled_from(SMALL), st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)),
                                        min_size=1, max_size=8))
def test_mutated_real_files(name: str, edits: list[tuple[int, int]]) -> None:
    data = bytearray((REAL / name).read_bytes())
    for pos, value in edits:
        data[pos % len(data)] = value
    load(bytes(data))


@_FAST
@given(st.sampled_from(SMALL), st.sampled_from(list(Encoding)),
       st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), min_size=1, max_size=6))
def test_mutated_savedgame_streams(name: str, encoding: Encoding,
                                   edits: list[tuple[int, int]]) -> None:
    from converter.vassal.savefile import read_save

    raw = bytearray(encode_saved_game(read_save(REAL / name).text, encoding, 0x42))
    for pos, value in edits:
        raw[pos % len(raw)] = value
    load(bytes(raw))


@_FAST
@given(st.text(alphabet=st.sampled_from("+-DM/;\t\x1b\\'LOGCHAT0123null"), max_size=200))
def test_random_command_text(text: str) -> None:
    load(b"begin_save\x1b" + text.encode("utf-8"))


@pytest.mark.parametrize("depth", [50, 400])
def test_deeply_nested_commands(depth: int) -> None:
    # each level of nesting puts one more backslash before the inner ESCs
    text = "CHAT x"
    for _ in range(depth):
        text = "CHAT y\x1b" + text.replace("\x1b", "\\\x1b")
    data = ("begin_save\x1b" + text.replace("\x1b", "\\\x1b")).encode()
    if depth > 200:
        with pytest.raises(VassalFormatError, match="nested more than 200 levels") as caught:
            read_record(read_save_bytes(data, source="deep").text)
        # the position names the tree's ends and its depth, not 200 child indices
        assert str(caught.value) == ("command 1/1/1/1/1/1/.../1/1/0 (201 levels): commands "
                                     "nested more than 200 levels deep"), str(caught.value)
    load(data)
    if depth == 50:
        rec = read_record(read_save_bytes(data, source="deep").text)
        assert sum(1 for _ in rec.restored()) == depth + 2


def _member(data: bytes, whole: bool) -> object:
    """The savedGame entry's bytes, or the error, as `_read_member` reads it: inflated in one
    call (*whole*, the archive's bytes given) or by zipfile's chunked reads."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        archive.getinfo("savedGame")
    except (*ZIP_ERRORS, KeyError):
        return "no archive"
    try:
        return _read_member(archive, "savedGame", "f.vlog", LIMITS, [LIMITS.max_total_bytes],
                            data if whole else None)
    except VassalFormatError as exc:
        return str(exc)


@_FAST
@given(st.sampled_from(SMALL), st.lists(st.tuples(
    st.one_of(st.integers(0, 80), st.integers(-130, -1), st.integers(0, 10**6)),
    st.integers(0, 255)), max_size=4))
@example("tour.vlog", [(31, ord("A"))])  # the local header names another entry
def test_an_entry_inflated_whole_reads_as_zipfile_reads_it(name: str,
                                                           edits: list[tuple[int, int]]) -> None:
    # edits in the local header, the central directory's sizes and CRC, or the stream: the
    # one-call inflation gives the same bytes or hands over to zipfile's reading and errors
    data = bytearray((REAL / name).read_bytes())
    if not edits:  # a sound entry takes the one call
        archive = zipfile.ZipFile(io.BytesIO(data))
        assert _inflate_whole(bytes(data), archive.getinfo("savedGame")) is not None
    for pos, value in edits:
        data[pos % len(data)] = value
    assert _member(bytes(data), whole=True) == _member(bytes(data), whole=False)
