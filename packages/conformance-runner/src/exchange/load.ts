import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { escapeToken, isRecord, KeelError } from "@keel/diagnostics";
import { Ajv2020 } from "ajv/dist/2020.js";
import { names } from "./captures.js";
import { MATCHERS } from "./matchers.js";
import { migrate } from "./migrate.js";
import type { Scenario } from "./types.js";

/** A golden exchange file that cannot be used: unreadable, not JSON, or not a scenario. */
export class ExchangeError extends KeelError {
  constructor(message: string) {
    super("conform/bad-exchange", message);
  }
}

const schema = JSON.parse(readFileSync(new URL("./exchange.schema.json", import.meta.url), "utf8"));
const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);

/**
 * Reads one golden exchange (migrating an older format), and refuses what cannot replay: an unknown
 * `$matcher`, an expect or answer before its send or await, a `$use` of a name nothing captured
 * before it, and — given `protocol` — a scenario for another protocol.
 */
export function parseScenario(text: string, file: string, protocol?: string): Scenario {
  let doc: unknown;
  try {
    doc = migrate(JSON.parse(text));
  } catch (e) {
    throw new ExchangeError(`expected ${file} to be JSON, ${(e as Error).message}`);
  }
  const unknown = unknownMatcher(doc, "");
  if (unknown)
    throw new ExchangeError(
      `expected ${file} at ${unknown.pointer} to use a known matcher (${MATCHERS.join(", ")}), found ${unknown.key}`,
    );
  if (!validate(doc)) {
    const first = validate.errors?.[0];
    throw new ExchangeError(
      `expected ${file} to be a golden exchange, ${first?.instancePath || "/"} ${first?.message}`,
    );
  }
  const scenario = doc as Scenario;
  if (protocol !== undefined && scenario.protocol !== protocol)
    throw new ExchangeError(
      `expected ${file} at /protocol to be ${protocol} (the suite's protocol), found ${scenario.protocol}`,
    );
  checkOrder(scenario, file);
  return scenario;
}

function checkOrder(scenario: Scenario, file: string): void {
  const labels = new Set<string>();
  const captured = new Set<string>();
  for (const [i, step] of scenario.steps.entries()) {
    const at = `/steps/${i}`;
    const used =
      "send" in step ? names(step.send, "$use") : "answer" in step ? names(step.answer.with, "$use") : [];
    for (const u of used)
      if (!captured.has(u.name))
        throw new ExchangeError(
          `expected ${file} at ${at}${u.pointer} to use a value captured earlier, found $use ${u.name} before any $capture of it`,
        );
    if ("send" in step && step.as !== undefined) labels.add(step.as);
    if ("await" in step) labels.add(step.as);
    const label = "expect" in step ? step.expect.response : "answer" in step ? step.answer.to : undefined;
    if (label !== undefined && !labels.has(label))
      throw new ExchangeError(
        `expected ${file} at ${at} to send or await "${label}" before ${"expect" in step ? "expecting its response" : "answering it"}`,
      );
    const expectation = "expect" in step ? step.expect : "await" in step ? step.await : undefined;
    for (const c of names(expectation, "$capture")) captured.add(c.name);
  }
}

/** The first `$`-key that names no matcher (or a matcher object with other keys beside it). */
function unknownMatcher(v: unknown, pointer: string): { key: string; pointer: string } | undefined {
  if (Array.isArray(v)) {
    for (const [i, x] of v.entries()) {
      const hit = unknownMatcher(x, `${pointer}/${i}`);
      if (hit) return hit;
    }
    return undefined;
  }
  if (!isRecord(v)) return undefined;
  const keys = Object.keys(v);
  if (keys.length === 1 && keys[0] === "$literal") return undefined;
  for (const k of keys) {
    if (pointer === "" && k === "$schema") continue;
    const template = k === "$use" || k === "$template";
    if (k.startsWith("$") && (template ? keys.length > 1 : !MATCHERS.includes(k) || keys.length > 1))
      return { key: keys.length > 1 ? `${k} beside other keys` : k, pointer: pointer || "/" };
    const hit = unknownMatcher(v[k], `${pointer}/${escapeToken(k)}`);
    if (hit) return hit;
  }
  return undefined;
}

/** Every golden exchange (*.json) in a folder, sorted by file name, for the suite's protocol. */
export function loadGolden(dir: string, protocol: string): { scenario: Scenario; file: string }[] {
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort();
  } catch (e) {
    throw new ExchangeError(`could not read golden exchanges in ${dir}: ${(e as Error).message}`);
  }
  return files.map((f) => {
    const file = join(dir, f);
    return { scenario: parseScenario(readFileSync(file, "utf8"), file, protocol), file };
  });
}
