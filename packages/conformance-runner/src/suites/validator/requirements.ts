// the catalogue entry shape every protocol package generates (atif's, as requirements.ts reads it)
import type { Requirement } from "@keel/atif";

/**
 * What the validator suite's checks rest on besides the protocols' own "documents match the schema"
 * MUSTs: the adapter protocol (keel's own, docs/validator-adapters.md), JSON Schema's validation
 * keywords, and keel's readings where the specifications leave the verdict open.
 */
export const validatorRequirements: readonly Requirement[] = [
  {
    id: "validator/adapter-protocol",
    level: "MUST",
    source: { document: "keel docs/validator-adapters.md", section: "Protocol (version 1)" },
    quote: "one JSON object per line each way, one answer per request, in order",
    versions: { introduced: "1" },
  },
  {
    id: "validator/schema-verdict",
    level: "MUST",
    source: {
      document: "JSON Schema Validation (draft 2020-12)",
      section: "6 A Vocabulary for Structural Validation",
    },
    quote: "Validation keywords in a schema impose requirements for successful validation of an instance.",
    versions: { introduced: "1" },
  },
  {
    id: "validator/format-assertion",
    level: "keel-reading",
    source: { document: "keel docs/dialects.md", section: "The probes" },
    reason:
      "JSON Schema makes format an annotation unless a validator opts into asserting it; keel's ajv asserts every format, so a validator that does not accepts strings keel refuses.",
    versions: { introduced: "1" },
  },
  {
    id: "validator/lone-surrogate",
    level: "keel-reading",
    source: { document: "keel docs/dialects.md", section: "The probes" },
    reason:
      "RFC 8259 leaves strings with unpaired surrogates unpredictable; keel reads one as JSON.parse does (a string holding that code unit), so a validator that refuses it only warns.",
    versions: { introduced: "1" },
  },
];
