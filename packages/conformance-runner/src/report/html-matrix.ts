import { STATUSES } from "../verdicts.js";
import { badge } from "./badge.js";
import { countsHtml } from "./html.js";
import { controls, page } from "./html-assets.js";
import { detailHtml, hasDetail, requirementsHtml } from "./html-check.js";
import { esc, show } from "./html-escape.js";
import type { MergedRun } from "./merge.js";

const distinct = (xs: string[]) => [...new Set(xs)];

/** A column head: the implementation, and the versions it ran under, always shown. */
const head = (m: MergedRun) =>
  `<th><div>${show(m.label)}</div><div class="reason">keel ${esc(m.report.keel)} · ${esc(m.report.protocol)} ${esc(m.report.protocolVersion)}${m.shards ? ` · ${esc(m.shards)}` : ""}</div></th>`;

/** One suite's runs as a table: a row per check, a column per implementation, a cell per verdict. */
function suiteTable(suite: string, runs: MergedRun[]): string {
  const keels = distinct(runs.map((r) => r.report.keel));
  const versions = distinct(runs.map((r) => `${r.report.protocol} ${r.report.protocolVersion}`));
  const mixed = [
    keels.length > 1 ? `keel versions ${keels.join(", ")}` : "",
    versions.length > 1 ? `protocol versions ${versions.join(", ")}` : "",
  ].filter(Boolean);
  const names = distinct(runs.flatMap((r) => r.report.checks.map((c) => c.name)));
  const rows = names.map((name) => {
    const results = runs.map((r) => r.report.checks.find((c) => c.name === name));
    const any = results.find((c) => c !== undefined);
    const statuses = distinct(results.map((c) => c?.status ?? "none")).join(" ");
    const cells = results.map((c) => {
      if (!c) return `<td class="cell"><span class="st none" title="not in this run">—</span></td>`;
      const mark = `<span class="st ${esc(c.status)}">${esc(c.status)}</span>`;
      const why = c.reason ? `<div class="reason">${show(c.reason)}</div>` : "";
      return hasDetail(c)
        ? `<td class="cell"><details class="ev"><summary>${mark}</summary>${why}${detailHtml(c)}</details></td>`
        : `<td class="cell">${mark}</td>`;
    });
    return `<tr class="check" data-status="${esc(statuses)}"><td><code>${show(name)}</code><div class="reason">${show(any?.summary ?? "")}</div></td><td class="req">${any ? requirementsHtml(any) : ""}</td>${cells.join("")}</tr>`;
  });
  const totals = runs.map((r) => `<td>${countsHtml(r.report.counts)}</td>`).join("");
  return `<section><h2>${show(suite)}</h2>${mixed.length ? `<p class="mixed">mixed runs: ${esc(mixed.join("; "))} — each column is labelled with its own; checks may differ between them</p>` : ""}
<table class="matrix"><thead><tr><th>check</th><th>requirement</th>${runs.map(head).join("")}</tr></thead><tbody class="area">${rows.join("")}</tbody><tfoot><tr><th colspan="2">totals</th>${totals}</tr></tfoot></table></section>`;
}

/** Many runs on one page: per suite a matrix of checks × implementations, with a badge and totals per implementation. */
export function matrixHtml(runs: readonly MergedRun[], made: { keel: string; at: string }): string {
  const suites = distinct(runs.map((r) => r.report.suite));
  const badges = runs
    .map(
      (r) =>
        `<figure title="${esc(`${r.report.suite} · ${r.label}`)}">${badge(r.report)}<figcaption class="reason">${show(`${r.report.suite} · ${r.label}`)}</figcaption></figure>`,
    )
    .join("");
  const failed = runs.filter((r) => !r.report.passed).length;
  const body = `<header><h1>keel conformance matrix <span class="st verdict ${failed ? "fail" : "pass"}">${failed ? `${failed} of ${runs.length} runs failed` : `${runs.length} runs passed`}</span></h1>
<dl class="facts"><dt>suites</dt><dd>${esc(suites.join(", "))}</dd><dt>runs</dt><dd>${runs.length}</dd><dt>merged by</dt><dd>keel ${esc(made.keel)}, ${esc(made.at)}</dd></dl>
<div class="badges">${badges}</div></header>
${controls([...STATUSES, "none"])}
${suites
  .map((s) =>
    suiteTable(
      s,
      runs.filter((r) => r.report.suite === s),
    ),
  )
  .join("\n")}`;
  return page(esc(`keel conformance matrix: ${runs.length} runs`), body);
}
