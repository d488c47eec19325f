"""Which groups a schematic's space shows in the strip under its name, and how the legend
names them.

A space's data lists every group it is in, the larger ones too ('balcani', 'serbia'); a strip
of one swatch per group would repeat the larger group on every member and need more colours
than a player can tell apart.  So a strip shows only a space's most specific groups (Serbia),
and the legend names what each lies inside ('Serbia (Balcani)'): the larger group's
membership is read there, never dropped.  Every group drawn in a strip gets a swatch no other
group of the game has, the same on each of its maps (a colour of the palette, then the same
colours striped light, then dark); a group no strip shows is still in the legend, with an
empty box, outlined red when the game names none of its spaces on any map (the rulebook
does not say which they are: Quartermaster General's 'Balcani').  The legend lists the groups under one heading per kind, in the data's own word
for the kind (translated when it is an English word ``words`` knows).

>>> from converter.model.board import Group
>>> groups = {"b": Group("b", "Balcani", "teatro"), "s": Group("s", "Serbia", "paese", parent="b")}
>>> most_specific(["b", "s"], groups)
['s']
>>> group_label(groups["s"], groups)
'Serbia (Balcani)'
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field

from PIL import ImageDraw

from converter.model.board import Board, Group
from converter.model.game import Game
from converter.render.text import RGB, color

# strong colours a player tells apart on a pale box, none a terrain's muted fill
PALETTE = ("#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6",
           "#bfef45", "#469990", "#800000", "#000075", "#808000", "#ffe119", "#a9a9a9")
PATTERNS = ("solid", "light-stripes", "dark-stripes")
UNLISTED = "unlisted"  # a Swatch pattern: an empty box outlined in its colour (the notice red)


@dataclass(frozen=True)
class Swatch:
    """How a group looks in a strip and in the legend: a colour, plain or striped."""

    rgb: RGB
    pattern: str = "solid"


@dataclass(frozen=True)
class GroupEntry:
    """One group in the legend: its words, and its swatch (None: no strip shows it)."""

    id: str
    label: str
    swatch: Swatch | None
    inside: str | None = None  # the larger group it lies in, named in the label's brackets
    unlisted: bool = False     # no space or hex of the game is in it: the rulebook names none


@dataclass
class GroupKey:
    """The groups of one schematic: each space's strip and the legend's sections."""

    strips: dict[str, list[str]] = field(default_factory=dict)       # space id -> group ids shown
    swatches: dict[str, Swatch] = field(default_factory=dict)        # group id -> its swatch
    sections: list[tuple[str, list[GroupEntry]]] = field(default_factory=list)  # heading, entries

    @property
    def entries(self) -> list[GroupEntry]:
        return [e for _heading, entries in self.sections for e in entries]

    @property
    def without_strip(self) -> bool:
        """Whether some group of the legend whose spaces the game knows is drawn in no strip
        here (its box is empty: its spaces are on another map)."""
        return any(e.swatch is None and not e.unlisted for e in self.entries)

    @property
    def unlisted(self) -> bool:
        """Whether some group of the legend has no space the game names (a red empty box)."""
        return any(e.unlisted for e in self.entries)

    @property
    def nested(self) -> bool:
        """Whether some group of the legend lies inside a larger one (named in brackets)."""
        return any(e.inside is not None for e in self.entries)


def game_groups(game: Game, board: Board) -> dict[str, Group]:
    """Every group of the game by id, *board*'s own first (a space may name a group that
    another board of the game defines, as Gallipoli's inset map names the main map's)."""
    known: dict[str, Group] = {g.id: g for g in board.groups or []}
    for other in game.boards or []:
        for g in other.groups or []:
            known.setdefault(g.id, g)
    return known


def ancestors(group_id: str, known: Mapping[str, Group]) -> list[str]:
    """The larger groups *group_id* lies inside, nearest first (a cycle stops the walk)."""
    out: list[str] = []
    cur = known[group_id].parent if group_id in known else None
    while cur is not None and cur in known and cur not in out and cur != group_id:
        out.append(cur)
        cur = known[cur].parent
    return out


def listed_groups(game: Game) -> set[str]:
    """The groups some space or hex of the game is in, with every group they lie inside; a
    group outside this set is one whose members the rulebook does not name."""
    known = {g.id: g for b in game.boards or [] for g in b.groups or []}
    out: set[str] = set()
    for board in game.boards or []:
        named = [s.groups or [] for s in board.spaces or []] + [h.groups or [] for h in board.hexes or []]
        for groups in named:
            for gid in groups:
                out.add(gid)
                out.update(ancestors(gid, known))
    return out


def most_specific(listed: Sequence[str], known: Mapping[str, Group]) -> list[str]:
    """The groups of *listed* that no other listed group lies inside, in the listed order."""
    implied = {a for gid in listed for a in ancestors(gid, known)}
    out: list[str] = []
    for gid in listed:
        if gid not in implied and gid not in out:
            out.append(gid)
    return out


def group_label(group: Group, known: Mapping[str, Group]) -> str:
    """A group's name, with the larger group it lies in: 'Serbia (Balcani)'."""
    parent = known.get(group.parent) if group.parent else None
    return f"{group.name} ({parent.name})" if parent is not None else group.name


def kind_heading(kind: str | None, tr: Callable[..., str]) -> str:
    """A legend section's heading: the data's word for the kind ('Gruppi: area ristretta')."""
    if not kind:
        return tr("Groups")
    return tr("Groups: {kind}", kind=tr(kind.replace("-", " ").replace("_", " ")))


