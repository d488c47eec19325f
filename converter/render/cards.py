"""Reference cards (player aids): one card per rules table, plus terrain, rules, sequence, turns, dice.

Each card is drawn from the model with nothing added: every cell of a table appears exactly as
the JSON has it, a null cell as '—' on a tinted background, and the rulebook section is
printed on the card.  Besides the image, a card returns its layout (the text of every cell and
its box in pixels) so tests and other tools can read the card back.

>>> from converter.load import load_model
>>> game = load_model("tests/data/games/mini")
>>> [c.name for c in reference_cards(game, dpi=100)][:2]
['table-crt', 'table-drm']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from converter.model.common import Filter, Provenance, Range, When
from converter.model.game import Game
from converter.model.tables import Table, TableEntry
from converter.model.turns import Phase
from converter.render.words import words
from converter.render.text import Box, color, fit_font, font, ink_on, mm_to_px, one_line, pt_to_px, put_text, wrap

CARD_WIDTH_MM = 180.0   # fits A4 and US Letter with margins
PAD_MM = 3.0
CELL_PAD_MM = 1.2
MISSING = "—"

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


Block = tuple[str, Any]  # ("grid", Grid) | ("text", (key, text, style)) | ("gap", mm)


class _Composer:
    """Lays blocks down a card; run once to measure and once to draw, with the same code."""

    def __init__(self, width: int, dpi: float, theme: dict[str, Any], draw: ImageDraw.ImageDraw | None,
                 scratch: ImageDraw.ImageDraw) -> None:
        self.width, self.dpi, self.t, self.draw = width, dpi, theme, draw
        self.measure = scratch if draw is None else draw
        self.pad = int(mm_to_px(PAD_MM, dpi))
        self.y = 0
        self.cells: list[CellBox] = []

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
        size_pt = t["body_pt"]
        floor = max(t["min_pt"], t["body_pt"] * 0.8)
        while True:
            body = font("regular", self.pt(size_pt))
            head = font("bold", self.pt(size_pt))
            natural = [0] * ncols
            longest = [0] * ncols  # the longest word: a column is never narrower, words do not break
            for r_i, row in enumerate([g.header] + g.rows):
                fnt = head if r_i == 0 else body
                for c, text in enumerate(row):
                    natural[c] = max(natural[c], int(self.measure.textlength(one_line(text), font=fnt)))
                    for word in text.split():
                        longest[c] = max(longest[c], int(self.measure.textlength(word, font=fnt)))
            widths = [w + 2 * cpad + 1 for w in natural]
            mins = [w + 2 * cpad + 1 for w in longest]
            # shrink a little, then wrap (long prose reads better wrapped than tiny); shrink
            # further only when even the longest words do not fit side by side
            if sum(widths) <= avail or size_pt <= t["min_pt"] or (size_pt <= floor and sum(mins) <= avail):
                break
            size_pt = max(t["min_pt"], size_pt * 0.9)
        if sum(widths) > avail:
            if sum(mins) > avail:  # the last resort: words break
                mins = [max(1, m * avail // sum(mins)) for m in mins]
            widths = _squeeze(widths, avail, mins)
        elif g.swatches is None and ncols > 1:
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
        for index, (row, keys, is_head, miss) in enumerate(rows):
            fnt = head if is_head else body
            wrapped = [wrap(self.measure, text, fnt, widths[c] - 2 * cpad) if text else [""]
                       for c, text in enumerate(row)]
            h = max(len(w) for w in wrapped) * line_h + 2 * cpad
            x = x0
            for c in range(ncols):
                box = (x, self.y, x + widths[c], self.y + h)
                text = row[c] if c < len(row) else ""
                if self.draw:
                    fill = color(t["header_bg"]) if is_head else (
                        color(t["missing_bg"]) if c < len(miss) and miss[c] else
                        color(t["stripe_bg"]) if index % 2 == 0 else color(t["paper"]))
                    self.draw.rectangle(box, fill=fill, outline=color(t["rule"]), width=1)
                    if not is_head and c == 0 and g.swatches and g.swatches[index - (1 if g.header else 0)]:
                        sw = g.swatches[index - (1 if g.header else 0)]
                        self.draw.rectangle([x + 1, self.y + 1, x + cpad, self.y + h - 1], fill=color(sw))
                    ty = self.y + cpad
                    for line in wrapped[c] if c < len(wrapped) else []:
                        put_text(self.draw, (x + cpad, ty), line, font=fnt, anchor="la",
                                       fill=color(t["missing_ink"]) if c < len(miss) and miss[c] else ink)
                        ty += line_h
                if c < len(row):
                    self.cells.append(CellBox(keys[c], text, box))
                x += widths[c]
            self.y += h
        self.y += self.pad

    def done(self) -> int:
        return self.y + self.pad


def _squeeze(widths: list[int], avail: int, minimum: list[int]) -> list[int]:
    """Fit the grid to *avail*: narrow columns keep their width, wide ones share the rest (their text wraps)."""
    widths = list(widths)
    keep = [False] * len(widths)
    while True:
        room = avail - sum(w for w, k in zip(widths, keep) if k)
        wide = [i for i, k in enumerate(keep) if not k]
        if not wide:
            return widths
        total = sum(widths[i] for i in wide)
        share = {i: max(minimum[i], int(room * widths[i] / total)) for i in wide}
        fits = [i for i in wide if widths[i] <= share[i]]
        if not fits:
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


def _render(name: str, title: str, subtitle: str, blocks: list[Block], *, dpi: float,
            width_mm: float, theme: dict[str, Any]) -> ReferenceCard:
    width = int(round(mm_to_px(width_mm, dpi)))
    scratch = ImageDraw.Draw(Image.new("RGB", (1, 1)))

    def run(draw: ImageDraw.ImageDraw | None) -> _Composer:
        comp = _Composer(width, dpi, theme, draw, scratch)
        comp.title(title, subtitle)
        for kind, value in blocks:
            if kind == "grid":
                comp.grid(value)
            elif kind == "text":
                comp.text(*value)
            elif kind == "gap":
                comp.gap(value)
        return comp

    height = run(None).done()
    img = Image.new("RGB", (width, height), color(theme["paper"]))
    draw = ImageDraw.Draw(img)
    comp = run(draw)
    draw.rectangle([0, 0, width - 1, height - 1], outline=color(theme["rule"]), width=max(1, int(dpi / 150)))
    return ReferenceCard(name, title, img, comp.cells)


# --- text of model values ---------------------------------------------------------------

def cell_text(value: object) -> str:
    """How a table cell is printed: exactly its JSON value, '—' for a null (missing) cell."""
    if value is None:
        return MISSING
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _roll_text(roll: int | Range | None) -> str:
    if roll is None:
        return ""
    return roll.label() if isinstance(roll, Range) else str(roll)


def _when_text(when: When | None) -> str:
    return when.label() if when else ""


def _filter_text(game: Game, flt: Filter | None) -> str:
    if flt is None:
        return ""
    parts = []
    for attr, word in (("sides", ""), ("factions", ""), ("nationalities", ""), ("types", ""),
                       ("sizes", "size "), ("kinds", ""), ("pieces", ""), ("flags", "")):
        values = getattr(flt, attr)
        if values:
            parts.append(word + "/".join(_name(game, attr, v) for v in values))
    if flt.not_ is not None:
        parts.append("not " + _filter_text(game, flt.not_))
    return ", ".join(parts)


def _name(game: Game, kind: str, item_id: str) -> str:
    look = {"sides": game.side, "factions": game.faction, "nationalities": game.nationality,
            "types": game.unit_type, "pieces": game.piece}.get(kind)
    item = look(item_id) if look else None
    return getattr(item, "name", None) or item_id


def _cite(prov: Provenance | None, section: str | None = None) -> str:
    if prov is None:
        return f"§{section}" if section else ""
    cite = prov.cite()
    if section and section != prov.section:
        cite = f"§{section}; {cite}" if prov.section else f"§{section} {cite}".strip()
    return cite


def _source_line(prov: Provenance | None, section: str | None, missing: list[str] | None) -> str:
    parts = []
    cite = _cite(prov, section)
    parts.append(f"Rulebook: {cite}" if cite else "Rulebook section: not given")
    if prov is not None and prov.note:
        parts.append(prov.note)
    if missing:
        parts.append("missing from the rulebook: " + ", ".join(missing))
    return " — ".join(parts)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "card"


# --- the cards ----------------------------------------------------------------------------

def table_card(game: Game, table: Table, *, dpi: float = 300, width_mm: float = CARD_WIDTH_MM,
               theme: dict[str, Any] | None = None) -> ReferenceCard:
    """The card of one rules table: its grid or entry list, result codes, notes and source."""
    t = {**DEFAULT_THEME, **(theme or {})}
    blocks: list[Block] = []
    facts = []
    if table.die:
        die = game.die(table.die)
        facts.append(f"die: {die.name if die else table.die}")
    if table.method:
        facts.append(f"method: {table.method}")
    if table.clamp is not None:
        facts.append(f"rolls clamped to {_clamp_text(table.clamp)}")
    if table.rounding is not None:
        r = table.rounding
        facts.append("odds rounded " + ", ".join(
            f"{k} {v}" for k, v in (("favourable", r.favourable), ("unfavourable", r.unfavourable)) if v))
    if table.is_matrix:
        blocks.append(("grid", _matrix_grid(table)))
    if table.entries:
        blocks.append(("grid", _entries_grid(game, table.entries)))
    if not table.is_matrix and not table.entries:
        blocks.append(("text", ("empty", "No rows: the rulebook text does not give this table.", "body")))
    for key, beyond, word in (("below", table.below, "Below the first column"),
                              ("above", table.above, "Above the last column")):
        if beyond is not None:
            parts = []
            if beyond.result is not None:
                parts.append(f"result {beyond.result}")
            if beyond.column is not None:
                parts.append(f"use column {beyond.column}")
            if beyond.drm_per_level is not None:
                parts.append(f"{beyond.drm_per_level:+d} DRM per level beyond")
            blocks.append(("text", (key, f"{word}: " + ", ".join(parts), "body")))
    if table.result_codes:
        blocks.append(("grid", Grid(["Code", "Meaning"], [[rc.code, rc.meaning] for rc in table.result_codes],
                                    keys=[[f"code:{i}", f"meaning:{i}"] for i in range(len(table.result_codes))],
                                    header_keys=["codes-head:0", "codes-head:1"])))
    for i, note in enumerate(table.notes or []):
        cite = _cite(note.provenance)
        blocks.append(("text", (f"note:{i}", f"• {note.text}" + (f" ({cite})" if cite else ""), "body")))
    blocks.append(("text", ("source", _source_line(table.provenance, table.section, table.missing), "small")))
    return _render(f"table-{_slug(table.id)}", table.name, " · ".join([table.kind.upper()] + facts), blocks,
                   dpi=dpi, width_mm=width_mm, theme=t)


def _clamp_text(clamp: Range) -> str:
    if clamp.min is not None and clamp.max is not None:
        return f"{clamp.min}..{clamp.max}"
    return clamp.label()


def _matrix_grid(table: Table) -> Grid:
    columns = table.columns or []
    rows = table.rows or []
    header = ["Roll"] + [c.label + (f" ({_when_text(c.when)})" if c.when else "") for c in columns]
    header_keys = ["corner"] + [f"column:{c}" for c in range(len(columns))]
    body, keys, missing = [], [], []
    for r, row in enumerate(rows):
        values = table.cells[r] if table.cells and r < len(table.cells) else [None] * len(columns)
        body.append([row.label] + [cell_text(v) for v in values])
        keys.append([f"row:{r}"] + [f"cell:{r}:{c}" for c in range(len(values))])
        missing.append([False] + [v is None for v in values])
    return Grid(header, body, keys, header_keys, missing)


_ENTRY_COLUMNS = (("label", "Entry"), ("roll", "Roll"), ("value", "Value"), ("result", "Result"),
                  ("applies_to", "Applies to"), ("terrain", "Terrain"), ("pieces", "Pieces"),
                  ("when", "When"), ("note", "Note"), ("section", "§"))


def _entries_grid(game: Game, entries: list[TableEntry]) -> Grid:
    def value(e: TableEntry, attr: str) -> str:
        if attr == "roll":
            return _roll_text(e.roll)
        if attr == "pieces":
            return _filter_text(game, e.pieces)
        if attr == "when":
            return _when_text(e.when)
        if attr == "terrain":
            terrain = game.terrain_type(e.terrain) if e.terrain else None
            return terrain.name if terrain else (e.terrain or "")
        if attr == "section":
            return _cite(e.provenance)
        if attr in ("value", "result"):
            v = getattr(e, attr)
            if v is None:
                return MISSING if e.missing and attr in e.missing else ""
            return cell_text(v)
        v = getattr(e, attr)
        return "" if v is None else str(v)

    used = [(a, h) for a, h in _ENTRY_COLUMNS if a == "label" or any(value(e, a) for e in entries)]
    body = [[value(e, a) for a, _ in used] for e in entries]
    keys = [[f"entry:{i}:{a}" for a, _ in used] for i in range(len(entries))]
    missing = [[bool(e.missing and a in e.missing) for a, _ in used] for e in entries]
    return Grid([h for _, h in used], body, keys, [f"entry-head:{a}" for a, _ in used], missing)


def terrain_card(game: Game, *, dpi: float = 300, width_mm: float = CARD_WIDTH_MM,
                 theme: dict[str, Any] | None = None) -> ReferenceCard | None:
    """Terrain effects built from the game's terrain list: movement and combat per terrain."""
    if not game.terrain:
        return None
    t = {**DEFAULT_THEME, **(theme or {})}
    body, keys, swatches, missing = [], [], [], []
    for i, ter in enumerate(game.terrain):
        m, c = ter.movement, ter.combat
        move = []
        if m is not None:
            if m.cost is not None:
                move.append(f"{cell_text(m.cost)} MP")
            if m.added is not None:
                move.append(f"+{cell_text(m.added)} MP to cross")
            if m.whole_move:
                move.append("whole move")
            if m.prohibited:
                move.append("prohibited")
            if m.ends_move:
                move.append("ends move")
            if m.only:
                move.append("only " + _filter_text(game, m.only))
            if m.never:
                move.append("never " + _filter_text(game, m.never))
            if m.when:
                move.append(_when_text(m.when))
            if m.note:
                move.append(m.note)
        fight = []
        if c is not None:
            if c.drm is not None:
                fight.append(f"DRM {c.drm:+d}")
            if c.column_shift is not None:
                fight.append(f"{c.column_shift:+d} column(s)")
            if c.defender_column_shift is not None:
                fight.append(f"defender {c.defender_column_shift:+d} column(s)")
            if c.only_if_all_attackers_cross:
                fight.append("only if all attackers cross")
            if c.note:
                fight.append(c.note)
        gone = ter.missing or []
        row = [ter.name, ter.applies_to, "; ".join(move) or (MISSING if "movement" in gone else ""),
               "; ".join(fight) or (MISSING if "combat" in gone else ""), _cite(ter.provenance)]
        body.append(row)
        keys.append([f"terrain:{i}:{k}" for k in ("name", "applies_to", "movement", "combat", "section")])
        swatches.append(ter.color)
        missing.append([False, False, "movement" in gone, "combat" in gone, False])
    grid = Grid(["Terrain", "On", "Movement", "Combat", "§"], body, keys, None, missing, swatches)
    blocks: list[Block] = [("grid", grid),
                           ("text", ("source", "Built from the game's terrain list; colours are drawing choices "
                                               "unless the rulebook names them.", "small"))]
    return _render("terrain", "Terrain Effects", f"{len(game.terrain)} terrain types", blocks, dpi=dpi,
                   width_mm=width_mm, theme=t)


