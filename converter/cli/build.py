"""`vconv build GAME... [-o DIR]`: build a VASSAL module (.vmod) from each game folder.

Exit 0 when every module was written, 1 when our checker found problems in a module (it is
then not written; the findings are listed), 2 for a game that cannot be read or validated.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from converter.count import counted
from converter.errors import BuildError, InputError, ModelError


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("games", nargs="+", metavar="GAME",
                        help="a game folder holding game.json (or the game.json itself)")
    parser.add_argument("-o", "--output", default="dist", metavar="DIR",
                        help="folder for the .vmod files (default: dist)")
    parser.add_argument("-q", "--quiet", action="store_true", help="print nothing on success")


def run(args: argparse.Namespace) -> int:
    from converter.atomic import check_folder_possible
    from converter.builder.module import build_module, write_module
    from converter.importer.writeback import write_back

    try:  # a file at -o is said before the games are built, not after
        check_folder_possible(Path(args.output))
    except InputError as exc:
        print(f"vconv build: error: {exc}", file=sys.stderr)
        return 2
    status = 0
    written: dict[Path, str] = {}  # each module written in this run → the game it came from
    seen: set[Path] = set()
    for game in args.games:
        folder = Path(game).resolve()
        folder = folder.parent if folder.is_file() else folder
        if folder in seen:  # the same game named twice: built once
            continue
        seen.add(folder)
        try:
            built = build_module(game, write_back)
        except (InputError, ModelError) as exc:
            print(f"vconv build: {_naming(game, exc)}", file=sys.stderr)
            status = max(status, 2)
            continue
        except BuildError as exc:
            print(f"vconv build: {_naming(game, exc)}", file=sys.stderr)
            status = max(status, 1)
            continue
        if built.findings:
            print(f"vconv build: {game}: the module has {counted(len(built.findings), 'problems')}; "
                  "nothing written", file=sys.stderr)
            for finding in built.findings:
                print(f"  {finding}", file=sys.stderr)
            status = max(status, 1)
            continue
        target = Path(args.output) / built.file_name
        if target in written:  # a second game of the same id would replace the first's module
            print(f"vconv build: {game}: its module {target} was written for {written[target]} "
                  f"in this run (both games have the id {built.game.id!r}); build them into "
                  "different folders", file=sys.stderr)
            status = max(status, 2)
            continue
        path = write_module(built, Path(args.output))
        written[target] = game
        for warning in built.warnings:
            print(f"vconv build: warning: {warning}", file=sys.stderr)
        if not args.quiet:
            if built.summary:
                print(f"{path}: {built.summary}")
            else:
                print(f"{path}: {counted(len(built.boards), 'boards')}, "
                      f"{counted(len(built.game.pieces or []), 'pieces')}, {counted(len(built.notes), 'notes')}")
            for note in built.notes:
                print(f"  note: {note}")
    return status


def _naming(game: str, exc: Exception) -> str:
    """The error, led by the game folder unless it already names it or a file inside it
    ('dist/x: dist/x: no such file' said the folder twice)."""
    text = str(exc)
    if any(text.startswith(f"{game}{end}") for end in (":", "/", os.sep)):
        return text
    return f"{game}: {text}"
