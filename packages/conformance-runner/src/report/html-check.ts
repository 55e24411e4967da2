import { findRequirement } from "../requirements.js";
import type { CheckResult } from "../verdicts.js";
import { esc, show } from "./html-escape.js";
import { diff, evidenceHtml, payload } from "./html-evidence.js";

/** The area a check is listed under: its golden exchanges apart, else the first section its requirements cite. */
export const areaOf = (c: CheckResult): string =>
  c.name.startsWith("exchange/") ? "golden exchanges" : (c.cites.split("; ")[0] ?? c.cites);

/** The requirements a check tests: id, level, short quote (or keel's reason) and source, from the catalogue. */
export function requirementsHtml(c: CheckResult): string {
  return c.requirements
    .map((id) => {
      const g = c.grounds?.find((x) => x.id === id) ?? findRequirement(id);
      if (!g) return `<div><code>${esc(id)}</code></div>`;
      const words = g.quote
        ? `<q>${show(g.quote)}</q>`
        : g.reason
          ? `<span class="reason">${show(g.reason)}</span>`
          : "";
      return `<div><code>${esc(id)}</code> <span class="lvl">${esc(g.level)}</span> ${words} <span class="reason">— ${show(g.source)}</span></div>`;
    })
    .join("");
}

/** What a failed, warned, blocked or expected-failing check shows when expanded: expected vs actual, mismatches, evidence. */
export function detailHtml(c: CheckResult): string {
  const parts: string[] = [];
  if (c.expected !== undefined || c.actual !== undefined) parts.push(diff(c.expected ?? "", c.actual ?? ""));
  for (const m of c.mismatches ?? [])
    parts.push(
      `<h4>step ${m.step} at <code>${show(m.pointer || "/")}</code></h4>${diff(m.expected, m.actual)}`,
    );
  if (c.warnings?.length) parts.push(`<h4>noted</h4>${payload(c.warnings.join("\n"))}`);
  if (c.evidence) parts.push(evidenceHtml(c.evidence));
  else if (c.traffic?.length) parts.push(`<h4>traffic (last messages)</h4>${payload(c.traffic.join("\n"))}`);
  if (c.failures) parts.push(`<p>failed ${c.failures} times; the first failure is shown</p>`);
  return parts.join("");
}

/** Whether a check has something to expand. */
export const hasDetail = (c: CheckResult): boolean =>
  c.status !== "pass" &&
  (c.expected !== undefined ||
    c.actual !== undefined ||
    !!c.mismatches?.length ||
    !!c.warnings?.length ||
    !!c.evidence ||
    !!c.traffic?.length);

/** A check's two rows: the verdict line, and (for anything but a pass) its detail, folded. */
export function checkRows(c: CheckResult): string {
  const why = c.reason ? `<div class="reason">${show(c.reason)}</div>` : "";
  const blocked = c.blockedBy ? `<div class="reason">blocked by <code>${esc(c.blockedBy)}</code></div>` : "";
  const row = `<tr class="check" data-status="${esc(c.status)}" id="${esc(`c-${c.name}`)}"><td><span class="st ${esc(c.status)}">${esc(c.status)}</span></td><td><code>${show(c.name)}</code></td><td>${show(c.summary)}${why}${blocked}</td><td class="req">${requirementsHtml(c)}</td></tr>`;
  if (!hasDetail(c)) return row;
  return `${row}<tr class="detail" data-status="${esc(c.status)}"><td colspan="4"><details class="ev"><summary>evidence and expected vs actual</summary>${detailHtml(c)}</details></td></tr>`;
}
