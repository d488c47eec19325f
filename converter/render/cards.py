"""Reference cards (player aids): one card per rules table, plus terrain, rules, sequence, turns, dice.

Each card is drawn from the model with nothing added: every cell of a table appears exactly as
the JSON has it, a null cell as '—' on a tinted background, and the rulebook section is
printed on the card.  Besides the image, a card returns its layout (the text of every cell and
its box in pixels) so tests and other tools can read the card back.

>>> from converter.validate import load_model
>>> game = load_model("tests/data/games/mini")
>>> [c.name for c in reference_cards(game, dpi=100)][:2]
['table-crt', 'table-drm']
"""

from __future__ import annotations

import bisect
import itertools
import re
from dataclasses import dataclass, field
from collections.abc import Callable, Iterator
from typing import Any

from PIL import Image, ImageDraw

from converter.model.common import Filter, Provenance, Range
from converter.model.game import Game
from converter.model.rules import MoveLimitRule, MovementRule, Rule, StackingRule
from converter.model.tables import Table, TableEntry
from converter.model.turns import Phase
from converter.render.words import when_text, words
from converter.render.text import (
    RGB, Box, MeasureOnce, color, fit_font, font, ink_on, mm_to_px, one_line, pt_to_px, put_text, wrap)

CARD_WIDTH_MM = 180.0   # fits A4 and US Letter with margins
PAD_MM = 3.0
CELL_PAD_MM = 1.2
MISSING = "—"
INDENT_MM = 4.0         # a sub-phase's indentation per level
WRAP_SHARE = 0.8        # a table shrinks to this share of the body size before it wraps


def _wrap_floor_pt(theme: dict[str, Any]) -> float:
    """The size a card's table shrinks to before it wraps its cells (never below the theme's least)."""
    return float(max(theme["min_pt"], theme["body_pt"] * WRAP_SHARE))

DEFAULT_THEME: dict[str, Any] = {
    "paper": "#fffdf6",
    "ink": "#111111",
    "title_bg": "#2f3b4c",
    "header_bg": "#d9dee6",
    "rule": "#6b6b6b",
    "missing_bg": "#f6d7d7",
    "missing_ink": "#a00000",
    "stripe_bg": "#f1efe6",
    "title_pt": 11,
    "body_pt": 7.5,
    "small_pt": 6.5,
    "min_pt": 5.0,
}


@dataclass(frozen=True)
class CellBox:
    """One piece of text on a card: what it is ('cell:r:c', 'column:c', 'row:r', 'note:i'...), its text, where."""

    key: str
    text: str
    box: Box
    grid: int = -1  # the card's grid the cell is in (its order among the card's grids), -1 for none
    head: bool = False  # a cell of its grid's header row


@dataclass
class ReferenceCard:
    name: str
    title: str
    image: Image.Image
    cells: list[CellBox] = field(default_factory=list)

    def text_of(self, key: str) -> str | None:
        for cell in self.cells:
            if cell.key == key:
                return cell.text
        return None


@dataclass
class Grid:
    """A table block: a header row and body rows; *keys* name each cell for the layout data."""

    header: list[str]
    rows: list[list[str]]
    keys: list[list[str]] | None = None
    header_keys: list[str] | None = None
    missing: list[list[bool]] | None = None
    swatches: list[str | None] | None = None
    indents: list[int] | None = None  # per body row: how deep its second column is indented
    fills: list[RGB | None] | None = None  # per body row: its first cell's colour (ink to match)


Block = tuple[str, Any]  # ("grid", Grid) | ("text", (key, text, style)) | ("gap", mm)


