import { readFileSync } from "node:fs";
import { KeelError } from "@keel/diagnostics";
import { Ajv2020 } from "ajv/dist/2020.js";

/** A golden exchange, as described by exchange.schema.json. */
export interface Scenario {
  protocol: string;
  name: string;
  description?: string;
  requires?: string[];
  timeoutMs?: number;
  steps: Step[];
}

export type Step =
  | { send: { method: string; params?: unknown }; as: string }
  | { sendRaw: string }
  | { expect: { response: string; match?: unknown; notifications?: NotificationRules }; timeoutMs?: number };

export interface NotificationRules {
  set?: unknown[];
  first?: unknown;
  last?: unknown;
}

/** A golden exchange file that cannot be used: unreadable, not JSON, or not a scenario. */
export class ExchangeError extends KeelError {
  constructor(message: string) {
    super("conform/bad-exchange", message);
  }
}

const schema = JSON.parse(readFileSync(new URL("./exchange.schema.json", import.meta.url), "utf8"));
const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);

export function parseScenario(text: string, file: string): Scenario {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new ExchangeError(`expected ${file} to be JSON, ${(e as Error).message}`);
  }
  if (!validate(doc)) {
    const first = validate.errors?.[0];
    throw new ExchangeError(
      `expected ${file} to be a golden exchange, ${first?.instancePath || "/"} ${first?.message}`,
    );
  }
  const scenario = doc as Scenario;
  const labels = new Set<string>();
  for (const step of scenario.steps) {
    if ("send" in step) labels.add(step.as);
    if ("expect" in step && !labels.has(step.expect.response))
      throw new ExchangeError(
        `expected ${file} to send "${step.expect.response}" before expecting its response`,
      );
  }
  return scenario;
}
