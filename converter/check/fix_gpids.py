"""`vconv check --fix-gpids`: renumber repeated, empty or non-numeric piece-slot gpids and
raise `nextPieceSlotId` above every gpid, changing nothing else.

Only the build file entry is rewritten, and in it only the `gpid` values that change and
the `nextPieceSlotId` value: every other byte of the build file, and every other archive
entry (its local header and compressed data), is copied as it was.  The result is written
atomically.
"""

from __future__ import annotations

import os
import re
import struct
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from converter.atomic import check_not_input, write_bytes_atomic
from converter.check.context import SLOT_KINDS, Context
from converter.check.ids import gpid_key, gpid_uses
from converter.check.source import open_module
from converter.errors import InputError, VassalFormatError
from converter.vassal.spans import start_tag_end

_SLOT_TAG = re.compile(rb"<VASSAL\.build\.widget\.(?:PieceSlot|CardSlot)(?=[\s/>])")
_ROOT_TAG = re.compile(rb"<(?:VASSAL\.build\.GameModule|VASSAL\.launch\.BasicModule|"
                       rb"VASSAL\.build\.module\.ModuleExtension)(?=[\s/>])")


@dataclass
class GpidChanges:
    """What was renumbered: (line, slot path, old gpid, new gpid), and the id counter."""

    renumbered: list[tuple[int, str, str, str]] = field(default_factory=list)
    next_before: str = ""
    next_after: str = ""
    output: str = ""

    def lines(self) -> list[str]:
        out = [f"{self.output}: line {line}: {path}: gpid {old!r} -> {new!r}"
               for line, path, old, new in self.renumbered]
        out.append(f"{self.output}: {len(self.renumbered)} gpid(s) renumbered; "
                   f"nextPieceSlotId {self.next_before!r} -> {self.next_after!r}")
        return out


def fix_gpids(module: str | os.PathLike[str], output: str | os.PathLike[str]) -> GpidChanges:
    """Write *output*: *module* with its slot gpids made unique and numeric.

    Raises:
        InputError, VassalFormatError: the module cannot be read, or its build file cannot
            be edited in place (a ZIP64 archive, an unexpected layout of slot tags).
    """
    source = open_module(module)
    check_not_input(output, [source.path])  # under any name: a link, a hard link
    ctx = Context.of(source)
    slots = [n for n in ctx.tree.nodes if n.kind in SLOT_KINDS
             and n.cls.startswith("VASSAL.build.widget.")]
    # an extension's ids are `<extensionId>:<n>`, judged by their number (gpid_key), and
    # new ones are made as VASSAL's editor makes them (ModuleExtension.generateGpId)
    extension = source.is_extension
    prefix = ""
    if extension:
        prefix = source.root.get("extensionId", "")
        if not prefix or ":" in prefix:
            raise VassalFormatError(
                f"{source.path}: the extension has {'no' if not prefix else 'a malformed'} "
                f"extensionId{'' if not prefix else ' ' + repr(prefix)}, which its new gpids "
                "would start with; open and save it in VASSAL's editor, which gives it one")
        prefix += ":"
    numbers = []
    uses = gpid_uses(ctx)
    for use in uses:
        try:
            numbers.append(int(gpid_key(use.gpid, extension) or ""))
        except ValueError:
            pass
    next_text = source.root.get("nextPieceSlotId", "")
    try:
        numbers.append(int(next_text) - 1)
    except ValueError:
        pass
    fresh = max(numbers, default=0) + 1
    changes = GpidChanges(next_before=next_text, output=str(output))
    # Place Marker / Replace ids live inside trait text and are left as they are: a slot
    # that shares one is the one renumbered.
    seen = {gpid_key(use.gpid, extension) for use in uses if use.trait}
    new_values: dict[int, str] = {}
    for index, node in enumerate(slots):
        gpid = node.attr("gpid")
        key = gpid_key(gpid, extension)
        if key is None or (key.isdigit() and key not in seen):
            seen.add(key)
            continue
        new_values[index] = prefix + str(fresh)
        changes.renumbered.append((node.line, node.path, gpid, prefix + str(fresh)))
        fresh += 1
    changes.next_after = str(fresh)
    data = _edit_buildfile(source.buildfile, len(slots), new_values, str(fresh))
    write_bytes_atomic(output, _replace_entry(source.path, source.buildfile_name, data))
    return changes


def _set_attr(tag: bytes, name: bytes, value: bytes) -> bytes:
    """The start tag with attribute *name* set to *value* (added after the tag name if
    absent), nothing else touched."""
    match = re.search(rb"(\s" + name + rb"\s*=\s*)([\"'])(.*?)\2", tag, re.S)
    if match:
        return tag[:match.start(3)] + value + tag[match.end(3):]
    cut = re.match(rb"<[^\s/>]+", tag).end()  # type: ignore[union-attr]
    return tag[:cut] + b" " + name + b'="' + value + b'"' + tag[cut:]


