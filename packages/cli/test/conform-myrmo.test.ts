import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runMain as keel, repoRoot } from "./harness.js";

const colony = `node ${join(repoRoot, "packages", "reference", "dist", "bin", "colony.js")} --log-level silent --port {port} --db {dir}/c.sqlite`;

describe("keel conform myrmo", () => {
  it("passes the reference colony with its golden exchanges, the load bounded by --max-requests", async () => {
    const r = await keel([
      ...["conform", "myrmo", "--target", colony, "--golden", "conformance/myrmo/exchanges"],
      ...["--max-requests", "48", "--format", "json"],
    ]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.counts).toEqual({ pass: 24, fail: 0, warn: 0, skip: 0, blocked: 0, xfail: 0 });
    const load = report.checks.find((c: { name: string }) => c.name === "myrmo/load-nothing-lost");
    expect(load.actual).toMatch(/^48 publishes by 16 writers: 48 accepted/);
  });

  it("lists its own options and what keel record myrmo takes under --requirements", async () => {
    const r = await keel(["conform", "myrmo", "--requirements"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /options of the myrmo suite:\n {2}--max-requests +send at most n publishes .*\(default 800\)/,
    );
    expect(r.out).toMatch(/keel record myrmo also takes:\n {2}--listen +record as a reverse proxy/);
  });

  it("exits 2 on a bad --max-requests or --listen (the suite's own options), saying so in one line", async () => {
    const requests = await keel(["conform", "myrmo", "--target", colony, "--max-requests", "0"]);
    expect([requests.code, requests.err]).toEqual([
      2,
      "keel: expected --max-requests to be a positive integer, found 0\n",
    ]);
    const listen = await keel(["record", "myrmo", "--target", colony, "--out", "x", "--listen", "http"]);
    expect([listen.code, listen.err]).toEqual([
      2,
      "keel: expected --listen to be a port (0 to 65535), found http\n",
    ]);
  });
});
