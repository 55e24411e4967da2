#!/usr/bin/python3
"""A tiny fake `slipway` shaped after the recorded real CLI (machine protocol v2).

State lives in $FAKE_SLIPWAY_STATE (a directory).  Every call is appended to
calls.jsonl there (argv, whether stdin was /dev/null, cwd).  Behaviour switches
come from $FAKE_SCENARIO, a comma-separated list:

  multiline            pretty-print every JSON document (stdout and stderr)
  bad-list             `list --json` answers contract_version 1
  rc1-run              `run` fails with exit 1 and no JSON
  conflict-implement   the first implement submit answers outcome_conflict
  stale-orient         the orient submit answers stale_action
  timeout-implement    the first implement submit records the outcome, then hangs
  busy-implement       the first implement submit answers run_busy (nothing recorded)
  committed-implement  the first implement submit commits, then answers
                       mutation_committed_output_failed with a status variant
  paused-orient        the orient submit pauses the Run on a decision
  foreign-root         variants carry another --root
  stdin-only           submit variants offer only --outcome-stdin
  identity-drift       workspace_identity changes after orient
  repeat-action        after orient, the same orient action is issued again
"""

import hashlib
import json
import os
import sys
import time
import uuid

STATE_DIR = os.environ.get("FAKE_SLIPWAY_STATE") or os.path.join(os.getcwd(), ".fake-slipway")
SCEN = set(filter(None, os.environ.get("FAKE_SCENARIO", "").split(",")))
WID = "sha256:" + "4f" * 32
WID2 = "sha256:" + "ab" * 32
H64 = "sha256:" + "0" * 64
GIT_OBS = {"version": 1, "head": "0" * 40, "index_fingerprint": H64, "status_fingerprint": H64,
           "snapshot_hash": H64, "path_count": 0, "path_fingerprint": H64, "details_truncated": False,
           "content_observation_complete": True, "content_bytes_hashed": 0, "content_byte_limit": 67108864,
           "content_byte_limit_exceeded": False, "content_deadline_exceeded": False, "dirty_files": [],
           "path_observations": []}
OUTCOME_FIELDS = ["contract_version", "action_id", "action_kind", "status", "summary", "observations",
                  "known_issues", "suggested_actions", "pause", "implementation", "review"]


def dump(doc):
    if "multiline" in SCEN:
        return json.dumps(doc, indent=2) + "\n"
    return json.dumps(doc, separators=(",", ":")) + "\n"


def out(doc, rc=0):
    sys.stdout.write(dump(doc))
    sys.stdout.flush()
    sys.exit(rc)


def log_call(argv):
    os.makedirs(STATE_DIR, exist_ok=True)
    try:
        devnull = os.path.samestat(os.fstat(0), os.stat("/dev/null"))
    except OSError:
        devnull = False
    with open(os.path.join(STATE_DIR, "calls.jsonl"), "a") as f:
        f.write(json.dumps({"argv": argv, "stdin_devnull": devnull, "cwd": os.getcwd()}) + "\n")


def load():
    p = os.path.join(STATE_DIR, "state.json")
    if os.path.exists(p):
        with open(p) as f:
            return json.load(f)
    return {"runs": {}, "once": []}


def save(st):
    p = os.path.join(STATE_DIR, "state.json")
    with open(p + ".tmp", "w") as f:
        json.dump(st, f)
    os.replace(p + ".tmp", p)


def once(st, key):
    """True the first time `key` is seen."""
    if key in st["once"]:
        return False
    st["once"].append(key)
    save(st)
    return True


def wid(run):
    return WID2 if run.get("drift") else WID


def shown_root(run):
    return "/somewhere/else" if "foreign-root" in SCEN else run["root"]


def action_next(run):
    a = run["current"]
    base = ["slipway", "protocol", "submit", "--run", run["id"], "--action", a["action_id"], "--root",
            shown_root(run)]
    variants = [
        {"id": "submit-outcome-file", "base_argv": base,
         "inputs": [{"name": "outcome_file", "type": "path", "flag": "--outcome-file", "required": True}]},
        {"id": "submit-outcome-stdin", "base_argv": base + ["--outcome-stdin"], "inputs": []},
        {"id": "skip-action", "base_argv": ["slipway", "protocol", "skip"] + base[3:], "inputs": []},
    ]
    if "stdin-only" in SCEN:
        variants = variants[1:]
    return {"operation": "action", "workspace_identity": wid(run), "variants": variants}


