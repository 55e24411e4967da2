import type { CodeDescription, Finding } from "@keel/diagnostics";
import { isRecord, present, ruleFinding } from "@keel/diagnostics";

/**
 * `mira/result-error-exclusive`: a response carries exactly one non-null `result` / `error` (`null` reads as
 * absent; schemas/mira/README.md item 5). The schema's oneOf says the same; this names the problem plainly.
 */
export function resultErrorExclusive(document: unknown): Finding[] {
  if (!isRecord(document)) return [];
  const members = (["result", "error"] as const).filter((key) => present(document[key]));
  return members.length === 1
    ? []
    : [
        ruleFinding(
          "mira/result-error-exclusive",
          "",
          `expected exactly one non-null result or error, found ${members.length === 0 ? "neither" : "both"}`,
        ),
      ];
}

/** What each code these rules report means (`keel explain`, docs/codes.md). */
export const responseCodes: readonly CodeDescription[] = [
  {
    code: "mira/result-error-exclusive",
    meaning: "a response carries exactly one non-null `result` / `error` (`null` reads as absent)",
    requirements: ["mira/request-answered"],
    example: "expected exactly one of /result, /error, found both",
  },
];