def rules_card(game: Game, *, dpi: float = 300, width_mm: float = CARD_WIDTH_MM,
               theme: dict[str, Any] | None = None) -> ReferenceCard | None:
    """Stacking, movement and the other rules as data, one line each, with their sections."""
    if not game.rules:
        return None
    t = {**DEFAULT_THEME, **(theme or {})}
    order = {"stacking": 0, "movement": 1}
    rules = sorted(game.rules, key=lambda r: order.get(r.kind, 2))
    body, keys, missing = [], [], []
    for rule in rules:
        body.append([rule.name, rule.kind, _rule_summary(game, rule), _cite(rule.provenance, rule.section)])
        keys.append([f"rule:{rule.id}:{k}" for k in ("name", "kind", "what", "section")])
        missing.append([False, False, bool(rule.missing), False])
    blocks: list[Block] = [("grid", Grid(["Rule", "Kind", "What", "§"], body, keys, None, missing))]
    return _render("rules", "Stacking, Movement and Other Rules", f"{len(rules)} rules", blocks, dpi=dpi,
                   width_mm=width_mm, theme=t)


def _rule_summary(game: Game, rule: Any) -> str:
    parts = []
    if rule.limit is not None:
        parts.append(f"at most {cell_text(rule.limit)} {rule.measure or ''} per {rule.scope or 'location'}".replace("  ", " "))
    if rule.weights:
        parts.append("weights " + ", ".join(f"{k}={cell_text(v)}" for k, v in rule.weights.items()))
    if rule.free:
        parts.append("free: " + _filter_text(game, rule.free))
    if rule.allowance:
        parts.append(f"allowance: {rule.allowance}")
    if rule.cost:
        parts.append(f"cost: {rule.cost}")
    if rule.enemy:
        parts.append(f"enemy: {rule.enemy}")
    if rule.minimum_move:
        parts.append("minimum move")
    if rule.target:
        tg = rule.target
        for attr in ("spaces", "hexes", "groups", "terrain", "links"):
            if getattr(tg, attr):
                parts.append(f"{attr}: " + ", ".join(getattr(tg, attr)))
    if rule.table:
        table = game.table(rule.table)
        parts.append(f"table: {table.name if table else rule.table}")
    if rule.attack or rule.defence:
        parts.append(f"{rule.attack or '?'} vs {rule.defence or '?'}")
    if rule.die:
        parts.append(f"die {rule.die}")
    if rule.value is not None:
        parts.append(f"value {cell_text(rule.value)}")
    if rule.pieces:
        parts.append("pieces: " + _filter_text(game, rule.pieces))
    if rule.when:
        parts.append(_when_text(rule.when))
    if rule.text:
        parts.append(rule.text)
    if rule.missing:
        parts.append("missing: " + ", ".join(rule.missing))
    return "; ".join(p for p in parts if p)


