"""A module's own Java classes: which VASSAL classes they use that VASSAL 3.6 no longer has.

Java resolves a class's references when it runs it: a custom class compiled against VASSAL
3.2 that uses a class VASSAL dropped since then fails with NoClassDefFoundError, and VASSAL
reports 'failed to load class …' for the component (IKRPG's cxio.malnorma.MalnormaFactory
uses VASSAL.chat.node.NodeServerInfo through its own ChatFactory).

A class file spells every class it uses (`VASSAL/chat/node/NodeServerInfo`, also inside type
descriptors as `LVASSAL/…;`) in its constant pool, each string there followed by the next
entry's tag byte, which is below 0x20: so a byte search for slash-separated names finds them
all without parsing the file, and a damaged file only makes the search find less.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from converter.errors import VassalFormatError

# Classes of VASSAL 3.2.17 that the VASSAL 3.6.0 engine lacks: the 3.2.17 release's sources
# compared with the class list of the 3.6.0 jar, nested classes left aside.
_REMOVED_BY_PACKAGE: dict[str, str] = {
    "VASSAL.build.module.gamepieceimage": "MedianCut",
    "VASSAL.chat": "DynamicClientFactory",
    "VASSAL.chat.jabber": "AccountInfo Interceptor JabberClient JabberClientFactory JabberPlayer "
                          "JabberRoom JabberStatus LockableJabberRoomControls ModuleAccountInfo "
                          "PacketProcessor",
    "VASSAL.chat.node": "BufferedSocketHandler NodeHybridClient NodeServerInfo SocketNodeClient",
    "VASSAL.command": "TrackPiece",
    "VASSAL.configure": "ModuleUpdaterDialog",
    "VASSAL.counters": "Transparent",
    "VASSAL.launch": "Command CommandClient CommandServer Main",
    "VASSAL.tools": "AudioFileFilter Base64 ConcurrentSoftHashMap Decoder Deobfuscator "
                    "DirectoryFileFilter ExtensionFileFilter FileChooser FileFilter "
                    "ImageFileFilter ImageSource IterableEnumeration IterableIterator MTRandom "
                    "MemoryUtils Obfuscator Pair ProgressDialog ResourceErrorDialog RotateFilter "
                    "StringUtils ThreadManager TransparentFilter ZipUpdater",
    "VASSAL.tools.bug": "Bug2694Handler",
    "VASSAL.tools.concurrent": "EDT EDTExecutorService EDTRunnableFuture Progressor "
                               "RunnableFuture",
    "VASSAL.tools.image": "PNGChunkSkipInputStream RenderingClues",
    "VASSAL.tools.io": "TempFileManager",
    "VASSAL.tools.ipc": "Ack Fin Halt IPCMessage IPCMessageDispatcher IPCMessageReceiver "
                        "IPCMessenger SimpleIPCMessage",
    "VASSAL.tools.logging": "CommandClientAdapter LogOutputStreamAdapter",
    "VASSAL.tools.version": "SimpleVersionTokenizer VassalVersion VassalVersionTokenizer Version "
                            "VersionFormatException VersionTokenizer",
}
REMOVED_BY_3_6: frozenset[str] = frozenset(
    f"{package}.{name}" for package, names in _REMOVED_BY_PACKAGE.items()
    for name in names.split())

# Classes VASSAL added after 3.6.0 (the release tags' sources compared: 3.6.0, 3.7.0 … 3.7.26,
# 3.8.0-beta1), with the minor version that first has them: a custom class using one fails to
# load in VASSAL 3.6 as one using a dropped class does.
_ADDED_BY_PACKAGE: dict[tuple[str, int, int], str] = {
    ("VASSAL.build.module", 3, 7): "AttachmentManager Refresher",
    ("VASSAL.build.module.index", 3, 7): "IndexManager PiecePropertyIndex VassalMapPieceIndex "
                                         "VassalMapQuadTree",
    ("VASSAL.build.module.properties", 3, 7):
        "AbstractScenarioProperty BooleanScenarioProperty ListScenarioProperty "
        "NumberScenarioProperty RemoteEnumeratedPropertyPrompt RemoteIncrementProperty "
        "RemotePropertyChanger RemotePropertyPrompt RemotePropertySetter ScenarioOptions "
        "ScenarioPropertiesOptionTab StringScenarioProperty",
    ("VASSAL.configure", 3, 7): "ListKeyCommandsDialog OpenContainedPiecesAction Parameter "
                                "ParameterConfigurer ParameterListConfigurer "
                                "RecursiveSingleChildInstance UniquelyNamedChildren "
                                "VisibilityAND",
    ("VASSAL.configure.button", 3, 7): "ToolTipConfigurer",
    ("VASSAL.counters", 3, 7): "Attachment BorderOutline Comment DeckManager GlobalAttach "
                               "GlobalCommandVisitor GlobalDetach GlobalSetter "
                               "MultiLocationCommand SetPieceProperty",
    ("VASSAL.launch", 3, 7): "UseTracker",
    ("VASSAL.tools.imageop", 3, 7): "FixedScaleOpBitmapImpl FixedScaleOpTiledBitmapImpl",
    ("VASSAL.tools.io", 3, 7): "DirectoryTreeDeleter",
    ("VASSAL.tools.logging", 3, 7): "PropertyNoCaseStartsWithCondition",
    ("VASSAL.tools.qtree", 3, 7): "QFunc QNode QNodeType QPoint QuadTree QuadTreeException",
    ("VASSAL.tools.swing", 3, 7): "DataArchiveTextPane DialogCloser "
                                  "LabelerDataArchiveHTMLEditorKit",
    ("VASSAL.build.module.map.boardPicker.board.mapgrid", 3, 8): "ObliqueHexGridNumbering",
}
ADDED_AFTER_3_6: dict[str, tuple[int, int]] = {
    f"{package}.{name}": (major, minor)
    for (package, major, minor), names in _ADDED_BY_PACKAGE.items() for name in names.split()}

MAX_CLASS_BYTES = 4 * 1024 * 1024
MAX_CLASSES_FOLLOWED = 500  # of the module's own, per component class
_SLASHED = re.compile(rb"[A-Za-z_$][A-Za-z0-9_$]*(?:/[A-Za-z_$][A-Za-z0-9_$]*)+")


def _names_used(data: bytes) -> set[str]:
    """Slash-separated class names in a class file (a descriptor's leading `L` both kept and
    dropped: which one is a class is decided by the caller's lookup)."""
    names: set[str] = set()
    for match in _SLASHED.finditer(data):
        text = match.group().decode("ascii")
        names.add(text)
        if text.startswith("L"):
            names.add(text[1:])
    return names


class ClassUse:
    """What the module's own classes use, read once per class file."""

    def __init__(self, entries: dict[str, int],
                 read: Callable[[str, int], bytes]) -> None:
        self._entries = entries
        self._read = read
        self._used: dict[str, set[str]] = {}
        self._found: dict[str, list[tuple[str, str]]] = {}  # `used`, once per class file

    def _uses(self, entry: str) -> set[str]:
        if entry not in self._used:
            try:
                self._used[entry] = _names_used(self._read(entry, MAX_CLASS_BYTES))
            except VassalFormatError:
                self._used[entry] = set()  # unreadable: nothing found in it
        return self._used[entry]

    def removed(self, entry: str) -> list[tuple[str, str]]:
        """(VASSAL class gone by 3.6, the module's class that uses it) for the class file
        *entry* and the module's own classes it uses, in the order found."""
        return [(name, user) for name, user in self.used(entry) if name in REMOVED_BY_3_6]

    def newer(self, entry: str) -> list[tuple[str, str, tuple[int, int]]]:
        """(VASSAL class added after 3.6, the module's class that uses it, the version that
        added it), as `removed` finds them."""
        return [(name, user, ADDED_AFTER_3_6[name]) for name, user in self.used(entry)
                if name in ADDED_AFTER_3_6]

    def loads(self, cls: str) -> bool:
        """Whether VASSAL 3.6 loads the module's own class *cls*: its class file is in the
        archive and uses no VASSAL class that 3.6 lacks (check's version findings say why)."""
        entry = cls.replace(".", "/") + ".class"
        return entry in self._entries and not self.used(entry)

    def used(self, entry: str) -> list[tuple[str, str]]:
        """(VASSAL class dropped before or added after 3.6, the module's class using it)."""
        if entry in self._found:
            return self._found[entry]
        found: dict[str, str] = {}
        queue, seen = [entry], {entry}
        while queue and len(seen) <= MAX_CLASSES_FOLLOWED:
            current = queue.pop(0)
            for name in sorted(self._uses(current)):
                dotted = name.split("$", 1)[0].replace("/", ".")
                if dotted in REMOVED_BY_3_6 or dotted in ADDED_AFTER_3_6:
                    found.setdefault(dotted, current[:-len(".class")].replace("/", "."))
                    continue
                own = name + ".class"
                if own in self._entries and own not in seen:
                    seen.add(own)
                    queue.append(own)
        result = self._found[entry] = list(found.items())
        return result


# Bytes after each constant-pool tag (JVM spec §4.4); Utf8 (1) is read by its length, and a
# Long (5) or Double (6) takes two slots.
_CONSTANT_BYTES = {3: 4, 4: 4, 5: 8, 6: 8, 7: 2, 8: 2, 9: 4, 10: 4, 11: 4, 12: 4, 15: 3, 16: 2,
                   17: 4, 18: 4, 19: 2, 20: 2}
BASIC_COMMAND_ENCODER = "VASSAL.build.module.BasicCommandEncoder"
MAX_SUPERCLASSES = 20  # of the module's own, followed up from one class


def superclass(data: bytes) -> str | None:
    """The dotted name of the class a class file extends, or None when the file does not
    read as a class file (the name's place is in the constant pool, so the pool is walked)."""
    if len(data) < 10 or data[:4] != b"\xca\xfe\xba\xbe":
        return None
    count = int.from_bytes(data[8:10], "big")
    utf8: dict[int, bytes] = {}
    classes: dict[int, int] = {}
    pos, index = 10, 1
    while index < count:
        if pos >= len(data):
            return None
        tag = data[pos]
        if tag == 1:
            size = int.from_bytes(data[pos + 1:pos + 3], "big")
            utf8[index] = data[pos + 3:pos + 3 + size]
            pos += 3 + size
        elif tag in _CONSTANT_BYTES:
            if tag == 7:
                classes[index] = int.from_bytes(data[pos + 1:pos + 3], "big")
            pos += 1 + _CONSTANT_BYTES[tag]
            index += 1 if tag in (5, 6) else 0
        else:
            return None
        index += 1
    super_index = int.from_bytes(data[pos + 4:pos + 6], "big")  # after access flags, this
    name = utf8.get(classes.get(super_index, -1))
    if name is None:
        return None
    try:
        return name.decode("utf-8").replace("/", ".")
    except UnicodeDecodeError:
        return None


def extends(entries: dict[str, int], read: Callable[[str, int], bytes], cls: str,
            base: str) -> bool | None:
    """Whether the module's own class *cls* extends *base*, through its own superclasses;
    None when its class file is not in the archive (or does not read), so none can tell."""
    current, first = cls, True
    for _ in range(MAX_SUPERCLASSES):
        entry = current.replace(".", "/") + ".class"
        if entry not in entries:
            return None if first else False
        try:
            parent = superclass(read(entry, MAX_CLASS_BYTES))
        except VassalFormatError:
            parent = None
        if parent is None:
            return None if first else False
        if parent == base:
            return True
        current, first = parent, False
    return False
