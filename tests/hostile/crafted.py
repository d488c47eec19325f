"""Hand-made hostile inputs built on real files: an XML bomb or external entity in a real
module's build file or in an SVG, decompression bombs (zip entries, PNG, JPEG, SVG), very deep
trait chains and nested commands, a module of 200,000 pieces, text that is not UTF-8, JSON
nested 100,000 deep.  Each maker returns bytes; bench/hostile_sweep.py runs every command
that reads them, and tests/hostile picks the cases that once failed."""

from __future__ import annotations

import io
import struct
import zlib

from tests.hostile.inputs import ROOT, module_entries, zip_bytes

REAL = ROOT / "tests" / "data" / "real"
TOUR = REAL / "tour.vmod"
TOUR_LOG = REAL / "tour-vassal36.vlog"
BUSHIDO = REAL / "bushido" / "Bushido-RisenSun-0.0-noimages.vmod"
BUSHIDO_LOG = REAL / "bushido" / "bushido-vlogmaker.vlog"

LAUGHS_DTD = ('<!DOCTYPE lolz [<!ENTITY lol "lol">'
              + "".join(f'<!ENTITY lol{i} "{("&lol%s;" % (i - 1 if i > 1 else "")) * 10}">'
                        for i in range(1, 10))
              + "]>")
XXE_DTD = '<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'


def billion_laughs(root: str, *, attribute: str = "name") -> bytes:
    """An XML document whose root element *root* carries an entity expanding to 10^9 'lol's."""
    return (f'<?xml version="1.0"?>\n{LAUGHS_DTD}\n<{root} {attribute}="&lol9;">&lol9;</{root}>'
            ).encode()


def external_entity(root: str, *, attribute: str = "name") -> bytes:
    return f'<?xml version="1.0"?>\n{XXE_DTD}\n<{root} {attribute}="&xxe;">&xxe;</{root}>'.encode()


def with_dtd(xml: bytes, dtd: str, *, reference: str) -> bytes:
    """*xml* (a real build file) with *dtd* after its declaration and *reference* in its first
    attribute value: the file stays what it was but for the entity."""
    text = xml.decode("utf-8")
    head, sep, rest = text.partition("?>")
    if not sep:
        head, rest = "", text
    else:
        head += sep
    at = rest.find('="') + 2
    return (head + "\n" + dtd + rest[:at] + reference + rest[at:]).encode("utf-8")


def png_bomb(width: int, height: int, *, depth: int = 8, colour: int = 0) -> bytes:
    """A valid PNG of *width* x *height* pixels of zeros: a few hundred KB that decode to
    width*height*(bytes a pixel)."""
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[colour]
    row = b"\0" + bytes(width * channels * depth // 8)
    packer = zlib.compressobj(9)
    body = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", body) + chunk(b"IEND", b"")


def jpeg_claiming(width: int, height: int) -> bytes:
    """A small real JPEG whose frame header declares *width* x *height*."""
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (16, 16), (90, 120, 60)).save(buf, format="JPEG")
    out = bytearray(buf.getvalue())
    sof = out.find(b"\xff\xc0")
    out[sof + 5:sof + 9] = struct.pack(">HH", height, width)
    return bytes(out)


def svg_laughs() -> bytes:
    return (f'<?xml version="1.0"?>\n{LAUGHS_DTD}\n<svg xmlns="http://www.w3.org/2000/svg" '
            'width="64" height="48"><text x="1" y="20">&lol9;</text></svg>').encode()


def svg_external() -> bytes:
    return (f'<?xml version="1.0"?>\n{XXE_DTD}\n<svg xmlns="http://www.w3.org/2000/svg" '
            'xmlns:xi="http://www.w3.org/2001/XInclude" xmlns:xlink="http://www.w3.org/1999/xlink" '
            'width="64" height="48"><text x="1" y="20">&xxe;</text>'
            '<xi:include href="/etc/passwd" parse="text"/>'
            '<image xlink:href="file:///etc/passwd" width="9" height="9"/></svg>').encode()


def svg_huge(width: str = "100000", height: str = "100000") -> bytes:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">'
            '<rect width="100%" height="100%" fill="red"/></svg>').encode()


def svg_use_bomb(levels: int = 12, fan: int = 10) -> bytes:
    """Each level's group <use>s the one below *fan* times: fan**levels elements drawn."""
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
             'width="64" height="48"><defs><rect id="l0" width="1" height="1"/>']
    for i in range(1, levels + 1):
        parts.append(f'<g id="l{i}">' + f'<use xlink:href="#l{i - 1}"/>' * fan + "</g>")
    parts.append(f'</defs><use xlink:href="#l{levels}"/></svg>')
    return "".join(parts).encode()