class _Composer:
    """Lays blocks down a card; run to measure and once to draw, with the same code.  The
    grids of a card are set in one size (*grid_pt*: the smallest any of them needs) when
    that size is no smaller than a grid shrinks to before it wraps, so two tables of one card
    read alike."""

    def __init__(self, width: int, dpi: float, theme: dict[str, Any], draw: ImageDraw.ImageDraw | None,
                 measure: MeasureOnce, grid_pt: float | None = None) -> None:
        self.width, self.dpi, self.t, self.draw = width, dpi, theme, draw
        self.measure = measure
        self.pad = int(mm_to_px(PAD_MM, dpi))
        self.y = 0
        self.cells: list[CellBox] = []
        self.grid_pt = grid_pt
        self.grid_sizes: list[tuple[float, bool]] = []  # the size each grid took, and whether it wraps

    def pt(self, points: float) -> int:
        return pt_to_px(points, self.dpi)

    def title(self, text: str, subtitle: str) -> None:
        t = self.t
        fnt = fit_font(self.measure, text, "bold", self.pt(t["title_pt"]), self.width - 2 * self.pad)
        small = font("regular", self.pt(t["small_pt"]))
        h = int(fnt.size * 1.5 + (small.size * 1.4 if subtitle else 0) + self.pad * 0.6)
        if self.draw:
            bg = color(t["title_bg"])
            self.draw.rectangle([0, 0, self.width - 1, h], fill=bg)
            put_text(self.draw, (self.pad, self.pad * 0.5), text, font=fnt, fill=ink_on(bg), anchor="la")
            if subtitle:
                put_text(self.draw, (self.pad, self.pad * 0.5 + fnt.size * 1.35), subtitle, font=small,
                               fill=ink_on(bg), anchor="la")
        self.cells.append(CellBox("title", text, (0, 0, self.width, h)))
        if subtitle:
            self.cells.append(CellBox("subtitle", subtitle, (0, 0, self.width, h)))
        self.y = h + self.pad

    def text(self, key: str, text: str, style: str = "body") -> None:
        fnt = font("bold" if style == "heading" else "regular",
                   self.pt(self.t["small_pt"] if style == "small" else self.t["body_pt"]))
        lines = wrap(self.measure, text, fnt, self.width - 2 * self.pad)
        line_h = int(fnt.size * 1.3)
        top = self.y
        for line in lines:
            if self.draw:
                put_text(self.draw, (self.pad, self.y), line, font=fnt, fill=color(self.t["ink"]), anchor="la")
            self.y += line_h
        self.cells.append(CellBox(key, text, (self.pad, top, self.width - self.pad, self.y)))
        self.y += int(line_h * 0.2)

    def gap(self, mm: float) -> None:
        self.y += int(mm_to_px(mm, self.dpi))

    def grid(self, g: Grid) -> None:
        t = self.t
        avail = self.width - 2 * self.pad
        cpad = int(mm_to_px(CELL_PAD_MM, self.dpi))
        ncols = max([len(g.header)] + [len(r) for r in g.rows]) if (g.header or g.rows) else 0
        if ncols == 0:
            return
        size_pt = min(t["body_pt"], self.grid_pt) if self.grid_pt is not None else t["body_pt"]
        floor = _wrap_floor_pt(t)
        while True:
            body = font("regular", self.pt(size_pt))
            head = font("bold", self.pt(size_pt))
            natural = [0] * ncols
            longest = [0] * ncols  # the longest word: a column is never narrower, words do not break
            indent_px = int(mm_to_px(INDENT_MM, self.dpi))
            for r_i, row in enumerate([g.header] + g.rows):
                fnt = head if r_i == 0 else body
                # a sub-phase's name is indented: its column makes room for the indent
                indent = indent_px * g.indents[r_i - 1] if g.indents and r_i > 0 else 0
                for c, text in enumerate(row):
                    room = indent if c == 1 else 0
                    natural[c] = max(natural[c], room + int(self.measure.textlength(one_line(text), font=fnt)))
                    for word in text.split():
                        longest[c] = max(longest[c], room + int(self.measure.textlength(word, font=fnt)))
            widths = [w + 2 * cpad + 1 for w in natural]
            mins = [w + 2 * cpad + 1 for w in longest]
            # shrink a little, then wrap (long prose reads better wrapped than tiny); shrink
            # further only when even the longest words do not fit side by side
            if sum(widths) <= avail or size_pt <= t["min_pt"] or (size_pt <= floor and sum(mins) <= avail):
                break
            # never step past the size a grid wraps at: prose tables end at that size, and
            # a card's tables can then share it
            size_pt = max(t["min_pt"], size_pt * 0.9) if size_pt <= floor else max(floor, size_pt * 0.9)
        self.grid_sizes.append((size_pt, sum(widths) > avail))
        if sum(widths) > avail:
            if sum(mins) > avail:  # the last resort: words break
                mins = [max(1, m * avail // sum(mins)) for m in mins]
                widths = _squeeze(widths, avail, mins)
            else:
                cells = [[[[self.measure.textlength(w, font=head if r_i == 0 else body) for w in para.split()]
                           for para in text.split("\n")] for text in row]
                         for r_i, row in enumerate([g.header] + g.rows)]
                indents = [0] + [indent_px * n for n in g.indents] if g.indents else None
                widths = (_shortest(cells, self.measure.textlength(" ", font=body), widths, mins, avail,
                                    2 * cpad + 1, indents)
                          or _squeeze(widths, avail, mins))
        elif g.swatches is None and g.fills is None and ncols > 1:
            # spread spare width over the columns so a grid spans the card
            spare = avail - sum(widths)
            widths = [w + spare // ncols for w in widths]
        line_h = int(body.size * 1.3)
        x0 = self.pad
        ink = color(t["ink"])
        rows: list[tuple[list[str], list[str], bool, list[bool]]] = []
        if g.header:
            rows.append((g.header, g.header_keys or [f"column:{c}" for c in range(len(g.header))], True,
                         [False] * len(g.header)))
        for r, row in enumerate(g.rows):
            keys = g.keys[r] if g.keys else [f"cell:{r}:{c}" for c in range(len(row))]
            miss = g.missing[r] if g.missing else [False] * len(row)
            rows.append((row, keys, False, miss))
        step = int(mm_to_px(INDENT_MM, self.dpi))
        for index, (row, keys, is_head, miss) in enumerate(rows):
            fnt = head if is_head else body
            body_row = index - (1 if g.header else 0)
            shift = [0] * ncols
            if g.indents and not is_head and ncols > 1:
                widest = max((int(self.measure.textlength(w, font=fnt)) for w in row[1].split()), default=0)
                shift[1] = min(step * g.indents[body_row], max(0, widths[1] - 2 * cpad - widest))
            wrapped = [wrap(self.measure, text, fnt, widths[c] - 2 * cpad - shift[c]) if text else [""]
                       for c, text in enumerate(row)]
            h = max(len(w) for w in wrapped) * line_h + 2 * cpad
            x = x0
            for c in range(ncols):
                box = (x, self.y, x + widths[c], self.y + h)
                text = row[c] if c < len(row) else ""
                if self.draw:
                    own = g.fills[body_row] if g.fills and not is_head and c == 0 else None
                    fill = color(t["header_bg"]) if is_head else own if own is not None else (
                        color(t["missing_bg"]) if c < len(miss) and miss[c] else
                        color(t["stripe_bg"]) if index % 2 == 0 else color(t["paper"]))
                    self.draw.rectangle(box, fill=fill, outline=color(t["rule"]), width=1)
                    if not is_head and c == 0 and g.swatches and g.swatches[index - (1 if g.header else 0)]:
                        sw = g.swatches[index - (1 if g.header else 0)]
                        self.draw.rectangle([x + 1, self.y + 1, x + cpad, self.y + h - 1], fill=color(sw))
                    ty = self.y + cpad
                    for line in wrapped[c] if c < len(wrapped) else []:
                        put_text(self.draw, (x + cpad + shift[c], ty), line, font=fnt, anchor="la",
                                 fill=ink_on(own) if own is not None else
                                 color(t["missing_ink"]) if c < len(miss) and miss[c] else ink)
                        ty += line_h
                if c < len(row):
                    self.cells.append(CellBox(keys[c], text, box, len(self.grid_sizes) - 1, is_head))
                x += widths[c]
            self.y += h
        self.y += self.pad

    def done(self) -> int:
        return self.y + self.pad


def _lines(paragraphs: list[list[float]], space: float, width: float) -> int:
    """How many lines a cell's words (their widths) take at *width*, wrapped as `wrap` does."""
    count = 0
    for words in paragraphs:
        count += 1
        line = -1.0
        for w in words:
            if line >= 0 and line + space + w <= width:
                line += space + w
                continue
            if line >= 0:
                count += 1
            count += int(w // max(1.0, width)) if w > width else 0  # a word wider than the line is cut
            line = w
    return count


LEVELS = {2: 48, 3: 16, 4: 9, 5: 6}  # widths tried per column: ~1,300 layouts at most


def _shortest(cells: list[list[list[list[float]]]], space: float, natural: list[int], minimum: list[int],
              avail: int, pad: int, indents: list[int] | None) -> list[int] | None:
    """The column widths that make a grid shortest, fewest lines breaking the ties: a side's
    name or a turn range stays on one line while the prose beside it wraps, and a long name
    wraps where that saves more lines than it costs.  Tries a few widths per column
    (None beyond five columns: the squeeze then shares the room)."""
    ncols = len(natural)
    levels = LEVELS.get(ncols)
    if levels is None:
        return None
    options: list[list[int]] = []
    for c in range(ncols):
        top = min(natural[c], avail - sum(minimum) + minimum[c])
        options.append(sorted({minimum[c] + (top - minimum[c]) * k // (levels - 1) for k in range(levels)}))
    # lines[c][k][r]: row r's lines in column c at its k-th width
    lines = [[[_lines(row[c], space, w - pad - (indents[r] if indents and c == 1 else 0)) if c < len(row) else 1
               for r, row in enumerate(cells)] for w in options[c]] for c in range(ncols)]
    best: tuple[int, int] | None = None
    choice: tuple[int, ...] = ()
    last = options[-1]
    for combo in itertools.product(*(range(len(o)) for o in options[:-1])):
        room = avail - sum(options[c][k] for c, k in enumerate(combo))
        k_last = bisect.bisect_right(last, room) - 1
        if k_last < 0:
            continue
        picked = [lines[c][k] for c, k in enumerate(combo)] + [lines[-1][k_last]]
        score = (sum(map(max, zip(*picked))), sum(map(sum, picked)))
        if best is None or score < best:
            best, choice = score, combo + (k_last,)
    if best is None:
        return None
    widths = [options[c][k] for c, k in enumerate(choice)]
    spare = avail - sum(widths)  # the room no width step used: to the columns still wrapping
    short = sorted((c for c in range(ncols) if widths[c] < natural[c]), key=lambda c: natural[c] - widths[c])
    for i, c in enumerate(short):  # the nearest to their natural width first: what they leave goes on
        grant = min(natural[c] - widths[c], spare // (len(short) - i))
        widths[c] += grant
        spare -= grant
    return widths


def _squeeze(widths: list[int], avail: int, minimum: list[int]) -> list[int]:
    """Fit the grid to *avail*: narrow columns keep their width, wide ones share the rest (their text wraps)."""
    widths = list(widths)
    keep = [False] * len(widths)
    while True:
        room = avail - sum(w for w, k in zip(widths, keep) if k)
        wide = [i for i, k in enumerate(keep) if not k]
        if not wide:
            return widths
        # a narrow column (no wider than half an even share of the room: a side, a turn,
        # a section) keeps its width; the wider ones share the squeeze in proportion
        fits = [i for i in wide if widths[i] <= room // (2 * len(wide))]
        if not fits:
            total = sum(widths[i] for i in wide)
            share = {i: max(minimum[i], int(room * widths[i] / total)) for i in wide}
            for i in wide:
                widths[i] = share[i]
            # rounding and the minimums can overshoot: take the excess from the widest columns
            while sum(widths) > avail:
                slack = [i for i in range(len(widths)) if widths[i] > minimum[i]]
                if not slack:
                    break
                i = max(slack, key=lambda k: widths[k])
                widths[i] = max(minimum[i], widths[i] - (sum(widths) - avail))
            return widths
        for i in fits:
            keep[i] = True


# the resolution a card is laid out and drawn at, then resampled to the print's: fonts come
# in whole pixels and every length is rounded, so a card laid out at 150 dpi wrapped and sized
# its text otherwise than at 300, and a player printing at both got two layouts
LAYOUT_DPI = 300


def _render(name: str, title: str, subtitle: str, blocks: list[Block], *, dpi: float,
            width_mm: float, theme: dict[str, Any], peers: bool = False) -> ReferenceCard:
    """A card of *blocks*, laid out at LAYOUT_DPI whatever *dpi* (the same card at any dpi
    but for sharpness); with *peers* its tables are alike (a scenario's conditions, its
    placements) and all read in one size, else a table that wraps its prose does not shrink
    the card's main table (a combat table keeps its size above its codes)."""
    card = _laid_out(name, title, subtitle, blocks, width_mm=width_mm, theme=theme, peers=peers)
    if dpi == LAYOUT_DPI:
        return card
    ratio = dpi / LAYOUT_DPI
    width = int(round(mm_to_px(width_mm, dpi)))
    height = max(1, round(card.image.height * ratio))
    image = card.image.resize((width, height), Image.Resampling.LANCZOS)
    cells = [CellBox(c.key, c.text, (round(c.box[0] * ratio), round(c.box[1] * ratio),
                                     round(c.box[2] * ratio), round(c.box[3] * ratio)), c.grid, c.head)
             for c in card.cells]
    return ReferenceCard(card.name, card.title, image, cells)


def title_card(name: str, title: str, subtitle: str, *, dpi: float, width_mm: float,
               theme: dict[str, Any]) -> ReferenceCard:
    """A card of its title bar alone, for a card whose body is drawn elsewhere (a chart's
    picture, converter.render.chartcards)."""
    return _render(name, title, subtitle, [], dpi=dpi, width_mm=width_mm, theme=theme)


def _laid_out(name: str, title: str, subtitle: str, blocks: list[Block], *, width_mm: float,
              theme: dict[str, Any], peers: bool) -> ReferenceCard:
    """The card of `_render` at LAYOUT_DPI."""
    dpi = LAYOUT_DPI
    width = int(round(mm_to_px(width_mm, dpi)))
    measure = MeasureOnce(ImageDraw.Draw(Image.new("RGB", (1, 1))))  # both runs measure alike

    def run(draw: ImageDraw.ImageDraw | None, grid_pt: float | None = None) -> _Composer:
        comp = _Composer(width, dpi, theme, draw, measure, grid_pt)
        comp.title(title, subtitle)
        for kind, value in blocks:
            if kind == "grid":
                comp.grid(value)
            elif kind == "text":
                comp.text(*value)
            elif kind == "gap":
                comp.gap(value)
        return comp

    grids = run(None).grid_sizes
    # the tables of a card in one size, unless that would set a table below the size a table
    # shrinks to before it wraps; a table shrunk to fit a long row sets the others' size
    floor = _wrap_floor_pt(theme)
    sizes = [size for size, wraps in grids if peers or not wraps]
    grid_pt = min(sizes) if sizes and len({size for size, _ in grids}) > 1 and min(sizes) >= floor else None
    height = run(None, grid_pt).done()
    img = Image.new("RGB", (width, height), color(theme["paper"]))
    draw = ImageDraw.Draw(img)
    comp = run(draw, grid_pt)
    draw.rectangle([0, 0, width - 1, height - 1], outline=color(theme["rule"]), width=max(1, int(dpi / 150)))
    return ReferenceCard(name, title, img, comp.cells)


# --- text of model values ---------------------------------------------------------------

Tr = Any  # a translator from converter.render.words.words


def cell_text(value: object, tr: Tr = None) -> str:
    """How a table cell is printed: exactly its JSON value, '—' for a null (missing) cell."""
    if value is None:
        return MISSING
    if isinstance(value, bool):
        word = "yes" if value else "no"
        return tr(word) if tr else word
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _roll_text(roll: int | Range | None) -> str:
    if roll is None:
        return ""
    return roll.label() if isinstance(roll, Range) else str(roll)


def _filter_text(game: Game, flt: Filter | None, tr: Tr = None) -> str:
    if flt is None:
        return ""
    tr = tr or words(None)
    parts = []
    for attr in ("sides", "factions", "nationalities", "types", "sizes", "kinds", "pieces", "flags"):
        values = getattr(flt, attr)
        if values:
            names = "/".join(_name(game, attr, v, tr) for v in values)
            parts.append(tr("size {x}", x=names) if attr == "sizes" else names)
    if flt.not_ is not None:
        parts.append(tr("not {x}", x=_filter_text(game, flt.not_, tr)))
    return ", ".join(parts)


def _name(game: Game, kind: str, item_id: str, tr: Tr = None) -> str:
    """The name a player reads for an id (a kind word translated; an unknown id made readable)."""
    look = {"sides": game.side, "factions": game.faction, "nationalities": game.nationality,
            "types": game.unit_type, "pieces": game.piece, "dice": game.die, "tables": game.table,
            "terrain": game.terrain_type}.get(kind)
    item: object = look(item_id) if look else None
    if kind == "flags":
        item = next((f for f in game.piece_flags or [] if f.id == item_id), None)
    if kind in ("spaces", "groups"):
        for board in game.boards or []:
            for thing in (board.spaces or []) + (board.groups or []):
                if thing.id == item_id:
                    item = thing
    name = getattr(item, "name", None)
    if name:
        return str(name)
    if kind == "kinds" and tr is not None:
        return str(tr(item_id))
    return readable(item_id)


def with_names(game: Game, text: str) -> str:
    """*text* with every id of the game it mentions ('vedi tabella costi-attivazione') replaced
    by that thing's name."""
    if not text or "-" not in text and "_" not in text:
        return text
    names = _id_names(game)

    def swap(match: re.Match[str]) -> str:
        return names.get(match.group(0), match.group(0))

    return re.sub(r"(?<![\w-])[a-z0-9]+(?:[-_][a-z0-9]+)+(?![\w-])", swap, text)


def _id_names(game: Game) -> dict[str, str]:
    out: dict[str, str] = {}
    groups: list[Any] = [game.tables, game.pieces, game.sides, game.factions, game.nationalities,
                         game.terrain, game.rules, game.dice, game.decks, game.tracks, game.piece_flags,
                         game.unit_types, game.factors]
    for board in game.boards or []:
        groups += [[board], board.spaces, board.groups]
    for items in groups:
        for item in items or []:
            item_id, name = getattr(item, "id", None), getattr(item, "name", None)
            if item_id and name and re.search(r"[-_]", item_id):
                out[item_id] = str(name)
    return out


def _who(game: Game, item_id: str, tr: Tr) -> str:
    """An id that may name a side, faction, nationality, piece, type or terrain, as its name."""
    for kind in ("sides", "factions", "nationalities", "types", "pieces", "terrain"):
        name = _name(game, kind, item_id)
        if name != readable(item_id):
            return name
    return tr(item_id) if tr(item_id) != item_id else (item_id if "-" not in item_id else readable(item_id))


def readable(identifier: str) -> str:
    """An id made into words for a player ('scarti-potenza-uk-us' -> 'Scarti potenza UK US')."""
    parts = [w for w in re.split(r"[-_]+", identifier) if w]
    if not parts:
        return identifier
    out = [w.upper() if len(w) <= 2 and w.isalpha() else w for w in parts]
    out[0] = out[0][:1].upper() + out[0][1:]
    return " ".join(out)


def _section(prov: Provenance | None, section: str | None = None) -> str:
    """The rulebook section a player can look up ('§12.5'), without the transcriber's notes."""
    found = [x for x in (section, prov.section if prov is not None else None) if x]
    if len(found) == 2 and (found[1] in found[0] or found[0] in found[1]):
        found = [found[0] if len(found[0]) >= len(found[1]) else found[1]]
    return "; ".join(f"§{x}" for x in dict.fromkeys(found))


def _cite(prov: Provenance | None, section: str | None = None) -> str:
    if prov is None:
        return f"§{section}" if section else ""
    cite = prov.cite()
    if section and section != prov.section:
        cite = f"§{section}; {cite}" if prov.section else f"§{section} {cite}".strip()
    return cite


def _source_line(prov: Provenance | None, section: str | None, missing: list[str] | None,
                 tr: Tr = None) -> str:
    tr = tr or words(None)
    parts = []
    cite = _cite(prov, section)
    if prov is not None and prov.status:
        cite = cite.replace(f"({prov.status})", f"({tr(prov.status)})")
    parts.append(tr("Rulebook: {cite}", cite=cite) if cite else tr("Rulebook section: not given"))
    if prov is not None and prov.note:
        parts.append(prov.note)
    if missing:
        parts.append(tr("missing from the rulebook: {what}", what=", ".join(
            tr(m) if tr(m) != m else readable(m).lower() for m in missing)))
    return " — ".join(parts)


_ENGLISH = {"the", "is", "are", "of", "and", "only", "which", "from", "not", "with", "each", "every",
            "its", "their", "this", "that", "as", "on", "be", "printed", "text", "card", "table"}
_ITALIAN = {"il", "la", "di", "che", "per", "non", "sono", "le", "gli", "un", "una", "del", "della",
            "con", "nel", "nella", "si", "ogni", "è", "al", "alla", "dei", "delle"}


def is_transcription_note(game: Game, text: str, prov: Provenance | None) -> bool:
    """A note about the transcription (OCR, what was deduced, a note in another language than the
    game's) rather than a rule: it goes on the sources card, not on the player aid."""
    if prov is not None and prov.status and prov.status != "stated":
        return True
    if re.search(r"\bOCR\b|N\.d\.T|\bnull\b|\bids?\b", text):
        return True
    lang = (game.language or "en").split("-")[0].lower()
    if lang != "en":
        tokens = re.findall(r"[a-zà-ù']+", text.lower())
        english = sum(t in _ENGLISH for t in tokens)
        native = sum(t in _ITALIAN for t in tokens) if lang == "it" else 0
        return english > native
    return False


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "card"


def _legend(tr: Tr, grids: list[Grid]) -> list[Block]:
    """A legend line for the '—' (missing) and empty cells the card's grids show."""
    missing = any(any(row) for g in grids for row in (g.missing or []))
    empty = any(text == "" for g in grids for row in g.rows for text in row[1:])
    parts = []
    if missing:
        parts.append(tr("— : the rulebook text does not give this value"))
    if empty:
        parts.append(tr("empty cell: nothing applies"))
    return [("text", ("legend", "   ".join(parts), "small"))] if parts else []


# --- the cards ----------------------------------------------------------------------------

_METHODS = {"odds": "odds (attack:defence)", "differential": "strength difference",
            "strength": "strength", "opposed": "opposed rolls"}


def table_card(game: Game, table: Table, *, dpi: float = 300, width_mm: float = CARD_WIDTH_MM,
               theme: dict[str, Any] | None = None) -> ReferenceCard:
    """The card of one rules table: its grid or entry list, result codes and rules notes; where
    it comes from goes on the sources card."""
    t = {**DEFAULT_THEME, **(theme or {})}
    tr = words(game.language)
    blocks: list[Block] = []
    grids: list[Grid] = []
    facts = []
    if table.die:
        die = game.die(table.die)
        facts.append(tr("die: {name}", name=die.name if die else readable(table.die)))
    if table.method:
        facts.append(tr(_METHODS.get(table.method, table.method)))
    if table.clamp is not None:
        facts.append(tr("rolls clamped to {r}", r=_clamp_text(table.clamp)))
    if table.rounding is not None:
        r = table.rounding
        facts.append(tr("odds rounded {how}", how=", ".join(
            f"{tr(k)} {tr(v)}" for k, v in (("favourable", r.favourable), ("unfavourable", r.unfavourable)) if v)))
    if table.is_matrix:
        grids.append(_matrix_grid(table, tr, game))
    if table.entries:
        grids.append(_entries_grid(game, table.entries, tr))
    blocks.extend(("grid", g) for g in grids)
    if not table.is_matrix and not table.entries:
        blocks.append(("text", ("empty", tr("No rows: the rulebook text does not give this table."), "body")))
    for key, beyond, word in (("below", table.below, "Below the first column"),
                              ("above", table.above, "Above the last column")):
        if beyond is not None:
            parts = []
            if beyond.result is not None:
                parts.append(tr("result {r}", r=beyond.result))
            if beyond.column is not None:
                parts.append(tr("use column {c}", c=beyond.column))
            if beyond.drm_per_level is not None:
                parts.append(tr("{d} DRM per level beyond", d=f"{beyond.drm_per_level:+d}"))
            blocks.append(("text", (key, f"{tr(word)}: " + ", ".join(parts), "body")))
    if table.result_codes:
        codes = Grid([tr("Code"), tr("Meaning")], [[with_names(game, rc.code), rc.meaning] for rc in table.result_codes],
                     keys=[[f"code:{i}", f"meaning:{i}"] for i in range(len(table.result_codes))],
                     header_keys=["codes-head:0", "codes-head:1"])
        blocks.append(("grid", codes))
    for i, note in enumerate(table.notes or []):
        if not is_transcription_note(game, note.text, note.provenance):
            blocks.append(("text", (f"note:{i}", f"• {with_names(game, note.text)}", "body")))
    blocks.extend(_legend(tr, grids))
    section = _section(table.provenance, table.section)
    if section:
        blocks.append(("text", ("section", section, "small")))
    return _render(f"table-{_slug(table.id)}", table.name, " · ".join(facts), blocks,
                   dpi=dpi, width_mm=width_mm, theme=t)


def _clamp_text(clamp: Range) -> str:
    if clamp.min is not None and clamp.max is not None:
        return f"{clamp.min}..{clamp.max}"
    return clamp.label()


def _value_text(game: Game | None, value: object, tr: Tr) -> str:
    """A cell as a player reads it: the JSON value, an id in it as the thing's name."""
    text = cell_text(value, tr)
    if game is None or not isinstance(value, str):
        return text
    if re.fullmatch(r"[a-z]+", text) and tr(text) != text:  # a kind word of the format
        return str(tr(text))
    return with_names(game, text)


def _matrix_grid(table: Table, tr: Tr = None, game: Game | None = None) -> Grid:
    tr = tr or words(None)
    columns = table.columns or []
    rows = table.rows or []
    # the corner names the rows only when they are die rolls (a terrain table's rows are terrain)
    corner = tr("Roll") if any(row.roll is not None for row in rows) or table.kind in ("crt", "fire") and all(
        re.fullmatch(r"[\d\s≤≥+\-–]+", row.label or "") for row in rows) else ""
    header = [corner] + [c.label + (f" ({when_text(c.when, tr)})" if c.when else "") for c in columns]
    header_keys = ["corner"] + [f"column:{c}" for c in range(len(columns))]
    body, keys, missing = [], [], []
    for r, row in enumerate(rows):
        values = table.cells[r] if table.cells and r < len(table.cells) else [None] * len(columns)
        body.append([row.label] + [_value_text(game, v, tr) for v in values])
        keys.append([f"row:{r}"] + [f"cell:{r}:{c}" for c in range(len(values))])
        missing.append([False] + [v is None for v in values])
    return Grid(header, body, keys, header_keys, missing)


_ENTRY_COLUMNS = (("label", "Entry"), ("roll", "Roll"), ("value", "Value"), ("result", "Result"),
                  ("applies_to", "Applies to"), ("terrain", "Terrain"), ("pieces", "Pieces"),
                  ("when", "When"), ("note", "Note"), ("section", "§"))


def _entries_grid(game: Game, entries: list[TableEntry], tr: Tr = None) -> Grid:
    tr = tr or words(None)

    def value(e: TableEntry, attr: str) -> str:
        if attr == "roll":
            return _roll_text(e.roll)
        if attr == "pieces":
            return _filter_text(game, e.pieces, tr)
        if attr == "when":
            return when_text(e.when, tr)
        if attr == "terrain":
            return _name(game, "terrain", e.terrain, tr) if e.terrain else ""
        if attr == "applies_to":
            return _who(game, e.applies_to, tr) if e.applies_to else ""
        if attr == "note":  # a transcriber's note goes on the sources card, not on the aid
            return "" if not e.note or is_transcription_note(game, e.note, None) else with_names(game, e.note)
        if attr == "section":
            return _section(e.provenance)
        if attr in ("value", "result"):
            v = getattr(e, attr)
            if v is None:
                return MISSING if e.missing and attr in e.missing else ""
            return _value_text(game, v, tr)
        v = getattr(e, attr)
        return "" if v is None else str(v)

    used = [(a, h) for a, h in _ENTRY_COLUMNS if a == "label" or any(value(e, a) for e in entries)]
    body = [[value(e, a) for a, _ in used] for e in entries]
    keys = [[f"entry:{i}:{a}" for a, _ in used] for i in range(len(entries))]
    missing = [[bool(e.missing and a in e.missing) for a, _ in used] for e in entries]
    return Grid([tr(h) for _, h in used], body, keys, [f"entry-head:{a}" for a, _ in used], missing)


def terrain_card(game: Game, *, dpi: float = 300, width_mm: float = CARD_WIDTH_MM,
                 theme: dict[str, Any] | None = None) -> ReferenceCard | None:
    """Terrain effects built from the game's terrain list: movement and combat per terrain."""
    if not game.terrain:
        return None
    t = {**DEFAULT_THEME, **(theme or {})}
    tr = words(game.language)
    body, keys, swatches, missing = [], [], [], []
    for i, ter in enumerate(game.terrain):
        m, c = ter.movement, ter.combat
        move = []
        if m is not None:
            if m.cost is not None:
                move.append(tr("{n} MP", n=cell_text(m.cost, tr)))
            if m.added is not None:
                move.append(tr("+{n} MP to cross", n=cell_text(m.added, tr)))
            if m.whole_move:
                move.append(tr("whole move"))
            if m.prohibited:
                move.append(tr("prohibited"))
            if m.ends_move:
                move.append(tr("ends move"))
            if m.only:
                move.append(tr("only {x}", x=_filter_text(game, m.only, tr)))
            if m.never:
                move.append(tr("never {x}", x=_filter_text(game, m.never, tr)))
            if m.when:
                move.append(when_text(m.when, tr))
            if m.note:
                move.append(m.note)
        fight = []
        if c is not None:
            if c.drm is not None:
                fight.append(tr("DRM {d}", d=f"{c.drm:+d}"))
            if c.column_shift is not None:
                fight.append(tr("{d} column(s)", d=f"{c.column_shift:+d}"))
            if c.defender_column_shift is not None:
                fight.append(tr("defender {d} column(s)", d=f"{c.defender_column_shift:+d}"))
            if c.only_if_all_attackers_cross:
                fight.append(tr("only if all attackers cross"))
            if c.note:
                fight.append(c.note)
        gone = ter.missing or []
        row = [ter.name, tr(ter.applies_to) if ter.applies_to else "",
               "; ".join(move) or (MISSING if "movement" in gone else ""),
               "; ".join(fight) or (MISSING if "combat" in gone else ""), _section(ter.provenance)]
        body.append(row)
        keys.append([f"terrain:{i}:{k}" for k in ("name", "applies_to", "movement", "combat", "section")])
        swatches.append(ter.color)
        missing.append([False, False, "movement" in gone, "combat" in gone, False])
    grid = Grid([tr("Terrain"), tr("On"), tr("Movement"), tr("Combat"), "§"], body, keys, None, missing, swatches)
    blocks: list[Block] = [("grid", grid), *_legend(tr, [grid]),
                           ("text", ("colours", tr("Colours are drawing choices unless the rulebook names them."),
                                     "small"))]
    return _render("terrain", tr("Terrain Effects"), tr("{n} terrain types", n=len(game.terrain)), blocks,
                   dpi=dpi, width_mm=width_mm, theme=t)


def rules_card(game: Game, *, dpi: float = 300, width_mm: float = CARD_WIDTH_MM,
               theme: dict[str, Any] | None = None) -> ReferenceCard | None:
    """Stacking, movement and the other rules, one line each in the rulebook's words."""
    if not game.rules:
        return None
    t = {**DEFAULT_THEME, **(theme or {})}
    tr = words(game.language)
    order = {"stacking": 0, "movement": 1}
    rules = sorted(game.rules, key=lambda r: order.get(r.kind, 2))
    body, keys, missing = [], [], []
    for rule in rules:
        body.append([rule.name, _rule_summary(game, rule, tr), _section(rule.provenance, rule.section)])
        keys.append([f"rule:{rule.id}:{k}" for k in ("name", "what", "section")])
        missing.append([False, bool(rule.missing) and not rule.text, False])
    grid = Grid([tr("Rule"), tr("What"), "§"], body, keys, None, missing)
    blocks: list[Block] = [("grid", grid), *_legend(tr, [grid])]
    return _render("rules", tr("Stacking, Movement and Other Rules"), tr("{n} rules", n=len(rules)), blocks,
                   dpi=dpi, width_mm=width_mm, theme=t)


def _all_phases(phases: list[Phase]) -> list[Phase]:
    return [q for p in phases for q in (p, *_all_phases(p.phases or []))]


def _rule_summary(game: Game, rule: Rule, tr: Tr = None) -> str:
    """The rule as the rulebook words it; built from its data only when it has no text."""
    tr = tr or words(None)
    if rule.text:
        return with_names(game, str(rule.text))
    stacking = rule if isinstance(rule, StackingRule) else None
    movement = rule if isinstance(rule, MovementRule) else None
    parts = []
    if isinstance(rule, MoveLimitRule):
        parts.append(tr("at most {n} {measure} moved per {period}", n=cell_text(rule.limit, tr),
                        measure=tr(rule.counts), period=tr(rule.period)))
        if rule.phases:
            names = {p.id: p.name for p in _all_phases(game.sequence or [])}
            parts.append(tr("in: {phases}", phases=", ".join(names.get(p, p) for p in rule.phases)))
    elif rule.limit is not None:
        scope = tr((stacking.scope if stacking else None) or "location")
        measure = stacking.measure if stacking else None
        if measure and rule.limit == 1:  # "al massimo 1 pedina", not "1 pedine"
            measure = {"pieces": "piece", "units": "unit", "steps": "step"}.get(measure, measure)
        if measure:
            parts.append(tr("at most {n} {measure} per {scope}", n=cell_text(rule.limit, tr),
                            measure=tr(measure) if tr(measure) != measure else readable(measure).lower(),
                            scope=scope))
        else:
            parts.append(tr("at most {n} per {scope}", n=cell_text(rule.limit, tr), scope=scope))
    if stacking and stacking.weights:
        parts.append(tr("weights {w}", w=", ".join(f"{k}={cell_text(v, tr)}" for k, v in stacking.weights.items())))
    if stacking and stacking.free:
        parts.append(tr("free: {who}", who=_filter_text(game, stacking.free, tr)))
    if movement and movement.allowance:
        allowance = movement.allowance
        factor = next((f.name for f in game.factors or [] if f.id == allowance), None)
        parts.append(tr("allowance: {a}", a=factor or tr(allowance)))
    if movement and movement.cost:
        parts.append(tr("cost: {c}", c=tr(movement.cost)))
    enemy = stacking.enemy if stacking else movement.enemy if movement else None
    if enemy:
        parts.append(tr("enemy: {e}", e=tr(enemy)))
    if movement and movement.minimum_move:
        parts.append(tr("minimum move"))
    if rule.target:
        tg = rule.target
        for attr, kind in (("spaces", "spaces"), ("hexes", ""), ("groups", "groups"), ("terrain", "terrain"),
                           ("links", "")):
            values = getattr(tg, attr)
            if values:
                parts.append(", ".join(_name(game, kind, v, tr) if kind else str(v) for v in values))
    if rule.table:
        parts.append(tr("table: {t}", t=_name(game, "tables", rule.table, tr)))
    if rule.die:
        parts.append(tr("die {d}", d=_name(game, "dice", rule.die, tr)))
    if rule.value is not None:
        parts.append(tr("value {v}", v=cell_text(rule.value, tr)))
    if rule.pieces:
        parts.append(_filter_text(game, rule.pieces, tr))
    if rule.when:
        parts.append(when_text(rule.when, tr))
    if rule.missing and not parts:
        parts.append(MISSING)
    return "; ".join(p for p in parts if p)


def sequence_card(game: Game, *, dpi: float = 300, width_mm: float = CARD_WIDTH_MM,
                  theme: dict[str, Any] | None = None) -> ReferenceCard | None:
    """The sequence of play as nested, numbered phases: a sub-phase is indented under its phase."""
    if not game.sequence:
        return None
    t = {**DEFAULT_THEME, **(theme or {})}
    tr = words(game.language)
    body, keys, indents = [], [], []

    def visit(phases: list[Phase], prefix: str) -> None:
        for n, phase in enumerate(phases, start=1):
            number = f"{prefix}{n}"
            side = game.side(phase.side) if phase.side else None
            faction = game.faction(phase.side) if phase.side and not side else None
            details = []
            who = side.name if side else faction.name if faction else (readable(phase.side) if phase.side else "")
            if who:
                details.append(who)
            if phase.when:
                when = when_text(phase.when, tr)
                only_not = not phase.when.turns and not phase.when.condition  # 'not turn 1' alone
                details.append(when if only_not else tr("only {x}", x=when))
            if phase.repeat:
                details.append(tr("repeat ×{n}", n=phase.repeat))
            if phase.order:
                details.append(tr("order: {o}", o=", ".join(
                    _name(game, "sides", o, tr) if game.side(o) else _name(game, "factions", o, tr)
                    for o in phase.order)))
            if phase.text:
                details.append(with_names(game, phase.text))
            depth = number.count(".")
            body.append([number, phase.name, "; ".join(details), _section(phase.provenance, phase.section)])
            keys.append([f"phase:{phase.id}:{k}" for k in ("number", "name", "details", "section")])
            indents.append(depth)
            visit(phase.phases or [], number + ".")

    visit(game.sequence, "")
    grid = Grid(["#", tr("Phase"), tr("Who / when"), "§"], body, keys, indents=indents)
    blocks: list[Block] = [("grid", grid)]
    return _render("sequence", tr("Sequence of Play"),
                   tr("phases in order; sub-phases are indented under their phase"),
                   blocks, dpi=dpi, width_mm=width_mm, theme=t)


def turns_card(game: Game, *, dpi: float = 300, width_mm: float = CARD_WIDTH_MM,
               theme: dict[str, Any] | None = None) -> ReferenceCard | None:
    """The turn track: each turn, its printed label and its notes (reinforcements, events)."""
    if game.turns is None:
        return None
    t = {**DEFAULT_THEME, **(theme or {})}
    tr = words(game.language)
    turns = game.turns
    body: list[list[str]] = []
    keys: list[list[str]] = []
    for n in turns.numbers():
        body.append([str(n), turns.label(n), with_names(game, "; ".join(turns.notes_for(n)))])
        keys.append([f"turn:{n}:number", f"turn:{n}:label", f"turn:{n}:notes"])
    subtitle = tr("{n} turns, each {unit}", n=turns.count, unit=turns.unit) if turns.unit else \
        tr("{n} turns", n=turns.count)
    grid = Grid([tr("Turn"), tr("Label"), tr("Notes")], body, keys)
    blocks: list[Block] = [("grid", grid)]
    return _render("turns", tr("Turn Record Track"), subtitle, blocks, dpi=dpi, width_mm=width_mm, theme=t)


def dice_card(game: Game, *, dpi: float = 300, width_mm: float = CARD_WIDTH_MM,
              theme: dict[str, Any] | None = None) -> ReferenceCard | None:
    if not game.dice:
        return None
    t = {**DEFAULT_THEME, **(theme or {})}
    tr = words(game.language)
    body, keys, missing = [], [], []
    for die in game.dice:
        labels = die.face_labels()
        faces = " ".join(labels) if labels is not None else MISSING
        body.append([die.name, str(die.count or 1), cell_text(die.sides, tr), faces,
                     tr("yes") if die.sum else "", cell_text(die.physical, tr) if die.physical else "",
                     _section(die.provenance)])
        keys.append([f"die:{die.id}:{k}" for k in ("name", "count", "sides", "faces", "sum", "physical", "section")])
        missing.append([False, False, die.sides is None, labels is None, False, False, False])
    grid = Grid([tr("Die"), tr("Count"), tr("Sides"), tr("Faces"), tr("Total"), tr("Physical"), "§"],
                body, keys, None, missing)
    blocks: list[Block] = [("grid", grid), *_legend(tr, [grid])]
    return _render("dice", tr("Dice"), tr("{n} dice", n=len(game.dice)), blocks, dpi=dpi, width_mm=width_mm, theme=t)


def sources_card(game: Game, *, dpi: float = 300, width_mm: float = CARD_WIDTH_MM,
                 theme: dict[str, Any] | None = None) -> ReferenceCard | None:
    """Where each aid's data comes from: rulebook sections, what was deduced or is missing, and
    the transcriber's notes, kept off the aids themselves."""
    t = {**DEFAULT_THEME, **(theme or {})}
    tr = words(game.language)
    body: list[list[str]] = []
    keys: list[list[str]] = []

    def add(what: str, text: str) -> None:
        if text:
            keys.append([f"source:{len(body)}:card", f"source:{len(body)}:text"])
            body.append([what, text])

    for table in game.tables or []:
        add(table.name, _source_line(table.provenance, table.section, table.missing, tr))
        for note in table.notes or []:
            if is_transcription_note(game, note.text, note.provenance):
                add(table.name, note.text)
        for entry in table.entries or []:
            if entry.note and is_transcription_note(game, entry.note, None):
                add(f"{table.name}: {entry.label}" if entry.label else table.name, entry.note)
    for ter in game.terrain or []:
        if ter.missing or (ter.provenance is not None and (ter.provenance.note or ter.provenance.status != "stated")):
            add(ter.name, _source_line(ter.provenance, None, ter.missing, tr))
    for rule in game.rules or []:
        if rule.missing or (rule.provenance is not None and rule.provenance.note):
            add(rule.name, _source_line(rule.provenance, rule.section, rule.missing, tr))
    if game.turns is not None and (game.turns.provenance is not None or game.turns.missing):
        add(tr("Turn Record Track"), _source_line(game.turns.provenance, None, game.turns.missing, tr))
    if not body:
        return None
    blocks: list[Block] = [("text", ("about", tr("Where each card's data comes from: rulebook sections, and what "
                                                 "was deduced or is missing."), "body")),
                           ("grid", Grid([tr("Card"), tr("Source")], body, keys))]
    return _render("sources", tr("Sources"), game.title, blocks, dpi=dpi, width_mm=width_mm, theme=t)


def key_card(game: Game, *, dpi: float = 300, width_mm: float = CARD_WIDTH_MM,
             theme: dict[str, Any] | None = None) -> ReferenceCard | None:
    """The counter key: every nationality code, corner code, flag mark, dot and band the
    counters carry, and the order of the factors."""
    from converter.render.counters import counter_background, entry_code_text, flag_marks, nationality_code

    pieces = game.pieces or []
    if not pieces:
        return None
    t = {**DEFAULT_THEME, **(theme or {})}
    tr = words(game.language)
    blocks: list[Block] = []
    nat_rows: list[list[str]] = []
    nat_keys: list[list[str]] = []
    fills: list[RGB | None] = []
    seen: set[str] = set()
    for nat in game.nationalities or []:
        users = [p for p in pieces if nat.id in p.nationalities]
        if not users or nat.id in seen:
            continue
        seen.add(nat.id)
        code = nationality_code(game, users[0]).split("/")[users[0].nationalities.index(nat.id)]
        nat_rows.append([code, nat.name])
        nat_keys.append([f"nationality:{nat.id}:code", f"nationality:{nat.id}:name"])
        # the code on the colour its units print on, when they share one (the row keys it)
        own = {counter_background(game, p, theme=theme) for p in users
               if p.kind not in ("marker", "token", "chip", "control") and p.nationalities[0] == nat.id}
        fills.append(own.pop() if len(own) == 1 else None)
    if nat_rows:
        blocks.append(("text", ("nationalities", tr("Nationality codes"), "heading")))
        blocks.append(("grid", Grid([tr("Code on the counters"), tr("Nationality")], nat_rows, nat_keys,
                                    fills=fills)))
    marks: list[tuple[str, str]] = []
    units = [p for p in pieces if p.kind not in ("marker", "token", "chip", "control")]
    if any(p.printed_setup is not None for p in units):
        marks.append(("0101", tr("top left: the hex where the unit starts")))
    turns = sorted({p.entry.turn for p in units if p.entry is not None and p.entry.turn is not None
                    and not p.entry.code})
    if turns:
        marks.append((f"T{turns[0]}", tr("T{n} (top left): enters on turn {n}", n=turns[0])))
    entered: dict[str, str | None] = {}  # each entry code, with the rulebook section saying it
    for p in units:
        if p.entry is not None and p.entry.code:
            code = entry_code_text(p.entry.code)
            if not entered.get(code):
                entered[code] = p.entry.provenance.section if p.entry.provenance is not None else None
    for code, section in sorted(entered.items()):
        how = tr("top left: how the unit enters")
        marks.append((code, f"{how} (§{section})" if section else how))
    flags = {f for p in units for face in p.faces for f in (face.flags or p.flags or [])}
    printed = flag_marks(game)
    for flag in game.piece_flags or []:
        if flag.id in flags:
            marks.append((printed[flag.id], flag.name))
    if any(face.mark == "dot" for p in units for face in p.faces):
        marks.append(("●", tr("●: the unit's second counter (its weaker steps)").split(": ", 1)[-1]))
    if any(face.mark == "stripe" for p in units for face in p.faces):
        marks.append(("▭", tr("light band behind the factors: the reduced side")))
    if game.factors:
        marks.append(("-".join(f.abbreviation or f.name[:1].upper() for f in game.factors),
                      tr("factors, left to right") + ": " + " - ".join(f.name for f in game.factors)))
    if any(face.factors and any(v is None for v in face.factors.values()) or
           (face.missing and "factors" in face.missing) for p in units for face in p.faces):
        marks.append(("?", tr("? : a value the rulebook text does not give").split(": ", 1)[-1]))
    if units:
        marks.append(("…", tr("abbreviated names end in a point: 'Div. di Fant.' = 'Divisione di Fanteria'")))
    if marks:
        blocks.append(("text", ("marks", tr("Marks on counters"), "heading")))
        blocks.append(("grid", Grid([tr("Mark"), tr("Meaning")], [list(m) for m in marks],
                                    [[f"mark:{i}:code", f"mark:{i}:meaning"] for i in range(len(marks))])))
    if not blocks:
        return None
    return _render("counter-key", tr("Counter key"), game.title, blocks, dpi=dpi, width_mm=width_mm, theme=t)


def reference_cards(game: Game, *, dpi: float = 300, width_mm: float = CARD_WIDTH_MM,
                    theme: dict[str, Any] | None = None) -> list[ReferenceCard]:
    """Every reference card of the game: its tables in order, then victory conditions, terrain,
    rules, sequence, turns, dice, the counter key and the sources."""
    return list(each_reference_card(game, dpi=dpi, width_mm=width_mm, theme=theme))


def each_reference_card(game: Game, *, dpi: float = 300, width_mm: float = CARD_WIDTH_MM,
                        theme: dict[str, Any] | None = None) -> Iterator[ReferenceCard]:
    """The cards of `reference_cards`, drawn one at a time as they are asked for (a printer
    holds one card, not the game's every card)."""
    for table in game.tables or []:
        yield table_card(game, table, dpi=dpi, width_mm=width_mm, theme=theme)
    for make in (victory_card, terrain_card, rules_card, sequence_card, turns_card, dice_card, key_card,
                 sources_card):
        card = make(game, dpi=dpi, width_mm=width_mm, theme=theme)
        if card is not None:
            yield card


# --- scenario cards: victory conditions and setup -------------------------------------------

def place_text(game: Game, at: Any, tr: Tr = None) -> str:
    """A place as a player finds it on the map: a hex id with its printed name, a space or
    box by name, a track box by the track's name and the box's label."""
    tr = tr or words(None)
    if at is None:
        return ""
    if at.any_of:
        return " / ".join(place_text(game, a, tr) for a in at.any_of)
    if at.deck:
        deck = next((d for d in game.decks or [] if d.id == at.deck), None)
        called = deck.name if deck else readable(at.deck)
        said = str(tr("deck {d}", d=called))
        # a name that already says it is a deck ('Mazzo Blu') is not said twice
        prefix = said[:-len(called) or None].strip().casefold() + " "
        return called if called.casefold().startswith(prefix) else said
    if at.hex:
        boards = [game.board(at.board)] if at.board else [b for b in game.boards or [] if b.kind_spec.hex_grid]
        name = next((h.name for b in boards if b is not None for h in b.hexes or [] if h.id == at.hex and h.name), None)
        return f"{at.hex} {name}" if name else at.hex
    if at.space:
        found = game.space(at.space)
        return found[1].name if found else readable(at.space)
    if at.edge:
        for board in game.boards or []:
            for edge in board.edges or []:
                if edge.id == at.edge:
                    return edge.name or str(tr("map edge {e}", e=edge.compass or edge.id))
        return str(tr("map edge {e}", e=at.edge))
    if at.track:
        track = game.track(at.track)
        name = track.name if track else readable(at.track)
        if at.value is None:
            return name
        label = str(at.value)
        if track is not None and track.kind == "turn" and game.turns is not None:
            label = game.turns.label(at.value)
        return f"{name}: {label}"
    if at.code:
        return str(at.code)
    if at.point and len(at.point) == 2:
        near = game.board(at.board) if at.board else None
        return str(tr("beside {b}", b=near.name if near else readable(at.board or "")))
    return at.note or ""


def _vp_text(game: Game, vp: Any, tr: Tr) -> str:
    if isinstance(vp, dict):
        return ", ".join(f"{_who(game, who, tr)} {n}" for who, n in vp.items())
    return cell_text(vp, tr)


def victory_card(game: Game, *, dpi: float = 300, width_mm: float = CARD_WIDTH_MM,
                 theme: dict[str, Any] | None = None) -> ReferenceCard | None:
    """How each side wins, scenario by scenario, and the places on the map worth victory
    points."""
    t = {**DEFAULT_THEME, **(theme or {})}
    tr = words(game.language)
    scenarios = [s for s in game.scenarios or [] if s.victory]
    blocks: list[Block] = []
    for scenario in scenarios:
        if len(scenarios) > 1:
            blocks.append(("text", (f"scenario:{scenario.id}", scenario.name, "heading")))
        body, keys = [], []
        for v in scenario.victory or []:
            who = _who(game, v.side, tr) if v.side else ""
            body.append([who, with_names(game, v.text), when_text(v.when, tr), _section(v.provenance, v.section)])
            keys.append([f"victory:{scenario.id}:{v.id}:{k}" for k in ("side", "text", "when", "section")])
        blocks.append(("grid", Grid([tr("Who wins"), tr("Condition"), tr("When"), "§"], body, keys)))
    vp_rows, vp_keys = [], []
    for board in game.boards or []:
        for hx in board.hexes or []:
            if hx.vp is not None:
                vp_rows.append([f"{hx.id} {hx.name}" if hx.name else hx.id, _vp_text(game, hx.vp, tr),
                                _who(game, hx.control, tr) if hx.control else ""])
                vp_keys.append([f"vp:{board.id}:{hx.id}:{k}" for k in ("place", "vp", "control")])
        for sp in board.spaces or []:
            if sp.vp is not None:
                vp_rows.append([sp.name, _vp_text(game, sp.vp, tr), _who(game, sp.control, tr) if sp.control else ""])
                vp_keys.append([f"vp:{board.id}:{sp.id}:{k}" for k in ("place", "vp", "control")])
    if vp_rows:
        blocks.append(("text", ("vp-places", tr("Victory point places"), "heading")))
        header = [tr("Place"), tr("VP"), tr("Held at start by")]
        if not any(row[2] for row in vp_rows):  # a column no place fills says nothing
            header, vp_rows, vp_keys = header[:2], [r[:2] for r in vp_rows], [k[:2] for k in vp_keys]
        blocks.append(("grid", Grid(header, vp_rows, vp_keys)))
    if not blocks:
        return None
    return _render("victory", tr("Victory Conditions"), game.title, blocks, dpi=dpi, width_mm=width_mm, theme=t,
                   peers=True)


def _face_text(piece: Any, face: Any, tr: Callable[..., str]) -> str:
    """A face as a setup line names it: its own text ('Independent', 'reduced' of VASSAL's
    '(reduced)'), else its side ('back', 'front 2' for the second counter's)."""
    label = (face.label or "").strip()
    if label.startswith("(") and label.endswith(")"):  # VASSAL's '+ (reduced)' level names
        label = label[1:-1].strip()
    if label and label != piece.name:
        return str(label)
    side = tr("back") if face.side == "back" else tr("front")
    return side if face.counter == 1 else f"{side} {face.counter}"


def _setup_name(piece: Any) -> str:
    """What a setup line calls *piece*: its name, else its face's label, else '' when the
    module names it nowhere.  An imported name may be VASSAL's own stand-ins: 'piece' for a
    nameless piece, or its '$pieceName$ ($label$)' display read with no piece name
    (For the People's ' (USA Forts Available)', ' ()').  The at-start stack holding it
    does not name it: one definition serves many stacks."""
    name = piece.name.strip()
    if shown := re.fullmatch(r"\((.*)\)", name):
        name = shown.group(1).strip()
    if name.casefold() == "piece":
        name = ""
    return name or next((f.label.strip() for f in piece.faces if f.label and f.label.strip()), "")


def _marks_its_place(piece: Any, name: str, where: str) -> bool:
    """Whether *piece* is a module's handle on the place it starts on rather than a piece a
    player sets up: it is called exactly what the place is called and prints nothing of its
    own (no label, no factor).  VASSAL modules put such a see-through piece on every place to
    give it a right-click menu or a zoom picture (For the People's 'Empty Space' pieces,
    'Danville' on Danville; Almoravid's and Nevsky's location masks; Paths of Glory's turn
    spaces); a unit named after its town still prints its factors."""
    return (bool(name) and name.casefold() == where.strip().casefold()
            and not any(f.label or f.factors for f in piece.faces))


def setup_card(game: Game, scenario: Any, *, dpi: float = 300, width_mm: float = CARD_WIDTH_MM,
               theme: dict[str, Any] | None = None) -> ReferenceCard | None:
    """What goes where at the start of a scenario: each place with the pieces set on it, in
    the order the setup lists them, then the starting boxes of the tracks' markers."""
    if not scenario.setup and not scenario.track_start:
        return None
    from converter.render.counters import nationality_code

    t = {**DEFAULT_THEME, **(theme or {})}
    tr = words(game.language)
    places: dict[str, list[str]] = {}
    # a name pieces of several nationalities carry says whose ('BR 1 XXX'): Glory's End's
    # British, French and German '1 XXX' read alike, and the referee could not tell which
    # starts at Melun (copies of one nationality's piece need no telling apart)
    codes: dict[str, set[str]] = {}
    for each in game.pieces or []:
        codes.setdefault(each.name, set()).add(nationality_code(game, each))
    nameless = 0  # placed pieces the module names nowhere: a line under the table counts them
    handles = 0  # pieces that only mark the place they stand on: counted under the table too
    for p in scenario.setup or []:
        piece = game.piece(p.piece)
        text = _setup_name(piece) if piece is not None else readable(p.piece)
        if not text:
            nameless += p.count or 1
            continue
        where = place_text(game, p.at, tr)
        if piece is not None and _marks_its_place(piece, text, where):
            handles += p.count or 1
            continue
        if piece is not None and len(codes[piece.name]) > 1 and (
                code := nationality_code(game, piece)) and code not in text.split():
            text = f"{code} {text}"
        if p.count and p.count > 1:
            text += f" ×{p.count}"
        extras = []
        if p.steps is not None:
            extras.append(tr("1 step") if p.steps == 1 else tr("{n} steps", n=p.steps))
        elif p.face and piece is not None and p.face < len(piece.faces):
            extras.append(tr("showing {face}", face=_face_text(piece, piece.faces[p.face], tr)))
        if p.hidden:
            extras.append(tr("face-down"))
        if p.note:
            extras.append(p.note)
        if extras:
            text += f" ({', '.join(extras)})"
        places.setdefault(where, []).append(text)
    body = [[where, "; ".join(pieces)] for where, pieces in places.items()]
    keys = [[f"setup:{n}:place", f"setup:{n}:pieces"] for n in range(len(body))]
    blocks: list[Block] = [("grid", Grid([tr("Where"), tr("Pieces")], body, keys))] if body else []
    if nameless:
        line = (tr("Not listed: 1 piece the module gives no name or label") if nameless == 1 else
                tr("Not listed: {n} pieces the module gives no name or label", n=nameless))
        blocks.append(("text", ("setup-nameless", line, "small")))
    if handles:
        line = (tr("Not listed: 1 piece that only bears the name of the place it stands on"
                   " (the module's handle on that place)") if handles == 1 else
                tr("Not listed: {n} pieces that only bear the name of the place they stand on"
                   " (the module's handles on those places)", n=handles))
        blocks.append(("text", ("setup-handles", line, "small")))
    starts = []
    for s in scenario.track_start or []:
        track = game.track(s.track)
        name = track.name if track else readable(s.track)
        starts.append([f"{name} ({_who(game, s.owner, tr)})" if s.owner else name, str(s.value)])
    if starts:
        blocks.append(("text", ("track-start", tr("Markers on the tracks"), "heading")))
        blocks.append(("grid", Grid([tr("Track"), tr("Box")], starts,
                                    [[f"track:{n}:track", f"track:{n}:box"] for n in range(len(starts))])))
    subtitle = tr("Setup") + (f" — {tr('turns {r}', r=scenario.turns.label())}" if scenario.turns else "")
    return _render(f"setup-{_slug(scenario.id)}", scenario.name, subtitle, blocks, dpi=dpi, width_mm=width_mm,
                   theme=t, peers=True)


def setup_cards(game: Game, *, dpi: float = 300, width_mm: float = CARD_WIDTH_MM,
                theme: dict[str, Any] | None = None) -> list[ReferenceCard]:
    """One setup card per scenario that places anything."""
    cards = [setup_card(game, s, dpi=dpi, width_mm=width_mm, theme=theme) for s in game.scenarios or []]
    return [c for c in cards if c is not None]
