import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./harness.js";
import { findingsOf, scratch, validate } from "./validate-harness.js";

const trail = readFileSync(join(repoRoot, "schemas/myrmo/examples/trail/minimal.json"), "utf8");
const trailLine = JSON.stringify(JSON.parse(trail));

function codes(stdout: string) {
  return findingsOf(stdout).map((f) => `${f.line}:${f.column} ${f.code} ${f.severity}`);
}

describe("keel validate: malformed input is a finding, never a crash", () => {
  it("reports a malformed JSON Lines line and still validates the others", async () => {
    const file = scratch("mixed.jsonl", `${trailLine}\nnot json\n{"truncated": [1, \n${trailLine}\n`);
    const r = await validate("myrmo", [file], { type: "trail", format: "json" });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).files[0]).toMatchObject({ documents: 4, invalid: 2 });
    expect(codes(r.stdout)).toEqual(["2:1 json/syntax error", "3:19 json/syntax error"]);
  });

  it("accepts a UTF-8 byte order mark with a warning", async () => {
    const r = await validate("myrmo", [scratch("bom.json", `\uFEFF${trail}`)], { format: "json" });
    expect(r.code).toBe(0);
    expect(codes(r.stdout)).toEqual(["1:1 json/bom warning"]);
  });

  it("refuses 10,000-deep nesting with a finding (exit 1), wherever it is", async () => {
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    const inside = trail.replace('"packages": []', `"packages": [], "x": ${deep}`);
    const r = await validate("myrmo", [scratch("deep.json", deep), scratch("deep2.json", inside)], {
      type: "trail",
      format: "json",
    });
    expect(r.code).toBe(1);
    expect(codes(r.stdout)).toEqual(["1:1 json/too-deep error", "1:1 json/too-deep error"]);
  });

  it("survives a 50 MB string (a finding, not a crash)", async () => {
    const big = JSON.stringify({
      ...JSON.parse(trail),
      problem: { ...JSON.parse(trail).problem, summary: "x".repeat(50 * 1024 * 1024) },
    });
    const r = await validate("myrmo", [scratch("big.json", big)], { type: "trail", format: "json" });
    expect(r.code).toBe(1);
    // the protocol's rules run beside the schema's errors: a 50 MB trail is also over a colony's body limit
    expect(findingsOf(r.stdout)).toMatchObject([
      { code: "myrmo/body-too-large", pointer: "", line: 1 },
      { code: "schema/max-length", pointer: "/problem/summary", line: 1 },
    ]);
  });

  it("keeps __proto__ keys as data: no prototype pollution, with either engine", async () => {
    const file = scratch(
      "proto.jsonl",
      `{"__proto__": {"polluted": true}}\n${trailLine.replace("{", '{"__proto__": {"polluted": true}, ')}\n`,
    );
    for (const engine of ["ajv", "zod"] as const) {
      const r = await validate("myrmo", [file], { type: "trail", format: "json", engine });
      expect(r.code).toBe(1);
      expect({} as Record<string, unknown>).not.toHaveProperty("polluted");
      expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it("reports invalid UTF-8 at its byte (exit 1), not as mojibake that passes", async () => {
    const cut = trailLine.indexOf('"os":"linux"') + '"os":"lin'.length;
    const [head, tail] = [trailLine.slice(0, cut), trailLine.slice(cut)];
    const bytes = Buffer.concat([
      Buffer.from(head),
      Buffer.from([0xff]),
      Buffer.from(`${tail}\n${trailLine}\n`),
    ]);
    const r = await validate("myrmo", [scratch("bad-utf8.jsonl", bytes)], { type: "trail", format: "json" });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).files[0]).toMatchObject({ documents: 2, invalid: 1 });
    expect(codes(r.stdout)).toEqual([`1:${cut + 1} json/invalid-utf8 error`]);
  });

  it("never prints a stack trace (the built binary, every malformed kind at once)", async () => {
    const files = [
      scratch("s1.jsonl", 'not json\n{"a": [\n'),
      scratch("s2.json", "[".repeat(10_000) + "]".repeat(10_000)),
      scratch("s3.jsonl", Buffer.from([0x7b, 0xff, 0x7d, 0x0a])),
      scratch("s4.json", '{"__proto__": {"polluted": true}}'),
    ];
    const bin = join(repoRoot, "packages/cli/dist/bin.js");
    const r = spawnSync(process.execPath, [bin, "validate", "myrmo", "--type", "trail", ...files], {
      encoding: "utf8",
    });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("json/invalid-utf8");
    expect(`${r.stdout}${r.stderr}`).not.toMatch(/\n\s+at /);
  });

  it("refuses YAML too deep to read or expanding aliases without bound, as findings; reads past a BOM", async () => {
    const deep = scratch("deep.yaml", `a: ${"[".repeat(3000)}${"]".repeat(3000)}\n`);
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 0; i < 8; i++) {
      const [name, prev] = [String.fromCharCode(98 + i), String.fromCharCode(97 + i)];
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(",")}]`);
    }
    const bomb = scratch("bomb.yaml", `${levels.join("\n")}\n`);
    const r = await validate("myloop", [deep, bomb], { type: "experiment_design", format: "json" });
    expect(r.code).toBe(1);
    expect(findingsOf(r.stdout).map((f) => f.code)).toEqual(["yaml/too-deep", "yaml/syntax"]);
    const bom = scratch("bom.yaml", "\ufeffsmoke: 1\n");
    const b = await validate("myloop", [bom], { type: "experiment_design", format: "json" });
    expect(findingsOf(b.stdout)[0]).toMatchObject({ line: 1, column: 1 });
  });
});
