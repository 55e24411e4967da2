import { afterAll, describe, expect, it } from "vitest";
import { call, examples, post, startColony, tempDir } from "./harness.js";

const tmp = tempDir();
afterAll(() => tmp.remove());

const trail = examples("trail")[0] as Record<string, unknown>;
const variant = (i: number) => ({ ...trail, tags: [`burst-${i}`] });

describe("durability", () => {
  it.each(["full", "normal"])(
    "keeps every accepted trail across a SIGKILL right after a burst of 202s and a restart (--sync %s)",
    async (sync) => {
      const db = `${tmp.dir}/kill-${sync}.sqlite`;
      const first = await startColony(db, ["--log-level", "warn", "--sync", sync]);
      const replies = await Promise.all(
        Array.from({ length: 60 }, (_, i) => post(first.url, "/v1/trails", variant(i))),
      );
      expect(await first.stop("SIGKILL")).toBe("SIGKILL");
      const accepted = replies.map((r, i) => ({
        i,
        status: r.status,
        id: (r.body as { trail_id: string }).trail_id,
      }));
      expect(accepted.every((a) => a.status === 202)).toBe(true);
      const second = await startColony(db, ["--log-level", "warn"]);
      try {
        for (const a of accepted) {
          const got = await call(`${second.url}/v1/trails/${a.id}`, "GET");
          expect(got.status).toBe(200);
          expect((got.body as { trail: unknown }).trail).toEqual(variant(a.i));
        }
      } finally {
        await second.stop();
      }
    },
    60_000,
  );

  it("shuts down gracefully on SIGTERM: in-flight publishes are answered and kept, exit 0", async () => {
    const db = `${tmp.dir}/term.sqlite`;
    const colony = await startColony(db);
    const inflight = Array.from({ length: 20 }, (_, i) => post(colony.url, "/v1/trails", variant(i)));
    await new Promise((r) => setTimeout(r, 5));
    colony.child.kill("SIGTERM");
    const replies = await Promise.allSettled(inflight);
    expect(await colony.exited).toBe(0);
    const msgs = colony.stderr.map((l) => JSON.parse(l).msg);
    expect(msgs).toEqual(expect.arrayContaining(["listening", "stopping", "stopped"]));
    const ids = replies.flatMap((r) =>
      r.status === "fulfilled" && r.value.status === 202
        ? [(r.value.body as { trail_id: string }).trail_id]
        : [],
    );
    const again = await startColony(db, ["--log-level", "warn"]);
    try {
      for (const id of ids) expect((await call(`${again.url}/v1/trails/${id}`, "GET")).status).toBe(200);
    } finally {
      await again.stop();
    }
  });

  it("refuses bad arguments with exit 2 and a usage line", async () => {
    await expect(startColony(`${tmp.dir}/x.sqlite`, ["--port", "nope"])).rejects.toThrow(
      /exited \(2\).*--port/s,
    );
    await expect(startColony(`${tmp.dir}/x.sqlite`, ["--sync", "fast"])).rejects.toThrow(
      /exited \(2\).*--sync/s,
    );
    await expect(startColony(`${tmp.dir}/no/such/dir/x.sqlite`)).rejects.toThrow(
      /exited \(2\).*cannot open the database/s,
    );
  });
});