def envelope(run):
    if run["state"] == "active":
        return {"contract_version": 2, "run_id": run["id"], "state": "active", "action": run["current"],
                "next": action_next(run)}
    if run["state"] == "ended":
        return {"contract_version": 2, "run_id": run["id"], "state": "ended",
                "summary": "The automatic action queue has ended.\n",
                "next": {"operation": "none", "workspace_identity": wid(run), "variants": []}}
    if run["state"] == "paused":
        a = run["current"]
        base = ["slipway", "protocol", "answer", "--run", run["id"], "--action", a["action_id"], "--root",
                run["root"]]
        return {"contract_version": 2, "run_id": run["id"], "state": "paused",
                "pause_reason": "decision_required",
                "next": {"operation": "answer", "workspace_identity": wid(run), "variants": [
                    {"id": "answer-decision", "base_argv": base, "inputs": [
                        {"name": "text_file", "type": "path", "flag": "--text-file", "required": True}]},
                    {"id": "skip-action", "base_argv": ["slipway", "protocol", "skip"] + base[3:],
                     "inputs": []}]}}
    raise SystemExit("bad state")


def error(code, message, run=None, rc=3, details=True, nxt=None):
    if nxt is None:
        nxt = envelope(run)["next"] if run else {"operation": "none", "workspace_identity": WID,
                                                  "variants": []}
    doc = {"contract_version": 2, "code": code, "message": message, "next": nxt, "exit_code": rc}
    if run and details:
        doc["details"] = {"run_id": run["id"], "state": run["state"]}
    sys.stderr.write(dump(doc))
    sys.exit(rc)


def new_action(run, kind, brief):
    run["budget"] -= 1
    a = {"contract_version": 2, "run_id": run["id"], "action_id": str(uuid.uuid4()), "kind": kind,
         "goal": run["goal"], "brief": brief,
         "context": "Decisions:\n(none)\nRecent outcome:\n(none)\nEarlier outcomes:\n(none)\n",
         "remaining_budget": run["budget"]}
    run["current"] = a
    run["issued"].append(a["action_id"])
    return a


def opt(args, flag):
    if flag in args:
        i = args.index(flag)
        if i + 1 < len(args):
            return args[i + 1]
    return None


def cmd_list(args):
    if "bad-list" in SCEN:
        out({"contract_version": 1, "hosts": []})
    hosts = [{"id": h, "detected": False, "installed": False, "needs_refresh": False, "capabilities": []}
             for h in ("claude", "codex", "copilot")]
    out({"contract_version": 2, "hosts": hosts})


def cmd_run(args, st):
    if "rc1-run" in SCEN:
        sys.stderr.write("panic: simulated defect\n")
        sys.exit(1)
    root = opt(args, "--root")
    budget = int(opt(args, "--budget") or 8)
    gf = opt(args, "--goal-file")
    if "--" in args:
        goal = args[args.index("--") + 1]
    elif gf:
        stt = os.lstat(gf)
        import stat as _s
        if not _s.S_ISREG(stt.st_mode):
            error("invalid_goal", "goal file must be a regular file", rc=2)
        if stt.st_mode & 0o077:
            error("invalid_goal", "goal file is not private", rc=2)
        with open(gf, "rb") as f:
            goal = f.read().decode("utf-8")
    else:
        error("invalid_goal", "exactly one goal input is required", rc=2)
    run = {"id": str(uuid.uuid4()), "root": root, "goal": goal, "budget": budget, "state": "active",
           "review": "--no-review" not in args, "issued": [], "outcomes": {}, "drift": False}
    new_action(run, "orient", "Investigate repository facts before deciding what to do.")
    st["runs"][run["id"]] = run
    save(st)
    out(envelope(run))