def sequence_card(game: Game, *, dpi: float = 300, width_mm: float = CARD_WIDTH_MM,
                  theme: dict[str, Any] | None = None) -> ReferenceCard | None:
    """The sequence of play as nested, numbered phases with their conditions and sections."""
    if not game.sequence:
        return None
    t = {**DEFAULT_THEME, **(theme or {})}
    body, keys = [], []

    def visit(phases: list[Phase], prefix: str) -> None:
        for n, phase in enumerate(phases, start=1):
            number = f"{prefix}{n}"
            side = game.side(phase.side) if phase.side else None
            faction = game.faction(phase.side) if phase.side and not side else None
            details = []
            who = side.name if side else faction.name if faction else phase.side
            if who:
                details.append(who)
            if phase.when:
                details.append("only " + _when_text(phase.when))
            if phase.repeat:
                details.append(f"repeat ×{phase.repeat}")
            if phase.order:
                details.append("order: " + ", ".join(phase.order))
            if phase.actions:
                details.append("actions: " + ", ".join(phase.actions))
            if phase.text:
                details.append(phase.text)
            depth = number.count(".")
            body.append([number, "   " * depth + phase.name, "; ".join(details), _cite(phase.provenance, phase.section)])
            keys.append([f"phase:{phase.id}:{k}" for k in ("number", "name", "details", "section")])
            visit(phase.phases or [], number + ".")

    visit(game.sequence, "")
    blocks: list[Block] = [("grid", Grid(["#", "Phase", "Who / when", "§"], body, keys))]
    return _render("sequence", "Sequence of Play", "phases in order; indented phases are steps of the one above",
                   blocks, dpi=dpi, width_mm=width_mm, theme=t)