def nested_json(depth: int = 100_000) -> bytes:
    return b"[" * depth + b"]" * depth


def nested_json_value(document: bytes, key: str, depth: int = 100_000) -> bytes:
    """*document* (a JSON object) with *key* set to arrays nested *depth* deep, as text."""
    text = document.rstrip()
    assert text.endswith(b"}")
    return text[:-1].rstrip() + b', "' + key.encode() + b'": ' + nested_json(depth) + b"}"


def trait_chain(depth: int, image: str = "AlbC.GIF") -> str:
    """A piece definition (VASSAL's nested type/state encoding) of *depth* 'mark' traits over
    a basic piece: each level escapes the next with one more backslash."""
    type_parts = [f"mark;Level{i}" for i in range(depth)] + [f"piece;;;{image};Deep"]
    state_parts = [f"v{i}" for i in range(depth)] + ["null;0;0;0"]

    def nest(parts: list[str]) -> str:
        out = parts[-1]
        for part in reversed(parts[:-1]):
            out = part + "\t" + out.replace("\t", "\\\t")
        return out

    return f"+/null/{nest(type_parts)}/{nest(state_parts)}"


def slots(count: int, *, image: str = "AlbC.GIF") -> str:
    """*count* piece slots (XML) of one small piece each."""
    return "".join(f'<VASSAL.build.widget.PieceSlot entryName="P{i}" gpid="{i + 1000}" '
                   f'width="40" height="40">+/null/piece;;;{image};P{i}/null;0;0;{i}'
                   "</VASSAL.build.widget.PieceSlot>\n" for i in range(count))


def tour_buildfile() -> bytes:
    return dict(module_entries(TOUR))["buildFile"]


def tour_with(buildfile: bytes | None = None, *, replace: dict[str, bytes] | None = None,
              extra: list[tuple[str, bytes]] | None = None) -> bytes:
    """tour.vmod with its build file and some entries replaced, and entries added."""
    entries = []
    for name, data in module_entries(TOUR):
        if name == "buildFile" and buildfile is not None:
            data = buildfile
        if replace and name in replace:
            data = replace[name]
        entries.append((name, data))
    return zip_bytes(entries + list(extra or []))


def tour_with_slots(xml: str) -> bytes:
    """tour's build file with *xml* added to its first piece window."""
    text = tour_buildfile().decode("utf-8")
    at = text.find("<VASSAL.build.widget.PieceSlot")
    return (text[:at] + xml + text[at:]).encode("utf-8")


def raw_zip(entries: list[tuple[bytes, bytes]]) -> bytes:
    """A stored zip written by hand, so an entry name may hold any byte (NUL, '..', '/')."""
    out = io.BytesIO()
    central = []
    for name, data in entries:
        crc = zlib.crc32(data)
        offset = out.tell()
        out.write(struct.pack("<4sHHHHHLLLHH", b"PK\x03\x04", 20, 0, 0, 0, 0x21, crc,
                              len(data), len(data), len(name), 0) + name + data)
        central.append(struct.pack("<4sHHHHHHLLLHHHHHLL", b"PK\x01\x02", 20, 20, 0, 0, 0, 0x21,
                                   crc, len(data), len(data), len(name), 0, 0, 0, 0, 0, offset)
                       + name)
    start = out.tell()
    body = b"".join(central)
    out.write(body)
    out.write(struct.pack("<4sHHHHLLH", b"PK\x05\x06", 0, 0, len(entries), len(entries),
                          len(body), start, 0))
    return out.getvalue()


def with_bomb(archive: bytes, name: str, size: int = 2_000_000_000) -> bytes:
    """*archive* with one more entry, *name*, that inflates to *size* zeros (about size/1000
    bytes stored), its sizes told truly (zip64 past 4 GB)."""
    import zipfile

    out = io.BytesIO(archive)
    out.seek(0, 2)
    block = bytes(1 << 20)
    with zipfile.ZipFile(out, "a", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        with z.open(info, "w", force_zip64=size >= 2**31) as fh:
            for _ in range(size >> 20):
                fh.write(block)
    return out.getvalue()


def read_log_text(path: object) -> str:
    """A real log's command text, deobfuscated."""
    from converter.vassal.savefile import read_save

    return read_save(path).text  # type: ignore[arg-type]
