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

from converter.atomic import check_not_input
from converter.errors import InputError

_SLUG = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
# notes of one kind printed before the rest are counted (Fields of Fire has 1695 pieces
# whose picture is absent); game.json's notes keep them all
SHOWN_PER_KIND = 10
_QUOTED, _NUMBER = re.compile(r"'[^']*'"), re.compile(r"\d+")


# Kinds a module of another genre lacks altogether: "0 decks, 0 cards" in a hex wargame's
# summary is noise, where "0 scenarios" or "0 pieces" tells a builder something went missing.
_SAID_WHEN_PRESENT = frozenset({"decks", "cards", "dice", "charts", "global properties"})

def note_kind(note: str) -> str:
    """A note with its names, numbers and parenthesised details left out."""
    return _NUMBER.sub("N", _QUOTED.sub("'…'", note)).split("(", 1)[0].strip()


def shown_notes(notes: list[str]) -> list[str]:
    """The notes to print: the first few of each kind, then one line counting the rest."""
    seen: dict[str, int] = {}
    out = []
    for note in notes:
        kind = note_kind(note)
        seen[kind] = seen.get(kind, 0) + 1
        if seen[kind] <= SHOWN_PER_KIND:
            out.append(note)
    for kind, count in seen.items():
        if count > SHOWN_PER_KIND:
            out.append(f"{count - SHOWN_PER_KIND} more like \"{kind}\" (game.json's notes "
                       "list them all)")
    return out


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("module", metavar="MODULE", help="the VASSAL module (.vmod) to import")
    parser.add_argument("-o", "--output", required=True, metavar="DIR",
                        help="the game folder to write, e.g. modules/<slug>/ (its name is the game id)")
    parser.add_argument("-f", "--force", action="store_true",
                        help="replace the folder when it already exists")
    parser.add_argument("-q", "--quiet", action="store_true", help="print nothing on success")


def run(args: argparse.Namespace) -> int:
    from converter.count import counted
    from converter.importer import check_target, import_module, write_folder

    target = Path(args.output)
    slug = target.resolve().name
    if not _SLUG.match(slug) or len(slug) > 80:
        raise InputError(args.output, "the folder name is the game id: use letters, digits, "
                                      "'-', '_' and '.' (at most 80)")
    check_target(target, args.force)
    check_not_input(target, [args.module], replaced_folder=True)  # --force would delete it
    game = import_module(args.module, slug)
    written = write_folder(game.files, target, args.force)
    if not args.quiet:
        how = "the game description the module carries (built by vconv), as it is" \
            if game.embedded else "reconstructed from the build file"
        counts = ", ".join(counted(n, what) for what, n in game.counts.items()
                           if n or what not in _SAID_WHEN_PRESENT)
        print(f"{written}: {game.title!r}: {how}; {counts}")
        if game.kept:
            print(f"  kept verbatim for vconv build: {game.kept}")
        for note in shown_notes(game.notes):
            print(f"  note: {note}")
        for name in game.absent_files:
            print(f"  note: the game names {name!r}, which the module does not carry; "
                  "copy it into the folder")
    return 0
