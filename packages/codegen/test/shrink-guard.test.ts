import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { KeelError } from "@keel/diagnostics";
import { beforeAll, describe, expect, it } from "vitest";
import { runGen } from "../src/index.js";
import { myrmoGenCopy } from "./gen-copy.js";

let copy: string;

beforeAll(() => {
  copy = myrmoGenCopy("keel-shrink-");
});

const fixtures = () => readdirSync(join(copy, "conformance/myrmo/fixtures"), { recursive: true }).length;

// the issue's case: a version pattern moved by hand past the examples, and gen deleted every Myrmo fixture with exit 0
describe("keel gen never silently drops a protocol's fixtures", () => {
  it("refuses (exit 1, nothing written) when the count falls by more than half, naming the types and why; --allow-shrink writes", async () => {
    const file = join(copy, "schemas/myrmo/trail.v1.schema.json");
    const schema = JSON.parse(readFileSync(file, "utf8"));
    schema.definitions.protocol_version.pattern = "^2\\.[0-9]+$";
    writeFileSync(file, `${JSON.stringify(schema, null, 2)}\n`);
    const before = fixtures();
    const error = await runGen(copy, ["myrmo"], {}, () => {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeelError);
    expect((error as KeelError).exitCode).toBe(1);
    expect((error as KeelError).code).toBe("gen/fixtures-shrank");
    expect((error as KeelError).message).toMatch(
      /^expected myrmo's conformance fixtures to stay above half of the \d+ on disk, found \d+ \(.*trail \d+ → 0/,
    );
    expect((error as KeelError).message).toMatch(
      /the schema rejects its own example schemas\/myrmo\/examples\/outcome_report\/minimal\.json:1: expected \/protocol_version to satisfy pattern/,
    );
    expect(fixtures()).toBe(before);
    const check = await runGen(copy, ["myrmo"], { check: true }, () => {}).catch((e: unknown) => e);
    expect((check as KeelError).code).toBe("gen/fixtures-shrank");
    expect(await runGen(copy, ["myrmo"], { allowShrink: true }, () => {})).toBe(0);
    expect(fixtures()).toBeLessThan(before / 2);
  });
});
