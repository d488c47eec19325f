"""`vconv print`: a game's print-and-play kit (counter sheets, reference cards, decks) as PDF and PNG."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from converter.atomic import replacing_set
from converter.errors import ModelError
from converter.limits import PRINT_PIXELS
from converter.model.game import Game
from converter.validate import load_model
from converter.printkit.kit import KitOptions, deck_pdf_name, print_kit
from converter.render.boardcontent import printable
from converter.render.cardpictures import undrawn_pictures
from converter.printkit.layout import PAPERS


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="the game folder (modules/<slug>) or its game.json")
    parser.add_argument("-o", "--output", default="dist", help="output folder (default: dist)")
    parser.add_argument("--paper", choices=sorted(PAPERS), default="a4", help="paper size (default: a4)")
    parser.add_argument("--bleed", type=float, default=0.0, metavar="MM",
                        help="extend each counter's colour this many mm beyond its cut line (default: 0)")
    parser.add_argument("--dpi", type=int, default=300, help="raster resolution of the pages (default: 300)")
    parser.add_argument("--png", action="store_true", help="also write a PNG of every page and card")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--include-missing", action="store_true",
                        help="also print deck cards the rulebook tells nothing of (no text, no value)")


class _Bar:
    """A one-line progress bar on stderr, only when stderr is a terminal."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def __call__(self, what: str, done: int, total: int) -> None:
        if not self.enabled or total <= 0:
            return
        filled = int(30 * done / total)
        sys.stderr.write(f"\r{what:<24.24} [{'#' * filled}{'.' * (30 - filled)}] {done}/{total}")
        if done >= total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.bleed <= 10:  # (NaN is neither below 0 nor above 10)
        print(f"vconv print: error: --bleed must be between 0 and 10 mm, not {args.bleed}", file=sys.stderr)
        return 2
    if not 72 <= args.dpi <= 1200:
        print(f"vconv print: error: --dpi must be between 72 and 1200, not {args.dpi}", file=sys.stderr)
        return 2
    try:
        game = load_model(args.game)
    except ModelError as exc:
        # one line: the problems themselves are what `vconv validate` is for
        print(f"vconv print: error: {str(exc).splitlines()[0].rstrip(':')}", file=sys.stderr)
        return 2
    options = KitOptions(paper=args.paper, bleed_mm=args.bleed, dpi=args.dpi, png=args.png,
                         include_missing=args.include_missing)
    held, largest = _raster_pixels(game, options)
    if held > PRINT_PIXELS.value():
        need = f"--dpi {args.dpi} needs {held // 1_000_000} million pixels for {largest}"
        print(f"vconv print: error: {PRINT_PIXELS.refusal(args.game, need)}, or lower --dpi",
              file=sys.stderr)
        return 2
    bar = _Bar(not args.quiet and sys.stderr.isatty())
    refusals: dict[str, str] = {}
    try:
        out = Path(args.output)
        with replacing_set(out, f".{game.id}-kit.files") as staged:  # the whole kit switched in with one rename
            written = [out / p.relative_to(staged)
                       for p in print_kit(game, staged, options, progress=bar,
                                          undrawn=refusals)]
    except ValueError as exc:
        print(f"vconv print: error: {exc}", file=sys.stderr)
        return 2
    if not args.quiet:
        for path in written:
            if path.suffix == ".pdf":
                print(path)
        names = {path.name for path in written}
        blank = blank_boards_note(game, "map page")
        if blank:
            print(blank)
        refused = list(refusals.values())
        if refused:
            print(f"  note: {len(refused)} counter "
                  f"{'picture cannot' if len(refused) == 1 else 'pictures cannot'} be drawn; "
                  "those counters print from their names: " + "; ".join(refused[:3])
                  + (f" and {len(refused) - 3} more" if len(refused) > 3 else ""))
        for deck in game.decks or []:
            undrawn = undrawn_pictures(game, game.cards_of(deck.id))
            if undrawn and deck_pdf_name(game, deck) in names:
                kinds = sorted({name.rsplit(".", 1)[-1].upper() for name in undrawn})
                print(f"  note: deck {deck.name!r}: {len(undrawn)} card "
                      f"{'picture' if len(undrawn) == 1 else 'pictures'} ({', '.join(kinds)}) "
                      "cannot be read (vconv draws PNG, JPEG, GIF and SVG); those cards are "
                      "drawn from their titles")
            cards = len(game.cards_of(deck.id))
            if cards and deck_pdf_name(game, deck) not in names:
                which = ("its one card has no" if cards == 1
                         else f"none of its {cards} cards has a")
                print(f"  note: deck {deck.name!r}: {which} picture, text or value to print, so no PDF "
                      "(--include-missing prints blank cards)")
    return 0


def blank_boards_note(game: Game, what: str) -> str | None:
    """The note naming the boards with neither picture nor places of their own, which get no
    *what* (a map page, a preview); None when every board draws something."""
    blank = [board.name for board in game.boards or [] if not printable(game, board)]
    if not blank:
        return None
    shown = ", ".join(repr(n) for n in blank[:6]) + (
        f" and {len(blank) - 6} more" if len(blank) > 6 else "")
    return (f"  note: {'board' if len(blank) == 1 else 'boards'} {shown}: no picture and no "
            f"places of {'its' if len(blank) == 1 else 'their'} own, so no {what}")


def _raster_pixels(game: Game, options: KitOptions) -> tuple[int, str]:
    """Pixels the largest raster PDF draws, and which PDF that is: the counter sheets or a
    deck's fronts and backs, at --dpi (pages are drawn and written one at a time)."""
    import math

    from converter.printkit.cardsheet import deck_card_size, deck_grid
    from converter.printkit.layout import layout_counter_sheets
    from converter.render.cardpictures import counter_art_scale
    from converter.render.text import px

    paper = options.sheet
    pages = len(layout_counter_sheets(game, paper, bleed_mm=options.bleed_mm))
    what = "the counter sheets"
    chit_scale = counter_art_scale(game) if game.cards else None
    for deck in game.decks or []:
        cols, rows = deck_grid(paper, deck_card_size(game, deck, include_missing=True,
                                                     mm_per_px=chit_scale))
        per_page = cols * rows
        cards = sum(c.count or 1 for c in game.cards_of(deck.id))
        fronts_and_backs = 2 * math.ceil(cards / per_page)
        if fronts_and_backs > pages:
            pages, what = fronts_and_backs, f"deck {deck.name!r}"
    return (pages * px(paper.width_mm, options.dpi) * px(paper.height_mm, options.dpi),
            f"{what} ({pages} page{'' if pages == 1 else 's'})")
