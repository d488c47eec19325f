"""`vconv check MODULE --extension EXT`: a module checked as VASSAL plays it with extensions
loaded (their components where their targets put them, their files in the archive), each
finding named by the file it is in, and an extension VASSAL refuses or warns about said so.

The real extensions tried (the Warmachine & Hordes CID extensions of npe9/CID-extension and
npe9/PPCID-2017-Nov-01 with npe9/WMH_Vassal's module, ASL PBS of marangonico/asl_pbs) state
no licence: the small module and extensions written here reproduce what they showed."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from converter.check import Report, Severity, check_module, check_with_extensions
from converter.cli import main
from tests.check.conftest import BUILDFILE, IMAGES, png, write_module
from tests.helpers_vassal import start_vassal_check

TAB = "\t"
COUNTERS = "VASSAL.build.module.PieceWindow:Counters"
UNITS = COUNTERS + "/VASSAL.build.widget.ListWidget:Units"


def slot(name: str, gpid: str, *, prototype: str = "Unit", image: str = "front.png") -> str:
    """A palette slot whose piece uses *prototype* and draws *image*."""
    return (f'<VASSAL.build.widget.PieceSlot entryName="{name}" gpid="{gpid}" width="64" '
            f'height="64">+/null/prototype;{prototype}{TAB}piece;;;{image};{name}/'
            f"{TAB}null;0;0;{gpid};0</VASSAL.build.widget.PieceSlot>")


def element(target: str, component: str) -> str:
    return (f'<VASSAL.build.module.ExtensionElement target="{target}">{component}'
            "</VASSAL.build.module.ExtensionElement>")


def extension_text(*elements: str, module: str = "Test", module_version: str = "1.0",
                   any_module: str = "false", ext_id: str = "e01") -> str:
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<VASSAL.build.module.ModuleExtension anyModule="{any_module}" '
            f'extensionId="{ext_id}" module="{module}" moduleVersion="{module_version}" '
            'nextPieceSlotId="20" vassalVersion="3.6.0" version="1.0">\n'
            + "\n".join(elements) + "\n</VASSAL.build.module.ModuleExtension>\n")


EXTENSIONDATA = ('<?xml version="1.0" encoding="UTF-8"?>\n<data version="1"><version>1.0'
                 "</version><VassalVersion>3.6.0</VassalVersion><description>Reinforcements"
                 "</description><universal>false</universal></data>")


def write_extension(path: Path, text: str, images: dict[str, bytes] | None = None) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("buildFile.xml", text)
        archive.writestr("extensiondata", EXTENSIONDATA)
        for name, data in (images or {}).items():
            archive.writestr("images/" + name, data)
    return path


@pytest.fixture
def base(tmp_path: Path) -> Path:
    return write_module(tmp_path / "Test.vmod", BUILDFILE,
                        images={n: png(*s) for n, s in IMAGES.items()})


def reinforcements(tmp_path: Path, *elements: str, name: str = "Reinforcements.vmdx",
                   images: dict[str, bytes] | None = None, **options: str) -> Path:
    return write_extension(tmp_path / name, extension_text(*elements, **options), images)


def codes(report: Report) -> list[tuple[str, str]]:
    return sorted((f.severity.value, f.code) for f in report.findings)


def test_an_extension_uses_what_its_module_defines(base: Path, tmp_path: Path) -> None:
    """The CID extension's 61 pieces use the module's prototypes and images: checked alone,
    29 names it cannot tell; checked with its module, each is found and nothing is said
    but where its components went."""
    ext = reinforcements(tmp_path, element(UNITS, slot("2nd Bn", "e01:1")),
                         element(UNITS, slot("3rd Bn", "e01:2", image="own.png")),
                         images={"own.png": png(64, 64)})
    report = check_with_extensions(base, [ext])
    assert codes(report) == [("info", "extension")], [str(f) for f in report.findings]
    (summary,) = report.findings
    assert summary.where == f"{ext}!buildFile.xml"
    assert summary.message == ("extension 'Reinforcements' adds 2 component(s) (2 with what "
                               "they hold) to the module, under 'PieceWindow[Counters]/"
                               "ListWidget[Units]'")
    assert report.exit_code(strict=True) == 0
    assert report.summary() == (f"{base} with extension(s) {ext}: 0 error(s), 0 warning(s), "
                                "1 info")


def test_each_finding_names_its_file_and_where_the_component_went(
        base: Path, tmp_path: Path) -> None:
    """A prototype and an image neither file has are the extension's faults, named by its
    build file's line and the place in the module its piece joins; a fault of the module
    is named by the module's file."""
    ext = reinforcements(tmp_path, element(UNITS, slot("2nd Bn", "e01:1", prototype="Ghost",
                                                       image="nothere.png")))
    broken = write_module(tmp_path / "Broken.vmod", BUILDFILE,
                          images={n: png(*s) for n, s in IMAGES.items() if n != "card.png"})
    report = check_with_extensions(broken, [ext])
    found = {f.code + ":" + f.message.split("'")[1]: f for f in report.findings
             if f.severity is not Severity.INFO}
    assert sorted(found) == ["missing-image:card.png", "missing-image:nothere.png",
                             "missing-prototype:Ghost"]
    piece = f"{ext}!buildFile.xml:3: PieceWindow[Counters]/ListWidget[Units]/PieceSlot[2nd Bn]"
    assert found["missing-prototype:Ghost"].where == piece + " (Prototype 'Ghost')"
    assert found["missing-image:nothere.png"].where == piece + " (BasicPiece)"
    assert found["missing-image:card.png"].where.startswith(f"{broken}!buildFile.xml:")
    assert report.exit_code() == 0 and report.exit_code(strict=True) == 1


