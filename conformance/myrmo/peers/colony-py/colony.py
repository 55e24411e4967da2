#!/usr/bin/python3
"""A clean-room Myrmo colony (protocol v1): HTTP server storing Trails and Outcome Reports.

Launch:  /usr/bin/python3 colony.py --port PORT --db PATH
Stdlib only, plus Debian's python3-jsonschema for schema validation.
See README.md for every choice made where the documents are silent.
"""
import argparse
import datetime
import hashlib
import hmac
import json
import math
import os
import re
import signal
import socket
import sqlite3
import sys
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote, urlsplit, parse_qs

import jsonschema
from jsonschema import validators

HERE = os.path.dirname(os.path.abspath(__file__))

MAX_BODY = 64 * 1024          # 65,536 bytes accepted, 65,537 rejected
MAX_DEPTH = 64                # JSON nesting depth accepted by the parser pre-scan
MAX_DETAILS = 20
MAX_COLLECT = 500             # schema errors examined before we stop looking
DRAIN_CAP = 8 * 1024 * 1024   # bytes of an oversized body we read and discard before closing
UUID_RE = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
FP_RE = re.compile(r"^[A-Za-z0-9:_.-]{1,128}$")
AGENT_RE = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
OUTCOMES = ("worked", "partially_worked", "failed", "not_applicable")


def now_iso():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


# --------------------------------------------------------------------------- errors

class ApiError(Exception):
    def __init__(self, status, code, message, details=None, headers=None, close=False):
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.details = details or []
        self.headers = headers or {}
        self.close = close


def pointer(parts):
    """RFC 6901 JSON Pointer from a sequence of keys / indexes."""
    out = ""
    for p in parts:
        out += "/" + str(p).replace("~", "~0").replace("/", "~1")
    return out


# --------------------------------------------------------------------------- JSON parsing

class _Dup(Exception):
    pass


def _pairs_hook(pairs):
    obj = {}
    for k, v in pairs:
        if k in obj:
            raise _Dup(k)
        obj[k] = v
    return obj


def _reject_constant(name):
    raise ValueError("non-JSON constant %s" % name)


def _parse_float(s):
    f = float(s)
    if math.isinf(f) or math.isnan(f):
        raise ValueError("number out of range: %s" % s[:40])
    return f


def _depth_scan(text):
    """Maximum bracket nesting depth outside strings (no recursion)."""
    depth = maxd = 0
    in_str = esc = False
    for ch in text:
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if depth > maxd:
                maxd = depth
                if maxd > MAX_DEPTH:
                    return maxd
        elif ch in "]}":
            depth -= 1
    return maxd


def _check_unicode(value):
    """Reject lone surrogates anywhere (keys or strings); iterative walk."""
    stack = [(value, ())]
    while stack:
        v, path = stack.pop()
        if isinstance(v, str):
            try:
                v.encode("utf-8")
            except UnicodeEncodeError:
                raise ApiError(400, "invalid_request", "body contains a string that is not valid Unicode (lone surrogate escape)",
                               [{"path": pointer(path), "message": "string is not valid Unicode"}])
        elif isinstance(v, dict):
            for k, x in v.items():
                try:
                    k.encode("utf-8")
                except UnicodeEncodeError:
                    raise ApiError(400, "invalid_request", "body contains a key that is not valid Unicode (lone surrogate escape)",
                                   [{"path": pointer(path), "message": "object key is not valid Unicode"}])
                stack.append((x, path + (k,)))
        elif isinstance(v, list):
            for i, x in enumerate(v):
                stack.append((x, path + (i,)))


def parse_json_body(raw):
    if not raw:
        raise ApiError(400, "invalid_request", "request body is empty; a JSON object is required")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ApiError(400, "invalid_request", "request body is not valid UTF-8 (byte offset %d)" % e.start)
    if text.startswith("\ufeff"):
        raise ApiError(400, "invalid_request", "request body starts with a byte order mark")
    if _depth_scan(text) > MAX_DEPTH:
        raise ApiError(400, "invalid_request", "JSON nesting deeper than %d levels" % MAX_DEPTH)
    try:
        value = json.loads(text, object_pairs_hook=_pairs_hook, parse_constant=_reject_constant,
                           parse_float=_parse_float)
    except _Dup as e:
        raise ApiError(400, "invalid_request", "duplicate object key %r in request body" % (str(e.args[0])[:64],))
    except json.JSONDecodeError as e:
        raise ApiError(400, "invalid_request", "malformed JSON: %s (line %d column %d)" % (e.msg, e.lineno, e.colno))
    except (ValueError, RecursionError, OverflowError) as e:
        raise ApiError(400, "invalid_request", "malformed JSON: %s" % str(e)[:200])
    _check_unicode(value)
    return value


# --------------------------------------------------------------------------- validation

def _ecma_pattern(validator, pattern, instance, schema):
    """`pattern` with ECMA-262 `$` semantics: `$` does not match before a trailing newline."""
    if not validator.is_type(instance, "string"):
        return
    pat = pattern
    if pat.endswith("$") and not pat.endswith("\\$"):
        pat = pat[:-1] + r"\Z"
    if not re.search(pat, instance):
        yield jsonschema.ValidationError("%r does not match %r" % (instance, pattern))


_std_unique = jsonschema.Draft7Validator.VALIDATORS["uniqueItems"]


