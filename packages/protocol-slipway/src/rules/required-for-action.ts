import type { CodeDescription, Finding } from "@keel/diagnostics";
import { at, isRecord, objects, ruleFinding } from "@keel/diagnostics";

/**
 * `slipway/required-for-action`: in protocol v2 `requirements.required_for_action` is exactly the keys of
 * `requirements.sections`, in catalog order (the field's description; schemas/slipway/README.md rule 3).
 */
export function requiredForAction(document: unknown): Finding[] {
  const out: Finding[] = [];
  for (const [requirements, pointer] of objects(document)) {
    if (!Array.isArray(requirements.sections) || !Array.isArray(requirements.required_for_action)) continue;
    const keys = requirements.sections.map((section) => (isRecord(section) ? section.key : undefined));
    const required = requirements.required_for_action;
    if (keys.length === required.length && keys.every((key, i) => key === required[i])) continue;
    out.push(
      ruleFinding(
        "slipway/required-for-action",
        at(pointer, "required_for_action"),
        `expected the section keys in catalog order [${keys.join(", ")}], found [${required.join(", ")}]`,
      ),
    );
  }
  return out;
}

/** What each code these rules report means (`keel explain`, docs/codes.md). */
export const requiredForActionCodes: readonly CodeDescription[] = [
  {
    code: "slipway/required-for-action",
    meaning: "`requirements.required_for_action` equals the keys of the action's required inputs",
    requirements: ["slipway/required-for-action-equal"],
    example: 'expected required_for_action to list "path", found it missing',
  },
];
