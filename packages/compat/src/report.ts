import type { CompatReport } from "./compat.js";
import { ruleSpec } from "./rules/index.js";
import type { Bump, CompatFinding, Effects } from "./types.js";

const where = (f: CompatFinding): string => `${f.file}#${f.pointer}`;

export const effectsText = (e: Effects): string =>
  `old strict reader: ${e.oldStrictReader} · old lenient reader: ${e.oldLenientReader} · new reader of old data: ${e.newReader}`;

const bumpText = (b: Bump): string => (b === "none" ? "no version bump" : `a ${b} bump`);

/** The one-line verdict, naming the first change that does not fit. */
export function verdictLine(r: CompatReport): string {
  const wire = r.findings.filter((f) => ruleSpec(f.rule).wire).length;
  const counts = `${r.findings.length} changes (${wire} on the wire), smallest fitting bump: ${r.requires}`;
  if (r.verdict === "report" || r.bump === null) return `report: ${counts}`;
  if (r.verdict === "fits") return `fits ${bumpText(r.bump)}: ${counts}`;
  const bad = r.findings.filter((f) => f.severity === "error");
  const first = bad[0] as CompatFinding;
  return `breaking for ${bumpText(r.bump)}: ${bad.length} change(s) need ${bumpText(r.requires)}; first: ${first.code} at ${where(first)} (${first.message})`;
}

export function renderPretty(r: CompatReport): string {
  const notes = (r.notes ?? []).map((n) => `  note: ${n}\n`).join("");
  const head = `${r.protocol ?? "schema"}: ${r.from} → ${r.to} · policy ${r.policy} · ${r.consumer} consumers · bump ${r.bump ?? "not given"}\n${notes}`;
  const lines = r.findings.map((f) => {
    const spec = ruleSpec(f.rule);
    let text = `  ${f.severity.padEnd(7)} ${f.code}  ${where(f)}\n          ${f.message}\n`;
    if (spec.wire) text += `          ${effectsText(f.effects)} · needs ${f.requires}\n`;
    if (f.hint !== undefined && f.severity !== "info") text += `          hint: ${f.hint}\n`;
    return text;
  });
  return `${head}${lines.join("")}${verdictLine(r)}\n`;
}

export function renderJson(r: CompatReport): string {
  return `${JSON.stringify(r, null, 2)}\n`;
}

const cell = (s: string): string => s.replaceAll("|", "\\|").replaceAll("\n", " ");

export function renderMarkdown(r: CompatReport): string {
  const rows = r.findings.map(
    (f) =>
      `| ${f.severity} | \`${f.rule}\` | \`${cell(where(f))}\` | ${cell(f.message)} | ${f.effects.oldStrictReader} | ${f.effects.oldLenientReader} | ${f.effects.newReader} | ${f.requires} |`,
  );
  return [
    `### keel compat ${r.protocol ?? "schema"}: ${r.from} → ${r.to}`,
    "",
    `Policy \`${r.policy}\`, ${r.consumer} consumers, bump \`${r.bump ?? "not given"}\`. **${cell(verdictLine(r))}**`,
    "",
    "| severity | rule | where | change | old strict | old lenient | new reader | needs |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
}
