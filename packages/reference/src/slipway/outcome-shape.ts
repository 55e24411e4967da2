// The Outcome's shape as the strict decoder walks it (machine-protocol.schema.json#/$defs/outcome and the
// definitions it uses): every field required, unknown fields refused. A spec is a kind of value;
// `{ fields }` an object, `{ array }` a list, `{ nullable }` an object or null, `{ oneOf }` an enum.
export type Spec =
  | "string"
  | "text"
  | "integer"
  | { oneOf: readonly string[] }
  | { fields: Record<string, Spec>; optional?: readonly string[] }
  | { array: Spec; max?: number }
  | { nullable: Spec };

const kinds = ["orient", "clarify", "implement", "review", "summarize"] as const;
const strings: Spec = { array: "string" };

const destructiveRequest: Spec = {
  fields: {
    request_id: "text",
    targets: {
      array: {
        fields: { kind: { oneOf: ["path", "git_ref", "external_resource", "data_domain"] }, value: "text" },
      },
    },
    impact: "text",
    scope_sha256: "text",
  },
};

export const OUTCOME: Spec = {
  fields: {
    contract_version: "integer",
    action_id: "text",
    action_kind: { oneOf: kinds },
    status: { oneOf: ["completed", "needs_input", "partial", "error"] },
    summary: "text",
    observations: strings,
    known_issues: strings,
    suggested_actions: {
      array: { fields: { kind: { oneOf: ["clarify", "implement", "summarize"] }, brief: "text" } },
      max: 1,
    },
    pause: {
      nullable: {
        fields: {
          reason: {
            oneOf: ["decision_required", "destructive_confirmation_required", "environment_unavailable"],
          },
          question: "text",
          destructive_request: { nullable: destructiveRequest },
          supersedes_answer_action_id: "text",
        },
        optional: ["supersedes_answer_action_id"],
      },
    },
    implementation: {
      nullable: {
        fields: {
          result: { oneOf: ["applied", "partial", "not_needed", "unable"] },
          files_changed: strings,
          activities: {
            array: {
              fields: {
                kind: { oneOf: ["test", "typecheck", "build", "lint"] },
                command: "text",
                exit_code: "integer",
                summary: "text",
              },
            },
          },
          uncertainties: strings,
          attempts: "integer",
        },
      },
    },
    review: {
      nullable: {
        fields: {
          result: { oneOf: ["no_findings_reported", "findings_reported", "inconclusive", "error"] },
          findings: { array: { fields: { location: "text", summary: "text", detail: "text" } } },
          uncertainties: strings,
        },
      },
    },
  },
};
