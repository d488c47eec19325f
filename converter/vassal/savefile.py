"""VASSAL saves (.vsav) and logs (.vlog): the zip archive and the savedGame obfuscation.

A save is a zip holding ``savedGame`` (the command stream, obfuscated) and optionally
``savedata`` and ``moduledata``; a bare savedGame stream is accepted too.  Every encoding
VASSAL has written is read (reference §4.2): ``!VCSK`` + hex XOR (VASSAL <= 3.7), ``VOBS`` +
raw-key XOR (3.8), an xz stream (pywargame's "new" format) and plain UTF-8 text.  Files are
untrusted: member sizes and decompressed bytes are bounded, member names are checked, and
every failure is a ``VassalFormatError``/``InputError`` naming the file and the byte offset.
"""

from __future__ import annotations

import binascii
import enum
import io
import lzma
import os
import struct
import zipfile
import zlib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from converter.errors import InputError, VassalFormatError, shown
from converter.limits import LOG_TEXT_BYTES
from converter.vassal.commands import GameRecord, read_record
from converter.vassal.zipfiles import ZIP_ERRORS

SAVED_GAME = "savedGame"
SAVE_DATA = "savedata"
MODULE_DATA = "moduledata"

VCSK_HEADER = b"!VCSK"
VOBS_HEADER = b"VOBS"
XZ_HEADER = b"\xfd7zXZ\x00"
ZIP_HEADERS = (b"PK\x03\x04", b"PK\x05\x06")
BEGIN_SAVE = "begin_save"

DEFAULT_KEY = 0xA5  # a fixed key keeps our output deterministic (VASSAL picks a random one)


class Encoding(enum.Enum):
    """How the command text is stored in ``savedGame``."""

    VCSK = "!VCSK"   # hex pairs XOR one key byte (VASSAL 3.0-3.7; what every 3.x reads)
    VOBS = "VOBS"    # raw bytes XOR one key byte (VASSAL 3.8, PR #15060)
    XZ = "xz"        # an xz stream of the text (pywargame's format; VASSAL does not read it)
    PLAIN = "plain"  # the text as UTF-8 (hand-made saves; VASSAL accepts it)


@dataclass(frozen=True, slots=True)
class ReadLimits:
    """Bounds on untrusted input: a decompression bomb stops here with a clear error."""

    max_member_bytes: int = 64 * 1024 * 1024
    max_total_bytes: int = 128 * 1024 * 1024
    max_members: int = 4096


@dataclass(frozen=True, slots=True)
class Member:
    """One archive entry as listed in the zip directory."""

    name: str
    size: int
    compressed_size: int


@dataclass(slots=True)
class SaveFile:
    """A decoded save or log: the command text plus what the archive held around it."""

    path: str
    text: str
    encoding: Encoding
    key: int | None = None
    archive: bool = True
    members: tuple[Member, ...] = ()
    savedata: bytes | None = None
    moduledata: bytes | None = None
    extra: dict[str, bytes] = field(default_factory=dict)


# ----------------------------------------------------------------------------- reading

def read_save(path: str | os.PathLike[str], *, limits: ReadLimits = ReadLimits()) -> SaveFile:
    """Read a .vsav/.vlog archive or a bare savedGame stream from *path*.

    Raises:
        InputError: the file cannot be opened or is not a save at all.
        VassalFormatError: the archive or the savedGame stream is corrupt (with the offset).
    """
    name = shown(path)  # in messages and reports: one line, whatever the name holds
    try:
        size = os.path.getsize(path)
        if size > limits.max_total_bytes:
            raise InputError(name, f"file is {size} bytes, over the {limits.max_total_bytes} limit")
        with open(path, "rb") as fh:
            # a pipe or a device tells no size (/dev/zero never ends): read one byte past
            # the limit, never the whole stream
            data = fh.read(limits.max_total_bytes + 1)
    except OSError as exc:
        raise InputError(name, f"cannot read file: {exc.strerror or exc}") from None
    if len(data) > limits.max_total_bytes:
        raise InputError(name, f"file is over the {limits.max_total_bytes} byte limit (a pipe "
                               "or device that does not end?)")
    return read_save_bytes(data, source=name, limits=limits)


