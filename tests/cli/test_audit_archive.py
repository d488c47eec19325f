"""`vconv audit FOLDER`: an archive of logs, each audited on its own, in parallel, into one
summary a referee reads (per log: players, steps, findings by rule; the totals)."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from converter.audit.archive import audit_archive, collect_logs
from converter.audit.module import AuditModule
from converter.builder.module import BuiltModule
from converter.cli import main
from tests.audit.conftest import ROOT, bundled, mini_built, mini_module, mini_vmod  # noqa: F401

VLOGS = ROOT / "tests" / "data" / "vlogs"
LOGS = ROOT / "tests" / "data" / "logs"
MANIFEST = json.loads((VLOGS / "manifest.json").read_text(encoding="utf-8"))["logs"]


def test_folder_of_every_game_gives_each_log_its_planted_findings(
        mini_module: AuditModule,
        bundled: Callable[[str], tuple[BuiltModule, AuditModule]]) -> None:
    """Each log is judged by the module it was saved with; the summary is the manifest's."""
    games = sorted({e["game"] for e in MANIFEST})
    modules = [mini_module if game == "tests/data/games/mini" else bundled(Path(game).name)[1]
               for game in games]
    logs = collect_logs([VLOGS])
    assert [Path(p).relative_to(VLOGS).as_posix() for p in logs] == \
        sorted(e["log"] for e in MANIFEST)
    one = audit_archive(logs, modules, jobs=1)
    for entry, log in zip(sorted(MANIFEST, key=lambda e: e["log"]), one.logs):
        assert log.error is None, log.error
        assert log.by_rule == dict(sorted(Counter(r for r, _ in entry["findings"]).items())), \
            entry["log"]
        assert log.players and log.steps > 0
    totals = one.totals()
    assert totals["audited"] == len(MANIFEST) and totals["unreadable"] == 0
    assert totals["violations"] == sum(len(e["findings"]) for e in MANIFEST)
    assert totals["clean"] == sum(1 for e in MANIFEST if not e["findings"])
    assert one.exit_code() == 1
    # two workers finish in any order; the summary is the same, in the same order
    two = audit_archive(logs, modules, jobs=2)
    assert [s.to_dict() for s in two.logs] == [s.to_dict() for s in one.logs]


def test_a_long_archive_is_handed_out_in_batches_and_keeps_its_order(
        mini_module: AuditModule) -> None:
    """Workers take several logs at a time; the summary and the progress still go log by log,
    in the archive's order."""
    logs = [str(p) for p in sorted(LOGS.glob("mini-*.vlog"))] * 20
    assert len(set(logs)) >= 2
    one = audit_archive(logs, [mini_module], jobs=1)
    seen: list[tuple[int, int]] = []
    two = audit_archive(logs, [mini_module], jobs=2,
                        progress=lambda done, total, _: seen.append((done, total)))
    assert [s.to_dict() for s in two.logs] == [s.to_dict() for s in one.logs]
    assert [s.path for s in two.logs] == logs
    assert seen == [(n, len(logs)) for n in range(1, len(logs) + 1)]


def _summary(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["audit", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_sample_folder_summary_names_the_unreadable_and_exits_2(
        mini_vmod: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _summary([str(LOGS), "--module", str(mini_vmod), "--jobs", "1"], capsys)
    assert code == 2
    lines = out.splitlines()
    assert f"{LOGS / 'mini-violations.vlog'}: 29 steps, 65 commands: 6 violation(s), " \
           "0 warning(s): allowed:steppe 1, die:d6 1, move 2, no-lake 1, sequence 1" in lines
    assert f"{LOGS / 'mini-clean.vlog'}: 21 steps, 50 commands: 0 violation(s), " \
           "0 warning(s)" in lines
    assert "  players: Alice (Blu), Bob (Rosso)" in lines
    assert f"{LOGS / 'garbage.vlog'}: unreadable: not a VASSAL save or log" in out
    assert f"unreadable: {LOGS / 'truncated.vlog'}" in lines
    # a log of another game is refused, named, and the others still run
    assert f"{LOGS / 'glorys-end' / 'clean.vlog'}: unreadable: 0 of its 63 pieces belong " \
           "to game mini" in out
    assert lines[-1].startswith("unreadable: ")
    assert "Traceback" not in err and "logs unreadable (the summary says which" in err
    # any number of jobs: the same bytes
    again = _summary([str(LOGS), "--module", str(mini_vmod), "--jobs", "2"], capsys)
    assert again == (code, out, err)


def test_archive_json_and_html(tmp_path: Path, mini_vmod: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    league = tmp_path / "league"
    (league / "round-2").mkdir(parents=True)
    shutil.copy(LOGS / "mini-clean.vlog", league / "a.vlog")
    shutil.copy(LOGS / "mini-violations.vlog", league / "round-2" / "b.vlog")
    (league / "notes.txt").write_text("not a log")
    code, out, _ = _summary([str(league), "-m", str(mini_vmod), "--format", "json"], capsys)
    assert code == 1
    doc = json.loads(out)
    assert [log["file"] for log in doc["logs"]] == [str(league / "a.vlog"),
                                                    str(league / "round-2" / "b.vlog")]
    assert doc["logs"][1]["findings_by_rule"]["move"] == 2
    assert doc["logs"][1]["players"] == ["Alice (Blu)", "Bob (Rosso)"]
    assert {k: doc["totals"][k] for k in ("logs", "audited", "unreadable", "clean",
                                          "with_violations", "violations", "steps")} == \
        {"logs": 2, "audited": 2, "unreadable": 0, "clean": 1, "with_violations": 1,
         "violations": 6, "steps": 50}
    report = tmp_path / "summary.html"
    assert main(["audit", str(league), "-m", str(mini_vmod), "--format", "html",
                 "-o", str(report)]) == 1
    page = report.read_text(encoding="utf-8")
    assert "<tr class=bad><td>" + str(league / "round-2" / "b.vlog") in page
    assert "<td>allowed:steppe</td><td class=n>1</td>" in page
    assert "1 with violations" in page and "1 clean" in page


def test_each_audits_files_on_their_own(mini_vmod: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _summary([str(LOGS / "mini-clean.vlog"), str(LOGS / "mini-clean.vlog"),
                             "--each", "-m", str(mini_vmod)], capsys)
    assert code == 0
    assert "logs: 1 (1 audited, 0 unreadable): 0 with violations, 0 with warnings only, " \
           "1 clean" in out


@pytest.mark.parametrize("args, message", [
    (["--jobs", "2"], "--jobs is for an archive"),
    (["--each", "--jobs", "0"], "--jobs needs a number of 1 or more"),
])
def test_archive_options_outside_an_archive(args: list[str], message: str, mini_vmod: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", str(LOGS / "mini-clean.vlog"), "-m", str(mini_vmod), *args]) == 2
    assert message in capsys.readouterr().err


def test_log_of_no_module_given_is_unreadable(
        mini_module: AuditModule,
        bundled: Callable[[str], tuple[BuiltModule, AuditModule]]) -> None:
    summary = audit_archive([str(LOGS / "trench-club" / "clean.vlog")],
                            [mini_module, bundled("glorys-end")[1]])
    assert summary.exit_code() == 2
    assert "none of the modules given" in (summary.logs[0].error or "")


def test_folder_without_logs_is_unreadable(tmp_path: Path, mini_vmod: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", str(tmp_path), "-m", str(mini_vmod)]) == 2
    assert "holds no .vlog or .vsav file" in capsys.readouterr().err
