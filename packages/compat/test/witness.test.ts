import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { addWitnesses, compareFiles, renderJson, renderPretty } from "../src/index.js";

const dir = tempDir("keel-compat-witness-");

const D07 = "http://json-schema.org/draft-07/schema#";
writeFileSync(
  join(dir, "v1.json"),
  JSON.stringify({ $schema: D07, type: "object", properties: { kind: { enum: ["a", "b"] } } }),
);
writeFileSync(
  join(dir, "v2.json"),
  JSON.stringify({ $schema: D07, type: "object", properties: { kind: { enum: ["a"] } } }),
);
const compared = () => compareFiles({ from: "v1.json", to: "v2.json", cwd: dir, bump: "minor" });

describe("keel compat --witness", () => {
  it("shows the smallest document a breaking finding is about, valid under one version and refused by the other's reader", async () => {
    const r = await addWitnesses(compared());
    const [f] = r.findings;
    expect(f?.rule).toBe("enum-value-removed");
    const { tried, ms, ...w } = f?.witness ?? { tried: -1, ms: -1 };
    expect(w).toEqual({ document: "b", at: "/properties/kind", validUnder: "old", refusedBy: "newReader" });
    expect(tried).toBeGreaterThan(0);
    expect(ms).toBeGreaterThanOrEqual(0);
    expect(r.witnesses).toMatchObject({ searched: 1, witnessed: 1, unwitnessed: 0, witnessedOnly: false });
    expect(renderPretty(r)).toContain(
      'witness (at #/properties/kind, valid under the old schema, refused by the new reader of old data): "b"',
    );
    expect(JSON.parse(renderJson(r)).findings[0].witness.document).toBe("b");
  });

  it("labels a finding it found no witness for as unwitnessed, which still counts unless --witnessed-only", async () => {
    const frozen = { totalMs: 0, now: () => 0 };
    const r = await addWitnesses(compared(), frozen);
    expect(r.findings[0]?.unwitnessed).toEqual({
      tried: 0,
      ms: 0,
      reason: "the time for all witnesses ran out first",
    });
    expect(r.verdict).toBe("breaking");
    expect(renderPretty(r)).toContain("unwitnessed: no document found in 0 tried (0 ms)");
    const only = await addWitnesses(compared(), { ...frozen, witnessedOnly: true });
    expect(only.verdict).toBe("fits");
  });
});
