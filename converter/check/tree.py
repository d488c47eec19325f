"""A generic walk of the build file: every element as a Node with its component path.

VASSAL 3.7 folders (`VASSAL.build.module.folder.*`) only group components, so a Node's
parent and path skip them: a SetupStack inside a MapSubFolder belongs to the Map.  Nothing
here knows what a component means; the checks ask for nodes by their short class name.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from lxml import etree

FOLDER_PACKAGE = "VASSAL.build.module.folder."
# VASSAL's Map and its subclasses: a WidgetMap is the map inside a chart window's MapWidget
# (Ark of the Covenant's player supplies and score track)
MAP_KINDS = frozenset({"Map", "PrivateMap", "PlayerHand", "WidgetMap"})
GRID_KINDS = frozenset({"HexGrid", "SquareGrid", "RegionGrid", "ZonedGrid"})
_LABEL_ATTRS = ("mapName", "name", "entryName", "chartName", "title", "buttonText")


@dataclass(eq=False)
class Node:
    """One build-file element: its class, label, path and its parent past any folders."""

    elem: etree._Element
    cls: str
    kind: str
    label: str
    path: str
    parent: "Node | None"
    children: list["Node"] = field(default_factory=list)
    origin: str = ""  # the extension file it was read from ("" for the module's own)

    def attr(self, name: str, default: str = "") -> str:
        value = self.elem.get(name)
        return default if value is None else value

    @property
    def text(self) -> str:
        """The element's text as VASSAL reads it (trimmed)."""
        return (self.elem.text or "").strip()

    @property
    def line(self) -> int:
        line = self.elem.sourceline
        return line if isinstance(line, int) else 0

    def up(self, kinds: frozenset[str] | str) -> "Node | None":
        """The nearest ancestor whose kind is one of *kinds*."""
        wanted = frozenset({kinds}) if isinstance(kinds, str) else kinds
        node = self.parent
        while node is not None and node.kind not in wanted:
            node = node.parent
        return node

    def descendants(self, kinds: frozenset[str] | str) -> list["Node"]:
        wanted = frozenset({kinds}) if isinstance(kinds, str) else kinds
        out: list[Node] = []
        stack = list(reversed(self.children))
        while stack:
            node = stack.pop()
            if node.kind in wanted:
                out.append(node)
            stack.extend(reversed(node.children))
        return out


@dataclass
class Tree:
    """Every node in document order, and the nodes of each kind."""

    root: Node
    nodes: list[Node]
    by_kind: dict[str, list[Node]]

    def of(self, *kinds: str) -> list[Node]:
        if len(kinds) == 1:
            return self.by_kind.get(kinds[0], [])
        return [n for n in self.nodes if n.kind in kinds]


def kind_of(tag: str) -> str:
    return tag.rsplit(".", 1)[-1]


def is_folder(tag: str) -> bool:
    return tag.startswith(FOLDER_PACKAGE)


def build_tree(root: etree._Element) -> Tree:
    """Index the element tree (comments and processing instructions left out)."""
    top = Node(root, str(root.tag), kind_of(str(root.tag)), root.get("name", ""), "", None)
    tree = Tree(top, [top], defaultdict(list))
    tree.by_kind[top.kind].append(top)
    for child in root:
        graft(tree, child, top)
    tree.by_kind = dict(tree.by_kind)
    return tree


def graft(tree: Tree, elem: etree._Element, parent: Node, origin: str = "") -> None:
    """Add *elem* and what it holds to *tree* under *parent*, after the nodes already there
    (an extension's component joins its target's children last, as VASSAL adds it)."""
    stack: list[tuple[etree._Element, Node]] = [(elem, parent)]
    while stack:
        elem, parent = stack.pop()
        tag = elem.tag
        if not isinstance(tag, str):
            continue
        if is_folder(tag):
            stack.extend((child, parent) for child in reversed(elem))
            continue
        kind = kind_of(tag)
        label = next((v for v in (elem.get(a) for a in _LABEL_ATTRS) if v), "")
        step = f"{kind}[{label}]" if label else kind
        node = Node(elem, tag, kind, label, f"{parent.path}/{step}" if parent.path else step,
                    parent, origin=origin)
        parent.children.append(node)
        tree.nodes.append(node)
        tree.by_kind.setdefault(kind, []).append(node)
        stack.extend((child, node) for child in reversed(elem))