def read_save_bytes(data: bytes, *, source: str = "<bytes>",
                    limits: ReadLimits = ReadLimits()) -> SaveFile:
    """Decode a save held in memory (archive or bare savedGame stream)."""
    if data[:4] in ZIP_HEADERS:
        return _read_archive(data, source, limits)
    if not data:
        raise InputError(source, "file is empty; expected a VASSAL save or log")
    if not (data.startswith(VCSK_HEADER) or data.startswith(VOBS_HEADER)
            or data.startswith(XZ_HEADER) or data.startswith(BEGIN_SAVE.encode())):
        raise InputError(source, "not a VASSAL save or log: expected a zip archive or a "
                                 "savedGame stream (!VCSK, VOBS, xz or begin_save) at byte 0, "
                                 f"found {data[:8]!r}")
    if len(data) > limits.max_member_bytes:
        raise VassalFormatError(f"{source}: savedGame stream is {len(data)} bytes, over the "
                                f"{limits.max_member_bytes} limit")
    text, encoding, key = decode_saved_game(data, source=source, limits=limits)
    return SaveFile(path=source, text=text, encoding=encoding, key=key, archive=False)


def _read_archive(data: bytes, source: str, limits: ReadLimits) -> SaveFile:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
    except ZIP_ERRORS as exc:
        raise VassalFormatError(f"{source}: not a readable zip archive (truncated or "
                                f"corrupt): {exc}") from None
    if len(infos) > limits.max_members:
        raise VassalFormatError(f"{source}: archive has {len(infos)} entries, over the "
                                f"{limits.max_members} limit")
    seen: set[str] = set()
    members = []
    for info in infos:
        _check_member_name(info.filename, source)
        if info.filename in seen:
            raise VassalFormatError(f"{source}: archive entry {info.filename!r} appears twice")
        seen.add(info.filename)
        members.append(Member(info.filename, info.file_size, info.compress_size))
    if SAVED_GAME not in seen and seen & {"buildFile.xml", "buildFile"}:
        raise VassalFormatError(f"{source}: a VASSAL module (a build file, no {SAVED_GAME!r} "
                                "entry), not a save or log; give a module as a regular file, "
                                "not through a pipe, and to audit a game as --module MODULE")
    if SAVED_GAME not in seen:
        listed = sorted(seen)
        listing = ", ".join(listed[:4]) + (f", ... ({len(listed)} entries)" if len(listed) > 4
                                         else "")
        raise VassalFormatError(f"{source}: archive has no {SAVED_GAME!r} entry, so it is not a "
                                f"VASSAL save or log (entries: {listing or 'none'})")
    budget = [limits.max_total_bytes]
    raw = _read_member(archive, SAVED_GAME, source, limits, budget, data)
    text, encoding, key = decode_saved_game(raw, source=f"{source}:{SAVED_GAME}", limits=limits,
                                            budget=budget)
    savedata = _read_member(archive, SAVE_DATA, source, limits, budget, data) \
        if SAVE_DATA in seen else None
    moduledata = _read_member(archive, MODULE_DATA, source, limits, budget, data) \
        if MODULE_DATA in seen else None
    extra = {m.name: _read_member(archive, m.name, source, limits, budget, data)
             for m in members if m.name not in (SAVED_GAME, SAVE_DATA, MODULE_DATA)
             and not m.name.endswith("/")}
    return SaveFile(path=source, text=text, encoding=encoding, key=key, archive=True,
                    members=tuple(members), savedata=savedata, moduledata=moduledata,
                    extra=extra)


def _check_member_name(name: str, source: str) -> None:
    parts = name.replace("\\", "/").split("/")
    if (name.startswith(("/", "\\")) or ".." in parts or ":" in parts[0] or "\x00" in name):
        raise VassalFormatError(f"{source}: unsafe archive entry name {name!r}")


def _read_member(archive: zipfile.ZipFile, name: str, source: str, limits: ReadLimits,
                 budget: list[int], data: bytes | None = None) -> bytes:
    """Read one entry, never more than the limits, whatever its header claims.  With the
    archive's bytes at hand (*data*), a sound deflated entry is inflated in one call."""
    cap = min(limits.max_member_bytes, budget[0])
    info = archive.getinfo(name)
    if info.file_size > cap:
        raise VassalFormatError(f"{source}: entry {name!r} declares {info.file_size} bytes, over "
                                f"the {cap} byte limit")
    if data is not None:
        whole = _inflate_whole(data, info)
        if whole is not None:
            budget[0] -= len(whole)
            return whole
    total = 0
    try:
        chunks = []
        with archive.open(info) as fh:
            # bounded chunks: a lying header cannot make us hold much more than cap bytes
            # (and chunks joined once are faster than zipfile's own read-all)
            while chunk := fh.read(1 << 20):
                total += len(chunk)
                if total > cap:
                    raise VassalFormatError(
                        f"{source}: entry {name!r} decompresses past the {cap} byte limit "
                        f"(declared {info.file_size}); refusing a possible decompression bomb")
                chunks.append(chunk)
        data = b"".join(chunks)
    except VassalFormatError:
        raise
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError,
            NotImplementedError, RuntimeError, lzma.LZMAError, struct.error) as exc:
        raise VassalFormatError(f"{source}: entry {name!r} is corrupt or truncated after "
                                f"{total} bytes: {exc}") from None
    budget[0] -= total
    return data


