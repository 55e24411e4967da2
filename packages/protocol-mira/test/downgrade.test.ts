import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { listExamples, loadRegistry, readDocuments, readFixtures } from "@keel/schema-model";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { downgradeLine, downgradeTargets, registryEntry } from "../src/index.js";

// DESIGN.md: every fixture and example of the working version, downgraded, validates against each older
// released minor. What cannot be downgraded is kept in test/expected/, so a change in it fails the test.
const repo = new URL("../../../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, repo), "utf8");
const lines = (text: string): unknown[] =>
  text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l));

function olderValidators(version: string) {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats.default(ajv);
  const schema = JSON.parse(read(`schemas/mira/released/${version}/protocol.schema.json`));
  // 1.1 on reference the ATIF 1.7 trajectory by URL (schemas/mira/README.md, "The ATIF trajectory")
  ajv.addSchema(JSON.parse(read("schemas/atif/released/1.7/trajectory.schema.json")));
  ajv.addSchema(schema);
  const at = (pointer: string) => {
    const v = ajv.getSchema(`${schema.$id}${pointer === "#" ? "" : pointer}`);
    if (v === undefined) throw new Error(`no ${pointer} in mira ${version}`);
    return v;
  };
  return { message: at("#"), result: (method: string) => at(methodResult(method) ?? "#/$defs/Never") };
}

const methodResult = (method: string): string | undefined =>
  (registryEntry.facts.methodSchemas as Record<string, { result: string | null }>)[method]?.result ??
  undefined;

const root = fileURLToPath(repo);
const fixtures = readFixtures(root, "mira")
  .filter((f) => f.expect === "valid")
  .map((f) => ({ where: `fixture ${f.file}`, value: f.value }));

const examples = listExamples(root, loadRegistry(root), "mira").flatMap((e) =>
  readDocuments(e.path).map((d) => ({
    where: `example ${relative(join(root, "schemas/mira/examples"), e.path)}:${d.line}`,
    value: d.value,
  })),
);

/** Requests by id per example file, so each response can be downgraded knowing its method. */
function answered(): Array<{ where: string; method: string; response: Record<string, unknown> }> {
  const out: Array<{ where: string; method: string; response: Record<string, unknown> }> = [];
  for (const file of ["message/session.jsonl"]) {
    const methods = new Map<unknown, string>();
    lines(read(`schemas/mira/examples/${file}`)).forEach((line, i) => {
      const l = line as Record<string, unknown>;
      if (typeof l.method === "string" && "id" in l) methods.set(l.id, l.method);
      else if (!("method" in l) && l.result != null && methods.has(l.id))
        out.push({ where: `${file}:${i + 1}`, method: methods.get(l.id) as string, response: l });
    });
  }
  return out;
}

it("has the older released minors to downgrade to (1.2 → 1.1, 1.0)", () => {
  expect(downgradeTargets).toEqual(["1.0", "1.1"]);
});

describe.each(downgradeTargets)("working → %s", (version) => {
  const older = olderValidators(version);

  it("downgrades every valid fixture and example line to a valid older line, or says what it cannot", async () => {
    const cannot: Record<string, string[]> = {};
    const all = [...fixtures, ...examples];
    const invalidBefore = all.filter((d) => older.message(d.value) !== true).length;
    const changed = all.filter((d) => downgradeLine(d.value, version).changes.length > 0).length;
    // the test bites: without the downgrade these lines would not validate against the older version
    // 1.1 refuses only the initialize lines without protocol_version (1.2 made it optional)
    const bites: Record<string, { invalidBefore: number; changed: number }> = {
      "1.0": { invalidBefore: 80, changed: 129 },
      "1.1": { invalidBefore: 2, changed: 41 },
    };
    expect({ invalidBefore, changed }).toEqual(bites[version]);
    for (const d of all) {
      const r = downgradeLine(d.value, version);
      const valid = older.message(r.document) === true;
      if (r.problems.length === 0) expect(older.message.errors ?? [], d.where).toEqual([]);
      else {
        expect(valid, `${d.where} is reported undowngradable but validates`).toBe(false);
        cannot[d.where] = r.problems.map((p) => `${p.pointer}: ${p.message}`);
      }
    }
    expect(fixtures.length).toBeGreaterThan(50);
    expect(examples.length).toBeGreaterThan(80);
    await expect(`${JSON.stringify(cannot, null, 2)}\n`).toMatchFileSnapshot(
      `expected/downgrade-to-${version}.json`,
    );
  });

  it("shapes a response's result as its method's older result type when told the method", () => {
    const cases = answered();
    expect(cases.map((c) => c.method)).toEqual(expect.arrayContaining(["initialize", "run", "score"]));
    for (const c of cases) {
      const r = downgradeLine(c.response, version, { method: c.method });
      const result = (r.document as Record<string, unknown>).result;
      expect({ where: c.where, problems: r.problems }).toEqual({ where: c.where, problems: [] });
      expect(
        older.result(c.method)(result),
        `${c.where}: ${JSON.stringify(older.result(c.method).errors)}`,
      ).toBe(true);
      expect(c.response.result, "the input is never mutated").not.toBe(result);
    }
  });
});

