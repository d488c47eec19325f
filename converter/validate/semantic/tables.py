"""Tables: columns, rolls that cover the die, results that match the table's pattern."""

from __future__ import annotations

import re
from typing import Any

from converter.validate.semantic.context import Context, enum_items, roll_span


def check_tables(ctx: Context) -> None:
    for dp, die in ctx.items("dice"):
        faces = die.get("faces")
        if faces is not None and die.get("sides") is not None and len(faces) > die["sides"]:
            ctx.report(f"{dp}/faces", f"{len(faces)} faces given for a die of {die['sides']} sides", check="dice")
        if faces is not None and "faces" not in (die.get("missing") or []) and die.get("sides") is not None \
                and len(faces) != die["sides"]:
            ctx.report(f"{dp}/faces", f"{len(faces)} faces given for a die of {die['sides']} sides",
                        "list every face, or add \"faces\" to 'missing'", check="dice")
    for tp, table in ctx.items("tables"):
        ctx.ref(f"{tp}/die", table.get("die"), "dice")
        cols, rows, cells = table.get("columns"), table.get("rows"), table.get("cells")
        if cells is not None:
            if cols is None or rows is None:
                ctx.report(f"{tp}/cells", "cells need both 'columns' and 'rows'", check="table")
            else:
                if len(cells) != len(rows):
                    ctx.report(f"{tp}/cells", f"{len(cells)} rows of cells for {len(rows)} rows", check="table")
                for r, line in enumerate(cells):
                    if len(line) != len(cols):
                        ctx.report(f"{tp}/cells/{r}", f"{len(line)} cells for {len(cols)} columns", check="table")
        elif cols is not None and rows is not None and "cells" not in (table.get("missing") or []):
            ctx.report(tp, "the table has columns and rows but no cells",
                        "give 'cells', or add \"cells\" to 'missing'", check="table")
        if cols:
            labels = [c["label"] for c in cols]
            for label in {lb for lb in labels if labels.count(lb) > 1}:
                ctx.report(f"{tp}/columns", f"column {label!r} appears twice", check="table")
            for key in ("below", "above"):
                col = (table.get(key) or {}).get("column")
                if col is not None and col not in labels:
                    ctx.report(f"{tp}/{key}/column", f"no column {col!r} in table {table['id']!r}",
                                f"columns are {', '.join(labels)}", check="reference")
        _check_rolls(ctx, tp, table)
        pattern = table.get("result_pattern")
        if pattern is not None:
            try:
                rx = re.compile(pattern)
            except re.error as exc:
                ctx.report(f"{tp}/result_pattern", f"not a valid regular expression: {exc}", check="table")
                rx = None
            if rx is not None:
                for r, line in enumerate(cells or []):
                    for c, cell in enumerate(line):
                        if isinstance(cell, str) and not rx.fullmatch(cell):
                            ctx.report(f"{tp}/cells/{r}/{c}", f"result {cell!r} does not match the table's result_pattern",
                                        check="table")
                for key in ("below", "above"):
                    res = (table.get(key) or {}).get("result")
                    if res is not None and not rx.fullmatch(res):
                        ctx.report(f"{tp}/{key}/result", f"result {res!r} does not match the table's result_pattern",
                                    check="table")
        for ep, entry in enum_items(table.get("entries"), f"{tp}/entries"):
            if "terrain" in entry:
                ctx.ref(f"{ep}/terrain", entry["terrain"], "terrain")
            ctx.filter_refs(f"{ep}/pieces", entry.get("pieces"))
        ids = [e.get("id") for e in table.get("entries") or [] if e.get("id")]
        for d in {i for i in ids if ids.count(i) > 1}:
            ctx.report(f"{tp}/entries", f"duplicate entry id {d!r}", check="unique-id")


def _check_rolls(ctx: Context, tp: str, table: dict[str, Any]) -> None:
    spans = []
    for i, row in enumerate(table.get("rows") or []):
        roll = row.get("roll")
        if roll is None:
            continue
        lo, hi = roll_span(roll)
        if lo is not None and hi is not None and lo > hi:
            ctx.report(f"{tp}/rows/{i}/roll", f"roll range {lo}..{hi} is empty", check="table")
        spans.append((i, lo, hi))
    for (i, lo1, hi1), (j, lo2, hi2) in zip(spans, spans[1:]):
        a_hi = hi1 if hi1 is not None else float("inf")
        b_lo = lo2 if lo2 is not None else float("-inf")
        if b_lo <= a_hi:
            ctx.report(f"{tp}/rows/{j}/roll", f"row {j} overlaps row {i} (rolls must increase down the table)",
                        check="table")
