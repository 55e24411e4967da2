import type { Compared, CompatFinding } from "@keel/compat";
import { getAtPointer, type SchemaSet } from "@keel/schema-model";

type Html = typeof import("@keel/conformance-runner");

const READERS = {
  oldStrictReader: "old strict reader",
  oldLenientReader: "old lenient reader",
  newReader: "new reader",
} as const;

/**
 * The schema around a finding's pointer in one version, as indented JSON ("absent" where it has none): the
 * subschema holding a changed keyword, so the keyword is read in its place. Two files compared outside a
 * protocol have different names: the older side is the file in the same position.
 */
function at(set: SchemaSet, file: string, position: number, where: string | undefined): string {
  if (where === undefined) return "absent";
  // `fromPointer` may name its file: "old.json#/properties/a"
  const hash = where.indexOf("#");
  const name = hash < 0 ? file : where.slice(0, hash);
  const pointer = hash < 0 ? where : where.slice(hash + 1);
  const f = set.own.find((x) => x.name === name) ?? set.own[position];
  if (!f) return "absent";
  const v = getAtPointer(f.schema, pointer);
  const parent = pointer.slice(0, pointer.lastIndexOf("/"));
  const shown = v !== null && typeof v === "object" ? v : pointer ? getAtPointer(f.schema, parent) : v;
  return shown === undefined ? "absent" : JSON.stringify(shown, null, 2);
}

function findingRows(h: Html, c: Compared, f: CompatFinding): string {
  const effects = Object.entries(READERS)
    .map(
      ([k, label]) =>
        `<div><span class="lvl">${h.escapeHtml(label)}</span>: ${h.showText(String(f.effects[k as keyof typeof READERS]))}</div>`,
    )
    .join("");
  const status = f.severity === "error" ? "fail" : f.severity === "warning" ? "warn" : "pass";
  const position = Math.max(
    0,
    c.newer.own.findIndex((x) => x.name === f.file),
  );
  const side = h.diffHtml(
    at(c.older, f.file, position, f.fromPointer ?? f.pointer),
    at(c.newer, f.file, position, f.pointer),
    [`old (${c.report.from})`, `new (${c.report.to})`],
  );
  const witness = f.witness
    ? `<h4>witness (valid under ${f.witness.validUnder}, refused by ${h.escapeHtml(f.witness.refusedBy)})</h4>${h.payloadHtml(JSON.stringify(f.witness.document, null, 2))}`
    : "";
  return `<tr class="check" data-status="${status}"><td><span class="st ${status}">${h.escapeHtml(f.requires)}</span></td><td><code>${h.showText(f.code)}</code></td><td>${h.showText(f.message)}<div class="reason"><code>${h.showText(`${f.file}#${f.pointer}`)}</code></div></td><td class="req">${effects}</td></tr><tr class="detail" data-status="${status}"><td colspan="4"><details class="ev"><summary>old and new schema at the pointer</summary>${side}${witness}</details></td></tr>`;
}

/** `keel compat --format html`: per protocol the verdict, then each finding with old and new schema side by side and its effect per reader. */
export function compatHtml(h: Html, compared: readonly Compared[]): string {
  const sections = compared.map(({ report: r }, i) => {
    const c = compared[i] as Compared;
    const verdict = r.verdict === "breaking" ? "fail" : "pass";
    return `<section><h2>${h.showText(r.protocol ?? "schema files")} ${h.showText(`${r.from} → ${r.to}`)} <span class="st verdict ${verdict}">${h.escapeHtml(r.verdict)}</span></h2>
<dl class="facts"><dt>bump</dt><dd>${h.escapeHtml(r.bump ?? "none given")}</dd><dt>requires</dt><dd>${h.escapeHtml(r.requires)}</dd><dt>findings</dt><dd>${r.findings.length}</dd></dl>
<table><thead><tr><th>needs</th><th>rule</th><th>change</th><th>effect per reader</th></tr></thead><tbody class="area">${r.findings.map((f) => findingRows(h, c, f)).join("")}</tbody></table></section>`;
  });
  const breaking = compared.some((c) => c.report.verdict === "breaking");
  const body = `<header><h1>keel compat <span class="st verdict ${breaking ? "fail" : "pass"}">${breaking ? "breaking" : "fits"}</span></h1></header>${h.controls(["pass", "warn", "fail"])}${sections.join("")}`;
  return h.htmlPage("keel compat", body);
}