def test_an_extension_built_for_another_module_is_not_loaded(base: Path, tmp_path: Path) -> None:
    """VASSAL refuses an extension built for another module ('Extension 'X' was built for
    module VASL') and loads none of it, unless the extension is universal (anyModule)."""
    components = element(UNITS, slot("2nd Bn", "e01:1", prototype="Ghost"))
    other = reinforcements(tmp_path, components, module="VASL")
    report = check_with_extensions(base, [other])
    assert codes(report) == [("error", "extension-module")]
    (refused,) = report.findings
    assert refused.where == f"{other}!buildFile.xml:2: ModuleExtension (@module)"
    assert refused.message == (
        "the extension was built for module 'VASL', not 'Test': VASSAL does not load it "
        "('Unable to load extension Reinforcements: Extension 'Reinforcements' was built for "
        "module VASL')")
    assert report.exit_code() == 1
    universal = reinforcements(tmp_path, components, name="Any.vmdx", module="VASL",
                               any_module="true")
    assert ("error", "extension-module") not in codes(check_with_extensions(base, [universal]))


@pytest.mark.parametrize("wanted, warned", [("2.0", True), ("1.0.1", True), ("1.0.0", False),
                                            ("0.9", False)])
def test_an_extension_for_a_later_version_of_the_module_warns(
        base: Path, tmp_path: Path, wanted: str, warned: bool) -> None:
    """PPCID (built for Warmachine & Hordes 4.6.2) with the module's 4.5.6: VASSAL loads it and
    warns in the chat that it was built for module version 4.6.2."""
    ext = reinforcements(tmp_path, element(UNITS, slot("2nd Bn", "e01:1")),
                         module_version=wanted)
    report = check_with_extensions(base, [ext])
    said = [f for f in report.findings if f.code == "extension-version"]
    assert bool(said) is warned
    if warned:
        assert said[0].severity is Severity.WARNING
        assert (f"was built for module version {wanted}. You are running version 1.0"
                in said[0].message)
    assert report.exit_code() == 0


def test_a_target_the_module_lacks_stops_the_extension(base: Path, tmp_path: Path) -> None:
    """VASSAL walks a target from the module's top, one class:name step at a time; a step it
    finds nowhere stops the extension's load. At the last step a name it lacks takes the
    first component of that class (here the list 'Units'), as VASSAL does."""
    lost = COUNTERS + "/VASSAL.build.widget.ListWidget:Reserves/VASSAL.build.widget.PanelWidget:X"
    ext = reinforcements(tmp_path, element(lost, slot("2nd Bn", "e01:1")),
                         element(COUNTERS + "/VASSAL.build.widget.ListWidget:Reserves",
                                 slot("3rd Bn", "e01:2", prototype="Ghost")))
    report = check_with_extensions(base, [ext])
    (stopped,) = [f for f in report.findings if f.code == "extension-target"]
    assert stopped.severity is Severity.ERROR
    assert stopped.where == f"{ext}!buildFile.xml:3: ExtensionElement"
    assert "('Unable to load extension Reinforcements: Could not find Reserves in Game Piece " \
        in stopped.message
    (ghost,) = [f for f in report.findings if f.code == "missing-prototype"]
    assert "PieceWindow[Counters]/ListWidget[Units]/PieceSlot[3rd Bn]" in ghost.where


