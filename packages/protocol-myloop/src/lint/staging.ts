import { join } from "node:path";
import type { FileFinding } from "@keel/diagnostics";
import { listDirSafe } from "../safe-fs.js";
import { checkJsonFile } from "./read.js";

const CRITIQUE = /^critique_.+\.json$/;

/**
 * `schema-valid` for the in-flight `.staging/iter_{last+1}/`: staged JSON is schema-checked only
 * (markdown-rules § 9), so only `json/…` and `schema/…` findings are kept. Committed files get the
 * schema check with their other rules.
 */
export function lintStaging(dir: string, last: number): FileFinding[] {
  const rel = `.staging/iter_${last + 1}`;
  const names = listDirSafe(join(dir, rel)).sort();
  const checked = [
    ...(names.includes("spec.json") ? [checkJsonFile(dir, `${rel}/spec.json`, "spec")] : []),
    ...names.filter((x) => CRITIQUE.test(x)).map((x) => checkJsonFile(dir, `${rel}/${x}`, "critique")),
  ];
  return checked.flatMap((c) => c.findings.filter((f) => /^(json|schema)\//.test(f.code)));
}
