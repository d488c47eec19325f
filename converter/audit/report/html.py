"""The audit as one self-contained HTML page: each map's board image embedded as a data URI,
every move drawn over it as an arrow, every violation marked with its number, and a step list
to click through.

No external file, font or script: a referee can mail the page on.  The output is
deterministic (no dates, sorted content).  Maps are shown scaled to the pane (a button shows
them at full size), so marks and arrows are sized from the map's own size to stay visible.
"""

from __future__ import annotations

import base64
import html
import math

from converter.audit.auditor import AuditResult, FileAudit, StepRecord
from converter.audit.findings import Finding, grouped
from converter.audit.module import AuditModule, MapGeometry
from converter.audit.places import PlaceNames
from converter.builder.conventions import drawn_places
from converter.render.boardlayout import BoardLayout
from converter.vassal.grid import HexGeometry, SquareGeometry
from converter.audit.rules.combat import RECORDING_CONVENTION

# (map, piece, from x, y, to x, y, 'origin → destination', kind): one move as
# `StepRecord.moves` (kind '' on one map; 'out' and 'in' the two ends of a move between maps)
Move = tuple[str, str, int, int, int, int, str, str]

CSS = """
*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;margin:0;display:flex;height:100vh;color:#222}
#side{width:36%;min-width:320px;max-width:560px;overflow:auto;padding:10px 12px;
 border-right:1px solid #ccc;font-size:13px;overflow-wrap:anywhere}
#maps{flex:1;overflow:auto;padding:8px 12px;background:#fafafa}
h1{font-size:17px;margin:2px 0 6px}h2{font-size:15px;margin:14px 0 4px}
.small{color:#666;font-size:12px}
.verdict{padding:6px 8px;border-radius:4px;font-weight:bold;margin:6px 0}
.verdict.bad{background:#fde4e4;color:#900}.verdict.ok{background:#e3f4e3;color:#1b5e20}
.finding{display:flex;gap:6px;border-left:4px solid #c00;padding:3px 6px;margin:4px 0;
 background:#fff4f4;cursor:pointer}
.finding.warning{border-color:#e90;background:#fffaf0}
.finding.sel{outline:2px solid #ff6f00}
.num{flex:none;display:inline-block;min-width:20px;height:20px;border-radius:10px;
 background:#c00;color:#fff;text-align:center;font-weight:bold;font-size:12px;line-height:20px}
.warning .num{background:#e90}
.finding a{color:inherit}
details{margin:8px 0}summary{cursor:pointer;font-weight:bold;font-size:14px}
.nc{color:#555;margin:3px 0}
.problem{border-left:4px solid #777;padding:3px 6px;margin:4px 0;background:#f3f3f3;
 cursor:pointer}
.file{font-weight:bold;margin:8px 0 2px}
.step{display:flex;gap:6px;padding:2px 4px;cursor:pointer;border-bottom:1px solid #eee}
.step .n{flex:none;width:3.2em;color:#888;text-align:right}
.step:hover{background:#eef4fb}.step.sel{background:#d6e6fa}
.step.bad{color:#a00}.step.bad .n{color:#a00;font-weight:bold}
.step.undone{text-decoration:line-through;color:#888}
.bar{position:sticky;top:0;background:#fafafa;padding:4px 0;z-index:2;display:flex;
 gap:14px;align-items:center;flex-wrap:wrap;font-size:12px;border-bottom:1px solid #ddd}
.bar button{font-size:12px}
.key{display:inline-flex;align-items:center;gap:4px}
.map{margin:10px 0 18px}.map h2{margin:4px 0}
svg.board{display:block;width:100%;height:auto;border:1px solid #ccc;background:#fff}
svg .mv{fill:#1565c0;stroke:#1565c0;opacity:.45}
svg .mv line{stroke-linecap:round}
svg .mv.sel{opacity:1;fill:#ff6f00;stroke:#ff6f00}
svg .bad{fill:none;stroke:#d00;opacity:.9}
svg polyline.bad{stroke-dasharray:6 4;vector-effect:non-scaling-stroke;stroke-width:3}
svg .bad.sel{stroke:#ff6f00;opacity:1}
svg .badge circle{fill:#c00;stroke:#fff}svg .badge text{fill:#fff;font-weight:bold;
 font-family:sans-serif;text-anchor:middle;dominant-baseline:central}
svg .badge.sel circle{fill:#ff6f00}
"""

