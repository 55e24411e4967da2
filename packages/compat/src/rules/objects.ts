import { ADDITIVE, MINOR_ADDS_OPTIONAL, NEVER, type RuleSpec, rule } from "./spec.js";

const STRIP = "old strict readers reject it: send them a downgraded document (strip it)";

export const objectRules: RuleSpec[] = [
  rule(
    "optional-property-added",
    "an optional property was added to an open object",
    "ooo",
    MINOR_ADDS_OPTIONAL,
  ),
  rule(
    "optional-property-added-to-closed-object",
    "an optional property was added to an object that rejects unknown properties",
    "doo",
    MINOR_ADDS_OPTIONAL,
    STRIP,
  ),
  rule(
    "required-property-added",
    "a required property was added: documents written for the old version lack it",
    "dob",
    NEVER,
  ),
  rule(
    "required-property-removed",
    "a required property was removed from an open object: old readers miss it",
    "bbo",
    NEVER,
  ),
  rule(
    "required-property-removed-from-closed-object",
    "a required property was removed from a closed object: old readers miss it, new readers reject it",
    "bbb",
    NEVER,
  ),
  rule(
    "optional-property-removed",
    "an optional property was removed from an open object (its meaning is gone, its values unchecked)",
    "ooo",
    NEVER,
  ),
  rule(
    "optional-property-removed-from-closed-object",
    "an optional property was removed from a closed object: new readers reject old documents carrying it",
    "oob",
    NEVER,
  ),
  rule(
    "property-made-optional",
    "a required property became optional and the new schema gives its default",
    "ddo",
    ADDITIVE,
    "old readers require it: a downgrade fills the newer default (or a protocol's projection)",
  ),
  rule(
    "property-made-optional-without-default",
    "a required property became optional with no default to fill it for old readers",
    "bbo",
    NEVER,
  ),
  rule(
    "property-made-required",
    "an optional property became required: old documents may lack it",
    "oob",
    NEVER,
  ),
  rule(
    "object-closed",
    "an object now rejects unknown properties (additionalProperties false)",
    "oob",
    NEVER,
  ),
  rule(
    "object-opened",
    "an object now accepts unknown properties",
    "doo",
    NEVER,
    "old strict readers reject the extra properties: a downgrade strips them",
  ),
  rule(
    "open-content-narrowed",
    "an open object declares a name narrower than what accepted it undeclared (any value, additionalProperties or patternProperties), or drops a declaration its maps now cover narrower: old documents using that name otherwise fail new readers",
    "oob",
    MINOR_ADDS_OPTIONAL,
    "a consumer whose producers never send undeclared names can waive this in its registry entry (undeclaredNames: never-sent)",
  ),
  rule(
    "open-content-widened",
    "an open object stops declaring a name (or declares it wider than its maps did): new documents may carry values there that old readers reject",
    "bbo",
    NEVER,
    "a consumer whose producers never send undeclared names can waive this in its registry entry (undeclaredNames: never-sent)",
  ),
  rule("pattern-properties-changed", "a patternProperties pattern was added or removed", "bbb", NEVER),
  rule("dependencies-changed", "dependentRequired, dependentSchemas or dependencies changed", "bbb", NEVER),
];