def test_targets_see_folders_and_what_earlier_extensions_added(
        base: Path, tmp_path: Path) -> None:
    """A target names the module's folders (a 3.7 PrototypeFolder), and a later extension may
    aim at a component an earlier one added: the prototype added in the folder is the one
    the second extension's piece uses."""
    proto = ('<VASSAL.build.module.PrototypeDefinition name="Veteran" description="">'
             f"+/null/piece;;;;/{TAB}null;0;0;;0</VASSAL.build.module.PrototypeDefinition>")
    first = reinforcements(tmp_path, element(
        "VASSAL.build.module.PrototypesContainer/VASSAL.build.module.folder.PrototypeFolder:"
        "Units", proto), element(COUNTERS, '<VASSAL.build.widget.ListWidget entryName="New"/>'),
        name="First.vmdx", ext_id="e01")
    second = reinforcements(tmp_path, element(
        COUNTERS + "/VASSAL.build.widget.ListWidget:New",
        slot("Guard", "e02:1", prototype="Veteran")), name="Second.vmdx", ext_id="e02")
    report = check_with_extensions(base, [first, second])
    assert codes(report) == [("info", "extension"), ("info", "extension")], \
        [str(f) for f in report.findings]
    assert [f.message.split(" to the module")[1] for f in report.sorted()] == [
        ", under 'PieceWindow[Counters]', 'PrototypesContainer'",
        ", under 'PieceWindow[Counters]/ListWidget[New]'"]
    # the other order: the list is not there yet when the second extension loads, so its
    # last step takes the first list of the palette, as VASSAL does
    reverse = check_with_extensions(base, [second, first])
    assert codes(reverse) == [("info", "extension"), ("info", "extension")]
    assert "under 'PieceWindow[Counters]/ListWidget[Units]'" in reverse.sorted()[1].message


def test_two_extensions_with_one_id_warn(base: Path, tmp_path: Path) -> None:
    one = reinforcements(tmp_path, element(UNITS, slot("2nd Bn", "e01:1")), name="One.vmdx")
    two = reinforcements(tmp_path, element(UNITS, slot("3rd Bn", "e01:2")), name="Two.vmdx")
    report = check_with_extensions(base, [one, two])
    (clash,) = [f for f in report.findings if f.code == "extension-id"]
    assert clash.where.startswith(f"{two}!buildFile.xml:2:")
    assert f"also the id of extension {one}" in clash.message
    # the same file twice is loaded once, as VASSAL's extension loader does
    again = check_with_extensions(base, [one, one])
    assert codes(again) == [("info", "extension")]


def test_an_extensions_components_are_judged_by_its_own_vassal_version(tmp_path: Path) -> None:
    """ASL PBS (VASSAL 3.7.20) adds Flares (new in 3.5) to a module; loaded into a module
    declaring 3.2.17 it was 'new in 3.5 but the module declares 3.2.17': the extension's own
    declaration is what tells whether its players can load it."""
    from tests.check.conftest import MODULEDATA

    old = write_module(tmp_path / "Old.vmod", BUILDFILE.replace(
        'VassalVersion="3.6.0"', 'VassalVersion="3.2.17"'),
        moduledata=MODULEDATA.replace("3.6.0", "3.2.17"),
        images={n: png(*s) for n, s in IMAGES.items()})
    flare = element("VASSAL.build.module.Map:Main Map",
                    '<VASSAL.build.module.map.Flare circleColor="255,0,0" circleSize="100" '
                    'flareKey="keyAlt" flareName="Flare"/>')
    report = check_with_extensions(old, [reinforcements(tmp_path, flare)])
    # (the module's own 3.6 folders are its own fault, named by its file)
    assert sorted(f.where for f in report.findings if f.code == "newer-than-declared") == [
        f"{old}!buildFile.xml:22", f"{old}!buildFile.xml:6"]
    text = extension_text(flare).replace('vassalVersion="3.6.0"', 'vassalVersion="3.2.17"')
    older = tmp_path / "Older.vmdx"
    with zipfile.ZipFile(older, "w") as archive:
        archive.writestr("buildFile.xml", text)
    findings = check_with_extensions(old, [older]).findings
    (said,) = [f for f in findings
               if f.code == "newer-than-declared" and f.where.startswith(str(older))]
    (bare,) = [f for f in findings if f.code == "no-moduledata"]
    assert bare.where == str(older) and bare.message.startswith(
        "the extension has no extensiondata entry")
    assert said.where.startswith(f"{older}!buildFile.xml:3: Map[Main Map]/Flare")
    assert "Flare is new in VASSAL 3.5 but the extension declares VassalVersion 3.2.17" \
        in said.message


