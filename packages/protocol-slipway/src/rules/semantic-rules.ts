import type { Finding } from "@keel/diagnostics";
import { registryEntry, schemaFiles } from "../generated/constants.gen.js";
import { errorDetails, errorRecovery } from "./cli-error.js";
import { commandArgvPrefix } from "./command-argv.js";
import { maxUtf8Bytes } from "./max-utf8-bytes.js";
import { requiredForAction } from "./required-for-action.js";
import { versionMatchesUrl } from "./version-url.js";

export type SlipwayDocumentType = keyof typeof registryEntry.documentTypes;
type Rules = (document: unknown) => Finding[];

function forType(type: SlipwayDocumentType, extra: readonly Rules[] = []): Rules {
  const { schema: file, pointer } = registryEntry.documentTypes[type];
  return (document) => [
    ...versionMatchesUrl(type, document),
    ...maxUtf8Bytes(schemaFiles, { file, pointer }, document),
    ...commandArgvPrefix(document),
    ...requiredForAction(document),
    ...extra.flatMap((rule) => rule(document)),
  ];
}

/** Semantic rules per document type, applied after the document passed its schema. */
export const semanticRules: Readonly<Record<SlipwayDocumentType, Rules>> = {
  action: forType("action"),
  action_material: forType("action_material"),
  change_report: forType("change_report"),
  cli_error: forType("cli_error", [errorDetails, errorRecovery]),
  doctor_report: forType("doctor_report"),
  list_report: forType("list_report"),
  outcome: forType("outcome"),
  pinned_material: forType("pinned_material"),
  protocol_state: forType("protocol_state"),
  raw_source_envelope: forType("raw_source_envelope"),
  run_status: forType("run_status"),
  source_envelope: forType("source_envelope"),
  source_manifest: forType("source_manifest"),
  status_list: forType("status_list"),
};
