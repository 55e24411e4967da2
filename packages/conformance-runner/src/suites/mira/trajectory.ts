import { registryEntry as atif, checkTrajectory } from "@keel/atif";
import type { Finding } from "@keel/diagnostics";
import { type Context, json, obj } from "./context.js";

const MAX_PASSES = 50;
const name = "mira/trajectory-valid";

/**
 * Applies ATIF's checkTrajectory (schema + semantic rules) to a trajectory a study sent. The failures
 * Mira's leniency covers (schemas/mira/README.md, "The ATIF trajectory") — an unknown field, a newer
 * ATIF 1.x `schema_version` — are warnings: they are removed and the rest is checked again. Every
 * other ATIF failure fails the check.
 */
export function judgeTrajectory(ctx: Context, where: string, trajectory: unknown): void {
  if (trajectory === undefined || trajectory === null) return;
  let doc: unknown = structuredClone(trajectory);
  const warnings: string[] = [];
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const { findings } = checkTrajectory(doc);
    const errors = findings.filter((f) => f.severity === "error");
    for (const f of findings.filter((f) => f.severity !== "error"))
      warnings.push(`${where} trajectory at ${f.pointer || "/"}: ${f.message}`);
    if (errors.length === 0) break;
    const lenient = errors.filter((f) => tolerated(doc, f));
    if (lenient.length < errors.length) {
      const f = errors.find((e) => !tolerated(doc, e)) as Finding;
      ctx.v.fail(name, `${where}: trajectory at ${f.pointer || "/"}: ${f.message} (${f.code})`, {
        expected: "a valid ATIF trajectory (schema and semantic rules)",
        actual: json(valueAt(doc, f.pointer)),
      });
      break;
    }
    for (const f of lenient) {
      warnings.push(`${where} trajectory at ${f.pointer}: ${f.message} (tolerated: Mira is lenient)`);
      doc = tolerate(doc, f);
    }
  }
  for (const w of warnings) ctx.v.warn(name, w);
  ctx.v.pass(name);
}

const field = atif.versionField;
const label = (version: string) => field.valueTemplate.replace("{version}", version);
const [ourMajor, ourMinor] = atif.version.split(".").map(Number) as [number, number];
const labelPattern = new RegExp(
  `^${field.valueTemplate.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace("{version}", "([0-9]+)\\.([0-9]+)")}$`,
);
/** The version field's pointer and its nested copies (`*` is any array index). */
const labelPointers = [field.pointer, ...field.nestedPointers].map(
  (p) => new RegExp(`^${p.replaceAll("*", "[0-9]+")}$`),
);

/** A later minor of the same major: readers take any 1.x (docs), so only a warning. */
const newerLabel = (v: unknown): boolean => {
  const m = typeof v === "string" ? labelPattern.exec(v) : null;
  return !!m && Number(m[1]) === ourMajor && Number(m[2]) > ourMinor;
};

function tolerated(doc: unknown, f: Finding): boolean {
  if (f.code === "schema/additional-properties") return true;
  return labelPointers.some((p) => p.test(f.pointer)) && newerLabel(valueAt(doc, f.pointer));
}

/** The document without the tolerated failure: the unknown field removed, the label set to ours. */
function tolerate(doc: unknown, f: Finding): unknown {
  const tokens = f.pointer.split("/").slice(1).map(unescapeToken);
  const key = tokens.pop() as string;
  const parent = tokens.reduce<unknown>((o, t) => (o as Record<string, unknown>)?.[t], doc);
  const owner = obj(parent);
  if (!owner) return doc;
  if (f.code === "schema/additional-properties") delete owner[key];
  else owner[key] = label(atif.version);
  return doc;
}

const unescapeToken = (t: string) => t.replaceAll("~1", "/").replaceAll("~0", "~");

function valueAt(doc: unknown, pointer: string): unknown {
  return pointer
    .split("/")
    .slice(1)
    .map(unescapeToken)
    .reduce<unknown>((o, t) => (o as Record<string, unknown> | undefined)?.[t], doc);
}