GHOST_LAYER = ("emb2;;128;;Flip;128;;;128;;;;1;false;0;0;ghost1.png,ghost2.png;,+ (reduced);"
               "true;Step;;;false;;1;1;true;;70,130;;;1.0;;true")
GHOST = ('<VASSAL.build.module.PrototypeDefinition name="Unit" description="">'
         f"+/null/{GHOST_LAYER}{TAB}piece;;;;/1{TAB}null;0;0;;0"
         "</VASSAL.build.module.PrototypeDefinition>")


def test_the_last_prototype_of_a_name_is_the_one_used(base: Path, tmp_path: Path) -> None:
    """VASSAL keeps the last prototype of a name (the 3.6 engine draws the last one's
    images and logs 'More than one Definition named Unit'): a second 'Unit' whose layer
    'Flip' clashes with the piece's own 'Flip' is what the piece gets; the first is never
    used. check took the first, so it judged the pieces by a prototype VASSAL ignores. An
    extension's prototype thus replaces its module's: information, not a mistake."""
    folder_end = "</VASSAL.build.module.folder.PrototypeFolder>"
    last = write_module(tmp_path / "Last.vmod", BUILDFILE.replace(folder_end, folder_end + GHOST),
                        images={n: png(*s) for n, s in IMAGES.items()})
    first = write_module(tmp_path / "First.vmod", BUILDFILE.replace(
        '<VASSAL.build.module.folder.PrototypeFolder name="Units">',
        GHOST + '<VASSAL.build.module.folder.PrototypeFolder name="Units">'),
        images={n: png(*s) for n, s in IMAGES.items()})
    from converter.check import check_module

    for path, clash in ((last, True), (first, False)):
        report = check_module(path)
        assert any(f.code == "hotkey-twice" for f in report.findings) is clash
        (shadowed,) = [f for f in report.findings if f.code == "duplicate-prototype"]
        assert shadowed.severity is Severity.WARNING
        assert "VASSAL uses the last definition of a name (and warns 'More than one " \
            "Definition named Unit'), so this one is never used" in shadowed.message
    shadowed_line = [f for f in check_module(last).findings
                     if f.code == "duplicate-prototype"][0].where.split(":")[1]
    assert shadowed_line == "7"  # the module's own 'Unit', in its folder
    ext = reinforcements(tmp_path, element("VASSAL.build.module.PrototypesContainer", GHOST))
    report = check_with_extensions(base, [ext])
    (replaced,) = [f for f in report.findings if f.code == "duplicate-prototype"]
    assert replaced.severity is Severity.INFO
    assert replaced.where.startswith(f"{base}!buildFile.xml:7: PrototypesContainer/")
    assert f"also defined at {ext}!buildFile.xml:3" in replaced.message
    assert replaced.message.endswith("the extension's replaces it")
    assert any(f.code == "hotkey-twice" for f in report.findings)


@pytest.mark.vassal
def test_the_engine_draws_the_last_prototype_of_a_name(tmp_path: Path) -> None:
    folder_end = "</VASSAL.build.module.folder.PrototypeFolder>"
    images = {n: png(*s) for n, s in IMAGES.items()}
    last = write_module(tmp_path / "Last.vmod", BUILDFILE.replace(folder_end, folder_end + GHOST),
                        images=images)
    first = write_module(tmp_path / "First.vmod", BUILDFILE.replace(
        '<VASSAL.build.module.folder.PrototypeFolder name="Units">',
        GHOST + '<VASSAL.build.module.folder.PrototypeFolder name="Units">'), images=images)
    from tests.check.test_vassal_agrees import assert_agrees

    drawn = "Source: ghost1.png Error: Image not found"
    assert drawn in start_vassal_check(last, urgent=True).result().output
    assert drawn not in start_vassal_check(first, urgent=True).result().output
    for path in (last, first):  # each problem the engine reports is one check reports
        assert "WARN [log] VASSAL.build.GameModule: More than one Definition named Unit" in \
            assert_agrees(path)