def validate_outcome(run, raw):
    """Return (doc, None) or (None, (code, message, rc))."""
    try:
        doc = json.loads(raw.decode("utf-8"), object_pairs_hook=lambda p: dict(p))
    except Exception as exc:  # noqa: BLE001
        return None, ("invalid_outcome", f"decode outcome: {exc}", 2)
    if not isinstance(doc, dict):
        return None, ("invalid_outcome", "decode outcome: not an object", 2)
    if doc.get("contract_version") != 2:
        return None, ("contract_version_mismatch",
                      f"contract_version {doc.get('contract_version', 0)} is unsupported; supported version is 2", 3)
    for k in doc:
        if k not in OUTCOME_FIELDS:
            return None, ("invalid_outcome", f'decode outcome: decode json: unknown field "{k}" at $', 2)
    for k in OUTCOME_FIELDS:
        if k not in doc:
            return None, ("invalid_outcome", f'decode outcome: required field "{k}" is missing at $', 2)
    for k in ("observations", "known_issues", "suggested_actions"):
        if not isinstance(doc[k], list):
            return None, ("invalid_outcome", f"{k} must be an array", 2)
    if not isinstance(doc["summary"], str) or not doc["summary"].strip():
        return None, ("invalid_outcome", "summary must be non-empty", 2)
    cur = run["current"]
    if doc["action_id"] != cur["action_id"]:
        return None, ("invalid_outcome", "outcome action_id does not match current action", 3)
    if doc["action_kind"] != cur["kind"]:
        return None, ("invalid_outcome", "outcome action_kind does not match current action kind", 3)
    kind, status = doc["action_kind"], doc["status"]
    if status not in ("completed", "needs_input", "partial", "error"):
        return None, ("invalid_outcome", "bad status", 2)
    if status != "needs_input" and doc["pause"] is not None:
        return None, ("invalid_outcome", "pause must be null", 3)
    impl, rev = doc["implementation"], doc["review"]
    if kind == "implement" and status != "needs_input":
        if not isinstance(impl, dict) or rev is not None or doc["suggested_actions"]:
            return None, ("invalid_outcome", "implement needs the implementation branch only", 3)
        for k in ("files_changed", "activities", "uncertainties"):
            if not isinstance(impl.get(k), list):
                return None, ("invalid_outcome", f"implementation.{k} must be an array", 3)
        if set(impl) != {"result", "files_changed", "activities", "uncertainties", "attempts"}:
            return None, ("invalid_outcome", "implementation fields", 2)
        ok = {"completed": ("applied", "not_needed"), "partial": ("partial",), "error": ("unable",)}
        if impl.get("result") not in ok.get(status, ()):
            return None, ("invalid_outcome", "implementation.result does not fit status", 3)
        if not isinstance(impl.get("attempts"), int) or impl["attempts"] < 1:
            return None, ("invalid_outcome", "attempts", 3)
    elif kind == "review":
        if not isinstance(rev, dict) or impl is not None or doc["suggested_actions"]:
            return None, ("invalid_outcome", "review needs the review branch only", 3)
        if set(rev) != {"result", "findings", "uncertainties"}:
            return None, ("invalid_outcome", "review fields", 2)
        if rev["result"] == "no_findings_reported" and rev["findings"]:
            return None, ("invalid_outcome", "findings with no_findings_reported", 3)
    else:
        if impl is not None or rev is not None:
            return None, ("invalid_outcome", "result branches must be null", 3)
        if kind == "summarize" and doc["suggested_actions"]:
            return None, ("invalid_outcome", "summarize never suggests", 3)
    if len(doc["suggested_actions"]) > 1:
        return None, ("invalid_outcome", "at most one suggestion", 3)
    for s in doc["suggested_actions"]:
        if set(s) != {"kind", "brief"} or s["kind"] not in ("clarify", "implement", "summarize"):
            return None, ("invalid_outcome", "bad suggestion", 2)
    return doc, None


