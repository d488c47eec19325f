"""Redraw the README's map pictures: each map as the module's board image, 1,400 px wide, and
the first page of its printed map (pdftoppm at 60 dpi).

    .venv/bin/python docs/readme_pictures.py

A picture keeps its 160 most frequent colours exactly (the fills, swatches and lines a reader
compares with the legend) and 96 more for the anti-aliased edges, so a small file shows each
legend colour as the map draws it.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
MAPS = {"the-first-world-war": "europa", "pursuit-of-glory": "mappa"}


def save(picture: Image.Image, dst: Path, width: int | None = None) -> None:
    im = picture.convert("RGB")
    if width:
        im = im.resize((width, round(im.height * width / im.width)), Image.Resampling.LANCZOS)
    top = [rgb for _n, rgb in sorted(im.getcolors(1 << 24) or [], key=lambda c: (-c[0], c[1]))[:160]]
    cut = (im.quantize(256, method=Image.Quantize.MEDIANCUT).getpalette() or [])[:768]
    extra = sorted({tuple(cut[k:k + 3]) for k in range(0, len(cut), 3)} - set(top),
                   key=lambda rgb: min(sum((a - b) ** 2 for a, b in zip(rgb, t)) for t in top), reverse=True)
    palette = Image.new("P", (1, 1))
    flat = [v for rgb in (top + extra)[:256] for v in rgb]
    palette.putpalette(flat + [0] * (768 - len(flat)))
    im.quantize(palette=palette, dither=Image.Dither.NONE).save(dst, optimize=True)


def main() -> int:
    vconv = str(Path(sys.executable).with_name("vconv"))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        for slug, board in MAPS.items():
            game = str(ROOT / "modules" / slug)
            subprocess.run([vconv, "build", game, "-o", str(out)], check=True, capture_output=True)
            subprocess.run([vconv, "print", game, "-o", str(out / slug), "--quiet"], check=True)
            with zipfile.ZipFile(out / f"{slug}.vmod") as vmod, vmod.open(f"images/boards/{board}.png") as f:
                save(Image.open(f), ROOT / "docs" / f"{slug}-map.png", 1400)
            subprocess.run(["pdftoppm", "-r", "60", "-png", "-f", "1", "-l", "1",
                            str(out / slug / f"{slug}-maps.pdf"), str(out / f"{slug}-page")], check=True)
            save(Image.open(next(out.glob(f"{slug}-page*.png"))), ROOT / "docs" / f"{slug}-map-page.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
