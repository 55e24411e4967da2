import type { CompatReport } from "./compat.js";
import { ruleSpec } from "./rules/index.js";
import { PARTY_NAMES, type Place, type Summary, summarise } from "./summary.js";
import type { Bump, CompatFinding, Effects } from "./types.js";

const where = (f: CompatFinding): string => `${f.file}#${f.pointer}`;

export const effectsText = (e: Effects): string =>
  `old strict reader: ${e.oldStrictReader} · old lenient reader: ${e.oldLenientReader} · new reader of old data: ${e.newReader}`;

const bumpText = (b: Bump): string => (b === "none" ? "no version bump" : `a ${b} bump`);

/** How much of a report to print: the summary always, then at most `maxFindings` findings. */
export interface RenderOptions {
  maxFindings?: number;
}

/** The one-line verdict, naming the first change that does not fit. */
export function verdictLine(r: CompatReport): string {
  const wire = r.findings.filter((f) => ruleSpec(f.rule).wire).length;
  const counts = `${r.findings.length} changes (${wire} on the wire), smallest fitting bump: ${r.requires}`;
  if (r.verdict === "report" || r.bump === null) return `report: ${counts}`;
  if (r.verdict === "fits") return `fits ${bumpText(r.bump)}: ${counts}`;
  const bad = r.findings.filter(
    (f) => f.severity === "error" && !(r.witnesses?.witnessedOnly && f.unwitnessed),
  );
  const first = bad[0] as CompatFinding;
  return `breaking for ${bumpText(r.bump)}: ${bad.length} change(s) need ${bumpText(r.requires)}; first: ${first.code} at ${where(first)} (${first.message})`;
}

const compact = (doc: unknown): string => {
  const text = JSON.stringify(doc) ?? "undefined";
  return text.length > 400 ? `${text.slice(0, 400)}… (${text.length} characters)` : text;
};

/** The witness line of a finding: the document, which version accepts it, which reader refuses it. */
export function witnessText(f: CompatFinding): string | undefined {
  if (f.witness !== undefined) {
    const w = f.witness;
    const root = w.at === "" ? "" : ` from #${w.at}`;
    return `witness (a whole document${root}, valid under the ${w.validUnder} schema, refused by the ${PARTY_NAMES[w.refusedBy]} at ${w.path === "" ? "its root" : w.path}): ${compact(w.document)}`;
  }
  if (f.unwitnessed !== undefined)
    return `unwitnessed: no document found in ${f.unwitnessed.tried} tried (${f.unwitnessed.ms} ms)${f.unwitnessed.reason === undefined ? "" : `: ${f.unwitnessed.reason}`}`;
  return undefined;
}

function readerLines(s: Summary): string[] {
  return s.readers.map((v) => {
    const counts = [
      v.breaks > 0
        ? `${v.breaks} finding(s) break it${v.witnessed === undefined ? "" : `, ${v.witnessed} witnessed`}`
        : "",
      v.downgrade > 0 ? `${v.downgrade} need a downgrade` : "",
    ].filter((x) => x !== "");
    return `${PARTY_NAMES[v.party]}: ${v.effect}${counts.length > 0 ? ` (${counts.join(", ")})` : ""}`;
  });
}

const ruleCounts = (s: Summary, max = 8): string => {
  const shown = s.rules.slice(0, max).map((x) => `${x.rule} ×${x.count}`);
  const rest = s.rules.slice(max).reduce((n, x) => n + x.count, 0);
  return `${shown.join(", ")}${rest > 0 ? `, ${rest} more` : ""}`;
};

function witnessLine(r: CompatReport): string | undefined {
  const w = r.witnesses;
  if (w === undefined) return undefined;
  return `witnesses: ${w.witnessed} of ${w.searched} breaking finding(s) shown by a document, ${w.unwitnessed} unwitnessed (${w.ms} ms)${w.witnessedOnly ? "; only witnessed breaks count" : ""}`;
}

const placeText = (p: Place): string =>
  `${p.file}#${p.pointer || "/"} (${p.members === undefined ? p.findings : `${p.findings} in ${p.members} members`})`;

const shownFindings = (r: CompatReport, o: RenderOptions): CompatFinding[] =>
  o.maxFindings === undefined ? r.findings : r.findings.slice(0, o.maxFindings);

