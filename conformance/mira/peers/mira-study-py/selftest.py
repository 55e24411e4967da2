#!/usr/bin/env python3
"""Self-test for study.py: spawns it over pipes and exercises every method.

Run: /usr/bin/python3 selftest.py      (exit 0 = all checks passed)
"""

import json
import os
import queue
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
STUDY = [sys.executable if sys.executable else "/usr/bin/python3", os.path.join(HERE, "study.py")]

PASSED = 0
FAILED = []


def check(cond, what):
    global PASSED
    if cond:
        PASSED += 1
    else:
        FAILED.append(what)
        print("FAIL:", what, flush=True)


class Study:
    def __init__(self, env=None):
        e = dict(os.environ)
        e.update(env or {})
        self.p = subprocess.Popen(STUDY, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, env=e)
        self.q = queue.Queue()
        self.lines = []
        self.next_id = 100
        self.t = threading.Thread(target=self._read, daemon=True)
        self.t.start()
        self.err = []
        threading.Thread(target=self._read_err, daemon=True).start()

    def _read(self):
        for raw in self.p.stdout:
            line = raw.decode("utf-8").rstrip("\n")
            self.lines.append(line)
            try:
                msg = json.loads(line)
            except ValueError:
                msg = {"__unparseable__": line}
            self.q.put(msg)
        self.q.put(None)

    def _read_err(self):
        for raw in self.p.stderr:
            self.err.append(raw.decode("utf-8", "replace"))

    def send_raw(self, text):
        self.p.stdin.write(text.encode("utf-8") + b"\n")
        self.p.stdin.flush()

    def send(self, method, params=None, rid=None, extra=None):
        if rid is None:
            self.next_id += 1
            rid = self.next_id
        msg = {"id": rid, "method": method}
        if params is not None:
            msg["params"] = params
        if extra:
            msg.update(extra)
        self.send_raw(json.dumps(msg))
        return rid

    def collect(self, until, timeout=10.0):
        """Read messages until predicate(msgs) is true; returns all messages read."""
        msgs = []
        deadline = time.monotonic() + timeout
        while not until(msgs):
            left = deadline - time.monotonic()
            if left <= 0:
                break
            try:
                m = self.q.get(timeout=left)
            except queue.Empty:
                break
            if m is None:
                break
            msgs.append(m)
        return msgs

    def call(self, method, params=None, timeout=10.0, **kw):
        rid = self.send(method, params, **kw)
        msgs = self.collect(lambda ms: any(is_response(m, rid) for m in ms), timeout)
        resp = next((m for m in msgs if is_response(m, rid)), None)
        notes = [m for m in msgs if "method" in m]
        return resp, notes

    def quiet(self, secs=0.3):
        return self.collect(lambda ms: False, secs)

    def close(self, timeout=10.0):
        try:
            self.p.stdin.close()
        except Exception:
            pass
        try:
            rc = self.p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
            rc = None
        return rc


def is_response(m, rid):
    return "method" not in m and m.get("id") == rid


def events_of(notes, rid):
    return [n["params"] for n in notes if n.get("method") == "event"
            and n["params"].get("request_id") == rid]


