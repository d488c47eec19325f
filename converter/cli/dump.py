"""`vconv dump FILE`: show what a VASSAL save or log holds, step by step.

The work is `converter.vassal.describe`; this module reads the files and writes the text or
JSON as it is produced.  Player passwords never appear (see that module).
"""

from __future__ import annotations

import argparse
import gc
import sys

from converter.vassal.describe import describe, text_lines, write_json
from converter.vassal.savefile import read_game
from converter.vassal.zipfiles import is_module


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="FILE", help=".vsav, .vlog or savedGame")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="human text (default) or JSON")


def run(args: argparse.Namespace) -> int:
    if all(is_module(p) for p in args.paths):
        from converter.cli import dump_module  # a module: what it holds, not a game's steps
        return dump_module.run(args)
    out = sys.stdout
    many = len(args.paths) > 1
    if args.format == "json" and many:
        out.write("[\n")
    for index, path in enumerate(args.paths):
        save, record = read_game(path)
        # From here the record is only read, and describing it allocates thousands of small
        # objects: frozen, the record (which holds no reference cycle) is not rescanned by
        # each collection they trigger.  Freed by reference counting as before.
        gc.freeze()
        doc = describe(save, record)
        if args.format == "json":
            if many:
                out.write(",\n  " if index else "  ")
            write_json(doc, out, 1 if many else 0)
        else:
            for line in text_lines(doc):
                out.write(line)
                out.write("\n")
        del save, record, doc  # one file's record at a time
        gc.unfreeze()
    if args.format == "json":
        out.write("\n]\n" if many else "\n")
    out.flush()
    return 0
