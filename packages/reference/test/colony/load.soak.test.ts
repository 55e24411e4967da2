import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Colony, call, examples, post, startColony, tempDir } from "./harness.js";

const tmp = tempDir();
let colony: Colony;
beforeAll(async () => {
  colony = await startColony(`${tmp.dir}/colony.sqlite`, ["--log-level", "warn"]);
});
afterAll(async () => {
  await colony.stop();
  tmp.remove();
});

const writers = 16;
const perWriter = 50;
const trail = examples("trail")[0] as Record<string, unknown>;

describe("concurrent writers", () => {
  it(`loses nothing: ${writers} writers × ${perWriter} trails, every 202 retrievable with its content`, async () => {
    const accepted: { id: string; tag: string }[] = [];
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let i = 0; i < perWriter; i++) {
          const tag = `w${w}-t${i}`;
          const res = await post(colony.url, "/v1/trails", { ...trail, tags: [tag] });
          statuses.push(res.status);
          if (res.status === 202) accepted.push({ id: (res.body as { trail_id: string }).trail_id, tag });
        }
      }),
    );
    expect(statuses.filter((s) => s !== 202)).toEqual([]);
    expect(new Set(accepted.map((a) => a.id)).size).toBe(writers * perWriter);
    for (const a of accepted) {
      const got = await call(`${colony.url}/v1/trails/${a.id}`, "GET");
      expect((got.body as { trail: { tags: string[] } }).trail.tags).toEqual([a.tag]);
    }
  });
});
