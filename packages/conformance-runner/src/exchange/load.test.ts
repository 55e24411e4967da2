import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseScenario } from "./load.js";

const dir = join(import.meta.dirname, "..", "..", "..", "..", "conformance", "mira", "exchanges");
const load = (doc: unknown, protocol?: string) => parseScenario(JSON.stringify(doc), "x.json", protocol);
const scenario = (steps: unknown[]) => ({ format: 2, protocol: "mira", name: "x", steps });

describe("parseScenario", () => {
  it("accepts every golden exchange in conformance/mira/exchanges, all in the current format", () => {
    const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
    expect(files.length).toBe(5);
    for (const f of files) {
      const text = readFileSync(join(dir, f), "utf8");
      expect(JSON.parse(text).format).toBe(2);
      expect(parseScenario(text, f, "mira").protocol).toBe("mira");
    }
  });

  it("migrates a format-1 file (no format key) when it loads", () => {
    const v1 = {
      protocol: "mira",
      name: "x",
      steps: [{ send: { method: "list" }, as: "l" }, { expect: { response: "l" } }],
    };
    expect(load(v1)).toEqual({ format: 2, ...v1 });
  });

  it("refuses an unknown $matcher, naming it and where it is", () => {
    const bad = scenario([
      { send: { method: "list" }, as: "l" },
      { expect: { response: "l", match: { id: { $tpye: "integer" } } } },
    ]);
    expect(() => load(bad)).toThrow(
      "expected x.json at /steps/1/expect/match/id to use a known matcher ($type, $regex, $any, $absent, $default, $range, $capture, $exact, $literal), found $tpye",
    );
    const beside = scenario([
      { send: { method: "list" }, as: "l" },
      { expect: { response: "l", match: { $type: "object", a: 1 } } },
    ]);
    expect(() => load(beside)).toThrow(/found \$type beside other keys/);
  });

  it("refuses a malformed matcher, an expect before its send, and a file that is not JSON", () => {
    expect(() => load(scenario([{ expect: { response: "r", match: { id: { $range: 3 } } } }]))).toThrow(
      /expected x.json to be a golden exchange/,
    );
    expect(() => load(scenario([{ expect: { response: "r" } }]))).toThrow(
      'expected x.json at /steps/0 to send or await "r" before expecting its response',
    );
    expect(() => parseScenario("{", "x.json")).toThrow(/expected x.json to be JSON/);
  });

  it("refuses a scenario for another protocol than the suite's", () => {
    expect(() => load({ ...scenario([{ send: { method: "list" } }]), protocol: "myrmo" }, "mira")).toThrow(
      "expected x.json at /protocol to be mira (the suite's protocol), found myrmo",
    );
  });

  it("refuses a $use of a name nothing captured before it", () => {
    const steps = [
      { send: { method: "run", params: { id: { $use: "runId" } } }, as: "a" },
      { expect: { response: "a", match: { id: { $capture: "runId" } } } },
    ];
    expect(() => load(scenario(steps))).toThrow(
      "expected x.json at /steps/0/params/id to use a value captured earlier, found $use runId before any $capture of it",
    );
    const inOrder = [
      { send: { method: "x" }, as: "a" },
      steps[1],
      { send: { method: "run", params: { id: { $use: "runId" } } } },
    ];
    expect(load(scenario(inOrder)).steps).toHaveLength(3);
  });
});
