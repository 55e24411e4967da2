#!/usr/bin/env python3
"""Clean-room Slipway host for machine protocol v2 (Python 3.11, stdlib only).

Launch: /usr/bin/python3 host.py --goal "GOAL TEXT" [--budget N] [--no-review] [--timeout SECONDS]

The working directory is the workspace.  The host:
  1. checks the executable's identity once with `slipway list --json --root ROOT`;
  2. starts one ad-hoc Run with the canonical machine form
     `slipway run --budget N --json --root ROOT [--no-review] --goal-file FILE`
     (the goal travels in a private temporary file, never on argv);
  3. drives the Run one Action at a time, submitting one strict Outcome per
     Action through the structured `submit-outcome-file` variant returned in
     `next.variants` (the `submit-outcome-stdin` variant is the fallback);
  4. stops when the Run is `ended` (exit 0) or `paused` / `stopped` / on any
     error it must not paper over (exit non-zero, message on stderr).

See README.md for every choice made where the documents are silent.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time

CONTRACT_VERSION = 2
ACTION_KINDS = ("orient", "clarify", "implement", "review", "summarize")
RUN_STATES = ("active", "paused", "stopped", "ended")
NEXT_OPERATIONS = ("action", "answer", "resume", "start", "command", "none")
NO_ACTIVITY_SENTENCE = "No test, typecheck, build, or lint activity was reported."

# Exit statuses of this host.
EXIT_COMPLETED = 0
EXIT_FAILURE = 1          # protocol violation, CLI defect, unexpected response
EXIT_USAGE = 2            # bad host invocation
EXIT_NOT_COMPLETED = 3    # the Run stopped short: paused, stopped, or a fail-closed error code
EXIT_IDENTITY = 4         # the executable failed the one-time identity check
EXIT_WORKSPACE = 5        # foreign or unexpected workspace

DEFAULT_TIMEOUT = 30.0
HELP_TIMEOUT = 15.0
MAX_ACTIONS = 2000        # hard bound on loop iterations regardless of what the CLI says
BUSY_RETRIES = 3
TIMEOUT_RESUBMITS = 1


class HostStop(Exception):
    """Stop driving the Run and report."""

    def __init__(self, message: str, exit_code: int = EXIT_FAILURE, detail: object = None):
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code
        self.detail = detail


def log(msg: str) -> None:
    print(f"host: {msg}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------
# Strict JSON helpers
# --------------------------------------------------------------------------

def _reject_duplicates(pairs):
    obj = {}
    for key, value in pairs:
        if key in obj:
            raise ValueError(f"duplicate JSON member {key!r}")
        obj[key] = value
    return obj


def _reject_constant(name):
    raise ValueError(f"non-standard JSON constant {name}")


def parse_json_document(raw: bytes, what: str) -> object:
    """Parse a whole (possibly multi-line) JSON document; no trailing data."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise HostStop(f"{what} is not valid UTF-8: {exc}") from None
    if text.startswith("\ufeff"):
        raise HostStop(f"{what} starts with a byte-order mark")
    if not text.strip():
        raise HostStop(f"{what} is empty")
    try:
        return json.loads(text, object_pairs_hook=_reject_duplicates,
                          parse_constant=_reject_constant)
    except ValueError as exc:
        raise HostStop(f"{what} is not one JSON document: {exc}") from None


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_v2(value: object) -> bool:
    return is_int(value) and value == CONTRACT_VERSION


def nonempty_str(value: object) -> bool:
    return isinstance(value, str) and value != "" and value.strip() != ""


# --------------------------------------------------------------------------
# Process execution: bounded, never inheriting stdin
# --------------------------------------------------------------------------

_CURRENT_CHILD: "subprocess.Popen | None" = None


def _on_signal(signum, _frame):
    """Kill the running slipway child (it lives in its own session) and exit; finally-blocks clean up."""
    child = _CURRENT_CHILD
    if child is not None and child.poll() is None:
        try:
            os.killpg(child.pid, signal.SIGKILL)
        except OSError:
            pass
    print(f"host: interrupted by signal {signum}; the Run (if any) was left as is for an explicit resume",
          file=sys.stderr, flush=True)
    raise SystemExit(128 + signum)


class CallResult:
    def __init__(self, argv, rc, stdout, stderr, timed_out):
        self.argv = argv
        self.rc = rc
        self.stdout = stdout
        self.stderr = stderr
        self.timed_out = timed_out