_LOCAL_HEADER = struct.Struct("<4s22xHH")  # signature, file name and extra field lengths
_ODD_FLAGS = 0x61  # encrypted (bits 0, 6) or compressed patched data (bit 5)


def _inflate_whole(data: bytes, info: zipfile.ZipInfo) -> bytes | None:
    """A deflated entry's bytes in one bounded zlib call, without zipfile's chunked reads
    and the join of their copies; None for anything but a sound entry (another method or
    flags, a local header that differs, a stream that is short, long or fails its CRC), which
    `_read_member` then reads the general way and reports as that says."""
    if (info.compress_type != zipfile.ZIP_DEFLATED or info.flag_bits & _ODD_FLAGS
            or info.file_size <= 0):  # (a zero max_length would inflate without bound)
        return None
    start = info.header_offset
    try:
        magic, name_size, extra_size = _LOCAL_HEADER.unpack_from(data, start)
    except struct.error:
        return None
    begin = start + _LOCAL_HEADER.size + name_size
    if magic != b"PK\x03\x04" or data[start + _LOCAL_HEADER.size:begin] != \
            info.filename.encode("ascii", "replace"):
        return None
    begin += extra_size
    try:
        whole = zlib.decompressobj(-zlib.MAX_WBITS).decompress(
            memoryview(data)[begin:begin + info.compress_size], info.file_size)
    except zlib.error:
        return None
    if len(whole) != info.file_size or zlib.crc32(whole) != info.CRC:
        return None
    return whole


def decode_saved_game(raw: bytes, *, source: str = "savedGame",
                      limits: ReadLimits = ReadLimits(),
                      budget: list[int] | None = None) -> tuple[str, Encoding, int | None]:
    """Turn a savedGame entry into its command text; returns (text, encoding, key).

    >>> decode_saved_game(b"!VCSK2a484f4d434475594b5c4f")[0]
    'begin_save'

    Raises:
        VassalFormatError: odd or non-hex digits, a bad key, a broken xz stream, text that is
            not UTF-8 or does not start with ``begin_save`` (the byte offset is in the message).
    """
    if raw.startswith(VCSK_HEADER):
        encoding, key, plain = Encoding.VCSK, *_unhex(raw, source)
    elif raw.startswith(VOBS_HEADER):
        if len(raw) < 5:
            raise VassalFormatError(f"{source}: VOBS header at byte 0 has no key byte")
        key = raw[4]
        encoding, plain = Encoding.VOBS, _xor(raw[5:], key)
    elif raw.startswith(XZ_HEADER):
        cap = limits.max_member_bytes if budget is None else min(limits.max_member_bytes,
                                                                 budget[0])
        encoding, key, plain = Encoding.XZ, None, _unxz(raw, source, cap)
    else:
        encoding, key, plain = Encoding.PLAIN, None, raw
    if budget is not None:
        budget[0] -= len(plain)
        if budget[0] < 0:
            raise VassalFormatError(f"{source}: decoded data passes the "
                                    f"{limits.max_total_bytes} byte total limit")
    if len(plain) > LOG_TEXT_BYTES.value():
        raise VassalFormatError(LOG_TEXT_BYTES.refusal(source, f"{len(plain)} bytes of commands"))
    try:
        text = plain.decode("utf-8")
    except UnicodeDecodeError as exc:
        where = _plain_offset(encoding, exc.start)
        hint = " (wrong key?)" if key is not None else ""
        raise VassalFormatError(f"{source}: decoded text is not UTF-8 at byte {where}{hint}: "
                                f"{plain[exc.start:exc.start + 8]!r}") from None
    if not text.startswith(BEGIN_SAVE):
        hint = " (wrong key?)" if key is not None else ""
        raise VassalFormatError(f"{source}: decoded {encoding.value} text does not start with "
                                f"'begin_save'{hint}: {text[:20]!r}")
    return text, encoding, key


