"""Tables and dice: columns, rolls that cover the die, results that match the table's pattern
(on the model)."""

from __future__ import annotations

import re

from converter.limits import HTML_PAGE_BYTES
from converter.model.tables import Table
from converter.validate.semantic.context import Context


def check_tables(ctx: Context) -> None:
    for i, die in enumerate(ctx.game.dice or []):
        dp, faces = f"/dice/{i}", die.faces
        for f, face in enumerate(faces or []):
            if face.image is not None:
                ctx.picture(f"{dp}/faces/{f}/image", face.image)
        if faces is not None and die.sides is not None and len(faces) > die.sides:
            ctx.report(f"{dp}/faces", f"{len(faces)} faces given for a die of {die.sides} sides", check="dice")
        if faces is not None and "faces" not in (die.missing or []) and die.sides is not None \
                and len(faces) != die.sides:
            ctx.report(f"{dp}/faces", f"{len(faces)} faces given for a die of {die.sides} sides",
                       "list every face, or add \"faces\" to 'missing'", check="dice")
    for t, table in enumerate(ctx.game.tables or []):
        tp = f"/tables/{t}"
        ctx.ref(f"{tp}/die", table.die, "dice")
        cols, rows, cells = table.columns, table.rows, table.cells
        if cells is not None:
            if cols is None or rows is None:
                ctx.report(f"{tp}/cells", "cells need both 'columns' and 'rows'", check="table")
            else:
                if len(cells) != len(rows):
                    ctx.report(f"{tp}/cells", f"{len(cells)} rows of cells for {len(rows)} rows", check="table")
                for r, line in enumerate(cells):
                    if len(line) != len(cols):
                        ctx.report(f"{tp}/cells/{r}", f"{len(line)} cells for {len(cols)} columns", check="table")
        elif cols is not None and rows is not None and "cells" not in (table.missing or []):
            ctx.report(tp, "the table has columns and rows but no cells",
                       "give 'cells', or add \"cells\" to 'missing'", check="table")
        if cols:
            labels = [c.label for c in cols]
            for label in {lb for lb in labels if labels.count(lb) > 1}:
                ctx.report(f"{tp}/columns", f"column {label!r} appears twice", check="table")
            for key, beyond in (("below", table.below), ("above", table.above)):
                col = beyond.column if beyond is not None else None
                if col is not None and col not in labels:
                    ctx.report(f"{tp}/{key}/column", f"no column {col!r} in table {table.id!r}",
                               f"columns are {', '.join(labels)}", check="reference")
        _check_rolls(ctx, tp, table)
        if table.result_pattern is not None:
            _check_results(ctx, tp, table, table.result_pattern)
        for e, entry in enumerate(table.entries or []):
            ep = f"{tp}/entries/{e}"
            ctx.ref(f"{ep}/terrain", entry.terrain, "terrain")
            ctx.filter_refs(f"{ep}/pieces", entry.pieces)
        ids = [e.id for e in table.entries or [] if e.id]
        for d in {i for i in ids if ids.count(i) > 1}:
            ctx.report(f"{tp}/entries", f"duplicate entry id {d!r}", check="unique-id")
    check_charts(ctx)


def check_charts(ctx: Context) -> None:
    """Each chart's file is in the game folder, and a picture is one the build and the print
    can read (a module copies it as it is, the print draws it)."""
    for c, chart in enumerate(ctx.game.charts or []):
        cp = f"/charts/{c}"
        if chart.html is not None:
            _check_page(ctx, f"{cp}/html", chart.html)
        if chart.image is None:
            continue
        size = ctx.picture(f"{cp}/image", chart.image)  # None: absent, said once
        if size is not None and not isinstance(size, tuple):
            ctx.report(f"{cp}/image", f"the chart picture {chart.image!r} is not a readable "
                       f"picture ({size.why})", "save it again as PNG, JPEG or GIF", check="image")


def _check_page(ctx: Context, pointer: str, page: str) -> None:
    """An HTML chart's page is in the folder and no larger than a build copies."""
    if not ctx.file(pointer, page):
        return
    try:
        size = (ctx.doc.folder / page).stat().st_size
    except OSError:
        return  # gone since ctx.file looked: the build says so
    if size > HTML_PAGE_BYTES.value():
        ctx.report(pointer, HTML_PAGE_BYTES.exceeded(f"the chart page {page!r} is {size:,} bytes")
                   + ": a build would leave it out of the module",
                   "split it into several charts, or show its pictures as image charts",
                   check="file")


def _check_results(ctx: Context, tp: str, table: Table, pattern: str) -> None:
    """Every result of the table matches its result_pattern (itself a valid expression)."""
    try:
        rx = re.compile(pattern)
    except re.error as exc:
        ctx.report(f"{tp}/result_pattern", f"not a valid regular expression: {exc}", check="table")
        return
    for r, line in enumerate(table.cells or []):
        for c, cell in enumerate(line):
            if isinstance(cell, str) and not rx.fullmatch(cell):
                ctx.report(f"{tp}/cells/{r}/{c}", f"result {cell!r} does not match the table's result_pattern",
                           check="table")
    for key, beyond in (("below", table.below), ("above", table.above)):
        res = beyond.result if beyond is not None else None
        if res is not None and not rx.fullmatch(res):
            ctx.report(f"{tp}/{key}/result", f"result {res!r} does not match the table's result_pattern",
                       check="table")


def _check_rolls(ctx: Context, tp: str, table: Table) -> None:
    """Each row's roll is a range that is not empty, and the rows' rolls increase."""
    spans = []
    for i, row in enumerate(table.rows or []):
        if row.roll is None:
            continue
        lo, hi = (row.roll, row.roll) if isinstance(row.roll, int) else (row.roll.min, row.roll.max)
        if lo is not None and hi is not None and lo > hi:
            ctx.report(f"{tp}/rows/{i}/roll", f"roll range {lo}..{hi} is empty", check="table")
        spans.append((i, lo, hi))
    for (i, lo1, hi1), (j, lo2, hi2) in zip(spans, spans[1:]):
        a_hi = hi1 if hi1 is not None else float("inf")
        b_lo = lo2 if lo2 is not None else float("-inf")
        if b_lo <= a_hi:
            ctx.report(f"{tp}/rows/{j}/roll", f"row {j} overlaps row {i} (rolls must increase down the table)",
                       check="table")
