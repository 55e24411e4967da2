import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { type ValidateOptions, validateFiles } from "../src/index.js";

// keel validate on real Mira lines: 1.2's optional initialize params, Mira's leniency inside an embedded
// trajectory (warnings, --strict errors), and a session capture's results checked against their requests.
const repo = join(import.meta.dirname, "..", "..", "..");
const shared = process.env.KEEL_SHARED ?? join(repo, "..", "shared");
const dir = tempDir("keel-validate-mira-");
let n = 0;

async function validate(lines: unknown[], options: Partial<ValidateOptions> = {}) {
  const file = join(dir, `case-${++n}.jsonl`);
  writeFileSync(file, `${lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n")}\n`);
  const [r] = await validateFiles("mira", [file], { engine: "ajv", ...options }, { cwd: repo });
  if (r === undefined) throw new Error("no result");
  return { ...r, found: r.findings.map((f) => `${f.line} ${f.severity} ${f.code} ${f.pointer}`) };
}

const example = (path: string, line = 1) =>
  JSON.parse(readFileSync(join(repo, "schemas/mira/examples", path), "utf8").split("\n")[line - 1] ?? "");

describe("initialize params (Mira 1.2)", () => {
  it("takes the upstream SDKs' first line, params {} and a host alone", async () => {
    const r = await validate([
      '{"id":1,"method":"initialize","params":{}}',
      { id: 1, method: "initialize", params: { host: "mira-cli" } },
    ]);
    expect([r.invalid, r.found]).toEqual([0, []]);
  });
});

describe("an embedded trajectory", () => {
  const score = example("request/forward-compat.jsonl");
  const trajectory = score.params.transcript.trajectory;
  const lenient = {
    ...score,
    params: {
      ...score.params,
      transcript: { trajectory: { ...trajectory, schema_version: "ATIF-v1.9", keel_extra: true } },
    },
  };

  it("with an unknown field and a newer ATIF 1.x label is valid, each a warning", async () => {
    const r = await validate([lenient]);
    expect([r.invalid, r.found]).toEqual([
      0,
      [
        "1 warning schema/enum /params/transcript/trajectory/schema_version",
        "1 warning schema/additional-properties /params/transcript/trajectory/keel_extra",
      ],
    ]);
    expect(r.findings[0]?.hint).toContain("--strict makes it an error");
  });

  it("fails under --strict, and any other ATIF failure stays an error", async () => {
    expect((await validate([lenient], { strict: true })).invalid).toBe(1);
    const steps = [{ ...trajectory.steps[0], step_id: 0 }, ...trajectory.steps.slice(1)];
    const broken = {
      ...lenient,
      params: { ...lenient.params, transcript: { trajectory: { ...trajectory, steps } } },
    };
    const r = await validate([broken]);
    expect([r.invalid, r.found]).toEqual([
      1,
      ["1 error schema/minimum /params/transcript/trajectory/steps/0/step_id"],
    ]);
  });
});

