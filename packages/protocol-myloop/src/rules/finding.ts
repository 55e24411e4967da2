import type { Finding, Severity } from "@keel/diagnostics";

/** A myloop lint finding: code `myloop/<rule-id>` as numbered in schemas/myloop/README.md. */
export function issue(rule: string, severity: Severity, message: string, pointer = ""): Finding {
  return { code: `myloop/${rule}`, severity, message, pointer };
}

/** JSON Pointer segment escaping (RFC 6901): diagnostics' escapeToken under the name the rules use. */
export { escapeToken as seg } from "@keel/diagnostics";
