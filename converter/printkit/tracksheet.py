"""The track sheet: every track of the game (turns, victory points, the others) as rows of
boxes a counter fits in, printed at the counters' size.

Each box carries its printed label (a turn's name: "Estate 1915", under its number "Turno 3"
when the label is not the number) and, on the turn track, the turn's notes (reinforcements, events) in small type; a track longer than a line
continues on the next line, and tracks go down the page and on to the next one.
"""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from converter.builder.conventions import track_values, turn_numbers
from converter.model.game import Game
from converter.printkit.layout import MARGIN_MM, Paper
from converter.render.text import fit_font, font, mm_to_px, pt_to_px, put_text, px, wrap
from converter.render.words import words

BOX_PER_COUNTER = 1.4   # a box is this many counter edges square: a counter with room round it
HEADING_PT = 10
LABEL_PT = 7
NOTE_PT = 5.5
NOTE_LINES = 4          # a turn's notes under its label take the box's room, this many lines at least
LABEL_ROOM = 0.9        # a label's lines stay within this share of the box's width (clear of its edges)
GAP_MM = 5.0
INK = (40, 40, 40)
BOX_FILL = (248, 246, 238)


def _box_mm(game: Game) -> float:
    return round(game.counter_mm() * BOX_PER_COUNTER, 2)


def track_rows(game: Game, paper: Paper) -> list[tuple[str, list[tuple[int, str, str]]]]:
    """Each track as (name, [(value, label, notes)]) in the game's order."""
    out = []
    for track in game.tracks or []:
        values, labels = track_values(game, track.id)
        notes = {}
        if track.kind == "turn" and game.turns is not None:
            notes = {v: "; ".join(game.turns.notes_for(v)) for v in values}
        out.append((track.name, [(v, lab, notes.get(v, "")) for v, lab in zip(values, labels)]))
    return out


def _label_lines(draw: ImageDraw.ImageDraw, label: str, room: float, dpi: float
                 ) -> tuple[list[str], ImageFont.FreeTypeFont]:
    """A box's label at the label size: on one line, else on two or three ('31 ottobre - 2' /
    'novembre 1914'); smaller only when a single word is wider than the box."""
    fnt = font("condensed-bold", pt_to_px(LABEL_PT, dpi))
    if draw.textlength(label, font=fnt) <= room:
        return [label], fnt
    lines = wrap(draw, label, fnt, room)
    if len(lines) <= 3 and all(draw.textlength(text, font=fnt) <= room for text in lines):
        return lines, fnt
    return [label], fit_font(draw, label, "condensed-bold", pt_to_px(LABEL_PT, dpi), room)


def track_pages(game: Game, paper: Paper, *, dpi: float) -> list[Image.Image]:
    """The pages of the track sheet; none when the game has no track."""
    numbered = [turn_numbers(game, t.id) for t in game.tracks or []]  # 'Turno 1' over its date
    rows = [(name, cells, numbers) for (name, cells), numbers in zip(track_rows(game, paper), numbered) if cells]
    if not rows:
        return []
    tr = words(game.language)
    box = px(_box_mm(game), dpi)
    left, top = px(MARGIN_MM, dpi), px(MARGIN_MM, dpi)
    width = px(paper.width_mm, dpi) - 2 * left
    bottom = px(paper.height_mm - MARGIN_MM, dpi)
    per_line = max(1, width // box)
    heading = font("bold", pt_to_px(HEADING_PT, dpi))
    note_font = font("condensed", pt_to_px(NOTE_PT, dpi))
    line = max(1, int(dpi / 150))
    pages: list[Image.Image] = []
    page: Image.Image | None = None
    draw: ImageDraw.ImageDraw | None = None
    y = top

    def new_page() -> None:
        nonlocal page, draw, y
        page = Image.new("RGB", (px(paper.width_mm, dpi), px(paper.height_mm, dpi)), (255, 255, 255))
        draw = ImageDraw.Draw(page)
        label = f"{game.title} — {tr('Tracks')} — {len(pages) + 1}"
        fnt = fit_font(draw, label, "regular", pt_to_px(LABEL_PT + 1, dpi), width)
        put_text(draw, (left, mm_to_px(MARGIN_MM / 2, dpi)), label, font=fnt, fill=INK, anchor="lm")
        pages.append(page)
        y = top

    new_page()
    for name, cells, numbers in rows:
        lines = [cells[i:i + per_line] for i in range(0, len(cells), per_line)]
        head_h = int(heading.size * 1.6)
        if y + head_h + box > bottom:  # a heading never sits alone at the foot of a page
            new_page()
        assert draw is not None
        put_text(draw, (left, y), name, font=heading, fill=INK, anchor="la")
        y += head_h
        for chunk in lines:
            if y + box > bottom:
                new_page()
            assert draw is not None
            for k, (value, label, note) in enumerate(chunk):
                x = left + k * box
                draw.rectangle((x, y, x + box, y + box), fill=BOX_FILL, outline=INK, width=line)
                label_lines, fnt = _label_lines(draw, label, box * LABEL_ROOM, dpi)
                if value in numbers:
                    label_lines = [numbers[value]] + label_lines
                for n, text in enumerate(label_lines):
                    put_text(draw, (x + box / 2, y + 2 * line + n * fnt.size * 1.1), text, font=fnt,
                             fill=INK, anchor="ma")
                if note:
                    note_lines = wrap(draw, note, note_font, box - 4 * line)
                    # as many lines as the box holds under its label (The First World War's
                    # turn 1 and 4 notes lost their last sentence at four lines); a longer
                    # note ends in '…', whole on the turn record card
                    label_bottom = 2 * line + len(label_lines) * fnt.size * 1.1
                    room = max(NOTE_LINES, int((box - 2 * line - label_bottom - note_font.size * 0.5)
                                               // (note_font.size * 1.15)))
                    if len(note_lines) > room:
                        note_lines = note_lines[:room - 1] + [note_lines[room - 1].rstrip(" ,;.") + "…"]
                    for n, text in enumerate(reversed(note_lines)):
                        put_text(draw, (x + box / 2, y + box - 2 * line - n * note_font.size * 1.15), text,
                                 font=note_font, fill=(120, 30, 30), anchor="md")
            y += box
        y += px(GAP_MM, dpi)
    return pages