def _bounded_unique(validator, uI, instance, schema):
    """uniqueItems is quadratic on unhashable items; every uniqueItems array in the schema also has
    maxItems <= 10, which already fails for long arrays, so skip the uniqueness scan there."""
    if validator.is_type(instance, "array") and len(instance) > 100:
        return
    yield from _std_unique(validator, uI, instance, schema)


StrictDraft7 = validators.extend(jsonschema.Draft7Validator, {"pattern": _ecma_pattern, "uniqueItems": _bounded_unique})

with open(os.path.join(HERE, "trail.v1.schema.json"), "rb") as _f:
    SCHEMA = json.loads(_f.read().decode("utf-8"))
jsonschema.Draft7Validator.check_schema(SCHEMA)
TRAIL_VALIDATOR = StrictDraft7(SCHEMA)
OUTCOME_SCHEMA = {"$schema": SCHEMA["$schema"], "$ref": "#/definitions/outcome_report", "definitions": SCHEMA["definitions"]}
OUTCOME_VALIDATOR = StrictDraft7(OUTCOME_SCHEMA)


def _describe(err):
    """Turn one jsonschema error into a list of (path, message) details."""
    path = list(err.absolute_path)
    kw = err.validator
    val = err.validator_value
    inst = err.instance
    if kw == "additionalProperties" and isinstance(inst, dict):
        allowed = set((err.schema.get("properties") or {}).keys())
        return [(pointer(path + [k]), "unknown field (not in protocol v1.0)") for k in inst if k not in allowed]
    if kw == "required" and isinstance(inst, dict):
        return [(pointer(path + [k]), "required field is missing") for k in val if k not in inst]
    if kw == "type":
        return [(pointer(path), "must be of type %s" % (val if isinstance(val, str) else " or ".join(val)))]
    if kw == "enum":
        return [(pointer(path), "must be one of: %s" % ", ".join(json.dumps(v) for v in val))]
    if kw == "minLength":
        return [(pointer(path), "must be at least %d characters" % val)]
    if kw == "maxLength":
        return [(pointer(path), "must be at most %d characters" % val)]
    if kw == "minItems":
        return [(pointer(path), "must have at least %d items" % val)]
    if kw == "maxItems":
        return [(pointer(path), "must have at most %d items" % val)]
    if kw == "uniqueItems":
        return [(pointer(path), "items must be unique")]
    if kw == "minimum":
        return [(pointer(path), "must be >= %s" % val)]
    if kw == "maximum":
        return [(pointer(path), "must be <= %s" % val)]
    if kw == "pattern":
        return [(pointer(path), "must match the pattern %s" % val)]
    if kw == "not" and path and path[-1] == "file_path":
        return [(pointer(path), "must be a relative path (no leading /, ~ or drive letter)")]
    return [(pointer(path), err.message[:300])]


HUNK_RE = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@(?: .*)?$")


def unified_diff_problem(diff):
    """Return None if `diff` is a unified diff, else a short explanation."""
    lines = diff.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    n = len(lines)
    i = 0
    hunks = 0
    while i < n:
        line = lines[i]
        if line.startswith("--- ") and i + 1 < n and lines[i + 1].startswith("+++ "):
            i += 2
            if i >= n or not HUNK_RE.match(lines[i].rstrip("\r")):
                return "line %d: expected a hunk header '@@ -l,s +l,s @@' after the file headers" % (i + 1)
            while i < n:
                m = HUNK_RE.match(lines[i].rstrip("\r"))
                if not m:
                    break
                start = i + 1
                old = int(m.group(2)) if m.group(2) is not None else 1
                new = int(m.group(4)) if m.group(4) is not None else 1
                hunks += 1
                i += 1
                while old > 0 or new > 0:
                    if i >= n:
                        return "hunk at line %d is truncated (its header announces more lines)" % start
                    l = lines[i]
                    c = l[:1]
                    if c == "" or c == " ":
                        old -= 1
                        new -= 1
                    elif c == "-":
                        old -= 1
                    elif c == "+":
                        new -= 1
                    elif c == "\\":
                        pass
                    else:
                        return "line %d: hunk lines must start with ' ', '+', '-' or '\\'" % (i + 1)
                    if old < 0 or new < 0:
                        return "hunk at line %d has more lines than its header announces" % start
                    i += 1
                while i < n and lines[i].startswith("\\"):
                    i += 1
                if i < n and lines[i][:1] in ("+", " ") or (i < n and lines[i][:1] == "-" and not (
                        lines[i].startswith("--- ") and i + 1 < n and lines[i + 1].startswith("+++ "))):
                    return "line %d: hunk at line %d has more lines than its header announces" % (i + 1, start)
        elif line.startswith("@@"):
            return "line %d: hunk header without '---' / '+++' file headers" % (i + 1)
        else:
            i += 1   # preamble: 'diff --git', 'index ...', mode lines, free text
    if hunks == 0:
        return "no '--- ' / '+++ ' file headers followed by a '@@' hunk"
    return None


DRIVE_RE = re.compile(r"^[A-Za-z]:")


