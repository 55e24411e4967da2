import { ajvChecks, registryEntry as atif } from "@keel/atif/checks";
import { at, type Finding, isRecord, unescapeToken } from "@keel/diagnostics";

// What Mira's leniency covers inside an embedded ATIF trajectory (schemas/mira/README.md, "The ATIF
// trajectory"): an unknown field, and a newer ATIF 1.x `schema_version`. The one rule for the conformance
// runner (mira/trajectory-valid) and `keel validate`: reported as warnings, the rest checked without them.

const MAX_PASSES = 50;
const HINT =
  "tolerated inside transcript.trajectory: Mira peers ignore unknown fields and read any ATIF 1.x (schemas/mira/README.md); --strict makes it an error";

export interface ToleratedTrajectory {
  /** the trajectory without what was tolerated (a copy when anything was; the input is never changed) */
  trajectory: unknown;
  /** each tolerated failure as a warning, its pointer within the trajectory */
  tolerated: Finding[];
}

/**
 * Strips what Mira tolerates from a trajectory, pass by pass, until none is left. Both failures are schema
 * failures, so ATIF's schema alone is asked (its semantic rules are the caller's next step).
 */
export function tolerateTrajectory(trajectory: unknown): ToleratedTrajectory {
  let doc = trajectory;
  const tolerated: Finding[] = [];
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const lenient = ajvChecks
      .trajectory(doc)
      .findings.filter((f) => f.severity === "error" && covered(doc, f));
    if (lenient.length === 0) break;
    if (doc === trajectory) doc = structuredClone(trajectory);
    const stripped = lenient.filter((f) => strip(doc, f));
    // a failure that cannot be stripped stays an error for the caller's check to report
    if (stripped.length === 0) break;
    tolerated.push(...stripped.map((f): Finding => ({ ...f, severity: "warning", hint: HINT })));
  }
  return { trajectory: doc, tolerated };
}

/** Where Mira lines embed a trajectory: a case request's params (score), any response's result (execute). */
const owners = (line: Record<string, unknown>): ("params" | "result")[] =>
  "method" in line ? (caseMethods.has(String(line.method)) ? ["params"] : []) : ["result"];
const caseMethods = new Set(["run", "execute", "score"]);

/**
 * A Mira line with what its leniency covers stripped from each embedded trajectory, and those as warnings
 * located in the line (`/params/transcript/trajectory/…`). The line itself is returned when nothing is.
 */
export function tolerate(line: unknown): { document: unknown; findings: Finding[] } {
  if (!isRecord(line)) return { document: line, findings: [] };
  let document: Record<string, unknown> = line;
  const findings: Finding[] = [];
  for (const key of owners(line)) {
    const owner = line[key];
    if (!isRecord(owner) || !isRecord(owner.transcript) || !isRecord(owner.transcript.trajectory)) continue;
    const { trajectory, tolerated } = tolerateTrajectory(owner.transcript.trajectory);
    if (tolerated.length === 0) continue;
    const base = at("", key, "transcript", "trajectory");
    findings.push(...tolerated.map((f) => ({ ...f, pointer: `${base}${f.pointer}` })));
    document = { ...document, [key]: { ...owner, transcript: { ...owner.transcript, trajectory } } };
  }
  return { document, findings };
}

const field = atif.versionField;
const ours = field.valueTemplate.replace("{version}", atif.version);
const [ourMajor, ourMinor] = atif.version.split(".").map(Number) as [number, number];
const labelPattern = new RegExp(
  `^${field.valueTemplate.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace("{version}", "([0-9]+)\\.([0-9]+)")}$`,
);
/** The version field's pointer and its nested copies (`*` is any array index). */
const labelPointers = [field.pointer, ...field.nestedPointers].map(
  (p) => new RegExp(`^${p.replaceAll("*", "[0-9]+")}$`),
);

/** A later minor of the same major: readers take any 1.x (docs). */
function newerLabel(v: unknown): boolean {
  const m = typeof v === "string" ? labelPattern.exec(v) : null;
  return !!m && Number(m[1]) === ourMajor && Number(m[2]) > ourMinor;
}

function covered(doc: unknown, f: Finding): boolean {
  if (f.code === "schema/additional-properties") return true;
  return labelPointers.some((p) => p.test(f.pointer)) && newerLabel(valueAt(doc, f.pointer));
}

/** Removes the unknown field, or sets the label to ours, in place (on the copy); false when it cannot. */
function strip(doc: unknown, f: Finding): boolean {
  const tokens = f.pointer.split("/").slice(1).map(unescapeToken);
  const key = tokens.pop();
  const owner = valueAt(doc, at("", ...tokens));
  if (key === undefined || !isRecord(owner) || !Object.hasOwn(owner, key)) return false;
  if (f.code === "schema/additional-properties") delete owner[key];
  else owner[key] = ours;
  return true;
}

function valueAt(doc: unknown, pointer: string): unknown {
  return pointer
    .split("/")
    .slice(1)
    .map(unescapeToken)
    .reduce<unknown>((o, t) => (isRecord(o) || Array.isArray(o) ? o[t as never] : undefined), doc);
}
