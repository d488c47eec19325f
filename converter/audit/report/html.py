"""The audit as one self-contained HTML page: each map's board image embedded as a data URI,
every move drawn over it, every violation marked, and a step list to click through.

No external file, font or script: a referee can mail the page on.  The output is
deterministic (no dates, sorted content).
"""

from __future__ import annotations

import base64
import html
import json

from converter.audit.auditor import AuditResult
from converter.audit.module import MapGeometry

CSS = """
body{font-family:sans-serif;margin:0;display:flex;height:100vh}
#side{width:34%;overflow:auto;padding:8px;border-right:1px solid #ccc;font-size:13px}
#maps{flex:1;overflow:auto;padding:8px}
h1{font-size:17px;margin:4px 0}h2{font-size:15px;margin:10px 0 4px}
.finding{border-left:4px solid #c00;padding:2px 6px;margin:4px 0;background:#fff4f4;cursor:pointer}
.finding.warning{border-color:#e90;background:#fffaf0}
.nc{color:#555;margin:2px 0}
.step{padding:2px 4px;cursor:pointer;border-bottom:1px solid #eee}
.step:hover,.step.sel{background:#def}
.step.bad{color:#a00;font-weight:bold}.step.undone{text-decoration:line-through;color:#888}
svg .mv{stroke:#1565c0;stroke-width:3;opacity:.35;marker-end:url(#arr)}
svg .mv.sel{opacity:1;stroke:#ff6f00;stroke-width:5}
svg .bad{fill:none;stroke:#d00;stroke-width:4}
svg .bad.sel{stroke-width:8}
.map{margin-bottom:16px}.small{color:#666;font-size:12px}
"""

JS = """
function sel(step,file){
 document.querySelectorAll('.sel').forEach(e=>e.classList.remove('sel'));
 document.querySelectorAll('[data-step="'+step+'"][data-file="'+file+'"]').forEach(e=>{
  e.classList.add('sel');});
 var m=document.querySelector('svg [data-step="'+step+'"][data-file="'+file+'"]');
 if(m){m.scrollIntoView({block:'center',inline:'center'});}
}
document.addEventListener('keydown',function(ev){
 var items=[...document.querySelectorAll('.step')];
 var i=items.findIndex(e=>e.classList.contains('sel'));
 if(ev.key==='ArrowDown'||ev.key==='j'){i=Math.min(items.length-1,i+1);}
 else if(ev.key==='ArrowUp'||ev.key==='k'){i=Math.max(0,i-1);} else return;
 var e=items[i]; if(e){sel(e.dataset.step,e.dataset.file);e.scrollIntoView({block:'nearest'});}
});
"""


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def render_html(result: AuditResult) -> str:
    mod = result.module
    game = mod.game
    title = f"vconv audit: {game.title if game else mod.name or mod.source}"
    bad_steps = {(f.pos.file, f.pos.step) for f in result.findings}
    side: list[str] = [f"<h1>{_esc(title)}</h1>",
                       f"<div class=small>module {_esc(mod.source)}</div>"]
    for fa in result.files:
        who = f"; players {', '.join(fa.players)}" if fa.players else ""
        side.append(f"<div class=small>{_esc(fa.path)}: {fa.steps} steps{_esc(who)}</div>")
    for note in result.notes:
        side.append(f"<p class=small>{_esc(note)}</p>")
    v = sum(1 for f in result.findings if f.severity.value == "violation")
    side.append(f"<h2>Findings: {v} violation(s), {len(result.findings) - v} warning(s)</h2>")
    for f in result.findings:
        side.append(
            f"<div class='finding {f.severity.value}' data-step='{f.pos.step}' "
            f"data-file='{_esc(f.pos.file)}' onclick=\"sel('{f.pos.step}',"
            f"{_esc(json.dumps(f.pos.file))})\"><b>{_esc(f.rule)}"
            f"{' §' + _esc(f.section) if f.section else ''}</b> — step {f.pos.step}"
            f"{' [' + _esc(f.player) + ']' if f.player else ''}<br>{_esc(f.message)}"
            f"<br><span class=small>expected {_esc(f.expected)}; happened "
            f"{_esc(f.happened)}</span></div>")
    if result.not_checkable:
        side.append("<h2>Not checkable</h2>")
        for n in sorted(result.not_checkable, key=lambda n: (n.check, n.rule, n.reason)):
            side.append(f"<div class=nc>{_esc(n.line())}</div>")
    if result.checks:
        side.append("<h2>Checks run</h2>")
        for c in result.checks:
            side.append(f"<div class=nc>{_esc(c.check)}: {_esc(', '.join(c.rules) or '-')} "
                        f"({c.applied} judged)</div>")
    side.append("<h2>Steps</h2><div class=small>click a step, or use ↑/↓</div>")
    for fa in result.files:
        for rec in fa.recorded:
            cls = "step" + (" bad" if (rec.file, rec.step) in bad_steps else "") + \
                (" undone" if rec.undone else "")
            when = f"T{rec.turn} " if rec.turn is not None else ""
            who = f" [{rec.player}]" if rec.player else ""
            summary = "; ".join(rec.text[:3]) + (" …" if len(rec.text) > 3 else "")
            side.append(f"<div class='{cls}' data-step='{rec.step}' data-file='{_esc(rec.file)}'"
                        f" onclick=\"sel('{rec.step}',{_esc(json.dumps(rec.file))})\">"
                        f"{_esc(rec.file)} #{rec.step} {_esc(when)}{_esc(summary)}{_esc(who)}"
                        "</div>")
    maps = [_map_svg(result, geo) for geo in sorted(mod.maps.values(), key=lambda g: g.name)]
    body = ("<div id=side>" + "\n".join(side) + "</div><div id=maps>" +
            "\n".join(m for m in maps if m) + "</div>")
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{_esc(title)}</title>"
            f"<style>{CSS}</style></head><body>{body}<script>{JS}</script></body></html>\n")


