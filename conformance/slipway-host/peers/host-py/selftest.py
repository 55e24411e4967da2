#!/usr/bin/python3
"""Self-test: run host.py against fake_slipway.py in throw-away workspaces.

Usage: /usr/bin/python3 selftest.py     (exit 0 when every scenario passes)
Everything it creates lives under one temporary directory that is removed at the end.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
HOST = os.path.join(HERE, "host.py")
FAKE = os.path.join(HERE, "fake_slipway.py")
GOAL = "add one tutorial line to README.md; secret-goal-marker 'quoted' -- $HOME"


def run_case(base, name, scenario="", host_args=(), use_env_var=False, on_path=True, goal=GOAL):
    case = os.path.join(base, name)
    ws = os.path.join(case, "workspace")
    bindir = os.path.join(case, "bin")
    state = os.path.join(case, "state")
    tmp = os.path.join(case, "tmp")
    for d in (ws, bindir, state, tmp):
        os.makedirs(d)
    with open(os.path.join(ws, "README.md"), "w") as f:
        f.write("# Protocol tutorial\n")
    wrapper = os.path.join(bindir, "slipway")
    with open(wrapper, "w") as f:
        f.write(f'#!/bin/sh\nexec /usr/bin/python3 "{FAKE}" "$@"\n')
    os.chmod(wrapper, 0o755)
    env = dict(os.environ)
    env.pop("SLIPWAY", None)
    env["PATH"] = (bindir + os.pathsep if on_path else "") + "/usr/bin:/bin"
    if use_env_var:
        env["SLIPWAY"] = wrapper
    env["FAKE_SLIPWAY_STATE"] = state
    env["FAKE_SCENARIO"] = scenario
    env["TMPDIR"] = tmp
    out_path = os.path.join(case, "host.stdout")
    err_path = os.path.join(case, "host.stderr")
    with open(out_path, "wb") as fo, open(err_path, "wb") as fe:
        # stdin is a pipe that is never written or closed: the host must not hand it to slipway.
        proc = subprocess.Popen(["/usr/bin/python3", HOST, "--goal", goal, *host_args],
                                cwd=ws, env=env, stdin=subprocess.PIPE, stdout=fo, stderr=fe)
        try:
            rc = proc.wait(timeout=90)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            rc = "HUNG"
        proc.stdin.close()
    calls = []
    cp = os.path.join(state, "calls.jsonl")
    if os.path.exists(cp):
        with open(cp) as f:
            calls = [json.loads(line) for line in f]
    with open(out_path, encoding="utf-8", errors="replace") as f:
        stdout = f.read()
    with open(err_path, encoding="utf-8", errors="replace") as f:
        stderr = f.read()
    return {"rc": rc, "calls": calls, "stdout": stdout, "stderr": stderr, "ws": ws, "tmp": tmp}


def submits(r, kind_hint=None):
    return [c for c in r["calls"] if c["argv"][1:3] == ["protocol", "submit"]]


FAILURES = []


def check(name, cond, msg, r=None):
    if cond:
        return
    FAILURES.append(f"{name}: {msg}")
    if r is not None:
        FAILURES.append(f"    rc={r['rc']}\n    stderr={r['stderr'][-1500:]}")


def common_checks(name, r):
    for c in r["calls"]:
        argv = c["argv"]
        check(name, not any("secret-goal-marker" in a for a in argv), f"goal text on argv: {argv}")
        if "--outcome-stdin" not in argv:
            check(name, c["stdin_devnull"], f"stdin not /dev/null for {argv}")
        check(name, c["cwd"] == r["ws"], f"slipway ran outside the workspace: {c['cwd']}")
    check(name, os.listdir(r["tmp"]) == [], f"private temp files left behind: {os.listdir(r['tmp'])}", r)
    check(name, sorted(os.listdir(r["ws"])) == ["README.md"],
          f"workspace was modified: {os.listdir(r['ws'])}")


def main():
    base = tempfile.mkdtemp(prefix="host-selftest-")
    try:
        # 1. full lifecycle with review, multi-line JSON output
        r = run_case(base, "lifecycle", "multiline")
        n = "lifecycle"
        common_checks(n, r)
        check(n, r["rc"] == 0, "expected exit 0", r)
        argvs = [c["argv"] for c in r["calls"]]
        check(n, argvs[0][:3] == ["slipway", "list", "--json"] and argvs[0][3:5] == ["--root", r["ws"]],
              f"first call must be the identity check: {argvs[:1]}")
        runc = argvs[1]
        check(n, runc[:4] == ["slipway", "run", "--budget", "8"] and "--goal-file" in runc
              and "--" not in runc and runc[runc.index("--root") + 1] == r["ws"], f"bad run argv {runc}")
        gf = runc[runc.index("--goal-file") + 1]
        check(n, not os.path.exists(gf), "goal file not removed")
        check(n, len(submits(r)) == 4, f"expected 4 submits, got {len(submits(r))}", r)
        for c in submits(r):
            a = c["argv"]
            check(n, len(a) == 11 and a[9] == "--outcome-file" and a[8] == r["ws"], f"bad submit argv {a}")
        check(n, "No test, typecheck, build, or lint activity was reported." in r["stdout"],
              "final report lacks the no-activity sentence", r)

        # 2. --no-review, single-line output, executable named by $SLIPWAY only
        r = run_case(base, "noreview-env", "", ("--no-review", "--budget", "4"), use_env_var=True, on_path=False)
        n = "noreview-env"
        common_checks(n, r)
        check(n, r["rc"] == 0, "expected exit 0", r)
        check(n, len(submits(r)) == 3, f"expected 3 submits, got {len(submits(r))}", r)
        check(n, "--no-review" in r["calls"][1]["argv"], "run lacks --no-review")

        # 3. identity mismatch: stop before any other slipway command, report --help
        r = run_case(base, "bad-list", "bad-list")
        n = "bad-list"
        common_checks(n, r)
        check(n, r["rc"] == 4, "expected exit 4", r)
        check(n, [c["argv"][1] for c in r["calls"]] == ["list", "--help"], f"calls {[c['argv'] for c in r['calls']]}")
        check(n, "resolved executable" in r["stderr"] and "fake slipway (selftest)" in r["stderr"],
              "stderr lacks executable / --help report", r)

        # 4. CLI defect (exit 1, no JSON)
        r = run_case(base, "rc1", "rc1-run")
        common_checks("rc1", r)
        check("rc1", r["rc"] == 1, "expected exit 1", r)

        # 5. outcome_conflict: stop, never resubmit different bytes
        r = run_case(base, "conflict", "conflict-implement")
        n = "conflict"
        common_checks(n, r)
        check(n, r["rc"] == 3 and "outcome_conflict" in r["stderr"], "expected exit 3 with outcome_conflict", r)
        check(n, len(submits(r)) == 2, f"expected 2 submits, got {len(submits(r))}", r)

        # 6. stale_action: fail closed
        r = run_case(base, "stale", "stale-orient")
        common_checks("stale", r)
        check("stale", r["rc"] == 3 and "stale_action" in r["stderr"], "expected exit 3 with stale_action", r)
        check("stale", len(submits(r)) == 1, "stale action was retried", r)

        # 7. lost response (timeout): resubmit the exact same bytes, idempotent success
        r = run_case(base, "timeout", "timeout-implement", ("--timeout", "4"))
        n = "timeout"
        common_checks(n, r)
        check(n, r["rc"] == 0, "expected exit 0 after idempotent resubmission", r)
        s = submits(r)
        check(n, len(s) == 5 and s[1]["argv"] == s[2]["argv"], "implement not resubmitted identically", r)

        # 8. run_busy: retry the same bytes
        r = run_case(base, "busy", "busy-implement")
        common_checks("busy", r)
        check("busy", r["rc"] == 0 and len(submits(r)) == 5, "run_busy not retried", r)

        # 9. mutation_committed_output_failed: no replay, read status variant, continue
        r = run_case(base, "committed", "committed-implement")
        n = "committed"
        common_checks(n, r)
        check(n, r["rc"] == 0, "expected exit 0", r)
        check(n, len(submits(r)) == 4, "mutation was replayed", r)
        check(n, any(c["argv"][1] == "status" for c in r["calls"]), "status recovery not used", r)

        # 10. paused Run: stop and report
        r = run_case(base, "paused", "paused-orient")
        common_checks("paused", r)
        check("paused", r["rc"] == 3 and "paused" in r["stderr"], "expected exit 3 on pause", r)

        # 11. foreign --root in variants: refuse to submit
        r = run_case(base, "foreign", "foreign-root")
        common_checks("foreign", r)
        check("foreign", r["rc"] == 5 and not submits(r), "expected exit 5 without submitting", r)

        # 12. workspace identity drift
        r = run_case(base, "drift", "identity-drift")
        common_checks("drift", r)
        check("drift", r["rc"] == 5 and len(submits(r)) == 1, "expected exit 5 after drift", r)

        # 13. the same Action handed back: refuse to loop
        r = run_case(base, "repeat", "repeat-action")
        common_checks("repeat", r)
        check("repeat", r["rc"] == 1 and len(submits(r)) == 1, "expected exit 1 on a repeated Action", r)

        # 14. only the stdin submit variant is offered: feed the exact bytes on stdin
        r = run_case(base, "stdin-only", "stdin-only")
        n = "stdin-only"
        common_checks(n, r)
        check(n, r["rc"] == 0 and len(submits(r)) == 4
              and all(c["argv"][-1] == "--outcome-stdin" and not c["stdin_devnull"] for c in submits(r)),
              "stdin variant not used correctly", r)

        # 15. empty goal: usage error, no slipway call
        r = run_case(base, "empty-goal", "", goal="   ")
        check("empty-goal", r["rc"] == 2 and not r["calls"], "expected exit 2 and no calls", r)
    finally:
        shutil.rmtree(base, ignore_errors=True)

    if FAILURES:
        print("SELFTEST FAILED")
        for f in FAILURES:
            print(" - " + f)
        return 1
    print("SELFTEST PASSED (15 scenarios)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