JS = r"""
function sel(step,file){
 document.querySelectorAll('.sel').forEach(e=>e.classList.remove('sel'));
 document.querySelectorAll('[data-step="'+step+'"][data-file="'+file+'"]').forEach(e=>{
  e.classList.add('sel');});
 var m=document.querySelector('svg [data-step="'+step+'"][data-file="'+file+'"]');
 if(m){m.scrollIntoView({block:'center',inline:'center'});}
 var s=document.getElementById('s'+file+'-'+step);
 if(s){s.scrollIntoView({block:'nearest'});}
}
function zoom(full){
 document.querySelectorAll('svg.board').forEach(s=>{
  s.style.width=full?s.dataset.w+'px':'100%';s.style.maxWidth=full?'none':'';});
}
window.addEventListener('load',function(){
 var m=/^#s(\d+)-(\d+)$/.exec(location.hash); if(m){sel(m[2],m[1]);}
});
document.addEventListener('keydown',function(ev){
 var items=[...document.querySelectorAll('.step')];
 var i=items.findIndex(e=>e.classList.contains('sel'));
 if(ev.key==='ArrowDown'||ev.key==='j'){i=Math.min(items.length-1,i+1);}
 else if(ev.key==='ArrowUp'||ev.key==='k'){i=Math.max(0,i-1);} else return;
 ev.preventDefault();
 var e=items[i]; if(e){sel(e.dataset.step,e.dataset.file);}
});
"""


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def step_anchor(file_index: int, step: int) -> str:
    """The id of a step's line in the step list (findings link to it)."""
    return f"s{file_index}-{step}"


def _click(step: int, file_index: int) -> str:
    return (f"data-step='{step}' data-file='{file_index}' "
            f"onclick=\"sel('{step}','{file_index}')\"")


