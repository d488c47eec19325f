"""Copy an image-less module with blank board images of the boards' sizes, for vlog-maker.

VASSAL sizes a board by its image; an image-less module's boards have none, so the engine
names every point 'offboard' and refuses a drop on a named place.  The copy (never committed)
gives each board a blank picture: of the real image's size where GIT_DIR (the module's
repository) has it, else of the extent of the board's zones and regions plus 20 pixels.

    python tests/data/size_boards.py IN.vmod OUT.vmod GIT_DIR
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
import zipfile

from PIL import Image

_BOARD = re.compile(r"<VASSAL\.build\.module\.map\.boardPicker\.Board\b([^>]*?)(/?)>")
_END = "</VASSAL.build.module.map.boardPicker.Board>"


def real_size(git_dir: str, name: str) -> tuple[int, int] | None:
    for path in (f"images/{name}", name):
        found = subprocess.run(["git", "-C", git_dir, "show", f"HEAD:{path}"],
                               capture_output=True, check=False)
        if found.returncode == 0 and found.stdout:
            with Image.open(io.BytesIO(found.stdout)) as picture:
                return picture.size
    return None


def extent(body: str) -> tuple[int, int]:
    xs, ys = [0], [0]
    for path in re.findall(r'path="([^"]*)"', body):
        for point in path.split(";"):
            if "," in point:
                x, y = point.split(",")
                xs.append(int(x))
                ys.append(int(y))
    for x, y in re.findall(r'originx="(-?\d+)" originy="(-?\d+)"', body):
        xs.append(int(x))
        ys.append(int(y))
    return max(xs) + 20, max(ys) + 20


def main(source: str, out: str, git_dir: str) -> None:
    with zipfile.ZipFile(source) as module:
        build = module.read("buildFile.xml").decode("utf-8")
        sizes: dict[str, tuple[int, int]] = {}
        for m in _BOARD.finditer(build):
            image = re.search(r'image="([^"]+)"', m.group(1))
            if image is None or image.group(1) in sizes:
                continue
            body = "" if m.group(2) else build[m.end():build.find(_END, m.end())]
            sizes[image.group(1)] = real_size(git_dir, image.group(1)) or extent(body)
            print(image.group(1), sizes[image.group(1)])
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as copy:
            for info in module.infolist():
                copy.writestr(info, module.read(info))
            for name, size in sizes.items():
                data = io.BytesIO()
                jpeg = name.lower().endswith((".jpg", ".jpeg"))
                Image.new("1", size, 1).save(data, "JPEG" if jpeg else "PNG")
                copy.writestr(f"images/{name}", data.getvalue())


if __name__ == "__main__":
    main(*sys.argv[1:4])
