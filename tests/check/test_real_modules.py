"""vconv check on the real public modules in tests/data/real/: every finding is confirmed by
an independent reading of the archive (tests/check/oracles.py), and the findings of each
module are pinned; the kinds no oracle covers were checked by hand (see HAND_CHECKED)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from converter.check import Report
from tests.check.conftest import checked_once
from tests.check.oracles import Archive, confirm, confirm_geometry, confirm_other

REAL = Path(__file__).resolve().parents[1] / "data" / "real"
ALL_MODULES = sorted(REAL.glob("*.vmod")) + sorted(REAL.glob("*/*.vmod"))
MAX_ZONE_PAIRS = 10  # zone overlaps confirmed pixel by pixel per module (slow on big maps)

# module file name → (severity, code) → count
PINNED: dict[str, dict[tuple[str, str], int]] = {
    "tour.vmod": {("warning", "duplicate-region"): 1, ("warning", "missing-gpid"): 1,
                  ("warning", "no-moduledata"): 1, ("info", "zone-off-board"): 1,
                  ("info", "zone-overlap"): 1, ("info", "unused-image"): 1},
    # the teammate's copies leave the images out (tests/data/make_real_vmod.py), so every
    # image the module names is missing from these archives: true of the files tested here.
    # A missing image is a warning, as VASSAL's 'Image not found'; one an HTML chart shows
    # an error, as VASSAL logs it while loading (Almoravid: 19 images of its 'How to Play'
    # chart and its cover, the engine's 20 errors, image for image). What VASSAL's load passes
    # over and a player meets only in play (a missing prototype, a Send To Location's region,
    # a help PDF, a setup file, an at-start stack of a board the map lacks) is a warning
    # marked in play: each module's errors are the engine's (tests/check/test_vassal_agrees).
    "Almoravid-1.3-noimages.vmod": {
        ("error", "missing-image"): 20, ("warning", "missing-image"): 484,
        ("warning", "missing-file"): 1, ("warning", "missing-prototype"): 1,
        ("info", "declared-version"): 1, ("info", "zone-overlap"): 120,
        ("warning", "duplicate-zone"): 16, ("warning", "image-expression"): 3,
    },
    "PathsOfGlory-10.8-noimages.vmod": {
        ("error", "missing-image"): 60, ("warning", "missing-image"): 510,
        ("warning", "missing-file"): 1, ("warning", "missing-prototype"): 3,
        ("warning", "missing-region"): 3,
        ("warning", "off-board"): 4, ("info", "custom-class"): 1, ("info", "declared-version"): 1,
        ("info", "hotkey-twice"): 5, ("info", "needs-version"): 1, ("info", "zone-overlap"): 16,
        ("warning", "hotkey-twice"): 2, ("warning", "image-expression"): 2,
        ("warning", "missing-property"): 1,
    },
    # its cards' Return to Deck names 'Special Cards Deck'; the deck is 'Special Abilities
    # Deck' (check read Return to Deck traits as undecoded ones, and so never looked)
    "Bushido-RisenSun-0.0-noimages.vmod": {
        ("warning", "missing-deck"): 1, ("warning", "missing-board"): 1, ("warning", "missing-image"): 136, ("warning", "off-board"): 1,
        ("warning", "duplicate-deck"): 1, ("warning", "duplicate-zone"): 1},
    "TheLongestDay-noimages.vmod": {
        ("error", "missing-class"): 1, ("warning", "missing-image"): 3070,
        ("warning", "missing-setup"): 1, ("warning", "missing-gpid"): 1,
        ("warning", "no-moduledata"): 1},
    "Nevsky-2.1-noimages.vmod": {
        ("warning", "missing-board"): 2, ("warning", "missing-deck"): 4, ("warning", "missing-file"): 1,
        ("error", "missing-image"): 20, ("warning", "missing-image"): 500,
        ("warning", "missing-prototype"): 19,
        ("info", "declared-version"): 1, ("info", "zone-overlap"): 121,
        ("warning", "duplicate-zone"): 17, ("warning", "image-expression"): 2},
    "ForThePeople-3.6-noimages.vmod": {
        ("error", "missing-image"): 31, ("warning", "missing-image"): 385,
        ("warning", "off-board"): 2, ("info", "custom-class"): 4,
        ("info", "declared-version"): 1, ("info", "zone-overlap"): 61,
        ("warning", "image-expression"): 2},
    "zxvt-0.3.0.vmod": {
        ("info", "unused-image"): 1,
    },
    # a 3.7.9 template made in VASSAL's editor: three palette pieces draw images it lacks
    # (the engine's 'Image not found', warnings), three deck cards use a prototype it does
    # not define and its help page is missing (VASSAL says nothing until played)
    "jzhex-n-counters-template-v12-379.vmod": {
        ("warning", "missing-image"): 3, ("warning", "missing-prototype"): 1,
        ("warning", "missing-file"): 1, ("info", "declared-version"): 1,
        ("info", "unused-image"): 1},
}

# Findings no oracle re-derives, read against the module by hand: (module, code) → the
# substrings of the messages found true.
HAND_CHECKED: dict[tuple[str, str], list[str]] = {
    # the archive holds scenarios/campaign.sav; VASSAL opens a setup file by its exact entry
    # name at the archive's root, so 'Campaign Game' cannot be chosen
    ("TheLongestDay-noimages.vmod", "missing-setup"): ["'campaign.sav'"],
}
MODULES = ALL_MODULES


def _id(path: Path) -> str:
    return path.name


def _report(path: Path) -> Report:
    return checked_once(path)


@pytest.mark.parametrize("module", MODULES, ids=_id)
def test_every_finding_is_true(module: Path) -> None:
    report = _report(module)
    assert report.unreadable == ""
    archive = Archive(module)
    zone_pairs = 0
    unconfirmed = []
    for finding in report.sorted():
        verdict = confirm(finding, archive)
        if verdict is None and finding.code in ("zone-overlap", "zone-hidden"):
            zone_pairs += 1
            if zone_pairs > MAX_ZONE_PAIRS:
                continue
        if verdict is None:
            verdict = confirm_geometry(finding, archive)
        if verdict is None:
            verdict = confirm_other(finding, archive)
        assert verdict is not False, f"refuted: {finding}"
        if verdict is None:
            unconfirmed.append(finding)
    for finding in unconfirmed:
        checked = HAND_CHECKED.get((module.name, finding.code), [])
        assert any(text in finding.message for text in checked), \
            f"no oracle and not checked by hand: {finding}"


@pytest.mark.parametrize("module", MODULES, ids=_id)
def test_findings_are_pinned(module: Path) -> None:
    if module.name not in PINNED:
        pytest.skip(f"{module.name}: findings not pinned yet")
    report = _report(module)
    got = Counter((f.severity.value, f.code) for f in report.findings)
    assert got == Counter(PINNED[module.name])


PG = REAL / "paths-of-glory" / "PathsOfGlory-10.8-noimages.vmod"


@pytest.mark.skipif(not PG.is_file(), reason="Paths of Glory is not in tests/data/real")
def test_paths_of_glory_named_problems() -> None:
    """The problems a player of Paths of Glory would meet, each read in the build file."""
    report = _report(PG)
    by_code: dict[str, set[str]] = {}
    for f in report.findings:
        if "'" in f.message:
            by_code.setdefault(f.code, set()).add(f.message.split("'")[1])
    assert by_code["missing-prototype"] == {"ReinfEventCorps", "Reinf", "ArmyRebuild_TU"}
    assert by_code["missing-region"] == {"AP Discard", "RU_RB", "CP Units"}
    assert by_code["missing-property"] == {"ReinfCorpsSentFlag"}
    assert by_code["missing-file"] == {"PoG-Deluxe Rules 2022 Final.pdf"}
    (custom,) = [f for f in report.findings if f.code == "custom-class"]
    assert "PathsOfGlory.POGChatter" in custom.message
    (trait,) = [f for f in report.findings if f.code == "needs-version"]
    assert trait.message.startswith("trait locCommand; needs VASSAL 3.7")
    images = {f.message.split("'")[1] for f in report.findings if f.code == "missing-image"}
    # named by the module window's toolbar options and inside a Place Marker's piece
    assert {"go-next.png", "edit-undo.png", "send-receive.png", "event_gunsaugust.png"} <= images


AL = REAL / "almoravid" / "Almoravid-1.3-noimages.vmod"


@pytest.mark.skipif(not AL.is_file(), reason="Almoravid is not in tests/data/real")
def test_almoravid_marker_uses_a_prototype_it_lacks() -> None:
    (f,) = [f for f in _report(AL).findings if f.code == "missing-prototype"]
    assert "'Ravage on 3 Marker'" in f.message  # the module defines 'Ravaged Marker'
    assert "PrototypeDefinition[M14 - Devaluation / Ribat Monks]" in f.where
