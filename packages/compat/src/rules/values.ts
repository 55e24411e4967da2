import { MINOR_ADDS_OPTIONAL, NEVER, type RuleSpec, rule } from "./spec.js";

/** Types, enums and constants, including the protocol's own version field. */
export const valueRules: RuleSpec[] = [
  rule(
    "type-changed",
    "the allowed JSON types changed to a set that is neither wider nor narrower",
    "bbb",
    NEVER,
  ),
  rule("type-widened", "more JSON types are allowed (e.g. integer → number)", "bbo", NEVER),
  rule("type-narrowed", "fewer JSON types are allowed", "oob", NEVER),
  rule("nullable-added", "null is now allowed (type [T, null] or anyOf [T, null])", "bbo", NEVER),
  rule("nullable-removed", "null is no longer allowed", "oob", NEVER),
  rule("enum-value-added", "an enum gained a value old readers do not accept", "bbo", NEVER),
  rule("enum-value-removed", "an enum lost a value old documents may carry", "oob", NEVER),
  rule("enum-constraint-added", "a value is now restricted to an enum or const", "oob", NEVER),
  rule("enum-constraint-removed", "a value is no longer restricted to an enum or const", "bbo", NEVER),
  rule("const-changed", "a constant changed value", "bbb", NEVER),
  rule(
    "version-value-added",
    "the version field accepts the new version and still the old ones",
    "ddo",
    MINOR_ADDS_OPTIONAL,
    "old readers reject the new version value: a downgrade writes the old version",
  ),
  rule(
    "version-value-changed",
    "the version field no longer accepts an old version (a const or enum value replaced)",
    "ddb",
    NEVER,
    "old readers need a downgrade, new readers reject old documents: a major (contract) bump",
  ),
  rule(
    "default-changed",
    "a default changed: no document is refused, but one without the value means something else to new readers than to old ones",
    "ooo",
    NEVER,
  ),
];