describe("1.1 lines whose transcript carries only a trajectory", () => {
  const trajectory = {
    schema_version: "ATIF-v1.7",
    session_id: "s-1",
    agent: { name: "acme", version: "0.4.2" },
    steps: [
      { step_id: 1, source: "user", message: "2+2?" },
      {
        step_id: 2,
        source: "agent",
        message: "calling calc",
        tool_calls: [{ tool_call_id: "c1", function_name: "calc", arguments: { expr: "2+2" } }],
        metrics: { prompt_tokens: 10, completion_tokens: 4, cost_usd: 0.001 },
      },
      { step_id: 3, source: "agent", message: "4", metrics: { prompt_tokens: 20, completion_tokens: 1 } },
    ],
  };
  const identity = { eval: "arith", sample: "add-1", target: "acme/small" };
  const response = { id: 7, result: { ...identity, transcript: { trajectory } } };
  const projected = {
    final_response: "4",
    tool_calls: ["calc"],
    tool_calls_count: 1,
    iterations: 2,
    usage: { input_tokens: 30, output_tokens: 5, cost_usd: 0.001 },
  };
  const older = olderValidators("1.0");

  it("an execute result gets the flat 1.0 transcript fields projected from it, and loses the trajectory", () => {
    const r = downgradeLine(response, "1.0", { method: "execute" });
    const result = (r.document as { result: { transcript: unknown } }).result;
    expect(result.transcript).toEqual(projected);
    expect(older.result("execute")(result)).toBe(true);
    expect(r.changes.map((c) => `${c.action} ${c.pointer}`)).toMatchInlineSnapshot(`
      [
        "stripped /result/transcript/trajectory",
        "filled /result/transcript/final_response",
        "filled /result/transcript/iterations",
        "filled /result/transcript/tool_calls_count",
        "filled /result/transcript/usage",
        "filled /result/transcript/tool_calls",
      ]
    `);
  });

  it("a score request is shaped by its method without help (params are typed per method)", () => {
    const request = { id: 8, method: "score", params: { ...identity, transcript: { trajectory } } };
    const r = downgradeLine(request, "1.0");
    expect((r.document as { params: { transcript: unknown } }).params.transcript).toEqual(projected);
    expect(older.message(r.document), JSON.stringify(older.message.errors)).toBe(true);
  });

  it("a response is left alone without the method (it does not say which request it answers)", () => {
    expect(downgradeLine(response, "1.0").document).toEqual(response);
  });

  it("projects from final_metrics, skips zero-call steps, counts every call, reads multimodal text", () => {
    const rich = structuredClone(trajectory) as typeof trajectory & Record<string, unknown>;
    const steps = rich.steps as Array<Record<string, unknown>>;
    (steps[1] as Record<string, unknown>).tool_calls = [
      { tool_call_id: "c1", function_name: "calc", arguments: {} },
      { tool_call_id: "c2", function_name: "search", arguments: {} },
    ];
    steps.push({ step_id: 4, source: "agent", llm_call_count: 0, message: [{ type: "text", text: "four" }] });
    rich.final_metrics = { total_prompt_tokens: 99, total_completion_tokens: 7, total_cost_usd: 0.5 };
    const r = downgradeLine({ id: 1, result: { ...identity, transcript: { trajectory: rich } } }, "1.0", {
      method: "execute",
    });
    expect((r.document as { result: { transcript: unknown } }).result.transcript).toEqual({
      final_response: "four",
      tool_calls: ["calc", "search"],
      tool_calls_count: 2,
      iterations: 2,
      usage: { input_tokens: 99, output_tokens: 7, cost_usd: 0.5 },
    });
  });

  it("never throws on a malformed trajectory: the 1.1 defaults fill in", () => {
    for (const steps of ["x", [null, 3, { source: "agent", tool_calls: "no" }]]) {
      const line = { id: 1, result: { ...identity, transcript: { trajectory: { steps } } } };
      const r = downgradeLine(line, "1.0", { method: "execute" });
      expect(
        (r.document as { result: { transcript: Record<string, unknown> } }).result.transcript,
      ).toMatchObject({
        tool_calls_count: 0,
        usage: { input_tokens: 0, output_tokens: 0, cost_usd: 0 },
      });
    }
  });

  it("never changes its input", () => {
    const line = { id: 7, result: { ...identity, protocol_version: "1.1", transcript: { trajectory } } };
    const before = structuredClone(line);
    downgradeLine(line, "1.0", { method: "execute" });
    downgradeLine(line, "1.0");
    expect(line).toEqual(before);
  });
});

describe("the version in initialize", () => {
  it("is written into the host's request and the study's answer, and nowhere else", () => {
    const request = { id: 1, method: "initialize", params: { protocol_version: "1.1", host: "mira-cli" } };
    expect(downgradeLine(request, "1.0").document).toEqual({
      ...request,
      params: { protocol_version: "1.0", host: "mira-cli" },
    });
    const answer = { id: 1, result: { protocol_version: "1.1", study: "s", evals: 0 } };
    const down = (method?: string) =>
      (downgradeLine(answer, "1.0", method ? { method } : {}).document as { result: Record<string, unknown> })
        .result.protocol_version;
    expect([down(), down("initialize"), down("list")]).toEqual(["1.0", "1.0", "1.1"]);
  });

  it("is filled with the default 1.0 for an older study when the host left it out, never raised", () => {
    const params = (line: unknown, to: "1.0" | "1.1") =>
      (downgradeLine(line, to).document as { params: unknown }).params;
    const bare = { id: 1, method: "initialize", params: {} };
    expect([params(bare, "1.1"), params(bare, "1.0")]).toEqual([
      { protocol_version: "1.0" },
      { protocol_version: "1.0" },
    ]);
    const newer = { id: 1, method: "initialize", params: { protocol_version: "1.2" } };
    expect(params(newer, "1.1")).toEqual({ protocol_version: "1.1" });
  });
});