function moreLine(r: CompatReport, shown: number): string | undefined {
  const rest = r.findings.slice(shown);
  if (rest.length === 0) return undefined;
  const counts = new Map<string, number>();
  for (const f of rest) counts.set(f.rule, (counts.get(f.rule) ?? 0) + 1);
  const by = [...counts].sort((a, b) => b[1] - a[1]).map(([rule, n]) => `${rule} ×${n}`);
  return `… ${rest.length} more finding(s) not shown (${by.join(", ")}); --max-findings or --format json for all`;
}

export function renderPretty(r: CompatReport, o: RenderOptions = {}): string {
  const notes = (r.notes ?? []).map((n) => `  note: ${n}\n`).join("");
  const head = `${r.protocol ?? "schema"}: ${r.from} → ${r.to} · policy ${r.policy} · ${r.consumer} consumers · bump ${r.bump ?? "not given"}\n${notes}`;
  const s = summarise(r);
  const summary = [
    `  ${verdictLine(r)}`,
    ...readerLines(s).map((l) => `    ${l}`),
    ...(r.findings.length > 0 ? [`    by rule: ${ruleCounts(s)}`] : []),
    ...(s.places.length > 0 ? [`    top places: ${s.places.map(placeText).join(", ")}`] : []),
    ...[witnessLine(r)].filter((x) => x !== undefined).map((l) => `    ${l}`),
  ].join("\n");
  const shown = shownFindings(r, o);
  const lines = shown.map((f) => {
    const spec = ruleSpec(f.rule);
    let text = `  ${f.severity.padEnd(7)} ${f.code}  ${where(f)}\n          ${f.message}\n`;
    if (spec.wire) text += `          ${effectsText(f.effects)} · needs ${f.requires}\n`;
    const w = witnessText(f);
    if (w !== undefined) text += `          ${w}\n`;
    if (f.hint !== undefined && f.severity !== "info") text += `          hint: ${f.hint}\n`;
    return text;
  });
  const more = moreLine(r, shown.length);
  return `${head}${summary}\n${shown.length > 0 ? "\n" : ""}${lines.join("")}${more === undefined ? "" : `  ${more}\n`}${verdictLine(r)}\n`;
}

export function renderJson(r: CompatReport): string {
  const head = {
    protocol: r.protocol,
    from: r.from,
    to: r.to,
    bump: r.bump,
    verdict: r.verdict,
    requires: r.requires,
  };
  return `${JSON.stringify({ ...head, summary: summarise(r), ...r }, null, 2)}\n`;
}

const cell = (s: string): string => s.replaceAll("|", "\\|").replaceAll("\n", " ");

export function renderMarkdown(r: CompatReport, o: RenderOptions = {}): string {
  const s = summarise(r);
  const witnessed = r.witnesses !== undefined;
  const shown = shownFindings(r, o);
  const rows = shown.map((f) => {
    const w = witnessed ? ` ${cell(witnessText(f) ?? "")} |` : "";
    return `| ${f.severity} | \`${f.rule}\` | \`${cell(where(f))}\` | ${cell(f.message)} | ${f.effects.oldStrictReader} | ${f.effects.oldLenientReader} | ${f.effects.newReader} | ${f.requires} |${w}`;
  });
  const more = moreLine(r, shown.length);
  return [
    `### keel compat ${r.protocol ?? "schema"}: ${r.from} → ${r.to}`,
    "",
    `Policy \`${r.policy}\`, ${r.consumer} consumers, bump \`${r.bump ?? "not given"}\`. **${cell(verdictLine(r))}**`,
    "",
    ...readerLines(s).map((l) => `- ${l}`),
    ...(r.findings.length > 0
      ? [`- by rule: ${s.rules.map((x) => `\`${x.rule}\` ×${x.count}`).join(", ")}`]
      : []),
    ...(s.places.length > 0
      ? [
          `- top places: ${s.places.map((p) => `\`${cell(`${p.file}#${p.pointer}`)}\` (${p.members === undefined ? p.findings : `${p.findings} in ${p.members} members`})`).join(", ")}`,
        ]
      : []),
    ...[witnessLine(r)].filter((x) => x !== undefined).map((l) => `- ${l}`),
    "",
    ...(shown.length === 0
      ? []
      : [
          `| severity | rule | where | change | old strict | old lenient | new reader | needs |${witnessed ? " witness |" : ""}`,
          `| --- | --- | --- | --- | --- | --- | --- | --- |${witnessed ? " --- |" : ""}`,
          ...rows,
          "",
        ]),
    ...(more === undefined ? [] : [more, ""]),
  ].join("\n");
}
