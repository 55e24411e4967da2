import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Colony, call, startColony, tempDir } from "./harness.js";

const tmp = tempDir();
let colony: Colony;
beforeAll(async () => {
  colony = await startColony(`${tmp.dir}/colony.sqlite`, ["--rate-limit", "5", "--rate-window", "60"]);
});
afterAll(async () => {
  await colony.stop();
  tmp.remove();
});

describe("headers and rate limiting", () => {
  it("sends JSON and consistent RateLimit-* headers on every answer, then 429 rate_limited with Retry-After", async () => {
    const replies = [];
    for (let i = 0; i < 7; i++)
      replies.push(await call(`${colony.url}${i % 2 ? "/healthz" : "/v1/nope"}`, "GET"));
    replies.forEach((r, i) => {
      expect(r.headers.get("content-type")).toBe("application/json");
      const limit = Number(r.headers.get("ratelimit-limit"));
      const remaining = Number(r.headers.get("ratelimit-remaining"));
      const reset = Number(r.headers.get("ratelimit-reset"));
      expect(limit).toBe(5);
      expect(remaining).toBe(Math.max(0, 5 - i - 1));
      expect(reset).toBeGreaterThanOrEqual(0);
      expect(reset).toBeLessThanOrEqual(60);
    });
    const limited = replies.slice(5);
    for (const r of limited) {
      expect(r.status).toBe(429);
      expect(r.body).toMatchObject({ error: { code: "rate_limited" } });
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }
    expect(replies[0]?.headers.get("retry-after")).toBeNull();
  });

  it("logs one JSON object per line on stderr", () => {
    expect(colony.stderr.length).toBeGreaterThan(0);
    for (const line of colony.stderr)
      expect(JSON.parse(line)).toMatchObject({ level: expect.any(String), msg: expect.any(String) });
    expect(colony.stderr.map((l) => JSON.parse(l).msg)).toContain("request");
  });
});