def extra_trail_checks(doc):
    """Checks the seed states beyond what the schema expresses."""
    out = []
    sol = doc.get("solution") if isinstance(doc, dict) else None
    patches = sol.get("code_patches") if isinstance(sol, dict) else None
    if isinstance(patches, list):
        for idx, p in enumerate(patches):
            if not isinstance(p, dict):
                continue
            fp = p.get("file_path")
            base = ["solution", "code_patches", idx]
            if isinstance(fp, str) and fp:
                if fp.startswith("\\") or DRIVE_RE.match(fp):
                    out.append((pointer(base + ["file_path"]), "must be a relative path (no leading \\ or drive letter)"))
                elif any(seg == ".." for seg in re.split(r"[\\/]", fp)):
                    out.append((pointer(base + ["file_path"]), "must stay inside the project root (no '..' segments)"))
                elif "\x00" in fp:
                    out.append((pointer(base + ["file_path"]), "must not contain NUL characters"))
            d = p.get("diff")
            if isinstance(d, str) and d:
                prob = unified_diff_problem(d)
                if prob:
                    out.append((pointer(base + ["diff"]), "must be a unified diff: " + prob))
    return out


def validate(validator, doc, extra=None):
    details = []
    for n, err in enumerate(validator.iter_errors(doc)):
        if n >= MAX_COLLECT:   # bound the work on hostile documents; only 20 are reported anyway
            break
        details.extend(_describe(err))
    if extra is not None:
        details.extend(extra(doc))
    seen = set()
    uniq = []
    for d in details:
        if d not in seen:
            seen.add(d)
            uniq.append(d)
    uniq.sort(key=lambda d: d[0])
    return [{"path": p, "message": m} for p, m in uniq]


def schema_error(kind, details):
    total = len(details)
    msg = "%s failed validation against trail.v1.schema.json (%d problem%s)" % (kind, total, "" if total == 1 else "s")
    if total > MAX_DETAILS:
        msg += "; the first %d are listed" % MAX_DETAILS
    return ApiError(400, "invalid_trail", msg, details[:MAX_DETAILS])


# --------------------------------------------------------------------------- redaction, fingerprint, indexing

