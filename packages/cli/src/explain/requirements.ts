import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { schemasDir } from "@keel/schema-model";

/** One entry of a protocol's requirements catalogue (schemas/<protocol>/requirements.json), as explain cites it. */
export interface Requirement {
  id: string;
  level: string;
  source: { document: string; section: string };
  quote?: string;
  reason?: string;
}

/**
 * The requirements catalogues of the protocols `ids` name, by id. They ship with an installed keel (the
 * schemas schema-model carries), so a requirement is cited by upstream document and section anywhere.
 */
export function requirementsById(root: string, ids: Iterable<string>): Map<string, Requirement> {
  const out = new Map<string, Requirement>();
  const protocols = new Set([...ids].map((id) => id.split("/")[0] ?? ""));
  for (const protocol of protocols) {
    const file = join(schemasDir(root), protocol, "requirements.json");
    if (protocol === "" || !existsSync(file)) continue;
    const catalogue = JSON.parse(readFileSync(file, "utf8")) as { requirements?: Requirement[] };
    for (const r of catalogue.requirements ?? []) out.set(r.id, r);
  }
  return out;
}

/**
 * `atif/step-id-sequence (MUST): Harbor ATIF validator § steps — "…"`. A keel-reading is keel's, not
 * upstream's: its reason is the citation (its source is keel's own notes, which a user does not have).
 */
export function citation(id: string, r: Requirement | undefined): string {
  if (id === "keel-reading") return "keel's own reading of the protocol (no upstream clause)";
  if (r === undefined) return id;
  if (r.level === "keel-reading") return `${id} (keel's reading): ${r.reason ?? r.quote ?? ""}`.trimEnd();
  return `${id} (${r.level}): ${r.source.document} § ${r.source.section}${r.quote ? ` — "${r.quote}"` : ""}`;
}