def _plain_offset(encoding: Encoding, index: int) -> int:
    """Where decoded byte *index* sits in the savedGame entry."""
    if encoding is Encoding.VCSK:
        return 7 + 2 * index
    if encoding is Encoding.VOBS:
        return 5 + index
    return index


def _unhex(raw: bytes, source: str) -> tuple[int, bytes]:
    size = len(raw) - 5
    if size < 2:
        raise VassalFormatError(f"{source}: !VCSK header at byte 0 is cut off before its key")
    if size % 2:
        raise VassalFormatError(f"{source}: !VCSK stream is cut off: odd number of hex digits "
                                f"(last digit at byte {len(raw) - 1})")
    try:
        key = binascii.unhexlify(raw[5:7])[0]
        decoded = binascii.unhexlify(memoryview(raw)[7:])  # no copy of a large entry
    except binascii.Error:
        for i in range(5, len(raw)):
            if raw[i] not in b"0123456789abcdefABCDEF":
                raise VassalFormatError(f"{source}: non-hex character {raw[i:i + 1]!r} at byte "
                                        f"{i} of the !VCSK stream") from None
        raise VassalFormatError(f"{source}: bad !VCSK hex stream") from None
    return key, _xor(decoded, key)


def _xor(data: bytes, key: int) -> bytes:
    if key == 0 or not data:
        return bytes(data)
    return data.translate(_xor_table(key))


@lru_cache(maxsize=256)
def _xor_table(key: int) -> bytes:
    """The byte translation that XORs with *key* (made once: ~15 µs, each log reads its
    saved game and its moduledata with the same few keys)."""
    return bytes(b ^ key for b in range(256))


def _unxz(raw: bytes, source: str, cap: int) -> bytes:
    dec = lzma.LZMADecompressor(format=lzma.FORMAT_XZ)
    try:
        out = dec.decompress(raw, max_length=cap + 1)
    except lzma.LZMAError as exc:
        raise VassalFormatError(f"{source}: broken xz stream: {exc}") from None
    if len(out) > cap:
        raise VassalFormatError(f"{source}: xz stream decompresses past the {cap} byte limit; "
                                "refusing a possible decompression bomb")
    if not dec.eof:
        raise VassalFormatError(f"{source}: xz stream is cut off after {len(raw)} bytes")
    return out


def read_game(path: str | os.PathLike[str], *,
              limits: ReadLimits = ReadLimits()) -> tuple[SaveFile, GameRecord]:
    """Read a save or log and decode its commands: what `vconv dump` and the auditor use.

    Raises:
        InputError, VassalFormatError: as ``read_save`` and ``commands.read_record``.
    """
    save = read_save(path, limits=limits)
    return save, read_record(save.text, source=save.path)


@dataclass(frozen=True, slots=True)
class Metadata:
    """The fields of a ``savedata``/``moduledata`` entry (§1.3); absent ones are empty."""

    name: str = ""
    version: str = ""
    vassal_version: str = ""
    date_saved_ms: int | None = None
    description: str = ""


def read_metadata(data: bytes | None) -> Metadata | None:
    """Parse ``savedata``/``moduledata`` safely; None when absent or unreadable.

    VASSAL itself only warns about bad metadata, so this never raises: the game still loads.
    """
    if not data:
        return None
    from converter.safexml import parse_untrusted

    try:
        root = parse_untrusted(data, "metadata")
    except VassalFormatError as exc:
        import logging  # only here: reading a save imports no logging machinery

        logging.getLogger(__name__).warning("unreadable metadata entry (%d bytes): %s",
                                            len(data), exc)
        return None

    def text(tag: str) -> str:
        node = root.find(tag)
        return (node.text or "").strip() if node is not None else ""

    return Metadata(name=text("name"), version=text("version"),
                    vassal_version=text("VassalVersion"),
                    date_saved_ms=_date_saved_ms(text("dateSaved")),
                    description=text("description"))


LAST_DATE_MS = 253402300799999  # 9999-12-31 23:59:59.999 UTC: the last date a calendar prints


def _date_saved_ms(stamp: str) -> int | None:
    """VASSAL writes milliseconds since 1970; anything else (``²``, 400 digits, a year past
    9999) is no date, as VASSAL itself would show none."""
    if not (stamp.isascii() and stamp.isdigit()) or len(stamp) > 15:
        return None
    value = int(stamp)
    return value if value <= LAST_DATE_MS else None


# ----------------------------------------------------------------------------- writing

