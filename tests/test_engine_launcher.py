"""The copy of the vassal-check launcher the tests call (tests/helpers_vassal.py) runs the same
classes in the same class-path order; only its class folders are packed as jars, and a jar's
manifest entry naming a folder is dropped (what Class Data Sharing needs)."""

from __future__ import annotations

import zipfile
from pathlib import Path

from tests.helpers_vassal import _jar_only_launcher

SCRIPT = '''#!/bin/bash
V="$(cd "$(dirname "$0")" && pwd)"
CP="$V/classes:$V/stubclasses:$(cat "$V/classpath.txt")"
exec java -cp "$CP" vharness.VassalCheck "$@"
'''


def _jar(path: Path, manifest: str, entries: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w") as jar:
        jar.writestr("META-INF/MANIFEST.MF", manifest)
        for name, data in entries.items():
            jar.writestr(name, data)
    return path


def _launcher(home: Path) -> Path:
    for folder, name in (("classes", "vharness/VassalCheck.class"),
                         ("stubclasses", "stub/Wizard.class")):
        (home / folder / Path(name).parent).mkdir(parents=True)
        (home / folder / name).write_bytes(b"\xca\xfe" + name.encode())
    libs = home / "libs"
    libs.mkdir()
    plain = _jar(libs / "plain.jar", "Manifest-Version: 1.0\r\nClass-Path: other.jar\r\n",
                 {"a/A.class": b"A"})
    # Debian's gnu-getopt names the folder it is in ("."), here on a continuation line
    folder = _jar(libs / "getopt.jar", "Manifest-Version: 1.0\r\nClass-Path: /no/rt.jar\r\n"
                  "  .\r\nCreated-By: test\r\n", {"g/G.class": b"G"})
    (home / "classpath.txt").write_text(f"{plain}:{folder}\n", encoding="utf-8")
    (home / "logback-harness.xml").write_text("<configuration/>", encoding="utf-8")
    launcher = home / "vassal-check36"
    launcher.write_text(SCRIPT, encoding="utf-8")
    return launcher


def test_the_copy_packs_the_class_folders_and_keeps_the_class_path_order(tmp_path: Path) -> None:
    home, into = tmp_path / "home", tmp_path / "copy"
    home.mkdir()
    into.mkdir()
    copy = _jar_only_launcher(_launcher(home), into)
    assert copy is not None and copy.read_text(encoding="utf-8") == SCRIPT
    with zipfile.ZipFile(into / "classes") as jar:
        assert jar.read("vharness/VassalCheck.class") == b"\xca\xfevharness/VassalCheck.class"
    with zipfile.ZipFile(into / "stubclasses") as jar:
        assert jar.namelist() == ["stub/Wizard.class"]
    entries = (into / "classpath.txt").read_text(encoding="utf-8").split(":")
    # the jar whose manifest names no folder is used where it is; the other is a copy
    assert entries == [str(home / "libs" / "plain.jar"), str(into / "jars" / "getopt.jar")]
    with zipfile.ZipFile(entries[1]) as jar:
        assert jar.read("g/G.class") == b"G"
        manifest = jar.read("META-INF/MANIFEST.MF").decode()
    assert "Class-Path" not in manifest and "Created-By: test" in manifest
    assert (into / "logback-harness.xml").read_text(encoding="utf-8") == "<configuration/>"


def test_a_launcher_of_another_layout_is_called_as_it_is(tmp_path: Path) -> None:
    launcher = tmp_path / "wrapper"
    launcher.write_text("#!/bin/bash\nexec ~/.cache/vassal36/vassal-check36 \"$@\"\n",
                        encoding="utf-8")
    assert _jar_only_launcher(launcher, tmp_path) is None