REDACTIONS = [
    (re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY-----"), "[REDACTED:private_key]"),
    (re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b"), "[REDACTED:aws_key]"),
    (re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36,255}\b"), "[REDACTED:github_token]"),
    (re.compile(r"\bgithub_pat_[A-Za-z0-9_]{22,255}\b"), "[REDACTED:github_token]"),
    (re.compile(r"\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}"), "[REDACTED:api_key]"),
    (re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}"), "[REDACTED:slack_token]"),
    (re.compile(r"\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}"), "[REDACTED:jwt]"),
    (re.compile(r"(?i)(\bauthorization:\s*bearer\s+)[A-Za-z0-9._~+/=-]{16,}"), r"\1[REDACTED]"),
    (re.compile(r"\b([A-Za-z][A-Za-z0-9+.-]{0,30}://[^/\s:@]{1,256}:)[^@\s/]{1,256}@"), r"\1[REDACTED]@"),
]


def redact(value):
    """First redaction pass over every string of the document (iterative, in place)."""
    count = 0
    stack = [value]
    while stack:
        v = stack.pop()
        items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
        for k, x in list(items):
            if isinstance(x, str):
                new = x
                for rx, rep in REDACTIONS:
                    new, c = rx.subn(rep, new)
                    count += c
                if new != x:
                    v[k] = new
            elif isinstance(x, (dict, list)):
                stack.append(x)
    return count


def _norm(s):
    s = s.strip().lower()
    s = re.sub(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<uuid>", s)
    s = re.sub(r"0x[0-9a-f]+", "<addr>", s)
    s = re.sub(r"\d{4}-\d{2}-\d{2}[t ]\d{2}:\d{2}:\d{2}(?:\.\d+)?z?", "<time>", s)
    s = re.sub(r"(?:[a-z]:)?(?:[\\/][^\\/\s'\"]+)+[\\/]", "<dir>/", s)
    s = re.sub(r"\bline \d+", "line <n>", s)
    s = re.sub(r"\s+", " ", s)
    return s


def fingerprint(doc):
    prob = doc.get("problem", {})
    basis = "myrmo-fp-v1\n%s\n%s" % (_norm(prob.get("error_type", "")), _norm(prob.get("error_message", "")))
    return hashlib.sha256(basis.encode("utf-8")).hexdigest()


def content_hash(doc):
    basis = json.dumps({"problem": doc.get("problem"), "solution": doc.get("solution")},
                       sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(basis.encode("utf-8")).hexdigest()


INJECTION = [
    re.compile(r"(?i)\b(?:ignore|disregard|forget)\s+(?:all\s+|any\s+)?(?:the\s+|your\s+)?(?:previous|prior|above|earlier)\s+(?:instructions|prompts|rules)"),
    re.compile(r"<\|im_start\|>|<\|im_end\|>|\[INST\]|<<SYS>>"),
    re.compile(r"(?i)\byou\s+are\s+now\s+(?:in\s+)?(?:developer\s+mode|DAN|jailbroken)"),
]
SENSITIVE = [re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----")]
RISKS = [
    ("pipe_to_shell", re.compile(r"(?i)\b(?:curl|wget|iwr|invoke-webrequest)\b[^|\n]*\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\b|\|\s*(?:sudo\s+)?(?:python3?|iex|invoke-expression)\b")),
    ("destructive_delete", re.compile(r"\brm\s+-[A-Za-z]*[rR][A-Za-z]*\s+(?:--no-preserve-root\s+)?(?:/|~|\*|\$HOME)(?:\s|$)|\bmkfs\b|\bdd\s+if=.*\bof=/dev/")),
    ("disables_tls_verification", re.compile(r"--insecure\b|--no-check-certificate\b|\bverify\s*=\s*False\b|NODE_TLS_REJECT_UNAUTHORIZED\s*=\s*['\"]?0|sslverify\s*(?:=\s*)?false|strict-ssl\s+false|--trusted-host\b|\bcurl\b[^\n|]*\s-k\b")),
    ("world_writable", re.compile(r"\bchmod\s+(?:-R\s+)?(?:0?777|a\+rwx)\b")),
]
HIGH_RISK = {"pipe_to_shell", "destructive_delete"}
CATEGORY_HINTS = [
    ("dependency", r"modulenotfound|importerror|no module named|cannot find module|dependency|resolution|version conflict|unsatisfiable|wheel"),
    ("permissions", r"permission denied|eacces|eperm|access is denied|operation not permitted"),
    ("authentication", r"unauthori[sz]ed|\b401\b|\b403\b|forbidden|authentication|credential|token expired"),
    ("network", r"econnrefused|econnreset|etimedout|timed out|dns|getaddrinfo|ssl|certificate|tls|connection refused"),
    ("build", r"\bbuild\b|compile|compilation|linker|\bld\b|cmake|\bmake\b"),
    ("configuration", r"config|environment variable|\benv\b|setting"),
    ("concurrency", r"deadlock|race condition|concurren|mutex"),
]


def strings_of(value):
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            yield v
        elif isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)


def analyse(doc):
    """Content checks of the asynchronous indexing stage."""
    texts = list(strings_of(doc))
    reasons = []
    if any(rx.search(t) for t in texts for rx in INJECTION):
        reasons.append("prompt_injection")
    if any(rx.search(t) for t in texts for rx in SENSITIVE):
        reasons.append("sensitive_content")
    summary = doc["problem"]["summary"]
    if len(set(re.findall(r"\w+", summary.lower()))) < 3:
        reasons.append("low_quality")
    sol = doc["solution"]
    commands = [c["command"] for c in sol["shell_commands_executed"]] + [sol["verification_method"].get("command", "")]
    for p in sol["code_patches"]:
        commands.append(p["diff"])
    flags = []
    for name, rx in RISKS:
        if any(rx.search(c) for c in commands):
            flags.append(name)
    if any(c.get("requires_elevation") is True or re.match(r"\s*sudo\b", c["command"]) for c in sol["shell_commands_executed"]):
        flags.append("requires_elevation")
    level = "high" if HIGH_RISK & set(flags) else ("medium" if flags else "low")
    prob = doc["problem"]
    category = prob.get("category")
    if not category:
        hay = " ".join([prob.get("error_type", ""), prob.get("error_message", ""), summary]).lower()
        category = next((c for c, rx in CATEGORY_HINTS if re.search(rx, hay)), "other")
    q = 0.3
    vm = sol["verification_method"]
    if vm["type"] not in ("none", "manual_inspection"):
        q += 0.25
    if vm.get("evidence"):
        q += 0.1
    if prob.get("failed_approaches"):
        q += 0.1
    if len(sol["root_cause"]) >= 50:
        q += 0.1
    if sol["shell_commands_executed"] or sol["code_patches"]:
        q += 0.15
    return reasons, category, round(min(q, 1.0), 2), {"level": level, "flags": flags}


def strength_of(counts):
    w, p, f = counts.get("worked", 0), counts.get("partially_worked", 0), counts.get("failed", 0)
    return round((w + 0.5 * p + 1.0) / (w + p + f + 2.0), 4)


# --------------------------------------------------------------------------- storage

class Store:
    def __init__(self, path):
        self.path = path
        self.lock = threading.Lock()
        self.db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=10)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript("""
            CREATE TABLE IF NOT EXISTS trails (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                id TEXT NOT NULL UNIQUE,
                fingerprint TEXT NOT NULL,
                content_hash TEXT NOT NULL,
                content TEXT NOT NULL,
                status TEXT NOT NULL,
                agent_header TEXT,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                category TEXT, quality REAL, risk TEXT, merged_into TEXT, reasons TEXT);
            CREATE INDEX IF NOT EXISTS trails_fp ON trails(fingerprint);
            CREATE INDEX IF NOT EXISTS trails_status ON trails(status);
            CREATE TABLE IF NOT EXISTS outcomes (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                id TEXT NOT NULL UNIQUE,
                trail_id TEXT NOT NULL REFERENCES trails(id) ON DELETE CASCADE,
                outcome TEXT NOT NULL,
                content TEXT NOT NULL,
                agent_header TEXT,
                created_at TEXT NOT NULL);
            CREATE INDEX IF NOT EXISTS outcomes_trail ON outcomes(trail_id);
        """)

    def _tx(self, fn):
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                r = fn(self.db)
                self.db.execute("COMMIT")   # durable (synchronous=FULL) before we answer
                return r
            except BaseException:
                self.db.execute("ROLLBACK")
                raise

    def _q(self, sql, args=()):
        with self.lock:
            return self.db.execute(sql, args).fetchall()

    def ping(self):
        self._q("SELECT 1")

    def insert_trail(self, tid, fp, chash, content, agent):
        ts = now_iso()
        self._tx(lambda db: db.execute(
            "INSERT INTO trails(id,fingerprint,content_hash,content,status,agent_header,created_at,updated_at)"
            " VALUES(?,?,?,?,?,?,?,?)", (tid, fp, chash, content, "queued", agent, ts, ts)))

    def get_trail(self, tid):
        rows = self._q("SELECT id,fingerprint,content,status,created_at,updated_at,category,quality,risk,merged_into,reasons"
                       " FROM trails WHERE id=?", (tid,))
        return rows[0] if rows else None

    def outcome_counts(self, tid):
        counts = {k: 0 for k in OUTCOMES}
        for outcome, n in self._q("SELECT outcome, COUNT(*) FROM outcomes WHERE trail_id=? GROUP BY outcome", (tid,)):
            counts[outcome] = n
        return counts

    def insert_outcome(self, oid, tid, outcome, content, agent):
        def fn(db):
            if not db.execute("SELECT 1 FROM trails WHERE id=?", (tid,)).fetchone():
                return False
            db.execute("INSERT INTO outcomes(id,trail_id,outcome,content,agent_header,created_at) VALUES(?,?,?,?,?,?)",
                       (oid, tid, outcome, content, agent, now_iso()))
            return True
        return self._tx(fn)

    def by_fingerprint(self, fp):
        return [r[0] for r in self._q("SELECT id FROM trails WHERE fingerprint=? AND status IN ('queued','indexed') ORDER BY seq", (fp,))]

    def delete_trail(self, tid):
        def fn(db):
            db.execute("DELETE FROM outcomes WHERE trail_id=?", (tid,))
            return db.execute("DELETE FROM trails WHERE id=?", (tid,)).rowcount
        return self._tx(fn)

    def next_queued(self, older_than):
        rows = self._q("SELECT id, content, content_hash FROM trails WHERE status='queued' AND created_at<=? ORDER BY seq LIMIT 1",
                       (older_than,))
        return rows[0] if rows else None

    def finish_index(self, tid, chash, reasons, category, quality, risk):
        def fn(db):
            row = db.execute("SELECT status FROM trails WHERE id=?", (tid,)).fetchone()
            if not row or row[0] != "queued":
                return
            ts = now_iso()
            if reasons:
                db.execute("UPDATE trails SET status='rejected', reasons=?, updated_at=? WHERE id=?",
                           (json.dumps(reasons), ts, tid))
                return
            dup = db.execute("SELECT id FROM trails WHERE content_hash=? AND status='indexed' AND id<>? ORDER BY seq LIMIT 1",
                             (chash, tid)).fetchone()
            if dup:
                db.execute("UPDATE trails SET status='merged', merged_into=?, updated_at=? WHERE id=?", (dup[0], ts, tid))
                return
            db.execute("UPDATE trails SET status='indexed', category=?, quality=?, risk=?, updated_at=? WHERE id=?",
                       (category, quality, json.dumps(risk), ts, tid))
        self._tx(fn)

    def stats(self):
        by_status = {k: 0 for k in ("queued", "indexed", "merged", "rejected")}
        for st, n in self._q("SELECT status, COUNT(*) FROM trails GROUP BY status"):
            by_status[st] = n
        by_outcome = {k: 0 for k in OUTCOMES}
        for o, n in self._q("SELECT outcome, COUNT(*) FROM outcomes GROUP BY outcome"):
            by_outcome[o] = n
        return {"trails": sum(by_status.values()), "trails_by_status": by_status,
                "outcomes": sum(by_outcome.values()), "outcomes_by_type": by_outcome}

    def feed(self, limit):
        return [r[0] for r in self._q("SELECT id FROM trails WHERE status='indexed' ORDER BY seq DESC LIMIT ?", (limit,))]


def trail_view(store, tid):
    row = store.get_trail(tid)
    if row is None:
        return None
    (tid, fp, content, status, created, updated, category, quality, risk, merged_into, reasons) = row
    view = {"trail_id": tid, "status": status, "fingerprint": fp, "status_url": "/v1/trails/" + tid,
            "created_at": created, "updated_at": updated}
    if status == "rejected":
        view["reasons"] = json.loads(reasons or "[]")
        return view
    if status == "merged":
        view["merged_into"] = merged_into
    counts = store.outcome_counts(tid)
    if status == "indexed":
        view["category"] = category
        view["quality"] = quality
        view["risk"] = json.loads(risk) if risk else None
        view["outcomes"] = dict(counts, total=sum(counts.values()))
        view["strength"] = strength_of(counts)
    view["trail"] = json.loads(content)
    return view


class Indexer(threading.Thread):
    def __init__(self, store, delay):
        super().__init__(daemon=True, name="indexer")
        self.store = store
        self.delay = delay
        self.wake = threading.Event()

    def run(self):
        while True:
            try:
                cutoff = (datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(seconds=self.delay)
                          ).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
                row = self.store.next_queued(cutoff)
                if row is None:
                    self.wake.wait(max(0.05, min(self.delay, 1.0)) if self.delay > 0 else 1.0)
                    self.wake.clear()
                    continue
                tid, content, chash = row
                try:
                    reasons, category, quality, risk = analyse(json.loads(content))
                except Exception:   # never let one document stop the indexer
                    reasons, category, quality, risk = ["low_quality"], None, None, None
                self.store.finish_index(tid, chash, reasons, category, quality, risk)
            except Exception as e:
                sys.stderr.write("indexer: %r\n" % (e,))
                time.sleep(0.5)


# --------------------------------------------------------------------------- rate limiting

class RateLimiter:
    def __init__(self, limit, window):
        self.limit = limit
        self.window = window
        self.lock = threading.Lock()
        self.buckets = {}

    def hit(self, key, consume=True):
        """Returns (allowed, headers)."""
        now = time.monotonic()
        with self.lock:
            start, count = self.buckets.get(key, (now, 0))
            if now - start >= self.window:
                start, count = now, 0
            allowed = True
            if consume:
                if self.limit > 0 and count >= self.limit:
                    allowed = False
                else:
                    count += 1
            self.buckets[key] = (start, count)
            if len(self.buckets) > 100000:
                self.buckets = {k: v for k, v in self.buckets.items() if now - v[0] < self.window}
        reset = max(1, int(math.ceil(start + self.window - now)))
        limit = self.limit if self.limit > 0 else 2 ** 31 - 1
        headers = {"RateLimit-Limit": str(limit), "RateLimit-Remaining": str(max(0, limit - count)),
                   "RateLimit-Reset": str(reset)}
        if not allowed:
            headers["Retry-After"] = str(reset)
        return allowed, headers


# --------------------------------------------------------------------------- HTTP

class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "myrmo-colony-py/1.0"
    sys_version = ""
    timeout = 30

    # -- plumbing
    def log_message(self, fmt, *args):
        if self.server.verbose:
            sys.stderr.write("%s - %s\n" % (self.address_string(), fmt % args))

    def _rl_headers(self, consume):
        ip = self.client_address[0] if self.client_address else "?"
        return self.server.limiter.hit(ip, consume)

    def _send(self, status, obj=None, headers=None, close=False):
        body = b"" if obj is None else json.dumps(obj, ensure_ascii=False).encode("utf-8")
        self.send_response(status)
        hdrs = dict(self._rl or self._rl_headers(False)[1])
        hdrs.update(headers or {})
        for k, v in hdrs.items():
            self.send_header(k, v)
        if obj is not None:
            self.send_header("Content-Type", "application/json")
        if status != 204:
            self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        if close or not self._body_done:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        if self.command != "HEAD" and status != 204:
            self.wfile.write(body)

    def _error(self, e):
        env = {"error": {"code": e.code, "message": e.message, "details": e.details}}
        self._send(e.status, env, e.headers, e.close)

    def send_error(self, code, message=None, explain=None):
        """Errors raised by http.server itself (bad request line, headers, unsupported method)."""
        mapping = {400: "invalid_request", 404: "not_found", 408: "invalid_request", 413: "too_large",
                   414: "invalid_request", 431: "invalid_request", 501: "not_enabled", 505: "invalid_request"}
        self._rl = None
        self._body_done = False
        if getattr(self, "request_version", "HTTP/0.9") == "HTTP/0.9":
            self.request_version = "HTTP/1.0"   # always answer with a status line and headers
        try:
            if not hasattr(self, "command") or self.command is None:
                self.command = "GET"
            self._send(code, {"error": {"code": mapping.get(code, "invalid_request"),
                                        "message": message or "bad request", "details": []}}, close=True)
        except Exception:
            self.close_connection = True

    def _drain(self, n):
        left = min(n, DRAIN_CAP)
        try:
            self.connection.settimeout(2)
            while left > 0:
                chunk = self.rfile.read(min(65536, left))
                if not chunk:
                    break
                left -= len(chunk)
        except Exception:
            pass

    def _read_body(self):
        te = self.headers.get_all("Transfer-Encoding") or []
        cls = self.headers.get_all("Content-Length") or []
        if te:
            if [t.strip().lower() for t in ",".join(te).split(",")] != ["chunked"] or cls:
                raise ApiError(400, "invalid_request", "unsupported Transfer-Encoding", close=True)
            data = bytearray()
            while True:
                line = self.rfile.readline(1024)
                try:
                    size = int(line.split(b";")[0].strip(), 16)
                except ValueError:
                    raise ApiError(400, "invalid_request", "malformed chunked body", close=True)
                if size < 0:
                    raise ApiError(400, "invalid_request", "malformed chunked body", close=True)
                if size == 0:
                    while self.rfile.readline(1024) not in (b"\r\n", b"\n", b""):
                        pass
                    break
                if len(data) + size > MAX_BODY:
                    raise ApiError(413, "too_large", "request body exceeds %d bytes" % MAX_BODY, close=True)
                chunk = self.rfile.read(size)
                if len(chunk) != size:
                    raise ApiError(400, "invalid_request", "truncated chunked body", close=True)
                data += chunk
                self.rfile.readline(1024)
            self._body_done = True
            return bytes(data)
        if len(cls) > 1 and len(set(c.strip() for c in cls)) > 1:
            raise ApiError(400, "invalid_request", "conflicting Content-Length headers", close=True)
        if not cls:
            self._body_done = True
            return b""
        try:
            n = int(cls[0].strip())
            if n < 0 or not cls[0].strip().isdigit():
                raise ValueError
        except ValueError:
            raise ApiError(400, "invalid_request", "invalid Content-Length", close=True)
        if n > MAX_BODY:
            self._drain(n)
            raise ApiError(413, "too_large", "request body is %d bytes; the limit is %d bytes (64 KB)" % (n, MAX_BODY),
                           close=True)
        data = self.rfile.read(n)
        if len(data) != n:
            raise ApiError(400, "invalid_request", "request body shorter than Content-Length", close=True)
        self._body_done = True
        return data

    def _agent(self):
        vals = self.headers.get_all("X-Myrmo-Agent") or []
        if not vals:
            return None
        if len(vals) > 1 or not AGENT_RE.match(vals[0]):
            raise ApiError(400, "invalid_request", "X-Myrmo-Agent must be one pseudonymous id of 8-64 characters [A-Za-z0-9_-]")
        return vals[0]

    # -- dispatch
    def _handle(self):
        self._rl = None
        has_body = bool(self.headers.get("Content-Length", "0").strip() not in ("", "0") or self.headers.get("Transfer-Encoding"))
        self._body_done = not has_body
        try:
            if self.request_version == "HTTP/0.9":
                self.request_version = "HTTP/1.0"
                raise ApiError(400, "invalid_request", "HTTP/0.9 requests are not supported", close=True)
            parts = urlsplit(self.path)
            raw_path = parts.path
            query = parts.query
            if not raw_path.startswith("/"):
                raise ApiError(400, "invalid_request", "request target must be an absolute path", close=True)
            segs = [unquote(s, errors="strict") for s in raw_path.split("/")[1:]]
            health = segs in (["healthz"], ["readyz"])
            allowed, self._rl = self._rl_headers(consume=not health)
            if not allowed:
                raise ApiError(429, "rate_limited", "rate limit exceeded; retry after %s seconds" % self._rl["Retry-After"],
                               close=not self._body_done)
            self._route(self.command, segs, query)
        except ApiError as e:
            self._error(e)
        except UnicodeDecodeError:
            self._error(ApiError(400, "invalid_request", "path is not valid percent-encoded UTF-8"))
        except (sqlite3.Error, OSError) as e:
            if isinstance(e, (socket.timeout, ConnectionError, BrokenPipeError)):
                self.close_connection = True
                return
            sys.stderr.write("storage error: %r\n" % (e,))
            self._error(ApiError(503, "unavailable", "storage is unavailable", headers={"Retry-After": "1"}))
        except Exception as e:  # last resort: never crash, never leak a traceback
            sys.stderr.write("internal error: %r\n" % (e,))
            self._error(ApiError(500, "internal", "internal error"))

    do_GET = do_POST = do_DELETE = do_PUT = do_PATCH = do_HEAD = do_OPTIONS = _handle

    def _method(self, method, allowed):
        if method not in allowed:
            raise ApiError(405, "method_not_allowed", "method %s not allowed here" % method,
                           headers={"Allow": ", ".join(allowed)})

    def _route(self, m, segs, query):
        if segs == ["healthz"]:
            self._method(m, ["GET"])
            return self._send(200, {"status": "ok"})
        if segs == ["readyz"]:
            self._method(m, ["GET"])
            try:
                self.server.store.ping()
            except sqlite3.Error:
                raise ApiError(503, "unavailable", "database is not available")
            return self._send(200, {"status": "ready"})
        if len(segs) < 2 or segs[0] != "v1":
            raise ApiError(404, "not_found", "no such endpoint")
        rest = segs[1:]
        if rest == ["trails"]:
            self._method(m, ["POST"])
            return self.post_trail()
        if len(rest) == 3 and rest[:2] == ["trails", "by-fingerprint"]:
            self._method(m, ["GET"])
            return self.get_by_fingerprint(rest[2])
        if len(rest) == 2 and rest[0] == "trails":
            self._method(m, ["GET", "DELETE"])
            tid = self._trail_id(rest[1])
            return self.get_trail(tid) if m == "GET" else self.delete_trail(tid)
        if len(rest) == 3 and rest[0] == "trails" and rest[2] == "outcomes":
            self._method(m, ["POST"])
            return self.post_outcome(self._trail_id(rest[1]))
        if rest == ["stats"]:
            self._method(m, ["GET"])
            return self._send(200, self.server.store.stats())
        if rest == ["feed"]:
            self._method(m, ["GET"])
            return self.get_feed(query)
        if rest in (["search"], ["activity"]) or (rest and rest[0] == "drafts" and len(rest) <= 3):
            raise ApiError(501, "not_enabled", "/v1/%s is not enabled on this colony" % "/".join(rest))
        raise ApiError(404, "not_found", "no such endpoint")

    def _trail_id(self, s):
        if not UUID_RE.match(s):
            raise ApiError(400, "invalid_request", "trail id must be a UUID",
                           [{"path": "", "message": "path parameter trail_id is not a UUID"}])
        return s.lower()

    # -- endpoints
    def post_trail(self):
        raw = self._read_body()
        agent = self._agent()
        doc = parse_json_body(raw)
        details = validate(TRAIL_VALIDATOR, doc, extra_trail_checks)
        if details:
            raise schema_error("trail", details)
        redact(doc)
        tid = str(uuid.uuid4())
        fp = fingerprint(doc)
        self.server.store.insert_trail(tid, fp, content_hash(doc), json.dumps(doc, ensure_ascii=False), agent)
        self.server.indexer.wake.set()
        self._send(202, {"trail_id": tid, "fingerprint": fp, "status": "queued", "status_url": "/v1/trails/" + tid},
                   {"Location": "/v1/trails/" + tid})

    def get_trail(self, tid):
        view = trail_view(self.server.store, tid)
        if view is None:
            raise ApiError(404, "not_found", "no trail %s" % tid)
        self._send(200, view)

    def post_outcome(self, tid):
        raw = self._read_body()
        agent = self._agent()
        doc = parse_json_body(raw)
        injected = False
        if isinstance(doc, dict) and "solution_id" not in doc:
            doc = dict(doc, solution_id=tid)
            injected = True
        details = validate(OUTCOME_VALIDATOR, doc)
        if details:
            if injected:
                details = [d for d in details if d["path"] != "/solution_id"]
            raise schema_error("outcome report", details)
        if doc["solution_id"] != tid:
            raise ApiError(400, "invalid_request", "solution_id does not name the trail in the path",
                           [{"path": "/solution_id", "message": "must equal the trail id in the path (%s)" % tid}])
        store = self.server.store
        if store.get_trail(tid) is None:
            raise ApiError(404, "not_found", "no trail %s" % tid)
        redact(doc)
        oid = str(uuid.uuid4())
        if not store.insert_outcome(oid, tid, doc["outcome"], json.dumps(doc, ensure_ascii=False), agent):
            raise ApiError(404, "not_found", "no trail %s" % tid)
        counts = store.outcome_counts(tid)
        self._send(202, {"trail_id": tid, "outcome_id": oid, "strength": strength_of(counts),
                         "outcomes": dict(counts, total=sum(counts.values()))})

    def get_by_fingerprint(self, fp):
        if not FP_RE.match(fp):
            raise ApiError(400, "invalid_request", "malformed fingerprint",
                           [{"path": "", "message": "fingerprint must be 1-128 characters [A-Za-z0-9:_.-]"}])
        store = self.server.store
        views = [v for v in (trail_view(store, t) for t in store.by_fingerprint(fp.lower())) if v]
        if not views:
            raise ApiError(404, "not_found", "no trail has fingerprint %s" % fp)
        for v in views:
            if "strength" not in v:
                v["strength"] = strength_of(store.outcome_counts(v["trail_id"]))
        views.sort(key=lambda v: -v["strength"])   # stable: older first among equals
        self._send(200, {"fingerprint": fp.lower(), "trails": views[:5]})

    def get_feed(self, query):
        q = parse_qs(query, keep_blank_values=True)
        limit = 20
        if "limit" in q:
            v = q["limit"][-1]
            if not v.isdigit() or not 1 <= int(v) <= 100:
                raise ApiError(400, "invalid_request", "limit must be an integer from 1 to 100",
                               [{"path": "", "message": "query parameter limit is out of range"}])
            limit = int(v)
        store = self.server.store
        self._send(200, {"trails": [v for v in (trail_view(store, t) for t in store.feed(limit)) if v]})

    def delete_trail(self, tid):
        token = self.server.operator_token
        if not token:
            raise ApiError(501, "not_enabled", "operator endpoints are not enabled (no operator token configured)")
        auth = self.headers.get("Authorization", "")
        given = auth[7:].strip() if auth[:7].lower() == "bearer " else ""
        if not given or not hmac.compare_digest(given.encode("utf-8", "replace"), token.encode("utf-8")):
            raise ApiError(401, "unauthorized", "a valid operator bearer token is required",
                           headers={"WWW-Authenticate": "Bearer"})
        if not self.server.store.delete_trail(tid):
            raise ApiError(404, "not_found", "no trail %s" % tid)
        self._send(204)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128


def main(argv=None):
    ap = argparse.ArgumentParser(description="Myrmo colony (protocol v1), clean-room Python implementation")
    ap.add_argument("--port", type=int, default=0, help="TCP port (0 = any free port)")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--db", required=True, help="SQLite database file")
    ap.add_argument("--rate-limit", type=int, default=1000, help="requests per window per client IP (0 = unlimited)")
    ap.add_argument("--rate-window", type=float, default=60.0, help="rate-limit window in seconds")
    ap.add_argument("--index-delay", type=float, default=0.0,
                    help="seconds a trail stays queued before indexing (negative = never index)")
    ap.add_argument("--operator-token", default=os.environ.get("MYRMO_OPERATOR_TOKEN", ""),
                    help="bearer token enabling DELETE /v1/trails/{id}")
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args(argv)

    try:
        store = Store(a.db)
    except sqlite3.Error as e:
        sys.stderr.write("cannot open database %s: %s\n" % (a.db, e))
        return 2
    srv = Server((a.host, a.port), Handler)
    srv.store = store
    srv.limiter = RateLimiter(a.rate_limit, a.rate_window)
    srv.operator_token = a.operator_token
    srv.verbose = a.verbose
    srv.indexer = Indexer(store, max(a.index_delay, 0.0))
    if a.index_delay >= 0:
        srv.indexer.start()
    host, port = srv.server_address[:2]
    shown = host if ":" not in host else "[%s]" % host
    sys.stdout.write("listening on http://%s:%d\n" % (shown, port))
    sys.stdout.flush()

    def stop(signum, frame):
        threading.Thread(target=srv.shutdown, daemon=True).start()
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        srv.serve_forever(poll_interval=0.2)
    finally:
        srv.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
