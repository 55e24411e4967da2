import { NEVER, type RuleSpec, rule } from "./spec.js";

/** A bound that got tighter rejects old documents; one that got looser lets new documents past old readers. */
function bound(id: string, what: string, tighter: string, looser: string): RuleSpec[] {
  return [
    rule(`${id}-${tighter}`, `${what} is tighter (or newly set)`, "oob", NEVER),
    rule(`${id}-${looser}`, `${what} is looser (or no longer set)`, "bbo", NEVER),
  ];
}

export const boundRules: RuleSpec[] = [
  ...bound("max-length", "maxLength of a string", "decreased", "increased"),
  ...bound("min-length", "minLength of a string", "increased", "decreased"),
  ...bound("maximum", "maximum or exclusiveMaximum of a number", "decreased", "increased"),
  ...bound("minimum", "minimum or exclusiveMinimum of a number", "increased", "decreased"),
  ...bound("max-items", "maxItems of an array", "decreased", "increased"),
  ...bound("min-items", "minItems of an array", "increased", "decreased"),
  ...bound("max-properties", "maxProperties of an object", "decreased", "increased"),
  ...bound("min-properties", "minProperties of an object", "increased", "decreased"),
  rule("multiple-of-changed", "multipleOf changed", "bbb", NEVER),
  rule("pattern-added", "a string now has to match a pattern", "oob", NEVER),
  rule("pattern-removed", "a string no longer has to match a pattern", "bbo", NEVER),
  rule("pattern-changed", "a string has to match a different pattern", "bbb", NEVER),
  rule(
    "pattern-widened",
    "a pattern only gained alternatives: every string it matched still matches",
    "bbo",
    NEVER,
  ),
  rule("format-added", "a string now has a format", "oob", NEVER),
  rule("format-removed", "a string no longer has a format", "bbo", NEVER),
  rule("format-changed", "a string has a different format", "bbb", NEVER),
  rule("unique-items-added", "array items now have to be unique", "oob", NEVER),
  rule("unique-items-removed", "array items no longer have to be unique", "bbo", NEVER),
  rule("tuple-item-added", "a tuple (prefixItems / items array) gained a position", "bbo", NEVER),
  rule("tuple-item-removed", "a tuple (prefixItems / items array) lost a position", "oob", NEVER),
];
