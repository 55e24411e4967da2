import { runZod, type SafeParser } from "@keel/diagnostics";
import { registryEntry } from "@keel/mira";
import * as zod from "@keel/mira/zod";

interface MethodSchema {
  params: string | null;
  result: string;
  capability: string | null;
}

export const methodSchemas = registryEntry.facts.methodSchemas as Record<string, MethodSchema>;

/** The zod schema the registry's methodSchemas names for a method's result (`#/$defs/RunResult` → RunResultSchema). */
function resultSchema(method: string): SafeParser | undefined {
  const ref = methodSchemas[method]?.result;
  if (!ref) return undefined;
  return (zod as unknown as Record<string, SafeParser>)[`${ref.replace("#/$defs/", "")}Schema`];
}

/** Problems with a method's result, as one line, or undefined when it is valid. */
export function resultProblem(method: string, result: unknown): string | undefined {
  const schema = resultSchema(method);
  if (!schema) return `bug: no result schema for ${method}`;
  const { findings } = runZod(schema, result);
  if (findings.length === 0) return undefined;
  return findings
    .slice(0, 3)
    .map((f) => `${f.pointer || "/"}: ${f.message}`)
    .join("; ");
}

/** An error code by the start of its registry description ("method not found", "invalid params"…). */
export function errorCode(description: string): number {
  const codes = registryEntry.facts.errorCodes as Record<string, string>;
  const hit = Object.entries(codes).find(([, d]) => d.startsWith(description));
  if (!hit) throw new Error(`bug: no mira error code described as "${description}"`);
  return Number(hit[0]);
}

/** The major of a dot-separated version; NaN when malformed. */
export const major = (v: unknown): number =>
  typeof v === "string" && /^[0-9]+(\.[0-9]+)*$/.test(v) ? Number(v.split(".")[0]) : Number.NaN;
