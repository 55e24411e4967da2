import { request } from "node:http";
import { validateErrorEnvelope } from "@keel/myrmo";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Colony, call, examples, fixtures, post, startColony, tempDir } from "./harness.js";

const tmp = tempDir();
let colony: Colony;
beforeAll(async () => {
  colony = await startColony(`${tmp.dir}/colony.sqlite`, ["--log-level", "warn"]);
});
afterAll(async () => {
  await colony.stop();
  tmp.remove();
});

const parent = (pointer: string) => pointer.slice(0, pointer.lastIndexOf("/"));

function expectError(res: { status: number; body: unknown; text: string }, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(validateErrorEnvelope(res.body).findings).toEqual([]);
  expect(res.body).toMatchObject({ error: { code } });
}

describe("what the colony refuses", () => {
  it("refuses every invalid fixture with invalid_trail, 1..20 details, one at the failing location", async () => {
    const invalid = fixtures("trail", "invalid");
    expect(invalid.length).toBeGreaterThan(50);
    for (const f of invalid) {
      const res = await post(colony.url, "/v1/trails", f.doc);
      expectError(res, 400, "invalid_trail");
      const details = (res.body as { error: { details: { path: string }[] } }).error.details;
      expect(details.length).toBeGreaterThanOrEqual(1);
      expect(details.length).toBeLessThanOrEqual(20);
      const member = f.keyword === "required" || f.keyword === "additionalProperties";
      const want = member ? parent(f.pointer ?? "") : f.pointer;
      expect(
        details.map((d) => d.path),
        f.file,
      ).toContain(want);
    }
  });

  it("caps details at 20", async () => {
    const junk = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`x${i}`, i]));
    const res = await post(colony.url, "/v1/trails", { ...(examples("trail")[0] as object), ...junk });
    expectError(res, 400, "invalid_trail");
    expect((res.body as { error: { details: unknown[] } }).error.details).toHaveLength(20);
  });

  it("tells malformed JSON (invalid_request) from JSON that is no trail (invalid_trail)", async () => {
    expectError(await call(`${colony.url}/v1/trails`, "POST", "{bad"), 400, "invalid_request");
    expectError(await call(`${colony.url}/v1/trails`, "POST", ""), 400, "invalid_request");
    for (const body of ["[]", "null", "42", '"text"', "true"]) {
      const res = await call(`${colony.url}/v1/trails`, "POST", body);
      expectError(res, 400, "invalid_trail");
      expect((res.body as { error: { details: { path: string }[] } }).error.details[0]?.path).toBe("");
    }
  });

  it("answers 413 too_large past 64 KB, declared or streamed, and still serves afterwards", async () => {
    const big = `{"pad":"${"a".repeat(64 * 1024)}"}`;
    expectError(await call(`${colony.url}/v1/trails`, "POST", big), 413, "too_large");
    const streamed = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        `${colony.url}/v1/trails`,
        { method: "POST", headers: { "transfer-encoding": "chunked" } },
        (res) => {
          let text = "";
          res.on("data", (c) => (text += c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on("error", reject);
      for (let i = 0; i < 20; i++) req.write("x".repeat(8 * 1024));
      req.end();
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.text)).toMatchObject({ error: { code: "too_large" } });
    const exact = `{"p":"${"a".repeat(64 * 1024 - 8)}"}`;
    expect(Buffer.byteLength(exact)).toBe(64 * 1024);
    expectError(await call(`${colony.url}/v1/trails`, "POST", exact), 400, "invalid_trail");
  });

  it("answers 404 not_found for unknown routes and unknown ids", async () => {
    expectError(await call(`${colony.url}/v1/nothing`, "GET"), 404, "not_found");
    expectError(await call(`${colony.url}/v1/trails`, "GET"), 404, "not_found");
    expectError(
      await call(`${colony.url}/v1/trails/00000000-0000-4000-8000-000000000000`, "GET"),
      404,
      "not_found",
    );
    expectError(await call(`${colony.url}/v1/trails/%E0%A4%A`, "GET"), 404, "not_found");
    const outcome = {
      protocol_version: "1.0",
      outcome: "worked",
      agent_info: { model: "m", framework: "f" },
    };
    expectError(
      await post(colony.url, "/v1/trails/00000000-0000-4000-8000-000000000000/outcomes", outcome),
      404,
      "not_found",
    );
  });

  it("survives hostile bodies: __proto__, constructor, deep nesting, huge strings, invalid UTF-8", async () => {
    const hostile: (string | Uint8Array)[] = [
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      `${"[".repeat(30000)}${"]".repeat(30000)}`,
      `{"a":${'{"a":'.repeat(20000)}1${"}".repeat(20000)}}`,
      `{"problem":{"summary":"${"é".repeat(30000)}"}}`,
      new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    ];
    for (const body of hostile) {
      const res = await call(`${colony.url}/v1/trails`, "POST", body);
      expect([400, 413]).toContain(res.status);
      expect(validateErrorEnvelope(res.body).findings).toEqual([]);
    }
    const proto = await post(colony.url, "/v1/trails", JSON.parse('{"__proto__":{"x":1}}'));
    expectError(proto, 400, "invalid_trail");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await call(`${colony.url}/healthz`, "GET")).status).toBe(200);
    expect(colony.child.exitCode).toBeNull();
  });
});
