"""Where each space box of a schematic goes, so that no two boxes overlap and no label leaves its box.

The data's position of a space (its ``layout``, or the automatic place ``maps`` gives it) is
the anchor.  Each box is sized to its label (wrapped onto two lines when long), boxes inside
a parent area are laid out first and framed, and then every box and frame is pushed apart
from its neighbours as little as needed.  A box that ends up far from its anchor gets a
leader line back to it.  The VASSAL builder takes its zones and region points from the same
plan, so what is drawn is exactly where pieces drop.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image, ImageDraw, ImageFont

from converter.render.text import font, one_line, wrap

Point = tuple[float, float]
IntBox = tuple[int, int, int, int]  # x0, y0, x1, y1 (inclusive pixels drawn: x0..x1)

GAP = 0.5             # free room kept between two boxes, in units (a hundredth of the width)
MAX_LABEL_UNITS = 11  # a name wider than this many units wraps onto a second line
NAME_UNITS = 0.95     # a space's name is this many units high, before any shrink
MAX_ROUNDS = 600      # push-apart rounds before a smaller font is tried


@dataclass
class TextBlock:
    """Lines of one label, drawn centred on ``centre`` (or from ``centre`` leftwards when ``left``)."""

    lines: list[str]
    style: str
    size: int
    centre: Point = (0.0, 0.0)
    left: bool = False

    def fnt(self) -> ImageFont.FreeTypeFont:
        return font(self.style, self.size)

    @property
    def line_height(self) -> float:
        return self.size * 1.18

    def bbox(self, draw: ImageDraw.ImageDraw) -> tuple[float, float, float, float]:
        """The pixels the drawn lines cover."""
        fnt = self.fnt()
        x, y = self.centre
        top = y - self.line_height * len(self.lines) / 2
        boxes = []
        for k, line in enumerate(self.lines):
            cy = top + self.line_height * (k + 0.5)
            anchor = "lm" if self.left else "mm"
            boxes.append(draw.textbbox((x, cy), one_line(line), font=fnt, anchor=anchor))
        return (min(b[0] for b in boxes), min(b[1] for b in boxes),
                max(b[2] for b in boxes), max(b[3] for b in boxes))

    def draw(self, draw: ImageDraw.ImageDraw, fill: str | tuple[int, ...]) -> None:
        fnt = self.fnt()
        x, y = self.centre
        top = y - self.line_height * len(self.lines) / 2
        for k, line in enumerate(self.lines):
            draw.text((x, top + self.line_height * (k + 0.5)), one_line(line), font=fnt, fill=fill,
                      anchor="lm" if self.left else "mm")


@dataclass
class NodeSpec:
    """What a space box must hold: its name, a detail line, a strip of group colours."""

    id: str
    name: str
    detail: str = ""
    strip: bool = False
    parent: str | None = None


@dataclass
class SpacePlan:
    """Boxes and labels of every space on a schematic (pixels of the image)."""

    anchors: dict[str, Point]
    boxes: dict[str, IntBox] = field(default_factory=dict)        # spaces drawn as a box
    frames: dict[str, IntBox] = field(default_factory=dict)       # parents drawn round their children
    labels: dict[str, list[TextBlock]] = field(default_factory=dict)
    unit: float = 24.0
    name_px: int = 22

    def position(self, space_id: str) -> Point:
        """Where a piece dropped on the space goes: the middle of its box (a frame's title strip)."""
        if space_id in self.boxes:
            x0, y0, x1, y1 = self.boxes[space_id]
            return (x0 + x1) / 2, (y0 + y1) / 2
        x0, y0, x1, y1 = self.frames[space_id]
        return (x0 + x1) / 2, y0 + self.name_px * 0.9

    def moved(self, space_id: str) -> bool:
        """True when the box sits away from its anchor (a leader line is drawn)."""
        if space_id not in self.boxes or space_id not in self.anchors:
            return False
        x0, y0, x1, y1 = self.boxes[space_id]
        ax, ay = self.anchors[space_id]
        return not (x0 <= ax <= x1 and y0 <= ay <= y1)


def _scratch() -> ImageDraw.ImageDraw:
    return ImageDraw.Draw(Image.new("L", (1, 1)))


def name_lines(draw: ImageDraw.ImageDraw, text: str, fnt: ImageFont.FreeTypeFont, max_w: float) -> list[str]:
    """One line, or the fewest lines that fit *max_w* (never cutting a word shorter than the width)."""
    text = one_line(text).strip()
    if draw.textlength(text, font=fnt) <= max_w:
        return [text]
    widest = max((draw.textlength(w, font=fnt) for w in text.split()), default=0.0)
    return wrap(draw, text, fnt, max(max_w, widest + 1))


def _separate(items: list[list[float]], bounds: tuple[float, float, float, float], gap: float) -> bool:
    """Push rectangles ``[cx, cy, w, h]`` apart until none overlap (kept inside *bounds*).

    Each overlapping pair moves apart along the axis where they overlap least, half each.
    Returns whether every overlap was resolved."""
    left, top, right, bottom = bounds

    def clamp(it: list[float]) -> None:
        it[0] = min(max(it[0], left + it[2] / 2), max(left + it[2] / 2, right - it[2] / 2))
        it[1] = min(max(it[1], top + it[3] / 2), max(top + it[3] / 2, bottom - it[3] / 2))

    for it in items:
        clamp(it)
    room = (right - left + gap) * (bottom - top + gap)
    if sum((it[2] + gap) * (it[3] + gap) for it in items) > room:
        return False  # more box than room: no pushing can part them
    for _ in range(MAX_ROUNDS):
        clean = True
        order = sorted(range(len(items)), key=lambda k: items[k][0] - items[k][2] / 2)
        for a_pos, i in enumerate(order):
            a = items[i]
            a_right = a[0] + a[2] / 2 + gap
            for j in order[a_pos + 1:]:
                b = items[j]
                if b[0] - b[2] / 2 >= a_right:
                    break
                ox = (a[2] + b[2]) / 2 + gap - abs(b[0] - a[0])
                oy = (a[3] + b[3]) / 2 + gap - abs(b[1] - a[1])
                if ox <= 0 or oy <= 0:
                    continue
                clean = False
                if ox <= oy:
                    d = (ox / 2 + 0.5) * (1 if b[0] > a[0] or (b[0] == a[0] and j > i) else -1)
                    a[0] -= d
                    b[0] += d
                else:
                    d = (oy / 2 + 0.5) * (1 if b[1] > a[1] or (b[1] == a[1] and j > i) else -1)
                    a[1] -= d
                    b[1] += d
                clamp(a)
                clamp(b)
                a_right = a[0] + a[2] / 2 + gap
        if clean:
            return True
    return False


def _huddled(items: list[list[float]], gap: float) -> bool:
    """Whether two or more boxes ``[cx, cy, w, h]`` anchored along one line, across or down,
    each lie on every other at their anchors: a row of points of one place closer together
    than their names are wide (Nevsky's 'Turn 1', a zone holding the regions 'Turn 1
    Victory Points' and 'Turn 1 Levy/Campaign' 94 pixels apart).  A cluster of places not
    in a line (The First World War's cities in their front) keeps its shape."""
    xs, ys = [it[0] for it in items], [it[1] for it in items]
    return len(items) > 1 and min(max(xs) - min(xs), max(ys) - min(ys)) <= gap and all(
        abs(a[0] - b[0]) < (a[2] + b[2]) / 2 + gap and abs(a[1] - b[1]) < (a[3] + b[3]) / 2 + gap
        for k, a in enumerate(items) for b in items[k + 1:])


def _stacked(items: list[list[float]], gap: float) -> None:
    """*items* (huddled) set one under another, centred on their anchors' middle, in the
    order they lie along their longer spread: parted apart they had kept their sideways
    spread, staggered, and framed a box a third wider than their place (Nevsky's turn
    track, its turns' frames then pushed off the row onto the next)."""
    xs, ys = [it[0] for it in items], [it[1] for it in items]
    across = max(xs) - min(xs) >= max(ys) - min(ys)
    order = sorted(range(len(items)), key=lambda k: (items[k][0], items[k][1]) if across
                   else (items[k][1], items[k][0]))
    mx, my = sum(xs) / len(items), sum(ys) / len(items)
    y = my - (sum(it[3] for it in items) + gap * (len(items) - 1)) / 2
    for k in order:
        items[k][0], items[k][1] = mx, y + items[k][3] / 2
        y += items[k][3] + gap


def plan_spaces(nodes: list[NodeSpec], anchors: dict[str, Point], area: tuple[float, float, float, float],
                unit: float, *, min_box: tuple[float, float] = (0.0, 0.0)) -> SpacePlan:
    """Boxes for *nodes* near their *anchors*, inside *area*, none overlapping.

    A node with children (``parent`` of others) is drawn as a frame round them with its name
    on top, unless its children lie round other spaces (``unframed``).  The font shrinks
    (down to 70 %) when the boxes cannot otherwise be parted; where the anchors lie closer
    than even those boxes allow (an imported module's map of 500 places), every box is drawn
    smaller, padding included (``plan.unit`` is then a fraction of *unit*)."""
    nodes = unframed(nodes, anchors, unit)
    plan = SpacePlan(dict(anchors), unit=unit)
    if lying_share(nodes, anchors, unit, min_box) <= HOPELESS_SHARE:
        for scale in (1.0, 0.9, 0.8, 0.7):
            if _try_plan(plan, nodes, area, unit, scale, min_box):
                return plan
    for step in CROWD_STEPS:
        smaller = (min_box[0] * step, min_box[1] * step)
        last = step == CROWD_STEPS[-1]
        if not last and lying_share(nodes, anchors, unit * step, smaller) > CROWDED_SHARE:
            continue
        plan = SpacePlan(dict(anchors), unit=unit * step)
        # the smallest boxes stay where parting left them: overlapping, but every space
        # drawn and placed (a module's grid of 441 cells has no room to part)
        if _try_plan(plan, nodes, area, unit * step, 1.0, smaller, settle=last):
            return plan
    return plan


def unframed(nodes: list[NodeSpec], anchors: dict[str, Point], unit: float) -> list[NodeSpec]:
    """*nodes*, a parent whose children's anchors (and a *unit* round them) surround another
    space's anchor made a space of its own: its frame would cover that space or push it
    aside (Paths of Glory's 'Europe' zone holds 225 cities round the holding boxes printed
    on the map), and its children its parent's."""
    by_id = {n.id: n for n in nodes}
    parent = {n.id: n.parent for n in nodes if n.parent in by_id and n.parent != n.id}
    changed = True
    while changed:
        changed = False
        kids: dict[str, list[str]] = {}
        for child, par in parent.items():
            kids.setdefault(par, []).append(child)

        def subtree(node: str) -> set[str]:
            out, todo = set(), [node]
            while todo:
                for k in kids.get(todo.pop(), []):
                    if k not in out:
                        out.add(k)
                        todo.append(k)
            return out

        for par in sorted(kids):
            inside = subtree(par)
            xs = [anchors[k][0] for k in inside]
            ys = [anchors[k][1] for k in inside]
            x0, x1, y0, y1 = min(xs) - unit, max(xs) + unit, min(ys) - unit, max(ys) + unit
            above, cur = set(), parent.get(par)
            while cur is not None and cur not in above:
                above.add(cur)
                cur = parent.get(cur)
            if any(x0 < anchors[o][0] < x1 and y0 < anchors[o][1] < y1
                   for o in by_id if o not in inside and o != par and o not in above):
                for k in kids[par]:
                    if par in parent:
                        parent[k] = parent[par]
                    else:
                        del parent[k]
                changed = True
                break
    return [n if parent.get(n.id) == n.parent else
            NodeSpec(n.id, n.name, n.detail, n.strip, parent.get(n.id)) for n in nodes]


# boxes drawn this much smaller than the schematic's unit, in turn, when they cannot be parted
CROWD_STEPS = (0.8, 0.64, 0.5, 0.4, 0.32, 0.25, 0.2)
CROWDED_SHARE = 0.3   # a step is tried once no more boxes than this lie on another at their anchors
HOPELESS_SHARE = 0.8  # the full size is not tried when more than this do


def lying_share(nodes: list[NodeSpec], anchors: dict[str, Point], unit: float,
                min_box: tuple[float, float]) -> float:
    """The share of the spaces drawn as boxes (no children) whose box, drawn at its anchor
    at *unit*, would lie on another's."""
    draw = _scratch()
    parents = {n.parent for n in nodes if n.parent}
    items = sorted(((anchors[n.id][0], anchors[n.id][1], *_leaf_size(draw, n, unit, 1.0, min_box)[0])
                    for n in nodes if n.id not in parents), key=lambda it: it[0] - it[2] / 2)
    if len(items) < 2:
        return 0.0
    gap = unit * GAP
    lying = [False] * len(items)
    for i, a in enumerate(items):
        right = a[0] + a[2] / 2 + gap
        for j in range(i + 1, len(items)):
            b = items[j]
            if b[0] - b[2] / 2 >= right:
                break
            if abs(b[1] - a[1]) < (a[3] + b[3]) / 2 + gap:
                lying[i] = lying[j] = True
    return sum(lying) / len(items)


def _leaf_size(draw: ImageDraw.ImageDraw, n: NodeSpec, unit: float, scale: float,
               min_box: tuple[float, float]) -> tuple[tuple[float, float], list[TextBlock]]:
    """A leaf box's size (w, h) and its lines: its label decides it."""
    name_px = max(8, int(unit * NAME_UNITS * scale))
    small_px = max(7, int(unit * 0.75 * scale))
    name_font = font("condensed-bold", name_px)
    lines = name_lines(draw, n.name, name_font, unit * MAX_LABEL_UNITS)
    name = TextBlock(lines, "condensed-bold", name_px)
    parts = [name]
    width = max(draw.textlength(line, font=name_font) for line in lines)
    height = name.line_height * len(lines)
    if n.detail:
        det = TextBlock([n.detail], "condensed", small_px)
        parts.append(det)
        width = max(width, draw.textlength(n.detail, font=det.fnt()))
        height += det.line_height
    strip = unit * 0.55 if n.strip else 0.0
    w = max(width + unit * 1.4, unit * 3.5, min_box[0])
    h = max(height + unit * 0.9 + strip, min_box[1])
    return (w, h), parts


def _try_plan(plan: SpacePlan, nodes: list[NodeSpec], area: tuple[float, float, float, float],
              unit: float, scale: float, min_box: tuple[float, float], *,
              settle: bool = False) -> bool:
    draw = _scratch()
    name_px = max(8, int(unit * NAME_UNITS * scale))
    small_px = max(7, int(unit * 0.75 * scale))
    plan.name_px = name_px
    by_id = {n.id: n for n in nodes}
    kids: dict[str, list[str]] = {}
    for n in nodes:
        if n.parent and n.parent in by_id and n.parent != n.id:
            kids.setdefault(n.parent, []).append(n.id)
    # a leaf: its label decides its size
    sizes: dict[str, tuple[float, float]] = {}
    blocks: dict[str, list[TextBlock]] = {}
    for n in nodes:
        if n.id in kids:
            continue
        sizes[n.id], blocks[n.id] = _leaf_size(draw, n, unit, scale, min_box)
    # rigid groups: id -> list of (member id, dx, dy) relative to the group's centre
    members: dict[str, list[tuple[str, float, float]]] = {}
    centre: dict[str, list[float]] = {}
    gap = unit * GAP

    def depth(node_id: str) -> int:
        d, seen, cur = 0, {node_id}, by_id[node_id].parent
        while cur in by_id and cur not in seen:
            seen.add(cur)
            d += 1
            cur = by_id[cur].parent
        return d

    for n in nodes:
        if n.id not in kids:
            ax, ay = plan.anchors[n.id]
            centre[n.id] = [ax, ay, *sizes[n.id]]
            members[n.id] = [(n.id, 0.0, 0.0)]
    title_font = font("condensed-bold", small_px)
    for parent in sorted(kids, key=depth, reverse=True):  # innermost frames first
        items = [centre[k] for k in kids[parent]]
        # a row of points stacked in a frame no larger than it needs (Almoravid's turns,
        # one above the other, had each taken more than the track's pitch)
        huddled = _huddled(items, gap)
        if huddled:
            _stacked(items, gap)
        pad = 0.5 if huddled else 1.0
        if not _separate(items, area, gap) and not settle:
            return False
        x0 = min(it[0] - it[2] / 2 for it in items) - unit * 0.8 * pad
        x1 = max(it[0] + it[2] / 2 for it in items) + unit * 0.8 * pad
        y0 = min(it[1] - it[3] / 2 for it in items) - unit * 0.6 * pad - small_px * 1.5
        y1 = max(it[1] + it[3] / 2 for it in items) + unit * 0.8 * pad
        title_lines = name_lines(draw, by_id[parent].name, title_font, max(x1 - x0 - unit, unit * 8))
        title_w = max(draw.textlength(line, font=title_font) for line in title_lines) + unit * 1.2
        y0 -= small_px * 1.2 * (len(title_lines) - 1)
        if title_w > x1 - x0:
            grow = (title_w - (x1 - x0)) / 2
            x0, x1 = x0 - grow, x1 + grow
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        group: list[tuple[str, float, float]] = []
        for k in kids[parent]:
            kx, ky = centre[k][0], centre[k][1]
            group.extend((m, kx - cx + dx, ky - cy + dy) for m, dx, dy in members.pop(k))
            del centre[k]
        group.append((parent, 0.0, 0.0))
        members[parent] = group
        centre[parent] = [cx, cy, x1 - x0, y1 - y0]
        sizes[parent] = (x1 - x0, y1 - y0)
        blocks[parent] = [TextBlock(title_lines, "condensed-bold", small_px, left=True)]
    tops = list(centre)
    if not _separate([centre[t] for t in tops], area, gap) and not settle:
        return False
    # every member at its group's final place
    for top in tops:
        gx, gy = centre[top][0], centre[top][1]
        for m, dx, dy in members[top]:
            w, h = sizes[m]
            cx, cy = gx + dx, gy + dy
            box = (int(round(cx - w / 2)), int(round(cy - h / 2)), int(round(cx + w / 2)), int(round(cy + h / 2)))
            if m in kids:
                plan.frames[m] = box
            else:
                plan.boxes[m] = box
    # labels inside their boxes
    for node_id, parts in blocks.items():
        if node_id in plan.frames:
            x0, y0, _x1, _y1 = plan.frames[node_id]
            title = parts[0]
            title.centre = (x0 + unit * 0.6, y0 + unit * 0.3 + title.line_height * len(title.lines) / 2)
            plan.labels[node_id] = [title]
            continue
        x0, y0, x1, y1 = plan.boxes[node_id]
        strip = unit * 0.55 if by_id[node_id].strip else 0.0
        total = sum(p.line_height * len(p.lines) for p in parts)
        y = (y0 + y1 - strip) / 2 - total / 2
        for p in parts:
            block_h = p.line_height * len(p.lines)
            p.centre = ((x0 + x1) / 2, y + block_h / 2)
            y += block_h
        plan.labels[node_id] = parts
    return True
