"""Zip one commit of a repository holding an unpacked VASSAL module into a .vmod.

Kept so the files under tests/data/real/ can be made again byte for byte: entries are
taken unedited from `git show COMMIT:path`, in sorted order, with a fixed timestamp.
Images, PDFs and files over the size limit can be left out to keep the test data small.
"""
from __future__ import annotations

import argparse
import fnmatch
import subprocess
import sys
import zipfile

FIXED_TIME = (1980, 1, 1, 0, 0, 0)


def tracked_files(git_dir: str, commit: str) -> list[tuple[str, int]]:
    """Paths and sizes of every blob at the commit."""
    out = subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "-r", "-l", "-z", commit],
                         check=True, capture_output=True).stdout.decode()
    files = []
    for entry in filter(None, out.split("\0")):
        meta, path = entry.split("\t", 1)
        _mode, kind, _sha, size = meta.split()
        if kind == "blob" and size.isdigit():  # a blob absent from a partial mirror has no size
            files.append((path, int(size)))
    return sorted(files)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("git_dir")
    parser.add_argument("commit")
    parser.add_argument("output")
    parser.add_argument("--exclude", action="append", default=[], help="glob of paths to leave out")
    parser.add_argument("--max-size", type=int, default=0, help="leave out files larger than this")
    args = parser.parse_args(argv)
    with zipfile.ZipFile(args.output, "w") as archive:
        for path, size in tracked_files(args.git_dir, args.commit):
            if any(fnmatch.fnmatch(path, pattern) for pattern in args.exclude):
                continue
            if args.max_size and size > args.max_size:
                continue
            data = subprocess.run(["git", "--git-dir", args.git_dir, "show", f"{args.commit}:{path}"],
                                  check=True, capture_output=True).stdout
            info = zipfile.ZipInfo(path, FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