def turns_card(game: Game, *, dpi: float = 300, width_mm: float = CARD_WIDTH_MM,
               theme: dict[str, Any] | None = None) -> ReferenceCard | None:
    """The turn track: each turn, its printed label and its notes (reinforcements, events)."""
    if game.turns is None:
        return None
    t = {**DEFAULT_THEME, **(theme or {})}
    turns = game.turns
    body, keys = [], []
    for n in turns.numbers():
        body.append([str(n), turns.label(n), "; ".join(turns.notes_for(n))])
        keys.append([f"turn:{n}:number", f"turn:{n}:label", f"turn:{n}:notes"])
    subtitle = f"{turns.count} turns" + (f", each {turns.unit}" if turns.unit else "")
    blocks: list[Block] = [("grid", Grid(["Turn", "Label", "Notes"], body, keys)),
                           ("text", ("source", _source_line(turns.provenance, None, turns.missing), "small"))]
    return _render("turns", "Turn Record Track", subtitle, blocks, dpi=dpi, width_mm=width_mm, theme=t)


def dice_card(game: Game, *, dpi: float = 300, width_mm: float = CARD_WIDTH_MM,
              theme: dict[str, Any] | None = None) -> ReferenceCard | None:
    if not game.dice:
        return None
    t = {**DEFAULT_THEME, **(theme or {})}
    body, keys, missing = [], [], []
    for die in game.dice:
        labels = die.face_labels()
        faces = " ".join(labels) if labels is not None else MISSING
        body.append([die.name, str(die.count or 1), cell_text(die.sides), faces,
                     "sum" if die.sum else "", cell_text(die.physical) if die.physical else "", _cite(die.provenance)])
        keys.append([f"die:{die.id}:{k}" for k in ("name", "count", "sides", "faces", "sum", "physical", "section")])
        missing.append([False, False, die.sides is None, labels is None, False, False, False])
    blocks: list[Block] = [("grid", Grid(["Die", "Count", "Sides", "Faces", "Total", "Physical", "§"],
                                         body, keys, None, missing))]
    return _render("dice", "Dice", f"{len(game.dice)} dice", blocks, dpi=dpi, width_mm=width_mm, theme=t)