def run_process(argv: list[str], timeout: float, stdin_bytes: bytes | None = None,
                cwd: str | None = None) -> CallResult:
    """Run argv with a hard timeout.  stdin is /dev/null unless we feed it."""
    try:
        proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE if stdin_bytes is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            start_new_session=True,   # own process group so a timeout kills children too
            close_fds=True,
        )
    except OSError as exc:
        raise HostStop(f"cannot execute {argv[0]!r}: {exc}") from None
    global _CURRENT_CHILD
    _CURRENT_CHILD = proc
    try:
        out, err = proc.communicate(input=stdin_bytes, timeout=timeout)
        return CallResult(argv, proc.returncode, out, err, False)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            out, err = proc.communicate(timeout=5)
        except subprocess.TimeoutExpired:
            out, err = b"", b""
        return CallResult(argv, proc.returncode, out or b"", err or b"", True)
    finally:
        _CURRENT_CHILD = None


def show_argv(argv: list[str]) -> str:
    return json.dumps(argv, ensure_ascii=False)


# --------------------------------------------------------------------------
# Private temporary files
# --------------------------------------------------------------------------

class PrivateFiles:
    """A private (0700) directory outside the workspace for goal/outcome files."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="slipway-host-")
        os.chmod(self.dir, 0o700)
        self.counter = 0

    def write(self, stem: str, data: bytes) -> str:
        self.counter += 1
        path = os.path.join(self.dir, f"{self.counter:04d}-{stem}")
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
        fd = os.open(path, flags, 0o600)
        try:
            view = memoryview(data)
            while view:
                n = os.write(fd, view)
                view = view[n:]
            os.fsync(fd)
        finally:
            os.close(fd)
        st = os.lstat(path)
        if not stat.S_ISREG(st.st_mode):
            raise HostStop(f"private file {path} is not a regular file")
        return path

    @staticmethod
    def remove(path: str | None) -> None:
        if path:
            try:
                os.unlink(path)
            except FileNotFoundError:
                pass

    def cleanup(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)


# --------------------------------------------------------------------------
# Response validation
# --------------------------------------------------------------------------

def validate_next(nxt: object, what: str) -> dict:
    if not isinstance(nxt, dict):
        raise HostStop(f"{what}: `next` is not an object", detail=nxt)
    op = nxt.get("operation")
    if op not in NEXT_OPERATIONS:
        raise HostStop(f"{what}: unknown next.operation {op!r}", detail=nxt)
    wid = nxt.get("workspace_identity")
    if not isinstance(wid, str) or not wid.startswith("sha256:"):
        raise HostStop(f"{what}: next.workspace_identity missing or malformed", detail=nxt)
    variants = nxt.get("variants")
    if not isinstance(variants, list):
        raise HostStop(f"{what}: next.variants is not an array", detail=nxt)
    for v in variants:
        if not isinstance(v, dict) or not isinstance(v.get("id"), str):
            raise HostStop(f"{what}: malformed next variant", detail=v)
        argv = v.get("base_argv")
        if (not isinstance(argv, list) or len(argv) < 2 or argv[0] != "slipway"
                or not all(isinstance(a, str) and a != "" and "\x00" not in a for a in argv)):
            raise HostStop(f"{what}: variant {v.get('id')!r} has a malformed base_argv", detail=v)
        if argv.count("--") > 1:
            raise HostStop(f"{what}: variant {v.get('id')!r} has more than one `--`", detail=v)
        inputs = v.get("inputs")
        if not isinstance(inputs, list):
            raise HostStop(f"{what}: variant {v.get('id')!r} has no inputs array", detail=v)
        for inp in inputs:
            if (not isinstance(inp, dict) or not isinstance(inp.get("name"), str)
                    or not isinstance(inp.get("flag"), str) or not inp["flag"].startswith("--")
                    or not isinstance(inp.get("required"), bool)):
                raise HostStop(f"{what}: variant {v.get('id')!r} has a malformed input", detail=inp)
    if op == "none" and variants:
        raise HostStop(f"{what}: next.operation none with variants", detail=nxt)
    if op != "none" and not variants:
        raise HostStop(f"{what}: next.operation {op} without variants", detail=nxt)
    return nxt


def validate_action(action: object, run_id: str, what: str) -> dict:
    if not isinstance(action, dict):
        raise HostStop(f"{what}: active Run without an Action object", detail=action)
    if not is_v2(action.get("contract_version")):
        raise HostStop(f"{what}: action.contract_version is not 2", detail=action)
    if action.get("run_id") != run_id:
        raise HostStop(f"{what}: action.run_id {action.get('run_id')!r} does not match Run {run_id!r}",
                       detail=action)
    if not nonempty_str(action.get("action_id")):
        raise HostStop(f"{what}: action.action_id missing", detail=action)
    if action.get("kind") not in ACTION_KINDS:
        raise HostStop(f"{what}: unknown action kind {action.get('kind')!r}", detail=action)
    for key in ("goal", "brief", "context"):
        if not isinstance(action.get(key), str):
            raise HostStop(f"{what}: action.{key} missing", detail=action)
    rb = action.get("remaining_budget")
    if not is_int(rb) or rb < 0:
        raise HostStop(f"{what}: action.remaining_budget malformed", detail=action)
    return action


def validate_envelope(doc: object, what: str, run_id: str | None) -> dict:
    if not isinstance(doc, dict):
        raise HostStop(f"{what}: response is not a JSON object", detail=doc)
    if not is_v2(doc.get("contract_version")):
        raise HostStop(f"{what}: unsupported contract_version {doc.get('contract_version')!r}",
                       detail=doc)
    rid = doc.get("run_id")
    if not nonempty_str(rid):
        raise HostStop(f"{what}: response has no run_id", detail=doc)
    if run_id is not None and rid != run_id:
        raise HostStop(f"{what}: response run_id {rid!r} is not this Run {run_id!r}", detail=doc)
    state = doc.get("state")
    if state not in RUN_STATES:
        raise HostStop(f"{what}: unknown state {state!r}", detail=doc)
    validate_next(doc.get("next"), what)
    if state == "active":
        validate_action(doc.get("action"), rid, what)
    return doc


def parse_cli_error(res: CallResult) -> dict | None:
    """Return the structured CLI error (stderr, falling back to stdout) or None."""
    for stream in (res.stderr, res.stdout):
        if not stream or not stream.strip():
            continue
        try:
            doc = parse_json_document(stream, "error output")
        except HostStop:
            continue
        if (isinstance(doc, dict) and isinstance(doc.get("code"), str)
                and "contract_version" in doc):
            return doc
    return None


# --------------------------------------------------------------------------
# Variant resolution
# --------------------------------------------------------------------------

def resolve_variant(variant: dict, values: dict[str, str]) -> list[str]:
    """Insert each supplied input as separate argv elements in schema order,
    immediately before the sole `--` when present, else appended."""
    argv = list(variant["base_argv"])
    for inp in variant["inputs"]:
        name = inp["name"]
        if name in values and values[name] is not None:
            pair = [inp["flag"], values[name]]
            if "--" in argv:
                idx = argv.index("--")
                argv[idx:idx] = pair
            else:
                argv.extend(pair)
        elif inp["required"]:
            raise HostStop(f"variant {variant['id']!r} requires input {name!r} that this host cannot supply",
                           detail=variant)
    return argv


def find_variant(nxt: dict, vid: str) -> dict | None:
    for v in nxt["variants"]:
        if v.get("id") == vid:
            return v
    return None


# --------------------------------------------------------------------------
# The host
# --------------------------------------------------------------------------

class Host:
    def __init__(self, goal: str, budget: int, no_review: bool, timeout: float):
        self.goal = goal
        self.budget = budget
        self.no_review = no_review
        self.timeout = timeout
        self.root = os.path.abspath(os.getcwd())
        env_exe = os.environ.get("SLIPWAY")
        # $SLIPWAY names the same executable as the first `slipway` on PATH; prefer it when set.
        self.exe = env_exe if env_exe else "slipway"
        self.files = PrivateFiles()
        self.run_id: str | None = None
        self.workspace_identity: str | None = None
        self.submitted: dict[str, tuple[str, bytes]] = {}  # action_id -> (path, exact bytes)
        self.history: list[tuple[str, str, str]] = []      # (kind, action_id, summary)

    # ---- executing slipway -------------------------------------------------

    def argv_for(self, argv: list[str]) -> list[str]:
        if not argv or argv[0] != "slipway":
            raise HostStop(f"refusing to execute a non-slipway argv: {show_argv(argv)}")
        return [self.exe] + list(argv[1:])

    def call(self, argv: list[str], stdin_bytes: bytes | None = None) -> CallResult:
        real = self.argv_for(argv)
        log(f"exec {show_argv(argv)}")
        return run_process(real, self.timeout, stdin_bytes=stdin_bytes, cwd=self.root)

    def resolved_executable(self) -> str:
        return shutil.which(self.exe) or self.exe

    # ---- 1. identity check ---------------------------------------------------

    def identity_check(self) -> None:
        argv = ["slipway", "list", "--json", "--root", self.root]
        try:
            res = self.call(argv)
        except HostStop as exc:
            self.identity_failure(f"`slipway list --json` could not run: {exc.message}")
            return
        problem = None
        if res.timed_out:
            problem = "`slipway list --json` timed out"
        elif res.rc != 0:
            problem = f"`slipway list --json` exited {res.rc}"
        else:
            try:
                doc = parse_json_document(res.stdout, "`slipway list --json` output")
                problem = self.list_report_problem(doc)
            except HostStop as exc:
                problem = exc.message
        if problem:
            self.identity_failure(problem, res)

    @staticmethod
    def list_report_problem(doc: object) -> str | None:
        if not isinstance(doc, dict):
            return "list output is not a JSON object"
        if not is_v2(doc.get("contract_version")):
            return f"list output contract_version is {doc.get('contract_version')!r}, not 2"
        hosts = doc.get("hosts")
        if not isinstance(hosts, list) or not hosts:
            return "list output has no non-empty `hosts` array"
        for h in hosts:
            if not isinstance(h, dict):
                return "a `hosts` entry is not an object"
            if not isinstance(h.get("id"), str) or h["id"] == "":
                return "a `hosts` entry lacks a non-empty string `id`"
            for key in ("detected", "installed", "needs_refresh"):
                if not isinstance(h.get(key), bool):
                    return f"host {h.get('id')!r} lacks boolean `{key}`"
            if not isinstance(h.get("capabilities"), list):
                return f"host {h.get('id')!r} lacks array `capabilities`"
        return None

    def identity_failure(self, problem: str, res: CallResult | None = None) -> None:
        exe = self.resolved_executable()
        help_text = ""
        try:
            h = run_process([self.exe, "--help"], HELP_TIMEOUT, cwd=self.root)
            help_text = (h.stdout + h.stderr).decode("utf-8", "replace")
            if h.timed_out:
                help_text += "\n[--help timed out]"
        except HostStop as exc:
            help_text = f"[--help could not run: {exc.message}]"
        lines = [
            f"executable identity check failed: {problem}",
            "this `slipway` is not the Slipway soft-autopilot this host drives "
            "(PATH collision or product mismatch); no other slipway command was run.",
            f"resolved executable: {exe}",
        ]
        if res is not None and (res.stderr or res.stdout):
            lines.append("list output: " + (res.stdout or res.stderr).decode("utf-8", "replace")[:2000])
        lines.append("--help output:")
        lines.append(help_text[:8000])
        raise HostStop("\n".join(lines), EXIT_IDENTITY)

    # ---- 2. start --------------------------------------------------------------

    def start(self) -> dict:
        base = ["slipway", "run", "--budget", str(self.budget), "--json", "--root", self.root]
        if self.no_review:
            base.append("--no-review")
        variant = {
            "id": "retry-run",
            "base_argv": base,
            "inputs": [{"name": "goal_file", "type": "path", "flag": "--goal-file", "required": True}],
        }
        goal_bytes = os.fsencode(self.goal)
        attempts = 0
        while True:
            attempts += 1
            goal_path = self.files.write("goal.txt", goal_bytes)
            try:
                argv = resolve_variant(variant, {"goal_file": goal_path})
                res = self.call(argv)
            finally:
                PrivateFiles.remove(goal_path)   # consumed (or not) - never left behind
            if res.timed_out:
                raise HostStop("`slipway run` timed out; a Run may or may not have been created. "
                               "Inspect `slipway status --json` before starting again.",
                               EXIT_NOT_COMPLETED)
            if res.rc == 0:
                doc = parse_json_document(res.stdout, "`slipway run` output")
                env = validate_envelope(doc, "`slipway run`", None)
                self.run_id = env["run_id"]
                self.workspace_identity = env["next"]["workspace_identity"]
                log(f"started Run {self.run_id}")
                return env
            err = self.expect_error(res, "`slipway run`")
            code = err["code"]
            nxt = err["next"]
            retry = find_variant(nxt, "retry-run") if nxt["operation"] == "start" else None
            committed = isinstance(err.get("details"), dict) and err["details"].get("committed") is True
            if (retry is not None and attempts == 1 and not committed
                    and code != "mutation_committed_output_failed"):
                self.check_start_variant(retry)
                log(f"`slipway run` failed with {code}; following its structured retry-run variant once")
                variant = retry
                continue
            raise HostStop(f"`slipway run` failed: code={code}", self.exit_for_code(code), detail=err)

    def check_start_variant(self, v: dict) -> None:
        argv = v["base_argv"]
        if (len(argv) not in (7, 8) or argv[:3] != ["slipway", "run", "--budget"]
                or argv[4:6] != ["--json", "--root"] or (len(argv) == 8 and argv[7] != "--no-review")):
            raise HostStop("retry-run variant has an unexpected shape", detail=v)
        self.check_root(argv[6], "retry-run variant")

    # ---- errors ------------------------------------------------------------------

    def expect_error(self, res: CallResult, what: str) -> dict:
        if res.rc == 1 or res.rc not in (2, 3):
            tail = (res.stderr or b"").decode("utf-8", "replace").strip()[-2000:]
            raise HostStop(f"{what} exited {res.rc} without a structured protocol result "
                           f"(CLI defect or environment failure): {tail}")
        err = parse_cli_error(res)
        if err is None:
            tail = (res.stderr or b"").decode("utf-8", "replace").strip()[-2000:]
            raise HostStop(f"{what} exited {res.rc} but printed no structured error: {tail}")
        if not is_v2(err.get("contract_version")):
            raise HostStop(f"{what} error has contract_version {err.get('contract_version')!r}",
                           detail=err)
        validate_next(err.get("next"), f"{what} error")
        if err.get("exit_code") != res.rc:
            log(f"warning: error exit_code {err.get('exit_code')!r} differs from process status {res.rc}")
        return err

    @staticmethod
    def exit_for_code(code: str) -> int:
        if code.startswith("workspace") or code in ("workspace_foreign", "workspace_mismatch"):
            return EXIT_WORKSPACE
        return EXIT_NOT_COMPLETED

    def check_root(self, root: str, what: str) -> None:
        if root != self.root and os.path.realpath(root) != os.path.realpath(self.root):
            raise HostStop(f"{what} targets --root {root!r}, not this workspace {self.root!r}; "
                           "refusing to act on a foreign or unexpected workspace", EXIT_WORKSPACE)

    def check_workspace_identity(self, nxt: dict, what: str) -> None:
        wid = nxt["workspace_identity"]
        if self.workspace_identity is not None and wid != self.workspace_identity:
            raise HostStop(f"{what}: workspace_identity changed from {self.workspace_identity} to {wid}; "
                           "refusing to continue in a foreign or unexpected workspace", EXIT_WORKSPACE)

    # ---- 3. loop -------------------------------------------------------------------

    def drive(self, env: dict) -> int:
        seen_actions: set[str] = set()
        for _ in range(MAX_ACTIONS):
            self.check_workspace_identity(env["next"], "response")
            state = env["state"]
            if state == "ended":
                return self.finish(env)
            if state in ("paused", "stopped"):
                self.report_halt(env)
                return EXIT_NOT_COMPLETED
            # active
            action = env["action"]
            nxt = env["next"]
            if nxt["operation"] != "action":
                raise HostStop(f"active Run whose next.operation is {nxt['operation']!r}, not 'action'",
                               detail=env)
            aid = action["action_id"]
            if aid in seen_actions:
                raise HostStop(f"the CLI returned Action {aid} again after its Outcome was accepted; "
                               "refusing to loop", detail=env)
            seen_actions.add(aid)
            log(f"action {action['kind']} {aid} (remaining budget {action['remaining_budget']})")
            if action["goal"] != self.goal:
                log("warning: the Action's goal differs from the goal this host started the Run with")
            materials = self.read_materials(action)
            outcome_bytes = self.perform(action, materials)
            env = self.submit(action, nxt, outcome_bytes)
        raise HostStop(f"more than {MAX_ACTIONS} Actions; giving up")

    def read_materials(self, action: dict) -> dict[str, str]:
        req = action.get("requirements")
        if req is None:
            return {}
        if not isinstance(req, dict):
            raise HostStop("action.requirements is not an object", detail=action)
        sections = req.get("sections")
        required = req.get("required_for_action")
        reader = req.get("reader")
        if not isinstance(sections, list) or not isinstance(required, list) or not isinstance(reader, dict):
            raise HostStop("action.requirements is malformed", detail=req)
        keys = [s.get("key") for s in sections if isinstance(s, dict)]
        if required != keys:
            raise HostStop("requirements.required_for_action differs from the ordered section keys",
                           detail=req)
        rargv = reader.get("base_argv")
        if (reader.get("operation") != "read_material" or not isinstance(rargv, list) or len(rargv) != 9
                or rargv[:4] != ["slipway", "protocol", "material", "--root"]
                or rargv[5] != "--run" or rargv[7] != "--action"
                or not all(isinstance(a, str) and a for a in rargv)):
            raise HostStop("requirements.reader has an unexpected shape", detail=reader)
        self.check_root(rargv[4], "material reader")
        if rargv[6] != self.run_id or rargv[8] != action["action_id"]:
            raise HostStop("material reader is bound to another Run or Action", detail=reader)
        flag = (reader.get("input") or {}).get("flag", "--section")
        revisions = {s["key"]: s.get("section_revision") for s in sections if isinstance(s, dict)}
        out: dict[str, str] = {}
        for key in required:
            res = self.call(list(rargv) + [flag, key])
            if res.timed_out or res.rc != 0:
                if not res.timed_out and res.rc in (2, 3):
                    err = self.expect_error(res, "protocol material")
                    raise HostStop(f"reading material {key!r} failed: code={err['code']}",
                                   self.exit_for_code(err["code"]), detail=err)
                raise HostStop(f"reading material {key!r} failed (rc={res.rc}, timed_out={res.timed_out})")
            doc = parse_json_document(res.stdout, "protocol material output")
            sec = doc.get("section") if isinstance(doc, dict) else None
            if (not isinstance(doc, dict) or not is_v2(doc.get("contract_version"))
                    or doc.get("message_type") != "action_material"
                    or doc.get("run_id") != self.run_id or doc.get("action_id") != action["action_id"]
                    or doc.get("requirements_revision") != req.get("requirements_revision")
                    or not isinstance(sec, dict) or sec.get("key") != key
                    or sec.get("section_revision") != revisions.get(key)
                    or not isinstance(sec.get("markdown"), str)):
                raise HostStop(f"material {key!r} does not match the Action's revisions", detail=doc)
            out[key] = sec["markdown"]
        return out

    # ---- performing an Action (no real agent) ---------------------------------------------

    def workspace_facts(self) -> list[str]:
        try:
            names = sorted(n for n in os.listdir(self.root) if n not in (".git", ".slipway"))
        except OSError as exc:
            return [f"The workspace could not be listed: {exc.strerror}."]
        names = [n for n in names if n.isprintable()]
        shown = names[:20]
        facts = [f"The workspace top level holds {len(names)} visible entr{'y' if len(names) == 1 else 'ies'}"
                 + (": " + ", ".join(shown) + ("" if len(names) <= 20 else ", ...") if shown else "") + "."]
        facts.append("Git state was not inspected by this host; Slipway records its own Git observation.")
        return facts

    def perform(self, action: dict, materials: dict[str, str]) -> bytes:
        aid = action["action_id"]
        if aid in self.submitted:
            return self.submitted[aid][1]
        kind = action["kind"]
        observations: list[str] = []
        if materials:
            observations.append(f"Read {len(materials)} pinned requirement section(s) through the "
                                "structured material reader: " + ", ".join(materials) + ".")
        outcome = {
            "contract_version": CONTRACT_VERSION,
            "action_id": aid,
            "action_kind": kind,   # exactly the current Action's kind
            "status": "completed",
            "summary": "",
            "observations": observations,
            "known_issues": [],
            "suggested_actions": [],
            "pause": None,
            "implementation": None,
            "review": None,
        }
        if kind == "orient":
            outcome["summary"] = "Repository facts observed; the Run request is complete enough to implement."
            outcome["observations"] = observations + self.workspace_facts()
            outcome["suggested_actions"] = [{
                "kind": "implement",
                "brief": "Make the change requested by the Run goal.",
            }]
        elif kind == "clarify":
            outcome["summary"] = ("No open human decision was identified; "
                                  "the original Run request is sufficient.")
            outcome["suggested_actions"] = [{
                "kind": "implement",
                "brief": "Make the change requested by the Run goal.",
            }]
        elif kind == "implement":
            outcome["summary"] = ("No automated agent is attached to this host, so no file was changed. "
                                  + NO_ACTIVITY_SENTENCE)
            outcome["implementation"] = {
                "result": "not_needed",
                "files_changed": [],
                "activities": [],
                "uncertainties": [
                    "This host has no model attached; the requested change was not attempted.",
                ],
                "attempts": 1,
            }
        elif kind == "review":
            outcome["summary"] = "Read-only review completed; no findings were reported."
            outcome["review"] = {
                "result": "no_findings_reported",
                "findings": [],
                "uncertainties": [
                    "This host has no model attached; the inspection was limited and did not "
                    "attribute the observed start-to-current difference.",
                ],
            }
        elif kind == "summarize":
            lines = ["Run summary reported by the host."]
            for k, a, s in self.history:
                lines.append(f"- {k} {a}: {s}")
            lines.append("Files reported changed: none.")
            lines.append(NO_ACTIVITY_SENTENCE)
            lines.append("This summary does not certify correctness or readiness.")
            outcome["summary"] = "\n".join(lines)
        else:  # validate_action already rejected anything else
            raise HostStop(f"unsupported action kind {kind!r}")
        data = (json.dumps(outcome, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
        self.history.append((kind, aid, outcome["summary"].splitlines()[0]))
        return data

    # ---- submitting ----------------------------------------------------------------------

    def submit(self, action: dict, nxt: dict, data: bytes) -> dict:
        aid = action["action_id"]
        v_file = find_variant(nxt, "submit-outcome-file")
        v_stdin = find_variant(nxt, "submit-outcome-stdin")
        variant = v_file or v_stdin
        if variant is None:
            raise HostStop("no submit-outcome-file or submit-outcome-stdin variant in next", detail=nxt)
        argv = variant["base_argv"]
        expect_len = 9 if variant is v_file else 10
        if (len(argv) != expect_len or argv[:4] != ["slipway", "protocol", "submit", "--run"]
                or argv[5] != "--action" or argv[7] != "--root"
                or (variant is v_stdin and argv[9] != "--outcome-stdin")):
            raise HostStop(f"variant {variant['id']!r} has an unexpected base_argv shape", detail=variant)
        if argv[4] != self.run_id:
            raise HostStop(f"submit variant names Run {argv[4]!r}, not {self.run_id!r}", detail=variant)
        if argv[6] != aid:
            raise HostStop(f"submit variant names Action {argv[6]!r}, not the outstanding {aid!r}",
                           detail=variant)
        self.check_root(argv[8], "submit variant")

        if aid in self.submitted:
            path, data = self.submitted[aid]
        else:
            path = self.files.write(f"outcome-{action['kind']}.json", data) if variant is v_file else None
            self.submitted[aid] = (path, data)

        if variant is v_file:
            real_argv = resolve_variant(variant, {"outcome_file": path})
            stdin_bytes = None
        else:
            real_argv = resolve_variant(variant, {})
            stdin_bytes = data

        busy = 0
        timeouts = 0
        recovered = False
        while True:
            res = self.call(real_argv, stdin_bytes=stdin_bytes)
            if res.timed_out:
                if timeouts < TIMEOUT_RESUBMITS:
                    timeouts += 1
                    log("submit timed out; resubmitting the exact same Outcome bytes (idempotent)")
                    continue
                raise HostStop(f"submit for Action {aid} timed out twice; the Outcome may or may not "
                               f"have been recorded. Run {self.run_id} was left as is.", EXIT_NOT_COMPLETED)
            if res.rc == 0:
                doc = parse_json_document(res.stdout, "submit output")
                env = validate_envelope(doc, "submit", self.run_id)
                PrivateFiles.remove(path)
                return env
            err = self.expect_error(res, "submit")
            code = err["code"]
            if code == "run_busy" and busy < BUSY_RETRIES:
                busy += 1
                time.sleep(0.5 * busy)
                log("run_busy; retrying the exact same Outcome bytes")
                continue
            if code == "mutation_committed_output_failed" and not recovered:
                recovered = True
                env = self.recover_committed(err)
                if env is not None:
                    PrivateFiles.remove(path)
                    return env
            PrivateFiles.remove(path)
            raise HostStop(self.describe_error(code, aid), self.exit_for_code(code), detail=err)

    def describe_error(self, code: str, aid: str) -> str:
        run = self.run_id
        if code == "outcome_conflict":
            return (f"outcome_conflict: Action {aid} of Run {run} already has a different Outcome; "
                    "this host does not overwrite or resubmit different bytes. Stopping.")
        if code == "stale_action":
            return (f"stale_action: Action {aid} is no longer the current Action of Run {run}; "
                    "stale work fails closed. Stopping without inventing the next Action.")
        if code in ("run_not_active", "run_already_ended"):
            return f"{code}: Run {run} no longer accepts this Outcome. Stopping."
        if code == "contract_version_mismatch":
            return (f"contract_version_mismatch: this slipway does not accept contract_version "
                    f"{CONTRACT_VERSION} Outcomes. Stopping; the structured next is reported below.")
        if code.startswith("workspace"):
            return f"{code}: foreign or unexpected workspace for Run {run}. Stopping."
        return f"{code}: submit for Action {aid} of Run {run} failed. Stopping."

    def recover_committed(self, err: dict) -> dict | None:
        """mutation_committed_output_failed: never replay; follow the read-only status variant once."""
        nxt = err["next"]
        for v in nxt["variants"]:
            argv = v["base_argv"]
            if len(argv) >= 3 and argv[1] == "status" and argv[2] == self.run_id and not [
                    i for i in v["inputs"] if i.get("required")]:
                if "--root" in argv:
                    i = argv.index("--root")
                    if i + 1 < len(argv):
                        self.check_root(argv[i + 1], "status recovery variant")
                run_argv = resolve_variant(v, {})   # executed exactly as the CLI gave it
                log("mutation committed but its output failed; reading the Run through the status variant")
                res = self.call(run_argv)
                if res.timed_out or res.rc != 0:
                    return None
                st = parse_json_document(res.stdout, "status output")
                if (not isinstance(st, dict) or st.get("id") != self.run_id
                        or st.get("workspace_foreign") is True or not is_v2(st.get("contract_version"))):
                    return None
                env = {
                    "contract_version": CONTRACT_VERSION,
                    "run_id": st["id"],
                    "state": st.get("state"),
                    "next": st.get("next"),
                }
                if st.get("current_action") is not None:
                    env["action"] = st["current_action"]
                if st.get("summary") is not None:
                    env["summary"] = st["summary"]
                if st.get("pause_reason") is not None:
                    env["pause_reason"] = st["pause_reason"]
                return validate_envelope(env, "status recovery", self.run_id)
        return None

    # ---- endings -----------------------------------------------------------------------

    def finish(self, env: dict) -> int:
        nxt = env["next"]
        if nxt["operation"] != "none" or nxt["variants"]:
            raise HostStop("ended Run whose next is not operation none with no variants", detail=env)
        print(f"Run {self.run_id} ended: the automatic Action queue is empty.")
        print(f"Actions driven: {len(self.history)}")
        for k, a, s in self.history:
            print(f"- {k} {a}: {s}")
        print("Files reported changed: none.")
        print(NO_ACTIVITY_SENTENCE)
        summary = env.get("summary")
        if isinstance(summary, str) and summary:
            print("Slipway summary:")
            print(summary.rstrip("\n"))
        return EXIT_COMPLETED

    def report_halt(self, env: dict) -> None:
        state = env["state"]
        reason = env.get("pause_reason")
        msg = f"Run {self.run_id} is {state}" + (f" ({reason})" if reason else "")
        msg += "; this unattended host has no human to answer, confirm, or resume, so it stops here."
        log(msg)
        log("structured next: " + json.dumps(env["next"], ensure_ascii=False))

    def close(self) -> None:
        self.files.cleanup()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Clean-room Slipway machine protocol v2 host")
    parser.add_argument("--goal", required=True, help="the exact Run goal")
    parser.add_argument("--budget", type=int, default=8, help="Action budget, 1..1000 (default 8)")
    parser.add_argument("--no-review", action="store_true", help="disable advisory Review")
    try:
        default_timeout = float(os.environ.get("SLIPWAY_HOST_TIMEOUT", DEFAULT_TIMEOUT))
    except ValueError:
        default_timeout = DEFAULT_TIMEOUT
    parser.add_argument("--timeout", type=float, default=default_timeout,
                        help="seconds allowed for each slipway call (default 30, or $SLIPWAY_HOST_TIMEOUT)")
    args = parser.parse_args(argv)
    if args.goal.strip() == "":
        print("host: --goal must not be empty", file=sys.stderr)
        return EXIT_USAGE
    if not 1 <= args.budget <= 1000:
        print("host: --budget must be between 1 and 1000", file=sys.stderr)
        return EXIT_USAGE
    if not args.timeout > 0:
        print("host: --timeout must be positive", file=sys.stderr)
        return EXIT_USAGE

    for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(sig, _on_signal)
    host = Host(args.goal, args.budget, args.no_review, args.timeout)
    try:
        host.identity_check()
        env = host.start()
        return host.drive(env)
    except HostStop as exc:
        print(f"host: {exc.message}", file=sys.stderr)
        if host.run_id:
            print(f"host: Run ID: {host.run_id}", file=sys.stderr)
        if exc.detail is not None:
            try:
                print("host: detail: " + json.dumps(exc.detail, ensure_ascii=False), file=sys.stderr)
            except (TypeError, ValueError):
                pass
        return exc.exit_code
    except KeyboardInterrupt:
        print("host: interrupted", file=sys.stderr)
        return 130
    finally:
        host.close()


if __name__ == "__main__":
    sys.exit(main())