@pytest.mark.parametrize("hostile", ["zip-slip", "entity", "huge", "not-zip", "module"])
def test_a_bad_extension_is_refused_with_exit_2(
        base: Path, tmp_path: Path, hostile: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / f"{hostile}.vmdx"
    if hostile == "zip-slip":
        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr("buildFile.xml", extension_text())
            archive.writestr("../../evil.png", b"x")
        said = "escapes the archive"
    elif hostile == "entity":
        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr("buildFile.xml", '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a '
                             '"aaaa">]><VASSAL.build.module.ModuleExtension module="&a;"/>')
        said = "declares a DTD, which vconv refuses"
    elif hostile == "huge":  # a build file inflating past the 64 MiB a build file may have
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.writestr("buildFile.xml", extension_text() + " " * (64 * 1024 * 1024))
        said = "more than the 67108864 byte limit"
    elif hostile == "not-zip":
        path.write_bytes(b"PK\x03\x04 not really")
        said = "not a"
    else:
        write_module(path, BUILDFILE)
        said = "not an extension (its build file's root is VASSAL.build.GameModule)"
    assert main(["check", str(base), "--extension", str(path)]) == 2
    out, err = capsys.readouterr()
    assert f"vconv check: error: {path}" in err and said.lower() in err.lower(), err
    assert "Traceback" not in out + err


def test_the_command_line(base: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ext = reinforcements(tmp_path, element(UNITS, slot("2nd Bn", "e01:1")))
    assert main(["check", str(base), "-x", str(ext), "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    (module,) = out["modules"]
    assert module["module"] == str(base) and module["extensions"] == [str(ext)]
    # extensions go into one module; an extension is no module
    assert main(["check", str(base), str(base), "--extension", str(ext)]) == 2
    assert "--extension loads extensions into one MODULE" in capsys.readouterr().err
    assert main(["check", str(ext), "--extension", str(ext)]) == 2
    assert "this is an extension (.vmdx), not a module" in capsys.readouterr().err
    fixed = tmp_path / "fixed.vmod"
    assert main(["check", "--fix-gpids", str(base), "-o", str(fixed), "-x", str(ext)]) == 2
    assert "--fix-gpids takes one MODULE and -o FIXED.vmod, without --extension" in \
        capsys.readouterr().err
    assert not fixed.exists()


# -- the engine --------------------------------------------------------------------------------

ENGINE_CASES = {  # options, whether the engine's load fails, whether it reports an error
    "clean": ({}, False, False),
    "other-module": ({"module": "VASL"}, True, True),
    "later-version": ({"module_version": "2.0"}, False, False),
    "lost-target": ({"target": COUNTERS + "/VASSAL.build.widget.ListWidget:Reserves/"
                               "VASSAL.build.widget.PanelWidget:X"}, True, True),
    "empty-element": ({"component": ""}, True, True),
    # a class neither file has: the engine reports it and goes on (check: missing-class)
    "own-class": ({"target": "", "component": "<own.Thing/>"}, False, True),
    # a trait VASSAL does not know and an image neither file has: the engine warns
    "unknown-trait": ({"component": slot("2nd Bn", "e01:1").replace(
        f"prototype;Unit{TAB}piece;;;front.png", f"wobble;x{TAB}piece;;;nothere.png")},
        False, False),
}


@pytest.mark.vassal
@pytest.mark.parametrize("case", sorted(ENGINE_CASES))
def test_the_engine_loads_extensions_as_check_says(base: Path, tmp_path: Path,
                                                   case: str) -> None:
    """The real engine (vassal-check --ext) loads the module, then the extension: an
    extension for another module, with a lost target or an empty element fails its load (an
    error, as check says), one for a later module version loads with a chat warning (check's
    warning); every problem the engine reports is one check reports, and every error of
    check is an error of the engine (tests/check/test_vassal_agrees.py's judges)."""
    from tests.check.test_vassal_agrees import (
        Findings, assert_errors_are_the_engines, engine_problems, explained)

    options, fails, errors = ENGINE_CASES[case]
    options = dict(options)
    target = options.pop("target", UNITS)
    component = options.pop("component", slot("2nd Bn", "e01:1"))
    ext = reinforcements(tmp_path, element(target, component), **options)
    result = start_vassal_check(base, "--ext", ext, urgent=True).result()
    assert bool(result.errors) is errors, result.output[-3000:]
    assert ("module load failed" in result.output) is fails
    report = check_with_extensions(base, [ext])
    assert report.exit_code() == int(errors), [str(f) for f in report.findings]
    lines = engine_problems(result.output)
    if not fails:  # (a failed load's lines are said by the extension-* error)
        findings = Findings(report)
        missed = [line for line in lines if not explained(line, findings, base)]
        assert missed == [], missed
        assert_errors_are_the_engines(lines, report, base)
    if case == "empty-element":
        assert "NullPointerException" in result.output
        assert ("error", "extension-target") in codes(report)
    if case == "clean":  # (this engine, 3.6.0-SNAPSHOT, is older than the 3.6.0 declared)
        assert "[chat] Extension 'Reinforcements' was created using version 3.6.0 of the " \
            "VASSAL engine" in result.output
    if case == "later-version":
        assert "[chat] Extension 'Reinforcements' was built for module version 2.0" \
            in result.output
        assert ("warning", "extension-version") in codes(report)
    if case == "other-module":
        assert "Extension 'Reinforcements' was built for module VASL" in result.output
    if case == "lost-target":
        (said,) = [f.message for f in report.findings if f.code == "extension-target"]
        assert "Could not find Reserves in Game Piece Palette" in result.output and \
            "Could not find Reserves in Game Piece Palette" in said
    if case in ("own-class", "unknown-trait"):
        assert all(f.where.startswith(f"{ext}!buildFile.xml:3: ") for f in report.findings
                   if f.severity is not Severity.INFO), [str(f) for f in report.findings]
        assert lines, "the engine should notice this"


def test_fix_gpids_renumbers_an_extensions_ids_as_its_editor_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An extension's gpids are `<extensionId>:<n>`, judged by the number (VASSAL's
    GpIdChecker): a repeated one and an empty one get new ids after the highest, with the
    extension's prefix; `--fix-gpids EXT.vmdx` read 'slot tags do not match' (exit 2) on
    every extension, whose root is no GameModule (Warmachine & Hordes' CID extension)."""
    ext = reinforcements(tmp_path, element(UNITS, slot("2nd Bn", "e01:5") + slot("3rd Bn", "e01:5")
                                           + slot("4th Bn", "") + slot("5th Bn", "e01:21")))
    report = check_module(ext)
    assert codes(report).count(("warning", "duplicate-gpid")) == 1, codes(report)
    assert ("warning", "gpid-above-next") in codes(report)  # 21 in use, next id 20
    fixed = tmp_path / "fixed.vmdx"
    assert main(["check", "--fix-gpids", str(ext), "-o", str(fixed)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(": gpid ")[-1] for line in out[:-1]] == ["'e01:5' -> 'e01:22'",
                                                                "'' -> 'e01:23'"]
    assert out[-1].endswith("2 gpid(s) renumbered; nextPieceSlotId '20' -> '24'")
    assert not [f for f in check_module(fixed).findings if "gpid" in f.code]
    # nothing to renumber: the same extension comes out, its counter unchanged
    clean = reinforcements(tmp_path, element(UNITS, slot("2nd Bn", "e01:5")), name="Clean.vmdx")
    assert main(["check", "--fix-gpids", str(clean), "-o", str(tmp_path / "c.vmdx")]) == 0
    assert capsys.readouterr().out.endswith("0 gpid(s) renumbered; nextPieceSlotId '20' -> '20'\n")
    # without an extension id VASSAL's editor would make one: say so, write nothing
    bare = reinforcements(tmp_path, element(UNITS, slot("2nd Bn", "")), name="Bare.vmdx", ext_id="")
    assert main(["check", "--fix-gpids", str(bare), "-o", str(tmp_path / "b.vmdx")]) == 2
    assert "has no extensionId" in capsys.readouterr().err
    assert not (tmp_path / "b.vmdx").exists()
