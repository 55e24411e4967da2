import { workflowData as data, workflowProperty as prop } from "@keel/diagnostics";
import type { ConformReport } from "../conform.js";

/**
 * GitHub Actions annotations: `::error` per failed check, `::warning` per warning, then a summary
 * line. Printed on stdout (where the runner reads them), also when --out writes the other reports.
 */
export function github(r: ConformReport): string {
  const lines: string[] = [];
  for (const c of r.checks) {
    const title = `title=${prop(`keel conform ${c.name}`)}`;
    const file = c.name.startsWith("exchange/") ? `file=${prop(c.cites)},` : "";
    if (c.status === "fail") {
      const detail = [
        c.reason,
        c.expected && `expected: ${c.expected}`,
        c.actual && `actual: ${c.actual}`,
        `see ${c.cites}`,
      ];
      lines.push(`::error ${file}${title}::${data(detail.filter(Boolean).join("\n"))}`);
    }
    for (const w of c.warnings ?? []) lines.push(`::warning ${file}${title}::${data(w)}`);
  }
  const { pass, fail, skip, xfail } = r.counts;
  lines.push(
    `keel conform ${r.suite}: ${pass} passed, ${fail} failed, ${skip} skipped, ${xfail} expected failures`,
  );
  return `${lines.join("\n")}\n`;
}
