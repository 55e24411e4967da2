import type { Finding } from "@keel/diagnostics";
import { issue, seg } from "./finding.js";

// Seed templates: "a | b | c" alternatives, a bare "<…>", or an ellipsis standing for omitted content.
const ALTERNATIVES = /^\s*[\w.-]+(\s*\|\s*[\w.-]+)+\s*$/;
const ANGLE = /^\s*<[^<>]*>\s*$/;
const ELLIPSIS = /^\s*(\.\.\.|…)\s*$/;

/** Rule `placeholder-values`: no string anywhere in the document is a seed template. */
export function placeholderValues(doc: unknown): Finding[] {
  const found: Finding[] = [];
  const visit = (value: unknown, pointer: string): void => {
    if (typeof value === "string") {
      if (ALTERNATIVES.test(value) || ANGLE.test(value) || ELLIPSIS.test(value)) {
        found.push(
          issue(
            "placeholder-values",
            "error",
            `expected a real value, found the template ${JSON.stringify(value)}`,
            pointer,
          ),
        );
      }
    } else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) visit(item, `${pointer}/${i}`);
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) visit(item, `${pointer}/${seg(key)}`);
    }
  };
  visit(doc, "");
  return found;
}
