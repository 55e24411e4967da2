import type { CodeDescription, Finding } from "@keel/diagnostics";
import { isRecord, ruleFinding } from "@keel/diagnostics";
import { registryEntry, schemaFiles } from "../generated/constants.gen.js";

type DocumentType = keyof typeof registryEntry.documentTypes;

// The registry names the version fields (contract_version, source_version, manifest_version) and which
// document types carry them; the schema URL carries the contract version (`…/v2/…`).
const versionFields: readonly { pointer: string; documentTypes: readonly string[] }[] = [
  registryEntry.versionField,
  registryEntry.facts.sourceVersionField,
  registryEntry.facts.manifestVersionField,
];

function urlVersion(type: DocumentType): number | undefined {
  const id = schemaFiles[registryEntry.documentTypes[type].schema]?.$id;
  const match = typeof id === "string" ? /\/v(\d+)\//.exec(id) : null;
  return match ? Number(match[1]) : undefined;
}

/**
 * `slipway/version-url-mismatch`: a document's version field equals the version in its schema URL ("the
 * URL version and contract_version always agree", machine-protocol.schema.json). The v2 schema pins the
 * value with `const` too; the rule keeps the check tied to the URL when a v3 schema arrives.
 */
export function versionMatchesUrl(type: DocumentType, document: unknown): Finding[] {
  const expected = urlVersion(type);
  if (expected === undefined || !isRecord(document)) return [];
  return versionFields
    .filter((field) => field.documentTypes.includes(type))
    .flatMap((field) => {
      const name = field.pointer.slice(1);
      const found = document[name];
      return found === expected
        ? []
        : [
            ruleFinding(
              "slipway/version-url-mismatch",
              field.pointer,
              `expected ${name} ${expected} to match the schema url (…/v${expected}/…), found ${JSON.stringify(found)}`,
            ),
          ];
    });
}

/** What each code these rules report means (`keel explain`, docs/codes.md). */
export const versionUrlCodes: readonly CodeDescription[] = [
  {
    code: "slipway/version-url-mismatch",
    meaning: "a document's version field equals the version in its schema URL",
    requirements: ["slipway/version-url-agree"],
    example: "expected contract_version 2 as in the $schema URL, found 3",
  },
];