def legend_groups(board: Board, known: Mapping[str, Group]) -> list[str]:
    """The groups a board's legend lists: its own, then those its spaces name from another
    board, in the order the data gives them."""
    ids = [g.id for g in board.groups or []]
    for s in board.spaces or []:
        for gid in s.groups or []:
            if gid not in ids and gid in known:
                ids.append(gid)
    return ids


def _strips(board: Board, known: Mapping[str, Group]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for s in board.spaces or []:
        shown = most_specific([gid for gid in s.groups or [] if gid in known], known)
        if shown:
            out[s.id] = shown
    return out


def _by_kind(board: Board, known: Mapping[str, Group]) -> dict[str | None, list[str]]:
    by_kind: dict[str | None, list[str]] = {}
    for gid in legend_groups(board, known):
        by_kind.setdefault(known[gid].kind, []).append(gid)
    return by_kind


def game_swatches(game: Game, palette: Sequence[str] = PALETTE) -> dict[str, Swatch]:
    """One swatch per group any strip of the game's schematics shows, the same on every
    board (Gallipoli's inset shows the Ottoman Empire as the main map does), none shared:
    the palette's colours in the order the boards' legends list the groups, then the same
    colours striped light, then dark."""
    boards = [b for b in game.boards or [] if b.spaces and b.hex_grid() is None]  # drawn with strips
    shown: set[str] = set()
    order: list[str] = []
    for board in boards:
        known = game_groups(game, board)
        shown |= {gid for ids in _strips(board, known).values() for gid in ids}
        order += [gid for ids in _by_kind(board, known).values() for gid in ids if gid not in order]
    out: dict[str, Swatch] = {}
    for gid in order:
        if gid in shown:
            n = len(out)
            out[gid] = Swatch(color(palette[n % len(palette)]), PATTERNS[min(n // len(palette), len(PATTERNS) - 1)])
    return out


def group_key(board: Board, known: Mapping[str, Group], tr: Callable[..., str],
              swatches: Mapping[str, Swatch], listed: Collection[str] | None = None) -> GroupKey:
    """Strips and legend sections for *board*'s schematic; *known* is ``game_groups``,
    *swatches* ``game_swatches`` and *listed* ``listed_groups`` (None: every group's spaces
    are taken as known)."""
    key = GroupKey(strips=_strips(board, known))
    in_strips = {gid for shown in key.strips.values() for gid in shown}
    for kind, ids in _by_kind(board, known).items():
        entries = []
        for gid in ids:
            swatch = swatches.get(gid) if gid in in_strips else None
            if swatch is not None:
                key.swatches[gid] = swatch
            parent = known[gid].parent
            entries.append(GroupEntry(gid, group_label(known[gid], known), swatch,
                                      parent if parent in known else None,
                                      listed is not None and gid not in listed))
        key.sections.append((kind_heading(kind, tr), entries))
    return key


def legend_shape(board: Board) -> list[str]:
    """The kinds of the legend entries *board*'s groups take ('heading', 'group', 'note'),
    from the board alone (the image's size is known before the game's other boards are
    read): a group another board defines counts as a section of its own, with both notes."""
    own = {g.id: g for g in board.groups or []}
    foreign = list(dict.fromkeys(gid for s in board.spaces or [] for gid in s.groups or [] if gid not in own))
    if not own and not foreign:
        return []
    shape: list[str] = []
    by_kind: dict[str | None, int] = {}
    for g in own.values():
        by_kind[g.kind] = by_kind.get(g.kind, 0) + 1
    for count in list(by_kind.values()) + [1] * len(foreign):
        shape += ["heading"] + ["group"] * count
    shown = {gid for s in board.spaces or []
             for gid in most_specific([g for g in s.groups or [] if g in own], own)}
    if foreign or any(g.parent for g in own.values()):
        shape.append("note")
    if foreign or set(own) - shown:  # the empty box's note, and the red empty box's
        shape += ["group", "group"]
    return shape


def paint_swatch(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float],
                 swatch: Swatch | None, ink: RGB, paper: RGB, line: int) -> None:
    """A swatch filling *box*: its colour, striped when it is, outlined in *ink*; None is
    an empty box (a group no strip shows), an ``UNLISTED`` swatch an empty box outlined in
    its colour (a group the rulebook names no space of)."""
    x0, y0, x1, y1 = box
    if swatch is None or swatch.pattern == UNLISTED:
        draw.rectangle(box, fill=paper, outline=ink if swatch is None else swatch.rgb,
                       width=line if swatch is None else max(2, line))
        return
    draw.rectangle(box, fill=swatch.rgb)
    if swatch.pattern != "solid":
        stripe = (255, 255, 255) if swatch.pattern == "light-stripes" else ink
        step = max(4.0, (y1 - y0) * 0.7)
        width = max(1, int(round(step * 0.35)))
        i0, j0, i1, j1 = x0 + width / 2, y0 + width / 2, x1 - width / 2, y1 - width / 2
        c = i0 + j0 + step / 2
        while c < i1 + j1:  # lines x + y = c, clipped inside the box (the outline covers the rest)
            a, b = max(i0, c - j1), min(i1, c - j0)
            if a < b:
                draw.line([(a, c - a), (b, c - b)], fill=stripe, width=width)
            c += step
    draw.rectangle(box, outline=ink, width=line)
