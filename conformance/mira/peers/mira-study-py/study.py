#!/usr/bin/env python3
"""mira-study-py: a clean-room Mira eval protocol (1.1) study.

Speaks newline-delimited JSON over stdin/stdout (host -> study requests,
study -> host responses and `event`/`log` notifications). Python 3.11 stdlib
only. Launch: /usr/bin/python3 study.py

See README.md for every interpretation made where the protocol documents are
silent or ambiguous.
"""

from __future__ import annotations

import json
import math
import os
import random
import re
import sys
import threading
import time
import zlib

PROTOCOL_VERSION = "1.1"
STUDY_NAME = "mira-study-py"
STUDY_VERSION = "0.1.0"
ATIF_VERSION = "ATIF-v1.7"

INVALID_PARAMS = -32602
METHOD_NOT_FOUND = -32601
INTERNAL_ERROR = -32603

U64_MAX = 2**64 - 1

CAPABILITIES = [
    "axes", "events", "usage", "execute", "score", "trials", "cancel",
    "paginate", "trajectory",
]
EVENT_KINDS = ["started", "turn", "tool_call", "output", "finished"]

# Simulated per-turn latency for ordinary samples (ms); the `slow` sample uses
# its own latency so a host can exercise `cancel` against an in-flight run.
TURN_MS = int(os.environ.get("MIRA_STUDY_TURN_MS", "20") or 20)
SLOW_MS = int(os.environ.get("MIRA_STUDY_SLOW_MS", "3000") or 3000)
EOF_GRACE_S = float(os.environ.get("MIRA_STUDY_EOF_GRACE_S", "5") or 5)


def eprint(*a):
    try:
        print(f"{STUDY_NAME}:", *a, file=sys.stderr, flush=True)
    except Exception:
        pass


# --------------------------------------------------------------------------
# The eval catalogue
# --------------------------------------------------------------------------

class BadParams(Exception):
    """-> RpcError code -32602 (caller's mistake, not retryable)."""

    def __init__(self, message, data=None):
        super().__init__(message)
        self.message = message
        self.data = data


def _sample(sid, prompt, expected, tags=(), metadata=None, latency_ms=None):
    return {
        "id": sid, "input": [prompt], "expected": expected,
        "tags": list(tags), "metadata": dict(metadata or {}),
        "latency_ms": latency_ms,
    }


EVALS = [
    {
        "name": "greet",
        "description": "Greets the user and reports the answer to life",
        "samples": [
            _sample("hi", "Say hi and tell me the answer to life.", "42",
                    tags=["smoke"], metadata={"difficulty": "easy"}),
            _sample("hello", "Say hello and tell me the answer to life.", "42",
                    tags=["smoke"], metadata={"difficulty": "easy"}),
            _sample("slow", "Take your time, then tell me the answer to life.", "42",
                    tags=["slow"], metadata={"difficulty": "easy", "latency": "high"},
                    latency_ms=SLOW_MS),
        ],
        "page_size": 100,
        "scorers": ["succeeded", 'contains("42")'],
        "targets": [
            {"label": "sim", "provider": "sim", "available": True,
             "metadata": {"agent": "sim-greeter"}},
            {"label": "offline", "provider": "offline", "available": False,
             "metadata": {"reason": "no credentials in the study environment"}},
        ],
        "axes": [],
        "max_turns": 2,
        "trials": 1,
        "seed": None,
        "metadata": {"suite": "smoke", "lang": "python"},
    },
    {
        "name": "arith",
        "description": "Integer arithmetic; the answer must be the exact number",
        "samples": [
            _sample("add-small", "What is 2 + 3?", "5", tags=["add"],
                    metadata={"op": "add", "difficulty": "easy"}),
            _sample("add-large", "What is 1234 + 4321?", "5555", tags=["add"],
                    metadata={"op": "add", "difficulty": "medium"}),
            _sample("sub", "What is 10 - 7?", "3", tags=["sub"],
                    metadata={"op": "sub", "difficulty": "easy"}),
            _sample("mul", "What is 6 * 7?", "42", tags=["mul"],
                    metadata={"op": "mul", "difficulty": "easy"}),
            _sample("div", "What is 144 / 12?", "12", tags=["div"],
                    metadata={"op": "div", "difficulty": "medium"}),
        ],
        "page_size": 2,
        "scorers": ["succeeded", "answer_equals"],
        "targets": [
            {"label": "sim", "provider": "sim", "available": True,
             "metadata": {"agent": "sim-calculator", "noise": 0.0}},
            {"label": "sim-noisy", "provider": "sim", "available": True,
             "metadata": {"agent": "sim-calculator", "noise": 0.3}},
            {"label": "offline", "provider": "offline", "available": False,
             "metadata": {"reason": "no credentials in the study environment"}},
        ],
        "axes": [{"name": "effort", "values": ["low", "high"]}],
        "max_turns": 3,
        "trials": 3,
        "seed": 42,
        "metadata": {"suite": "math", "lang": "python"},
    },
]
EVALS_BY_NAME = {e["name"]: e for e in EVALS}


