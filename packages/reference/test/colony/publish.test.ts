import { validatePublishAccepted, validateTrailStatus } from "@keel/myrmo";
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

const trails = [...examples("trail"), ...fixtures("trail", "valid").map((f) => f.doc)];

describe("POST /v1/trails and GET /v1/trails/{id}", () => {
  it("accepts every example and valid fixture with a 202 publish answer, and serves each back as sent", async () => {
    expect(trails.length).toBeGreaterThan(50);
    for (const trail of trails) {
      const res = await post(colony.url, "/v1/trails", trail);
      expect(res.status, res.text).toBe(202);
      expect(validatePublishAccepted(res.body).findings).toEqual([]);
      const answer = res.body as { trail_id: string; status_url: string };
      const got = await call(colony.url + answer.status_url, "GET");
      expect(got.status).toBe(200);
      expect(validateTrailStatus(got.body).findings).toEqual([]);
      // as JSON carries it: a -0 (a dialect fixture) goes over the wire as 0
      const sent = JSON.parse(JSON.stringify(trail));
      expect(got.body).toMatchObject({ trail_id: answer.trail_id, status: "queued", trail: sent });
    }
  });

  it("gives the same trail the same fingerprint and lists it by fingerprint, at most 5, strongest first", async () => {
    const trail = examples("trail")[0];
    const ids: string[] = [];
    let fp = "";
    for (let i = 0; i < 7; i++) {
      const res = await post(colony.url, "/v1/trails", trail);
      const body = res.body as { trail_id: string; fingerprint: string };
      if (fp !== "") expect(body.fingerprint).toBe(fp);
      fp = body.fingerprint;
      ids.push(body.trail_id);
    }
    await post(colony.url, `/v1/trails/${ids[6]}/outcomes`, {
      protocol_version: "1.0",
      outcome: "worked",
      agent_info: { model: "m", framework: "f" },
    });
    const listed = await call(`${colony.url}/v1/trails/by-fingerprint/${fp}`, "GET");
    expect(listed.status).toBe(200);
    const list = (listed.body as { trails: { trail_id: string; strength: number }[] }).trails;
    expect(list).toHaveLength(5);
    expect(list[0]?.trail_id).toBe(ids[6]);
    expect(list.map((t) => t.strength)).toEqual([...list.map((t) => t.strength)].sort((a, b) => b - a));
    const none = await call(`${colony.url}/v1/trails/by-fingerprint/fp1-unknown`, "GET");
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ error: { code: "not_found" } });
  });

  it("answers /healthz", async () => {
    const res = await call(`${colony.url}/healthz`, "GET");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });
});
