"""Where every counter goes on a printed sheet, in millimetres: pure layout data, no pixels.

Counters of one size are packed in a grid block; blocks of different sizes are stacked down
the page.  Fronts and backs come in page pairs: the back page puts each counter at the
mirror image of its front position about the page's vertical axis, so printing duplex and
flipping on the long edge lands every back exactly behind its front.  Cut marks sit in the
margins and between blocks, never on a counter.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from converter.model.game import Game
from converter.render.words import words

MARGIN_MM = 12.0        # paper edge to the outermost cut mark: inside any printer's unprintable strip
LABEL_MM = 6.0          # the page label above the marks
MARK_GAP_MM = 1.0       # cut marks start this far from the counters
MARK_LEN_MM = 4.0
BLOCK_GAP_MM = 2 * (MARK_GAP_MM + MARK_LEN_MM)  # room for the marks between two blocks
GUTTER_MM = 1.0


@dataclass(frozen=True)
class Paper:
    id: str
    name: str
    width_mm: float
    height_mm: float


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", "A4", 210.0, 297.0),
    "letter": Paper("letter", "US Letter", 215.9, 279.4),
}


@dataclass(frozen=True)
class Placement:
    """One counter side on a page: top-left corner and edge in mm (bleed not included)."""

    piece: str
    copy: int
    counter: int
    side: str
    x_mm: float
    y_mm: float
    size_mm: float

    @property
    def centre(self) -> tuple[float, float]:
        return self.x_mm + self.size_mm / 2, self.y_mm + self.size_mm / 2


@dataclass(frozen=True)
class CutMark:
    x1_mm: float
    y1_mm: float
    x2_mm: float
    y2_mm: float


@dataclass
class Page:
    number: int
    sheet: int
    side: str
    label: str
    placements: list[Placement] = field(default_factory=list)
    cut_marks: list[CutMark] = field(default_factory=list)


@dataclass(frozen=True)
class CounterJob:
    """One physical counter to print: a piece, which copy, and which of its counters."""

    piece: str
    copy: int
    counter: int
    size_mm: float


def counter_jobs(game: Game) -> list[CounterJob]:
    """Every physical counter of the game: count copies of each piece, both counters of a two-counter unit."""
    jobs = []
    for piece in game.pieces or []:
        size = game.counter_mm(piece)
        for copy in range(1, piece.copies + 1):
            for counter in piece.counters():
                jobs.append(CounterJob(piece.id, copy, counter, size))
    return jobs


def layout_counter_sheets(game: Game, paper: Paper, *, bleed_mm: float = 0.0) -> list[Page]:
    """Front and back pages (front, back, front, back, ...) holding every counter of the game."""
    if bleed_mm < 0:
        raise ValueError(f"bleed must be 0 or more mm, not {bleed_mm}")
    # with a bleed, a white gutter between two bleeds keeps every counter a separate shape
    gap = 2 * bleed_mm + (GUTTER_MM if bleed_mm > 0 else 0.0)
    left = MARGIN_MM + MARK_GAP_MM + MARK_LEN_MM + bleed_mm
    top = MARGIN_MM + LABEL_MM + MARK_GAP_MM + MARK_LEN_MM + bleed_mm
    right_limit = paper.width_mm - left
    bottom_limit = paper.height_mm - (MARGIN_MM + MARK_GAP_MM + MARK_LEN_MM + bleed_mm)
    sheets: list[list[tuple[CounterJob, float, float]]] = []
    blocks: list[list[tuple[float, float, float, int, int]]] = []  # per sheet: (x0, y0, size, cols, rows)
    current: list[tuple[CounterJob, float, float]] = []
    current_blocks: list[tuple[float, float, float, int, int]] = []
    y = top
    # one block per counter size: biggest first, game order within a size
    jobs = sorted(counter_jobs(game), key=lambda j: -j.size_mm)
    i = 0
    while i < len(jobs):
        size = jobs[i].size_mm
        pitch = size + gap
        cols = int((right_limit - left + gap + 1e-9) // pitch)
        if cols < 1 or top + size > bottom_limit + 1e-9:
            raise ValueError(f"a {size} mm counter does not fit on {paper.name} paper")
        rows_free = int((bottom_limit - y + gap + 1e-9) // pitch)
        if rows_free < 1:
            sheets.append(current)
            blocks.append(current_blocks)
            current, current_blocks, y = [], [], top
            continue
        # same-size run, as far as this block can hold
        run = 1
        while i + run < len(jobs) and jobs[i + run].size_mm == size and run < cols * rows_free:
            run += 1
        block_w = min(run, cols) * pitch - gap
        x0 = (paper.width_mm - block_w) / 2  # centred, so fronts and backs share the same block
        rows = -(-run // cols)
        for k in range(run):
            r, c = divmod(k, cols)
            current.append((jobs[i + k], x0 + c * pitch, y + r * pitch))
        current_blocks.append((x0, y, size, min(run, cols), rows))
        i += run
        y += rows * pitch - gap + 2 * bleed_mm + BLOCK_GAP_MM
    if current:
        sheets.append(current)
        blocks.append(current_blocks)
    pages: list[Page] = []
    total = len(sheets)
    tr = words(game.language)
    for n, (sheet, sheet_blocks) in enumerate(zip(sheets, blocks), start=1):
        marks = [m for b in sheet_blocks for m in _block_marks(*b, gap=gap, bleed=bleed_mm)]
        head = f"{game.title} — " + tr("counters — sheet {n} of {total}", n=n, total=total)
        front = Page(2 * n - 1, n, "front", f"{head} — " + tr("FRONTS ({paper}, print at 100%)", paper=paper.name),
                     cut_marks=marks)
        back = Page(2 * n, n, "back", f"{head} — " + tr("BACKS (duplex, flip on long edge)"),
                    cut_marks=[_mirror_mark(m, paper.width_mm) for m in marks])
        for job, x, y0 in sheet:
            front.placements.append(Placement(job.piece, job.copy, job.counter, "front", x, y0, job.size_mm))
            back.placements.append(Placement(job.piece, job.copy, job.counter, "back",
                                             paper.width_mm - x - job.size_mm, y0, job.size_mm))
        pages += [front, back]
    return pages


def _block_marks(x0: float, y0: float, size: float, cols: int, rows: int, *, gap: float,
                 bleed: float) -> list[CutMark]:
    """Marks outside a block, one per counter edge line, in line with the cuts."""
    pitch = size + gap
    right = x0 + cols * pitch - gap
    bottom = y0 + rows * pitch - gap
    near = MARK_GAP_MM + bleed
    far = near + MARK_LEN_MM
    marks = []
    # rounded so that a butted counter's right edge and its neighbour's left edge make one cut
    xs = sorted({round(x0 + c * pitch, 6) for c in range(cols)} | {round(x0 + c * pitch + size, 6) for c in range(cols)})
    ys = sorted({round(y0 + r * pitch, 6) for r in range(rows)} | {round(y0 + r * pitch + size, 6) for r in range(rows)})
    for x in xs:
        marks.append(CutMark(x, y0 - far, x, y0 - near))
        marks.append(CutMark(x, bottom + near, x, bottom + far))
    for y in ys:
        marks.append(CutMark(x0 - far, y, x0 - near, y))
        marks.append(CutMark(right + near, y, right + far, y))
    return marks


def _mirror_mark(mark: CutMark, width: float) -> CutMark:
    return CutMark(width - mark.x1_mm, mark.y1_mm, width - mark.x2_mm, mark.y2_mm)
