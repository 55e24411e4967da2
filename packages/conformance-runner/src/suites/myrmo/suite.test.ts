import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import { conform } from "../../conform.js";

const root = join(import.meta.dirname, "..", "..", "..", "..", "..");
const colonyBin = join(root, "packages", "reference", "dist", "bin", "colony.js");
const fakeBase = join(root, "conformance", "myrmo", "fakes", "_colony.mjs");
const scratch = mkdtempSync(join(tmpdir(), "keel-myrmo-suite-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const small = { own: { "max-requests": 32 }, timeouts: { idleMs: 10_000, capMs: 30_000 } };

describe("keel conform myrmo", () => {
  it("checks a running colony by URL and skips durability with the reason", async () => {
    const child = spawn(
      process.execPath,
      [colonyBin, "--port", "0", "--db", ":memory:", "--log-level", "silent"],
      {
        stdio: ["ignore", "pipe", "ignore"],
      },
    );
    try {
      const url = await new Promise<string>((resolve) =>
        createInterface({ input: child.stdout }).once("line", resolve),
      );
      const report = await conform({ suite: "myrmo", target: url, ...small });
      const durable = report.checks.find((c) => c.name === "myrmo/durable-after-kill");
      expect(durable?.status).toBe("skip");
      expect(durable?.reason).toMatch(/URL target/);
      expect(report.checks.filter((c) => c.status === "fail")).toEqual([]);
      const load = report.checks.find((c) => c.name === "myrmo/load-nothing-lost");
      expect(load?.actual).toMatch(/^32 publishes by 16 writers: 32 accepted, 0 retried .* p50 .* p99/);
    } finally {
      child.kill();
    }
  });

  it("refuses a command without {port}", async () => {
    await expect(conform({ suite: "myrmo", target: `node ${colonyBin}` })).rejects.toThrow(
      /with \{port\} in it/,
    );
  });

  it("says could not start when the command exits before answering", async () => {
    const target = `node -e "process.stderr.write('no database'); process.exit(3)" -- --port {port}`;
    const report = await conform({ suite: "myrmo", target });
    expect(report.couldNotStart).toMatch(/could not be started.*code 3.*no database/s);
    expect(report.passed).toBe(false);
  });

  it("warns, not fails, when a colony accepts what only keel's schema refuses", async () => {
    // upstream bounds protocol_version by its pattern only: this colony takes a long 1.x label
    const lenient = join(scratch, "lenient.mjs");
    writeFileSync(
      lenient,
      `import { fakeColony, jsonAnswer } from ${JSON.stringify(fakeBase)};
await fakeColony({
  onAnswer: (req, a) =>
    req.path.endsWith("/outcomes") && a.status === 400 && req.text.includes('"1.000000000')
      ? jsonAnswer(202, { strength: 0.5 }, a.headers)
      : a,
});
`,
    );
    const target = `node ${lenient} --port {port} --db {dir}/c.sqlite`;
    const report = await conform({ suite: "myrmo", target, ...small });
    const invalid = report.checks.find((c) => c.name === "myrmo/outcome-invalid");
    expect(invalid?.status).toBe("pass");
    expect(invalid?.warnings?.join("\n")).toMatch(
      /maxlength-protocol-version.json accepted: .*16 characters/,
    );
    expect(report.passed).toBe(true);
  });

  it("retries a 429 or 503 after its Retry-After under load, counted, not failed", async () => {
    const busy = join(root, "conformance", "myrmo", "fakes", "_busy.mjs");
    const report = await conform({
      suite: "myrmo",
      target: `node ${busy} --port {port} --db {dir}/c.sqlite`,
      ...small,
      own: { "max-requests": 96 },
    });
    expect(report.checks.filter((c) => c.status !== "pass").map((c) => `${c.name}: ${c.reason}`)).toEqual([]);
    const load = report.checks.find((c) => c.name === "myrmo/load-nothing-lost");
    expect(load?.actual).toMatch(/96 accepted, [1-9][0-9]* retried/);
  });

  it("blocks by --timeout, never fails, the checks whose answers keel stopped waiting for", async () => {
    // a correct colony whose outcome route answers after keel's one-second wait: slow is not wrong
    const slow = join(scratch, "slow-outcomes.mjs");
    writeFileSync(
      slow,
      `import { fakeColony } from ${JSON.stringify(fakeBase)};
await fakeColony({
  onRequest: async (req) => {
    if (req.path.endsWith("/outcomes")) await new Promise((r) => setTimeout(r, 3000));
    return undefined;
  },
});`,
    );
    const report = await conform({
      suite: "myrmo",
      target: `node ${slow} --port {port} --db {dir}/c.sqlite`,
      own: { "max-requests": 32 },
      timeouts: { idleMs: 1000, capMs: 30_000 },
    });
    expect(report.checks.filter((c) => c.status === "fail").map((c) => `${c.name}: ${c.reason}`)).toEqual([]);
    expect(report.passed).toBe(false);
    for (const name of ["myrmo/outcome-accepted", "myrmo/outcome-invalid"]) {
      const c = report.checks.find((c) => c.name === name);
      expect(c).toMatchObject({ status: "blocked", blockedBy: "--timeout" });
      expect(c?.reason).toMatch(/no response within 1000 ms: keel stopped waiting.*raise --timeout/);
    }
  });
});
