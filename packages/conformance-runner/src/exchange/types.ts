/** A golden exchange (format 2), as described by exchange.schema.json. */
export interface Scenario {
  $schema?: string;
  format: 2;
  protocol: string;
  name: string;
  description?: string;
  /** recorded from this implementation: replayed only against it (its answers are pinned) */
  implementation?: string;
  requires?: string[];
  timeoutMs?: number;
  /** an expected failure, with why */
  pending?: string;
  steps: Step[];
}

export interface NotificationRules {
  set?: unknown[];
  first?: unknown;
  last?: unknown;
}

export interface SendStep {
  /** the request in the channel's shape, `$use` allowed anywhere */
  send: unknown;
  as?: string;
}
export interface SendRawStep {
  sendRaw: string;
}
export interface ExpectStep {
  expect: { response: string; type?: string; match?: unknown; notifications?: NotificationRules };
  timeoutMs?: number;
}
export interface AwaitStep {
  await: { type?: string; match?: unknown };
  as: string;
  timeoutMs?: number;
}
export interface AnswerStep {
  answer: { to: string; with: unknown };
}

export type Step = SendStep | SendRawStep | ExpectStep | AwaitStep | AnswerStep;

/** The version this runner writes; older files are migrated when loaded (migrate.ts). */
export const FORMAT = 2;