def _map_svg(result: AuditResult, geo: MapGeometry) -> str:
    moves = [(fa, rec, mv) for fa in result.files for rec in fa.recorded for mv in rec.moves
             if mv[0] == geo.name]
    marks = [f for f in result.findings if any(p[0] == geo.name for p in f.points)]
    if not moves and not marks:
        return ""
    width = max((x + b.size[0] for x, _, b in geo.placed), default=800) + geo.edge[0]
    height = max((y + b.size[1] for _, y, b in geo.placed), default=600) + geo.edge[1]
    parts = [f"<div class=map><h2>{_esc(geo.name)}</h2>"
             f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
             f"viewBox='0 0 {width} {height}'><defs><marker id=arr markerWidth=8 "
             "markerHeight=8 refX=6 refY=3 orient=auto><path d='M0,0 L6,3 L0,6 z' "
             "fill='#1565c0'/></marker></defs>"]
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
    for fa, rec, (_, name, x1, y1, x2, y2, label) in moves:
        parts.append(f"<line class=mv data-step='{rec.step}' data-file='{_esc(rec.file)}' "
                     f"x1='{x1}' y1='{y1}' x2='{x2}' y2='{y2}'><title>#{rec.step} "
                     f"{_esc(name)}: {_esc(label)}</title></line>")
    for f in marks:
        trace = [(x, y) for m, x, y in f.points if m == geo.name]
        if len(trace) > 1:
            line = " ".join(f"{x},{y}" for x, y in trace)
            parts.append(f"<polyline class=bad data-step='{f.pos.step}' "
                         f"data-file='{_esc(f.pos.file)}' points='{line}'/>")
        for map_name, x, y in f.points[-1:]:
            if map_name != geo.name:
                continue
            parts.append(f"<circle class=bad data-step='{f.pos.step}' "
                         f"data-file='{_esc(f.pos.file)}' cx='{x}' cy='{y}' r='26'>"
                         f"<title>{_esc(f.rule)}: {_esc(f.message)}</title></circle>")
    parts.append("</svg></div>")
    return "".join(parts)
