"""Rendering speed, run by hand: `python bench/bench_render.py [--dpi 300]`.

Reports counters rendered per second, the time to print every bundled module, and compares
rendering a counter sheet page with the bare cost of encoding the same page as PNG with
Pillow (the floor: any renderer has to produce those pixels and the PDF has to compress them).
Target: rendering within 2x of that floor.
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from converter.errors import VconvError  # noqa: E402
from converter.validate import load_model  # noqa: E402
from converter.printkit.kit import KitOptions, print_kit  # noqa: E402
from converter.printkit.layout import PAPERS, layout_counter_sheets  # noqa: E402
from converter.printkit.sheets import render_page  # noqa: E402
from converter.render.counters import counter_image  # noqa: E402


def games() -> list[Path]:
    folders = [ROOT / "tests" / "data" / "games" / "mini"]
    folders += sorted(p for p in (ROOT / "modules").iterdir() if (p / "game.json").is_file())
    return folders


def bench_counters(dpi: int) -> None:
    total, seconds, pixels = 0, 0.0, 0
    for folder in games():
        try:
            game = load_model(folder)
        except VconvError:
            continue
        start = time.perf_counter()
        for piece in game.pieces or []:
            for face in piece.faces:
                img = counter_image(game, piece, face.counter, face.side, dpi=dpi)
                pixels += img.width * img.height
                total += 1
        seconds += time.perf_counter() - start
    print(f"counters: {total} faces in {seconds:.2f} s = {total / seconds:.0f} counters/s at {dpi} dpi")


def bench_sheets_vs_png_floor(dpi: int) -> None:
    render_s, png_s, pages = 0.0, 0.0, 0
    for folder in games():
        try:
            game = load_model(folder)
        except VconvError:
            continue
        paper = PAPERS["a4"]
        cache: dict = {}
        for page in layout_counter_sheets(game, paper):
            start = time.perf_counter()
            img = render_page(game, page, paper, dpi=dpi, cache=cache)
            render_s += time.perf_counter() - start
            start = time.perf_counter()
            img.save(io.BytesIO(), format="PNG", compress_level=6)
            png_s += time.perf_counter() - start
            pages += 1
    ratio = render_s / png_s if png_s else float("nan")
    verdict = "within" if ratio <= 2 else "OVER"
    print(f"sheet pages: {pages}; render {render_s:.2f} s, PNG encode floor {png_s:.2f} s: "
          f"{ratio:.2f}x the floor ({verdict} the 2x target)")


def bench_print_all(dpi: int) -> None:
    grand = 0.0
    with tempfile.TemporaryDirectory() as out:
        for folder in games():
            try:
                game = load_model(folder)
            except VconvError as exc:
                print(f"print {folder.name}: skipped ({str(exc).splitlines()[0]})")
                continue
            start = time.perf_counter()
            written = print_kit(game, Path(out) / folder.name, KitOptions(dpi=dpi))
            took = time.perf_counter() - start
            grand += took
            size = sum(p.stat().st_size for p in written)
            print(f"print {folder.name}: {took:.2f} s, {len(written)} files, {size / 1e6:.1f} MB")
    print(f"print every module: {grand:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dpi", type=int, default=300)
    args = parser.parse_args()
    bench_counters(args.dpi)
    bench_sheets_vs_png_floor(args.dpi)
    bench_print_all(args.dpi)


if __name__ == "__main__":
    main()
