import type { Finding } from "./finding.js";
import { escapeToken } from "./pointer.js";
import type { ValidationResult } from "./schema-errors.js";

/** The validation engines a protocol package offers: ajv is the reference, zod the typed parser. */
export type Engine = "ajv" | "zod";

/** The fields keel reads from a zod issue (zod's `$ZodIssue` has them all). */
export interface ZodLikeIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
}

/** Anything with zod's `safeParse` shape. */
export interface SafeParser {
  safeParse(
    data: unknown,
  ): { success: true } | { success: false; error: { issues: readonly ZodLikeIssue[] } };
}

/** zod's issues as findings: code `zod/<issue code>` in kebab-case, pointer built from the issue path. */
export function zodIssuesToFindings(issues: readonly ZodLikeIssue[]): Finding[] {
  return issues.map((issue) => {
    const pointer = issue.path.map((t) => `/${escapeToken(t)}`).join("");
    return {
      code: `zod/${issue.code.replaceAll("_", "-")}`,
      severity: "error",
      message: `expected ${pointer || "the document"} to satisfy the schema, ${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}`,
      pointer,
    };
  });
}

export function runZod(schema: SafeParser, document: unknown): ValidationResult {
  const result = schema.safeParse(document);
  return result.success
    ? { valid: true, findings: [] }
    : { valid: false, findings: zodIssuesToFindings(result.error.issues) };
}