def key_card(game: Game, *, dpi: float = 300, width_mm: float = CARD_WIDTH_MM,
             theme: dict[str, Any] | None = None) -> ReferenceCard | None:
    """The counter key: every nationality code, corner code, flag mark, dot and band the
    counters carry, and the order of the factors."""
    from converter.render.counters import flag_marks, nationality_code

    pieces = game.pieces or []
    if not pieces:
        return None
    t = {**DEFAULT_THEME, **(theme or {})}
    tr = words(game.language)
    blocks: list[Block] = []
    nat_rows, nat_keys, swatches = [], [], []
    seen: set[str] = set()
    for nat in game.nationalities or []:
        users = [p for p in pieces if nat.id in p.nationalities]
        if not users or nat.id in seen:
            continue
        seen.add(nat.id)
        code = nationality_code(game, users[0]).split("/")[users[0].nationalities.index(nat.id)]
        nat_rows.append([code, nat.name])
        nat_keys.append([f"nationality:{nat.id}:code", f"nationality:{nat.id}:name"])
        swatches.append(nat.color)
    if nat_rows:
        blocks.append(("text", ("nationalities", tr("Nationality codes"), "heading")))
        blocks.append(("grid", Grid([tr("Code"), tr("Nationality")], nat_rows, nat_keys, None, None, swatches)))
    marks: list[tuple[str, str]] = []
    units = [p for p in pieces if p.kind not in ("marker", "token", "chip", "control")]
    if any(p.printed_setup is not None for p in units):
        marks.append(("0101", tr("top left: the hex where the unit starts")))
    turns = sorted({p.entry.turn for p in units if p.entry is not None and p.entry.turn is not None
                    and not p.entry.code})
    if turns:
        marks.append((f"T{turns[0]}", tr("T{n} (top left): enters on turn {n}", n=turns[0])))
    for code in sorted({p.entry.code for p in units if p.entry is not None and p.entry.code}):
        marks.append((code, tr("top left: how the unit enters")))
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
    """Every reference card of the game: its tables in order, then terrain, rules, sequence, turns, dice."""
    cards = [table_card(game, table, dpi=dpi, width_mm=width_mm, theme=theme) for table in game.tables or []]
    for make in (terrain_card, rules_card, sequence_card, turns_card, dice_card, key_card):
        card = make(game, dpi=dpi, width_mm=width_mm, theme=theme)
        if card is not None:
            cards.append(card)
    return cards