def render_html(result: AuditResult) -> str:
    mod = result.module
    game = mod.game
    title = f"vconv audit: {game.title if game else mod.name or mod.source}"
    files = {_name(fa): i for i, fa in enumerate(result.files)}
    bad_steps = {(files.get(f.pos.file, 0), f.pos.step) for f in result.findings}
    number = {id(f): i + 1 for i, f in enumerate(result.findings)}
    side: list[str] = [f"<h1>{_esc(title)}</h1>",
                       f"<div class=small>module {_esc(mod.source)}</div>"]
    for fa in result.files:
        who = f"; players {', '.join(fa.players)}" if fa.players else ""
        side.append(f"<div class=small>{_esc(fa.path)}: {fa.steps} steps{_esc(who)}</div>")
    for note in result.notes:
        side.append(f"<p class=small>{_esc(note)}</p>")
    v = sum(1 for f in result.findings if f.severity.value == "violation")
    w = len(result.findings) - v
    verdict = f"{v} violation(s), {w} warning(s)"
    side.append(f"<div class='verdict {'bad' if result.findings else 'ok'}'>"
                f"Findings: {verdict}</div>")
    if result.not_checkable:
        side.append(f"<div class=small>{len(result.not_checkable)} rule(s) could not be "
                    "checked from the game's data: see “Not checkable” below (never "
                    "counted as passed).</div>")
    side.extend(_problems(result))
    for f in result.findings:
        fi = files.get(f.pos.file, 0)
        when = ""
        if f.turn is not None:
            when = f" — turn {f.turn}" + (f", {f.phase}" if f.phase else "")
        side.append(
            f"<div class='finding {f.severity.value}' {_click(f.pos.step, fi)}>"
            f"<span class=num>{number[id(f)]}</span><div><b>{_esc(f.rule)}"
            f"{' §' + _esc(f.section) if f.section else ''}</b> — "
            f"<a href='#{step_anchor(fi, f.pos.step)}'>{_esc(_where(f, len(files)))}</a>"
            f"{' [' + _esc(f.player) + ']' if f.player else ''}{_esc(when)}<br>"
            f"{_esc(f.message)}<br><span class=small>expected {_esc(f.expected)}; happened "
            f"{_esc(f.happened)}</span></div></div>")
    side.append("<h2>Steps</h2><div class=small>click a step or a finding to show it on the "
                "map; ↑/↓ step through</div>")
    for i, fa in enumerate(result.files):
        side.extend(_steps(fa, i, bad_steps, len(result.files) > 1,
                           {p.pos.step for p in fa.problems}))
    if result.withdrawn:
        side.append(f"<details><summary>Withdrawn by undo ({len(result.withdrawn)})</summary>")
        for f in result.withdrawn:
            side.append(f"<div class=nc {_click(f.pos.step, files.get(f.pos.file, 0))}>"
                        f"{_esc(f.line())}</div>")
        side.append("</details>")
    if result.not_checkable:
        side.append(f"<details><summary>Not checkable ({len(result.not_checkable)})</summary>")
        for n in grouped(result.not_checkable):
            side.append(f"<div class=nc>{_esc(n.line())}</div>")
        if any(n.check == "combat" and "declaration" in n.reason and n.count
               for n in result.not_checkable):
            side.append(f"<p class='nc convention'>{_esc(RECORDING_CONVENTION)}</p>")
        side.append("</details>")
    if result.checks:
        side.append(f"<details><summary>Checks run ({len(result.checks)})</summary>")
        for c in result.checks:
            side.append(f"<div class=nc>{_esc(c.check)}: {_esc(', '.join(c.rules) or '-')} "
                        f"({c.applied} judged)</div>")
        side.append("</details>")
    moves: dict[str, list[tuple[int, StepRecord, Move]]] = {}  # each step's moves read once
    for fa in result.files:
        for rec in fa.recorded:
            fi = files.get(rec.file, 0)
            for mv in rec.moves:
                moves.setdefault(mv[0], []).append((fi, rec, mv))
    marks: dict[str, list[Finding]] = {}  # each finding under each map it points at
    for f in result.findings:
        for map_name in dict.fromkeys(p[0] for p in f.points):
            marks.setdefault(map_name, []).append(f)
    maps = [_map_svg(result, geo, files, number, moves.get(geo.name, []),
                     marks.get(geo.name, []))
            for geo in sorted(mod.maps.values(), key=lambda g: g.name)]
    shown = [m for m in maps if m]
    bar = ("<div class=bar><span><button onclick='zoom(false)'>fit maps</button> "
           "<button onclick='zoom(true)'>full size</button></span>"
           "<span class=key><svg width=34 height=12><line x1=2 y1=6 x2=24 y2=6 stroke='#1565c0'"
           " stroke-width=3 opacity=.6/><path d='M22,1 L32,6 L22,11 z' fill='#1565c0' "
           "opacity=.6/></svg> a move</span>"
           "<span class=key><svg width=50 height=14><circle cx=7 cy=7 r=5 fill=none "
           "stroke='#1565c0' stroke-width=2 stroke-dasharray='4 3' opacity='.6'/><line x1=20 "
           "y1=7 x2=40 y2=7 stroke='#1565c0' stroke-width=3 stroke-dasharray='6 4.5' "
           "opacity='.6'/><path d='M38,2 L48,7 L38,12 z' fill='#1565c0' opacity='.6'/></svg> "
           "left for, arrived from another map</span>"
           "<span class=key><svg width=34 height=12><line x1=2 y1=6 x2=24 y2=6 stroke='#ff6f00'"
           " stroke-width=3/><path d='M22,1 L32,6 L22,11 z' fill='#ff6f00'/></svg> "
           "the selected step</span>"
           "<span class=key><svg width=16 height=16><polygon points='15,8 11.5,14 4.5,14 1,8 "
           "4.5,2 11.5,2' fill=none stroke='#d00' stroke-width=2.5/></svg><span class=num>n"
           "</span> violation n, where it happened</span>"
           "<span class=key><svg width=34 height=12><line x1=2 y1=6 x2=32 y2=6 stroke='#d00' "
           "stroke-width=2 stroke-dasharray='6 4'/></svg> the path it needed</span></div>")
    if not shown:
        shown = ["<p class=small>No move or finding is on a map.</p>"]
    body = ("<div id=side>" + "\n".join(side) + "</div><div id=maps>" + bar +
            "\n".join(shown) + "</div>")
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{_esc(title)}</title>"
            f"<style>{CSS}</style></head><body>{body}<script>{JS}</script></body></html>\n")


