import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseScenario } from "./exchange.js";

const dir = join(import.meta.dirname, "..", "..", "..", "conformance", "mira", "exchanges");

describe("parseScenario", () => {
  it("accepts every golden exchange in conformance/mira/exchanges", () => {
    const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(parseScenario(readFileSync(join(dir, f), "utf8"), f).protocol).toBe("mira");
  });
  it("rejects a malformed matcher and an expect before its send", () => {
    const bad = {
      protocol: "mira",
      name: "x",
      steps: [{ expect: { response: "r", match: { id: { $range: 3 } } } }],
    };
    expect(() => parseScenario(JSON.stringify(bad), "x.json")).toThrow(
      /expected x.json to be a golden exchange/,
    );
    const early = { protocol: "mira", name: "x", steps: [{ expect: { response: "r" } }] };
    expect(() => parseScenario(JSON.stringify(early), "x.json")).toThrow(/send "r" before expecting/);
    expect(() => parseScenario("{", "x.json")).toThrow(/expected x.json to be JSON/);
  });
});