def _start_tag_end(data: bytes, start: int) -> int:
    """Index just past the `>` closing the start tag at *start* (quotes respected)."""
    end = start_tag_end(data, start)
    if end is None:
        raise VassalFormatError("build file: a start tag is not closed")
    return end


def _edit_buildfile(data: bytes, slot_count: int, new_values: dict[int, str],
                    next_id: str) -> bytes:
    matches = list(_SLOT_TAG.finditer(data))
    root = _ROOT_TAG.search(data)
    if len(matches) != slot_count or root is None:
        raise VassalFormatError("build file: the slot tags in the text do not match the "
                                "parsed tree (comments or CDATA around them?); fix the gpids "
                                "in VASSAL's editor instead")
    edits: list[tuple[int, int, bytes]] = []
    end = _start_tag_end(data, root.start())
    edits.append((root.start(), end, _set_attr(data[root.start():end], b"nextPieceSlotId",
                                               next_id.encode())))
    for index, value in new_values.items():
        start = matches[index].start()
        end = _start_tag_end(data, start)
        edits.append((start, end, _set_attr(data[start:end], b"gpid", value.encode())))
    out, pos = [], 0
    for start, end, text in sorted(edits):
        out += [data[pos:start], text]
        pos = end
    out.append(data[pos:])
    return b"".join(out)


def _replace_entry(path: str, name: str, content: bytes) -> bytes:
    """The archive at *path* with entry *name* replaced by *content* (deflated); every other
    entry's local header and data are copied byte for byte."""
    raw = Path(path).read_bytes()
    with zipfile.ZipFile(path) as archive:
        infos = sorted(archive.infolist(), key=lambda i: i.header_offset)
        comment = archive.comment
    out = bytearray()
    central = bytearray()
    for info in infos:
        if (info.file_size >= 0xFFFFFFFF or info.compress_size >= 0xFFFFFFFF
                or info.header_offset >= 0xFFFFFFFF or b"\x01\x00" == info.extra[:2]):
            raise VassalFormatError(f"{path}: a ZIP64 archive; fix the gpids in VASSAL's "
                                    "editor instead")
        offset = len(out)
        fname = info.orig_filename.encode("utf-8" if info.flag_bits & 0x800 else "cp437")
        flags, method = info.flag_bits, info.compress_type
        crc, csize, usize = info.CRC, info.compress_size, info.file_size
        if info.filename == name:
            packer = zlib.compressobj(9, zlib.DEFLATED, -15)
            body = packer.compress(content) + packer.flush()
            flags, method = flags & ~0x8, zipfile.ZIP_DEFLATED
            crc, csize, usize = zlib.crc32(content), len(body), len(content)
            out += _local_header(info, fname, flags, method, crc, csize, usize) + body
        else:
            start = info.header_offset
            name_len, extra_len = struct.unpack("<HH", raw[start + 26:start + 30])
            end = start + 30 + name_len + extra_len + info.compress_size
            if info.flag_bits & 0x8:
                end += 16 if raw[end:end + 4] == b"PK\x07\x08" else 12
            out += raw[start:end]
        dostime = (info.date_time[3] << 11) | (info.date_time[4] << 5) | (info.date_time[5] // 2)
        dosdate = ((info.date_time[0] - 1980) << 9) | (info.date_time[1] << 5) | info.date_time[2]
        central += struct.pack(
            "<4s4B4HL2L5H2L", b"PK\x01\x02", info.create_version, info.create_system,
            info.extract_version, info.reserved, flags, method, dostime, dosdate, crc, csize,
            usize, len(fname), len(info.extra), len(info.comment), 0, info.internal_attr,
            info.external_attr, offset) + fname + info.extra + info.comment
    start_dir = len(out)
    out += central
    out += struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, len(infos), len(infos), len(central),
                       start_dir, len(comment)) + comment
    return bytes(out)


def _local_header(info: zipfile.ZipInfo, fname: bytes, flags: int, method: int, crc: int,
                  csize: int, usize: int) -> bytes:
    dostime = (info.date_time[3] << 11) | (info.date_time[4] << 5) | (info.date_time[5] // 2)
    dosdate = ((info.date_time[0] - 1980) << 9) | (info.date_time[1] << 5) | info.date_time[2]
    return struct.pack("<4s2B4HL2L2H", b"PK\x03\x04", max(info.extract_version, 20), 0, flags,
                       method, dostime, dosdate, crc, csize, usize, len(fname), 0) + fname
