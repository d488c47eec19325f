"""`vconv import MODULE.vmod -o modules/<slug>/ [--force]`: a VASSAL module → a game folder.

A module built by vconv carries its game description, which is written back as it is;
any other module is reconstructed (maps, boards, pieces, dice, turns, at-start stacks), with
what the format cannot hold listed in the game's notes.  Exit 0 when the folder is written,
2 for a module that cannot be read or a folder that exists without --force.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from converter.errors import InputError

_SLUG = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("module", metavar="MODULE", help="the VASSAL module (.vmod) to import")
    parser.add_argument("-o", "--output", required=True, metavar="DIR",
                        help="the game folder to write, e.g. modules/<slug>/ (its name is the game id)")
    parser.add_argument("-f", "--force", action="store_true",
                        help="replace the folder when it already exists")
    parser.add_argument("-q", "--quiet", action="store_true", help="print nothing on success")


def run(args: argparse.Namespace) -> int:
    from converter.importer import check_target, import_module, write_folder

    target = Path(args.output)
    slug = target.resolve().name
    if not _SLUG.match(slug) or len(slug) > 80:
        raise InputError(args.output, "the folder name is the game id: use letters, digits, "
                                      "'-', '_' and '.' (at most 80)")
    check_target(target, args.force)
    game = import_module(args.module, slug)
    written = write_folder(game.files, target, args.force)
    if not args.quiet:
        how = "the game description the module carries (built by vconv), as it is" \
            if game.embedded else "reconstructed from the build file"
        counts = ", ".join(f"{n} {what}" for what, n in game.counts.items())
        print(f"{written}: {game.title!r}: {how}; {counts}")
        if game.kept:
            print(f"  kept verbatim for vconv build: {game.kept}")
        for note in game.notes:
            print(f"  note: {note}")
        for name in game.absent_files:
            print(f"  note: the game names {name!r}, which the module does not carry; "
                  "copy it into the folder")
    return 0
