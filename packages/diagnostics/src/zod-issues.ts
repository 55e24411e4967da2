import type { Finding } from "./finding.js";
import { escapeToken } from "./pointer.js";
import type { ValidationResult } from "./schema-errors.js";
import { nearestBranch } from "./zod-union.js";

/** The validation engines a protocol package offers: ajv is the reference, zod the typed parser. */
export type Engine = "ajv" | "zod";

/** The fields keel reads from a zod issue (zod's `$ZodIssue` has them all). */
export interface ZodLikeIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  /** an `invalid_union`'s issues per branch, paths relative to the union */
  errors?: readonly (readonly ZodLikeIssue[])[];
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
    const pointer = toPointer(issue.path);
    const near = nearestBranch(issue);
    if (near !== undefined) {
      // like ajv, name the branch that came nearest and the field it failed at, not only "invalid input" at the union
      const at = toPointer(near.issue.path);
      return {
        code: "zod/invalid-union",
        severity: "error",
        message: `expected ${pointer || "the document"} to match a branch of its union, found none does; nearest: branch ${near.branch} of ${near.of}, where ${at || "the document"} fails: ${lower(near.issue.message)}`,
        pointer: at,
      };
    }
    return {
      code: `zod/${issue.code.replaceAll("_", "-")}`,
      severity: "error",
      message: `expected ${pointer || "the document"} to satisfy the schema, ${lower(issue.message)}`,
      pointer,
    };
  });
}

const toPointer = (path: readonly PropertyKey[]): string => path.map((t) => `/${escapeToken(t)}`).join("");
const lower = (text: string): string => `${text.charAt(0).toLowerCase()}${text.slice(1)}`;

export function runZod(schema: SafeParser, document: unknown): ValidationResult {
  const result = schema.safeParse(document);
  return result.success
    ? { valid: true, findings: [] }
    : { valid: false, findings: zodIssuesToFindings(result.error.issues) };
}