def _problems(result: AuditResult) -> list[str]:
    """What the replay could not apply (a piece not in the game, a map the module lacks):
    the referee must see that the position shown is not quite the players' own."""
    problems = [(fi, p) for fi, fa in enumerate(result.files) for p in fa.problems]
    if not problems:
        return []
    out = [f"<details class=problems open><summary>Replay problems ({len(problems)})"
           "</summary><div class=small>commands the replay could not apply as recorded; the "
           "position after them may differ from the players' own</div>"]
    for fi, p in problems:
        out.append(f"<div class=problem {_click(p.pos.step, fi)}>"
                   f"<a href='#{step_anchor(fi, p.pos.step)}'>{_esc(p.pos.label())}</a>: "
                   f"{_esc(p.message)}</div>")
    out.append("</details>")
    return out


def _name(fa: FileAudit) -> str:
    return fa.path.replace("\\", "/").rsplit("/", 1)[-1]


def _where(f: Finding, nfiles: int) -> str:
    at = "restored game (setup)" if f.pos.step == 0 else f"step {f.pos.step}"
    return f"{f.pos.file} {at}" if nfiles > 1 else at


def _steps(fa: FileAudit, fi: int, bad_steps: set[tuple[int, int]], many: bool,
           problem_steps: set[int]) -> list[str]:
    out = [f"<div class=file>{_esc(_name(fa))}</div>"] if many else []

    def line(step: int, text: str, extra: str = "") -> str:
        cls = "step" + (" bad" if (fi, step) in bad_steps else "") + extra
        return (f"<div class='{cls}' id='{step_anchor(fi, step)}' {_click(step, fi)}>"
                f"<span class=n>{'setup' if step == 0 else '#' + str(step)}</span>"
                f"<span>{text}</span></div>")

    lines = [(0, line(0, "restored game: the position the file starts from"))]
    seen = {0}
    for rec in fa.recorded:
        when = f"T{rec.turn} " if rec.turn is not None else ""
        who = f" [{rec.player}]" if rec.player else ""
        summary = "; ".join(rec.text[:3]) + (" …" if len(rec.text) > 3 else "")
        if rec.undoes is not None:  # (its moves are the undone step's, taken back)
            summary = f"undo of #{rec.undoes}: {summary}"
        lines.append((rec.step, line(rec.step, _esc(when + summary + who),
                                     " undone" if rec.undone else "")))
        seen.add(rec.step)
    unlisted = {b[1] for b in bad_steps if b[0] == fi} | problem_steps
    lines.extend((step, line(step, "(a step with no move or roll to show)"))
                 for step in unlisted - seen)
    lines.sort(key=lambda entry: entry[0])  # (stable: a step's own lines keep their order)
    out.extend(text for _, text in lines)
    last = lines[-1][0]
    if last and fa.steps > last:
        out.append(f"<div class=small>… steps after #{last} are not listed</div>")
    return out


