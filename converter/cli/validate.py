"""`vconv validate PATH...`: schema, then cross-references; one line per problem."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from converter.validate import validate_path


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="PATH", help="a game folder (modules/<slug>) or its game.json")
    parser.add_argument("--format", choices=("text", "json"), default="text", help="output format")


def run(args: argparse.Namespace) -> int:
    results = []
    worst = 0
    for path in args.paths:
        doc, problems = validate_path(path)
        folder = Path(path) if Path(path).is_dir() else Path(path).parent
        results.append((folder, doc, problems))
        if problems:
            worst = 1
    if args.format == "json":
        out = [{"game": str(folder), "valid": not problems,
                "problems": [dict(p.as_dict(), file=str(folder / p.file)) for p in problems]}
               for folder, _doc, problems in results]
        json.dump(out, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        return worst
    for folder, doc, problems in results:
        for p in problems:
            print(p.line(str(folder / p.file)))
        if problems:
            print(f"{folder}: {len(problems)} problem{'s' if len(problems) != 1 else ''}", file=sys.stderr)
        else:
            print(f"{folder}: valid ({doc.data.get('title', doc.slug)})")
    return worst