def sample_info(s):
    out = {"id": s["id"]}
    if s["tags"]:
        out["tags"] = list(s["tags"])
    if s["metadata"]:
        out["metadata"] = dict(s["metadata"])
    return out


def target_info(t):
    out = {"label": t["label"]}
    if t.get("provider"):
        out["provider"] = t["provider"]
    out["available"] = bool(t["available"])
    if t.get("metadata"):
        out["metadata"] = dict(t["metadata"])
    return out


def page(ev, offset):
    samples = ev["samples"]
    end = offset + ev["page_size"]
    nxt = str(end) if end < len(samples) else None
    return [sample_info(s) for s in samples[offset:end]], nxt


def eval_info(ev):
    samples, nxt = page(ev, 0)
    out = {"name": ev["name"]}
    if ev["description"]:
        out["description"] = ev["description"]
    out["samples"] = samples
    if nxt is not None:
        out["next_cursor"] = nxt
    out["scorers"] = list(ev["scorers"])
    out["targets"] = [target_info(t) for t in ev["targets"]]
    if ev["axes"]:
        out["axes"] = [{"name": a["name"], "values": list(a["values"])} for a in ev["axes"]]
    out["max_turns"] = ev["max_turns"]
    if ev["trials"] > 1:
        out["trials"] = ev["trials"]
    if ev["seed"] is not None:
        out["seed"] = ev["seed"]
    if ev["metadata"]:
        out["metadata"] = dict(ev["metadata"])
    return out


# --------------------------------------------------------------------------
# Param validation helpers (lenient: unknown fields ignored, missing defaulted)
# --------------------------------------------------------------------------

def is_uint(v, maximum=U64_MAX):
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= maximum


def req_str(p, key):
    v = p.get(key)
    if v is None:
        raise BadParams(f"invalid params: missing field `{key}`", {"field": key})
    if not isinstance(v, str):
        raise BadParams(f"invalid params: `{key}` must be a string", {"field": key})
    return v


def opt_uint(p, key, default):
    v = p.get(key)
    if v is None:
        return default
    if not is_uint(v):
        raise BadParams(f"invalid params: `{key}` must be a non-negative integer",
                        {"field": key})
    return v


def opt_params_map(p):
    v = p.get("params")
    if v is None:
        return {}
    if not isinstance(v, dict):
        raise BadParams("invalid params: `params` must be an object of string values",
                        {"field": "params"})
    for k, val in v.items():
        if not isinstance(val, str):
            raise BadParams(f"invalid params: axis `{k}` value must be a string",
                            {"field": "params", "axis": k})
    return dict(v)


def params_object(raw):
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise BadParams("invalid params: expected an object")
    return raw


def find_eval(name):
    ev = EVALS_BY_NAME.get(name)
    if ev is None:
        raise BadParams(f"no such eval: {name}", {"eval": name})
    return ev


def find_sample(ev, sid):
    for s in ev["samples"]:
        if s["id"] == sid:
            return s
    raise BadParams(f"no such sample: {sid}", {"eval": ev["name"], "sample": sid})


def find_target(ev, label):
    for t in ev["targets"]:
        if t["label"] == label:
            return t
    raise BadParams(f"no such target: {label}", {"eval": ev["name"], "target": label})


def case_key(ev, sample, target, params, trial, trials):
    key = f"{ev}/{sample}@{target}"
    if params:
        key += "[" + ",".join(f"{k}={params[k]}" for k in sorted(params)) + "]"
    if trials > 1:
        key += f"#{trial}"
    return key


def parse_case(raw, need_target_known=True):
    """Validate RunParams / ScoreParams identity fields."""
    p = params_object(raw)
    ev = find_eval(req_str(p, "eval"))
    sample = find_sample(ev, req_str(p, "sample"))
    label = req_str(p, "target")
    target = find_target(ev, label) if need_target_known else None
    axes = opt_params_map(p)
    for a in ev["axes"]:
        if a["name"] in axes and axes[a["name"]] not in a["values"]:
            raise BadParams(
                f"invalid value for axis {a['name']}: {axes[a['name']]}",
                {"axis": a["name"], "value": axes[a["name"]], "values": a["values"]})
    trial = opt_uint(p, "trial", 0)
    trials = opt_uint(p, "trials", 1)
    seed = opt_uint(p, "seed", None)
    return {
        "p": p, "ev": ev, "sample": sample, "target": target, "label": label,
        "params": axes, "trial": trial, "trials": trials, "seed": seed,
        "key": case_key(ev["name"], sample["id"], label, axes, trial, trials),
    }


def identity(case):
    out = {"eval": case["ev"]["name"], "sample": case["sample"]["id"],
           "target": case["label"]}
    if case["params"]:
        out["params"] = dict(case["params"])
    if case["trial"] != 0:
        out["trial"] = case["trial"]
    if case["trials"] > 1:
        out["trials"] = case["trials"]
    if case["seed"] is not None:
        out["seed"] = case["seed"]
    return out


