import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type CompatReport, runCompat, verdictLine } from "../src/index.js";
import { registry, root, shared } from "./helpers.js";

/** A report as kept in test/expected/: verdict first, then one line per change (labels left out: paths vary). */
function summary(r: CompatReport): string {
  const lines = r.findings.map(
    (f) => `${f.requires.padEnd(5)} ${f.severity.padEnd(7)} ${f.rule} ${f.file}#${f.pointer}: ${f.message}`,
  );
  return `${r.protocol} (${r.policy}, ${r.consumer}), bump ${r.bump}\n${verdictLine(r)}\n\n${lines.join("\n")}\n`;
}

const compat = (protocol: string, from: string, to: string, bump: "minor" | "none" = "minor") =>
  runCompat({ root, registry, protocol, cwd: root, from, to, bump });

const slipway = join(shared, "reference", "slipway");
const mira = join(shared, "reference", "mira");

describe("slipway upstream history (contract-bump, strict)", () => {
  const history = registry.protocols.slipway?.facts.upstreamHistory as {
    order: string[];
    files: Record<string, string>;
  };
  const steps = history.order.slice(1).map((to, i) => [history.order[i] as string, to] as const);

  it.each(steps)(
    "%s → %s needs a contract bump, which upstream did not make (it kept contract 2)",
    async (a, b) => {
      const r = compat(
        "slipway",
        join(slipway, history.files[a] as string),
        join(slipway, history.files[b] as string),
        "none",
      );
      await expect(summary(r)).toMatchFileSnapshot(`expected/slipway-${a}-${b}.txt`);
      expect(r.verdict).toBe("breaking");
      expect(r.requires).toBe("major");
      // both files still say contract_version 2: no version-value-* finding
      expect(r.findings.filter((f) => f.rule.startsWith("version-value"))).toEqual([]);
    },
  );
});

describe("mira 1.0 → 1.1 (additive-minor, lenient)", () => {
  it("upstream's own 1.0 and 1.1 schemas: a minor, with downgrades for old readers of trajectory-only transcripts", async () => {
    const r = compat("mira", join(mira, "history", "schema.v1.0.at-3d9fc22.json"), join(mira, "schema.json"));
    await expect(summary(r)).toMatchFileSnapshot("expected/mira-upstream-1.0-1.1.txt");
    expect(r.verdict).toBe("fits");
    expect(r.findings.filter((f) => f.severity === "warning").map((f) => f.pointer)).toEqual([
      "/$defs/Transcript/properties/final_response",
      "/$defs/Transcript/properties/iterations",
      "/$defs/Transcript/properties/tool_calls_count",
      // open content: a 1.0 document may have carried another "trajectory"; 1.1 types it
      "/$defs/Transcript/properties/trajectory",
      "/$defs/Transcript/properties/usage",
    ]);
  });

  it("keel's released 1.0 and 1.1", async () => {
    const r = compat("mira", "1.0", "1.1");
    await expect(summary(r)).toMatchFileSnapshot("expected/mira-released-1.0-1.1.txt");
  });

  it("keel's released 1.1 and 1.2: optional initialize protocol_version, a minor thanks to its default", () => {
    const r = compat("mira", "1.1", "1.2");
    expect([r.verdict, r.requires]).toEqual(["fits", "minor"]);
    const wire = r.findings.filter((f) => f.requires !== "none");
    expect(wire.map((f) => `${f.rule} ${f.pointer}`)).toEqual([
      "property-made-optional /$defs/InitializeParams/properties/protocol_version",
    ]);
  });
});