def main():
    s = Study()
    try:
        # ---- initialize ----------------------------------------------------
        r, _ = s.call("initialize", {"protocol_version": "1.1", "host": "selftest",
                                     "future": {"x": 1}})
        res = r and r.get("result") or {}
        check(res.get("protocol_version") == "1.1", "initialize protocol_version 1.1")
        check(res.get("study") == "mira-study-py" and res.get("evals") == 2,
              "initialize study/evals")
        caps = set(res.get("capabilities", []))
        check(caps >= {"axes", "events", "usage", "execute", "score", "trials", "cancel",
                       "paginate", "trajectory"}, "initialize capabilities")
        check(res.get("capability_params", {}).get("trajectory") ==
              {"format": "ATIF", "version": "1.7"}, "trajectory capability_params")

        # ---- list ------------------------------------------------------------
        r, _ = s.call("list", {}, extra={"future_field": {"x": 1}})
        evals = {e["name"]: e for e in r["result"]["evals"]}
        check(set(evals) == {"greet", "arith"}, "list eval names")
        arith = evals["arith"]
        check(arith.get("next_cursor") == "2" and len(arith["samples"]) == 2,
              "list: arith paginated first page")
        check("next_cursor" not in evals["greet"], "list: greet inline (no next_cursor)")
        check(arith.get("trials") == 3 and arith.get("seed") == 42, "list: trials/seed")
        check(arith.get("axes") == [{"name": "effort", "values": ["low", "high"]}], "list: axes")
        check(any(not t["available"] for t in arith["targets"]), "list: unavailable target")

        # ---- list_samples ------------------------------------------------------
        ids = [x["id"] for x in arith["samples"]]
        cursor = arith["next_cursor"]
        pages = 0
        while cursor is not None and pages < 10:
            r, _ = s.call("list_samples", {"eval": "arith", "cursor": cursor})
            ids += [x["id"] for x in r["result"]["samples"]]
            cursor = r["result"].get("next_cursor")
            pages += 1
        check(ids == ["add-small", "add-large", "sub", "mul", "div"] and pages == 2,
              "list_samples pages through all samples")
        r, _ = s.call("list_samples", {"eval": "arith", "cursor": "xyz"})
        check(r.get("error", {}).get("code") == -32602, "list_samples bad cursor -> -32602")
        r, _ = s.call("list_samples", {"eval": "nope", "cursor": "0"})
        check(r.get("error", {}).get("code") == -32602, "list_samples unknown eval -> -32602")
        r, _ = s.call("list_samples", {"eval": "arith"})
        check(r.get("error", {}).get("code") == -32602, "list_samples missing cursor -> -32602")

        # ---- run -------------------------------------------------------------
        r, notes = s.call("run", {"eval": "greet", "sample": "hi", "target": "sim"})
        rid = r["id"]
        res = r.get("result", {})
        check(res.get("passed") is True and res.get("aggregate") == 1.0, "run greet passes")
        check("42" in res["transcript"]["final_response"], "run greet final_response")
        check("trial" not in res and "trials" not in res and "seed" not in res,
              "run single trial omits trial fields")
        check("trajectory" not in res["transcript"] and "events" not in res["transcript"],
              "run transcript is a summary")
        ev = events_of(notes, rid)
        check(ev and ev[0]["kind"] == "started" and ev[-1]["kind"] == "finished",
              "run events started..finished correlated by request_id")
        check(any(n.get("method") == "log" and n["params"].get("request_id") == rid
                  for n in notes), "run log correlated by request_id")

        p = {"eval": "arith", "sample": "mul", "target": "sim", "params": {"effort": "high"},
             "trial": 2, "trials": 3, "seed": 44, "future_param": True}
        r1, n1 = s.call("run", p)
        r2, _ = s.call("run", p)
        a = r1["result"]
        check(a["params"] == {"effort": "high"} and a["trial"] == 2 and a["trials"] == 3
              and a["seed"] == 44, "run echoes params/trial/trials/seed")
        check(a["transcript"]["metadata"]["case_key"] == "arith/mul@sim[effort=high]#2",
              "case key with axis + trial suffix")
        check(a["transcript"]["tool_calls"] == ["calculator"] and a["transcript"]["iterations"] == 2,
              "effort=high honoured (tool call)")
        check(any(e["kind"] == "tool_call" and e.get("tool") == "calculator"
                  for e in events_of(n1, r1["id"])), "tool_call event")
        check(r1["result"] == r2["result"], "run is deterministic for identical params")

        # trials/seeds on the noisy target: same seed reproduces, seeds vary outcomes
        outcomes = {}
        for seed in range(42, 62):
            r, _ = s.call("run", {"eval": "arith", "sample": "add-large", "target": "sim-noisy",
                                  "trial": seed - 42, "trials": 20, "seed": seed})
            outcomes[seed] = r["result"]["passed"]
        check(len(set(outcomes.values())) == 2, "seeded noisy target varies across seeds")
        r, _ = s.call("run", {"eval": "arith", "sample": "add-large", "target": "sim-noisy",
                              "trial": 5, "trials": 20, "seed": 47})
        check(r["result"]["passed"] == outcomes[47], "same seed replays the same outcome")

        r, notes = s.call("run", {"eval": "arith", "sample": "sub", "target": "offline"})
        res = r["result"]
        check(res["skipped"] is True and res["passed"] is False
              and res["transcript"].get("error_kind") == "infra"
              and len(res["scores"]) == 1 and res["scores"][0]["na"] is True,
              "run on unavailable target -> skipped, infra N/A")

        # ---- errors ----------------------------------------------------------
        for params, what in [
            ({"eval": "nope", "sample": "hi", "target": "sim"}, "unknown eval"),
            ({"eval": "greet", "sample": "nosuch", "target": "sim"}, "unknown sample"),
            ({"eval": "greet", "sample": "hi", "target": "no-target"}, "unknown target"),
            ({"eval": "greet", "sample": "hi"}, "missing target"),
            ({"eval": "arith", "sample": "mul", "target": "sim", "params": {"effort": "max"}},
             "bad axis value"),
            ({"eval": "greet", "sample": "hi", "target": "sim", "seed": -1}, "negative seed"),
            ({"eval": "greet", "sample": "hi", "target": "sim", "trial": "x"}, "bad trial"),
            ([1, 2], "params not an object"),
        ]:
            r, _ = s.call("run", params)
            err = r and r.get("error") or {}
            check(err.get("code") == -32602 and err.get("retryable") is False
                  and isinstance(err.get("message"), str), f"run {what} -> -32602")
        r, _ = s.call("bogus")
        check(r.get("error", {}).get("code") == -32601, "unknown method -> -32601")

        # malformed lines / notifications: logged or ignored, study stays alive
        for bad in ["{ not json", "42", "[1,2]", "null", '"str"', "", "   ",
                    '{"id": "abc", "method": "list"}', '{"id": -1, "method": "list"}',
                    '{"nothing": 1}', '{"method": "keel/unknown_notification", "params": {}}',
                    '{"id": 7777, "result": {}}', '{"id": 1e999, "method": "list"}']:
            s.send_raw(bad)
        msgs = s.quiet(0.5)
        logs = [m for m in msgs if m.get("method") == "log"]
        check(len(logs) == 9 and all(m["params"]["request_id"] == 0 for m in logs),
              f"malformed lines logged (got {len(logs)} logs)")
        check(not any("method" not in m for m in msgs),
              "no responses to malformed lines / notifications / responses")
        r, _ = s.call("list")
        check(r and "result" in r, "study alive after malformed input")

        # ---- execute + score ---------------------------------------------------
        r, notes = s.call("execute", {"eval": "arith", "sample": "div", "target": "sim",
                                      "params": {"effort": "high"}})
        ex = r["result"]
        t = ex["transcript"]
        check(t["trajectory"]["schema_version"] == "ATIF-v1.7" and "events" in t
              and "files" in t, "execute returns full transcript with trajectory")
        check(events_of(notes, r["id"])[0]["kind"] == "started", "execute emits events")
        r, _ = s.call("score", {"eval": "arith", "sample": "div", "target": "sim",
                                "params": {"effort": "high"}, "transcript": t})
        sc = r["result"]
        r, _ = s.call("run", {"eval": "arith", "sample": "div", "target": "sim",
                              "params": {"effort": "high"}})
        check(sc == r["result"], "score(execute transcript) == run result")

        traj_only = {"trajectory": t["trajectory"]}
        r, _ = s.call("score", {"eval": "arith", "sample": "div", "target": "gone-model",
                                "trial": 1, "trials": 2, "seed": 9, "transcript": traj_only})
        res = r["result"]
        check(res["passed"] is True and res["transcript"]["tool_calls"] == ["calculator"]
              and res["transcript"]["final_response"] == t["final_response"]
              and res["trial"] == 1 and res["seed"] == 9,
              "score trajectory-only transcript projects flat fields; target need not exist")
        r, _ = s.call("score", {"eval": "greet", "sample": "hi", "target": "sim",
                                "transcript": {"final_response": "nothing here"}})
        check(r["result"]["passed"] is False and r["result"]["aggregate"] == 0.5,
              "score a failing transcript")
        r, _ = s.call("score", {"eval": "greet", "sample": "hi", "target": "sim",
                                "transcript": {"final_response": "", "error": "429",
                                               "error_kind": "infra"}})
        check(r["result"]["scores"][0].get("na") is True and r["result"]["passed"] is False,
              "score infra-errored transcript -> N/A")
        bad_traj = dict(t["trajectory"], schema_version="ATIF-v2.0")
        r, _ = s.call("score", {"eval": "arith", "sample": "div", "target": "sim",
                                "transcript": {"trajectory": bad_traj}})
        check(r.get("error", {}).get("code") == -32602, "score rejects ATIF-v2 trajectory")
        r, _ = s.call("score", {"eval": "arith", "sample": "div", "target": "sim"})
        check(r.get("error", {}).get("code") == -32602, "score missing transcript -> -32602")
        r, _ = s.call("execute", {"eval": "greet", "sample": "hi", "target": "offline"})
        check(r["result"]["skipped"] is True, "execute on unavailable target -> skipped")

        # ---- concurrency + cancel ----------------------------------------------
        slow = s.send("run", {"eval": "greet", "sample": "slow", "target": "sim"})
        time.sleep(0.2)
        t0 = time.monotonic()
        r, _ = s.call("list")
        check(r and "result" in r and time.monotonic() - t0 < 1.0,
              "list answered while a run is in flight")
        cid = s.send("cancel", {"id": slow})
        msgs = s.collect(lambda ms: any(is_response(m, slow) for m in ms), 5.0)
        order = [m["id"] for m in msgs if "method" not in m]
        ack = next((m for m in msgs if is_response(m, cid)), None)
        err = next((m for m in msgs if is_response(m, slow)), None)
        check(ack and ack["result"] == {"cancelled": True}, "cancel ack cancelled:true")
        check(err and err.get("error", {}).get("message") == "cancelled",
              "cancelled run resolves with error 'cancelled'")
        check(order == [cid, slow], "cancel ack precedes the cancelled run's error")
        late = s.quiet(0.5)
        check(not any((m.get("params") or {}).get("request_id") == slow or
                      m.get("id") == slow for m in late), "nothing after a cancelled run")
        r, _ = s.call("cancel", {"id": slow})
        check(r["result"] == {"cancelled": False}, "cancel of finished request -> false")
        r, _ = s.call("cancel", {"id": 987654})
        check(r["result"] == {"cancelled": False}, "cancel of unknown id -> false")
        r, _ = s.call("cancel", {})
        check(r.get("error", {}).get("code") == -32602, "cancel missing id -> -32602")

        # many runs in flight, responses correlate by id
        rids = [s.send("run", {"eval": "arith", "sample": sid, "target": "sim"})
                for sid in ["add-small", "add-large", "sub", "mul", "div"]]
        msgs = s.collect(lambda ms: all(any(is_response(m, x) for m in ms) for x in rids), 10)
        got = {m["id"]: m for m in msgs if "method" not in m}
        check(all(x in got and got[x]["result"]["passed"] for x in rids),
              "5 concurrent runs all answered and correct")

        # every stdout line was one JSON object
        check(all(isinstance(json.loads(l), dict) for l in s.lines), "stdout is only JSON objects")
    finally:
        rc = s.close()
    check(rc == 0, f"clean exit on EOF (rc={rc})")

    # EOF while a run is in flight: drained within the grace period, exit 0
    s2 = Study(env={"MIRA_STUDY_EOF_GRACE_S": "0.5"})
    s2.call("initialize", {})
    slow = s2.send("run", {"eval": "greet", "sample": "slow", "target": "sim"})
    t0 = time.monotonic()
    rc = s2.close(timeout=10)
    check(rc == 0 and time.monotonic() - t0 < 3.0, "EOF with in-flight run exits promptly")
    check(any(json.loads(l).get("id") == slow for l in s2.lines if l),
          "in-flight run resolved (cancelled) on EOF")

    # piped script (like recorded sessions): every request answered before exit
    script = "\n".join(json.dumps(x) for x in [
        {"id": 1, "method": "initialize", "params": {"protocol_version": "1.1"}},
        {"id": 2, "method": "list"},
        {"id": 3, "method": "run", "params": {"eval": "greet", "sample": "hi", "target": "sim"}},
        {"id": 4, "method": "execute", "params": {"eval": "greet", "sample": "hi", "target": "sim"}},
    ]) + "\n"
    out = subprocess.run(STUDY, input=script.encode(), capture_output=True, timeout=20)
    ids = {json.loads(l).get("id") for l in out.stdout.decode().splitlines()
           if "method" not in json.loads(l)}
    check(out.returncode == 0 and ids == {1, 2, 3, 4}, "piped script: all requests answered")

    print(f"selftest: {PASSED} passed, {len(FAILED)} failed")
    return 0 if not FAILED else 1


if __name__ == "__main__":
    sys.exit(main())