# --------------------------------------------------------------------------
# Trajectory (ATIF) projection
# --------------------------------------------------------------------------

def _content_text(msg):
    if msg is None:
        return ""
    if isinstance(msg, str):
        return msg
    if isinstance(msg, list):
        parts = []
        for part in msg:
            if not isinstance(part, dict):
                raise BadParams("invalid trajectory: content part must be an object")
            if part.get("type") == "text" and isinstance(part.get("text"), str):
                parts.append(part["text"])
        return "\n".join(parts)
    raise BadParams("invalid trajectory: step message must be a string or an array")


def _num(v, what, integer=True):
    if v is None:
        return 0
    if integer:
        if not is_uint(v):
            raise BadParams(f"invalid trajectory: `{what}` must be a non-negative integer")
        return v
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise BadParams(f"invalid trajectory: `{what}` must be a number")
    return float(v)


def _extra_reasoning(obj):
    extra = obj.get("extra") if isinstance(obj, dict) else None
    if isinstance(extra, dict):
        v = extra.get("reasoning_tokens")
        if is_uint(v):
            return v
    return 0


def project_trajectory(traj):
    """Return the flat fields derived from an ATIF trajectory, or raise BadParams."""
    if not isinstance(traj, dict):
        raise BadParams("invalid trajectory: expected an object")
    sv = traj.get("schema_version")
    if not isinstance(sv, str):
        raise BadParams("invalid trajectory: missing `schema_version`")
    if not re.fullmatch(r"ATIF-v1(\.\d+)*", sv):
        raise BadParams(f"unsupported trajectory schema_version: {sv} (expected ATIF-v1.x)",
                        {"schema_version": sv})
    steps = traj.get("steps")
    if not isinstance(steps, list):
        raise BadParams("invalid trajectory: `steps` must be an array")
    final_response = ""
    tool_calls = []
    iterations = 0
    sums = {"input_tokens": 0, "output_tokens": 0, "cache_read_tokens": 0,
            "reasoning_tokens": 0, "cost_usd": 0.0}
    for st in steps:
        if not isinstance(st, dict):
            raise BadParams("invalid trajectory: each step must be an object")
        text = _content_text(st.get("message"))
        tcs = st.get("tool_calls") or []
        if not isinstance(tcs, list):
            raise BadParams("invalid trajectory: `tool_calls` must be an array")
        for tc in tcs:
            if not isinstance(tc, dict) or not isinstance(tc.get("function_name"), str):
                raise BadParams("invalid trajectory: tool call needs a `function_name`")
            tool_calls.append(tc["function_name"])
        if st.get("source") == "agent":
            final_response = text
            llm = st.get("llm_call_count")
            if llm is None or llm != 0:
                iterations += 1
        m = st.get("metrics")
        if m is not None:
            if not isinstance(m, dict):
                raise BadParams("invalid trajectory: step `metrics` must be an object")
            sums["input_tokens"] += _num(m.get("prompt_tokens"), "prompt_tokens")
            sums["output_tokens"] += _num(m.get("completion_tokens"), "completion_tokens")
            sums["cache_read_tokens"] += _num(m.get("cached_tokens"), "cached_tokens")
            sums["cost_usd"] += _num(m.get("cost_usd"), "cost_usd", integer=False)
            sums["reasoning_tokens"] += _extra_reasoning(m)
    fm = traj.get("final_metrics")
    if fm is not None:
        if not isinstance(fm, dict):
            raise BadParams("invalid trajectory: `final_metrics` must be an object")
        usage = {
            "input_tokens": _num(fm.get("total_prompt_tokens"), "total_prompt_tokens"),
            "output_tokens": _num(fm.get("total_completion_tokens"), "total_completion_tokens"),
            "cache_read_tokens": _num(fm.get("total_cached_tokens"), "total_cached_tokens"),
            "reasoning_tokens": _extra_reasoning(fm),
            "cost_usd": _num(fm.get("total_cost_usd"), "total_cost_usd", integer=False),
        }
    else:
        usage = sums
        usage["cost_usd"] = round(usage["cost_usd"], 12)
    return {
        "final_response": final_response,
        "tool_calls": tool_calls,
        "tool_calls_count": len(tool_calls),
        "iterations": iterations,
        "usage": usage,
    }


# --------------------------------------------------------------------------
# Transcript validation (for `score`) and summary (for `run` / `score`)
# --------------------------------------------------------------------------

