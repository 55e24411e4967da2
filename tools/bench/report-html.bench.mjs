// Issue 34: the HTML report of a colony suite run carrying 2,000 HTTP exchanges of evidence (every myrmo check,
// then failing golden exchanges of 8 request/response pairs each, the bodies the minimal trail example) —
// its size (target ≤ 8 MB) and its load event in headless Chromium against a plain static table page of the
// same byte size (no script, no style), alternating in the same run, best of N (target ≤ 3×). Needs Debian's
// chromium (or KEEL_CHROMIUM); without it the load figure is skipped and said.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(import.meta.dirname, "..", "..");
const runner = join(root, "packages/conformance-runner/dist/index.js");
const EXCHANGES = 2000;
const PAIRS = 8;
const SIZE_TARGET = 8 * 1024 * 1024;
const RATIO_TARGET = 3;
const ROUNDS = 5;

/** The report: every colony check (a few failing), then failing golden exchanges until 2,000 exchanges. */
export function colonyReport(suites) {
  const suite = suites.find((s) => s.name === "myrmo");
  const trail = JSON.parse(readFileSync(join(root, "schemas/myrmo/examples/trail/minimal.json"), "utf8"));
  const pair = (i, at) => [
    {
      direction: "out",
      at,
      data: {
        method: "POST",
        path: "/v1/trails",
        headers: { "content-type": "application/json" },
        body: trail,
      },
    },
    {
      direction: "in",
      at: at + 3,
      data: {
        status: 400,
        headers: { "content-type": "application/json" },
        body: {
          error: "invalid_trail",
          details: [{ pointer: `/problem/${i}`, message: "expected a string" }],
        },
      },
    },
  ];
  const evidence = (n) => ({
    channel: "http",
    omitted: 0,
    exchanges: Array.from({ length: PAIRS }, (_, k) => pair(n * PAIRS + k, 1000 + k * 10)).flat(),
  });
  let used = 0;
  const checks = suite.checks.map((c, i) => {
    if (i % 4 !== 0) return { ...c, status: "pass" };
    used += PAIRS;
    return {
      ...c,
      status: "fail",
      reason: "expected 202, found 400",
      expected: "202",
      actual: "400",
      evidence: evidence(i),
    };
  });
  for (let n = 0; used < EXCHANGES; n++, used += PAIRS)
    checks.push({
      name: `exchange/publish-${n}`,
      code: `exchange/publish-${n}`,
      summary: "golden exchange",
      meaning: "golden exchange",
      requirements: ["keel-reading"],
      cites: `conformance/myrmo/exchanges/publish-${n}.json`,
      status: "fail",
      reason: "the golden exchange differs (1 mismatches)",
      mismatches: [{ step: 1, pointer: "/status", expected: "202", actual: "400" }],
      evidence: evidence(1000 + n),
    });
  const counts = { pass: 0, fail: 0, warn: 0, skip: 0, blocked: 0, xfail: 0 };
  for (const c of checks) counts[c.status]++;
  return {
    report: "keel-conform",
    reportVersion: 1,
    keel: "bench",
    suite: "myrmo",
    protocol: "myrmo",
    protocolVersion: "1.0",
    target: "bench",
    startedAt: new Date(0).toISOString(),
    passed: false,
    counts,
    checks,
    durationMs: 1,
    stderr: "",
    exchanges: used,
  };
}

/** A plain page of the same byte size: one static table of text rows, no style, no script. */
function plainTable(bytes) {
  const rows = [];
  let size = 80;
  for (let i = 0; size < bytes; i++) {
    const row = `<tr><td>${i}</td><td>myrmo/check-${i}</td><td>${"the colony answered 400 invalid_trail at /problem ".repeat(3)}</td></tr>\n`;
    rows.push(row);
    size += row.length;
  }
  return `<!doctype html><html><head><meta charset="utf-8"><title>plain</title></head><body><table>\n${rows.join("")}</table></body></html>\n`;
}

export async function runReportHtmlBench(out = console.log) {
  const { html, suites } = await import(runner);
  const report = colonyReport(suites);
  const page = html(report);
  const bytes = Buffer.byteLength(page);
  out(
    `HTML report of the colony suite: ${report.checks.length} checks, ${report.exchanges} HTTP exchanges of evidence`,
  );
  out(
    `size ${(bytes / 1024 / 1024).toFixed(2)} MB (target ≤ ${SIZE_TARGET / 1024 / 1024} MB): ${bytes <= SIZE_TARGET ? "within" : "OVER"}`,
  );
  const executablePath = [process.env.KEEL_CHROMIUM, "/usr/bin/chromium"].find((p) => p && existsSync(p));
  if (!executablePath) {
    out("load time: skipped (no chromium; apt-get install chromium or set KEEL_CHROMIUM)");
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "keel-report-bench-"));
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const files = { report: join(dir, "report.html"), plain: join(dir, "plain.html") };
    writeFileSync(files.report, page);
    writeFileSync(files.plain, plainTable(bytes));
    const load = async (file) => {
      const p = await browser.newPage();
      await p.goto(pathToFileURL(file).href, { waitUntil: "load" });
      const ms = await p.evaluate(() => performance.getEntriesByType("navigation")[0].loadEventEnd);
      await p.close();
      return ms;
    };
    const best = { report: Number.POSITIVE_INFINITY, plain: Number.POSITIVE_INFINITY };
    for (let i = 0; i < ROUNDS; i++)
      for (const k of i % 2 ? ["plain", "report"] : ["report", "plain"])
        best[k] = Math.min(best[k], await load(files[k]));
    const ratio = best.report / best.plain;
    out(
      `load event, best of ${ROUNDS}: report ${best.report.toFixed(0)} ms, plain table of the same size ${best.plain.toFixed(0)} ms: ${ratio.toFixed(2)}× (target ≤ ${RATIO_TARGET}×): ${ratio <= RATIO_TARGET ? "within" : "OVER"}`,
    );
    return { bytes, ratio };
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runReportHtmlBench();
