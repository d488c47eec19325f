"""Start-up of the importer and auditor, and `vconv import` of a real module through the CLI:
alternated runs of main's venv and this worktree's (paths as on the session machine: edit
`cmds` to compare two others).  Run by hand:
    .venv/bin/python bench/bench_startup_import.py startup 9
    .venv/bin/python bench/bench_startup_import.py import 5 zxvt-capture/zxvt-0.3.0.vmod
"""
import subprocess, sys, time, statistics, os
cmds = {"main": "/work/main/.venv/bin/python", "branch": "/work/wt-teststep7/.venv/bin/python"}
def run(py, args, cwd):
    t0 = time.perf_counter(); r0 = os.times()
    subprocess.run([py, *args], cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    r1 = os.times()
    return time.perf_counter() - t0, (r1.children_user + r1.children_system) - (r0.children_user + r0.children_system)
mode = sys.argv[1]
res = {k: [] for k in cmds}
for i in range(int(sys.argv[2])):
    for k, py in cmds.items():
        cwd = "/work/main" if k == "main" else "/work/wt-teststep7"
        if mode == "startup":
            args = ["-c", "import converter.importer, converter.audit"]
        else:
            args = ["-m", "converter", "import", f"{cwd}/tests/data/real/{sys.argv[3]}", "-o", f"/tmp/ts7/alt-{k}", "-q", "-f"]
        res[k].append(run(py, args, cwd))
for k, v in res.items():
    print(mode, k, "wall median %.3f s, CPU median %.3f s" % (statistics.median(x[0] for x in v), statistics.median(x[1] for x in v)))
