import type { ConformReport } from "../conform.js";

// GitHub workflow commands: data escapes %, CR, LF; properties also : and ,
const data = (s: string) => s.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
const prop = (s: string) => data(s).replaceAll(":", "%3A").replaceAll(",", "%2C");

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