def cmd_submit(args, st):
    run_id, aid, root = opt(args, "--run"), opt(args, "--action"), opt(args, "--root")
    run = st["runs"].get(run_id)
    if run is None:
        error("run_not_found", "run not found", rc=3)
    if root != run["root"]:
        error("workspace_mismatch", "workspace identity does not match", rc=3, details=False,
              nxt={"operation": "none", "workspace_identity": WID, "variants": []})
    if ("--outcome-file" in args) == ("--outcome-stdin" in args):
        error("invalid_arguments", "exactly one outcome input is required", run, rc=2)
    if "--outcome-stdin" in args:
        raw = sys.stdin.buffer.read()
    else:
        with open(opt(args, "--outcome-file"), "rb") as f:
            raw = f.read()
    digest = hashlib.sha256(raw).hexdigest()
    if aid in run["outcomes"]:  # already completed action
        if run["outcomes"][aid] == digest:
            out(envelope(run))      # idempotent: current state
        error("outcome_conflict", "this action already has a different outcome payload", run)
    if run["state"] != "active":
        error("run_not_active", "run is not active", run)
    cur = run["current"]
    if aid != cur["action_id"]:
        error("stale_action", "action_id is not the current action", run)
    if cur["kind"] == "orient" and "stale-orient" in SCEN:
        error("stale_action", "action_id is not the current action", run)
    if cur["kind"] == "implement" and "conflict-implement" in SCEN and once(st, "conflict"):
        error("outcome_conflict", "this action already has a different outcome payload", run)
    if cur["kind"] == "implement" and "busy-implement" in SCEN and once(st, "busy"):
        error("run_busy", "another writer holds the run", run)
    doc, problem = validate_outcome(run, raw)
    if problem:
        code, msg, rc = problem
        error(code, msg, run, rc=rc, details=False)
    # accept
    run["outcomes"][aid] = digest
    kind = cur["kind"]
    if kind == "orient" and "paused-orient" in SCEN:
        run["state"] = "paused"
    elif kind == "orient" and "repeat-action" in SCEN:
        run["current"] = cur   # defect: the same Action again
    elif kind in ("orient", "clarify"):
        sugg = doc["suggested_actions"]
        if sugg:
            new_action(run, sugg[0]["kind"], sugg[0]["brief"])
        else:
            new_action(run, "summarize", "Summarize.")
        if "identity-drift" in SCEN:
            run["drift"] = True
    elif kind == "implement":
        if run["review"]:
            new_action(run, "review", "Review the observed start-to-current changes read-only.")
        else:
            new_action(run, "summarize", "Summarize confirmed decisions and observations.")
    elif kind == "review":
        new_action(run, "summarize", "Summarize confirmed decisions and observations.")
    elif kind == "summarize":
        run["state"] = "ended"
        run["current"] = None
    st["runs"][run_id] = run
    save(st)
    if kind == "implement" and "timeout-implement" in SCEN and once(st, "timeout"):
        time.sleep(60)
    if kind == "implement" and "committed-implement" in SCEN and once(st, "committed"):
        error("mutation_committed_output_failed", "mutation committed but output failed", run,
              details=False, nxt={"operation": "command", "workspace_identity": wid(run), "variants": [
                  {"id": "inspect-run", "base_argv": ["slipway", "status", run["id"], "--root", run["root"],
                                                      "--json"], "inputs": []}]})
    out(envelope(run))


def cmd_status(args, st):
    rid = args[0] if args and not args[0].startswith("--") else None
    run = st["runs"].get(rid)
    if run is None:
        error("run_not_found", "run not found", rc=3)
    env = envelope(run)
    doc = {"contract_version": 2, "id": run["id"], "goal": run["goal"], "workspace": run["root"],
           "workspace_identity": {"version": 1, "worktree_root": run["root"], "git_dir": run["root"] + "/.git",
                                  "git_common_dir": run["root"] + "/.git", "id": wid(run)},
           "state": run["state"], "review_enabled": run["review"], "review_pending": False,
           "initial_budget": 8, "remaining_budget": run["budget"], "final_git_observed": False,
           "initial_git": GIT_OBS, "current_git": GIT_OBS,
           "actions": [], "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z",
           "next": env["next"]}
    if run["state"] == "active":
        doc["current_action"] = run["current"]
    out(doc)


def main():
    argv = sys.argv[1:]
    log_call(["slipway"] + argv)
    if not argv or argv[0] in ("--help", "-h", "help"):
        sys.stdout.write("fake slipway (selftest)\nUsage: slipway <command>\n")
        return 0
    st = load()
    cmd = argv[0]
    if cmd == "list":
        cmd_list(argv[1:])
    elif cmd == "run":
        cmd_run(argv[1:], st)
    elif cmd == "status":
        cmd_status(argv[1:], st)
    elif cmd == "protocol" and len(argv) > 1 and argv[1] == "submit":
        cmd_submit(argv[2:], st)
    sys.stderr.write(f"unsupported fake command: {argv}\n")
    return 1


if __name__ == "__main__":
    sys.exit(main())
