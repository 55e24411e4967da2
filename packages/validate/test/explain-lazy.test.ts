import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

// What `keel validate` start-up pays for explanations: a valid document loads no explain module, a
// correlated Mira response the method results' validators alone, and only a union error the protocol's
// one module of union branches (codegen ajv/explain-module.ts), in a fresh process.
const repo = join(import.meta.dirname, "..", "..", "..");
const child = join(import.meta.dirname, "explain-modules-loaded.mjs");

async function loadedAfterEach(protocol: string, ...specs: string[]) {
  const args = [child, protocol, ...specs.map((s) => s.replace("=", `=${repo}/`))];
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: repo });
  return JSON.parse(stdout) as Array<{ file: string; invalid: number; loaded: string[] }>;
}

describe("explain modules load lazily", () => {
  it("slipway: none for a valid document, the union branches for a union error", async () => {
    const got = await loadedAfterEach(
      "slipway",
      "protocol_state=schemas/slipway/examples/protocol_state/tutorial-start.json",
      "action=conformance/slipway/fixtures/action/invalid/const-kind.json",
    );
    expect(got).toEqual([
      { file: "tutorial-start.json", invalid: 0, loaded: [] },
      { file: "const-kind.json", invalid: 1, loaded: ["explain-unions.gen.js", "explain.gen.js"] },
    ]);
  });

  it("mira: method results' validators for a valid session, the union branches only for a union error", async () => {
    const got = await loadedAfterEach(
      "mira",
      "message=schemas/mira/examples/message/session.jsonl",
      "request=conformance/mira/fixtures/request/invalid/anyof-type-params-transcript-trajectory-steps-0-message.json",
    );
    expect(got).toEqual([
      { file: "session.jsonl", invalid: 0, loaded: ["explain-definitions.gen.js", "explain.gen.js"] },
      {
        file: "anyof-type-params-transcript-trajectory-steps-0-message.json",
        invalid: 1,
        loaded: ["explain-definitions.gen.js", "explain-unions.gen.js", "explain.gen.js"],
      },
    ]);
  });
});