def _usage(u):
    if u is None:
        u = {}
    if not isinstance(u, dict):
        raise BadParams("invalid transcript: `usage` must be an object")
    out = {}
    for k in ("input_tokens", "output_tokens", "cache_read_tokens", "reasoning_tokens"):
        v = u.get(k)
        if v is None:
            v = 0
        if not is_uint(v):
            raise BadParams(f"invalid transcript: `usage.{k}` must be a non-negative integer")
        out[k] = v
    c = u.get("cost_usd")
    if c is None:
        c = 0.0
    if isinstance(c, bool) or not isinstance(c, (int, float)):
        raise BadParams("invalid transcript: `usage.cost_usd` must be a number")
    out["cost_usd"] = float(c)
    return {"input_tokens": out["input_tokens"], "output_tokens": out["output_tokens"],
            "cost_usd": out["cost_usd"], "cache_read_tokens": out["cache_read_tokens"],
            "reasoning_tokens": out["reasoning_tokens"]}


def normalize_transcript(t):
    """Validate a host-supplied Transcript, default missing fields and fill the
    flat fields from `trajectory` where the producer did not set them."""
    if not isinstance(t, dict):
        raise BadParams("invalid params: `transcript` must be an object", {"field": "transcript"})
    out = {}
    traj = t.get("trajectory")
    proj = project_trajectory(traj) if traj is not None else {}

    def pick(key, default):
        if key in t and t[key] is not None:
            return t[key]
        if key in proj:
            return proj[key]
        return default

    fr = pick("final_response", "")
    if not isinstance(fr, str):
        raise BadParams("invalid transcript: `final_response` must be a string")
    out["final_response"] = fr
    for k in ("iterations", "tool_calls_count"):
        v = pick(k, 0)
        if not is_uint(v):
            raise BadParams(f"invalid transcript: `{k}` must be a non-negative integer")
        out[k] = v
    tc = pick("tool_calls", [])
    if not isinstance(tc, list) or not all(isinstance(x, str) for x in tc):
        raise BadParams("invalid transcript: `tool_calls` must be an array of strings")
    out["tool_calls"] = list(tc)
    out["usage"] = _usage(pick("usage", None))
    timing = t.get("timing")
    if timing is None:
        timing = {}
    if not isinstance(timing, dict):
        raise BadParams("invalid transcript: `timing` must be an object")
    tout = {}
    for k in ("duration_ms", "time_to_first_token_ms"):
        v = timing.get(k)
        if v is None:
            continue
        if not is_uint(v):
            raise BadParams(f"invalid transcript: `timing.{k}` must be a non-negative integer")
        tout[k] = v
    out["timing"] = tout
    metrics = t.get("metrics") or {}
    if not isinstance(metrics, dict) or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in metrics.values()):
        raise BadParams("invalid transcript: `metrics` must be an object of numbers")
    out["metrics"] = {k: float(v) for k, v in metrics.items()}
    md = t.get("metadata") or {}
    if not isinstance(md, dict):
        raise BadParams("invalid transcript: `metadata` must be an object")
    out["metadata"] = md
    err = t.get("error")
    if err is not None and not isinstance(err, str):
        raise BadParams("invalid transcript: `error` must be a string or null")
    out["error"] = err
    ek = t.get("error_kind")
    if ek is None:
        ek = "subject"
    if ek not in ("subject", "infra"):
        raise BadParams(f"invalid transcript: unknown `error_kind`: {ek}")
    out["error_kind"] = ek
    output = t.get("output") or []
    if not isinstance(output, list) or not all(isinstance(x, dict) for x in output):
        raise BadParams("invalid transcript: `output` must be an array of parts")
    out["output"] = output
    return out


def summary(t):
    """Project a (full or normalized) transcript onto the TranscriptSummary wire form."""
    s = {
        "final_response": t.get("final_response", ""),
        "iterations": t.get("iterations", 0),
        "tool_calls_count": t.get("tool_calls_count", 0),
    }
    if t.get("tool_calls"):
        s["tool_calls"] = list(t["tool_calls"])
    s["usage"] = dict(t.get("usage") or _usage(None))
    timing = t.get("timing") or {}
    if timing:
        s["timing"] = dict(timing)
    if t.get("metrics"):
        s["metrics"] = dict(t["metrics"])
    if t.get("metadata"):
        s["metadata"] = dict(t["metadata"])
    if t.get("error") is not None:
        s["error"] = t["error"]
    if t.get("error_kind", "subject") != "subject":
        s["error_kind"] = t["error_kind"]
    if t.get("output"):
        s["output"] = list(t["output"])
    return s


# --------------------------------------------------------------------------
# Scorers
# --------------------------------------------------------------------------