describe("a session capture (both directions in one file)", () => {
  const init = { id: 1, method: "initialize", params: {} };
  const badInit = { id: 1, result: { protocol_version: "1.2", study: "s", evals: "two" } };

  it("checks each result against its request's method, in file order, and says which responses match none", async () => {
    const r = await validate([
      init,
      { id: 2, method: "list" },
      badInit,
      { id: 9, result: { anything: true } },
      { id: 2, result: { evals: [{ name: "e" }] } },
      { id: 3, method: "cancel", params: { id: 2 } },
      { id: 3, error: { code: -32602, message: "no such call" } },
      { id: 3, result: { cancelled: true } },
    ]);
    expect(r.found).toEqual([
      "3 error schema/type /result/evals",
      "4 warning validate/response-unmatched /id",
      "5 error schema/required /result/evals/0/samples",
      "5 error schema/required /result/evals/0/scorers",
      "5 error schema/required /result/evals/0/targets",
      "8 warning validate/response-unmatched /id",
    ]);
    expect(r.invalid).toBe(2);
    expect(r.findings[0]?.hint).toBe(
      "this response answers the initialize request at line 1: its result is checked against #/$defs/InitializeResult",
    );
  });

  it("is the same under --type message and when threads are asked for", async () => {
    const lines = [init, badInit];
    const expected = ["2 error schema/type /result/evals"];
    expect((await validate(lines, { type: "message" })).found).toEqual(expected);
    process.env.KEEL_VALIDATE_THREAD_BYTES = "0";
    try {
      expect((await validate(lines, { jobs: 2 })).found).toEqual(expected);
    } finally {
      delete process.env.KEEL_VALIDATE_THREAD_BYTES;
    }
  });

  it("reads an execute result's trajectory leniently, and leaves a study's output alone (no requests)", async () => {
    const execute = { id: 5, method: "execute", params: { eval: "e", sample: "s", target: "t" } };
    const trajectory = example("request/forward-compat.jsonl").params.transcript.trajectory;
    const answer = {
      id: 5,
      result: {
        eval: "e",
        sample: "s",
        target: "t",
        transcript: { trajectory: { ...trajectory, extra_x: 1 } },
      },
    };
    const r = await validate([execute, answer]);
    expect([r.invalid, r.found]).toEqual([
      0,
      ["2 warning schema/additional-properties /result/transcript/trajectory/extra_x"],
    ]);
    expect((await validate([badInit, { id: 9, result: {} }])).found).toEqual([]);
  });
});

describe("the recorded real sessions (../shared/peers/mira/recordings)", () => {
  const recordings = join(shared, "peers", "mira", "recordings");
  const sessions = readdirSync(recordings)
    .filter((f) => f.endsWith(".host-to-study.ndjson"))
    .map((f) => f.replace(".host-to-study.ndjson", ""));
  const linesOf = (file: string) =>
    readFileSync(join(recordings, file), "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "");

  it("are valid as whole sessions except the host's deliberate probes and the study's id-less error answers", async () => {
    const studyInvalid: string[] = [];
    let responsesChecked = 0;
    for (const session of sessions) {
      const host = linesOf(`${session}.host-to-study.ndjson`);
      const study = linesOf(`${session}.study-to-host.ndjson`);
      const r = await validate([...host, ...study], { type: "message" });
      expect(
        r.findings.filter((f) => f.severity === "warning"),
        session,
      ).toEqual([]);
      for (const f of r.findings.filter((f) => f.severity === "error")) {
        const line = f.line ?? 0;
        if (line <= host.length)
          expect(isObject(host[line - 1]), `${session}:${line} ${f.message}`).toBe(false);
        else studyInvalid.push(study[line - host.length - 1] ?? "");
      }
      responsesChecked += study.filter((l) => isObject(l) && !("method" in JSON.parse(l))).length;
    }
    expect(responsesChecked).toBeGreaterThan(30);
    expect(studyInvalid).toHaveLength(3);
    for (const line of studyInvalid) expect(JSON.parse(line).id ?? null).toBeNull();
  });
});

function isObject(line: string | undefined): boolean {
  try {
    const v = JSON.parse(line ?? "");
    return typeof v === "object" && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}

describe("correlation in bounded memory", () => {
  const list = (id: number) => ({ id, method: "list", params: null });
  const badList = (id: number) => ({ id, result: { evals: [{ name: 1 }] } });

  it("keeps only a window of requests awaiting their response: an answer to an older one is unmatched", async () => {
    const lines = [list(1), list(2), list(3), badList(3), badList(1)];
    const all = await validate(lines);
    const typed = (found: string[]) => found.filter((f) => !f.includes("schema/required"));
    expect(typed(all.found)).toEqual([
      "4 error schema/type /result/evals/0/name",
      "5 error schema/type /result/evals/0/name",
    ]);
    const windowed = await validate(lines, { correlationWindow: 2 });
    expect(typed(windowed.found)).toEqual([
      "4 error schema/type /result/evals/0/name",
      "5 warning validate/response-unmatched /id",
    ]);
  });

  it("forgets an answered request, so a reused id pairs with its next request only", async () => {
    const r = await validate([list(1), { id: 1, result: { evals: [] } }, badList(1)], {
      correlationWindow: 1,
    });
    expect(r.found).toEqual(["3 warning validate/response-unmatched /id"]);
  });
});
