import type { ConformReport } from "../src/conform.js";
import { REPORT_VERSION } from "../src/report/facts.js";
import type { CheckResult } from "../src/verdicts.js";

/** A small report with one pass and one failure with evidence; `over` replaces fields. */
export const sampleReport = (over: Partial<ConformReport> = {}): ConformReport => ({
  report: "keel-conform",
  reportVersion: REPORT_VERSION,
  keel: "0.1.0",
  suite: "myrmo",
  protocol: "myrmo",
  protocolVersion: "1.0",
  target: "node colony.js",
  startedAt: "2026-12-03T20:00:00.000Z",
  passed: false,
  counts: { pass: 1, fail: 1, warn: 0, skip: 0, blocked: 0, xfail: 0 },
  checks: [
    {
      name: "myrmo/a",
      code: "myrmo/a",
      summary: "a",
      meaning: "a",
      requirements: ["myrmo/publish-accepted"],
      cites: "x",
      status: "pass",
    },
    {
      name: "myrmo/b",
      code: "myrmo/b",
      summary: "b",
      meaning: "b",
      requirements: ["myrmo/publish-accepted"],
      cites: "x",
      status: "fail",
      reason: "expected 202, found 500",
      evidence: {
        channel: "http",
        exchanges: [{ direction: "in", at: 1, data: { status: 500 } }],
        omitted: 0,
      },
    },
  ],
  durationMs: 12,
  stderr: "",
  ...over,
});

/** What a misbehaving implementation can put in a report: markup, a script end, control characters, a bidi override. */
export const HOSTILE =
  '</script><script>window.pwned=1</script><img src=x onerror="window.pwned=2">\u0000\u001b[31m\u202e\ud800 <b>';

const check = (
  name: string,
  status: CheckResult["status"],
  extra: Partial<CheckResult> = {},
): CheckResult => ({
  name,
  code: name,
  summary: `${name} summary`,
  meaning: `${name} summary`,
  requirements: ["myrmo/publish-accepted"],
  cites: "Myrmo docs/colony.md § Publishing",
  status,
  ...extra,
});

/** A failing report with one failure per channel kind (rpc-stdio, http, cli, served), a warning, and hostile content. */
export function failingReport(): ConformReport {
  const mb = "A".repeat(1024 * 1024);
  const checks: CheckResult[] = [
    check("myrmo/ok-1", "pass"),
    check("myrmo/ok-2", "pass"),
    check("myrmo/http-fail", "fail", {
      reason: `expected 202, found 500 ${HOSTILE}`,
      expected: '{"status":202,"body":{"trail_id":"t-1"}}',
      actual: '{"status":500,"body":{"error":"boom"}}',
      evidence: {
        channel: "http",
        omitted: 3,
        exchanges: [
          {
            direction: "out",
            at: 1000,
            data: {
              method: "POST",
              path: "/v1/trails",
              headers: { "content-type": "application/json" },
              body: { big: mb },
            },
          },
          { direction: "in", at: 1012, data: { status: 500, headers: { "x-evil": HOSTILE }, body: HOSTILE } },
        ],
      },
    }),
    check("mira/rpc-fail", "fail", {
      reason: "wrong id",
      evidence: {
        channel: "rpc-stdio",
        omitted: 0,
        exchanges: [
          { direction: "out", at: 1, data: '{"jsonrpc":"2.0","id":1,"method":"initialize"}' },
          { direction: "in", at: 5, data: { jsonrpc: "2.0", id: 2, result: { note: HOSTILE } } },
        ],
      },
    }),
    check("slipway/cli-fail", "fail", {
      reason: "exit 3, expected 0",
      evidence: {
        channel: "cli",
        omitted: 0,
        exchanges: [
          { direction: "out", at: 1, data: { argv: ["status", "--json"], cwd: "/tmp/ws", stdin: "" } },
          {
            direction: "in",
            at: 40,
            data: { exit: 3, signal: null, stdout: "", stderr: `panic: ${HOSTILE}` },
          },
        ],
      },
    }),
    check("slipway-host/served-warn", "warn", {
      reason: "retried with different argv",
      evidence: {
        channel: "served",
        omitted: 0,
        exchanges: [
          { direction: "in", at: 1, data: { argv: ["next"], cwd: "/tmp/h", stdin: "" } },
          { direction: "out", at: 2, data: { stdout: '{"ok":true}', stderr: "", exit: 0 } },
        ],
      },
    }),
    check("myrmo/skipped", "skip", { reason: "capability not advertised" }),
    check("myrmo/blocked", "blocked", { reason: "the colony exited", blockedBy: "myrmo/stays-up" }),
    check("exchange/publish", "xfail", {
      cites: "conformance/myrmo/exchanges/publish.json",
      mismatches: [{ step: 1, pointer: "/body/status", expected: '"queued"', actual: '"done"' }],
    }),
  ];
  const counts = { pass: 2, fail: 3, warn: 1, skip: 1, blocked: 1, xfail: 1 };
  return sampleReport({ checks, counts, passed: false, stderr: `stderr ${HOSTILE}` });
}