def encode_saved_game(text: str, encoding: Encoding = Encoding.VCSK,
                      key: int | None = None) -> bytes:
    """The savedGame entry for *text* (``!VCSK`` by default, which every VASSAL 3.x reads).

    >>> encode_saved_game("begin_save", key=0x2a)
    b'!VCSK2a484f4d434475594b5c4f'
    """
    data = text.encode("utf-8")
    if encoding is Encoding.PLAIN:
        return data
    if encoding is Encoding.XZ:
        return lzma.compress(data, format=lzma.FORMAT_XZ, preset=6)
    key = DEFAULT_KEY if key is None else key
    if encoding is Encoding.VOBS:
        if not 1 <= key <= 255:
            raise VassalFormatError(f"VOBS key must be 1-255, got {key}")
        return VOBS_HEADER + bytes([key]) + _xor(data, key)
    if not 0 <= key <= 255:
        raise VassalFormatError(f"!VCSK key must be 0-255, got {key}")
    return VCSK_HEADER + f"{key:02x}".encode() + binascii.hexlify(_xor(data, key))


def save_archive_bytes(text: str, *, encoding: Encoding = Encoding.VCSK, key: int | None = None,
                       savedata: bytes | None = None, moduledata: bytes | None = None,
                       extra: dict[str, bytes] | None = None) -> bytes:
    """A deterministic .vsav/.vlog archive: sorted entries, one fixed time, DEFLATED."""
    entries = {SAVED_GAME: encode_saved_game(text, encoding, key)}
    if savedata is not None:
        entries[SAVE_DATA] = savedata
    if moduledata is not None:
        entries[MODULE_DATA] = moduledata
    for name, data in (extra or {}).items():
        _check_member_name(name, "<writer>")
        entries.setdefault(name, data)
    from converter.atomic import source_date_epoch  # writing only: reading imports less

    stamp = _zip_time(source_date_epoch())
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED  # VASSAL reads with ZipInputStream
            info.external_attr = 0o644 << 16
            info.create_system = 3
            archive.writestr(info, entries[name], compresslevel=9)
    return buf.getvalue()


def write_save(path: str | os.PathLike[str], text: str, *, encoding: Encoding = Encoding.VCSK,
               key: int | None = None, savedata: bytes | None = None,
               moduledata: bytes | None = None, archive: bool = True,
               extra: dict[str, bytes] | None = None) -> Path:
    """Write a save/log atomically; ``archive=False`` writes a bare savedGame stream."""
    data = (save_archive_bytes(text, encoding=encoding, key=key, savedata=savedata,
                               moduledata=moduledata, extra=extra)
            if archive else encode_saved_game(text, encoding, key))
    from converter.atomic import write_bytes_atomic  # writing only: reading imports less

    return write_bytes_atomic(path, data)


def write_save_file(path: str | os.PathLike[str], save: SaveFile, *,
                    encoding: Encoding | None = None, key: int | None = None) -> Path:
    """Write *save* back, keeping its encoding, key and metadata unless told otherwise."""
    enc = encoding or save.encoding
    return write_save(path, save.text, encoding=enc,
                      key=key if key is not None else (save.key if enc is save.encoding
                                                       else None),
                      savedata=save.savedata, moduledata=save.moduledata,
                      archive=save.archive, extra=save.extra)


def savedata_xml(*, vassal_version: str = "3.6.0", module_version: str = "",
                 description: str | None = None, date_saved_ms: int | None = None) -> bytes:
    """The ``savedata`` entry (§1.3): dateSaved from SOURCE_DATE_EPOCH for determinism."""
    from xml.sax.saxutils import escape

    from converter.atomic import source_date_epoch

    stamp = date_saved_ms if date_saved_ms is not None else source_date_epoch() * 1000
    lines = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>', '<data version="1">',
             f"  <version>{escape(module_version)}</version>" if module_version
             else "  <version/>",
             f"  <VassalVersion>{escape(vassal_version)}</VassalVersion>",
             f"  <dateSaved>{stamp}</dateSaved>"]
    if description is not None:
        lines.append(f"  <description>{escape(description)}</description>")
    lines.append("</data>")
    return ("\n".join(lines) + "\n").encode("utf-8")


def _zip_time(epoch: int) -> tuple[int, int, int, int, int, int]:
    import time

    t = time.gmtime(max(epoch, 315532800))
    return (max(t.tm_year, 1980), t.tm_mon, t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec - t.tm_sec % 2)