def run_scorers(ev, sample, t):
    """Returns (scores, passed, aggregate)."""
    if t.get("error") is not None and t.get("error_kind") == "infra":
        scores = [{"scorer": "infra", "value": 0.0, "pass": False,
                   "reason": t["error"] or "infrastructure error", "na": True}]
    else:
        scores = []
        final = t.get("final_response", "") or ""
        for name in ev["scorers"]:
            if name == "succeeded":
                ok = t.get("error") is None
                scores.append({"scorer": name, "value": 1.0 if ok else 0.0, "pass": ok,
                               "reason": "no error" if ok else f"error: {t['error']}"})
            elif name.startswith("contains(") and name.endswith(")"):
                needle = json.loads(name[len("contains("):-1])
                ok = needle in final
                scores.append({"scorer": name, "value": 1.0 if ok else 0.0, "pass": ok,
                               "reason": (f"found {json.dumps(needle)}" if ok
                                          else f"missing {json.dumps(needle)}")})
            elif name == "answer_equals":
                nums = re.findall(r"-?\d+(?:\.\d+)?", final)
                got = nums[-1] if nums else None
                ok = got is not None and got == sample["expected"]
                scores.append({"scorer": name, "value": 1.0 if ok else 0.0, "pass": ok,
                               "reason": (f"answer {got} == {sample['expected']}" if ok else
                                          f"expected {sample['expected']}, got {got}")})
    counted = [s for s in scores if not s.get("na")]
    passed = bool(counted) and all(s["pass"] for s in counted)
    aggregate = (sum(s["value"] for s in counted) / len(counted)) if counted else 0.0
    for s in scores:
        s.setdefault("na", False)
    return scores, passed, aggregate


# --------------------------------------------------------------------------
# Simulated subjects
# --------------------------------------------------------------------------

class Cancelled(Exception):
    pass


def solve(prompt):
    m = re.search(r"(-?\d+)\s*([-+*/])\s*(-?\d+)", prompt)
    if not m:
        return None, ""
    a, op, b = int(m.group(1)), m.group(2), int(m.group(3))
    if op == "+":
        r = a + b
    elif op == "-":
        r = a - b
    elif op == "*":
        r = a * b
    else:
        r = a // b if b else 0
    return r, f"{a} {op} {b}"


def case_seed(case):
    """The seed threaded into the subject: the host's per-trial seed when set,
    else the eval's base seed + trial (so an unseeded repetition still replays)."""
    if case["seed"] is not None:
        return case["seed"]
    base = case["ev"]["seed"] or 0
    return base + case["trial"]


def execute_subject(case, emit, cancel_event):
    """Run the simulated subject; returns the full Transcript.

    `emit(kind, **fields)` sends an `event` notification for this request;
    raises Cancelled when the request was cancelled."""
    ev, sample, target = case["ev"], case["sample"], case["target"]
    prompt = sample["input"][0]
    effort = case["params"].get("effort", "low")
    seed = case_seed(case)

    def sleep(ms):
        if cancel_event.wait(ms / 1000.0):
            raise Cancelled()

    # Plan the turns deterministically.
    steps_plan = []   # list of (message, tool_call or None, observation)
    if ev["name"] == "arith":
        answer, expr = solve(prompt)
        noise = float(target.get("metadata", {}).get("noise", 0.0))
        rng = random.Random((seed * 1_000_003 + zlib.crc32(
            (sample["id"] + "|" + target["label"]).encode())) & 0xFFFFFFFFFFFF)
        if answer is not None and rng.random() < noise:
            answer += rng.choice([-1, 1])
        if effort == "high":
            steps_plan.append(("Let me compute that with the calculator.",
                               ("calculator", {"expression": expr}), str(answer)))
        steps_plan.append((f"The answer is {answer}.", None, None))
    else:
        steps_plan.append((f"Hi! In response to '{prompt}': the answer is 42.", None, None))

    total_ms = sample["latency_ms"] if sample["latency_ms"] is not None else TURN_MS * len(steps_plan)
    per_turn = total_ms / len(steps_plan)

    emit("started")
    atif_steps = [{"step_id": 1, "source": "user", "message": prompt}]
    raw_events = [{"kind": "started"}]
    tools = []
    in_tok_total = out_tok_total = 0
    cost_total = 0.0
    price = 0.0 if target["provider"] == "sim" else 1e-6
    context = len(prompt.split()) + 40
    final = ""
    ttft = None
    for i, (msg, tool, obs) in enumerate(steps_plan):
        emit("turn", turn=i)
        raw_events.append({"kind": "turn", "turn": i})
        # stream the message in a few chunks, sleeping in between
        words = msg.split(" ")
        chunks = [" ".join(words[j:j + 4]) for j in range(0, len(words), 4)] or [""]
        slice_ms = per_turn / (len(chunks) + (1 if tool else 0))
        for j, ch in enumerate(chunks):
            sleep(slice_ms)
            if ttft is None:
                ttft = int(round(slice_ms))
            delta = ch if j == 0 else " " + ch
            emit("output", text=delta)
            raw_events.append({"kind": "output", "text": delta})
        in_tok = context
        out_tok = len(msg.split()) + 3
        context += out_tok
        step = {"step_id": len(atif_steps) + 1, "source": "agent", "message": msg,
                "model_name": target["label"], "llm_call_count": 1,
                "metrics": {"prompt_tokens": in_tok, "completion_tokens": out_tok,
                            "cost_usd": round((in_tok + out_tok) * price, 12)}}
        in_tok_total += in_tok
        out_tok_total += out_tok
        cost_total += (in_tok + out_tok) * price
        if tool:
            sleep(slice_ms)
            name, args = tool
            call_id = f"call_{len(tools) + 1}"
            emit("tool_call", tool=name)
            raw_events.append({"kind": "tool_call", "tool": name})
            tools.append(name)
            step["tool_calls"] = [{"tool_call_id": call_id, "function_name": name,
                                   "arguments": args}]
            step["observation"] = {"results": [{"source_call_id": call_id, "content": obs}]}
            context += 5
        atif_steps.append(step)
        final = msg
    cost_total = round(cost_total, 12)
    trajectory = {
        "schema_version": ATIF_VERSION,
        "session_id": case["key"],
        "agent": {"name": "mira-study-py-sim", "version": STUDY_VERSION,
                  "model_name": target["label"]},
        "steps": atif_steps,
        "final_metrics": {"total_prompt_tokens": in_tok_total,
                          "total_completion_tokens": out_tok_total,
                          "total_cached_tokens": 0,
                          "total_cost_usd": cost_total,
                          "total_steps": len(atif_steps)},
    }
    proj = project_trajectory(trajectory)
    raw_events.append({"kind": "finished"})
    transcript = {
        "final_response": proj["final_response"],
        "iterations": proj["iterations"],
        "tool_calls_count": proj["tool_calls_count"],
        "tool_calls": proj["tool_calls"],
        "usage": proj["usage"],
        "timing": {"duration_ms": int(round(total_ms)),
                   "time_to_first_token_ms": ttft if ttft is not None else 0},
        "metrics": {"response_chars": float(len(final))},
        "metadata": {"case_key": case["key"], "seed": seed, "effort": effort}
        if ev["axes"] else {"case_key": case["key"], "seed": seed},
        "error": None,
        "events": raw_events,
        "files": {},
        "trajectory": trajectory,
    }
    if ev["name"] == "arith":
        nums = re.findall(r"-?\d+", final)
        transcript["output"] = [{"kind": "text", "text": final},
                                {"kind": "json", "json": {"answer": int(nums[-1]) if nums else None}}]
    emit("finished")
    return transcript


