import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { repoRoot } from "./harness.js";

// A sixth (and seventh) protocol onboarded end to end, as a maintainer would, in a temporary copy of the
// repository (the checkout's files, installed from the pnpm store and built): keel new, pnpm install and
// build of the new package, keel validate with both engines on its fixtures, compat and bump.

const FEED = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $defs: {
    FeedItem: { anyOf: [{ $ref: "#/$defs/Post" }, { $ref: "#/$defs/Link" }] },
    Post: {
      type: "object",
      required: ["kind", "author", "body"],
      properties: {
        kind: { const: "post" },
        author: { type: "string", format: "email" },
        body: { type: "string", format: "byte" },
        profile: { $ref: "#/$defs/AuthorSchema" },
        // inline object branches: a union, not one all-optional type
        attachment: {
          oneOf: [
            {
              type: "object",
              required: ["kind", "url"],
              properties: { kind: { const: "image" }, url: { type: "string" } },
            },
            {
              type: "object",
              required: ["kind", "seconds"],
              properties: { kind: { const: "audio" }, seconds: { type: "number" } },
            },
          ],
        },
        // recursion through a definition-level union (zod emits FeedItem after Post and Link)
        replies: { type: "array", items: { $ref: "#/$defs/FeedItem" } },
      },
    },
    // a definition ending in Schema: type Author, zod AuthorSchema (never AuthorSchemaSchema)
    AuthorSchema: { type: "object", properties: { name: { type: "string" } } },
    Link: {
      type: "object",
      required: ["kind", "href"],
      properties: {
        kind: { const: "link" },
        href: { type: "string", format: "uri-template" },
        // recursion through an inline union
        embed: { anyOf: [{ $ref: "#/$defs/Post" }, { $ref: "#/$defs/Link" }] },
      },
    },
  },
};

let copy = "";
const run = (cmd: string, args: string[], cwd = copy) =>
  spawnSync(cmd, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", TURBO_TELEMETRY_DISABLED: "1" },
  });
const keel = (...args: string[]) => run("node", [join(copy, "packages/cli/dist/bin.js"), ...args]);
const registry = () => JSON.parse(readFileSync(join(copy, "schemas/registry.json"), "utf8"));

beforeAll(() => {
  copy = tempDir("keel-new-e2e-");
  // the checkout's files as git sees them (tracked and new, not ignored), so no build output or node_modules
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: repoRoot,
  });
  const tar = execFileSync("tar", ["--null", "-T", "-", "-cf", "-"], {
    cwd: repoRoot,
    input: files,
    maxBuffer: 1 << 30,
  });
  execFileSync("tar", ["-xf", "-"], { cwd: copy, input: tar });
  expect(run("pnpm", ["install", "--frozen-lockfile", "--offline"]).status).toBe(0);
  expect(run("pnpm", ["build"]).status).toBe(0);
});

describe("keel new: a protocol with unions, recursion and formats byte, uri-template, email", () => {
  it("scaffolds, installs, builds and validates with both engines alike", () => {
    writeFileSync(join(copy, "feed.schema.json"), JSON.stringify(FEED, null, 4));
    const made = keel("new", "feed", "--schema", "feed.schema.json", "--title", "Feed");
    expect(made.stderr.split("\n").filter((l) => l.startsWith("keel:"))).toEqual([]);
    expect(made.status).toBe(0);
    expect(made.stdout).toMatch(/^keel new: feed 1\.0, 1 document types \(feed_item\)/);
    expect(registry().protocols.feed.released.map((r: { version: string }) => r.version)).toEqual(["1.0"]);
    // formatting normalised, content unchanged
    expect(readFileSync(join(copy, "schemas/feed/feed.schema.json"), "utf8")).toBe(
      `${JSON.stringify(FEED, null, 2)}\n`,
    );
    expect(run("pnpm", ["install", "--offline", "--no-frozen-lockfile"]).status).toBe(0);
    const build = run("pnpm", ["--filter", "@keel/feed", "build"]);
    expect(build.stdout + build.stderr).not.toMatch(/error TS/);
    expect(build.status).toBe(0);
    const generated = join(copy, "packages/protocol-feed/src/generated");
    const types = readFileSync(join(generated, "types.gen.ts"), "utf8");
    expect(types).toContain("export type LinkEmbed = Post | Link;");
    expect(types).toContain("export type PostAttachment = PostAttachment1 | PostAttachment2;");
    expect(types).toMatch(/export type Author = \{/);
    for (const file of readdirSync(generated))
      expect(readFileSync(join(generated, file), "utf8"), file).not.toMatch(/SchemaSchema/);

    const fixtures = join(copy, "conformance/feed/fixtures/feed_item");
    expect(readdirSync(join(fixtures, "invalid")).length).toBeGreaterThan(0);
    for (const engine of ["ajv", "zod"]) {
      const valid = keel(
        "validate",
        "feed",
        "--type",
        "feed_item",
        "--engine",
        engine,
        join(fixtures, "valid"),
      );
      expect(valid.status, `${engine}: ${valid.stdout}`).toBe(0);
      for (const file of readdirSync(join(fixtures, "invalid"))) {
        const r = keel(
          "validate",
          "feed",
          "--type",
          "feed_item",
          "--engine",
          engine,
          join(fixtures, "invalid", file),
        );
        expect(r.status, `${engine} ${file}`).toBe(1);
      }
    }
  });

  it("gates and releases its next minor", () => {
    expect(keel("compat", "feed", "--bump", "auto").status).toBe(0);
    const schema = JSON.parse(readFileSync(join(copy, "schemas/feed/feed.schema.json"), "utf8"));
    schema.$defs.Link.properties.title = { type: "string" };
    writeFileSync(join(copy, "schemas/feed/feed.schema.json"), `${JSON.stringify(schema, null, 2)}\n`);
    expect(keel("compat", "feed", "--bump", "auto").status).toBe(1);
    const bumped = keel("bump", "feed", "minor");
    expect(bumped.status, bumped.stdout + bumped.stderr).toBe(0);
    expect(registry().protocols.feed.version).toBe("1.1");
  });
});

describe("keel new: a date-versioned protocol", () => {
  it("gets its first release named by its date, and its next by --to, gated like a major", () => {
    const schema = {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: { a: { type: "string" } },
    };
    writeFileSync(join(copy, "dated-2025-06-18.json"), JSON.stringify(schema));
    const made = keel("new", "dated", "--schema", "dated-2025-06-18.json");
    expect(made.status, made.stderr).toBe(0);
    expect(registry().protocols.dated.version).toBe("2025-06-18");
    expect(registry().protocols.dated.released.map((r: { version: string }) => r.version)).toEqual([
      "2025-06-18",
    ]);
    // a breaking change: a date release is a major, so it fits
    const file = join(copy, "schemas/dated/dated-2025-06-18.json");
    writeFileSync(file, `${JSON.stringify({ ...schema, required: ["a"] }, null, 2)}\n`);
    const minor = keel("bump", "dated", "minor");
    expect(minor.status).toBe(2);
    expect(minor.stderr).toMatch(/--to <date>/);
    const next = keel("bump", "dated", "--to", "2025-11-25");
    expect(next.status, next.stdout + next.stderr).toBe(0);
    expect(registry().protocols.dated.version).toBe("2025-11-25");
    expect(keel("bump", "dated", "--to", "2025-01-01").status).toBe(2);
  });
});
