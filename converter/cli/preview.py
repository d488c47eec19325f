"""`vconv preview`: each board as the module places things on it, to check a calibration by eye."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from converter.errors import ModelError
from converter.validate import load_model


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="the game folder (modules/<slug>) or its game.json")
    parser.add_argument("-o", "--output", default="dist", help="output folder (default: dist)")
    parser.add_argument("-q", "--quiet", action="store_true", help="print nothing on success")


def run(args: argparse.Namespace) -> int:
    from converter.builder.preview import write_previews
    from converter.cli.print_kit import blank_boards_note

    try:
        game = load_model(args.game)
    except ModelError as exc:
        print(f"vconv preview: error: {str(exc).splitlines()[0].rstrip(':')}", file=sys.stderr)
        return 2
    written = write_previews(game, Path(args.output))
    if not args.quiet:
        for path in written:
            print(path)
        blank = blank_boards_note(game, "preview")
        if blank:
            print(blank)
    return 0
