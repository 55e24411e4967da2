import type { ConformReport } from "../conform.js";
import { STATUSES } from "../verdicts.js";
import { controls, page } from "./html-assets.js";
import { areaOf, checkRows } from "./html-check.js";
import { esc, show } from "./html-escape.js";
import { payload } from "./html-evidence.js";

const LABEL: Record<string, string> = {
  pass: "passed",
  fail: "failed",
  warn: "warned",
  blocked: "blocked",
  skip: "skipped",
  xfail: "expected failures",
};

/** The counts as a person reads them first: every status, the zero ones included. */
export const countsHtml = (counts: Record<string, number>): string =>
  `<ul class="counts">${["pass", "fail", "warn", "blocked", "skip", "xfail"]
    .map((s) => `<li class="c-${s}"><b data-count="${s}">${counts[s] ?? 0}</b> ${LABEL[s]}</li>`)
    .join("")}</ul>`;

/** One run as a self-contained page: facts, counts, then every check grouped by area, failures expandable. */
export function html(r: ConformReport): string {
  const verdict = r.couldNotStart ? "could not start" : r.passed ? "passed" : "failed";
  const facts: [string, string][] = [
    ["suite", r.suite],
    ["target", r.target],
    ...(r.implementation ? ([["implementation", r.implementation]] as [string, string][]) : []),
    ["protocol", `${r.protocol} ${r.protocolVersion}`],
    ["keel", r.keel],
    ["date", r.startedAt],
    ["duration", `${(r.durationMs / 1000).toFixed(1)} s`],
    ...(r.shard
      ? ([["shard", `${r.shard.index}/${r.shard.total}: ${r.shard.units.join(", ")}`]] as [string, string][])
      : []),
    ...(r.strict ? ([["strict", "warnings fail"]] as [string, string][]) : []),
  ];
  const areas = new Map<string, string[]>();
  for (const c of r.checks) areas.set(areaOf(c), [...(areas.get(areaOf(c)) ?? []), checkRows(c)]);
  const bodies = [...areas]
    .map(
      ([area, rows]) =>
        `<tbody class="area"><tr class="area-head"><th colspan="4">${show(area)} (${rows.length})</th></tr>${rows.join("")}</tbody>`,
    )
    .join("");
  const body = `<header><h1>keel conform <code>${show(r.suite)}</code> <span class="st verdict ${r.passed ? "pass" : "fail"}">${verdict}</span></h1>
<dl class="facts">${facts.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${show(v)}</dd>`).join("")}</dl>
${countsHtml(r.counts)}
${r.couldNotStart ? `<p class="reason">${show(r.couldNotStart)}</p>` : ""}</header>
${controls(STATUSES)}
<table id="checks"><thead><tr><th>status</th><th>check</th><th>summary</th><th>requirement</th></tr></thead>${bodies}</table>
${r.stderr ? `<details><summary>the implementation's stderr</summary>${payload(r.stderr)}</details>` : ""}`;
  return page(esc(`keel conform ${r.suite}: ${verdict}`), body);
}
