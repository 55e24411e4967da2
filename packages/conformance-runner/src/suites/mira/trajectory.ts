import { checkTrajectory } from "@keel/atif";
import { tolerateTrajectory } from "@keel/mira";
import { json } from "../kit/values.js";
import type { Context } from "./context.js";

const name = "mira/trajectory-valid";

/**
 * Applies ATIF's checkTrajectory (schema + semantic rules) to a trajectory a study sent. The failures
 * Mira's leniency covers (an unknown field, a newer ATIF 1.x `schema_version`) are warnings: @keel/mira's
 * tolerateTrajectory strips them — the same rule `keel validate` applies — and the rest is checked.
 * Every other ATIF failure fails the check.
 */
export function judgeTrajectory(ctx: Context, where: string, trajectory: unknown): void {
  if (trajectory === undefined || trajectory === null) return;
  const { trajectory: doc, tolerated } = tolerateTrajectory(trajectory);
  const { findings } = checkTrajectory(doc);
  const error = findings.find((f) => f.severity === "error");
  if (error) {
    ctx.v.fail(name, `${where}: trajectory at ${error.pointer || "/"}: ${error.message} (${error.code})`, {
      expected: "a valid ATIF trajectory (schema and semantic rules)",
      actual: json(valueAt(doc, error.pointer)),
    });
  }
  for (const f of tolerated)
    ctx.v.warn(name, `${where} trajectory at ${f.pointer}: ${f.message} (tolerated: Mira is lenient)`);
  for (const f of findings.filter((f) => f.severity !== "error"))
    ctx.v.warn(name, `${where} trajectory at ${f.pointer || "/"}: ${f.message}`);
  ctx.v.pass(name);
}

const unescapeToken = (t: string) => t.replaceAll("~1", "/").replaceAll("~0", "~");

function valueAt(doc: unknown, pointer: string): unknown {
  return pointer
    .split("/")
    .slice(1)
    .map(unescapeToken)
    .reduce<unknown>((o, t) => (o as Record<string, unknown> | undefined)?.[t], doc);
}
