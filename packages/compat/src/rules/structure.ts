import { ADDITIVE, annotation, NEVER, type RuleSpec, rule } from "./spec.js";

/** Combinators, unclassified keywords, annotations and file-level changes. */
export const structureRules: RuleSpec[] = [
  rule(
    "any-of-branch-added",
    "an anyOf gained an alternative (a new kind, variant or result shape)",
    "bbo",
    ADDITIVE,
  ),
  annotation(
    "unreachable-changed",
    "a change inside a definition no document root reaches through its $refs: no document can show it",
  ),
  annotation(
    "required-moved",
    "a property's requiredness moved between an object and its allOf / if-then branches (made optional in one, required in the other)",
  ),
  annotation(
    "any-of-branch-covered",
    "an anyOf alternative was added or removed that a catch-all alternative ({type: T} alone) accepts anyway",
  ),
  annotation(
    "enum-value-covered",
    "an enum value was added to or removed from one anyOf alternative while another alternative accepts it anyway: no document changes verdict",
  ),
  rule(
    "union-widened",
    "a value became an anyOf/oneOf whose alternatives include everything it accepted before",
    "bbo",
    NEVER,
  ),
  rule("any-of-branch-removed", "an anyOf lost an alternative old documents may use", "oob", NEVER),
  rule(
    "one-of-branch-added",
    "a oneOf gained an alternative (a new kind, variant or result shape)",
    "bbo",
    ADDITIVE,
  ),
  rule("one-of-branch-removed", "a oneOf lost an alternative old documents may use", "oob", NEVER),
  rule("any-of-added", "a value now has to match one of a list of anyOf alternatives", "oob", NEVER),
  rule("any-of-removed", "a value no longer has to match one of the anyOf alternatives", "bbo", NEVER),
  rule("one-of-added", "a value now has to match exactly one of a list of oneOf alternatives", "oob", NEVER),
  rule("one-of-removed", "a value no longer has to match one of the oneOf alternatives", "bbo", NEVER),
  rule("all-of-branch-added", "an allOf gained a constraint old documents may not meet", "oob", NEVER),
  rule("all-of-branch-removed", "an allOf lost a constraint old readers still apply", "bbo", NEVER),
  rule(
    "conditional-added",
    "an if/then was added: typed rules for a value old documents did not use (a new method or kind)",
    "ooo",
    ADDITIVE,
  ),
  rule("conditional-removed", "an if/then was removed: old readers still apply it", "bbo", NEVER),
  rule(
    "keyword-changed",
    "any other validation keyword changed (not, if, contains, …): judged breaking",
    "bbb",
    NEVER,
  ),
  annotation("description-changed", "a description changed"),
  annotation("title-changed", "a title changed"),
  annotation("comment-changed", "a $comment changed"),
  annotation("examples-changed", "examples changed"),
  annotation(
    "annotation-changed",
    "an editor or vendor annotation changed (markdownDescription, enumDescriptions, x-*, …)",
  ),
  annotation("deprecated-changed", "deprecated, readOnly or writeOnly changed"),
  annotation("default-added", "a default was added to a value that had none"),
  annotation("default-removed", "a default was removed"),
  annotation(
    "version-default-changed",
    "the version an unversioned document is read as moved to the new version",
  ),
  annotation(
    "definition-added",
    "a definition ($defs / definitions) was added; its uses are reported where they are",
  ),
  annotation("definition-removed", "a definition was removed; its former uses are reported where they were"),
  annotation("definition-renamed", "a definition was renamed with its content unchanged"),
  annotation(
    "schema-id-changed",
    "a schema file's $id changed",
    "every $ref to the old $id (from this or another protocol) must follow",
  ),
  annotation("schema-dialect-changed", "a schema file's $schema (draft) changed"),
  annotation("schema-file-added", "a schema file was added; what documents reach in it is reported there"),
  annotation("schema-file-removed", "a schema file was removed"),
];