def _map_svg(result: AuditResult, geo: MapGeometry, files: dict[str, int],
             number: dict[int, int], moves: list[tuple[int, StepRecord, Move]],
             marks: list[Finding]) -> str:
    """The map's boards with the *moves* made on it (file index, step, move) and the
    findings that point at it (*marks*), in report order."""
    if not moves and not marks:
        return ""
    width = max((x + b.size[0] for x, _, b in geo.placed), default=800) + geo.edge[0]
    height = max((y + b.size[1] for _, y, b in geo.placed), default=600) + geo.edge[1]
    # pieces dragged off the boards (VASSAL allows it, and a board without its picture has
    # no size) still show: the view takes them in
    xs = [x for *_, (_, _, x1, _, x2, _, _, _) in moves for x in (x1, x2)] + \
        [x for f in marks for m, x, _ in f.points if m == geo.name]
    ys = [y for *_, (_, _, _, y1, _, y2, _, _) in moves for y in (y1, y2)] + \
        [y for f in marks for m, _, y in f.points if m == geo.name]
    seen = max(max([width, *xs]) - min([0, *xs]), max([height, *ys]) - min([0, *ys]))
    unit = seen / 1000  # marks stay visible when a big view is scaled down
    stroke = max(3.0, 3 * unit)
    head = max(14.0, 14 * unit)
    ring = max(24.0, 22 * unit)
    pad = 2 * ring
    x0 = math.floor(min([0.0, *(x - pad for x in xs)]))
    y0 = math.floor(min([0.0, *(y - pad for y in ys)]))
    width = math.ceil(max([float(width), *(x + pad for x in xs)])) - x0
    height = math.ceil(max([float(height), *(y + pad for y in ys)])) - y0
    parts = [f"<div class=map><h2>{_esc(geo.name)}</h2>"
             f"<svg class=board data-w='{width}' "
             f"style='max-width:{width}px' viewBox='{x0} {y0} {width} {height}'>"]
    for x, y, board in geo.placed:
        data = result.module.image(board.image)
        if data:
            mime = "image/png" if data[:4] == b"\x89PNG" else (
                "image/gif" if data[:3] == b"GIF" else "image/jpeg")
            uri = "data:" + mime + ";base64," + base64.b64encode(data).decode("ascii")
            parts.append(f"<image x='{x}' y='{y}' width='{board.size[0]}' "
                         f"height='{board.size[1]}' href='{uri}'/>")
        else:
            parts.append(f"<rect x='{x}' y='{y}' width='{board.size[0]}' "
                         f"height='{board.size[1]}' fill='#f4f1e4' stroke='#999'/>")
    dashes = f"{2 * stroke:g} {1.5 * stroke:g}"
    for fi, rec, (_, name, x1, y1, x2, y2, label, kind) in moves:
        if kind == "in":  # arrived from another map: a dashed arrow into its place
            drawn = _arrow(x2 - round(2.5 * head), y2 - round(2.5 * head), x2, y2, stroke,
                           head).replace("<line ", f"<line stroke-dasharray='{dashes}' ", 1)
        elif kind == "out":  # left for another map: a dashed ring where it stood
            drawn = (f"<circle cx='{x1}' cy='{y1}' r='{0.6 * head:g}' fill='none' "
                     f"stroke-width='{stroke:g}' stroke-dasharray='{dashes}'/>")
        else:
            drawn = _arrow(x1, y1, x2, y2, stroke, head)
        parts.append(f"<g class=mv data-step='{rec.step}' data-file='{fi}'>"
                     f"<title>#{rec.step} {_esc(name)}: {_esc(label)}</title>{drawn}</g>")
    for f in marks:
        fi = files.get(f.pos.file, 0)
        trace = [(x, y) for m, x, y in f.points if m == geo.name]
        if len(trace) > 1:
            line = " ".join(f"{x},{y}" for x, y in trace)
            parts.append(f"<polyline class=bad data-step='{f.pos.step}' "
                         f"data-file='{fi}' points='{line}'/>")
    badges: dict[tuple[int, int], int] = {}
    layouts: dict[str, BoardLayout | None] = {}  # each board's schematic, laid out once
    for f in marks:
        fi = files.get(f.pos.file, 0)
        for map_name, x, y in f.points[-1:]:
            if map_name != geo.name:
                continue
            nth = badges.get((x, y), 0)
            badges[(x, y)] = nth + 1
            tip = f"{number[id(f)]}. {f.rule}: {f.message}"
            box = _drawn_box(result.module, geo, x, y, stroke, layouts)
            if nth == 0:
                outline = box or _outline(geo, x, y, ring - stroke)
                shape = (f"circle cx='{x}' cy='{y}' r='{ring:g}'" if outline is None else
                         "polygon points='" + " ".join(f"{px:g},{py:g}" for px, py in outline) + "'")
                parts.append(f"<{shape} class=bad data-step='{f.pos.step}' data-file='{fi}' "
                             f"stroke-width='{stroke:g}'><title>{_esc(tip)}</title>"
                             f"</{shape.split(' ', 1)[0]}>")
            # the number on the box's top right corner, clear of the name in its middle
            bx = (box[1][0] if box else x + ring * 0.8) + nth * ring * 0.95
            by = box[1][1] if box else y - ring * 0.8
            parts.append(f"<g class=badge data-step='{f.pos.step}' data-file='{fi}' "
                         f"onclick=\"sel('{f.pos.step}','{fi}')\"><title>{_esc(tip)}</title>"
                         f"<circle cx='{bx:g}' cy='{by:g}' r='{ring * 0.48:g}' "
                         f"stroke-width='{stroke / 2:g}'/><text x='{bx:g}' y='{by:g}' "
                         f"font-size='{ring * 0.6:g}'>{number[id(f)]}</text></g>")
    parts.append("</svg></div>")
    return "".join(parts)


