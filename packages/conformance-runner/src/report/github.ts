import { workflowData as data, workflowProperty as prop } from "@keel/diagnostics";
import type { ConformReport } from "../conform.js";
import { countsLine, groundLines } from "./detail.js";

/**
 * GitHub Actions annotations: `::error` per failed check, `::warning` per warned check and per noted
 * warning, `::notice` per blocked check, then the counts. Printed on stdout (where the runner reads them),
 * also when --out writes the other reports.
 */
export function github(r: ConformReport): string {
  const lines: string[] = [];
  if (r.couldNotStart)
    lines.push(
      `::error title=${prop(`keel conform ${r.suite}`)}::${data(`could not start: ${r.couldNotStart}`)}`,
    );
  for (const c of r.checks) {
    const title = `title=${prop(`keel conform ${c.name}`)}`;
    const file = c.name.startsWith("exchange/") ? `file=${prop(c.cites)},` : "";
    if (c.status === "fail" || c.status === "warn") {
      const detail = [
        c.reason,
        c.expected && `expected: ${c.expected}`,
        c.actual && `actual: ${c.actual}`,
        ...(c.grounds?.length ? groundLines(c) : [`see ${c.cites}`]),
      ];
      const kind = c.status === "fail" ? "error" : "warning";
      lines.push(`::${kind} ${file}${title}::${data(detail.filter(Boolean).join("\n"))}`);
    }
    if (c.status === "blocked")
      lines.push(`::notice ${file}${title}::${data(`blocked by ${c.blockedBy}: ${c.reason ?? ""}`)}`);
    for (const w of c.warnings ?? []) lines.push(`::warning ${file}${title}::${data(w)}`);
  }
  lines.push(`keel conform ${r.suite}: ${countsLine(r.counts)}`);
  return `${lines.join("\n")}\n`;
}
