import { validateOutcomeAccepted } from "@keel/myrmo";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Colony, examples, post, startColony, tempDir } from "./harness.js";

const tmp = tempDir();
let colony: Colony;
let trailId = "";
beforeAll(async () => {
  colony = await startColony(`${tmp.dir}/colony.sqlite`, ["--log-level", "warn"]);
  trailId = ((await post(colony.url, "/v1/trails", examples("trail")[0])).body as { trail_id: string })
    .trail_id;
});
afterAll(async () => {
  await colony.stop();
  tmp.remove();
});

const report = (outcome: string, extra: object = {}) => ({
  protocol_version: "1.0",
  outcome,
  agent_info: { model: "gpt-5", framework: "custom" },
  ...extra,
});
const strength = (body: unknown) => (body as { strength: number }).strength;

describe("POST /v1/trails/{id}/outcomes", () => {
  it("answers 202 with the trail's strength in [0, 1], with or without solution_id, and moves it", async () => {
    const first = await post(colony.url, `/v1/trails/${trailId}/outcomes`, report("worked"));
    expect(first.status, first.text).toBe(202);
    expect(validateOutcomeAccepted(first.body).findings).toEqual([]);
    const second = await post(
      colony.url,
      `/v1/trails/${trailId}/outcomes`,
      report("worked", { solution_id: trailId }),
    );
    expect(second.status).toBe(202);
    expect(strength(second.body)).toBeGreaterThan(strength(first.body));
    const failed = await post(colony.url, `/v1/trails/${trailId}/outcomes`, report("failed"));
    expect(strength(failed.body)).toBeLessThan(strength(second.body));
    for (const r of [first, second, failed]) {
      expect(strength(r.body)).toBeGreaterThanOrEqual(0);
      expect(strength(r.body)).toBeLessThanOrEqual(1);
    }
    for (const e of examples("outcome_report")) {
      const { solution_id: _, ...rest } = e as Record<string, unknown>;
      expect((await post(colony.url, `/v1/trails/${trailId}/outcomes`, rest)).status).toBe(202);
    }
  });

  it("refuses a solution_id naming another trail, and an invalid report, with details", async () => {
    const other = "11111111-2222-4333-8444-555555555555";
    const wrong = await post(
      colony.url,
      `/v1/trails/${trailId}/outcomes`,
      report("worked", { solution_id: other }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      error: { code: "invalid_trail", details: [{ path: "/solution_id" }] },
    });
    const bad = await post(colony.url, `/v1/trails/${trailId}/outcomes`, report("great", { extra: 1 }));
    expect(bad.status).toBe(400);
    const paths = (bad.body as { error: { details: { path: string }[] } }).error.details.map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(["/outcome", ""]));
  });
});