def unavailable_transcript(case):
    msg = f"target unavailable: {case['label']}"
    return {
        "final_response": "", "iterations": 0, "tool_calls_count": 0,
        "usage": _usage(None), "error": msg, "error_kind": "infra",
    }


# --------------------------------------------------------------------------
# The server: framing, dispatch, concurrency, cancel
# --------------------------------------------------------------------------

class Inflight:
    __slots__ = ("id", "method", "cancelled", "event")

    def __init__(self, rid, method):
        self.id = rid
        self.method = method
        self.cancelled = False
        self.event = threading.Event()


class Server:
    def __init__(self):
        self.lock = threading.Lock()
        self.inflight: dict[int, Inflight] = {}
        self.broken = False
        self.out_fd = sys.stdout.fileno()

    # ---- output ---------------------------------------------------------
    def _write(self, obj):
        if self.broken:
            return
        try:
            data = (json.dumps(obj, ensure_ascii=True, separators=(",", ":"),
                               allow_nan=False) + "\n").encode("ascii")
        except (ValueError, TypeError) as e:  # should never happen; never crash
            eprint(f"could not serialize a message: {e}")
            if isinstance(obj, dict) and "id" in obj:
                data = (json.dumps({"id": obj["id"], "error": {
                    "code": INTERNAL_ERROR, "message": "internal error: unserializable result",
                    "retryable": False}}) + "\n").encode("ascii")
            else:
                return
        try:
            view = memoryview(data)
            while view:
                n = os.write(self.out_fd, view)
                view = view[n:]
        except (BrokenPipeError, OSError):
            self.broken = True

    def send(self, obj):
        with self.lock:
            self._write(obj)

    def log(self, message, request_id=0):
        self.send({"method": "log", "params": {"message": message, "request_id": request_id}})

    @staticmethod
    def err_obj(code, message, data=None, retryable=False):
        e = {"code": code, "message": message, "retryable": retryable}
        if data is not None:
            e["data"] = data
        return e

    def respond(self, rid, result):
        self.send({"id": rid, "result": result})

    def respond_err(self, rid, code, message, data=None):
        self.send({"id": rid, "error": self.err_obj(code, message, data)})

    # ---- in-flight bookkeeping -----------------------------------------
    def finish(self, st: Inflight, obj):
        """Write the final response of an in-flight request, unless it was cancelled."""
        with self.lock:
            if st.cancelled:
                return
            self.inflight.pop(st.id, None)
            self._write(obj)

    def emit_event(self, st: Inflight, case, kind, **extra):
        params = {"request_id": st.id, "eval": case["ev"]["name"],
                  "sample": case["sample"]["id"], "target": case["label"]}
        if case["params"]:
            params["params"] = dict(case["params"])
        params["kind"] = kind
        params.update(extra)
        with self.lock:
            if st.cancelled:
                raise Cancelled()
            self._write({"method": "event", "params": params})

    def cancel(self, target_id):
        """Cancel one in-flight request; returns True when one was aborted.
        Called with the lock held."""
        st = self.inflight.get(target_id)
        if st is None or st.cancelled:
            return False
        st.cancelled = True
        st.event.set()
        self.inflight.pop(target_id, None)
        return True

    # ---- line handling ---------------------------------------------------
    def handle_line(self, raw: bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            self.log("malformed request line: not valid UTF-8; skipped")
            return
        if text.startswith("\ufeff"):
            text = text[1:]  # tolerate a UTF-8 byte-order mark
        if not text.strip():
            return  # blank lines are ignored

        def bad_const(c):
            raise ValueError(f"invalid JSON constant {c}")

        def parse_float(s):
            f = float(s)
            if not math.isfinite(f):
                raise ValueError("number out of range")
            return f

        try:
            msg = json.loads(text, parse_constant=bad_const, parse_float=parse_float)
        except (ValueError, RecursionError) as e:
            self.log(f"malformed request line (bad JSON: {e}); skipped")
            return
        if not isinstance(msg, dict):
            self.log(f"malformed request line (expected a JSON object, got "
                     f"{type(msg).__name__}); skipped")
            return
        has_method = "method" in msg
        has_id = "id" in msg
        if not has_method:
            if has_id:
                # A response (host->study). This study never issues reverse requests,
                # so there is nothing pending to correlate it with: drop it.
                eprint("ignoring a response-shaped line (no reverse requests are pending)")
            else:
                self.log("malformed request line (neither `method` nor `id`); skipped")
            return
        if not has_id:
            # A notification from the host: fire-and-forget, never acknowledged.
            eprint(f"ignoring host notification: {str(msg.get('method'))[:80]}")
            return
        rid = msg["id"]
        if not is_uint(rid):
            self.log(f"malformed request line (`id` must be a non-negative integer, got "
                     f"{json.dumps(rid)[:80]}); skipped")
            return
        method = msg["method"]
        if not isinstance(method, str):
            self.respond_err(rid, METHOD_NOT_FOUND, "unknown method: `method` must be a string")
            return
        raw_params = msg.get("params")
        try:
            self.dispatch(rid, method, raw_params)
        except BadParams as e:
            self.respond_err(rid, INVALID_PARAMS, e.message, e.data)
        except Exception as e:  # never crash on a request
            eprint(f"internal error on request {rid}: {e!r}")
            self.respond_err(rid, INTERNAL_ERROR, f"internal error: {e}")

    def dispatch(self, rid, method, raw):
        if method == "initialize":
            self.respond(rid, self.initialize(rid, raw))
        elif method == "list":
            self.respond(rid, {"evals": [eval_info(e) for e in EVALS]})
        elif method == "list_samples":
            self.respond(rid, self.list_samples(raw))
        elif method in ("run", "execute", "score"):
            self.start_case(rid, method, raw)
        elif method == "cancel":
            p = params_object(raw)
            target = p.get("id")
            if target is None:
                raise BadParams("invalid params: missing field `id`", {"field": "id"})
            if not is_uint(target):
                raise BadParams("invalid params: `id` must be a non-negative integer",
                                {"field": "id"})
            with self.lock:
                ok = self.cancel(target)
                # The ack is immediate; the cancelled call then resolves with an error.
                self._write({"id": rid, "result": {"cancelled": ok}})
                if ok:
                    self._write({"id": target, "error": self.err_obj(
                        INTERNAL_ERROR, "cancelled")})
        else:
            self.respond_err(rid, METHOD_NOT_FOUND, f"unknown method: {method}",
                             {"method": method})

    def initialize(self, rid, raw):
        hv = raw.get("protocol_version") if isinstance(raw, dict) else None
        if isinstance(hv, str):
            major = hv.split(".")[0]
            if major != PROTOCOL_VERSION.split(".")[0]:
                eprint(f"host protocol_version {hv} has a different major than {PROTOCOL_VERSION}")
                self.log(f"host protocol_version {hv} differs in major from the study's "
                         f"{PROTOCOL_VERSION}; the host is expected to refuse", rid)
            elif hv == "1.0":
                eprint("host speaks protocol 1.0: trajectories may be dropped from its "
                       "stored execute artifacts")
        return {
            "protocol_version": PROTOCOL_VERSION,
            "study": STUDY_NAME,
            "evals": len(EVALS),
            "study_version": STUDY_VERSION,
            "capabilities": list(CAPABILITIES),
            "capability_params": {
                "events": {"kinds": list(EVENT_KINDS)},
                "modalities": {"input": ["text"], "output": ["text", "json"]},
                "trajectory": {"format": "ATIF", "version": ATIF_VERSION[len("ATIF-v"):]},
            },
        }

    def list_samples(self, raw):
        p = params_object(raw)
        ev = find_eval(req_str(p, "eval"))
        cursor = req_str(p, "cursor")
        if not re.fullmatch(r"\d{1,9}", cursor) or int(cursor) > len(ev["samples"]):
            raise BadParams(f"bad cursor: {cursor}", {"cursor": cursor})
        samples, nxt = page(ev, int(cursor))
        out = {"samples": samples}
        if nxt is not None:
            out["next_cursor"] = nxt
        return out

    def start_case(self, rid, method, raw):
        # Validate synchronously so param errors are answered at once.
        if method == "score":
            case = parse_case(raw, need_target_known=False)
            if "transcript" not in case["p"] or case["p"]["transcript"] is None:
                raise BadParams("invalid params: missing field `transcript`",
                                {"field": "transcript"})
            transcript = normalize_transcript(case["p"]["transcript"])
        else:
            case = parse_case(raw)
            transcript = None
        with self.lock:
            if rid in self.inflight:
                # Answering would be mis-correlated with the call already pending
                # under this id, so report it via `log` and skip it.
                self._write({"method": "log", "params": {
                    "message": f"duplicate in-flight request id {rid}; request skipped",
                    "request_id": rid}})
                return
            st = Inflight(rid, method)
            self.inflight[rid] = st
        th = threading.Thread(target=self.work, args=(st, method, case, transcript),
                              daemon=True, name=f"req-{rid}")
        try:
            th.start()
        except RuntimeError as e:  # e.g. the OS refused another thread: transient
            with self.lock:
                self.inflight.pop(rid, None)
                self._write({"id": rid, "error": self.err_obj(
                    INTERNAL_ERROR, f"study overloaded: {e}", retryable=True)})

    def work(self, st, method, case, transcript):
        try:
            if method == "score":
                result = self.result_for(case, transcript, skipped=False)
                self.finish(st, {"id": st.id, "result": result})
                return
            if not case["target"]["available"]:
                t = unavailable_transcript(case)
                if method == "run":
                    result = self.result_for(case, t, skipped=True)
                else:
                    result = identity(case)
                    result["transcript"] = t
                    result["skipped"] = True
                self.finish(st, {"id": st.id, "result": result})
                return
            if method == "run":
                self.log_for(st, f"running {case['key']} (seed {case_seed(case)})")
            else:
                self.log_for(st, f"executing {case['key']} (seed {case_seed(case)})")
            t = execute_subject(
                case, lambda kind, **kw: self.emit_event(st, case, kind, **kw), st.event)
            if method == "run":
                result = self.result_for(case, t, skipped=False)
            else:
                result = identity(case)
                full = {k: v for k, v in t.items() if v is not None}
                result["transcript"] = full
                result["skipped"] = False
            self.finish(st, {"id": st.id, "result": result})
        except Cancelled:
            pass  # the cancel handler already answered this request
        except BadParams as e:
            self.finish(st, {"id": st.id, "error": self.err_obj(INVALID_PARAMS, e.message, e.data)})
        except Exception as e:
            eprint(f"internal error on request {st.id}: {e!r}")
            self.finish(st, {"id": st.id, "error": self.err_obj(
                INTERNAL_ERROR, f"internal error: {e}")})

    def log_for(self, st, message):
        with self.lock:
            if st.cancelled:
                raise Cancelled()
            self._write({"method": "log", "params": {"message": message,
                                                     "request_id": st.id}})

    def result_for(self, case, t, skipped):
        scores, passed, aggregate = run_scorers(case["ev"], case["sample"], t)
        out = identity(case)
        out["input"] = list(case["sample"]["input"])
        out["expected"] = case["sample"]["expected"]
        out["passed"] = passed
        out["aggregate"] = aggregate
        out["scores"] = scores
        out["transcript"] = summary(t)
        out["skipped"] = skipped
        return out

    # ---- main loop -------------------------------------------------------
    def serve(self):
        stdin = sys.stdin.buffer
        while True:
            try:
                line = stdin.readline()
            except (OSError, ValueError):
                break
            except KeyboardInterrupt:
                break
            if not line:
                break
            try:
                self.handle_line(line)
            except Exception as e:  # belt and braces: the loop never dies
                eprint(f"unexpected error handling a line: {e!r}")
            if self.broken:
                break
        eprint("stdin closed, exiting")
        # EOF: let in-flight calls finish for a short grace period, then abort the rest.
        deadline = time.monotonic() + EOF_GRACE_S
        while time.monotonic() < deadline:
            with self.lock:
                if not self.inflight:
                    break
            time.sleep(0.01)
        with self.lock:
            for rid in list(self.inflight):
                if self.cancel(rid):
                    self._write({"id": rid, "error": self.err_obj(
                        INTERNAL_ERROR, "cancelled", {"cancelled": True, "reason": "stdin closed"})})
        return 0


def main():
    rc = Server().serve()
    try:
        sys.stderr.flush()
    except Exception:
        pass
    os._exit(rc)


if __name__ == "__main__":
    main()