def _drawn_box(module: AuditModule, geo: MapGeometry, x: int, y: int, pad: float,
               drawn: dict[str, BoardLayout | None]) -> list[tuple[float, float]] | None:
    """The corners of the box (or parent's frame) a vconv schematic draws round map point
    (x, y), *pad* outside it, top left first; None on any other picture.  An area map's
    place is a region, a point in the middle of its name: a ring round the point covered
    the name (The First World War's 'Fronte 5 (Trentino)'), and the schematic's layout
    (``drawn_places``) is the one place that knows the box round it."""
    found = geo.board_at(x, y)
    game = module.game
    if found is None or game is None:
        return None
    board, bx, by = found
    if board.name not in drawn:
        board_id = PlaceNames.of(module).boards.get(board.name)
        of_game = game.board(board_id) if board_id is not None else None
        drawn[board.name] = (drawn_places(game, of_game, board.size)
                             if of_game is not None else None)
    layout = drawn[board.name]
    rect = layout.box_round(bx, by) if layout is not None else None
    if rect is None:
        return None
    x0, y0 = x - bx + rect.x - pad, y - by + rect.y - pad
    x1, y1 = x0 + rect.w + 2 * pad, y0 + rect.h + 2 * pad
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def _outline(geo: MapGeometry, x: int, y: int, least: float) -> list[tuple[float, float]] | None:
    """The corners of the hex or square of the board's grid round map point (x, y), the
    finding's place drawn round by its own edges, or None when the board has no grid there
    or its cells are smaller than *least* from centre to corner (a ring stays visible on a
    big map scaled down).  A ring round the point had run across the name the map prints
    in the hex (Tour's 'J5'), and a ring round the whole hex across the name printed
    at the top of the hex below it."""
    found = geo.board_at(x, y)
    if found is None or found[0].grid is None:
        return None
    grid = found[0].grid
    if isinstance(grid, HexGeometry):  # dx: between columns (three quarters of a hex across)
        half_w, half_h = 2 * grid.dx / 3, grid.dy / 2
        corners = [(half_w, 0.0), (half_w / 2, half_h), (-half_w / 2, half_h), (-half_w, 0.0),
                   (-half_w / 2, -half_h), (half_w / 2, -half_h)]
        if grid.sideways:
            corners = [(b, a) for a, b in corners]
    elif isinstance(grid, SquareGeometry):
        corners = [(grid.dx / 2, grid.dy / 2), (-grid.dx / 2, grid.dy / 2),
                   (-grid.dx / 2, -grid.dy / 2), (grid.dx / 2, -grid.dy / 2)]
    else:
        return None
    if max(math.hypot(a, b) for a, b in corners) < least:
        return None
    cell = _cell_centre(grid, found[1], found[2])
    ox, oy = x - found[1] + cell[0], y - found[2] + cell[1]
    return [(round(ox + a, 1), round(oy + b, 1)) for a, b in corners]


def _cell_centre(grid: HexGeometry | SquareGeometry, x: int, y: int) -> tuple[float, float]:
    """The centre of the grid cell holding board point (x, y)."""
    return grid.center(*grid.raw_index((x, y)))


def _arrow(x1: int, y1: int, x2: int, y2: int, stroke: float, head: float) -> str:
    """A line ending in a filled head at the destination (drawn, not an SVG marker, so its
    size follows the map's scale and not the line's)."""
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy)
    if length < 1:
        return f"<circle cx='{x2}' cy='{y2}' r='{head / 2:g}'/>"
    ux, uy = dx / length, dy / length
    size = min(head, length * 0.6)
    bx, by = x2 - ux * size, y2 - uy * size
    px, py = -uy * size * 0.5, ux * size * 0.5
    return (f"<line x1='{x1}' y1='{y1}' x2='{bx:.1f}' y2='{by:.1f}' "
            f"stroke-width='{stroke:g}'/><path stroke='none' d='M{x2},{y2} "
            f"L{bx + px:.1f},{by + py:.1f} L{bx - px:.1f},{by - py:.1f} z'/>")
