// A deterministic Myrmo outcome-report corpus (issue 4: 100,000 lines of NDJSON): the repository's outcome
// report examples as templates, each line with its own solution id, outcome and notes, so no two lines are
// equal. With `invalidEvery: k`, every k-th line carries one schema fault, in turn: an outcome outside the
// enum, a missing required property, an unknown property (Myrmo readers are strict).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..", "..");
const examples = join(root, "schemas/myrmo/examples/outcome_report");

function templates() {
  const docs = [];
  for (const file of readdirSync(examples).sort()) {
    const text = readFileSync(join(examples, file), "utf8");
    if (file.endsWith(".jsonl"))
      docs.push(
        ...text
          .split("\n")
          .filter((l) => l.trim() !== "")
          .map(JSON.parse),
      );
    else docs.push(JSON.parse(text));
  }
  return docs;
}

const outcomes = ["worked", "partially_worked", "failed", "not_applicable"];
const faults = [
  (doc) => Object.assign(doc, { outcome: "fixed" }),
  (doc) => {
    delete doc.agent_info;
    return doc;
  },
  (doc) => Object.assign(doc, { rating: 5 }),
];

/** A lowercase-hex UUID that depends only on `i` (a multiplicative hash, no randomness). */
function uuidOf(i) {
  let hex = "";
  for (let k = 0; hex.length < 32; k++)
    hex += (Math.imul(i + 1, 2654435761 + k * 40503) >>> 0).toString(16).padStart(8, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** `lines` outcome reports, one JSON text each (no line breaks inside). */
export function outcomeReportLines(lines, { invalidEvery = 0 } = {}) {
  const base = templates();
  const out = new Array(lines);
  for (let i = 0; i < lines; i++) {
    const doc = structuredClone(base[i % base.length]);
    doc.solution_id = uuidOf(i);
    doc.outcome = outcomes[i % outcomes.length];
    if (typeof doc.notes === "string") doc.notes = `report ${i}: ${doc.notes}`.slice(0, 1000);
    const faulty = invalidEvery > 0 && i % invalidEvery === invalidEvery - 1;
    out[i] = JSON.stringify(faulty ? faults[Math.floor(i / invalidEvery) % faults.length](doc) : doc);
  }
  return out;
}
